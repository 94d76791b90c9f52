"""A seat's decisions in its own turn and at the auctions: the compiled twin of strategies/hussars (``scripted.py``,
``random_legal.py`` and ``view.py``). ``P[sp[s]]`` is the seat's plan record (``params.PLAN``): kind 0 draws every
choice from the game's stream over the options listed in the reference's order, kind 1 follows the scripted
machinery. Decisions only (policy.decide); the rule modules apply them. An order is (found, army, goal, action,
target); a field answer of -1 is "none".
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import movement as M
from sim.games.hussars.fast import orders as O
from sim.games.hussars.fast import raids as RD
from sim.games.hussars.fast import reactions, rng
from sim.games.hussars.fast import recruiting as RC
from sim.games.hussars.fast import sieges as SG
from sim.games.hussars.fast import victory as V

NS, OH = 4, 4
AUTUMN = 2
PRIORITY_EFFECT = np.array([0, 1, 2, 4, 5, 6, 7, 8, -1])  # EFFECT_PRIORITIES → EFFECTS (-1: any yellow card)
CARD_BIDDING, EXTRA_BID = 3, 9
BIG = 10**6

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def _money(st, p, s):
    return st.gold[s] - p.reserve


@njit(cache=True)
def _final(st):
    return st.round == st.rounds and st.season == AUTUMN


@njit(cache=True)
def _card(st, R, s, pri, taken):
    """A card for priority ``pri`` still in hand (lowest type index), or -1."""
    effect = PRIORITY_EFFECT[pri]
    for c in range(R.nc):
        if effect == -1:
            match = R.c_yellow[c] == 1
        else:
            match = R.c_effect[c] == effect and R.c_yellow[c] == 0
        if match and st.hand[s, c] - taken[c] > 0:
            return c
    return -1


@njit(cache=True)
def _card_effect(st, R, s, effect, taken):
    for c in range(R.nc):
        if R.c_effect[c] == effect and R.c_yellow[c] == 0 and st.hand[s, c] - taken[c] > 0:
            return c
    return -1


# ---- the view ----------------------------------------------------------------------------------------------------


@njit(cache=True)
def rival_leader(st, R, s):
    best, top = -1, 0
    for i in range(NS):
        other = st.track[i]
        if other < 0 or other == s or st.active[other] == 0:
            continue
        score = V.total(st, R, other, YES)
        if best < 0 or score > top:
            best, top = other, score
    return best


# ---- scripted orders ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _raid_target(st, R, p, s, a, budget):
    here = st.a_field[a]
    allowance = BIG if (p.spree and _final(st)) else p.crest_limit - L.crests(st, s)
    best, k0, k1, k2 = -1, 0, 0, 0
    for f in range(R.nf):
        if not E.is_estate(st, f) or st.owner[f] == s or st.ruins[f] or M.dist(st, R, a, here, f) + R.raid_mp > budget:
            continue
        if A.enemy_troops(st, R, f, s):
            continue
        victim = st.owner[f]
        gold = RD.loot(st, R, f)
        if 0 <= victim < NS and L.crests(st, victim) > 0:
            if not p.punish:
                continue
            n = L.punishments_for_loot(R, gold)
            crimes = max(0, n - L.crests(st, victim)) if L.authorised(st, R, s, victim) else n
        else:
            if not p.raid:
                continue
            crimes = L.plunder_crimes(R, st.plunder[s], gold)
        if crimes > max(0, allowance) or gold <= 0:
            continue
        d = M.dist(st, R, a, here, f)
        if best < 0 or (-gold, d, f) < (k0, k1, k2):
            best, k0, k1, k2 = f, -gold, d, f
    return best


@njit(cache=True)
def best_order(st, R, p, s, a):
    here = st.a_field[a]
    budget = M.speed(st, R, a) + R.extra_mp
    if p.hunt:
        mine = A.effectiveness(R, st.a_units[a])
        best, bd = -1, 0
        for b in range(A.NA):
            force = st.a_force[b]
            if force < 0 or force == s or st.a_away[b] != 0 or A.army_tokens(st, R, b) == 0:
                continue
            hostile = L.is_enemy(st, R, force) or (p.attack_rivals == 1 and 0 <= force < NS)
            d = M.dist(st, R, a, here, st.a_field[b])
            if (
                hostile
                and d <= budget
                and mine >= p.attack_ratio * reactions.visible_strength(st, R, s, b, p.hidden_eff)
            ):
                if best < 0 or d < bd:
                    best, bd = b, d
        if best >= 0:
            return True, a, st.a_field[best], O.ATTACK, best
    if p.expeditions:
        for k in range(R.nroad):
            if st.expedition[k]:
                return True, a, R.roads[k], O.EXPEDITION, -1
    target = _raid_target(st, R, p, s, a, budget)
    if target >= 0:
        return True, a, target, O.RAID, -1
    home = E.home(st, R, s)
    if here != home and st.owner[here] != s:
        return True, a, home, O.NONE, -1
    return False, -1, -1, 0, -1


@njit(cache=True)
def _largest(st, R, s, field):
    """The orderable army of the seat with the most tokens (ties: the lowest slot), on ``field`` if >= 0."""
    best, top = -1, -1
    for a in range(A.NA):
        if O.can_order(st, R, s, a) and (field < 0 or st.a_field[a] == field):
            n = A.army_tokens(st, R, a)
            if n > top:
                best, top = a, n
    return best


# ---- random-legal orders ------------------------------------------------------------------------------------------


@njit(cache=True)
def army_option(st, R, s, a, k):
    """Option ``k`` of ``random_legal.army_options`` (k = -1: their count): (found, army, goal, action, target)."""
    here = st.a_field[a]
    budget = M.speed(st, R, a) + R.extra_mp
    i = 0
    if k == i:
        return 1, -1, -1, 0, -1  # None: no order
    i += 1
    for f in range(R.nf):
        if M.dist(st, R, a, here, f) <= budget:
            if k == i:
                return 1, a, f, O.NONE, -1
            i += 1
    for f in range(R.nf):
        if (
            M.dist(st, R, a, here, f) + 1 > budget
            or not E.is_estate(st, f)
            or st.owner[f] == s
            or A.enemy_troops(st, R, f, s)
        ):
            continue
        if st.ruins[f] == 0:
            if k == i:
                return 1, a, f, O.RAID, -1
            i += 1
        if st.occupier[f] < 0 and st.besieger[f] < 0:
            if k == i:
                return 1, a, f, O.OCCUPY, -1
            i += 1
    for f in range(R.nf):
        if (
            M.dist(st, R, a, here, f) <= budget
            and E.is_estate(st, f)
            and st.owner[f] != s
            and not A.enemy_troops(st, R, f, s)
            and (st.fortress[f] or st.building[f] or st.family_seat[f] >= 0)
        ):
            if k == i:
                return 1, a, f, O.BURN, -1
            i += 1
    for b in range(A.NA):
        if (
            st.a_force[b] != -1
            and st.a_force[b] != s
            and st.a_away[b] == 0
            and A.army_tokens(st, R, b)
            and M.dist(st, R, a, here, st.a_field[b]) <= budget
        ):
            if k == i:
                return 1, a, st.a_field[b], O.ATTACK, b
            i += 1
    if st.besieger[here] == a and A.block_tokens(st.garrison[here], R.nt):
        if k == i:
            return 1, a, here, O.ATTACK, O.GARRISON
        i += 1
    for f in range(R.nf):
        g = st.garrison_force[f]
        if (
            M.dist(st, R, a, here, f) + 1 <= budget
            and st.fortress[f]
            and g != -1
            and g != s
            and st.besieger[f] < 0
            and A.block_tokens(st.garrison[f], R.nt)
            and SG.effective(st, R, a, f)
        ):
            if k == i:
                return 1, a, f, O.SIEGE, -1
            i += 1
    for r in range(R.nroad):
        if st.expedition[r]:
            if k == i:
                return 1, a, R.roads[r], O.EXPEDITION, -1
            i += 1
    return 0, i, -1, 0, -1


@njit(cache=True)
def _random_army_order(st, R, rs, s, a):
    n = army_option(st, R, s, a, np.int64(-1))[1]
    k = rng.below(rs, n)
    found, army, goal, action, target = army_option(st, R, s, a, k)
    if army < 0:
        return False, -1, -1, 0, -1
    return True, army, goal, action, target


# ---- the questions ---------------------------------------------------------------------------------------------


@njit(cache=True)
def figure(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        for a in range(A.NA):
            if st.a_force[a] == s and st.a_away[a] == 0 and st.a_field[a] == st.figure[s] and O.can_order(st, R, s, a):
                return _random_army_order(st, R, rs, s, a)
        here = st.figure[s]
        n = 1
        for f in range(R.nf):
            if R.dist[here, f] <= R.figure_mp:
                n += 1
        k = rng.below(rs, n)
        if k == 0:
            return False, -1, -1, 0, -1
        i = 1
        for f in range(R.nf):
            if R.dist[here, f] <= R.figure_mp:
                if i == k:
                    return True, -1, f, O.NONE, -1
                i += 1
        return False, -1, -1, 0, -1
    a = _largest(st, R, s, st.figure[s])
    if a >= 0:
        return best_order(st, R, p, s, a)
    a = _largest(st, R, s, np.int64(-1))
    if a >= 0 and st.a_field[a] != st.figure[s]:
        return True, -1, st.a_field[a], O.NONE, -1
    return False, -1, -1, 0, -1


@njit(cache=True)
def order(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        n = 0
        for a in range(A.NA):
            if st.a_force[a] == s and st.a_away[a] == 0 and O.can_order(st, R, s, a):
                n += 1
        if n == 0:
            return False, -1, -1, 0, -1
        k = rng.below(rs, n)
        for a in range(A.NA):
            if st.a_force[a] == s and st.a_away[a] == 0 and O.can_order(st, R, s, a):
                if k == 0:
                    return _random_army_order(st, R, rs, s, a)
                k -= 1
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_away[a] == 0 and O.can_order(st, R, s, a):
            found, army, goal, action, target = best_order(st, R, p, s, a)
            if found:
                return found, army, goal, action, target
    return False, -1, -1, 0, -1


@njit(cache=True)
def enlist(st, R, P, sp, rs, s, out):
    """(field, type, count) rows into ``out``; returns how many."""
    p = P[sp[s]]
    if p.kind == 0:
        nt = 0
        for k in range(R.nt):
            t = R.recruit_order[k]
            if t >= 0 and RC.recruitable(st, R, s, t) and st.box[t] and st.gold[s] >= R.recruit_cost[t]:
                nt += 1
        nf = 0
        for f in range(R.nf):
            if st.owner[f] == s and RC.can_enlist_at(st, R, s, f):
                nf += 1
        if nt == 0 or nf == 0:
            return 0
        kt, kf = rng.below(rs, nt), rng.below(rs, nf)
        for k in range(R.nt):
            t = R.recruit_order[k]
            if t >= 0 and RC.recruitable(st, R, s, t) and st.box[t] and st.gold[s] >= R.recruit_cost[t]:
                if kt == 0:
                    out[0, 1] = t
                kt -= 1
        for f in range(R.nf):
            if st.owner[f] == s and RC.can_enlist_at(st, R, s, f):
                if kf == 0:
                    out[0, 0] = f
                kf -= 1
        out[0, 2] = 1 + rng.below(rs, np.int64(2))
        return 1
    have = 0
    for a in range(A.NA):
        if st.a_force[a] == s:
            have += A.army_tokens(st, R, a)
    for f in range(R.nf):
        if st.garrison_force[f] == s:
            have += A.block_tokens(st.garrison[f], R.nt)
    need = p.army_target - have
    home = E.home(st, R, s)
    if need <= 0 or not RC.can_enlist_at(st, R, s, home):
        return 0
    money = _money(st, p, s)
    room = st.income[s] + p.upkeep_margin - st.upkeep[s]
    n = 0
    for k in range(R.nt):
        t = p.units[k]
        if t < 0:
            break
        if not RC.recruitable(st, R, s, t) or need <= 0:
            continue
        upkeep = R.u_upkeep[t]
        m = min(need, money // R.recruit_cost[t], st.box[t], room // upkeep if upkeep else need)
        if m > 0:
            out[n, 0], out[n, 1], out[n, 2] = home, t, m
            n += 1
            need -= m
            money -= m * R.recruit_cost[t]
            room -= m * upkeep
    return n


@njit(cache=True)
def replenish(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, max(0, st.gold[s]) + 1)
    return max(0, _money(st, p, s))


@njit(cache=True)
def _random_field(st, R, rs, s, which):
    """A uniform draw over the fields where an action is allowed, plus "none" (-1): which 0 buy, 1 seat, 2 town,
    3 fortress."""
    n = 1
    for f in range(R.nf):
        if _allowed(st, R, s, f, which):
            n += 1
    k = rng.below(rs, n)
    for f in range(R.nf):
        if _allowed(st, R, s, f, which):
            if k == 0:
                return f
            k -= 1
    return -1


@njit(cache=True)
def _allowed(st, R, s, f, which):
    if which == 0:
        return E.can_buy(st, R, s, f)
    if which == 1:
        return E.can_build_seat(st, R, s, f)
    if which == 2:
        return E.can_found_town(st, R, s, f)
    return E.can_fortify(st, R, s, f)


@njit(cache=True)
def buy(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return _random_field(st, R, rs, s, np.int64(0))
    best, k0, k1 = -1, 0, 0
    for f in range(R.nf):
        price = E.province_price(st, R, f)
        if E.can_buy(st, R, s, f) and price <= p.province_max_price and st.gold[s] - price >= p.reserve:
            if best < 0 or (price, -E.gross(st, R, f), f) < (k0, k1, best):
                best, k0, k1 = f, price, -E.gross(st, R, f)
    return best


@njit(cache=True)
def seat_site(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return _random_field(st, R, rs, s, np.int64(1))
    if not p.family_seat or st.gold[s] - R.seat_gold < p.reserve:
        return -1
    best = -1
    for f in range(R.nf):
        if st.owner[f] == s and E.can_build_seat(st, R, s, f):
            if best < 0 or (-st.fortress[f], -E.gross(st, R, f), f) < (-st.fortress[best], -E.gross(st, R, best), best):
                best = f
    return best


@njit(cache=True)
def town(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return _random_field(st, R, rs, s, np.int64(2))
    best, k0, k1 = -1, 0, 0
    for f in range(R.nf):
        if st.owner[f] != s or not E.can_found_town(st, R, s, f):
            continue
        gold, _ = E.town_cost(st, R, f)
        if gold <= p.town_max_gold and st.gold[s] - gold >= p.reserve:
            if best < 0 or (gold, -E.gross(st, R, f), f) < (k0, k1, best):
                best, k0, k1 = f, gold, -E.gross(st, R, f)
    return best


@njit(cache=True)
def settle(st, R, P, sp, rs, s):
    """(option 0 none, 1 settlers, 2 lokator; field)."""
    p = P[sp[s]]
    if p.kind == 0:
        n = 1
        for f in range(R.nf):
            if E.can_settle(st, R, s, f):
                n += 1
        for f in range(R.nf):
            if E.can_lokator(st, R, s, f):
                n += 1
        k = rng.below(rs, n)
        for f in range(R.nf):
            if E.can_settle(st, R, s, f):
                if k == 0:
                    return 1, f
                k -= 1
        for f in range(R.nf):
            if E.can_lokator(st, R, s, f):
                if k == 0:
                    return 2, f
                k -= 1
        return 0, -1
    if st.happiness[s] - R.settle_happy > p.settle_min_happiness and st.gold[s] - R.settle_gold >= p.reserve:
        best = -1
        for f in range(R.nf):
            if st.owner[f] == s and E.can_settle(st, R, s, f):
                key = (st.relief[f], -E.gross(st, R, f), f)
                if best < 0 or key < (st.relief[best], -E.gross(st, R, best), best):
                    best = f
        if best >= 0:
            return 1, best
    if p.lokator and st.gold[s] - R.lok_gold >= p.reserve:
        for f in range(R.nf):
            if E.is_lokator_site(st, R, s, f):
                return 2, f
    return 0, -1


@njit(cache=True)
def fortress(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return _random_field(st, R, rs, s, np.int64(3))
    if not p.fortress:
        return -1
    best = -1
    for f in range(R.nf):
        if (
            st.owner[f] == s
            and E.can_fortify(st, R, s, f)
            and st.fortress[f] == 0
            and st.gold[s] - R.fort_gold[0] >= p.reserve
        ):
            if best < 0 or (-E.gross(st, R, f), f) < (-E.gross(st, R, best), best):
                best = f
    return best


@njit(cache=True)
def place(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        n = 1
        for f in range(R.nf):
            if st.owner[f] == s and RC.can_enlist_at(st, R, s, f):
                n += 1
        k = rng.below(rs, n)
        for f in range(R.nf):
            if st.owner[f] == s and RC.can_enlist_at(st, R, s, f):
                if k == 0:
                    return f
                k -= 1
        return -1
    return E.home(st, R, s)


@njit(cache=True)
def garrison(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, np.int64(3))
    return p.garrison


@njit(cache=True)
def _wounded(st, R, s):
    for a in range(A.NA):
        if st.a_force[a] == s and st.a_away[a] == 0:
            for t in range(R.nt):
                if st.a_units[a, t, 0, 1] or st.a_units[a, t, 1, 1]:
                    return True
    return False


@njit(cache=True)
def _useful(st, R, P, sp, rs, s, pri):
    p = P[sp[s]]
    if pri == 0:
        return order(st, R, P, sp, rs, s)[0]
    if pri == 1:
        rows = np.zeros((R.nt, 3), np.int64)
        return enlist(st, R, P, sp, rs, s, rows) > 0
    if pri == 2:
        return _wounded(st, R, s) and _money(st, p, s) > 0
    if pri == 3:
        return buy(st, R, P, sp, rs, s) >= 0
    if pri == 4:
        return seat_site(st, R, P, sp, rs, s) >= 0
    if pri == 5:
        return town(st, R, P, sp, rs, s) >= 0
    if pri == 6:
        return settle(st, R, P, sp, rs, s)[0] > 0
    if pri == 7:
        return fortress(st, R, P, sp, rs, s) >= 0
    return True


@njit(cache=True)
def cards(st, R, P, sp, rs, s, out):
    """The card types to play this Action Phase into ``out``; returns how many."""
    p = P[sp[s]]
    stars, n = 0, 0
    if p.kind == 0:
        for c in range(R.nc):
            for _ in range(st.hand[s, c]):
                take = rng.below(rs, np.int64(2))
                if take and stars + R.c_stars[c] <= R.star_limit:
                    stars += R.c_stars[c]
                    out[n] = c
                    n += 1
        return n
    taken = np.zeros(R.nc, np.int64)
    for k in range(p.priorities.shape[0]):
        pri = p.priorities[k]
        if pri < 0:
            break
        c = _card(st, R, s, pri, taken)
        if c < 0 or stars + R.c_stars[c] > R.star_limit or not _useful(st, R, P, sp, rs, s, pri):
            continue
        taken[c] += 1
        stars += R.c_stars[c]
        out[n] = c
        n += 1
    if p.bid_cards and _money(st, p, s) > 0:
        for effect in (CARD_BIDDING, EXTRA_BID):
            c = _card_effect(st, R, s, effect, taken)
            if c >= 0 and stars + R.c_stars[c] <= R.star_limit:
                taken[c] += 1
                stars += R.c_stars[c]
                out[n] = c
                n += 1
    return n


# ---- bids ----------------------------------------------------------------------------------------------------------


@njit(cache=True)
def auction(st, R, P, sp, rs, s, limit, out):
    p = P[sp[s]]
    n = 0
    if p.kind == 0:
        for k in range(4):
            if st.market[k] >= 0 and n < limit and rng.below(rs, np.int64(2)):
                out[n] = k
                n += 1
        return n
    for k in range(4):
        if st.market[k] >= 0 and p.yellow_values[st.market[k]] > 0:
            out[n] = k
            n += 1
    for i in range(1, n):
        cur = out[i]
        j = i - 1
        while j >= 0 and (-p.yellow_values[st.market[out[j]]], out[j]) > (-p.yellow_values[st.market[cur]], cur):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = cur
    return min(n, limit)


@njit(cache=True)
def bid_yellow(st, R, P, sp, rs, s, slot):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, max(0, st.gold[s]) + 1), 0, 0
    card = st.market[slot]
    value = p.yellow_values[card] if card >= 0 else 0
    return max(0, min(value, _money(st, p, s))), 0, 0


@njit(cache=True)
def bid_lease(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, max(0, st.gold[s]) // 2 + 1), 0, 0
    return max(0, min(p.lease_value, _money(st, p, s))), 0, 0


@njit(cache=True)
def bid_title(st, R, P, sp, rs, s, t):
    p = P[sp[s]]
    if p.kind == 0:
        gold = rng.below(rs, max(0, st.gold[s]) // 2 + 1) if R.t_cur[t, 0] else 0
        infl = rng.below(rs, max(0, st.influence[s]) + 1) if R.t_cur[t, 1] else 0
        return gold, infl, 0
    value = p.title_values[t]
    ks = min(st.kings_support[s], value // R.ks_gold) if R.t_cur[t, 2] else 0
    value -= ks * R.ks_gold
    infl = min(max(0, st.influence[s]), value // R.infl_gold) if R.t_cur[t, 1] else 0
    value -= infl * R.infl_gold
    gold = max(0, min(value, _money(st, p, s))) if R.t_cur[t, 0] else 0
    return gold, infl, ks


# ---- enemies' targets and rewards ---------------------------------------------------------------------------------


@njit(cache=True)
def attack_target(st, R, P, sp, rs, s, is_army, options, n):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, n)
    if not p.target_leader:
        return 0
    leader = rival_leader(st, R, s)
    best, bk = 0, 9
    for i in range(n):
        o = options[i]
        owner = st.a_force[o] if is_army else st.owner[o]
        if owner == s:
            k = 3
        elif owner == leader:
            k = 0
        elif 0 <= owner < NS:
            k = 1
        else:
            k = 2
        if k < bk:
            best, bk = i, k
    return best


@njit(cache=True)
def reward(st, R, P, sp, rs, s):
    """(kind 0 knowledge | 1 tactic | -1 none, index)."""
    p = P[sp[s]]
    n = X.count_options(st, R, s)
    if n == 0:
        return -1, -1
    if p.kind == 0:
        return X.option_at(st, R, s, rng.below(rs, n))
    for first in (0, 1):
        want_knowledge = (first == 0) == (p.reward_knowledge == 1)
        if want_knowledge:
            for k in range(R.nc):
                c = p.knowledge[k]
                if c < 0:
                    break
                if X.is_option(st, R, s, np.int64(0), c):
                    return 0, c
        else:
            for k in range(R.ntac):
                t = R.deck_order[k]
                if t >= 0 and X.is_option(st, R, s, np.int64(1), t):
                    return 1, t
    return X.option_at(st, R, s, np.int64(0))
