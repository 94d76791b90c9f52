"""The game's random stream in the compiled engine: ``R`` is a 1-element uint64 array holding the counter-based
state (``sim.rng``). Each function draws as ``sim.lockstep.LockstepRandom`` does, so a reference game on that
stream makes the same draws in the same order."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import below, high32, next_word

J = dict(cache=True, nogil=True)


@njit(**J)
def rand_below(R, n):
    """Twin: ``sim.lockstep.LockstepRandom.randbelow`` (also ``randrange``, ``choice``)."""
    s, w = next_word(R[0])
    R[0] = s
    return below(high32(w), n)


@njit(**J)
def rand_float(R):
    """Twin: ``sim.lockstep.LockstepRandom.random``."""
    s, w = next_word(R[0])
    R[0] = s
    return np.float64(w >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(**J)
def shuffle(R, x, n):
    """Twin: ``sim.lockstep.LockstepRandom.shuffle`` (Fisher-Yates from the end) of ``x[:n]``."""
    for i in range(n - 1, 0, -1):
        j = rand_below(R, i + 1)
        t = x[i]
        x[i] = x[j]
        x[j] = t
