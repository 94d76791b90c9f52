"""The Refresh Phase: the compiled twin of ``game/refresh.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import hetman as H
from sim.games.hussars.fast import law as L

NS, OH = 4, 4

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def refresh_phase(st, R):
    for f in range(R.nf):
        if st.owner[f] < 0:
            continue
        if st.ruins[f] > 0:
            E.add_ruins(st, R, f, np.int64(-1))
        elif st.relief[f] > 0:
            E.add_relief(st, R, f, np.int64(-1))
        if st.famine[f] > 0 and st.besieger[f] < 0:
            E.add_famine(st, R, f, -st.famine[f])
    H.refresh(st, R)
    c = R.cossack
    grow = R.sich_growth[st.players] + st.bank_incited
    grow = min(grow, st.box[c])
    st.sich_units[c, 0, 0] += grow
    st.box[c] -= grow
    st.bank_incited = 0
    for t in range(R.nt):
        for v in range(2):
            st.sich_units[t, v, 0] += st.sich_units[t, v, 1]
            st.sich_units[t, v, 1] = 0
    st.bank_incited += st.bank_bright
    st.bank_bright = 0
    for f in range(R.nf):
        if st.owner[f] != OH or A.troops_at(st, R, f, np.int64(OH)) > 0 or st.box[c] == 0 or st.occupier[f] >= 0:
            continue
        busy = False
        for a in range(A.NA):
            if st.a_force[a] >= 0 and st.a_field[a] == f and st.a_away[a] == 0 and A.army_tokens(st, R, a):
                busy = True
        if busy:
            continue
        g = st.garrison_force[f]
        if st.fortress[f] > 0 and (g == -1 or g == OH):
            st.garrison_force[f] = OH
            A.garrison_add(st, R, f, c, np.int64(0), np.int64(0), np.int64(1), YES)
        else:
            _, amount = E.share(st, R, f)
            if amount >= R.oh_cossack_income:
                a = A.new_army(st, R, np.int64(OH), f)
                A.add_units(st, R, a, c, np.int64(0), np.int64(0), np.int64(1), YES)
    L.expire(st, R)
    for s in range(NS):
        st.plunder[s] = 0
        for k in range(R.nc):
            st.hand[s, k] += st.resting[s, k]
            st.resting[s, k] = 0
