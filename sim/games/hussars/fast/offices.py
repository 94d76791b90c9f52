"""Titles and Royal Leases changing hands: the compiled twin of ``game/offices.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E

NS, OH = 4, 4

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def vacate(st, t):
    st.title_holder[t] = -1
    st.title_successor[t] = 0


@njit(cache=True)
def take_estate(st, R, f, holder):
    if st.owner[f] == OH and holder != OH:
        for a in range(A.NA):
            if st.a_force[a] == OH and st.a_field[a] == f and st.a_away[a] == 0:
                A.clear_army(st, R, a, YES)
    E.set_owner(st, R, f, holder)


@njit(cache=True)
def grant(st, R, t, holder, successor):
    st.title_holder[t] = holder
    st.title_successor[t] = 1 if (successor and holder < NS) else 0
    for k in range(R.t_endow.shape[1]):
        f = R.t_endow[t, k]
        if f >= 0 and st.owner[f] != holder:
            take_estate(st, R, f, holder)


@njit(cache=True)
def transfer_lease(st, R, i, holder):
    old = st.lease_holder[i]
    if old == holder:
        return
    if 0 <= old < NS:
        st.upkeep[old] -= R.l_upkeep[i]
    if 0 <= holder < NS:
        st.upkeep[holder] += R.l_upkeep[i]
    st.lease_holder[i] = holder
    f = R.l_field[i]
    if old == OH:
        for a in range(A.NA):
            if st.a_force[a] == OH and st.a_field[a] == f and st.a_away[a] == 0:
                A.clear_army(st, R, a, YES)
        if st.garrison_force[f] == OH:
            A.empty_garrison(st, R, f)
    take_estate(st, R, f, holder)
