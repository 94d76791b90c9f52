"""A rung's numbers from its per-game outcomes, and the paired differences the verdict rests on. Pure functions of
arrays: ``won`` is (games, seats) with 1 for a win, 0 for a loss and NaN where that seat's faction was not at the
table; every rung plays the same games (the same seed and game numbers), so rung-to-rung and skill-trace
differences are paired game by game (``sim.compare.paired_ci``). Rates are fractions; the text says points."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from sim.compare import paired_ci
from sim.stats import mean_ci, wilson


def _paired(a: np.ndarray, b: np.ndarray) -> tuple[float, list[float]]:
    """Mean of b - a and its 95% interval (NaN interval under two games)."""
    if len(a) == 0:
        return math.nan, [math.nan, math.nan]
    if len(a) < 2:
        return float((b - a).mean()), [math.nan, math.nan]
    lo, hi = paired_ci(a, b)
    return float((b - a).mean()), [lo, hi]


def rung_summary(budget: int, keys: list[str], won: np.ndarray, ends: np.ndarray, length: np.ndarray,
                 seconds: float) -> dict:  # fmt: skip
    """One rung: each seat's win rate with its 95% interval, how the games ended, their length, the ranking."""
    n = len(won)
    factions = {}
    for j, k in enumerate(keys):
        col = won[:, j][~np.isnan(won[:, j])]
        wins = float(col.sum())
        factions[k] = {"games": len(col), "wins": int(wins), "win_rate": wins / len(col) if len(col) else math.nan,
                       "win_ci95": list(wilson(wins, len(col)))}  # fmt: skip
    mean, lo, hi = mean_ci(float(length.sum()), float((length * length).sum()), n)
    counts = Counter(ends.tolist())
    return {
        "budget": int(budget),
        "games": n,
        "seconds": round(float(seconds), 3),
        "games_per_s": n / seconds if seconds > 0 else None,
        "factions": factions,
        "ranking": ranking(factions),
        "ends": {k: c / n for k, c in sorted(counts.items(), key=lambda kv: -kv[1])},
        "length": {"mean": mean, "ci95": [lo, hi]},
    }


def ranking(factions: dict) -> list[str]:
    """The seats from the highest win rate down (ties: the study's order)."""
    return sorted(factions, key=lambda k: -factions[k]["win_rate"])


def change(keys: list[str], before: np.ndarray, after: np.ndarray) -> dict:
    """Each seat's win-rate change from one rung to the next, paired on the games both played."""
    out = {}
    for j, k in enumerate(keys):
        seated = ~np.isnan(before[:, j]) & ~np.isnan(after[:, j])
        d, ci = _paired(before[seated, j], after[seated, j])
        out[k] = {"change": d, "ci95": ci}
    return out


def trace_gain(keys: list[str], rung_won: np.ndarray, traced: dict[str, np.ndarray]) -> dict:
    """The skill trace: for each seat ``k`` in ``traced`` (its games' ``won`` with ``k`` at twice the budget), its win
    rate there minus its win rate at the rung on the same games. The pooled gain averages the seats' differences
    within each game and pairs over games (a game's seats share its dice, so they are not independent samples)."""
    seats, diffs = {}, []
    for k, won in traced.items():
        j = keys.index(k)
        base = rung_won[: len(won), j]
        seated = ~np.isnan(base) & ~np.isnan(won[:, j])
        d, ci = _paired(base[seated], won[seated, j])
        seats[k] = {"games": int(seated.sum()), "gain": d, "ci95": ci,
                    "win_rate": float(won[seated, j].mean()) if seated.any() else math.nan}  # fmt: skip
        col = np.full(len(rung_won), np.nan)
        col[: len(won)][seated] = won[seated, j] - base[seated]
        diffs.append(col)
    if not diffs:
        return {"seats": {}, "gain": math.nan, "ci95": [math.nan, math.nan], "games": 0}
    stacked = np.vstack(diffs)
    counted = ~np.isnan(stacked).all(axis=0)
    per_game = np.nanmean(stacked[:, counted], axis=0) if counted.any() else np.zeros(0)
    gain, ci = _paired(np.zeros(len(per_game)), per_game)
    return {"seats": seats, "gain": gain, "ci95": ci, "games": int(counted.sum())}


def ladder_headline(result: dict) -> dict:
    """The manifest's headline: the top rung's win rates, strongest, weakest, largest gap, converged or not."""
    if not result["rungs"]:
        return {"kind": "ladder", "rungs": 0}
    top = result["rungs"][-1]
    rates = {k: top["factions"][k]["win_rate"] for k in top["ranking"]}
    fair = result["fair_share"]
    gap = max(rates, key=lambda k: abs(rates[k] - fair))
    trace = top.get("trace")
    return {"kind": "ladder", "fair_share": round(fair, 4), "win_rate": rates, "strongest": top["ranking"][0],
            "weakest": top["ranking"][-1],
            "largest_gap": {"faction": gap, "points": round(100 * (rates[gap] - fair), 1)},
            "converged": result["verdict"]["converged"], "budget": top["budget"], "games": top["games"],
            "skill_trace_gain_points": round(100 * trace["gain"], 1) if trace else None,
            "sees": result["searcher"]["sees"]}  # fmt: skip
