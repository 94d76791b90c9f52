"""``sim verdict`` on Dark Ages (``sim.verdict``): the Rulers of the study and a rung's per-game rows (``sim run``'s
table) as who won (a shared first place is a win, as in ``sim run``), what ended the game and its length in
Rounds. A Ruler not at a game's table has no result there (NaN)."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.games.dark_ages import multiplayer as X
from sim.verdict.seats import planned_seats

LENGTH = "Rounds"
SEARCHED = "each turn's action and its reactions"  # what the searcher weighs
HIDDEN = "the others' hands and the face-down decks"  # what a determinized playout resamples


def seat_keys(raw: dict, source: str) -> list[str]:
    """The study's Rulers (its ``seats`` give each one a plan)."""
    return planned_seats(raw, source, "Ruler")


def outcomes(rows: pl.DataFrame, keys: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(won (games, keys): 1 won, 0 lost, NaN not at the table; what ended each game; its Rounds)."""
    won = np.full((len(rows), len(keys)), np.nan)
    column = {k: i for i, k in enumerate(keys)}
    for j in range(X.MAX_SEATS):
        if f"seat{j}_ruler" not in rows.columns:
            continue
        rulers = rows[f"seat{j}_ruler"].to_numpy()
        seated = rows[f"seat{j}_won"].to_numpy().astype(float)
        for g, r in enumerate(rulers):
            if r in column:
                won[g, column[r]] = seated[g]
    return won, rows["trigger"].to_numpy().astype(str), rows["rounds"].to_numpy().astype(float)
