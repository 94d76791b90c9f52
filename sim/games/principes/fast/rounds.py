"""The end of a Round, compiled: the twin of ``game.rounds``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.dynasty import end_of_period


@njit(cache=True)
def end_round(S, C):
    """``rounds.end_round``: Princes die of old age at the end of Periods I and II, then the Round Token moves on."""
    if S.round % C.per_period == 0 and not S.round >= S.final_round:
        end_of_period(S, C)
    S.round += 1
