"""On independent streams the two Hussars engines agree in distribution (two-sample tests): the winner's seat and
plan, VP, battles, Tatar raids and uprisings. The engines play identical games on a shared stream (test_fast_games),
so these tests guard the stream handling itself: a kernel that drew differently, or seeded from another key, would
still pass the lockstep tests of single games but shift these distributions."""

import numpy as np
import pytest
from scipy import stats

from sim.games.hussars import experiment, tally
from sim.games.hussars.fast import chunk
from sim.rng import experiment_key

pytestmark = pytest.mark.full


def _rows(engine_rows, n, seed, battles):
    ex = experiment.experiment_from_dict({"engine": "reference", "battles": battles}, "test")
    return engine_rows(ex, experiment_key(seed), 0, n)[:, 0]


@pytest.mark.parametrize("battles", ["simplified", "full"])
def test_two_engines_agree_in_distribution(battles):
    ref = _rows(experiment.reference_rows, 400, 101, battles)
    fast = _rows(chunk.fast_rows, 4000, 202, battles)
    col = tally.COL
    # the winning seat and the winner's plan: chi-square on the 4 × 2 tables
    for column in ("winner",):
        table = np.vstack(
            [np.bincount(ref[:, col[column]], minlength=4), np.bincount(fast[:, col[column]], minlength=4)]
        )
        assert stats.chi2_contingency(table[:, table.sum(axis=0) > 0])[1] > 1e-3
    plan_of_winner = [r[col[f"s{r[col['winner']]}_plan"]] for r in ref], \
        [r[col[f"s{r[col['winner']]}_plan"]] for r in fast]  # fmt: skip
    table = np.vstack([np.bincount(plan_of_winner[0], minlength=4), np.bincount(plan_of_winner[1], minlength=4)])
    assert stats.chi2_contingency(table[:, table.sum(axis=0) > 0])[1] > 1e-3  # a plan that never wins drops out
    # VP, battles, raids, uprisings: two-sample Kolmogorov-Smirnov or Mann-Whitney
    for column in ("s0_vp", "s1_vp", "s2_vp", "s3_vp"):
        assert stats.ks_2samp(ref[:, col[column]], fast[:, col[column]]).pvalue > 1e-3, column
    battles_a = sum(ref[:, col[f"bt_count_{k}"]] for k in ("tatars", "private", "hetman"))
    battles_b = sum(fast[:, col[f"bt_count_{k}"]] for k in ("tatars", "private", "hetman"))
    assert stats.mannwhitneyu(battles_a, battles_b).pvalue > 1e-3
    for column in ("tatar_raids", "uprisings"):
        assert stats.mannwhitneyu(ref[:, col[column]], fast[:, col[column]]).pvalue > 1e-3, column
