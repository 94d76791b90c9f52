"""Enlist, Replenish, Disband and garrison moves: the compiled twin of ``game/recruiting.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A

NS = 4

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def recruitable(st, R, s, t):
    if R.recruit_cost[t] < 0:
        return False
    fam = st.family[s]
    if R.u_reserved[t]:
        return fam >= 0 and R.fam_unique[fam, t] == 1
    return True


@njit(cache=True)
def can_enlist_at(st, R, s, f):
    return 0 <= f < R.nf and st.owner[f] == s and st.besieger[f] < 0 and st.occupier[f] < 0


@njit(cache=True)
def army_at(st, R, s, f):
    a = A.first_army_at(st, f, s)
    return a if a >= 0 else A.new_army(st, R, s, f)


@njit(cache=True)
def place_recruits(st, R, s, f, t, n):
    n = min(n, st.box[t])
    if n <= 0:
        return 0
    a = army_at(st, R, s, f)
    A.add_units(st, R, a, t, R.recruit_vet[t], np.int64(1), n, YES)
    st.a_fresh[a, t] += n
    st.enlisting[f] = 1
    return n


@njit(cache=True)
def enlist(st, R, s, f, t, n, discount):
    if not 0 <= t < R.nt or not recruitable(st, R, s, t) or not can_enlist_at(st, R, s, f) or n <= 0:
        return 0
    price = max(0, R.recruit_cost[t] - discount)
    if price:
        n = min(n, st.gold[s] // price)
    got = place_recruits(st, R, s, f, t, n)
    st.gold[s] -= got * price
    return got


@njit(cache=True)
def _heal(st, R, s, units, fresh_row, has_fresh, f, order, budget, spent):
    if st.owner[f] != s or st.besieger[f] >= 0:
        return spent
    for k in range(R.nt):
        t = order[k]
        for v in range(2):
            healable = units[t, v, 1] - (fresh_row[t] if (has_fresh and v == R.recruit_vet[t]) else 0)
            price = R.replenish_cost[t]
            while healable > 0 and st.gold[s] >= price and spent + price <= budget:
                units[t, v, 1] -= 1
                units[t, v, 0] += 1
                healable -= 1
                st.gold[s] -= price
                spent += price
    return spent


@njit(cache=True)
def replenish(st, R, s, budget):
    order = cheapest_order(R)
    spent = 0
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_away[a] == 0:
            spent = _heal(st, R, s, st.a_units[a], st.a_fresh[a], YES, st.a_field[a], order, budget, spent)
    for f in range(R.nf):
        if st.garrison_force[f] == s:
            spent = _heal(st, R, s, st.garrison[f], st.a_fresh[0], NO, f, order, budget, spent)
    return spent


@njit(cache=True)
def cheapest_order(R):
    order = [t for t in range(R.nt)]
    for i in range(1, R.nt):
        cur = order[i]
        j = i - 1
        while j >= 0 and (R.replenish_cost[order[j]], order[j]) > (R.replenish_cost[cur], cur):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = cur
    return order


@njit(cache=True)
def can_garrison(st, R, s, f):
    g = st.garrison_force[f]
    return st.owner[f] == s and st.fortress[f] > 0 and (g == -1 or g == s) and st.besieger[f] < 0


@njit(cache=True)
def to_garrison(st, R, a, t, v, w, n):
    s, f = st.a_force[a], st.a_field[a]
    if not 0 <= s < NS or not can_garrison(st, R, s, f):
        return 0
    free = st.a_units[a, t, v, w] - (st.a_fresh[a, t] if (w == 1 and v == R.recruit_vet[t]) else 0)
    n = min(n, free)
    if n <= 0:
        return 0
    A.remove_units(st, R, a, t, v, w, n, NO)
    st.garrison_force[f] = s
    A.garrison_add(st, R, f, t, v, w, n, NO)
    A.drop_if_empty(st, R, a)
    return n
