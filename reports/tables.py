"""Designer tables built from battle results."""

from __future__ import annotations

import pandas as pd


def battle_odds_table(results: dict) -> pd.DataFrame:
    """One row per scenario: win probability with its interval (and exact value), and expected losses."""
    rows = []
    for name, r in results.items():
        lo, hi = r.metrics["attacker_win_ci95"]
        exact = r.exact or {}
        rows.append(
            {
                "game": r.game,
                "scenario": name,
                "title": r.title,
                "trials": r.n,
                "seed": r.seed,
                "attacker_win": r.metrics["attacker_win"],
                "attacker_win_ci95_lo": lo,
                "attacker_win_ci95_hi": hi,
                "attacker_win_exact": exact.get("attacker_win"),
                "mean_lost_attacker": r.metrics["mean_lost"]["attacker"],
                "mean_lost_defender": r.metrics["mean_lost"]["defender"],
            }
        )
    return pd.DataFrame(rows)
