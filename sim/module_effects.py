"""Paired module comparisons shared by the games' module-effects experiments (``mode: module_effects``).

Game ``i`` is played once with every compared module off and once per module with only that module on, each time
from the same stream ``(key, i)`` and with the same seating, so the two plays of game ``i`` differ only by the
module: their difference is a paired observation (common random numbers). The tallies are integer sums (order
independent, so chunks merge by addition); intervals are normal 95% intervals on the per-game differences.

A game module fills ``win_counts`` per game with ``add_baseline`` and ``add_pair`` and reads them back with
``baseline_win_rate`` and ``win_effects``; the Dark Ages and Principes module-effects experiments use it.
"""

from __future__ import annotations

import numpy as np

from sim.stats import mean_ci, wilson


def paired_ci(total, total_sq, n: int) -> tuple[float, list[float]]:
    """Mean of per-game differences and its normal 95% interval, from their sum and sum of squares (6 decimals)."""
    mean, lo, hi = mean_ci(float(total), float(total_sq), n)
    return round(mean, 6), [round(lo, 6), round(hi, 6)]


def win_counts(modules: int, factions: int) -> dict[str, np.ndarray]:
    """Empty tallies: the all-off baseline's wins and games per faction, each module's wins on, and per faction
    the sum of (won with the module on − won with all off) and of its square."""
    return {
        "wins": np.zeros(factions, np.int64),
        "games": np.zeros(factions, np.int64),
        "on_wins": np.zeros((modules, factions), np.int64),
        "d_win": np.zeros((modules, factions, 2), np.int64),
    }


def add_baseline(counts: dict, faction: int, won) -> None:
    """One game (``won`` a bool) or many (a bool array) of the all-off baseline."""
    counts["games"][faction] += np.size(won)
    counts["wins"][faction] += int(np.sum(won))


def add_pair(counts: dict, module: int, faction: int, won_on, won_off) -> None:
    """One paired game (bools) or many (bool arrays, game by game)."""
    d = np.asarray(won_on, np.int64) - np.asarray(won_off, np.int64)
    counts["on_wins"][module, faction] += int(np.sum(won_on))
    counts["d_win"][module, faction] += [int(d.sum()), int((d * d).sum())]


def baseline_win_rate(counts: dict, factions) -> tuple[dict[str, float], dict[str, list[float]]]:
    """Win rate with every module off and its Wilson 95% interval, per faction."""
    win_rate, ci = {}, {}
    for j, f in enumerate(factions):
        w, g = int(counts["wins"][j]), int(counts["games"][j])
        lo, hi = wilson(w, g)
        win_rate[f], ci[f] = (w / g if g else 0.0), [round(lo, 6), round(hi, 6)]
    return win_rate, ci


def win_effects(counts: dict, module: int, factions) -> dict:
    """One module's win rate on, and the paired change in each faction's win rate with its 95% interval."""
    change, change_ci = {}, {}
    for j, f in enumerate(factions):
        change[f], change_ci[f] = paired_ci(*counts["d_win"][module, j], int(counts["games"][j]))
    games = np.maximum(counts["games"], 1)
    return {
        "win_rate_on": {f: float(counts["on_wins"][module, j]) / games[j] for j, f in enumerate(factions)},
        "win_rate_change": change,
        "win_rate_change_ci95": change_ci,
    }


def chunk_plays(outcomes, start: int):
    """``play(i, mods)`` from ``outcomes(mods)``, the list of games ``start ..`` of a chunk with the modules ``mods``
    (a compiled engine plays a whole chunk at once): each set of modules is played once, when first asked for."""
    runs: dict[tuple, list] = {}

    def play(i: int, mods: tuple[str, ...]):
        if mods not in runs:
            runs[mods] = outcomes(mods)
        return runs[mods][i - start]

    return play
