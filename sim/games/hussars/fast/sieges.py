"""Sieges: effective siege, supplies, famine and the end of a siege (the compiled twin of ``game/sieges.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import law as L

NS = 4


@njit(cache=True)
def effective(st, R, a, f):
    return st.fortress[f] > 0 and A.army_tokens(st, R, a) >= R.effective_siege[st.fortress[f]]


@njit(cache=True)
def can_besiege(st, R, a):
    f, force = st.a_field[a], st.a_force[a]
    holder = st.garrison_force[f]
    return (st.fortress[f] > 0 and holder != -1 and holder != force and A.block_tokens(st.garrison[f], R.nt) > 0
            and st.besieger[f] < 0 and effective(st, R, a, f))  # fmt: skip


@njit(cache=True)
def start(st, R, a):
    f = st.a_field[a]
    who, amount = E.share(st, R, f)
    st.besieger[f] = a
    st.supply[f] = R.supplies[st.fortress[f]]
    E.settle(st, R, f, who, amount)
    st.a_loose[a] = 1


@njit(cache=True)
def housekeeping(st, R, force):
    for f in range(R.nf):
        if st.garrison_force[f] != force or st.besieger[f] < 0:
            continue
        if st.supply[f] > 0:
            st.supply[f] -= 1
            if st.supply[f] > 0:
                continue
        first = st.famine[f] == 0
        E.add_famine(st, R, f, np.int64(1))
        besieger = st.a_force[st.besieger[f]]
        if first and 0 <= besieger < NS:
            L.commit(st, R, besieger, R.famine_crime)


@njit(cache=True)
def check(st, R, f):
    a = st.besieger[f]
    if a < 0:
        return
    alive = st.a_force[a] >= 0 and st.a_field[a] == f and st.a_away[a] == 0
    if alive and A.block_tokens(st.garrison[f], R.nt) > 0 and effective(st, R, a, f):
        return
    who, amount = E.share(st, R, f)
    st.besieger[f] = -1
    st.supply[f] = 0
    E.settle(st, R, f, who, amount)
