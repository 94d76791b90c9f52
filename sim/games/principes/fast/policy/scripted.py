"""The scripted plans' decisions, compiled: the twin of ``strategies.principes.scripted``.

Each function reads the plan's parameters from its compiled row (``Pp``: ints, ``Fp``: floats; offsets in
``params``) and builds its choice from the legal lists (``fast.legal``) in the reference's order. Unit strength is
rules.yaml's swords (``C.swords``), as ``legal.strength`` reads it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import site_shields
from sim.games.principes.fast.control import control_all, controller, land_clergy, land_might, land_people
from sim.games.principes.fast.legal import (
    assembly_room,
    building_sites,
    city_sites,
    first_support_card,
    on_map,
    reachable,
    stacks,
    tile_picks,
)
from sim.games.principes.fast.movement import move_points
from sim.games.principes.fast.policy.odds import win_probability
from sim.games.principes.fast.policy.params import (
    F_RATIO,
    F_WEAKEST,
    F_WIN_PROB,
    MAXBUILD,
    MAXPRIO,
    P_ARMY,
    P_ATT_NEUTRAL,
    P_ATT_PLAYERS,
    P_BLOCK,
    P_BUILD,
    P_CAPITAL_BONUS,
    P_COUNCIL_FINAL,
    P_COUNCIL_HOLD,
    P_COUNCIL_LEADS,
    P_DRAW_COURT,
    P_EARLY,
    P_EARLY_ROUNDS,
    P_FOUND,
    P_HOLD_SWORDS,
    P_KIND,
    P_LATE,
    P_LEAD_EARLY,
    P_LEAD_GOLD,
    P_LEAD_LATE,
    P_LEAD_SWITCH,
    P_MAXB,
    P_NB_DRAWS,
    P_NBUILD,
    P_NEARLY,
    P_NEWMECH,
    P_NPRIO,
    P_NWISH,
    P_POLITICS,
    P_PRINCE_MOVES,
    P_PRIO,
    P_PROGRESS,
    P_PROGRESS_RANK,
    P_RANK,
    P_RESERVE,
    P_SPEND,
    P_SPEND_RESERVE,
    P_TAKE_TILES,
    P_TARGET,
    P_TAX_MAX,
    P_TAX_MIN,
    SOLO,
    T_COUNCIL,
    T_DRAW,
    T_HOLD,
    T_LAND,
)
from sim.games.principes.fast.politics import positions_all, tracks_needed
from sim.games.principes.fast.setup import SYM_CLERGY, SYM_EITHER, SYM_PEOPLE
from sim.games.principes.fast.state import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    A_POLITICS,
    A_PROGRESS,
    A_TAXES,
    FOOTMAN,
    MAXHELD,
    NC,
    NF,
    NK,
    NL,
    NP,
    NTILES,
    PRINCE,
    T_CASTLE,
    figures,
    is_player,
)
from sim.games.principes.fast.taxes import can_tax

COUNCIL = -1  # ``scripted.Scripted.politics``' "council"
NPICKS = 2 * MAXHELD + 24  # rows of a picks array: 12 face-up tiles, each up to 3 exchanges


@njit(cache=True)
def support_plan(S, C, p, mine, plays, spare=-1):
    """``scripted.Scripted.support_plan``: each support card (sorted) on the lower of its tracks, none past the top.
    ``mine`` (3,) positions is updated; ``plays`` rows (card, 1 people | 2 clergy); returns how many. ``spare`` >= 0
    (``solo.SoloPlanner.solo_support``): only the first ``spare`` Neighbor Cards are played."""
    n = 0
    lo = first_support_card(S, C, p) if C.tiles else 3
    for card in range(lo, NC):  # Heralds of Peace: Battle Cards too (either track)
        for _ in range(S.hands[p, card]):
            if spare >= 0 and C.card_type[card] == 2:
                if spare == 0:
                    continue
                spare -= 1
            sym = C.card_sym[card]
            if sym == SYM_CLERGY:
                t = 2
            elif sym == SYM_PEOPLE:
                t = 1
            else:
                t = 1 if mine[1] <= mine[2] else 2
            if mine[t] < C.track_hi:
                mine[t] += 1
                plays[n, 0] = card
                plays[n, 1] = t
                n += 1
    return n


# --- scripted (strategies/principes/scripted.py) ----------------------------------------------------------------


@njit(cache=True)
def scripted_target(S, C, P, F, p, moves):
    """``scripted.Scripted.target``: the best land to take and the moves that take it (rows from, kind, n, to) →
    (land or -1, number of moves); the figures free to leave are ``scripted.Scripted.movable``'s, an attack's odds
    ``legal.defence`` against the reaching figures' swords (``legal.swords``, ``legal.strength``). A row whose
    ``P_TARGET`` the rollout searcher set holds (``T_HOLD``) or takes its land with the same figures, whatever the
    plan's thresholds say (``T_LAND`` + land: -1 unless a free figure reaches it and ``p`` does not hold it)."""
    if P[P_TARGET] == T_HOLD:
        return -1, 0
    force = P[P_TARGET] - T_LAND
    weakest = -1
    wkey = 1 << 40
    for q in range(NP):
        if not is_player(S, q):  # ``state.players``
            continue
        key = on_map(S, q) * NP + C.prank[q]
        if key < wkey:
            wkey = key
            weakest = q
    st = np.empty((3 * NL, 3), np.int64)
    ns = stacks(S, C, p, st)
    keep = np.ones(ns, np.bool_)
    for i in range(ns):
        if st[i, 1] == PRINCE and not P[P_PRINCE_MOVES]:
            keep[i] = False
    for i in range(ns):  # outside home, 1 figure holds the land: the cheapest (a Footman, else the first) stays
        if not keep[i]:
            continue
        land = st[i, 0]
        first = True
        for j in range(i):
            if keep[j] and st[j, 0] == land:
                first = False
        if not first or C.princ[land] == p:
            continue
        total = 0
        grp = -1
        for j in range(ns):
            if keep[j] and st[j, 0] == land:
                total += st[j, 2]
                if grp < 0 or (st[j, 1] == FOOTMAN and st[grp, 1] != FOOTMAN):
                    grp = j
        if figures(S, land, p) == total:
            st[grp, 2] -= 1
    solo = P[P_KIND] == SOLO
    if solo:
        hold_capitals(S, C, P, p, st, ns, keep)
    reach = np.empty((ns, NL), np.int64)
    power = np.zeros(NL, np.int64)
    odds = F[F_WIN_PROB] > 0
    arrive = np.zeros((NL if odds else 0, NK), np.int64)  # the figures of each kind that reach a land
    last = -1
    for i in range(ns):
        if not keep[i] or st[i, 2] <= 0:
            keep[i] = False
            continue
        points = move_points(S, C, p, st[i, 1])
        if last >= 0 and st[last, 0] == st[i, 0] and move_points(S, C, p, st[last, 1]) == points:
            reach[i] = reach[last]  # a Prince and Knights on one land reach the same lands
        else:
            reachable(S, C, p, st[i, 0], points, reach[i])
        last = i
        for land in range(NL):
            if reach[i, land]:
                power[land] += C.swords[st[i, 1]] * st[i, 2]
                if odds:
                    arrive[land, st[i, 1]] += st[i, 2]
    any_reach = np.zeros(NL, np.bool_)
    for i in range(ns):
        if keep[i]:
            for land in range(NL):
                if reach[i, land]:
                    any_reach[land] = True
    best = -1
    best_score = 0.0
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for r in range(NL):
        dest = C.byrank[r]
        if not any_reach[dest]:
            continue
        owner = ctrl[dest]
        if owner == p:
            continue
        if force >= 0:
            if dest == force and power[dest] > 0:
                best = dest
            continue
        is_pl = 0 <= owner < NP and S.nonplayer[owner] == 0  # a non-player's units are neutral (2-3 players)
        if not solo and ((is_pl and not P[P_ATT_PLAYERS]) or (not is_pl and not P[P_ATT_NEUTRAL])):
            continue
        if power[dest] == 0:
            continue
        defence = 0
        foe = -1
        for f in range(NF):
            if f != p and figures(S, dest, f) > 0:
                foe = f
                defence = site_shields(S, C, dest)  # ``legal.defence``: the defenders' swords plus the site's shields
                for k in range(NK):
                    defence += C.swords[k] * S.units[dest, f, k]
                break
        if odds and foe >= 0 and not solo:  # ``attack_win_prob``: the exact odds of the dice decide a battle
            if win_probability(C, arrive[dest], S.units[dest, foe], site_shields(S, C, dest)) <= F[F_WIN_PROB]:
                continue
        elif power[dest] < F[F_RATIO] * defence:
            continue
        score = land_might(S, C, dest) + land_people(S, C, dest) + land_clergy(S, C, dest)
        if solo:  # ``solo.SoloPlanner.target``: foreign Capitals first
            q = C.princ[dest]
            fscore = score + P[P_CAPITAL_BONUS] * (0 <= q != p and C.capital[q] == dest) + 0.0
        else:
            fscore = score + F[F_WEAKEST] * (owner == weakest)
        if fscore > 0 and (best < 0 or fscore > best_score):
            best = dest
            best_score = fscore
    nm = 0
    if best >= 0:
        for i in range(ns):
            if keep[i] and reach[i, best]:
                moves[nm, 0] = st[i, 0]
                moves[nm, 1] = st[i, 1]
                moves[nm, 2] = st[i, 2]
                moves[nm, 3] = best
                nm += 1
    return best, nm


@njit(cache=True)
def hold_capitals(S, C, P, p, st, ns, keep):
    """``solo.SoloPlanner.movable``: a foreign Capital the player holds keeps figures worth ``hold_swords`` (the
    strongest stay first) of the free stacks ``st[:ns]`` (``keep``: rows still free)."""
    for q in range(NP):
        cap = C.capital[q]
        if q == p or C.princ[cap] == p or controller(S, C, cap) != p:
            continue
        free = 0
        held = 0
        for i in range(ns):
            if keep[i] and st[i, 0] == cap:
                free += C.swords[st[i, 1]] * st[i, 2]
        for k in range(NK):
            held += C.swords[k] * S.units[cap, p, k]
        need = P[P_HOLD_SWORDS] - (held - free)
        rows = np.empty(ns, np.int64)
        nr = 0
        for i in range(ns):  # a stable sort by swords, strongest first
            if keep[i] and st[i, 0] == cap:
                j = nr
                while j > 0 and C.swords[st[rows[j - 1], 1]] < C.swords[st[i, 1]]:
                    rows[j] = rows[j - 1]
                    j -= 1
                rows[j] = i
                nr += 1
        for r in range(nr):
            i = rows[r]
            while need > 0 and st[i, 2] > 0:
                st[i, 2] -= 1
                need -= C.swords[st[i, 1]]


@njit(cache=True)
def spending(S, P):
    """``scripted.Scripted.spending``: ``spend_leftover`` is on and the game ends within that many Rounds."""
    return P[P_SPEND] > 0 and S.round > S.final_round - P[P_SPEND]


@njit(cache=True)
def reserve(S, P):
    """``scripted.Scripted.reserve``: the gold the plan keeps."""
    return P[P_SPEND_RESERVE] if spending(S, P) else P[P_RESERVE]


@njit(cache=True)
def scripted_city(S, C, ctrl, P, p):
    """``scripted.Scripted.city``: the cheapest City site (then by land id), at home if any; -1 for none."""
    if not P[P_FOUND] and not spending(S, P):
        return -1
    spare = S.gold[p] - reserve(S, P)
    lands = np.empty(NL, np.int64)
    costs = np.empty(NL, np.int64)
    n = city_sites(S, C, ctrl, p, lands, costs)
    best = -1
    best_key = 1 << 40
    for home in (1, 0):
        for i in range(n):
            if costs[i] > spare or (home and C.princ[lands[i]] != p):
                continue
            key = costs[i] * 64 + C.rank[lands[i]]
            if key < best_key:
                best_key = key
                best = lands[i]
        if best >= 0:
            break
    return best


@njit(cache=True)
def scripted_buildings(S, C, ctrl, P, p, gold, lands, kinds):
    """``scripted.Scripted.buildings``: (land, kind) pairs within ``gold``; returns how many."""
    nk = 0
    order = np.empty(MAXBUILD, np.int64)
    keys = np.empty(MAXBUILD, np.int64)
    for i in range(P[P_NBUILD]):
        k = P[P_BUILD + i]
        if S.supply[T_CASTLE + k - 1] > 0:
            order[nk] = k
            keys[nk] = S.people[p] if k == 2 else (S.clergy[p] if k == 3 else 11)
            nk += 1
    for i in range(1, nk):  # stable insertion sort by the track the building raises
        x, kx = order[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] > kx:
            order[j + 1] = order[j]
            keys[j + 1] = keys[j]
            j -= 1
        order[j + 1] = x
        keys[j + 1] = kx
    sites = np.empty(NL, np.int64)
    ns = building_sites(S, C, ctrl, p, sites)
    nh = 0
    for i in range(ns):
        if C.princ[sites[i]] == p:
            nh += 1
    if nh:
        j = 0
        for i in range(ns):
            if C.princ[sites[i]] == p:
                sites[j] = sites[i]
                j += 1
        ns = nh
    for i in range(1, ns):  # by Might, highest first, then land id
        x = sites[i]
        j = i - 1
        while j >= 0 and (
            land_might(S, C, sites[j]) < land_might(S, C, x)
            or (land_might(S, C, sites[j]) == land_might(S, C, x) and C.rank[sites[j]] > C.rank[x])
        ):
            sites[j + 1] = sites[j]
            j -= 1
        sites[j + 1] = x
    cost = C.build_cost
    used = np.zeros(4, np.int64)
    n = 0
    head = 0
    most = C.build_per_action if spending(S, P) else P[P_MAXB]
    keep = reserve(S, P)
    for r in range(nk * most):
        kind = order[r % nk]
        if n >= most or head >= ns or gold - cost < keep:
            break
        if used[kind] >= S.supply[T_CASTLE + kind - 1]:
            continue
        used[kind] += 1
        lands[n] = sites[head]
        kinds[n] = kind
        head += 1
        n += 1
        gold -= cost
    return n


@njit(cache=True)
def scripted_politics(S, C, P, p):
    """``scripted.Scripted.politics``: COUNCIL, or the number of Court Cards to draw (a row whose ``P_POLITICS``
    the rollout searcher set: its choice)."""
    if P[P_POLITICS] == T_COUNCIL:
        return COUNCIL
    if P[P_POLITICS] >= T_DRAW:
        return P[P_POLITICS] - T_DRAW
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    mine = stand[p].copy()
    plays = np.empty((NC * 12, 2), np.int64)
    support_plan(S, C, p, mine, plays)
    leads = 0
    crowned = True
    for t in range(3):
        top = -(1 << 30)
        for q in range(NP):
            if q != p and is_player(S, q) and stand[q, t] > top:
                top = stand[q, t]
        leads += mine[t] >= top
        crowned = crowned and mine[t] >= C.track_hi
    needed = P[P_COUNCIL_LEADS] if P[P_COUNCIL_LEADS] else tracks_needed(S, C, p)
    rounds_left = S.final_round - S.round
    hold = 0 < rounds_left <= P[P_COUNCIL_HOLD]
    final = P[P_COUNCIL_FINAL] != 0 and rounds_left <= 0 and S.princeps != p
    if crowned or (not hold and (final or (leads >= needed and S.princeps != p))):
        return COUNCIL
    if C.neighbors:
        return max(0, min(P[P_DRAW_COURT], C.pol_drawn - P[P_NB_DRAWS]))
    return P[P_DRAW_COURT]


@njit(cache=True)
def raises(C, card, t):
    """``legal.support_cards``' tracks: the Court or Neighbor Card can raise track ``t`` (1 People, 2 Clergy)."""
    sym = C.card_sym[card]
    return sym == SYM_EITHER or sym == t


@njit(cache=True)
def scripted_council(S, C, P, p, host, plays):
    """``scripted.Scripted.council``: the host plays its support plan; a blocker pushes the host off People and
    Clergy."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    if host == p:
        mine = stand[p].copy()
        return support_plan(S, C, p, mine, plays)
    if not P[P_BLOCK]:
        return 0
    hand = np.zeros(NC, np.int64)
    lo = first_support_card(S, C, p) if C.tiles else 3
    for c in range(lo, NC):  # Heralds of Peace: Battle Cards raise either track
        hand[c] = S.hands[p, c]
    n = 0
    for t in (1, 2):
        need = stand[host, t] - stand[p, t] + 1
        usable = 0
        for c in range(NC):
            if c < 3 or raises(C, c, t):  # Battle Cards only with Heralds of Peace (``hand`` holds them then)
                usable += hand[c]
        if 0 < need <= usable and stand[p, t] + need <= C.track_hi:
            for c in range(NC):
                if not (c < 3 or raises(C, c, t)):
                    continue
                while hand[c] > 0 and need > 0:
                    hand[c] -= 1
                    need -= 1
                    plays[n, 0] = c
                    plays[n, 1] = t
                    n += 1
    return n


@njit(cache=True)
def scripted_worth(S, C, P, F, p, action):
    """``scripted.Scripted.worth``: the action is worth planning."""
    if action == A_TAXES:
        return scripted_taxes(S, C, P, p)
    if action == A_ASSEMBLY:
        lands = np.empty(NL, np.int64)
        n, knights, footmen, _ = assembly_room(S, C, p, lands)
        if n > 0 and knights + footmen > 0 and on_map(S, p) < P[P_ARMY]:
            return True
        cost = C.knight_cost  # ``spend_leftover``: while the gold buys a Knight
        return spending(S, P) and n > 0 and knights > 0 and 0 < cost <= S.gold[p] - reserve(S, P)
    if action == A_MOVEMENT:
        moves = np.empty((3 * NL, 4), np.int64)
        return scripted_target(S, C, P, F, p, moves)[0] >= 0
    if action == A_BUILDING:
        return building_worth(S, C, P, p)
    if action == A_POLITICS:
        return True
    if action == A_PROGRESS:
        if C.tiles:  # printed tiles: a wished tile, or (``take_tiles``) a free space
            return wished(S, C, P, p) or (P[P_TAKE_TILES] != 0 and any_free(S, C, p))
        if not P[P_PROGRESS]:
            return False
        picks = np.empty((2 * MAXHELD + 24, 2), np.int64)
        return tile_picks(S, C, p, picks) > 0
    return False


@njit(cache=True)
def building_worth(S, C, P, p):
    """``scripted.Scripted.worth`` of Building: a City or a building to buy."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    if scripted_city(S, C, ctrl, P, p) >= 0:
        return True
    lands = np.empty(NL, np.int64)
    kinds = np.empty(NL, np.int64)
    return scripted_buildings(S, C, ctrl, P, p, S.gold[p], lands, kinds) > 0


@njit(cache=True)
def scripted_taxes(S, C, P, p):
    """``scripted.Scripted.taxes``: collect above ``tax_min_people``, below ``tax_max_gold``, and not in the last
    Rounds of ``spend_leftover``."""
    if not (can_tax(S, C, p) and S.people[p] > P[P_TAX_MIN]):
        return False
    if P[P_TAX_MAX] >= 0 and S.gold[p] >= P[P_TAX_MAX]:
        return False
    return not spending(S, P)


@njit(cache=True)
def wished(S, C, P, p):
    """``scripted.Scripted.wished`` is not empty (printed tiles)."""
    return any_wished(S, C, p, P[P_RANK : P_RANK + NTILES], P[P_NWISH])


@njit(cache=True)
def spend_rank(a):
    """``scripted.SPEND_FIRST``: Taxes 0, Building 1, Assembly 2, any other action 3."""
    return 0 if a == A_TAXES else (1 if a == A_BUILDING else (2 if a == A_ASSEMBLY else 3))


@njit(cache=True)
def lead(S, P, p):
    """``scripted.Scripted.lead``: the action this Round's plan leads with (``lead_early`` before ``lead_switch``,
    ``lead_late`` from it on, while holding ``lead_min_gold``), or -1 (the plan's own)."""
    a = P[P_LEAD_EARLY] if S.round < P[P_LEAD_SWITCH] else P[P_LEAD_LATE]
    return -1 if a < 0 or S.gold[p] < P[P_LEAD_GOLD] else a


@njit(cache=True)
def scripted_plan(S, C, P, F, p, plan):
    """``scripted.Scripted.plan``: the first ``C.planned`` worthwhile actions by priority (a wished tile moves
    Progress up), gaps filled from the rest; Politics last in the final Round with ``late_council``."""
    base, np_ = P_PRIO, P[P_NPRIO]
    if P[P_KIND] == SOLO and S.round <= P[P_EARLY_ROUNDS]:  # ``solo.SoloPlanner.plan``: the early priorities
        base, np_ = P_EARLY, P[P_NEARLY]
    prio = P[base : base + MAXPRIO + 1]  # a view; only its first np_ entries are read unless copied below
    wish = False
    if C.tiles:
        wish = wished(S, C, P, p)
    if wish:  # a wanted tile is on the Market: Progress moves up to progress_rank
        prio = prio.copy()
        m = 0
        for i in range(np_):
            if prio[i] != A_PROGRESS:
                prio[m] = prio[i]
                m += 1
        at = min(P[P_PROGRESS_RANK], m)
        for i in range(m, at, -1):
            prio[i] = prio[i - 1]
        prio[at] = A_PROGRESS
        np_ = m + 1
    spend = spending(S, P)
    if spend:  # ``spend_leftover``: Building first
        buf = np.empty(np_ + 1, np.int64)
        buf[0] = A_BUILDING
        m = 1
        for i in range(np_):
            if prio[i] != A_BUILDING:
                buf[m] = prio[i]
                m += 1
        prio = buf
        np_ = m
    n = 0
    for i in range(np_):
        a = prio[i]
        dup = False
        for j in range(n):
            dup = dup or plan[j] == a
        if dup:
            continue
        if C.tiles and a == A_PROGRESS:  # ``worth`` with the wish above
            worth = wish or (P[P_TAKE_TILES] != 0 and any_free(S, C, p))
        else:
            worth = scripted_worth(S, C, P, F, p, a)
        if worth:
            plan[n] = a
            n += 1
            if n == C.planned:
                break
    for i in range(np_ + 6):
        if n == C.planned:
            break
        a = prio[i] if i < np_ else i - np_
        dup = False
        for j in range(n):
            dup = dup or plan[j] == a
        if not dup:
            plan[n] = a
            n += 1
    first = lead(S, P, p)
    if first >= 0:  # ``lead_early`` / ``lead_late``: that action first, the plan's others behind it
        at = C.planned - 1  # where it was (else the last one drops out)
        for j in range(C.planned):
            if plan[j] == first:
                at = j
        for j in range(at, 0, -1):
            plan[j] = plan[j - 1]
        plan[0] = first
    if spend:  # Taxes, then Building, then Assembly resolve first (a stable sort: ``scripted.SPEND_FIRST``)
        for i in range(1, C.planned):
            x = plan[i]
            j = i - 1
            while j >= 0 and spend_rank(plan[j]) > spend_rank(x):
                plan[j + 1] = plan[j]
                j -= 1
            plan[j + 1] = x
    if P[P_LATE] and S.round >= S.final_round:
        for j in range(C.planned - 1):
            if plan[j] == A_POLITICS:
                plan[j], plan[j + 1] = plan[j + 1], plan[j]


@njit(cache=True)
def best_wish(C, rank, nwish, pk, n):
    """``scripted.Scripted.wished``' first: the row of ``pk`` with the most wanted tile (an exchange only giving back
    a less wanted one; a free space before an exchange, then giving back the least wanted, then by tile id), or -1."""
    best = -1
    best_key = 0
    for i in range(n):
        t, g = pk[i, 0], pk[i, 1]
        rt = rank[t]
        if rt >= nwish:
            continue
        rg = nwish if g < 0 else rank[g]
        if g >= 0 and rg <= rt:
            continue
        key = (((rt * 2 + (g >= 0)) * 128 + (127 - rg)) * 32 + C.tile_alpha[t]) * 32
        if g >= 0:
            key += C.tile_alpha[g]
        if best < 0 or key < best_key:
            best = i
            best_key = key
    return best


@njit(cache=True)
def first_free(pk, n):
    """``scripted.Scripted.free_picks``' first: the first pick into a free space, or -1."""
    for i in range(n):
        if pk[i, 1] < 0:
            return i
    return -1


@njit(cache=True)
def any_wished(S, C, p, rank, nwish):
    """``scripted.Scripted.wished`` is not empty."""
    if not C.tiles or nwish == 0:
        return False
    pk = np.empty((NPICKS, 2), np.int64)
    n = tile_picks(S, C, p, pk)
    return best_wish(C, rank, nwish, pk, n) >= 0


@njit(cache=True)
def any_free(S, C, p):
    """``scripted.Scripted.free_picks`` is not empty."""
    pk = np.empty((NPICKS, 2), np.int64)
    n = tile_picks(S, C, p, pk)
    return first_free(pk, n) >= 0


@njit(cache=True)
def assembly(S, C, Pp, p, lands, n, knights, footmen, cap):
    """``scripted.Scripted.assembly``: Knights the gold beyond the reserve pays, Footmen for the rest, onto the
    Capital if it may receive them, else the first land. Returns (land, Knights, Footmen)."""
    cost = C.knight_cost
    spare = max(0, S.gold[p] - reserve(S, Pp))
    k = min(knights, cap, spare // cost if cost else cap)
    f = min(footmen, cap - k, (spare - k * cost) // C.footman_cost if C.footman_cost else cap)
    land = lands[0]
    for i in range(n):
        if lands[i] == C.capital[p]:
            land = lands[i]
    return land, k, f


@njit(cache=True)
def put_back(S, C, p, drawn, nd):
    """``scripted.Scripted.keep``: put back the card for the track already highest (an either card last), then by
    card; an index into ``drawn``."""
    pick = 0
    best = 1 << 30
    for i in range(nd):
        c = drawn[i]
        sym = C.card_sym[c]
        if sym == SYM_EITHER:
            v = 0
        elif sym == SYM_PEOPLE:
            v = -S.people[p]
        else:
            v = -S.clergy[p]
        key = v * 64 + c
        if key < best:
            best = key
            pick = i
    return pick


@njit(cache=True)
def tile_pick(S, C, Pp, p, pk, n):
    """``scripted.Scripted.progress`` with the printed tiles: the most wanted tile, else with ``take_tiles`` the first
    free space; -1 to stop."""
    pick = best_wish(C, Pp[P_RANK : P_RANK + NTILES], Pp[P_NWISH], pk, n)
    if pick < 0 and Pp[P_TAKE_TILES]:
        pick = first_free(pk, n)
    return pick


@njit(cache=True)
def new_mechanisms(S, C, Pp, Fp, p):
    """``scripted.Scripted.new_mechanisms``: the ``new_mechanisms`` action when no wanted tile is on offer and it is
    worth doing, else -1 (take tiles)."""
    alt = Pp[P_NEWMECH]
    if alt >= 0 and not wished(S, C, Pp, p) and scripted_worth(S, C, Pp, Fp, p, alt):
        return alt
    return -1
