"""Optimal mixed strategies of a two-player zero-sum matrix game, by linear programming (scipy linprog).

The row player (attacker) maximises ``x @ A @ y``; the column player (defender) minimises it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog


@dataclass(frozen=True)
class Equilibrium:
    row: np.ndarray  # the attacker's optimal mixed strategy
    col: np.ndarray  # the defender's
    value: float


def _saddle(matrix: np.ndarray) -> Equilibrium | None:
    """A pure-strategy solution, when the maximin of rows equals the minimax of columns (no LP needed)."""
    row_mins = matrix.min(axis=1)
    col_maxs = matrix.max(axis=0)
    i, j = int(row_mins.argmax()), int(col_maxs.argmin())
    if row_mins[i] != col_maxs[j]:
        return None
    row, col = np.zeros(matrix.shape[0]), np.zeros(matrix.shape[1])
    row[i], col[j] = 1.0, 1.0
    return Equilibrium(row, col, float(matrix[i, j]))


def _two_by_two(matrix: np.ndarray) -> Equilibrium:
    """Closed form for a 2×2 game without a saddle point: each player makes the other indifferent."""
    (a, b), (c, d) = matrix
    denom = a - b - c + d  # non-zero when there is no saddle point
    p = (d - c) / denom
    q = (d - b) / denom
    return Equilibrium(np.array([p, 1 - p]), np.array([q, 1 - q]), float((a * d - b * c) / denom))


def _maximin(matrix: np.ndarray) -> tuple[np.ndarray, float, np.ndarray]:
    """max_x min_j (x @ A)_j: variables (x, v); minimise -v s.t. v - (x @ A)_j ≤ 0, Σx = 1, x ≥ 0.

    Returns (x, v, y): the duals of the n column constraints are the column player's optimal strategy y.
    """
    m, n = matrix.shape
    cost = np.zeros(m + 1)
    cost[-1] = -1.0
    a_ub = np.hstack([-matrix.T, np.ones((n, 1))])
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    bounds = [(0, None)] * m + [(None, None)]
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    if not res.success:  # cannot happen for a finite matrix; kept so a solver failure is not silent
        raise RuntimeError(f"linprog failed: {res.message}")
    x = np.clip(res.x[:m], 0, None)
    y = np.clip(-res.ineqlin.marginals, 0, None)
    return x / x.sum(), float(res.x[-1]), y / y.sum()


def solve(matrix) -> Equilibrium:
    """Both players' optimal mixed strategies and the value of the game."""
    matrix = np.asarray(matrix, dtype=float)
    if matrix.ndim != 2 or matrix.size == 0:
        raise ValueError("a non-empty 2-D payoff matrix is required")
    pure = _saddle(matrix)
    if pure is not None:
        return pure
    if matrix.shape == (2, 2):
        return _two_by_two(matrix)
    row, value, col = _maximin(matrix)  # one LP: the defender's strategy comes from its duals
    return Equilibrium(row, col, value)


@dataclass(frozen=True)
class BayesEquilibrium:
    row: np.ndarray  # the attacker's optimal mixed strategy (it does not know the defender's type)
    cols: tuple[np.ndarray, ...]  # the defender's optimal strategy for each type
    value: float


def solve_bayesian(parts) -> BayesEquilibrium:
    """A zero-sum game where the defender has a private type θ with prior p_θ and payoff matrix A_θ (same rows).

    The defender best-responds per type, so the attacker solves max Σ_θ p_θ v_θ s.t. v_θ ≤ (x @ A_θ)_d for every
    d, Σx = 1, x ≥ 0. The duals of type θ's constraints sum to p_θ; normalised they are its optimal strategy.
    """
    parts = [(float(p), np.asarray(a, dtype=float)) for p, a in parts]
    if len(parts) == 1:
        eq = solve(parts[0][1])
        return BayesEquilibrium(eq.row, (eq.col,), eq.value)
    m, t = parts[0][1].shape[0], len(parts)
    cost = np.concatenate([np.zeros(m), -np.array([p for p, _ in parts])])
    blocks = []
    for i, (_, a) in enumerate(parts):
        v = np.zeros((a.shape[1], t))
        v[:, i] = 1.0
        blocks.append(np.hstack([-a.T, v]))
    a_ub = np.vstack(blocks)
    a_eq = np.concatenate([np.ones(m), np.zeros(t)])[None, :]
    bounds = [(0, None)] * m + [(None, None)] * t
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(a_ub.shape[0]), A_eq=a_eq, b_eq=[1.0], bounds=bounds,
                  method="highs")
    if not res.success:
        raise RuntimeError(f"linprog failed: {res.message}")
    x = np.clip(res.x[:m], 0, None)
    duals = np.clip(-res.ineqlin.marginals, 0, None)
    cols, start = [], 0
    for _, a in parts:
        y = duals[start:start + a.shape[1]]
        start += a.shape[1]
        cols.append(y / y.sum() if y.sum() > 0 else np.full(a.shape[1], 1.0 / a.shape[1]))
    return BayesEquilibrium(x / x.sum(), tuple(cols), float(-res.fun))
