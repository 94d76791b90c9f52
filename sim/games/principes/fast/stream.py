"""The game's random stream on the compiled engine: the twin of ``sim.lockstep.LockstepRandom``.

``rs`` is a 1-element uint64 array holding the game's counter-based stream (``sim.rng``); each draw maps a word
exactly as ``LockstepRandom`` does, so where both engines make the same calls in the same order they play the same
game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.state import NL
from sim.rng import below, high32, next_word


@njit(cache=True)
def rand_below(rs, n):
    """``sim.lockstep.LockstepRandom.randrange``: uniform 0..n-1."""
    s, w = next_word(rs[0])
    rs[0] = s
    return below(high32(w), n)


@njit(cache=True)
def rand_float(rs):
    """``sim.lockstep.LockstepRandom.random``: uniform in [0, 1) from 53 bits."""
    s, w = next_word(rs[0])
    rs[0] = s
    return np.float64(w >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def choose_land(C, ok, n, rs):
    """``sim.lockstep.LockstepRandom.choice`` of ``sorted(lands)`` over the ``n`` lands with ``ok[land]`` set (by
    id: ``byrank``)."""
    pick = rand_below(rs, n)
    for r in range(NL):
        land = C.byrank[r]
        if ok[land]:
            if pick == 0:
                return land
            pick -= 1
    return -1
