"""The Hussars full-game experiment contract: chunks add up, workers do not matter, paired variants share their
games, the five shipped studies load, and bad input is one line with exit code 2."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.config import CONFIG_DIR, read_yaml
from sim.errors import ConfigError
from sim.experiments import RUN_KEYS, run_experiment
from sim.games.hussars import experiment, tally
from sim.games.hussars.game.ruleset import load_game_rules
from sim.rng import experiment_key

STUDIES = ("family-balance", "rounds", "battle-rules", "tatars", "titles")
BASE = {"engine": "reference"}


def payload(**keys):
    return experiment.experiment_from_dict({**BASE, **keys}, "test.yaml")


def test_chunks_add_up_to_the_whole():
    ex = payload()
    key = experiment_key(5)
    whole, rows = experiment.play_chunk(ex, key, 0, 12, True)
    a, rows_a = experiment.play_chunk(ex, key, 0, 5, True)
    b, rows_b = experiment.play_chunk(ex, key, 5, 7, True)
    for name in whole:
        assert np.array_equal(whole[name], a[name] + b[name]), name
    for name in rows:
        assert list(rows[name]) == list(rows_a[name]) + list(rows_b[name]), name


def test_workers_and_chunking_do_not_change_the_table():
    raw = {"game": "hussars"}  # the compiled engine: workers load it from numba's cache
    runs = [run_experiment(raw, games=200, seed=4, workers=1, chunk=200, keep_rows=True),
            run_experiment(raw, games=200, seed=4, workers=2, chunk=37, keep_rows=True)]  # fmt: skip
    first, second = runs[0].to_json(), runs[1].to_json()
    for timing in ("seconds", "startup_seconds"):
        first.pop(timing, None), second.pop(timing, None)
    assert first == second
    assert runs[0].rows.equals(runs[1].rows)


def test_rotation_covers_every_seat_and_plan():
    ex = payload()
    seen = set()
    for game in range(16):
        families, plans = experiment.seating(ex, game)
        for seat in range(4):
            seen.add((families[seat], seat, plans[seat]))
    fam_seat = {(f, s) for f, s, _ in seen}
    fam_plan = {(f, p) for f, _, p in seen}
    assert len(fam_seat) == 16 and len(fam_plan) == 16


def test_identical_variants_are_the_same_games():
    """A paired study plays each game under each variant on the same stream: two identical variants agree exactly."""
    ex = payload(compare={"a": {}, "b": {}})
    counts, _ = experiment.play_chunk(ex, experiment_key(8), 0, 8, False)
    m = experiment.summarize(counts, 8, ex)
    for change in m["paired"]["b"]["plan_win_rate_change"].values():
        assert change["change"] == 0 and change["ci95"] == [0.0, 0.0]
    assert m["variants"]["a"]["win_rate"] == m["variants"]["b"]["win_rate"]


def test_variants_differ_where_they_should():
    ex = payload(compare={"short": {"rounds": 2}, "long": {"rounds": 3}})
    rows = experiment.reference_rows(ex, experiment_key(2), 0, 6)
    assert set(rows[:, 0, tally.COL["rounds"]]) == {2} and set(rows[:, 1, tally.COL["rounds"]]) == {3}
    income = [rows[:, v, tally.COL["s0_income"]].sum() for v in range(2)]
    assert income[1] > income[0]  # one more Harvest


def test_metrics_schema():
    r = run_experiment({"game": "hussars", **BASE}, games=8, seed=1)
    m = r.metrics
    assert set(m["battles"]) == {"kinds", "per_game", "attacker_win_rate", "attacker_win_rate_ci95",
                                 "units_lost_per_game"}  # fmt: skip
    assert set(m["battles"]["units_lost_per_game"]) == {"attacker", "defender"}
    assert abs(sum(m["win_rate"].values()) - 1) < 1e-9
    for key in ("income_per_harvest", "upkeep_per_harvest", "deficit_per_game", "crimes_per_game"):
        assert set(m["economy"][key]) == set(m["factions"])
    json.dumps(r.to_json())


@pytest.mark.parametrize("study", STUDIES)
def test_shipped_studies_load(study):
    raw = read_yaml(CONFIG_DIR / "hussars" / "experiments" / f"{study}.yaml")
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    ex = experiment.experiment_from_dict(body, study)
    assert len(ex.variants) >= (1 if study == "family-balance" else 2)


def _one_line_error(argv, capsys, *needles):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("error:") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, err
    return err


@pytest.fixture
def study(tmp_path):
    def write(**keys):
        path = tmp_path / "study.yaml"
        path.write_text(json.dumps({"game": "hussars", "games": 2, **keys}))
        return str(path)

    return write


def test_bad_family_plan_key_and_rounds(study, capsys):
    _one_line_error(["run", study(families=["ostrogski", "zamoyski", "korecki", "danilowicz"])], capsys,
                    "families[1]", "zamoyski")  # fmt: skip
    _one_line_error(["run", study(plans=["economic", "pirate", "political", "raider"])], capsys, "plans[1]", "pirate")
    _one_line_error(["run", study(rounds=4)], capsys, "rounds", "2 or 3")
    _one_line_error(["run", study(history=True)], capsys, "history", "principes")
    _one_line_error(["run", study(titles={"marshal": 1})], capsys, "titles.marshal")


def test_bad_rules_overrides(study, capsys):
    _one_line_error(["run", study(), "--set", "recruit.cost.cossack=-1"], capsys, "recruit.cost.cossack", "≥ 0")
    _one_line_error(["run", study(), "--set", "fields.a3.name=radomysl"], capsys, "fields.a3.name", "radomysl")
    _one_line_error(["run", study(), "--set", "fields.a1.neighbours=[b2, c5]"], capsys, "neighbours")


def test_a_map_that_is_not_connected():
    """Cut the Black Trail and the western Wild Fields off the rest of the map, keeping the borders symmetric."""
    cut = {
        "fields.sz1.neighbours": ["sz2", "a14"], "fields.sz2.neighbours": ["sz1", "a14"],
        "fields.b11.neighbours": ["b9", "c10", "c12"], "fields.c12.neighbours": ["c10", "b11", "d11", "d12", "d13"],
        "fields.d13.neighbours": ["c12", "d12", "d14", "e12"], "fields.d14.neighbours": ["d13", "e14"],
    }  # fmt: skip
    with pytest.raises(ConfigError, match="connected"):
        load_game_rules(cut)


def test_other_game_key_in_compare(study, capsys):
    _one_line_error(["run", study(compare={"a": {}, "b": {"players": 3}})], capsys, "compare.b.players")


def test_report_compare_sweep_and_save_take_the_studies(tmp_path, capsys):
    """``sim report``, ``sim compare``, ``sim sweep`` and ``sim run --save`` on the shipped files: the report shows
    the game's own tables, the saved rows are one per game with every seat's family, plan and VP by category."""
    import polars as pl

    path = str(CONFIG_DIR / "hussars" / "experiments")
    main(["report", f"{path}/titles.yaml", "--games", "40", "-o", str(tmp_path / "rep")])
    text = (tmp_path / "rep" / "report.md").read_text()
    for heading in ("Economy and law by family", "Battles by kind", "Paired win-rate changes"):
        assert heading in text
    main(["compare", f"{path}/family-balance.yaml", "--set", "events.deck.besh_bash=4", "--games", "40"])
    assert "events.deck.besh_bash = 4" in capsys.readouterr().out
    main(["sweep", f"{path}/family-balance.yaml", "--param", "rounds=2,3", "--metric", "win_rate.ostrogski",
          "--games", "20", "-o", str(tmp_path / "sw")])  # fmt: skip
    assert (tmp_path / "sw" / "sweep.csv").exists()
    main(["run", f"{path}/rounds.yaml", "--games", "30", "--save", str(tmp_path / "save")])
    rows = pl.read_parquet(tmp_path / "save" / "games.parquet")
    assert rows.height == 30
    for col in ("winner", "seat0_faction", "seat0_plan", "seat0_vp", "seat0_estates", "battles_tatars", "v1_seat0_vp"):
        assert col in rows.columns, col
