"""Mongol Invasion, compiled: the twin of ``game.history.mongols``. The players' moves are asked in turn order by
``deck.resolve_mongols``."""

from __future__ import annotations

from numba import njit


@njit(cache=True)
def wave_size(S, C):
    """``mongols.wave_size``: 4 Mongols, one fewer each later invasion (history.yaml ``invaders.mongols``)."""
    return max(0, C.mongol_first - C.mongol_fewer * S.mongol_waves)
