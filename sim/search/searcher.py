"""The rollout searcher's decision, written once: ``searcher(start, value)`` compiles, for one game's hooks, the
kernel that weighs a seat's candidates at a decision by playouts and returns the one to play.

A game's hooks take one tuple ``ctx`` (its position, tables and buffers) and the playout's stream ``rs`` ((1,)
uint64, advanced in place):

- ``start(ctx, rs)``: playout k's starting position: the decision's position copied and, determinized, what the
  seat cannot see resampled from ``rs`` (and what the others still hide planned again);
- ``value(ctx, c, rs)``: candidate ``c`` applied to a copy of that start, the game played on to its end by every
  seat's plan, the end scored for the seat (1 for a win else 0, or its share of the final score).

Playout k of the decision draws from ``trial_state(root, k)`` (``sim.rng``): ``start`` first, then every candidate's
``value`` from the same stream state, so all candidates meet the same resampled position and the same dice (common
random numbers), whatever the allocation. The budget (the search row, ``settings``):

- ``X_PER`` > 0 (``rollouts: N``): N playouts for every candidate (the uniform allocation of the searchers before
  ``budget``: their games replay exactly);
- else ``X_BUDGET`` playouts for the decision: ``X_ALLOC`` = ``UNIFORM``, ``budget // n`` for each of the n
  candidates (at least 1); ``HALVING``, sequential halving (Karnin, Koren and Somekh 2013): ceil(log2 n) rounds, each
  a share of what is left spread evenly over the candidates still in (at least one playout each), after which the
  better half by summed value stays, and every candidate tied with the last of that half too: no candidate is
  dropped on a tie (with a win objective and few playouts most values are 0, and dropping by candidate order would
  throw candidates away unseen). Every candidate still in has played the same playouts 0..k, so the sums compare
  like for like.

A decision with one candidate, or a budget of 0, plays no playout and keeps candidate 0 (the policy's own choice):
so the searcher with budget 0 plays its policy's games exactly (the game's own stream is never drawn from here).
Ties keep the earlier candidate, the policy's first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import trial_state

# a searcher's search row (``settings.search_row``): playouts per decision (-1: the seat does not search), playouts
# per candidate (``rollouts``; 0: by the budget), the allocation, the objective, whether it determinizes; a game's
# own columns follow from X_GAME
X_BUDGET, X_PER, X_ALLOC, X_OBJECTIVE, X_DETERMINIZE, X_GAME = range(6)
UNIFORM, HALVING = 0, 1
ALLOCATIONS = ("halving", "uniform")  # the ``allocation`` values; the row's code: ``ALLOC_CODES``
ALLOC_CODES = {"uniform": UNIFORM, "halving": HALVING}


def searcher(start, value, **options):
    """The compiled ``decide(ctx, nc, x, root, values, counts)`` for a game's hooks ``start`` and ``value`` (the
    module's docstring): weighs candidates 0..nc-1 with the budget of the search row ``x``, each playout k on the
    stream ``trial_state(root, k)``; ``values`` and ``counts`` (at least nc,) get each candidate's summed value and
    its playouts. Returns the candidate chosen (0, the policy's, when nothing is played)."""

    @njit(cache=True, **options)
    def decide(ctx, nc, x, root, values, counts):
        values[:nc] = 0.0
        counts[:nc] = 0
        if nc <= 1 or x[X_BUDGET] <= 0:
            return 0
        alive = np.arange(nc)
        na = nc
        rounds = 1
        halving = x[X_PER] <= 0 and x[X_ALLOC] == HALVING
        if halving:
            while (1 << rounds) < nc:
                rounds += 1
        rs = np.empty(1, np.uint64)
        k = 0
        spent = 0
        for r in range(rounds):
            if x[X_PER] > 0:
                m = x[X_PER]
            elif halving:
                m = max(1, (x[X_BUDGET] - spent) // ((rounds - r) * na))
            else:
                m = max(1, x[X_BUDGET] // nc)
            for _ in range(m):
                rs[0] = trial_state(root, k)
                start(ctx, rs)
                s = rs[0]
                for i in range(na):
                    c = alive[i]
                    rs[0] = s
                    values[c] += value(ctx, c, rs)
                    counts[c] += 1
                spent += na
                k += 1
            if r < rounds - 1:  # the better half stays, and every candidate tied with the last of it
                keep = (na + 1) // 2
                cut = np.sort(values[alive[:na]])[na - keep]
                k2 = 0
                for i in range(na):
                    if values[alive[i]] >= cut:
                        alive[k2] = alive[i]
                        k2 += 1
                na = k2
        best = alive[0]
        for i in range(1, na):
            if values[alive[i]] > values[best]:
                best = alive[i]
        return best

    return decide
