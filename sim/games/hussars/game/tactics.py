"""Equilibrium play of one battle's tactic game: an exact zero-sum solver both engines run the same way.

A full-rules battle in the game is a matrix game between the two commanders' legal Tactic cards. Both sides play
their optimal mixed strategy (the battle code's zero-sum solution). To make the compiled engine pick the very same
equilibrium when several exist, both engines solve it with this one deterministic method: shift the payoffs
positive, then the simplex method with Bland's rule on max Σw s.t. B w ≤ 1, w ≥ 0 (the column player's program);
the row player's strategy is read from the final tableau's slack prices. Every operation is a plain loop over
floats, so the compiled twin (``fast.tactics``) reproduces the result bit for bit.
"""

from __future__ import annotations

EPS = 1e-9


def solve(matrix: list[list[float]]) -> tuple[list[float], list[float], float]:
    """(row player's mixed strategy, column player's, value) of the zero-sum game ``matrix`` (row maximises)."""
    m, n = len(matrix), len(matrix[0])
    low = matrix[0][0]
    for i in range(m):
        for j in range(n):
            if matrix[i][j] < low:
                low = matrix[i][j]
    shift = 1.0 - low
    width = n + m + 1
    tab = [[0.0] * width for _ in range(m + 1)]
    for i in range(m):
        for j in range(n):
            tab[i][j] = matrix[i][j] + shift
        tab[i][n + i] = 1.0
        tab[i][width - 1] = 1.0
    for j in range(n):
        tab[m][j] = -1.0
    basis = [n + i for i in range(m)]
    for _ in range(1000):
        enter = -1
        for j in range(n + m):
            if tab[m][j] < -EPS:
                enter = j
                break
        if enter < 0:
            break
        leave = -1
        best = 0.0
        for i in range(m):
            if tab[i][enter] > EPS:
                ratio = tab[i][width - 1] / tab[i][enter]
                if leave < 0 or ratio < best - EPS or (ratio <= best + EPS and basis[i] < basis[leave]):
                    leave, best = i, ratio
        if leave < 0:  # unbounded: impossible for a positive matrix
            break
        piv = tab[leave][enter]
        for j in range(width):
            tab[leave][j] = tab[leave][j] / piv
        for i in range(m + 1):
            if i != leave:
                f = tab[i][enter]
                if f != 0.0:
                    for j in range(width):
                        tab[i][j] = tab[i][j] - f * tab[leave][j]
        basis[leave] = enter
    total = tab[m][width - 1]
    col = [0.0] * n
    for i in range(m):
        if basis[i] < n:
            col[basis[i]] = tab[i][width - 1] / total
    row = [tab[m][n + i] / total for i in range(m)]
    return row, col, 1.0 / total - shift


def pick(probs: list[float], u: float) -> int:
    """The index a uniform draw ``u`` in [0, 1) selects from a mixed strategy (the last on rounding)."""
    acc = 0.0
    for i in range(len(probs) - 1):
        acc += probs[i]
        if u < acc:
            return i
    return len(probs) - 1
