"""Equilibrium play of a battle's tactic game: the compiled twin of ``game/tactics.py`` (the same simplex, the same
operations in the same order, so both engines pick the same equilibrium bit for bit)."""

from __future__ import annotations

import numpy as np
from numba import njit

EPS = 1e-9


@njit(cache=True)
def solve(matrix, m, n, row, col):
    """Fill ``row[:m]`` and ``col[:n]`` with the optimal mixed strategies of ``matrix[:m, :n]``; returns the value."""
    low = matrix[0, 0]
    for i in range(m):
        for j in range(n):
            if matrix[i, j] < low:
                low = matrix[i, j]
    shift = 1.0 - low
    width = n + m + 1
    tab = np.zeros((m + 1, width))
    for i in range(m):
        for j in range(n):
            tab[i, j] = matrix[i, j] + shift
        tab[i, n + i] = 1.0
        tab[i, width - 1] = 1.0
    for j in range(n):
        tab[m, j] = -1.0
    basis = np.empty(m, np.int64)
    for i in range(m):
        basis[i] = n + i
    for _ in range(1000):
        enter = -1
        for j in range(n + m):
            if tab[m, j] < -EPS:
                enter = j
                break
        if enter < 0:
            break
        leave = -1
        best = 0.0
        for i in range(m):
            if tab[i, enter] > EPS:
                ratio = tab[i, width - 1] / tab[i, enter]
                if leave < 0 or ratio < best - EPS or (ratio <= best + EPS and basis[i] < basis[leave]):
                    leave = i
                    best = ratio
        if leave < 0:
            break
        piv = tab[leave, enter]
        for j in range(width):
            tab[leave, j] = tab[leave, j] / piv
        for i in range(m + 1):
            if i != leave:
                f = tab[i, enter]
                if f != 0.0:
                    for j in range(width):
                        tab[i, j] = tab[i, j] - f * tab[leave, j]
        basis[leave] = enter
    total = tab[m, width - 1]
    for j in range(n):
        col[j] = 0.0
    for i in range(m):
        if basis[i] < n:
            col[basis[i]] = tab[i, width - 1] / total
    for i in range(m):
        row[i] = tab[m, n + i] / total
    return 1.0 / total - shift


@njit(cache=True)
def pick(probs, k, u):
    acc = 0.0
    for i in range(k - 1):
        acc += probs[i]
        if u < acc:
            return i
    return k - 1
