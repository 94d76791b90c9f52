"""``sim verdict`` on Principes (``sim.verdict``): the Principalities at the table and a rung's per-game rows (``sim
run``'s table) as who won, how the game ended and its length in Rounds."""

from __future__ import annotations

import numpy as np
import polars as pl

from sim.games.principes import player_count
from sim.games.principes.driver import WIN_TYPES

LENGTH = "Rounds"  # the unit of a game's length
SEARCHED = "the Round's plan and, with actions on, the choices inside actions"  # what the searcher weighs
HIDDEN = "the others' hands and the face-down decks"  # what a determinized playout resamples


def seat_keys(raw: dict, source: str) -> list[str]:
    """The Principalities that play the study (``players``: 2, 3 or 4)."""
    from sim.games.principes.game.setup import load_game_rules

    rules = raw.get("rules") or {}
    board = load_game_rules(dict(rules), dict.fromkeys(rules, source)).board
    return list(player_count.played_factions(raw, board.principalities, source))


def outcomes(rows: pl.DataFrame, keys: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(won (games, keys): 1 when that Principality won, 0 else (a draw: no one); how each game ended; its Rounds).
    Every Principality of ``keys`` plays every game; the rows' ``winner`` indexes them in the study's order."""
    winner = rows["winner"].to_numpy()
    won = (winner[:, None] == np.arange(len(keys))[None, :]).astype(float)
    ends = np.array(WIN_TYPES)[rows["win_type"].to_numpy()]
    return won, ends, rows["rounds"].to_numpy().astype(float)
