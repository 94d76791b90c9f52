"""Experiment metrics agree with the per-game rows: one definition of a round (Passes by all players / players,
each game weighing one) for ``mean_rounds``, the ``rounds`` column and the reports, and VP by scoring category
per seat that adds up to each seat's VP and to the summary's means by Ruler and by strategy."""

import numpy as np
import polars as pl
import pytest

from sim.experiments import run_experiment
from sim.games.dark_ages.experiment import CATEGORIES, TWELFTHS, round_twelfths
from strategies.dark_ages import NAMES

EXPERIMENT = {"game": "dark_ages", "players": [2, 3, 4], "rulers": "all", "strategies": list(NAMES)}


@pytest.fixture(scope="module")
def result():
    return run_experiment(EXPERIMENT, games=30, seed=11, keep_rows=True)


def _seats(rows: pl.DataFrame) -> pl.DataFrame:
    """One row per player-game: ruler, strategy, vp and the categories."""
    parts = []
    for j in range(4):
        cols = {f"seat{j}_{c}": c for c in ("ruler", "strategy", "vp", *CATEGORIES)}
        parts.append(rows.select(list(cols)).rename(cols).filter(pl.col("ruler") != ""))
    return pl.concat(parts)


def test_round_twelfths_is_exact_for_every_player_count():
    for players in (2, 3, 4):
        assert round_twelfths(7 * players + 1, players) / TWELFTHS == pytest.approx((7 * players + 1) / players)


def test_mean_rounds_is_the_mean_of_the_rows(result):
    m, rows = result.metrics, result.rows
    assert m["mean_rounds"] == pytest.approx(rows["rounds"].mean(), abs=1e-12)
    lo, hi = m["mean_rounds_ci95"]
    assert lo < m["mean_rounds"] < hi
    by = rows.group_by("players").agg(pl.col("rounds").mean())
    assert {str(k): v for k, v in by.iter_rows()} == pytest.approx(m["mean_rounds_by_players"])
    # a game weighs one: with mixed player counts the seat-weighted mean (Passes / seats) would differ
    assert set(m["mean_rounds_by_players"]) == {"2", "3", "4"}


def test_rows_carry_vp_by_category_that_add_up(result):
    seats = _seats(result.rows)
    assert len(seats) == sum(result.metrics["games_by_ruler"].values())
    total = seats.select(pl.sum_horizontal(list(CATEGORIES))).to_series()
    assert (total == seats["vp"]).all()
    assert (seats.select(list(CATEGORIES)).to_numpy() >= 0).all()


def test_summary_means_by_category_match_the_rows(result):
    m, seats = result.metrics, _seats(result.rows)
    for key, col in (("score_by_ruler", "ruler"), ("score_by_strategy", "strategy")):
        means = seats.group_by(col).agg(pl.col(["vp", *CATEGORIES]).mean())
        for row in means.iter_rows(named=True):
            got = m[key][row[col]]
            assert got["total"] == pytest.approx(row["vp"])
            assert {c: got[c] for c in CATEGORIES} == pytest.approx({c: row[c] for c in CATEGORIES})
    assert sum(m["score_by_category"].values()) == pytest.approx(m["mean_vp"])


def test_rows_mark_every_winner_including_shared_wins(result):
    m, rows = result.metrics, result.rows
    parts = [rows.select(pl.col(f"seat{j}_ruler").alias("ruler"), pl.col(f"seat{j}_won").alias("won"))
             for j in range(4)]  # fmt: skip
    seats = pl.concat(parts).filter(pl.col("ruler") != "")
    wins = {r: w for r, w in seats.group_by("ruler").agg(pl.col("won").sum()).iter_rows()}
    assert wins == {r: round(m["win_rate"][r] * g) for r, g in m["games_by_ruler"].items()}
    assert (rows.select(pl.sum_horizontal([f"seat{j}_won" for j in range(4)])).to_series() >= 1).all()


def test_strategy_matrix_counts_every_seat(result):
    m = result.metrics
    matrix = m["strategy_matrix"]
    assert set(matrix) == set(NAMES)
    for ruler, games in m["games_by_ruler"].items():
        assert sum(matrix[s][ruler]["games"] for s in matrix) == games
    wins = sum(round(c["win_rate"] * c["games"]) for cells in matrix.values() for c in cells.values() if c["games"])
    assert wins == round(sum(m["win_rate"][r] * g for r, g in m["games_by_ruler"].items()))


def test_solo_rows_have_rounds_matching_the_metric():
    raw = {"game": "dark_ages", "mode": "solo", "difficulties": ["standard"], "rulers": ["tomislav"]}
    r = run_experiment(raw, games=6, seed=3, keep_rows=True)
    assert r.metrics["mean_rounds"] == pytest.approx(float(np.mean(r.rows["rounds"].to_numpy())))
