"""Estimates with 95% intervals. Pure functions of counts, so chunked and parallel runs agree exactly."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion: honest near 0 and 1, unlike the normal one."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact bounds at the edges, free of rounding
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def wilson_halfwidth(successes: float, n: int) -> float:
    lo, hi = wilson(successes, n)
    return (hi - lo) / 2


def mean_ci(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval from a sum and a sum of squares."""
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    mean = total / n
    var = max(0.0, total_sq / n - mean * mean) * n / max(1, n - 1)
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def hist_mean_ci(hist, z: float = Z95) -> tuple[float, float, float]:
    """Mean and 95% interval of a count variable given its histogram (index = value)."""
    n = int(sum(hist))
    total = sum(k * c for k, c in enumerate(hist))
    total_sq = sum(k * k * c for k, c in enumerate(hist))
    return mean_ci(float(total), float(total_sq), n, z)
