"""Counter-based random streams: trial ``i`` of an experiment draws from its own stream keyed by (seed, i).

Trial ``i`` starts from ``mix(key + (i + 1) * GOLDEN)``, which is word ``i`` of the splitmix64 sequence
seeded with the experiment key, so its bits are the trial's first random word. Further words come from
splitmix64 seeded with that state. Results do not depend on how trials are chunked, on the number of
workers or on the backend, and two variants run with the same seed see the same dice (common random
numbers). All arithmetic stays in uint64 (numba turns uint64-op-int64 into float64).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import numba_args  # noqa: F401 (every kernel draws from here: compile once per type, not per constant)

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(inline="always", cache=True)
def mix(z):
    """The splitmix64 finaliser: a bijective hash of a uint64."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(inline="always", cache=True)
def trial_state(key, i):
    """The starting state of trial ``i``'s stream, itself a random word (``key`` and the result are uint64)."""
    return mix(key + (np.uint64(i) + np.uint64(1)) * GOLDEN)


@njit(inline="always", cache=True)
def next_word(state):
    """Advance a stream: returns (new state, one 64-bit random word)."""
    state = state + GOLDEN
    return state, mix(state)


@njit(inline="always", cache=True)
def below(word32, n):
    """Map 32 random bits to 0..n-1 by multiply-shift (bias n / 2**32, far below Monte Carlo error)."""
    return np.int64((word32 * np.uint64(n)) >> _S32)


@njit(inline="always", cache=True)
def high32(word):
    return word >> _S32


@njit(inline="always", cache=True)
def low32(word):
    return word & _LOW32


MAX_SEED = 2**64 - 1


def experiment_key(seed: int) -> np.uint64:
    """The stream key of an experiment. It depends on the seed alone, so variants share their dice. A seed is a
    whole number 0..2^64−1: a larger one would wrap around onto another seed's numbers, so it is refused."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        from sim.errors import ConfigError

        raise ConfigError("seed", "", "a whole number 0..2^64−1", seed)
    return np.uint64(mix(np.uint64(int(seed))))
