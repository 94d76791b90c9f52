"""Winged Hussars in sim tune and sim balance: the families are the factions, each seated with a plan (``seats:``)
that it keeps while the families turn over the seats; the compiled engine takes each game's plans in one call and
plays the same games as one experiment per run of plans; tune and balance run end to end, replay the same for 1 and
2 workers, and the equilibrium file replays the reported numbers; bad input is one line with exit code 2."""

import json

import numpy as np
import pytest
import yaml

from sim.balance.games import adapter
from sim.cli import main
from sim.config import CONFIG_DIR
from sim.experiments import RUN_KEYS, load_experiment, run_experiment
from sim.games.hussars import experiment

STUDY = str(CONFIG_DIR / "hussars" / "experiments" / "family-plans.yaml")
FAMILIES = ["ostrogski", "wisniowiecki", "korecki", "danilowicz"]
MIXED = {"game": "hussars", "rounds": 2,
         "seats": {"ostrogski": {"mix": {"economic": 0.5, "raider": 0.5}}, "wisniowiecki": "military",
                   "korecki": {"mix": {"political": 0.7, "economic": 0.3}}, "danilowicz": "economic"}}  # fmt: skip


def test_the_study_seats_a_plan_per_family_with_its_search_space():
    body = {k: v for k, v in load_experiment(STUDY).items() if k not in RUN_KEYS}
    field, plans = adapter("hussars", STUDY).field(body, STUDY)
    assert field.factions == tuple(FAMILIES) and not field.rotate  # the plan follows the family
    assert set(plans) == {"economic"} and plans["economic"].space is not None
    for name in adapter("hussars", STUDY).builtin:
        plan = adapter("hussars", STUDY).plan(name, "t")
        assert plan.space is not None and set(plan.space.names) <= set(plan.params), name
    e = experiment.experiment_from_dict(body, STUDY)
    assert e.engine == "fast" and e.rotate == "seats"


def test_seats_turn_the_families_over_the_seats_and_each_keeps_its_plan():
    seats = {"ostrogski": "economic", "wisniowiecki": "military", "korecki": "political", "danilowicz": "raider"}
    e = experiment.experiment_from_dict({"seats": seats}, "t")
    where = {f: set() for f in FAMILIES}
    for game in range(16):
        families, plans = experiment.seating(e, game)
        for seat, (fam, plan) in enumerate(zip(families, plans, strict=True)):
            name = e.factions[e.family_ids.index(fam)]
            assert e.labels[plan] == seats[name]  # the plan never moves to another family
            where[name].add(seat)
    assert all(s == {0, 1, 2, 3} for s in where.values())  # every family sits in every seat
    fixed = experiment.experiment_from_dict({"seats": seats, "rotate": False}, "t")
    assert {tuple(experiment.seating(fixed, g)[0]) for g in range(8)} == {tuple(fixed.family_ids)}


def test_the_direct_kernel_call_plays_the_games_of_one_experiment_per_run(monkeypatch):
    """The compiled engine takes each game's plans (``whole_table``); one call per run of games with the same plans,
    and the game's own ``play_chunk`` on an experiment per profile, give the same counts and rows."""
    from sim.balance import evaluate

    a = adapter("hussars", "t")
    body = {k: v for k, v in MIXED.items() if k != "game"}
    field, plans = a.field(body, "t")
    payload = evaluate.field_payload("hussars", body, field, plans)
    whole, rows = evaluate.field_chunk(payload, 0x5EED, 10, 60, True)
    assert len(set(rows["plan_ostrogski"].tolist())) == 2  # the mixture draws both plans
    monkeypatch.setattr(type(a), "whole_table", False)
    runs, rows_runs = evaluate.field_chunk(payload, 0x5EED, 10, 60, True)
    monkeypatch.setattr(type(a), "runner", None)
    evaluate._runner.cache_clear()
    plain, rows_plain = evaluate.field_chunk(payload, 0x5EED, 10, 60, True)
    evaluate._runner.cache_clear()
    for other, other_rows in ((runs, rows_runs), (plain, rows_plain)):
        assert all(whole[k].tolist() == other[k].tolist() for k in whole)
        assert all(rows[k].tolist() == other_rows[k].tolist() for k in rows)
    assert whole["games"].tolist() == [60] * 4 and whole["wins"].sum() == 60  # one winner a game


def test_outcomes_name_the_winning_family_wherever_it_sits():
    """The engine's rows name the winner by seat; ``outcomes`` gives the family's column."""
    a = adapter("hussars", "t")
    e = experiment.experiment_from_dict({"seats": dict.fromkeys(FAMILIES, "economic")}, "t")
    rows = experiment.play_chunk(e, 7, 0, 8, True)[1]
    won, end, rounds = a.outcomes(rows, e, tuple(FAMILIES))
    seat = np.asarray(rows["winner_seat"])
    family = [FAMILIES.index(str(rows[f"seat{s}_faction"][g])) for g, s in enumerate(seat)]
    assert won.sum(axis=1).tolist() == [1] * 8 and won.argmax(axis=1).tolist() == family
    assert len(set(seat.tolist())) > 1  # the winners sat in different seats
    assert end.tolist() == np.asarray(rows["tie"]).tolist() and set(rounds.tolist()) == {2}


def test_mixed_seats_replay_the_same_whatever_the_workers():
    one = run_experiment(MIXED, games=300, seed=5, workers=1, chunk=100)
    two = run_experiment(MIXED, games=300, seed=5, workers=2, chunk=150)
    assert one.metrics == two.metrics
    matrix = one.metrics["plan_matrix"]
    share = matrix["political"]["korecki"]["games"] / 300
    assert abs(share - 0.7) < 0.08  # the mixture's weight, within 3 standard errors of 300 games
    assert set(matrix["raider"]) == {"ostrogski"} and sum(one.metrics["win_type"].values()) == pytest.approx(1.0)


def _tune(capsys, workers: int, out=None) -> dict:
    args = ["tune", STUDY, "--seat", "korecki", "--budget", "600", "--holdout", "200", "--candidates", "3", "--seed",
            "2", "--workers", str(workers), "--json", "--no-progress"]  # fmt: skip
    main(args + (["--out", str(out)] if out else []))
    body = json.loads(capsys.readouterr().out)
    body.pop("seconds")
    body.pop("out", None)
    return body


def test_tune_a_family_the_same_with_one_or_two_workers_and_seat_the_written_plan(tmp_path, capsys):
    out = tmp_path / "tuned-korecki.yaml"
    one = _tune(capsys, 1, out)
    assert one == _tune(capsys, 2)
    assert one["base_plan"] == "economic" and one["holdout_games"] == 200
    assert one["gain"] == pytest.approx(one["tuned_win_rate"] - one["baseline_win_rate"], abs=1e-5)
    plan = yaml.safe_load(out.read_text())
    assert plan["uses"] == "economic" and {"reserve", "province_max_price"} <= set(plan["params"])
    raw = load_experiment(STUDY)
    r = run_experiment({**raw, "seats": {**raw["seats"], "danilowicz": str(out)}}, games=40, seed=1)
    assert r.metrics["strategy_matrix"]["tuned-korecki"]["danilowicz"]["games"] == 40  # the file's stem labels it


def _balance(capsys, save, workers: int) -> dict:
    main(["balance", STUDY, "--budget", "200", "--candidates", "2", "--holdout", "100", "--precision", "0.25",
          "--eval-games", "200", "--rounds", "1", "--seed", "3", "--save", str(save), "--workers", str(workers),
          "--json", "--no-progress"])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    body.pop("seconds", None)
    body.pop("equilibrium_file", None)
    return body


def test_balance_one_round_the_same_with_two_workers_and_the_equilibrium_replays(tmp_path, capsys):
    body = _balance(capsys, tmp_path / "one", 1)
    assert body == _balance(capsys, tmp_path / "two", 2)
    assert body["factions"] == FAMILIES
    for f in FAMILIES:
        assert abs(sum(body["equilibrium"][f].values()) - 1) < 1e-9
        assert set(body["equilibrium"][f]) <= {"economic", "military", "political", "raider"} | {
            f"tuned-{g}-r1" for g in FAMILIES}  # fmt: skip
        lo, hi = body["win_rate_ci95"][f]
        assert lo <= body["win_rate"][f] <= hi and f in body["exploitability"]
    assert set(body["win_type"]) == {"most_vp", "tie_break"} and sum(body["win_type"].values()) == pytest.approx(1)
    eq = yaml.safe_load((tmp_path / "one" / "equilibrium.yaml").read_text())
    assert set(eq["seats"]) == set(FAMILIES) and "plans" not in eq
    main(["run", str(tmp_path / "one" / "equilibrium.yaml"), "--json", "--no-progress"])
    replay = json.loads(capsys.readouterr().out)
    assert replay["win_rate"] == body["win_rate"] and replay["win_type"] == body["win_type"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"plans": ["economic"] * 4}, "plans: expected seats: {family: plan}"),
        ({"seats": ["economic"] * 4}, "seats: expected a mapping {family: plan}"),
        ({"seats": {"ostrogski": "economic"}}, "seats: expected a plan for each of ostrogski"),
        ({"seats": {f: "shogun" for f in FAMILIES}}, "seats.ostrogski: expected a plan"),
        ({"compare": {"a": {"rounds": 2}, "b": {"rounds": 3}}}, "compare: expected seats: {family: plan}"),
    ],
)
def test_bad_balance_input_is_one_line(tmp_path, capsys, change, expected):
    raw = {**load_experiment(STUDY), **change}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(SystemExit) as exit_:
        main(["tune", str(path), "--seat", "korecki", "--budget", "600", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
