"""Full-game battle statistics from per-game tallies: counts that add over chunks, and the ``--json`` summary.

Game-agnostic: a game fills, per game, the battles, the attacker's wins and the units each side lost by battle kind,
and the Battle Die rolls by face; ``counts`` sums them (with the per-game moments the attacker's win rate's
interval needs) and ``summary`` gives ``metrics["battles"]``::

    {"kinds": [...], "per_game": {kind: mean battles per game},
     "attacker_win_rate": {kind: p or None}, "attacker_win_rate_ci95": {kind: [lo, hi] or None},
     "units_lost_per_game": {"attacker": {kind: mean}, "defender": {kind: mean}},
     "die_faces": {face: share of all battle-die rolls}, "dice_per_game": mean}

The attacker's win rate is a ratio of sums over games (wins / battles), and battles within one game are not
independent, so its 95% interval is the cluster-robust (delta-method) interval of that ratio estimator over games,
clipped to [0, 1]; None with fewer than 2 games or no battle of the kind.
"""

from __future__ import annotations

import math

import numpy as np

from sim.stats import Z95


def counts(battles, wins, lost_a, lost_d, die) -> dict[str, np.ndarray]:
    """Order-independent integer counts from per-game tallies: ``battles``, ``wins``, ``lost_a``, ``lost_d``
    (games, kinds) and ``die`` (games, faces)."""
    b, w = np.asarray(battles, np.int64), np.asarray(wins, np.int64)
    return {
        "battles": b.sum(axis=0),
        "attacker_wins": w.sum(axis=0),
        "attacker_lost": np.asarray(lost_a, np.int64).sum(axis=0),
        "defender_lost": np.asarray(lost_d, np.int64).sum(axis=0),
        "die": np.asarray(die, np.int64).sum(axis=0),
        "battle_moments": np.stack([(b * b).sum(axis=0), (w * w).sum(axis=0), (w * b).sum(axis=0)], axis=1),
    }


def ratio_ci(wins: int, battles: int, moments, n: int, z: float = Z95) -> list[float] | None:
    """The cluster-robust 95% interval of wins / battles over ``n`` games (``moments``: Σb², Σw², Σwb)."""
    if battles <= 0 or n < 2:
        return None
    r = wins / battles
    bb, ww, wb = (float(x) for x in moments)
    residual = max(0.0, ww - 2 * r * wb + r * r * bb)  # Σ (w_g - r b_g)²
    half = z * math.sqrt(residual * n / (n - 1)) / battles
    return [max(0.0, r - half), min(1.0, r + half)]


def summary(c: dict, n: int, kinds, faces) -> dict:
    """``metrics["battles"]`` from the summed counts of ``n`` games."""
    n = max(1, n)
    battles, wins = c["battles"], c["attacker_wins"]
    rolls = int(c["die"].sum())
    return {
        "kinds": list(kinds),
        "per_game": {k: int(battles[i]) / n for i, k in enumerate(kinds)},
        "attacker_win_rate": {k: (int(wins[i]) / int(battles[i]) if battles[i] else None) for i, k in enumerate(kinds)},
        "attacker_win_rate_ci95": {
            k: ratio_ci(int(wins[i]), int(battles[i]), c["battle_moments"][i], n) for i, k in enumerate(kinds)
        },
        "units_lost_per_game": {
            "attacker": {k: int(c["attacker_lost"][i]) / n for i, k in enumerate(kinds)},
            "defender": {k: int(c["defender_lost"][i]) / n for i, k in enumerate(kinds)},
        },
        "die_faces": {f: (int(c["die"][i]) / rolls if rolls else 0.0) for i, f in enumerate(faces)},
        "dice_per_game": rolls / n,
    }
