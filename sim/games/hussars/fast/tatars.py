"""Tatar Raid – Besh-bash: arrival, jasyr, withdrawal, leaving the map (the compiled twin of ``game/tatars.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import enemies as EN
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import movement as M
from sim.games.hussars.fast import policy as PO
from sim.games.hussars.fast import rng
from sim.games.hussars.fast import unrest as U

NS, TATARS = 4, 5
GARRISON = -2
JASYR, RICHEST, ARMY = 0, 1, 2  # ATTACK_ACTIONS

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def arrive(st, R, rs):
    roll = rng.die(rs, np.int64(6))
    zone = -1
    first = -1
    for f in range(R.nf):
        if R.f_zone_hi[f] > 0:
            if first < 0:
                first = f
            if zone < 0 and R.f_zone_lo[f] <= roll <= R.f_zone_hi[f]:
                zone = f
    if zone < 0:
        zone = first
    a = A.new_army(st, R, np.int64(TATARS), zone)
    for t in range(R.nt):
        n = R.raid_tokens[t]
        if n:
            A.add_units(st, R, a, t, np.int64(0), np.int64(0), min(n, st.box[t]), YES)
    st.st_tatar_raids += 1
    A.drop_if_empty(st, R, a)


@njit(cache=True)
def laden(st, a):
    for k in range(st.a_jasyr.shape[1]):
        if st.a_jasyr[a, k] != -1:
            return True
    return False


@njit(cache=True)
def jasyr_targets(st, R, a, out):
    n = 0
    for f in range(R.nf):
        if EN.settled(st, f) and st.ruins[f] == 0 and EN.reach(st, R, a, f, R.jasyr_mp):
            out[n] = f
            n += 1
    here = st.a_field[a]
    for i in range(1, n):
        cur = out[i]
        j = i - 1
        while j >= 0 and (M.dist(st, R, a, here, out[j]), out[j]) > (M.dist(st, R, a, here, cur), cur):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = cur
    return n


@njit(cache=True)
def options(st, R, a, action, out):
    if action == JASYR:
        return jasyr_targets(st, R, a, out)
    if action == RICHEST:
        n = jasyr_targets(st, R, a, out)
        if n == 0:
            return 0
        top = -1
        for i in range(n):
            top = max(top, E.gross(st, R, out[i]))
        m = 0
        for i in range(n):
            if E.gross(st, R, out[i]) == top:
                out[m] = out[i]
                m += 1
        return m
    if action == ARMY:
        return EN.army_targets(st, R, a, EN.ALLOW_LOYAL, out)
    return 0


@njit(cache=True)
def to_bottom(st, R):
    card = st.attack[0]
    for i in range(R.natk - 1):
        st.attack[i] = st.attack[i + 1]
    st.attack[R.natk - 1] = card


@njit(cache=True)
def draw(st, R, rs, a, out):
    """The green Attack card carried out: (action, how many targets in ``out``); (-1, 0) when none can be."""
    n = A.army_tokens(st, R, a)
    for _ in range(R.natk):
        card = st.attack[0]
        k = 0
        if R.atk_lo[card, 0] <= n <= R.atk_hi[card, 0]:
            k = options(st, R, a, R.atk_action[card, 0], out)
        if k > 0:
            rng.shuffle(rs, st.attack, R.natk)
            return R.atk_action[card, 0], k
        to_bottom(st, R)
    return -1, 0


@njit(cache=True, inline="always")
def turn(st, R, BT, P, sp, rs, mode, a):
    if laden(st, a):
        withdraw(st, R, BT, P, sp, rs, mode, a)
        return
    out = np.empty(A.NA + R.nf, np.int64)
    action, n = draw(st, R, rs, a, out)
    if action < 0:
        return
    s = EN.controller(st, np.int64(TATARS))
    i = PO.attack_target(st, R, P, sp, rs, s, action == ARMY, out, n)
    if not 0 <= i < n:
        st.illegal += 1
        i = 0
    target = out[i]
    if action == ARMY:
        if (
            _go(st, R, BT, P, sp, rs, mode, a, st.a_field[target], np.int64(0))
            and st.a_force[target] >= 0
            and st.a_field[target] == st.a_field[a]
        ):
            st.a_attacks[a] += 1
            CB.fight(st, R, BT, P, sp, rs, mode, a, target, NO, NO)
    else:
        _raid(st, R, BT, P, sp, rs, mode, a, target)


@njit(cache=True)
def _go(st, R, BT, P, sp, rs, mode, a, goal, reserve):
    spent, icpt = M.move(st, R, P, sp, rs, a, goal, EN.budget(st, R, a) - reserve, np.int64(-1))
    st.a_moved[a] += spent
    if spent > M.speed(st, R, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
        return False
    return st.a_force[a] == TATARS and st.a_field[a] == goal


@njit(cache=True, inline="always")
def _raid(st, R, BT, P, sp, rs, mode, a, f):
    if not _go(st, R, BT, P, sp, rs, mode, a, f, R.jasyr_mp):
        return
    here = np.empty(A.NA, np.int64)
    n = 0
    for b in range(A.NA):
        if st.a_force[b] >= 0 and st.a_field[b] == f and st.a_away[b] == 0:
            here[n] = b
            n += 1
    for i in range(n):
        b = here[i]
        if st.a_force[b] != -1 and st.a_force[b] != TATARS and st.a_field[b] == f and st.a_force[a] == TATARS:
            st.a_attacks[a] += 1
            CB.fight(st, R, BT, P, sp, rs, mode, a, b, NO, NO)
    if st.a_force[a] != TATARS:
        return
    for b in range(A.NA):
        if st.a_force[b] >= 0 and st.a_force[b] != TATARS and st.a_field[b] == f and st.a_away[b] == 0:
            return
    take_jasyr(st, R, a, f)


@njit(cache=True)
def take_jasyr(st, R, a, f):
    who, amount = E.share(st, R, f)
    st.ruins[f] += 1
    st.incited[f] += st.bright[f]
    st.bright[f] = 0
    for _ in range(R.jasyr_taken):
        if st.incited[f] > 0:
            st.incited[f] -= 1
            A.carry(st, a, f)
        elif st.town[f]:
            A.carry(st, a, -(f + 2))
    fled = min(R.jasyr_fleeing, st.incited[f])
    st.incited[f] -= fled
    st.bank_incited += fled
    E.settle(st, R, f, who, amount)
    st.a_loose[a] = 1


@njit(cache=True, inline="always")
def withdraw(st, R, BT, P, sp, rs, mode, a):
    goal = M.nearest_zone(st, R, st.a_field[a])
    mp = M.speed(st, R, a)
    fields = 0
    while st.a_field[a] != goal and fields < R.laden_fields and mp > 0:
        nb = M.next_step(st, R, a, st.a_field[a], goal, np.int64(1))
        if nb < 0:
            break
        st.a_field[a] = nb
        fields += 1
        mp -= 1
        if M.intercepts(st, R, P, sp, rs, nb, np.int64(TATARS), a):
            CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
            return
    st.a_loose[a] = 1
    if st.a_field[a] == goal and mp >= R.exit_mp:
        leave(st, R, rs, a)


@njit(cache=True)
def leave(st, R, rs, a):
    hetman = st.title_holder[R.t_hetman]
    for k in range(st.a_jasyr.shape[1]):
        home = st.a_jasyr[a, k]
        if home == -1:
            continue
        st.a_jasyr[a, k] = -1
        f = home if home >= 0 else -(home + 2)
        owner = st.owner[f]
        if 0 <= hetman < NS:
            st.influence[hetman] -= R.hetman_infl_lost
        if 0 <= owner < NS:
            st.st_jasyr[owner] += 1
            U.change_happiness(st, R, rs, owner, -R.owner_happy_lost)
    A.clear_army(st, R, a, YES)
