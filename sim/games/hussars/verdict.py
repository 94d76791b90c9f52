"""``sim verdict`` on Winged Hussars (``sim.verdict``): the families of the study (its ``seats`` give each one a
plan) and a rung's per-game rows (``sim run``'s table) as who won (the family on the winning seat), how the game
was decided (on VP, or by the tie-breakers) and its length in rounds."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.games.hussars.game.state import NS
from sim.verdict.seats import planned_seats

LENGTH = "rounds"
SEARCHED = "the secret Action cards of each Action Phase"  # what the searcher weighs
HIDDEN = ("the face-down Yellow and Event decks; the other seats' secret cards are planned again by their plans, "
          "not seen")  # what a determinized playout resamples


def seat_keys(raw: dict, source: str) -> list[str]:
    """The study's families (its ``seats`` give each one a plan)."""
    return planned_seats(raw, source, "family")


def outcomes(rows: pl.DataFrame, keys: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(won (games, keys): 1 won, 0 lost, NaN not in the game; how each game was decided; its rounds)."""
    seat = rows["winner_seat"].to_numpy().astype(int)
    names = np.stack([rows[f"seat{s}_faction"].to_numpy().astype(str) for s in range(NS)], axis=1)
    winner = names[np.arange(len(rows)), seat]
    won = np.full((len(rows), len(keys)), np.nan)
    for j, k in enumerate(keys):
        here = (names == k).any(axis=1)
        won[here, j] = (winner[here] == k).astype(float)
    ends = np.where(rows["tie"].to_numpy() > 0, "tie_break", "most_vp")
    return won, ends, rows["rounds"].to_numpy().astype(float)
