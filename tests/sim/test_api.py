"""The Python API: sim.run / sim.battle give pandas with decoded labels, the --json metrics and a report; armies
take the same flat form in every game."""

import json

import pandas as pd
import pytest

import sim
from sim.cli import main
from sim.config import CONFIG_DIR
from tests.reports.html_check import parse

BALANCE = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"
RULERS = CONFIG_DIR / "dark_ages" / "experiments" / "three-players.yaml"


@pytest.fixture(scope="module")
def study():
    return sim.run(BALANCE, games=200, seed=5)


def test_study_summary_rows_and_metrics(study, capsys):
    summary = study.summary
    assert isinstance(summary, pd.DataFrame) and set(summary["faction"]) == set(study.metrics["win_rate"])
    assert list(summary["win_rate"]) == sorted(summary["win_rate"], reverse=True)
    rows = study.rows
    assert isinstance(rows, pd.DataFrame) and len(rows) == 200
    for column in ("winner", "win_type", "strategy_masovia"):
        assert isinstance(rows[column].dtype, pd.CategoricalDtype), column
    assert set(rows["winner"].dropna()) <= set(study.metrics["factions"])
    assert set(rows["strategy_masovia"]) == set(study.metrics["strategies"])
    # the decoded winners reproduce the win rates, and the metrics are what --json prints
    for faction, p in study.metrics["win_rate"].items():
        assert (rows["winner"] == faction).mean() == pytest.approx(p)
    main(["run", str(BALANCE), "--games", "200", "--seed", "5", "--json", "--no-progress"])
    printed = json.loads(capsys.readouterr().out)
    timing = ("seconds", "startup_seconds")
    metrics = json.loads(json.dumps(study.metrics))
    shown = {k: v for k, v in printed.items() if k not in timing}
    assert shown == {k: v for k, v in metrics.items() if k not in timing}


def test_study_keywords_change_the_experiment_and_compare_pairs(study):
    history = sim.run(BALANCE, games=200, seed=5, history=True)
    assert history.result.extra["experiment"].history and not study.result.extra["experiment"].history
    table = study.compare(history)
    assert set(table["faction"]) == set(study.metrics["win_rate"]) and (table["games"] == 200).all()
    assert table["diff"].to_numpy() == pytest.approx((table["b"] - table["a"]).to_numpy())


def test_study_report(study, tmp_path):
    written = study.report(tmp_path)
    assert (tmp_path / "report.html") in written and parse(tmp_path / "report.html").images


def test_dark_ages_rows_name_rulers_and_strategies():
    d = sim.run(RULERS, games=30, seed=2)
    assert isinstance(d.rows["seat0_ruler"].dtype, pd.CategoricalDtype)
    assert set(d.rows["seat0_strategy"]) <= {"random_legal", "expansion", "culture", "military"}
    assert d.engine == "fast"


def test_flat_armies_in_every_game():
    keep = sim.battle("dark_ages", attacker={"cavalry": 2, "archer": 1}, attacker_tech={"cavalry": 2},
                      defender={"infantry": 3}, city=True, keep=2, exact=True, trials=20_000)  # fmt: skip
    nested = sim.battle("dark_ages", attacker={"units": {"cavalry": 2, "archer": 1}, "tech": {"cavalry": 2}},
                        defender={"units": {"infantry": 3}}, city=True, keep=2, exact=True, trials=20_000)  # fmt: skip
    assert keep.metrics == nested.metrics
    assert keep.result.scenario["attacker"] == {"units": {"cavalry": 2, "archer": 1}, "tech": {"cavalry": 2}}
    p = sim.battle("principes", attacker={"knight": 2}, defender={"knight": 1}, trials=20_000, seed=3)
    h = sim.battle("hussars", attacker={"winged_hussar": 1}, defender={"cossack": 2}, trials=20_000)
    assert 0 <= p.metrics["attacker_win"] <= 1 and 0 <= h.metrics["attacker_win"] <= 1


def test_battle_trials_are_decoded():
    h = sim.battle("hussars", attacker={"winged_hussar": 2, "pancerni": 2}, defender={"cossack": "2..4"},
                   trials=5_000, keep_trials=True)  # fmt: skip
    assert isinstance(h.trials["winner"].dtype, pd.CategoricalDtype)
    assert set(h.trials["winner"].cat.categories) == {"attacker", "defender", "nobody"}
    assert (h.trials["winner"] == "attacker").mean() == pytest.approx(h.metrics["attacker_win"])
    token = sim.battle(CONFIG_DIR / "dark_ages" / "battles" / "archer_vs_third_token.yaml", trials=5_000,
                       keep_trials=True)  # fmt: skip
    assert set(token.trials["variant"].astype(str)) <= {f"token_{i}" for i in range(1, 10)}


def test_battle_from_a_file_with_changes_and_report(tmp_path):
    storm = CONFIG_DIR / "principes" / "battles" / "knights-storm-castle.yaml"
    r = sim.battle(storm, trials=20_000, exact=True)
    assert r.n == 20_000 and r.seed == 1 and r.exact["attacker_win"] == pytest.approx(2 / 9)
    more = sim.battle(storm, trials=20_000, exact=True, attacker={"knight": 3, "footman": 1})
    assert more.exact["attacker_win"] > r.exact["attacker_win"]
    written = r.report(tmp_path, heatmap=False)
    assert (tmp_path / "report.html") in written
