"""The exact answer for one Principes battle: push probability through the die choices, then read the outcome.

A battle is a function of the two dice, the rerolls and flips, and the (deterministic) card play, so its
outcome distribution is a finite sum. ``exact_counts`` returns the same arrays as the Monte Carlo kernel,
holding probabilities instead of counts, so one ``summarize`` serves both.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.kernel import COIN, FLIP, KEEP


@njit(cache=True)
def final_die_states(n_faces, att_act, rer_a, flip_a, def_act, rer_d, flip_d):
    """Probability of each final (attacker, defender) extended die state, and expected rerolls/flips per side."""
    F = n_faces
    use = np.zeros((2, 2))
    ma = np.zeros((2 * F, F, rer_a + 1, 2))
    for ia in range(F):
        for jd in range(F):
            ma[ia, jd, rer_a, flip_a] = 1.0 / (F * F)
    after_a = np.zeros((2 * F, F))
    for r in range(rer_a, -1, -1):
        for f in (1, 0):
            for ia in range(2 * F):
                for jd in range(F):
                    m = ma[ia, jd, r, f]
                    if m == 0.0:
                        continue
                    act = att_act[ia, jd, r, f]
                    if act == KEEP:
                        after_a[ia, jd] += m
                    elif act == FLIP:
                        ma[ia + F, jd, r, 0] += m
                        use[0, 1] += m
                    else:
                        use[0, 0] += m
                        for k in range(F):
                            ma[k, jd, r - 1, f] += m / F
    md = np.zeros((2 * F, 2 * F, rer_d + 1, 2))
    md[:, :F, rer_d, flip_d] = after_a
    final = np.zeros((2 * F, 2 * F))
    for r in range(rer_d, -1, -1):
        for f in (1, 0):
            for ia in range(2 * F):
                for jd in range(2 * F):
                    m = md[ia, jd, r, f]
                    if m == 0.0:
                        continue
                    act = def_act[ia, jd, r, f]
                    if act == KEEP:
                        final[ia, jd] += m
                    elif act == FLIP:
                        md[ia, jd + F, r, 0] += m
                        use[1, 1] += m
                    else:
                        use[1, 0] += m
                        for k in range(F):
                            md[ia, k, r - 1, f] += m / F
    return final, use


def outcome_counts(p, final, die_use) -> dict[str, np.ndarray]:
    """Expand a mass over final extended die states (2F, 2F) into the outcome arrays.

    ``final`` holds trial counts (Monte Carlo) or probabilities (exact); the arrays keep its dtype.
    """
    pair = np.zeros((4, 4), dtype=final.dtype)
    np.add.at(pair, (p.sym[:, None], p.sym[None, :]), final)
    zeros = lambda n: np.zeros(n, dtype=final.dtype)  # noqa: E731
    out = {
        "kinds": zeros(5),
        "stand_a": zeros(p.n_a + 1),
        "stand_d": zeros(p.n_d + 1),
        "prince_lost": zeros(2),
        "loot": zeros(2),
        "cards": zeros(2),
        "die_use": die_use,
    }
    for sa in range(4):
        for sd in range(4):
            m = pair[sa, sd]
            kind, ta, td, pa, pd, cards_a, cards_d = p.outcome[sa, sd]
            out["kinds"][kind] += m
            out["stand_a"][p.n_a - ta] += m
            out["stand_d"][p.n_d - td] += m
            out["prince_lost"] += m * np.array([pa > 0, pd > 0])
            out["loot"] += m * p.loot_on * np.array([sa == COIN, sd == COIN])
            out["cards"] += m * np.array([cards_a, cards_d])
    return out


def exact_counts(p) -> dict[str, np.ndarray]:
    """Outcome probabilities for a compiled battle ``p`` (see ``battle.Compiled``), shaped like the kernel's counts."""
    final, use = final_die_states(p.n_faces, p.att_act, p.rer_a, p.flip_a, p.def_act, p.rer_d, p.flip_d)
    return outcome_counts(p, final, use)
