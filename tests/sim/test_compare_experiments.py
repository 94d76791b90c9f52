"""Paired comparisons of full-game experiments: A and B equal independent runs, per-game win indicators
reproduce the win rates, and pairing game by game tightens the interval on correlated variants."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.compare import compare_experiment_results, per_game_wins, run_compare_experiments
from sim.config import CONFIG_DIR
from sim.experiments import load_experiment, run_experiment

PRINCIPES = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"
DARK_AGES = CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance.yaml"
GAMES, SEED = 40, 11


@pytest.fixture(scope="module")
def taxes():
    a = load_experiment(PRINCIPES)  # history: false
    b = {**a, "rules": {"taxes.people_cost": 2}}  # a small rules change: most games stay alike
    return a, b, run_compare_experiments(a, b, games=GAMES, seed=SEED)


def test_sides_equal_independent_runs(taxes):
    a, b, result = taxes
    alone_a = run_experiment(a, games=GAMES, seed=SEED)
    alone_b = run_experiment(b, games=GAMES, seed=SEED)
    table = result.table.set_index("faction")
    for f, p in alone_a.metrics["win_rate"].items():
        assert table.loc[f, "a"] == p
        assert table.loc[f, "b"] == alone_b.metrics["win_rate"][f]
        assert table.loc[f, "diff"] == pytest.approx(alone_b.metrics["win_rate"][f] - p, abs=1e-12)
    assert result.a.metrics == alone_a.metrics and result.b.metrics == alone_b.metrics


def test_paired_interval_is_narrower_on_correlated_variants(taxes):
    _, _, result = taxes
    t = result.table
    assert t["paired_lo"].notna().all() and (t["games"] == GAMES).all()
    paired, unpaired = t["paired_hi"] - t["paired_lo"], t["unpaired_hi"] - t["unpaired_lo"]
    assert paired.mean() < unpaired.mean()
    assert (t["paired_lo"] <= t["diff"] + 1e-12).all() and (t["diff"] <= t["paired_hi"] + 1e-12).all()


def test_identical_variants_have_no_spread():
    a = load_experiment(PRINCIPES)
    result = run_compare_experiments(a, dict(a), games=8, seed=1)
    assert (result.table["diff"] == 0).all()
    assert (result.table["paired_lo"] == 0).all() and (result.table["paired_hi"] == 0).all()


def test_per_game_wins_reproduce_win_rates_with_rotated_rosters():
    result = run_experiment(load_experiment(DARK_AGES), games=21, seed=2, keep_rows=True)
    wins = per_game_wins(result.metrics, result.rows)
    assert set(wins) == set(result.metrics["win_rate"])
    for f, w in wins.items():
        assert np.nanmean(w) == pytest.approx(result.metrics["win_rate"][f])
        assert (~np.isnan(w)).sum() == result.metrics["games_by_ruler"][f]


def test_without_rows_falls_back_to_unpaired():
    a = run_experiment(load_experiment(PRINCIPES), games=8, seed=1)
    result = compare_experiment_results(a, a)
    assert result.table["paired_lo"].isna().all() and result.notes


def test_cli_compare_experiment_json(capsys, tmp_path):
    main(["compare", str(PRINCIPES), "--set", "taxes.people_cost=2", "--games", "12", "--seed", "3", "--json",
          "-o", str(tmp_path)])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    assert body["games"] == 12 and len(body["factions"]) == 4
    assert (tmp_path / "report.html").exists() and (tmp_path / "compare.png").stat().st_size > 2_000
