"""Armies, garrisons and the Upkeep track that follows them: the compiled twin of ``game/armies.py``.

``st`` is a record of ``fast.state.STATE``, ``R`` one of ``fast.tables.RULES``. Unit blocks are ``[type, veteran,
wounded]`` slices (``st.a_units[a]``, ``st.garrison[f]``). Every function here does what its namesake in
``game/armies.py`` does, in the same order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

HETMAN = 7
NA = 64
NS = 4
ON_MAP = 0

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def block_tokens(block, nt):
    n = 0
    for t in range(nt):
        n += block[t, 0, 0] + block[t, 0, 1] + block[t, 1, 0] + block[t, 1, 1]
    return n


@njit(cache=True)
def army_tokens(st, R, a):
    return block_tokens(st.a_units[a], R.nt)


@njit(cache=True)
def effectiveness(R, block):
    total = 0.0
    for t in range(R.nt):
        for v in range(2):
            e = R.u_eff[t, v]
            for w in range(2):
                if w == 1 and R.u_kind[t] == 2:
                    continue
                total += e * block[t, v, w]
    return total


@njit(cache=True)
def upkeep_of(R, block):
    n = 0
    for t in range(R.nt):
        n += R.u_upkeep[t] * (block[t, 0, 0] + block[t, 0, 1] + block[t, 1, 0] + block[t, 1, 1])
    return n


@njit(cache=True)
def new_army(st, R, force, field):
    for a in range(NA):
        if st.a_force[a] < 0:
            st.a_force[a] = force
            st.a_field[a] = field
            st.a_units[a, :, :, :] = 0
            st.a_fresh[a, :] = 0
            st.a_loose[a] = 0
            st.a_moved[a] = 0
            st.a_used[a] = 0
            st.a_attacks[a] = 0
            st.a_march[a] = 0
            st.a_away[a] = 0
            st.a_road[a] = -1
            st.a_target[a] = -1
            st.a_jasyr[a, :] = -1
            return a
    raise RuntimeError("no free army slot")


@njit(cache=True)
def charges(force):
    return 0 <= force < NS


@njit(cache=True)
def clamp_fresh(st, R, a, t):
    rv = R.recruit_vet[t]
    if st.a_fresh[a, t] > st.a_units[a, t, rv, 1]:
        st.a_fresh[a, t] = st.a_units[a, t, rv, 1]


@njit(cache=True)
def add_units(st, R, a, t, v, w, n, from_box):
    force = st.a_force[a]
    st.a_units[a, t, v, w] += n
    if from_box and force != HETMAN:
        st.box[t] -= n
    if charges(force):
        st.upkeep[force] += n * R.u_upkeep[t]


@njit(cache=True)
def remove_units(st, R, a, t, v, w, n, to_box):
    force = st.a_force[a]
    st.a_units[a, t, v, w] -= n
    clamp_fresh(st, R, a, t)
    if to_box and force != HETMAN:
        st.box[t] += n
    if charges(force):
        st.upkeep[force] -= n * R.u_upkeep[t]


@njit(cache=True)
def set_units(st, R, a, block, to_box):
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                delta = block[t, v, w] - st.a_units[a, t, v, w]
                if delta > 0:
                    add_units(st, R, a, t, v, w, delta, to_box)
                elif delta < 0:
                    remove_units(st, R, a, t, v, w, -delta, to_box)


@njit(cache=True)
def free_slot(st, a):
    for s in range(NS):
        if st.captor[s] == a:
            st.captor[s] = -1
            st.figure[s] = st.a_field[a]
    st.a_force[a] = -1


@njit(cache=True)
def clear_army(st, R, a, to_box):
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                if st.a_units[a, t, v, w]:
                    remove_units(st, R, a, t, v, w, st.a_units[a, t, v, w], to_box)
    free_slot(st, a)


@njit(cache=True)
def drop_if_empty(st, R, a):
    if st.a_force[a] >= 0 and army_tokens(st, R, a) == 0:
        free_slot(st, a)
        return True
    return False


@njit(cache=True)
def move_tokens(st, R, src, dst, t, v, w, n):
    st.a_units[src, t, v, w] -= n
    st.a_units[dst, t, v, w] += n
    if w == 1 and v == R.recruit_vet[t]:
        moved = min(n, st.a_fresh[src, t])
        st.a_fresh[src, t] -= moved
        st.a_fresh[dst, t] += moved


@njit(cache=True)
def carry(st, a, home):
    for k in range(st.a_jasyr.shape[1]):
        if st.a_jasyr[a, k] == -1:
            st.a_jasyr[a, k] = home
            return


@njit(cache=True)
def merge_armies(st, R, force):
    for a in range(NA):
        if st.a_force[a] != force or st.a_away[a] != ON_MAP:
            continue
        for b in range(a + 1, NA):
            if (
                st.a_force[b] == force
                and st.a_away[b] == ON_MAP
                and st.a_field[b] == st.a_field[a]
                and st.a_target[b] == st.a_target[a]
            ):
                for t in range(R.nt):
                    for v in range(2):
                        for w in range(2):
                            if st.a_units[b, t, v, w]:
                                move_tokens(st, R, b, a, t, v, w, st.a_units[b, t, v, w])
                st.a_loose[a] = max(st.a_loose[a], st.a_loose[b])
                st.a_moved[a] = max(st.a_moved[a], st.a_moved[b])
                st.a_march[a] = min(st.a_march[a], st.a_march[b])
                for k in range(st.a_jasyr.shape[1]):
                    if st.a_jasyr[b, k] != -1:
                        carry(st, a, st.a_jasyr[b, k])
                for s in range(NS):
                    if st.captor[s] == b:
                        st.captor[s] = a
                st.a_force[b] = -1


@njit(cache=True)
def garrison_add(st, R, f, t, v, w, n, from_box):
    force = st.garrison_force[f]
    st.garrison[f, t, v, w] += n
    if from_box:
        st.box[t] -= n
    if charges(force) and R.no_upkeep[f] == 0:
        st.upkeep[force] += n * R.u_upkeep[t]


@njit(cache=True)
def garrison_remove(st, R, f, t, v, w, n, to_box):
    force = st.garrison_force[f]
    st.garrison[f, t, v, w] -= n
    if to_box:
        st.box[t] += n
    if charges(force) and R.no_upkeep[f] == 0:
        st.upkeep[force] -= n * R.u_upkeep[t]


@njit(cache=True)
def set_garrison(st, R, f, block, to_box):
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                delta = block[t, v, w] - st.garrison[f, t, v, w]
                if delta > 0:
                    garrison_add(st, R, f, t, v, w, delta, to_box)
                elif delta < 0:
                    garrison_remove(st, R, f, t, v, w, -delta, to_box)
    if block_tokens(st.garrison[f], R.nt) == 0:
        st.garrison_force[f] = -1


@njit(cache=True)
def empty_garrison(st, R, f):
    set_garrison(st, R, f, np.zeros_like(st.garrison[f]), YES)


@njit(cache=True)
def change_garrison_force(st, R, f, force):
    old = st.garrison_force[f]
    cost = upkeep_of(R, st.garrison[f]) if R.no_upkeep[f] == 0 else 0
    if charges(old):
        st.upkeep[old] -= cost
    st.garrison_force[f] = force
    if charges(force):
        st.upkeep[force] += cost


@njit(cache=True)
def troops_at(st, R, f, force):
    n = 0
    for a in range(NA):
        if st.a_force[a] == force and st.a_field[a] == f and st.a_away[a] == ON_MAP:
            n += army_tokens(st, R, a)
    if st.garrison_force[f] == force:
        n += block_tokens(st.garrison[f], R.nt)
    return n


@njit(cache=True)
def enemy_troops(st, R, f, force):
    for a in range(NA):
        if st.a_force[a] >= 0 and st.a_field[a] == f and st.a_away[a] == ON_MAP and st.a_force[a] != force:
            if army_tokens(st, R, a) > 0:
                return True
    g = st.garrison_force[f]
    return g != -1 and g != force and block_tokens(st.garrison[f], R.nt) > 0


@njit(cache=True)
def first_army_at(st, f, force):
    """The lowest slot of ``force`` on the map on ``f``, -1."""
    for a in range(NA):
        if st.a_force[a] == force and st.a_field[a] == f and st.a_away[a] == ON_MAP:
            return a
    return -1
