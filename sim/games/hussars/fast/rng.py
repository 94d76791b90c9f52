"""The game's random stream inside the kernels: the compiled twin of ``sim.lockstep.LockstepRandom``.

``rs`` is a uint64 array of one word (the stream's state). ``below(rs, n)`` maps the high 32 bits of the next word by
multiply-shift, ``uniform(rs)`` takes 53 bits, ``shuffle`` and ``sample`` are Fisher–Yates exactly as the reference's
stand-in draws them, so the reference and this engine play the same game from the same stream.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import GOLDEN, mix

_S32 = np.uint64(32)
_S11 = np.uint64(11)


@njit(cache=True)
def word(rs):
    rs[0] = rs[0] + GOLDEN
    return mix(rs[0])


@njit(cache=True)
def below(rs, n):
    return np.int64(((word(rs) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True)
def uniform(rs):
    return np.float64(word(rs) >> _S11) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def die(rs, faces):
    return 1 + below(rs, faces)


@njit(cache=True)
def shuffle(rs, x, n):
    """Shuffle ``x[:n]`` in place (``random.shuffle``'s order: i from n-1 down to 1)."""
    for i in range(n - 1, 0, -1):
        j = below(rs, i + 1)
        t = x[i]
        x[i] = x[j]
        x[j] = t


@njit(cache=True)
def sample_into(rs, pool, n, k):
    """Partial Fisher–Yates: the first ``k`` entries of ``pool[:n]`` become the sample (``LockstepRandom.sample``)."""
    for i in range(k):
        j = i + below(rs, n - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
