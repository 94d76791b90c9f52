"""Module 1 in the compiled engine: the Lordlings' turn (their deck, driven by d20 rolls), their reactions and their
Pass. The Lordlings are seat 1 with no Ruler. Twin of ``game/lordlings.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.benjamin import lordling_card
from sim.games.dark_ages.fast.building import church_vp
from sim.games.dark_ages.fast.culture import accessible, offer_take
from sim.games.dark_ages.fast.economy import gain_vp
from sim.games.dark_ages.fast.layout import (
    A_BUILD,
    A_DOC,
    A_MANOEUVRE,
    A_RECRUIT,
    A_RESEARCH,
    CT_COG,
    CT_COMMON,
    CT_GB,
    CT_MIL,
    CT_RAIDER,
    CT_RELIC,
    CT_TOB,
    HUMAN,
    L_BUILD,
    L_DOC,
    L_MANOEUVRE,
    L_PERSEVERE,
    L_RECRUIT,
    L_RESEARCH,
    L_SETTLE,
    LORDLINGS,
    MOD_POPE,
    MOD_TOB,
    O_CITY_ONLY,
    O_COG10,
    O_CULT3,
    O_RED_VP,
    O_TITLE_VP,
    V_CHURCH,
    V_COG,
    V_PROVINCES,
    V_REDSP,
    V_RESEARCH,
    V_TITLE,
    X_EXCHANGE,
    X_RECRUIT,
    X_REGROUP,
    X_SELL,
    X_WL,
    X_WS,
)  # fmt: skip
from sim.games.dark_ages.fast.passing import retrieve
from sim.games.dark_ages.fast.pope import lordling_church
from sim.games.dark_ages.fast.raiders import d20, discarded, pool_front, rolled_type
from sim.games.dark_ages.fast.reactions import place_noble
from sim.games.dark_ages.fast.state import add_units, controller, popcount, slots_used, units_at
from sim.games.dark_ages.fast.stream import J, rand_below, shuffle

L = LORDLINGS


@njit(**J)
def culture(S, T, amount):
    """Twin: ``game.lordlings.culture``: a red space gives them no Gold (harder: VP if first)."""
    old = S.culture[L]
    new = min(old + amount, T.cult_last)
    S.culture[L] = new
    for i in range(T.nred):
        r = T.red[i]
        if old < r <= new and not (S.red_reached >> i) & 1:
            S.red_reached |= 1 << i
            if S.options & O_RED_VP:
                gain_vp(S, L, T.diff_red_vp, V_REDSP)


@njit(**J)
def upgrade(S, T, kind, R):
    """Twin: ``game.lordlings.upgrade`` (``kind`` < 0: rolled)."""
    if kind < 0:
        kind = rolled_type(T, R)
    S.military[L, kind] = min(S.military[L, kind] + 1, T.l_max)


@njit(**J)
def distance_to_player(S, T, dist):
    """Twin: ``game.lordlings.distance_to_player`` (99: unreachable)."""
    queue = np.empty(T.np, np.int64)
    h, t = 0, 0
    for q in range(T.np):
        dist[q] = -1
        if controller(S, q) == HUMAN:
            dist[q] = 0
            queue[t] = q
            t += 1
    while h < t:
        q = queue[h]
        h += 1
        for i in range(T.nein[q]):
            r = T.nei[q, i]
            if S.in_play[r] and dist[r] < 0:
                dist[r] = dist[q] + 1
                queue[t] = r
                t += 1
    for q in range(T.np):
        if dist[q] < 0:
            dist[q] = 99


@njit(**J)
def pick(cand, key, m, R):
    """Twin: ``game.lordlings.pick``: the lowest key among ``cand[:m]`` (ascending ids), ties at random; -1."""
    if m == 0:
        return -1
    best = key[0]
    for i in range(1, m):
        if key[i] < best:
            best = key[i]
    c = 0
    for i in range(m):
        if key[i] == best:
            c += 1
    j = rand_below(R, c)
    for i in range(m):
        if key[i] == best:
            if j == 0:
                return cand[i]
            j -= 1
    return -1


@njit(**J)
def recruit(S, T, noble, R):
    """Twin: ``game.lordlings.recruit``."""
    if noble:
        place_noble(S, L, A_RECRUIT)
    kind, kk = -1, 0
    for k in range(3):
        if S.supply[L, k] > 0:
            on = 0
            for q in range(T.np):
                on += S.units[L, q, k]
            key = (on * 100 - S.military[L, k]) * 10 + k
            if kind < 0 or key < kk:
                kind, kk = k, key
    cand = np.empty(T.np, np.int64)
    key = np.empty(T.np, np.int64)
    m = 0
    for q in range(T.np):
        if controller(S, q) == L:
            cand[m] = q
            m += 1
    if kind < 0 or m == 0:
        return
    dist = np.empty(T.np, np.int64)
    distance_to_player(S, T, dist)
    for i in range(m):
        key[i] = dist[cand[i]] * 1000 + units_at(S, L, cand[i])
    where = pick(cand, key, m, R)
    S.supply[L, kind] -= 1
    add_units(S, L, where, kind, 1)
    if d20(T, R) >= T.recruit_up_from:
        upgrade(S, T, kind, R)


@njit(**J)
def research(S, T, R):
    """Twin: ``game.lordlings.research``."""
    if not S.prep & 1:
        S.prep |= 1
        return
    S.prep &= ~1
    place_noble(S, L, A_RESEARCH)
    roll = d20(T, R)
    if roll <= T.r_cult_up:
        culture(S, T, T.r_cult)
    elif roll <= T.r_upg_up:
        upgrade(S, T, -1, R)
    else:
        gain_vp(S, L, T.r_vp + T.r_vp_tech * S.solo_techs, V_RESEARCH)


@njit(**J)
def manoeuvre(S, T, R):
    """Twin: ``game.lordlings.manoeuvre``: a neighbouring Barbarian token is replaced by a Lordling Infantry."""
    if not S.prep & 2:
        S.prep |= 2
        return
    S.prep &= ~2
    place_noble(S, L, A_MANOEUVRE)
    near = np.zeros(T.np, np.int64)
    for q in range(T.np):
        if controller(S, q) == L:
            for i in range(T.nein[q]):
                r = T.nei[q, i]
                if S.barbarian[r] >= 0:
                    near[r] = 1
    m = 0
    for q in range(T.np):
        m += near[q]
    if m == 0 or S.supply[L, 0] == 0:
        return
    j = rand_below(R, m)
    q = 0
    while True:
        if near[q]:
            if j == 0:
                break
            j -= 1
        q += 1
    pool_front(S, S.barbarian[q])
    S.barbarian[q] = -1
    for k in range(3):
        S.barbarian_extra[q, k] = 0
    S.supply[L, 0] -= 1
    add_units(S, L, q, 0, 1)


@njit(**J)
def church_places(S, T, cand):
    """Twin: ``game.lordlings._church_places``."""
    if S.churches_built >= T.setup_churches:
        return 0
    m = 0
    for q in range(T.np):
        if S.city[q] and not S.church_in[q] and controller(S, q) == L and slots_used(S, q) < T.city_slots:
            cand[m] = q
            m += 1
    return m


@njit(**J)
def church(S, T, R):
    """Twin: ``game.lordlings.church``."""
    cand = np.empty(T.np, np.int64)
    key = np.empty(T.np, np.int64)
    m = church_places(S, T, cand)
    if m == 0:
        return False
    for i in range(m):
        key[i] = -church_vp(S, T, cand[i])
    q = pick(cand, key, m, R)
    gain_vp(S, L, church_vp(S, T, q), V_CHURCH)
    S.churches[S.church_n] = q
    S.church_n += 1
    S.church_in[q] = 1
    S.churches_built += 1
    if S.mods & MOD_POPE:  # module hook point (Module 12A: the Lordlings may take the Pope)
        lordling_church(S)
    return True


@njit(**J)
def take(S, T, card, R):
    """Twin: ``game.lordlings.take``: what the Lordlings do with a Culture card they take."""
    t = T.c_type[card]
    if S.mods & MOD_TOB and t == CT_TOB:  # module hook point (Module 13A: Travels of Benjamin)
        lordling_card(S)
    elif t == CT_COMMON:
        S.solo_techs += 1
    elif t == CT_MIL:
        upgrade(S, T, -1, R)
    elif t == CT_RELIC:
        church(S, T, R)
    elif t == CT_COG:
        gain_vp(S, L, T.diff_cog_vp if S.options & O_COG10 else T.l_cog_vp, V_COG)
    elif t == CT_GB:
        gain_vp(S, L, T.l_gb_vp, V_COG)
    elif t == CT_RAIDER:
        discarded(S, T, card, R)


@njit(**J)
def development_of_culture(S, T, R):
    """Twin: ``game.lordlings.development_of_culture``: the rightmost accessible card."""
    place_noble(S, L, A_DOC)
    n = min(accessible(S, T, L), S.offer_n)
    if n:
        take(S, T, offer_take(S, T, n - 1, False, R), R)


@njit(**J)
def build(S, T, R):
    """Twin: ``game.lordlings.build``: roll for City / Keep / Farm / Church, rerolling invalid results."""
    mine = np.zeros(T.np, np.int64)
    for q in range(T.np):
        mine[q] = controller(S, q) == L
    cities = np.empty(T.np, np.int64)
    keeps = np.empty(T.np, np.int64)
    farms = np.empty(T.np, np.int64)
    churches = np.empty(T.np, np.int64)
    key = np.empty(T.np, np.int64)
    nc, nk, nf = 0, 0, 0
    for q in range(T.np):
        if not mine[q]:
            continue
        if S.cities_left > 0 and not S.city[q]:
            cities[nc] = q
            nc += 1
        if S.city[q] and S.keep[q] < T.keep_levels:
            keeps[nk] = q
            nk += 1
        room = S.farms[q] >= 1 and S.farm_owner[q] == L and S.farms[q] < T.farms_per_province
        if S.farms_off[L] < T.track_farms and room:
            farms[nf] = q
            nf += 1
    nh = church_places(S, T, churches)
    if nc + nk + nf + nh == 0:
        return False
    place_noble(S, L, A_BUILD)
    dist = np.empty(T.np, np.int64)
    distance_to_player(S, T, dist)
    city, keep, farm = T.build_city_up, T.build_keep_up, T.build_farm_up
    while True:
        roll = d20(T, R)
        if roll <= city and nc:
            for i in range(nc):
                key[i] = dist[cities[i]]
            q = pick(cities, key, nc, R)
            S.city[q] = 1
            S.cities_left -= 1
            culture(S, T, T.city_culture)
            return True
        if city < roll <= keep and nk:
            for i in range(nk):
                q = keeps[i]
                c = 0
                for j in range(T.nein[q]):
                    c += mine[T.nei[q, j]]
                key[i] = -c * 1000 + dist[q]
            q = pick(keeps, key, nk, R)
            S.keep[q] += 1
            return True
        if keep < roll <= farm and nf:
            for i in range(nf):
                key[i] = dist[farms[i]]
            q = pick(farms, key, nf, R)
            S.farms[q] += 1
            S.farms_off[L] += 1
            return True
        if roll > farm and nh:
            return church(S, T, R)


@njit(**J)
def settle(S, T, R):
    """Twin: ``game.lordlings.settle``."""
    m = 0
    for q in range(T.np):
        if S.farms[q] == 0 and controller(S, q) == L:
            m += 1
    if m == 0 or S.farms_off[L] >= T.track_farms:
        return False
    j = rand_below(R, m)
    for q in range(T.np):
        if S.farms[q] == 0 and controller(S, q) == L:
            if j == 0:
                S.farm_owner[q] = L
                S.farms[q] = 1
                S.farms_off[L] += 1
                return True
            j -= 1
    return False


@njit(**J)
def pop(S):
    """Twin: ``game.lordlings.draw`` (the deck's top card onto the discard pile)."""
    n = S.ldeck_n
    card = S.ldeck[0]
    for i in range(n - 1):
        S.ldeck[i] = S.ldeck[i + 1]
    S.ldeck[n - 1] = 0
    S.ldeck_n = n - 1
    S.ldiscard[S.ldiscard_n] = card
    S.ldiscard_n += 1
    return card


@njit(**J)
def resolve(S, T, card, depth, R):
    """Twin: ``game.lordlings.resolve``, ``game.lordlings.draw``: 0, or 1 (Pass) / 2 (Rush) when the Lordlings
    Pass instead."""
    while True:
        if card == L_RESEARCH:
            research(S, T, R)
            return 0
        if card == L_RECRUIT:
            recruit(S, T, True, R)
            return 0
        if card == L_MANOEUVRE:
            manoeuvre(S, T, R)
            return 0
        if card == L_DOC:
            development_of_culture(S, T, R)
            return 0
        if card == L_BUILD:
            return 0 if build(S, T, R) else 1
        if card == L_SETTLE:
            if settle(S, T, R):
                return 0
            depth += 1
            if S.ldeck_n == 0 or depth > T.max_redraws:
                return 1
            card = pop(S)
            continue
        if card == L_PERSEVERE:
            earlier = -1
            for i in range(S.ldiscard_n - 1, -1, -1):
                c = S.ldiscard[i]
                if c != L_PERSEVERE and c != L_SETTLE:
                    earlier = c
                    break
            depth += 1
            if earlier >= 0:
                card = earlier
                continue
            if S.ldeck_n == 0:
                return 1
            if S.ldiscard_n and S.ldiscard[S.ldiscard_n - 1] == L_PERSEVERE:
                S.ldiscard_n -= 1
                S.ldiscard[S.ldiscard_n] = 0
            n = S.ldeck_n
            nxt = S.ldeck[0]
            for i in range(n - 1):
                S.ldeck[i] = S.ldeck[i + 1]
            n -= 1
            at = rand_below(R, n + 1)
            for i in range(n, at, -1):
                S.ldeck[i] = S.ldeck[i - 1]
            S.ldeck[at] = L_PERSEVERE
            S.ldeck_n = n + 1
            S.ldiscard[S.ldiscard_n] = nxt
            S.ldiscard_n += 1
            card = nxt
            continue
        return 2 if S.nobles_free[L] <= T.rush_nobles else 0  # Rush


@njit(**J)
def turn(S, T, R):
    """Twin: ``game.lordlings.turn``: Pass with no Noble disc, else draw and resolve the top card."""
    if S.nobles_free[L] == 0 or S.ldeck_n == 0:
        return 1
    return resolve(S, T, pop(S), 0, R)


@njit(**J)
def react(S, T, sp, R):
    """Twin: ``game.lordlings.react``: never a resource reaction; Recruit over the others."""
    a, b2 = T.react_at[sp], T.react_at[sp + 1]
    choice = -1
    if a != X_WL and a != X_WS:
        choice = a
    elif b2 != X_WL and b2 != X_WS:
        choice = b2
    if a == X_RECRUIT or b2 == X_RECRUIT:
        choice = X_RECRUIT
    if choice < 0:
        return
    if choice == X_RECRUIT:
        recruit(S, T, False, R)
    elif choice == X_SELL:
        culture(S, T, T.sell_culture)
    elif choice == X_EXCHANGE:
        if S.offer_n:
            take(S, T, offer_take(S, T, S.offer_n - 1, False, R), R)
    elif choice == X_REGROUP:
        S.prep = 3


@njit(**J)
def do_pass(S, T, rush, cyc, final, R):
    """Twin: ``game.lordlings.do_pass``."""
    if cyc and S.offer_n > 0:
        offer_take(S, T, 0, True, R)
    mine = np.zeros(T.np, np.int64)
    nm, ncity = 0, 0
    for q in range(T.np):
        if controller(S, q) == L:
            mine[q] = 1
            nm += 1
            ncity += S.city[q]
    for ti in range(T.nt):
        t = T.t_order[ti]
        held, tot = 0, 0
        for q in range(T.np):
            if T.t_prov[t, q]:
                tot += 1
                held += mine[q]
        need = (tot + 1) // 2 if rush else tot
        if held >= need and not (S.titles[L] >> t) & 1:
            for s in range(2):
                S.titles[s] &= ~(1 << t)
                S.titles_ready[s] &= ~(1 << t)
            if not (S.established >> t) & 1:
                gain_vp(S, L, T.t_vp[t], V_TITLE)
                S.established |= 1 << t
            S.titles[L] |= 1 << t
    retrieve(S, L)
    S.passes[L] += 1
    if final:
        S.finished[L] = 1
        return
    n = S.ldeck_n
    for i in range(S.ldiscard_n):
        S.ldeck[n + i] = S.ldiscard[i]
        S.ldiscard[i] = 0
    n += S.ldiscard_n
    S.ldeck_n = n
    S.ldiscard_n = 0
    shuffle(R, S.ldeck[:n], n)
    culture(S, T, T.diff_pass_culture if S.options & O_CULT3 else T.l_pass_culture)
    counted = ncity if S.options & O_CITY_ONLY else nm
    for i in range(T.l_npass_vp):
        if counted < T.l_pass_vp[i, 0]:
            gain_vp(S, L, T.l_pass_vp[i, 1], V_PROVINCES)
            break
    if S.options & O_TITLE_VP:
        gain_vp(S, L, T.diff_title_vp * popcount(S.titles[L]), V_TITLE)
