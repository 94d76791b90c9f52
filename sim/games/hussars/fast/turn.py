"""The Action Phase: planning and Time, the Turn Order Track, Housekeeping and each Force's turn (the compiled twin
of ``game/turn.py``). ``acted`` records the position after every action when tracing (the lockstep tests)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import bidding as BD
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import hetman as H
from sim.games.hussars.fast import orders as O
from sim.games.hussars.fast import policy as PO
from sim.games.hussars.fast import raids as RD
from sim.games.hussars.fast import rebels as RB
from sim.games.hussars.fast import recruiting as RC
from sim.games.hussars.fast import sieges as SG
from sim.games.hussars.fast import tatars as TA
from sim.games.hussars.fast import unrest as U

NS, OH, TATARS, REBELS, HETMAN = 4, 4, 5, 6, 7
(ORDERS, ENLIST, REPLENISH, CARD_BIDDING, BUY, SEAT, TOWN, SETTLERS, FORTRESS, EXTRA_BID, PRESTIGE, GOLD,
 MERCENARIES, CHURCH, HUSSAR, KINGS_SUPPORT) = range(16)  # fmt: skip

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def acted(flat, trace, tn):
    if trace.shape[0] > 0:
        trace[tn[0], :] = flat
        tn[0] += 1


@njit(cache=True)
def legal_plan(st, R, s, cards, n, counts):
    counts[:] = 0
    for i in range(n):
        c = cards[i]
        if not 0 <= c < R.nc:
            return False
        counts[c] += 1
    stars = 0
    for c in range(R.nc):
        if counts[c] > st.hand[s, c]:
            return False
        stars += counts[c] * R.c_stars[c]
    return stars <= R.star_limit


@njit(cache=True)
def plan(st, R, P, sp, rs):
    plan_forced(st, R, P, sp, rs, np.int64(-1), np.empty(0, np.int64), np.int64(0))


@njit(cache=True)
def plan_forced(st, R, P, sp, rs, forced, fcards, fn):
    """``plan`` with seat ``forced``'s cards ``fcards[:fn]`` in place of its plan's (the searcher's candidate);
    ``forced`` -1: every seat its plan's."""
    cards = np.empty(64, np.int64)
    counts = np.zeros(R.nc, np.int64)
    for s in range(NS):
        if st.active[s] == 0:
            continue
        if s == forced:
            n = fn
            cards[:n] = fcards[:n]
        else:
            n = PO.cards(st, R, P, sp, rs, s, cards)
        set_plan(st, R, s, cards, n, counts)


@njit(cache=True)
def set_plan(st, R, s, cards, n, counts):
    """Seat ``s`` plays the cards ``cards[:n]`` this Action Phase (none when they break the rules)."""
    if not legal_plan(st, R, s, cards, n, counts):
        st.illegal += 1
        counts[:] = 0
    time = 0
    for c in range(R.nc):
        st.hand[s, c] -= counts[c]
        st.played[s, c] = counts[c]
        time += counts[c] * R.c_time[c]
    st.time[s] = time


@njit(cache=True)
def _insert(forces, times, n, force, time, before_ties):
    pos = n
    for i in range(n):
        if times[i] > time or (before_ties and times[i] == time):
            pos = i
            break
    for i in range(n, pos, -1):
        forces[i] = forces[i - 1]
        times[i] = times[i - 1]
    forces[pos] = force
    times[pos] = time
    return n + 1


@njit(cache=True)
def turn_order(st, R):
    old = np.empty(NS, np.int64)
    n = 0
    for i in range(NS):
        if st.track[i] >= 0:
            old[n] = st.track[i]
            n += 1
    seats = old[:n].copy()
    for i in range(1, n):  # by Time, ties keep the earlier place
        cur = seats[i]
        j = i - 1
        while j >= 0 and st.time[seats[j]] > st.time[cur]:
            seats[j + 1] = seats[j]
            j -= 1
        seats[j + 1] = cur
    for i in range(NS):
        st.track[i] = seats[i] if i < n else -1
    forces = np.full(8, -1, np.int64)
    times = np.zeros(8, np.int64)
    for i in range(n):
        forces[i], times[i] = seats[i], st.time[seats[i]]
    m = n
    q = 0
    for a in range(A.NA):
        if st.a_force[a] == HETMAN and st.a_away[a] == 0:
            q += 1
    if q:
        m = _insert(forces, times, m, np.int64(HETMAN), q, NO)
    tat = 0
    for a in range(A.NA):
        if st.a_force[a] == TATARS and st.a_away[a] == 0:
            tat += 1
    reb = 0
    if st.uprising:
        for a in range(A.NA):
            if st.a_force[a] == REBELS and st.a_away[a] == 0:
                reb += 1
    for force, time, first in ((TATARS, tat, False), (REBELS, reb, True)):
        if time == 0:
            continue
        if R.enemies_last:
            forces[m], times[m] = force, time
            m += 1
        else:
            m = _insert(forces, times, m, force, time, first)
    for i in range(8):
        st.order[i] = forces[i] if i < m else -1


@njit(cache=True)
def housekeeping(st, R, force):
    for f in range(R.nf):
        if st.owner[f] != force:
            continue
        if st.enlisting[f] > 0:
            st.enlisting[f] -= 1
        if st.building[f]:
            st.building[f] = 0
            st.fortress[f] += 1
    SG.housekeeping(st, R, force)
    for a in range(A.NA):
        if st.a_force[a] != force:
            continue
        for t in range(R.nt):
            n = st.a_fresh[a, t]
            if n:
                v = R.recruit_vet[t]
                st.a_units[a, t, v, 1] -= n
                st.a_units[a, t, v, 0] += n
                st.a_fresh[a, t] = 0
        if st.besieger[st.a_field[a]] != a:
            st.a_loose[a] = 0
        st.a_used[a] = 0
        st.a_attacks[a] = 0
    if 0 <= force < NS:
        RD.occupation_turn(st, R, force)


@njit(cache=True)
def _place(st, R, P, sp, rs, s):
    f = PO.place(st, R, P, sp, rs, s)
    return f if RC.can_enlist_at(st, R, s, f) else -1


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(cache=True, inline="always")
def resolve(st, R, BT, P, sp, rs, mode, s, c):
    e = R.c_effect[c]
    if e == ORDERS:
        found, army, goal, action, target = PO.order(st, R, P, sp, rs, s)
        return found and O.execute(st, R, BT, P, sp, rs, mode, s, army, goal, action, target, NO)
    if e == ENLIST:
        rows = np.zeros((R.nt, 3), np.int64)
        n = PO.enlist(st, R, P, sp, rs, s, rows)
        got = 0
        for i in range(n):
            got += RC.enlist(st, R, s, rows[i, 0], rows[i, 1], rows[i, 2], np.int64(0))
        return got > 0
    if e == REPLENISH:
        return RC.replenish(st, R, s, max(0, PO.replenish(st, R, P, sp, rs, s))) > 0
    if e == CARD_BIDDING:
        BD.card_bidding(st, R, s)
        return True
    if e == EXTRA_BID:
        st.bids[s] += R.c_amount[c]
        return True
    if e == BUY:
        return E.buy_province(st, R, s, PO.buy(st, R, P, sp, rs, s))
    if e == SEAT:
        return E.build_seat(st, R, s, PO.seat_site(st, R, P, sp, rs, s))
    if e == TOWN:
        return E.found_town(st, R, s, PO.town(st, R, P, sp, rs, s))
    if e == SETTLERS:
        option, f = PO.settle(st, R, P, sp, rs, s)
        if option == 2:
            return E.lokator(st, R, s, f)
        if option == 1 and E.settle_estate(st, R, s, f):
            U.change_happiness(st, R, rs, s, -R.settle_happy)
            return True
        return False
    if e == FORTRESS:
        return E.fortify(st, R, s, PO.fortress(st, R, P, sp, rs, s))
    if e == PRESTIGE:
        st.prestige[s] = min(R.n_prestige - 1, st.prestige[s] + R.c_amount[c])
        return True
    if e == GOLD:
        st.gold[s] += R.c_amount[c]
        return True
    if e == KINGS_SUPPORT:
        st.kings_support[s] += R.c_amount[c]
        return True
    if e == CHURCH:
        for f in range(R.nf):
            if st.owner[f] == s:
                st.bright[f] += st.incited[f]
                st.incited[f] = 0
        U.change_happiness(st, R, rs, s, R.c_amount[c])
        return True
    if e == MERCENARIES:
        f = _place(st, R, P, sp, rs, s)
        return f >= 0 and RC.place_recruits(st, R, s, f, R.light_cavalry, R.c_amount[c]) > 0
    if e == HUSSAR:
        f = _place(st, R, P, sp, rs, s)
        return f >= 0 and RC.enlist(st, R, s, f, R.winged_hussar, np.int64(1), R.c_amount[c]) > 0
    return False


@njit(cache=True)
def _garrison(st, R, P, sp, rs, s):
    target = PO.garrison(st, R, P, sp, rs, s)
    if target <= 0:
        return
    kinds = np.empty(R.nt, np.int64)
    for t in range(R.nt):
        kinds[t] = t
    for i in range(1, R.nt):  # weakest first: (veteran Effectiveness, type)
        cur = kinds[i]
        j = i - 1
        while j >= 0 and (R.u_eff[kinds[j], 1], kinds[j]) > (R.u_eff[cur, 1], cur):
            kinds[j + 1] = kinds[j]
            j -= 1
        kinds[j + 1] = cur
    mine = np.empty(A.NA, np.int64)
    n = 0
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_away[a] == 0:
            mine[n] = a
            n += 1
    for i in range(n):
        a = mine[i]
        f = st.a_field[a]
        if st.a_force[a] != s or not RC.can_garrison(st, R, s, f):
            continue
        for k in range(R.nt):
            t = kinds[k]
            for v in range(2):
                for w in range(2):
                    need = target - A.block_tokens(st.garrison[f], R.nt)
                    if need > 0 and st.a_force[a] == s and A.army_tokens(st, R, a) > 1:
                        RC.to_garrison(st, R, a, t, v, w, min(need, A.army_tokens(st, R, a) - 1))


@njit(cache=True, inline="always")
def player_turn(st, R, BT, P, sp, rs, mode, s, flat, trace, tn):
    housekeeping(st, R, s)
    acted(flat, trace, tn)
    if st.captor[s] < 0 and st.figure[s] >= 0:
        found, army, goal, action, target = PO.figure(st, R, P, sp, rs, s)
        if found and not O.execute(st, R, BT, P, sp, rs, mode, s, army, goal, action, target, YES):
            st.illegal += 1
        acted(flat, trace, tn)
    for c in range(R.nc):
        for _ in range(st.played[s, c]):
            done = resolve(st, R, BT, P, sp, rs, mode, s, c)
            fate = R.c_fate[c] if done else 0
            if fate == 0:
                st.hand[s, c] += 1
            elif fate == 1:
                st.resting[s, c] += 1
            if done and R.c_yellow[c]:
                X.gain(st, R, s, R.xp_yellow)
            acted(flat, trace, tn)
        st.played[s, c] = 0
    _garrison(st, R, P, sp, rs, s)
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_march[a] > 0:
            O.march(st, R, BT, P, sp, rs, mode, a)
    A.merge_armies(st, R, s)
    BD.place_crests(st, R, P, sp, rs, s)
    acted(flat, trace, tn)


@njit(cache=True)
def settle_rewards(st, R, P, sp, rs):
    for s in range(NS):
        while st.rewards_due[s] > 0:
            st.rewards_due[s] -= 1
            kind, i = PO.reward(st, R, P, sp, rs, s)
            X.take_reward(st, R, s, kind, i)


# not inlined: ``loop.play`` calls it twice a Round, and inlined it would be typed, lowered and optimized twice
@njit(cache=True)
def action_phase(st, R, BT, P, sp, rs, mode, flat, trace, tn):
    phase_begins(st, R, P, sp, rs)
    plan(st, R, P, sp, rs)
    phase_turns(st, R, BT, P, sp, rs, mode, flat, trace, tn)


@njit(cache=True, inline="always")
def phase_begins(st, R, P, sp, rs):
    """The Action Phase up to its planning: the rebels' treaty, the armies' Movement Points reset."""
    RB.treaty(st, R, P, sp, rs)
    for a in range(A.NA):
        st.a_moved[a] = 0


@njit(cache=True, inline="always")
def phase_turns(st, R, BT, P, sp, rs, mode, flat, trace, tn):
    """The Action Phase after its planning: the Turn Order Track, then each Force's turn."""
    turn_order(st, R)
    SG.housekeeping(st, R, np.int64(OH))
    acted(flat, trace, tn)
    for i in range(8):
        force = st.order[i]
        if force < 0:
            continue
        st.acting = force
        if force < NS:
            player_turn(st, R, BT, P, sp, rs, mode, force, flat, trace, tn)
        elif force == HETMAN:
            housekeeping(st, R, np.int64(HETMAN))
            for a in range(A.NA):
                if st.a_force[a] == HETMAN and st.a_away[a] == 0:
                    H.turn(st, R, BT, P, sp, rs, mode, a)
            acted(flat, trace, tn)
        elif force == TATARS:
            housekeeping(st, R, np.int64(TATARS))
            mine = np.empty(A.NA, np.int64)
            n = 0
            for a in range(A.NA):
                if st.a_force[a] == TATARS and st.a_away[a] == 0:
                    mine[n] = a
                    n += 1
            for k in range(n):
                a = mine[k]
                if st.a_force[a] == TATARS:
                    TA.turn(st, R, BT, P, sp, rs, mode, a)
            A.merge_armies(st, R, np.int64(TATARS))
            acted(flat, trace, tn)
        elif force == REBELS:
            housekeeping(st, R, np.int64(REBELS))
            RB.turn(st, R, BT, P, sp, rs, mode)
            acted(flat, trace, tn)
        settle_rewards(st, R, P, sp, rs)
    st.acting = -1
