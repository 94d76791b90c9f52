"""The Attack deck and who resolves it: the compiled twin of ``game/enemies.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import movement as M

NS, TATARS, REBELS = 4, 5, 6
ALLOW_ALL, ALLOW_TARGETS, ALLOW_LOYAL = 0, 1, 2  # which armies an enemy may attack


@njit(cache=True)
def controller(st, force):
    pos = -1
    for i in range(st.order.shape[0]):
        if st.order[i] == force:
            pos = i
            break
    if pos >= 0:
        for i in range(pos + 1, st.order.shape[0]):
            f = st.order[i]
            if 0 <= f < NS:
                return f
    return st.track[0]


@njit(cache=True)
def budget(st, R, a):
    return M.speed(st, R, a) + R.extra_mp


@njit(cache=True)
def settled(st, f):
    return st.owner[f] >= 0 and (st.bright[f] + st.incited[f] > 0 or st.town[f] == 1)


@njit(cache=True)
def reach(st, R, a, f, reserve):
    return M.dist(st, R, a, st.a_field[a], f) <= budget(st, R, a) - reserve


@njit(cache=True)
def army_targets(st, R, a, allow, out):
    """Armies in reach an enemy may attack, by distance then slot: never Tatars or rebels; ALLOW_TARGETS: only the
    uprising's targets (its first turn); ALLOW_LOYAL: no Enemy of the Commonwealth (Tatars)."""
    n = 0
    for b in range(A.NA):
        force = st.a_force[b]
        if force < 0 or force == TATARS or force == REBELS or st.a_away[b] != 0 or A.army_tokens(st, R, b) == 0:
            continue
        if allow == ALLOW_TARGETS:
            if not (force < st.targets.shape[0] and st.targets[force] == 1):
                continue
        elif allow == ALLOW_LOYAL:
            if L.is_enemy(st, R, force):
                continue
        if not reach(st, R, a, st.a_field[b], np.int64(0)):
            continue
        out[n] = b
        n += 1
    here = st.a_field[a]
    for i in range(1, n):
        cur = out[i]
        j = i - 1
        while j >= 0 and (M.dist(st, R, a, here, st.a_field[out[j]]), out[j]) > (
            M.dist(st, R, a, here, st.a_field[cur]),
            cur,
        ):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = cur
    return n
