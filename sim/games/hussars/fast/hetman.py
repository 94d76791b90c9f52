"""The Hetman's Quarter Army: the compiled twin of ``game/hetman.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import enemies as EN
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import movement as M

HETMAN = 7
GARRISON = -2

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True, inline="always")
def turn(st, R, BT, P, sp, rs, mode, a):
    here = st.a_field[a]
    best, bd = -1, 0
    for b in range(A.NA):
        if (
            st.a_force[b] >= 0
            and st.a_away[b] == 0
            and A.army_tokens(st, R, b) > 0
            and L.is_enemy(st, R, st.a_force[b])
            and EN.reach(st, R, a, st.a_field[b], np.int64(0))
        ):
            d = M.dist(st, R, a, here, st.a_field[b])
            if best < 0 or d < bd:
                best, bd = b, d
    if best < 0:
        return
    b = best
    if A.effectiveness(R, st.a_units[a]) < R.qa_margin * A.effectiveness(R, st.a_units[b]):
        return
    spent, icpt = M.move(st, R, P, sp, rs, a, st.a_field[b], EN.budget(st, R, a), np.int64(-1))
    st.a_moved[a] += spent
    if spent > M.speed(st, R, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
        return
    if st.a_force[b] >= 0 and st.a_field[b] == st.a_field[a] and st.a_force[a] == HETMAN:
        CB.fight(st, R, BT, P, sp, rs, mode, a, b, NO, NO)


@njit(cache=True)
def refresh(st, R):
    first = -1
    for b in range(A.NA):
        if st.a_force[b] == HETMAN:
            if first < 0:
                first = b
            for t in range(R.nt):
                for v in range(2):
                    st.a_units[b, t, v, 0] += st.a_units[b, t, v, 1]
                    st.a_units[b, t, v, 1] = 0
    a = first if first >= 0 else A.new_army(st, R, np.int64(HETMAN), R.qa_field)
    for t in range(R.nt):
        n = R.qa_units[t]
        if n == 0:
            continue
        v = R.recruit_vet[t]
        have = 0
        for b in range(A.NA):
            if st.a_force[b] == HETMAN:
                have += (
                    st.a_units[b, t, 0, 0] + st.a_units[b, t, 0, 1] + st.a_units[b, t, 1, 0] + st.a_units[b, t, 1, 1]
                )
        if have < n:
            st.a_units[a, t, v, 0] += n - have
