"""Expeditions, Swift Support and Favour debts: the compiled twin of ``game/expeditions.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import reactions, rng
from sim.games.hussars.fast import unrest as U

NS, HETMAN = 4, 7
DEBT = 8


@njit(cache=True)
def quarter_on_map(st):
    for a in range(A.NA):
        if st.a_force[a] == HETMAN and st.a_away[a] == 0:
            return True
    return False


@njit(cache=True)
def open_front(st, R, k, with_hetman):
    st.expedition[k] = 1
    if with_hetman:
        for a in range(A.NA):
            if st.a_force[a] == HETMAN and st.a_away[a] == 0:
                st.a_away[a] = 1
                st.a_road[a] = k
                st.a_field[a] = R.roads[k]


@njit(cache=True)
def cavalry_of(R, t):
    if R.u_kind[t] != 1:
        return 0
    return R.hussar_pay if t == R.winged_hussar else 1


@njit(cache=True)
def rewards(st, R):
    for k in range(R.nroad):
        if not st.expedition[k]:
            continue
        sent = 0
        strength = [0.0, 0.0, 0.0, 0.0]
        joined = [False, False, False, False]
        hetman_there = False
        for a in range(A.NA):
            if st.a_force[a] >= 0 and st.a_away[a] == 1 and st.a_road[a] == k:
                sent += A.army_tokens(st, R, a)
                if st.a_force[a] == HETMAN:
                    hetman_there = True
        success = sent > st.players
        for a in range(A.NA):
            if st.a_force[a] >= 0 and st.a_away[a] == 1 and st.a_road[a] == k:
                s = st.a_force[a]
                if 0 <= s < NS:
                    joined[s] = True
                    strength[s] += A.effectiveness(R, st.a_units[a])
                    cav = 0
                    for t in range(R.nt):
                        cav += cavalry_of(R, t) * (
                            st.a_units[a, t, 0, 0]
                            + st.a_units[a, t, 0, 1]
                            + st.a_units[a, t, 1, 0]
                            + st.a_units[a, t, 1, 1]
                        )
                    st.gold[s] += R.ek_pay * cav
        if success and R.ek_ks:
            best = -1
            for s in range(NS):
                if joined[s]:
                    st.kings_support[s] += R.ks_each
                    if (
                        best < 0
                        or strength[s] > strength[best]
                        or (strength[s] == strength[best] and CB.priority(st, s) < CB.priority(st, best))
                    ):
                        best = s
            if best >= 0:
                st.kings_support[best] += R.ks_strongest
        for s in range(NS):
            if joined[s] and st.figure[s] == R.roads[k] and st.captor[s] < 0:
                X.gain(st, R, s, R.figure_xp)
        holder = st.title_holder[R.t_hetman]
        if 0 <= holder < NS and hetman_there:
            st.influence[holder] += R.hetman_infl
            X.gain(st, R, holder, R.hetman_xp)
        st.expedition[k] = 0
    for a in range(A.NA):
        if st.a_force[a] >= 0 and st.a_away[a] != 0:
            st.a_away[a] = 0
            st.a_road[a] = -1
            st.a_march[a] = R.march_moves if st.a_force[a] != HETMAN else 0
            if st.a_force[a] == HETMAN:
                st.a_field[a] = R.qa_field
    for s in range(NS):
        A.merge_armies(st, R, s)


@njit(cache=True)
def _free(st, R, a, t, v, w):
    return st.a_units[a, t, v, w] - (st.a_fresh[a, t] if (w == 1 and v == R.recruit_vet[t]) else 0)


@njit(cache=True)
def send_cavalry(st, R, s, need, to_field):
    sent = 0
    away = -1
    for a in range(A.NA):
        if st.a_force[a] != s or st.a_away[a] != 0:
            continue
        for pass_ in range(2):  # Light Cavalry (1 unit each) first, then the rest by type
            for t in range(R.nt):
                c = cavalry_of(R, t)
                if c == 0 or (pass_ == 0) != (c == 1):
                    continue
                for v in range(2):
                    for w in range(2):
                        free = _free(st, R, a, t, v, w)
                        while free > 0 and sent < need:
                            if away < 0:
                                away = A.new_army(st, R, s, to_field if to_field >= 0 else st.a_field[a])
                                st.a_away[away] = 2
                            A.move_tokens(st, R, a, away, t, v, w, np.int64(1))
                            free -= 1
                            sent += c
        A.drop_if_empty(st, R, a)
    return sent


@njit(cache=True)
def cavalry_units(st, R, s):
    n = 0
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_away[a] == 0:
            for t in range(R.nt):
                for v in range(2):
                    for w in range(2):
                        n += cavalry_of(R, t) * _free(st, R, a, t, v, w)
    return n


@njit(cache=True)
def insert(st, rs, kind, param):
    pos = st.ev_top + rng.below(rs, st.ev_len - st.ev_top + 1)
    for i in range(st.ev_len, pos, -1):
        st.ev_kind[i] = st.ev_kind[i - 1]
        st.ev_param[i] = st.ev_param[i - 1]
    st.ev_kind[pos] = kind
    st.ev_param[pos] = param
    st.ev_len += 1


@njit(cache=True)
def swift_support(st, R, P, sp, rs, attacks, defended):
    v = rng.die(rs, R.n_voiv) - 1
    if not defended[0] and quarter_on_map(st):
        defended[0] = True
        return
    for s in range(NS):
        if st.active[s] == 0 or R.seat_domain[s] != v:
            continue
        send, favours, gold = reactions.swift(st, R, P, sp, rs, s, attacks, cavalry_units(st, R, s))
        left = attacks - send_cavalry(st, R, s, max(0, min(send, attacks)), np.int64(-1))
        for k in range(2):
            if left > 0 and (favours >> k) & 1 and st.favours[s, k]:
                st.favours[s, k] = 0
                left -= R.favour_cav[k]
                insert(st, rs, np.int64(DEBT), 2 * s + k)
        for _ in range(max(0, left)):
            if gold and st.gold[s] >= R.swift_gold:
                st.gold[s] -= R.swift_gold
            else:
                U.change_happiness(st, R, rs, s, -R.swift_happy)


@njit(cache=True)
def repay(st, R, P, sp, rs, param):
    s, k = param // 2, param % 2
    if st.active[s] == 0:
        return
    need = R.favour_cav[k]
    crown = -1
    for f in range(R.nf):
        if R.f_crown[f]:
            crown = f
            break
    if cavalry_units(st, R, s) >= need and reactions.repay(st, R, P, sp, rs, s):
        send_cavalry(st, R, s, need, crown)
    else:
        st.influence[s] -= R.debt_infl
