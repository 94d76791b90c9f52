"""Army speed, the Dnieper, cheapest routes, interception and retreat: the compiled twin of ``game/movement.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import reactions

NS, OH, TATARS, REBELS, HETMAN = 4, 4, 5, 6, 7


@njit(cache=True)
def speed(st, R, a):
    best = -1
    for t in range(R.nt):
        for v in range(2):
            if st.a_units[a, t, v, 0] + st.a_units[a, t, v, 1]:
                mp = R.u_moves[t, v]
                if best < 0 or mp < best:
                    best = mp
    return best if best > 0 else 0


@njit(cache=True)
def wave(st, R, a):
    for t in range(R.nt):
        if st.a_units[a, t, 0, 0] + st.a_units[a, t, 0, 1] + st.a_units[a, t, 1, 0] + st.a_units[a, t, 1, 1]:
            if R.u_wave[t] == 0:
                return False
    return True


@njit(cache=True)
def dist(st, R, a, x, y):
    """The army's Movement Points from x to y (a < 0: a figure alone)."""
    if a >= 0 and wave(st, R, a):
        return R.dist_wave[x, y]
    return R.dist[x, y]


@njit(cache=True)
def step_cost(st, R, a, x, y):
    if a >= 0 and wave(st, R, a):
        return 1
    return R.f_cost[x, y]


@njit(cache=True)
def next_step(st, R, a, cur, goal, budget):
    if cur == goal:
        return -1
    w = a >= 0 and wave(st, R, a)
    for k in range(R.f_nnb[cur]):
        nb = R.f_nb[cur, k]
        c = 1 if w else R.f_cost[cur, nb]
        d_nb = R.dist_wave[nb, goal] if w else R.dist[nb, goal]
        d_cur = R.dist_wave[cur, goal] if w else R.dist[cur, goal]
        if c <= budget and c + d_nb == d_cur:
            return nb
    return -1


@njit(cache=True)
def intercepts(st, R, P, sp, rs, f, force, a):
    holder = st.garrison_force[f]
    if holder < 0 or holder == force or st.fortress[f] == 0 or A.block_tokens(st.garrison[f], R.nt) == 0:
        return False
    if holder == OH:
        return L.is_enemy(st, R, force)
    if holder == REBELS:
        return True
    if holder < NS:
        return reactions.intercept(st, R, P, sp, rs, holder, f, a)
    return False


@njit(cache=True)
def move(st, R, P, sp, rs, a, goal, budget, carry):
    """(MP spent, the intercepting garrison's field or -1)."""
    spent = 0
    while True:
        nb = next_step(st, R, a, st.a_field[a], goal, budget - spent)
        if nb < 0:
            return spent, -1
        spent += step_cost(st, R, a, st.a_field[a], nb)
        st.a_field[a] = nb
        if carry >= 0:
            st.figure[carry] = nb
        if intercepts(st, R, P, sp, rs, nb, st.a_force[a], a):
            return spent, nb


@njit(cache=True)
def move_figure(st, R, s, goal):
    budget = R.figure_mp
    while budget > 0 and st.figure[s] != goal:
        nb = next_step(st, R, np.int64(-1), st.figure[s], goal, budget)
        if nb < 0:
            return
        budget -= R.f_cost[st.figure[s], nb]
        st.figure[s] = nb


@njit(cache=True)
def nearest_zone(st, R, f):
    best = -1
    for z in range(R.nf):
        if R.f_zone_hi[z] > 0:
            if best < 0 or R.dist_wave[f, z] < R.dist_wave[f, best]:
                best = z
    return best


@njit(cache=True)
def home_of(st, R, force, field):
    if 0 <= force < NS:
        return E.home(st, R, force)
    if force == HETMAN:
        return R.qa_field
    if force == REBELS:
        return R.sich
    if force == TATARS:
        return nearest_zone(st, R, field)
    return field


@njit(cache=True)
def retreat_field(st, R, a):
    here, force = st.a_field[a], st.a_force[a]
    goal = home_of(st, R, force, here)
    best = -1
    for k in range(R.f_nnb[here]):
        nb = R.f_nb[here, k]
        if R.f_bank[nb] != R.f_bank[here] and R.f_cost[here, nb] != 1:
            continue
        if A.enemy_troops(st, R, nb, force):
            continue
        if best < 0 or R.dist[nb, goal] < R.dist[best, goal]:
            best = nb
    return best
