"""Monte Carlo sampler: trial i draws one battle ending (a case) from its counter-based stream."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import high32, next_word, trial_state

SCALE = 1 << 32


def thresholds(probs) -> np.ndarray:
    """Cumulative probabilities on a 2**32 grid (uint64, last = 2**32) for 32-bit inverse-CDF sampling."""
    probs = np.asarray(probs, dtype=np.float64)
    cdf = np.cumsum(probs / probs.sum())
    out = np.minimum(np.round(cdf * SCALE), SCALE).astype(np.uint64)
    out[-1] = np.uint64(SCALE)
    return out


@njit(cache=True)
def sample_cases(limits, key, start, count, out):
    """Fill ``out[j]`` (int64, shape (count,)) with the case of trial ``start + j``.

    ``limits``: uint64 (n_cases,), non-decreasing, last = 2**32. Case c is drawn when
    limits[c-1] <= u < limits[c] for u the high 32 bits of the trial's first word.
    """
    n = limits.shape[0]
    for j in range(count):
        state = trial_state(key, np.uint64(start + j))
        state, word = next_word(state)
        u = high32(word)
        lo, hi = 0, n - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if limits[mid] > u:
                hi = mid
            else:
                lo = mid + 1
        out[j] = lo
