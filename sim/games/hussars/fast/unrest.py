"""Happiness, the outbreak of an uprising, defection and its end: the compiled twin of ``game/unrest.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import rng

NS, OH, REBELS = 4, 4, 6
UNREST_CAT = 15  # VP_CATS.index("unrest")

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def triggered(st, R, out):
    n = 0
    for s in range(NS):
        if st.active[s] and st.happiness[s] <= R.threshold:
            out[n] = s
            n += 1
    if st.overall <= R.threshold:
        out[n] = OH
        n += 1
    return n


@njit(cache=True)
def check(st, R, rs):
    hit = np.empty(NS + 1, np.int64)
    n = triggered(st, R, hit)
    if n == 0:
        return
    if not st.uprising:
        outbreak(st, R, rs)
        return
    for i in range(n):
        target = hit[i]
        if not st.targets[target]:
            st.targets[target] = 1
            if target < NS:
                defect(st, R, target, np.int64(-1))


@njit(cache=True)
def change_happiness(st, R, rs, s, delta):
    if st.active[s] == 0 or delta == 0:
        return
    st.happiness[s] += delta
    check(st, R, rs)


@njit(cache=True)
def change_overall(st, R, rs, delta):
    if delta == 0:
        return
    st.overall += delta
    for s in range(NS):
        if st.active[s]:
            st.happiness[s] += delta
    check(st, R, rs)


@njit(cache=True)
def outbreak(st, R, rs):
    total = 0
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                total += st.sich_units[t, v, w]
    if total == 0:
        return
    st.uprising = 1
    st.uprising_turn = 0
    st.st_uprisings += 1
    for s in range(NS):
        if st.active[s]:
            st.happiness[s] -= R.outbreak
    targets = np.empty(NS + 1, np.int64)
    k = triggered(st, R, targets)
    for i in range(k):
        st.targets[targets[i]] = 1
    share = total // k
    owner = np.empty(total, np.int64)
    for i in range(share * k):
        owner[i] = targets[i // share]
    for i in range(share * k, total):
        owner[i] = targets[rng.below(rs, k)]
    slots = np.full(NS + 1, -1, np.int64)
    for i in range(k):
        target = targets[i]
        used = False
        for j in range(total):
            if owner[j] == target:
                used = True
        if used:
            slots[target] = A.new_army(st, R, np.int64(REBELS), R.sich)
            st.a_target[slots[target]] = target
    j = 0
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                for _ in range(st.sich_units[t, v, w]):
                    A.add_units(st, R, slots[owner[j]], t, v, w, np.int64(1), NO)
                    j += 1
                st.sich_units[t, v, w] = 0
    for i in range(k):
        if targets[i] < NS:
            defect(st, R, targets[i], np.int64(-1))


@njit(cache=True)
def defect(st, R, s, field):
    c = R.cossack
    for a in range(A.NA):
        if st.a_force[a] != s or st.a_away[a] != 0:
            continue
        if field >= 0 and st.a_field[a] != field:
            continue
        if st.a_units[a, c, 0, 0] + st.a_units[a, c, 0, 1] + st.a_units[a, c, 1, 0] + st.a_units[a, c, 1, 1] == 0:
            continue
        rebel = A.new_army(st, R, np.int64(REBELS), st.a_field[a])
        st.a_target[rebel] = s
        for v in range(2):
            for w in range(2):
                n = st.a_units[a, c, v, w]
                if n:
                    A.remove_units(st, R, a, c, v, w, n, NO)
                    A.add_units(st, R, rebel, c, v, w, n, NO)
        A.drop_if_empty(st, R, a)


@njit(cache=True)
def defect_meeting(st, R):
    for s in range(NS):
        if st.active[s] == 0:
            continue
        if st.happiness[s] <= R.threshold:
            defect(st, R, s, np.int64(-1))
            continue
        for f in range(R.nf):
            here = False
            for a in range(A.NA):
                if st.a_force[a] == REBELS and st.a_away[a] == 0 and st.a_field[a] == f:
                    here = True
            if here:
                defect(st, R, s, f)


@njit(cache=True)
def suppressed(st, R):
    for a in range(A.NA):
        if st.a_force[a] == REBELS and st.a_away[a] == 0:
            for t in range(R.nt):
                for v in range(2):
                    if st.a_units[a, t, v, 0]:
                        return False
    for f in range(R.nf):
        if st.garrison_force[f] == REBELS:
            for t in range(R.nt):
                for v in range(2):
                    if st.garrison[f, t, v, 0]:
                        return False
    return True


@njit(cache=True)
def end(st, R, rs, agreement):
    if not st.uprising:
        return
    if agreement:
        for s in range(NS):
            if st.active[s]:
                st.vp[s, UNREST_CAT] -= E.agreement_loss(st, R, s, np.int64(REBELS))
    for f in range(R.nf):
        if st.occupier[f] == REBELS:
            E.set_occupier(st, R, f, np.int64(-1))
        if st.garrison_force[f] == REBELS:
            for t in range(R.nt):
                for v in range(2):
                    for w in range(2):
                        st.sich_units[t, v, w] += st.garrison[f, t, v, w]
                        st.garrison[f, t, v, w] = 0
            st.garrison_force[f] = -1
    for a in range(A.NA):
        if st.a_force[a] == REBELS:
            for t in range(R.nt):
                for v in range(2):
                    for w in range(2):
                        st.sich_units[t, v, w] += st.a_units[a, t, v, w]
                        st.a_units[a, t, v, w] = 0
            A.free_slot(st, a)
    st.uprising = 0
    st.uprising_turn = 0
    st.targets[:] = 0
    change_overall(st, R, rs, R.agreement_happy if agreement else R.suppression_happy)


@njit(cache=True)
def check_suppressed(st, R, rs):
    if st.uprising and suppressed(st, R):
        end(st, R, rs, NO)
