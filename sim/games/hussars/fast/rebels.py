"""The Ex-Registered rebels' turn, the treaty and the Agreement: the compiled twin of ``game/rebels.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import enemies as EN
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import movement as M
from sim.games.hussars.fast import policy as PO
from sim.games.hussars.fast import raids as RD
from sim.games.hussars.fast import reactions, rng
from sim.games.hussars.fast import sieges as SG
from sim.games.hussars.fast import tatars as TA
from sim.games.hussars.fast import unrest as U

NS, REBELS = 4, 6
GARRISON = -2
RICHEST, ARMY, ESTATE = 1, 2, 3

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def richest(st, R, target):
    best = -1
    for f in range(R.nf):
        if st.owner[f] == target and st.occupier[f] != REBELS:
            if best < 0 or E.gross(st, R, f) > E.gross(st, R, best):
                best = f
    return best


@njit(cache=True)
def options(st, R, a, action, out):
    if action == ARMY:
        allow = EN.ALLOW_TARGETS if st.uprising_turn <= 1 else EN.ALLOW_ALL
        return EN.army_targets(st, R, a, allow, out)
    if action == ESTATE or action == RICHEST:
        n = 0
        for t in range(NS + 1):
            if (action == ESTATE and t == st.a_target[a]) or (action == RICHEST and st.targets[t]):
                f = richest(st, R, t)
                if f >= 0:
                    dup = False
                    for i in range(n):
                        if out[i] == f:
                            dup = True
                    if not dup:
                        out[n] = f
                        n += 1
        for i in range(1, n):
            cur = out[i]
            j = i - 1
            while j >= 0 and out[j] > cur:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = cur
        return n
    return 0


@njit(cache=True)
def draw(st, R, rs, a, out):
    n = A.army_tokens(st, R, a)
    for _ in range(R.natk):
        card = st.attack[0]
        k = 0
        if R.atk_lo[card, 1] <= n <= R.atk_hi[card, 1]:
            k = options(st, R, a, R.atk_action[card, 1], out)
        if k > 0:
            rng.shuffle(rs, st.attack, R.natk)
            return R.atk_action[card, 1], k
        TA.to_bottom(st, R)
    return -1, 0


@njit(cache=True, inline="always")
def turn(st, R, BT, P, sp, rs, mode):
    if not st.uprising:
        return
    st.uprising_turn += 1
    c = R.cossack
    for f in range(R.nf):
        here = A.first_army_at(st, f, np.int64(REBELS))
        if st.occupier[f] == REBELS and here >= 0 and st.incited[f] > 0 and st.box[c] > 0:
            E.add_peasants(st, R, f, np.int64(0), np.int64(-1))
            A.add_units(st, R, here, c, np.int64(0), np.int64(0), np.int64(1), YES)
    U.defect_meeting(st, R)
    mine = np.empty(A.NA, np.int64)
    n = 0
    for a in range(A.NA):
        if st.a_force[a] == REBELS and st.a_away[a] == 0:
            mine[n] = a
            n += 1
    for i in range(n):
        a = mine[i]
        if st.a_force[a] == REBELS and st.a_away[a] == 0:
            _act(st, R, BT, P, sp, rs, mode, a)
        if not st.uprising:
            return
    A.merge_armies(st, R, np.int64(REBELS))
    U.check_suppressed(st, R, rs)


@njit(cache=True, inline="always")
def _act(st, R, BT, P, sp, rs, mode, a):
    out = np.empty(A.NA + R.nf, np.int64)
    action, n = draw(st, R, rs, a, out)
    if action < 0:
        goal = richest(st, R, st.a_target[a])
        if goal >= 0:
            _march_on(st, R, BT, P, sp, rs, mode, a, goal)
        return
    s = EN.controller(st, np.int64(REBELS))
    i = PO.attack_target(st, R, P, sp, rs, s, action == ARMY, out, n)
    if not 0 <= i < n:
        st.illegal += 1
        i = 0
    target = out[i]
    if action == ARMY:
        if (
            _go(st, R, BT, P, sp, rs, mode, a, st.a_field[target])
            and st.a_force[target] >= 0
            and st.a_field[target] == st.a_field[a]
        ):
            CB.fight(st, R, BT, P, sp, rs, mode, a, target, NO, NO)
    else:
        _march_on(st, R, BT, P, sp, rs, mode, a, target)


@njit(cache=True)
def _go(st, R, BT, P, sp, rs, mode, a, goal):
    spent, icpt = M.move(st, R, P, sp, rs, a, goal, EN.budget(st, R, a), np.int64(-1))
    st.a_moved[a] += spent
    if spent > M.speed(st, R, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
        return False
    return st.a_force[a] == REBELS and st.a_field[a] == goal


@njit(cache=True)
def _march_on(st, R, BT, P, sp, rs, mode, a, f):
    if not _go(st, R, BT, P, sp, rs, mode, a, f):
        return
    here = np.empty(A.NA, np.int64)
    n = 0
    for b in range(A.NA):
        if st.a_force[b] >= 0 and st.a_field[b] == f and st.a_away[b] == 0:
            here[n] = b
            n += 1
    for i in range(n):
        b = here[i]
        if st.a_force[b] != -1 and st.a_force[b] != REBELS and st.a_force[a] == REBELS:
            CB.fight(st, R, BT, P, sp, rs, mode, a, b, NO, NO)
    if st.a_force[a] != REBELS:
        return
    for b in range(A.NA):
        if st.a_force[b] >= 0 and st.a_force[b] != REBELS and st.a_field[b] == f and st.a_away[b] == 0:
            return
    g = st.garrison_force[f]
    if g != -1 and g != REBELS and A.block_tokens(st.garrison[f], R.nt) > 0:
        if st.besieger[f] < 0 and SG.can_besiege(st, R, a):
            SG.start(st, R, a)
        if st.besieger[f] == a:
            CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), NO, YES)
        if st.a_force[a] != REBELS or A.block_tokens(st.garrison[f], R.nt) > 0:
            return
        _hold_fortress(st, R, a, f)
    if RD.can_occupy(st, R, a):
        RD.occupy(st, R, a)


@njit(cache=True)
def _hold_fortress(st, R, a, f):
    if not st.fortress[f]:
        return
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                if st.a_units[a, t, v, w] and A.army_tokens(st, R, a) > 1:
                    A.remove_units(st, R, a, t, v, w, np.int64(1), NO)
                    st.garrison_force[f] = REBELS
                    A.garrison_add(st, R, f, t, v, w, np.int64(1), NO)
                    return


@njit(cache=True)
def treaty(st, R, P, sp, rs):
    if not st.uprising:
        return
    coming = st.uprising_turn + 1
    if coming >= R.auto_turn:
        U.end(st, R, rs, YES)
        return
    if 0 <= coming < R.treaty.shape[0] and R.treaty[coming]:
        for t in range(4):
            holder = st.title_holder[t]
            if R.t_senator[t] and 0 <= holder < NS and reactions.veto(st, R, P, sp, rs, holder):
                return
        U.end(st, R, rs, YES)
