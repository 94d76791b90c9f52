"""Dark Ages in sim tune and sim balance: the Rulers are the factions, each seated with a plan (``seats:``); the
payoff table's groups are the Rulers who sit together, with their exact share of games; mixed seats replay
independently of the workers; a tiny tuning and a one-round balance run end to end, and the equilibrium file
replays the reported numbers."""

import json
import math

import pytest
import yaml

from sim.balance.games import adapter
from sim.cli import main
from sim.config import CONFIG_DIR
from sim.experiments import RUN_KEYS, load_experiment, run_experiment
from sim.games.dark_ages import experiment

STUDY = str(CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance-3p.yaml")
BASE = ["conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
        "pandulf_ironhead", "gero_the_great"]  # fmt: skip
MIXED = {"game": "dark_ages", "players": 3,
         "seats": {r: {"mix": {"culture": 0.7, "military": 0.3}} if k % 2 else "expansion"
                   for k, r in enumerate(BASE)}}  # fmt: skip


def test_the_study_seats_the_seven_base_rulers_at_three_players():
    body = {k: v for k, v in load_experiment(STUDY).items() if k not in RUN_KEYS}
    field, plans = adapter("dark_ages", STUDY).field(body, STUDY)
    e = experiment.experiment_from_dict(body, STUDY)
    assert field.factions == e.rulers and sorted(e.rulers) == sorted(BASE) and e.players == (3,) and not e.modules
    assert set(plans) <= {"expansion", "culture", "military"} and all(p.space is not None for p in plans.values())
    assert e.engine == "fast"


@pytest.mark.parametrize("tables", ["rotation", "every"])
@pytest.mark.parametrize(("players", "rulers"), [([3], BASE), ([2, 3], BASE[:4]), ([2, 4, 3], BASE[:6])])
def test_groups_are_the_rulers_who_sit_together_with_their_share_of_games(players, rulers, tables):
    """Counted over one period of the seating, as the experiment seats them: with the rotation, 2 and 3 players
    and 4 Rulers, the 2-player games only ever seat windows 0 and 2; ``tables: every`` seats every set."""
    body = {"players": players, "rulers": rulers, "tables": tables, "seats": dict.fromkeys(rulers, "culture")}
    groups = {frozenset(g): share for g, share in adapter("dark_ages", "t").groups(body)}
    assert sum(groups.values()) == pytest.approx(1.0)
    e = experiment.experiment_from_dict(body, "t")
    n = 12 * len(players) * len(rulers) if tables == "rotation" else len(players) * math.perm(len(rulers), 4) * 2
    seen: dict = {}
    for i in range(n):
        group = frozenset(experiment.seating(e, i)[0])
        seen[group] = seen.get(group, 0) + 1 / n
    assert seen.keys() == groups.keys()
    for g, share in seen.items():
        assert groups[g] == pytest.approx(share)


def test_every_table_cells_play_fewer_games_for_the_same_precision():
    """At 3 players of 7 over every table a Ruler sits in 15 of the 35 groups, and each cell plays 161 games for the
    same ±2 points on the Ruler's payoff (the default --precision, 2,401 games a cell for one group); 801 over the
    fixed cycle of 7 tables, where a Ruler sits in 3."""
    from sim.balance.payoff import cell_games, group_games

    every = str(CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance-3p-every.yaml")
    body = {k: v for k, v in load_experiment(every).items() if k not in RUN_KEYS}
    groups = adapter("dark_ages", every).groups(body)
    assert len(groups) == 35 and all(sum(r in g for g, _ in groups) == 15 for r in BASE)
    games = group_games(groups, 0.02)
    assert cell_games(0.02) == 2401 and set(games.values()) == {161}
    body = {k: v for k, v in load_experiment(STUDY).items() if k not in RUN_KEYS}  # the fixed cycle of 7 tables
    assert set(group_games(adapter("dark_ages", STUDY).groups(body), 0.02).values()) == {801}


def test_a_group_body_seats_only_its_rulers():
    a = adapter("dark_ages", "t")
    body = {"players": 3, "seats": dict.fromkeys(BASE, "culture")}
    group = tuple(BASE[2:5])
    e = experiment.experiment_from_dict(a.group_body(body, group), "t")
    assert e.rulers == group and e.players == (3,) and set(e.seats) == set(group)


def test_mixed_seats_replay_the_same_whatever_the_workers():
    one = run_experiment(MIXED, games=350, seed=5, workers=1, chunk=100)
    two = run_experiment(MIXED, games=350, seed=5, workers=2, chunk=150)
    assert one.metrics == two.metrics
    matrix = one.metrics["plan_matrix"]
    assert set(matrix) == {"expansion", "culture", "military"} and "conrad_the_red" not in matrix["culture"]
    share = matrix["culture"]["arnulf_the_bad"]["games"] / (350 * 3 / 7)
    assert abs(share - 0.7) < 0.13  # the mixture's weight, within 3 standard errors of 150 games
    assert sum(one.metrics["win_type"].values()) == pytest.approx(1.0)


def test_the_direct_kernel_call_plays_the_games_of_one_call_per_run(monkeypatch):
    """The compiled engine takes each game's plans (``whole_table``); one ``play_chunk`` per run of games with the
    same plans gives the same counts."""
    from sim.balance import evaluate

    body = {k: v for k, v in MIXED.items() if k != "game"}
    field, plans = adapter("dark_ages", "t").field(body, "t")
    payload = evaluate.field_payload("dark_ages", body, field, plans)
    key = 0x5EED
    whole, rows = evaluate.field_chunk(payload, key, 10, 120, True)
    monkeypatch.setattr(type(adapter("dark_ages", "t")), "whole_table", False)
    runs, rows_runs = evaluate.field_chunk(payload, key, 10, 120, True)
    for name in whole:
        assert whole[name].tolist() == runs[name].tolist(), name
    assert all(rows[k].tolist() == rows_runs[k].tolist() for k in rows)


def test_a_dark_ages_experiment_without_seats_says_so_in_one_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["tune", str(CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance.yaml"), "--seat", "tomislav",
              "--no-progress"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "seats: expected seats: {ruler: plan}" in err, err


def test_tune_a_ruler_and_seat_the_written_plan(tmp_path, capsys):
    out = tmp_path / "tuned-boleslaus.yaml"
    main(["tune", STUDY, "--seat", "boleslaus_the_cruel", "--budget", "900", "--holdout", "300", "--candidates", "3",
          "--seed", "2", "--out", str(out), "--json", "--no-progress"])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    for key in ("baseline_win_rate", "tuned_win_rate", "gain", "gain_ci95", "holdout_games", "budget", "seconds"):
        assert key in body
    assert body["base_plan"] == "culture" and 0 < body["holdout_games"] <= 300  # a Ruler sits in 3 of 7 games
    assert body["gain"] == pytest.approx(body["tuned_win_rate"] - body["baseline_win_rate"], abs=1e-5)  # JSON: 6 digits
    plan = yaml.safe_load(out.read_text())
    assert plan["uses"] == "culture" and set(plan["params"]) >= {"attack_margin", "reactions", "card_types"}
    raw = load_experiment(STUDY)
    r = run_experiment({**raw, "seats": {**raw["seats"], "tomislav": str(out)}}, games=70, seed=1)
    assert r.metrics["strategy_matrix"]["tuned-boleslaus"]["tomislav"]["games"] == 30  # the file's stem is its label


def _four_rulers(tmp_path) -> str:
    """The study with its first 4 Rulers (4 groups of 3 at the table): the 7-Ruler table's equilibrium alone takes
    the solver some 15 s (3^7 profiles), so the default suite plays the smaller one and ``full`` the study."""
    raw = load_experiment(STUDY)
    path = tmp_path / "four-rulers.yaml"
    path.write_text(yaml.safe_dump({**raw, "rulers": BASE[:4], "seats": {r: raw["seats"][r] for r in BASE[:4]}}))
    return str(path)


@pytest.mark.parametrize("rulers", [pytest.param(7, marks=pytest.mark.full), 4])
def test_balance_one_round_and_the_equilibrium_replays(tmp_path, capsys, rulers):
    save, study = tmp_path / "run", STUDY if rulers == 7 else _four_rulers(tmp_path)
    main(["balance", study, "--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2",
          "--eval-games", "300", "--rounds", "1", "--seed", "3", "--save", str(save), "--json",
          "--no-progress"])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    assert sorted(body["factions"]) == sorted(BASE[:rulers])
    assert len(body["rounds"]) == 1 and body["rounds"][0]["cells"] == rulers * 27  # windows of 3 Rulers, 3 plans
    for f in BASE[:rulers]:
        assert abs(sum(body["equilibrium"][f].values()) - 1) < 1e-9
        assert set(body["equilibrium"][f]) <= {"expansion", "culture", "military"}
        lo, hi = body["win_rate_ci95"][f]
        assert lo <= body["win_rate"][f] <= hi and f in body["exploitability"] and f in body["rotated_win_rate"]
    assert sum(body["win_type"].values()) == pytest.approx(1.0)
    assert set(body["win_type"]) <= set(adapter("dark_ages", "t").win_types)
    eq = yaml.safe_load((save / "equilibrium.yaml").read_text())
    assert "rotate" not in eq and eq["players"] == 3
    replay = json.loads(_run_json(capsys, save / "equilibrium.yaml"))
    assert replay["win_rate"] == body["win_rate"] and replay["win_type"] == body["win_type"]


def _run_json(capsys, path) -> str:
    main(["run", str(path), "--json", "--no-progress"])
    return capsys.readouterr().out


def test_parameters_of_modules_left_off_are_not_searched():
    from sim.balance.space import parse_search

    a = adapter("dark_ages", "t")
    params = {"attack_margin": 2, "commander": "with_unit", "wyrd": "activate"}
    space = parse_search({"attack_margin": [0, 5], "commander": {"choice": ["with_unit", "alone", "never"]},
                          "wyrd": {"choice": ["activate", "remove"]}}, params, "t")  # fmt: skip
    assert a.relevant(space, {}).names == ("attack_margin",)
    on = a.relevant(space, {"modules": {"commanders": True, "wyrd": False}})
    assert set(on.names) == {"attack_margin", "commander"}
