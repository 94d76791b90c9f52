"""Turn order, compiled: the twin of ``game.turn_order``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.state import NP, is_player


@njit(cache=True)
def turn_order(S, C, out):
    """``turn_order.turn_order``: players from the Princeps in the token's direction, the eliminated and the
    non-players skipped, into ``out`` (NP,); returns how many."""
    start = 0
    for i in range(NP):
        if C.seats[i] == S.princeps:
            start = i
    step = 1 if S.clockwise else -1
    n = 0
    for i in range(NP):
        q = C.seats[(start + step * i) % NP]
        if is_player(S, q):  # not eliminated, not a non-player
            out[n] = q
            n += 1
    return n
