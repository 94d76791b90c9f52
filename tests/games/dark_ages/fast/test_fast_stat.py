"""Statistical equivalence of the Dark Ages fast engine and the reference engine on the Ruler-balance experiment at
3 players, each on its own production stream (the reference on ``random.Random``, the fast engine on the
counter-based stream).

The trigger and the length of games, per strategy the win rate and the mean VP, and per Ruler the win rate are
compared with two-sample tests (chi-square for categories and rates, Welch's t for means), Bonferroni-corrected to a
1% family-wise level.
``test_fast_games`` already shows the two engines play the same games on the same stream; this guards the stream
mapping itself.
"""

import numpy as np
import pytest
from scipy import stats

from sim.config import CONFIG_DIR
from sim.experiments import load_experiment, run_experiment

EXPERIMENT = CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance.yaml"
FAMILY_ALPHA = 0.01


def _seats(rows, players: int):
    strategy = np.concatenate([rows[f"seat{j}_strategy"].to_numpy() for j in range(players)])
    ruler = np.concatenate([rows[f"seat{j}_ruler"].to_numpy() for j in range(players)])
    vp = np.concatenate([rows[f"seat{j}_vp"].to_numpy() for j in range(players)]).astype(float)
    won = np.concatenate([rows[f"seat{j}_won"].to_numpy() for j in range(players)]).astype(int)
    return strategy, ruler, vp, won


def two_sample_pvalues(ref, fast, players: int) -> dict[str, float]:
    out = {}
    values = sorted(set(ref["trigger"].to_list()) | set(fast["trigger"].to_list()))
    table = np.array([[(t["trigger"] == v).sum() for v in values] for t in (ref, fast)])
    out["trigger"] = stats.chi2_contingency(table[:, table.sum(axis=0) > 0])[1]
    out["turns"] = stats.ttest_ind(ref["turns"].to_numpy(), fast["turns"].to_numpy(), equal_var=False).pvalue
    sr, rr, vr, wr = _seats(ref, players)
    sf, rf, vf, wf = _seats(fast, players)
    for s in sorted(set(sr)):
        out[f"vp_{s}"] = stats.ttest_ind(vr[sr == s], vf[sf == s], equal_var=False).pvalue
        table = [[wr[sr == s].sum(), (1 - wr[sr == s]).sum()], [wf[sf == s].sum(), (1 - wf[sf == s]).sum()]]
        out[f"won_{s}"] = stats.chi2_contingency(table)[1]
    for r in sorted(set(rr)):
        table = [[wr[rr == r].sum(), (1 - wr[rr == r]).sum()], [wf[rf == r].sum(), (1 - wf[rf == r]).sum()]]
        out[f"won_{r}"] = stats.chi2_contingency(table)[1]
    return out


@pytest.mark.stat
def test_ruler_balance_matches_the_reference_engine(mc_trials):
    raw = {**load_experiment(EXPERIMENT), "players": 3}
    n_ref = max(300, min(1500, mc_trials // 1300))  # 1,500 reference games locally (about 15 s on 2 workers), 384 on CI
    ref = run_experiment({**raw, "engine": "reference"}, games=n_ref, seed=11, workers=2, keep_rows=True)
    fast = run_experiment({**raw, "engine": "fast"}, games=20_000, seed=12, workers=1, keep_rows=True)
    pvalues = two_sample_pvalues(ref.rows, fast.rows, 3)
    assert len(pvalues) >= 17
    worst = min(pvalues, key=pvalues.get)
    assert pvalues[worst] > FAMILY_ALPHA / len(pvalues), (worst, pvalues[worst], pvalues)
