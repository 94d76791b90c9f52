"""Principes solo mode, compiled: the twin of ``game.solo`` (rulebook "Solo Mode").

The one player is Principality ``me``; the 3 others are non-players (``S.nonplayer``, their full complement on the
Map: ``solo_experiment.solo_start``). The solo rules values are in the ``setup.TABLES`` record (``C.solo_*``, from
solo.yaml; ``C.solo`` switches the battles' 2-3 player respawn off for ``rebirth``). A group of activated figures is
rows (start land or -1 for the faction's off-map area, kind, figures) with ``entry`` (NL,) marking the lands that
border that area. The player's choices the rulebook leaves to them are the reference's ``default_*`` policies (no
built-in plan overrides them but ``solo_support``: ``policy.hooks.solo_support``). ``play_solo`` is the game flow:
the player's actions (``driver.perform``, unchanged), the Combined Actions, the Neighbor Card revealed each Round
and the History icons with their 4 solo changes.

Read inline (no function of their own): ``solo.non_players`` (every Principality but ``me``), ``solo.holds``
(``control.controller``), ``solo.ask`` (the defaults below), ``solo.destinations`` (in ``options``),
``solo._remove_group`` (in ``activate``), ``solo.default_rebirth`` (in ``rebirth``), ``solo.assembly_eligible``,
``solo.default_choose`` and ``solo.default_knights`` (in ``combined``), ``solo.knight_groups`` (``knight_pairs``),
``solo.neighbor_group`` (``neighbors.allocated``), ``solo.division_candidates`` and ``solo.default_division`` (in
``solo_division``), ``solo.solo_common_council`` (in ``resolve_icons``), ``solo.default_support`` (the plans but the
solo plan play none).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import princesses
from sim.games.principes.fast.battles import battle, site_shields
from sim.games.principes.fast.building import next_city
from sim.games.principes.fast.cards import discard
from sim.games.principes.fast.control import control_all, controller, land_might, retrack, support_all
from sim.games.principes.fast.driver import new_game, perform, princess_round
from sim.games.principes.fast.history import deck, invaders, mongols, teutonic
from sim.games.principes.fast.history.common import richness
from sim.games.principes.fast.movement import movement_points, return_pomeranians
from sim.games.principes.fast.neighbors import allocated, blocking_cards
from sim.games.principes.fast.policy import hooks
from sim.games.principes.fast.policy.solo import capitals_held
from sim.games.principes.fast.politics import play_support, positions_all
from sim.games.principes.fast.rounds import end_round
from sim.games.principes.fast.setup import NB_ANY
from sim.games.principes.fast.state import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    F_LITHUANIANS,
    F_MAJOR0,
    F_MONGOLS,
    F_PRUSSIANS,
    F_TEUTONIC,
    FOOTMAN,
    KNIGHT,
    NC,
    NF,
    NK,
    NL,
    NP,
    NPOM,
    PRINCE,
    T_CASTLE,
    T_DIVISION,
    add_units,
    n_factions_on,
)
from sim.games.principes.fast.stream import rand_below

PLAYER_BUILDING, PLAYER_UNITS, OTHER_UNITS, STAY = 1, 2, 3, 4  # the activation scheme's options, in order
MAXG = 3 * NL  # rows of a group
LOST_ELIMINATED, LOST_ROUNDS = 1, 2  # ``play_solo``'s outcome: 0 won


# --- the activation scheme --------------------------------------------------------------------------------------


@njit(cache=True)
def swords_of(S, C, land, f):
    """``solo.swords`` of the faction's figures on ``land``."""
    return C.swords[0] * S.units[land, f, 0] + C.swords[1] * S.units[land, f, 1] + C.swords[2] * S.units[land, f, 2]


@njit(cache=True)
def distances(C, start, entry, dist, queue):
    """``solo._distances``: steps from ``start`` (a land, or with -1 the off-map area entered at ``C.solo_exit`` on
    the lands ``entry`` marks) to every land through any units; -1 unreached."""
    dist[:] = -1
    tail = 0
    if start >= 0:
        dist[start] = 0
        queue[0] = start
        tail = 1
    else:
        for land in range(NL):
            if entry[land]:
                dist[land] = C.solo_exit
                queue[tail] = land
                tail += 1
    head = 0
    while head < tail:
        land = queue[head]
        head += 1
        for a in range(C.adjptr[land], C.adjptr[land + 1]):
            nxt = C.adj[a]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1


@njit(cache=True)
def options(S, C, f, g, ng, entry, me, lands):
    """``solo.options``: the first option of the scheme that can be carried out, and the lands that carry it out
    (``lands``, board order) → (option, how many). The steps from a land are ``C.solo_dist``'s (``distances``)."""
    power = 0
    for i in range(ng):
        power += C.swords[g[i, 1]] * g[i, 2]
    ok = np.ones(NL, np.bool_)  # ``solo.destinations``: every figure of the group reaches it
    dist = np.empty(NL, np.int64)
    queue = np.empty(NL, np.int64)
    for i in range(ng):
        points = movement_points(C, g[i, 1])
        if g[i, 0] >= 0:
            for land in range(NL):
                ok[land] = ok[land] and 0 <= C.solo_dist[g[i, 0], land] <= points
            continue
        distances(C, -1, entry, dist, queue)  # from the off-map area
        for land in range(NL):
            ok[land] = ok[land] and 0 <= dist[land] <= points
    one = g[0, 0]  # the group's only start, or -2
    for i in range(ng):
        if g[i, 0] != one:
            one = -2
    if one >= 0:
        ok[one] = False
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    area = -1
    for j in range(6):
        if C.nb_fac[j] == f:
            area = C.nb_prin[j]
    if area >= 0 and S.princesses[me] == area:  # ``princesses.immune``: never onto the married player's lands
        for land in range(NL):
            if ctrl[land] == me:
                ok[land] = False
    for level in (PLAYER_BUILDING, PLAYER_UNITS, OTHER_UNITS):
        n = 0
        for land in range(NL):
            if not ok[land]:
                continue
            m = S.presence[land]
            if level == PLAYER_BUILDING:
                hit = m == 0 and ctrl[land] == me and (S.cities[land] > 0 or S.buildings[land] > 0)
            elif level == PLAYER_UNITS:
                hit = ((m >> me) & 1) != 0 and swords_of(S, C, land, me) < power
            else:
                hit = False
                for o in range(NF):
                    if o != me and o != f and (m >> o) & 1:
                        hit = swords_of(S, C, land, o) < power
                        break
            if hit:
                lands[n] = land
                n += 1
        if n:
            return level, n
    return STAY, 0


@njit(cache=True)
def defence(S, C, land, f):
    """``solo._defence``: the first other faction's swords plus the site's shields."""
    out = site_shields(S, C, land)
    for o in range(NF):
        if o != f and (S.presence[land] >> o) & 1:
            return out + swords_of(S, C, land, o)
    return out


@njit(cache=True)
def default_target(S, C, me, f, level, lands, n):
    """``solo.default_target``: the cheapest land to lose; the best-defended own units; a fight between others
    where the defenders stand strongest (board order on ties)."""
    best = lands[0]
    if level == PLAYER_BUILDING:
        for i in range(1, n):
            if richness(S, C, lands[i]) < richness(S, C, best):
                best = lands[i]
        return best
    for i in range(1, n):
        x = lands[i]
        if level == PLAYER_UNITS:
            better = swords_of(S, C, x, me) + site_shields(S, C, x) > swords_of(S, C, best, me) + site_shields(
                S, C, best
            )
        else:
            better = defence(S, C, x, f) > defence(S, C, best, f)
        if better:
            best = x
    return best


@njit(cache=True)
def harm(level):
    """``solo.harm``: a fight with the player's weaker units 2, the loss of a built land 1, else 0."""
    return 2 if level == PLAYER_UNITS else (1 if level == PLAYER_BUILDING else 0)


@njit(cache=True)
def is_neighbor(f):
    """``neighbors.neighbors``: the Pomeranias and the major Neighbors."""
    return NP <= f < NP + NPOM or f >= F_MAJOR0


@njit(cache=True)
def activate(S, C, f, g, ng, entry, me, destroy, rs):
    """``solo.activate``: the group goes by the scheme onto the land the player picks (``default_target``), fights
    there, and (``destroy``: Invaders, Neighbors) devastates what it takes. Returns the land, or -1 (it stayed)."""
    lands = np.empty(NL, np.int64)
    level, n = options(S, C, f, g, ng, entry, me, lands)
    if level == STAY:
        return -1
    land = default_target(S, C, me, f, level, lands, n)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    for i in range(ng):
        if g[i, 0] >= 0:
            add_units(S, g[i, 0], f, g[i, 1], -g[i, 2])
    for i in range(ng):
        add_units(S, land, f, g[i, 1], g[i, 2])
    if S.division[land] and is_neighbor(f):  # "Neighbor's units occupy land: removed"
        S.division[land] = 0
        S.supply[T_DIVISION] += 1
    if n_factions_on(S, land) > 1:
        battle(S, C, land, f, rs)
    return_pomeranians(S, C)
    if destroy and S.presence[land] == 1 << f and (level == PLAYER_BUILDING or C.solo_after_battle):
        invaders.devastate(S, C, land)
    retrack(S, C, people0, clergy0)
    rebirth(S, C, me)
    return land


# --- non-player Princes -----------------------------------------------------------------------------------------


@njit(cache=True)
def rebirth(S, C, me):
    """``solo.rebirth``: a removed non-player Prince is reborn on the land of his Principality he holds with the
    highest Might (the first in board order: ``solo.default_rebirth``); with none he waits off the Map."""
    ctrl = np.empty(NL, np.int64)
    for q in range(NP):
        if q == me or S.pool[q, PRINCE] <= 0:
            continue
        control_all(S, C, ctrl)
        best = -1
        for land in range(NL):
            if C.princ[land] == q and ctrl[land] == q and (best < 0 or land_might(S, C, land) > land_might(S, C, best)):
                best = land
        if best >= 0:
            S.pool[q, PRINCE] -= 1
            add_units(S, best, q, PRINCE, 1)


# --- the Combined Action Solo System ----------------------------------------------------------------------------


@njit(cache=True)
def assembly_land(S, C, q):
    """``solo.assembly_land``: the Capital if the Principality holds it, else the land with its Prince, or -1."""
    if controller(S, C, C.capital[q]) == q:
        return C.capital[q]
    for land in range(NL):
        if S.units[land, q, PRINCE] > 0:
            return land
    return -1


@njit(cache=True)
def assemble(S, C, q):
    """``solo.assemble``: 3 units for free, Knights first."""
    land = assembly_land(S, C, q)
    left = C.solo_asm_units
    for k in (KNIGHT, FOOTMAN):
        n = min(left, S.pool[q, k])
        if n:
            S.pool[q, k] -= n
            add_units(S, land, q, k, n)
            left -= n


@njit(cache=True)
def buildable(S, C, land):
    """``solo._buildable``: a City or a Castle can go on the land."""
    kind = next_city(S, C, land)
    return (kind >= 0 and S.supply[kind] > 0) or (S.buildings[land] == 0 and S.supply[T_CASTLE] > 0)


@njit(cache=True)
def building_land(S, C, q):
    """``solo.building_land``: the land of its own its units alone hold with most of its figures (board order on
    ties), or -1."""
    best = -1
    most = -1
    for land in range(NL):
        if C.princ[land] == q and S.presence[land] == 1 << q and buildable(S, C, land):
            n = S.units[land, q, 0] + S.units[land, q, 1] + S.units[land, q, 2]
            if n > most:
                best = land
                most = n
    return best


@njit(cache=True)
def build(S, C, q):
    """``solo.build``: a City and a Castle for free on the building land (whatever of the two it takes)."""
    land = building_land(S, C, q)
    kind = next_city(S, C, land)
    if kind >= 0 and S.supply[kind] > 0:
        S.supply[kind] -= 1
        S.cities[land] += 1
    if S.buildings[land] == 0 and S.supply[T_CASTLE] > 0:
        S.supply[T_CASTLE] -= 1
        S.buildings[land] = 1  # a castle


@njit(cache=True)
def knight_pairs(S, C, q, pairs):
    """``solo.knight_groups`` of 2 Knights: (land a, land b) rows, lands by id, a pair on one land first; returns
    how many (0 with fewer than 2 Knights)."""
    n = 0
    for r in range(NL):
        a = C.byrank[r]
        if S.units[a, q, KNIGHT] == 0:
            continue
        if S.units[a, q, KNIGHT] >= 2:
            pairs[n, 0] = a
            pairs[n, 1] = a
            n += 1
        for r2 in range(r + 1, NL):
            b = C.byrank[r2]
            if S.units[b, q, KNIGHT] > 0:
                pairs[n, 0] = a
                pairs[n, 1] = b
                n += 1
    return n


@njit(cache=True)
def pair_group(pairs, i, g):
    """``solo.knight_groups``' group of pair ``i``: one row of 2 Knights, or 2 rows of 1; returns its rows."""
    a, b = pairs[i, 0], pairs[i, 1]
    g[0, 0], g[0, 1], g[0, 2] = a, KNIGHT, 2 if a == b else 1
    if a == b:
        return 1
    g[1, 0], g[1, 1], g[1, 2] = b, KNIGHT, 1
    return 2


@njit(cache=True)
def best_knights(S, C, me, q, g, entry):
    """``solo._best_knights``: (harm, rows in ``g``) of the pair whose activation hurts the player least (a fight
    among others first); (99, 0) for none."""
    k = 0
    for land in range(NL):
        k += S.units[land, q, KNIGHT]
    pairs = np.empty((k * (k + 1) // 2 + 1, 2), np.int64)
    n = knight_pairs(S, C, q, pairs)
    lands = np.empty(NL, np.int64)
    best, key = -1, 0
    for i in range(n):
        ng = pair_group(pairs, i, g)
        level, _ = options(S, C, q, g, ng, entry, me, lands)
        k = harm(level) * 2 + (level != OTHER_UNITS)
        if best < 0 or k < key:
            best, key = i, k
            if k == 0:
                break  # nothing beats a fight among others
    if best < 0:
        return 99, 0
    return key // 2, pair_group(pairs, best, g)


@njit(cache=True)
def combined(S, C, me, action, level, rs):
    """``solo.combined``: after the player's Assembly, Movement or Building, the same action for 1-3 non-player
    Principalities (``C.solo_count[level]``), each chosen by ``solo.default_choose`` among those that can be."""
    a = 0 if action == A_ASSEMBLY else (1 if action == A_MOVEMENT else 2)
    done = np.zeros(NP, np.bool_)
    g = np.empty((MAXG, 3), np.int64)
    chosen = np.empty((MAXG, 3), np.int64)  # the pick's Knights (movement)
    nc = 0
    entry = np.zeros(NL, np.int64)  # the Knights start on the Map
    for _ in range(C.solo_count[level, a]):
        pick, key = -1, 0
        for q in range(NP):
            if q == me or done[q]:
                continue
            if a == 0:
                if S.pool[q, KNIGHT] + S.pool[q, FOOTMAN] == 0 or assembly_land(S, C, q) < 0:
                    continue
                k = (S.pool[q, KNIGHT] * 2 + S.pool[q, FOOTMAN]) * NP + q
            elif a == 2:
                land = building_land(S, C, q)
                if land < 0:
                    continue
                k = ((C.capital[q] == land) * 1024 + land_might(S, C, land)) * NP + q
            else:
                h, ng = best_knights(S, C, me, q, g, entry)
                if ng == 0:
                    continue
                k = h * NP + q
            if pick < 0 or k < key:
                pick, key = q, k
                if a == 1:
                    chosen[:ng] = g[:ng]
                    nc = ng
                    if k < NP:
                        break  # harmless, and the first such in board order
        if pick < 0:
            break
        done[pick] = True
        if a == 0:
            assemble(S, C, pick)
        elif a == 2:
            build(S, C, pick)
        else:
            activate(S, C, pick, chosen, nc, entry, me, False, rs)


# --- cyclical activation of Neighbors ---------------------------------------------------------------------------


@njit(cache=True)
def reveal(S, C, rs):
    """``solo.reveal_neighbor``: Neighbor Cards drawn uniformly among those in the deck not yet seen (sorted) until
    one names a Neighbor; the card, or -1."""
    seen = np.zeros(NC, np.bool_)
    while True:
        left = 0
        for c in range(NC):
            if C.card_nb[c] >= 0 and S.decks[c] > 0 and not seen[c]:
                left += 1
        if left == 0:
            return -1
        pick = rand_below(rs, left)
        card = -1
        for c in range(NC):
            if C.card_nb[c] >= 0 and S.decks[c] > 0 and not seen[c]:
                if pick == 0:
                    card = c
                    break
                pick -= 1
        seen[card] = True
        if C.card_nb[card] != NB_ANY:
            return card


@njit(cache=True)
def default_block(S, C, me, j, pk, pf, out):
    """``solo.default_block``: the Neighbor's own cards first (the jokers kept), the strongest first, while the
    activation would hurt the player; returns how many into ``out``."""
    hand = np.empty(NC * 12, np.int64)
    nh = blocking_cards(S, C, me, j, hand)
    for i in range(1, nh):  # a stable sort by (an Any Neighbors card, fewest figures last)
        x = hand[i]
        kx = (C.card_nb[x] == NB_ANY) * 1024 - C.card_k[x] - C.card_f[x]
        m = i - 1
        while m >= 0 and (C.card_nb[hand[m]] == NB_ANY) * 1024 - C.card_k[hand[m]] - C.card_f[hand[m]] > kx:
            hand[m + 1] = hand[m]
            m -= 1
        hand[m + 1] = x
    g = np.empty((MAXG, 3), np.int64)
    lands = np.empty(NL, np.int64)
    n = 0
    while n < nh and pk + pf > 0:
        ng = allocated(S, C, j, pk, pf, g)
        if ng == 0 or harm(options(S, C, C.nb_fac[j], g, ng, C.nb_entry[j], me, lands)[0]) == 0:
            break
        card = hand[n]
        out[n] = card
        n += 1
        pk = max(0, pk - C.card_k[card])
        pf = max(0, pf - C.card_f[card])
    return n


@njit(cache=True)
def neighbor_cycle(S, C, me, rs):
    """``solo.neighbor_cycle``: at a Round's end a Neighbor Card is revealed, the player blocks with their own
    cards, the rest of its figures activate (destroying what they take: ``C.solo_ruin_nb``)."""
    card = reveal(S, C, rs)
    if card < 0:
        return
    j = C.card_nb[card]
    pk, pf = C.card_k[card], C.card_f[card]
    blocks = np.empty(NC * 12, np.int64)
    for i in range(default_block(S, C, me, j, pk, pf, blocks)):
        discard(S, me, blocks[i])
        pk = max(0, pk - C.card_k[blocks[i]])
        pf = max(0, pf - C.card_f[blocks[i]])
    g = np.empty((MAXG, 3), np.int64)
    ng = allocated(S, C, j, pk, pf, g)
    if ng:
        activate(S, C, C.nb_fac[j], g, ng, C.nb_entry[j], me, C.solo_ruin_nb != 0, rs)


# --- the solo History icons -------------------------------------------------------------------------------------


@njit(cache=True)
def solo_division(S, C, me):
    """``solo.solo_division``: Division Tokens on the player's 2 poorest own lands without units or a Princess."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    lands = np.empty(NL, np.int64)
    n = 0
    for land in range(NL):
        if C.princ[land] != me or ctrl[land] != me or S.presence[land] != 0:
            continue
        lady = False
        for q in range(NP):
            a = S.princesses[q]
            lady = lady or (0 <= a < NP and C.capital[a] == land)
        if not lady:
            lands[n] = land
            n += 1
    k = min(C.solo_division, n, S.supply[T_DIVISION])
    if k <= 0:
        return
    for i in range(1, n):  # ``solo.default_division``: by richness, then board order
        x = lands[i]
        m = i - 1
        while m >= 0 and richness(S, C, lands[m]) > richness(S, C, x):
            lands[m + 1] = lands[m]
            m -= 1
        lands[m + 1] = x
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    for i in range(k):
        S.supply[T_DIVISION] -= 1
        S.division[lands[i]] = 1
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def invader_group(S, C, f, stock, g):
    """``solo._invader_group``: the ``stock`` figures in the faction's area (start -1), then those on the Map."""
    n = 0
    if stock:
        g[0, 0], g[0, 1], g[0, 2] = -1, C.inv_kind[f - F_PRUSSIANS], stock
        n = 1
    for land in range(NL):
        if (S.presence[land] >> f) & 1:
            for k in range(NK):
                if S.units[land, f, k]:
                    g[n, 0], g[n, 1], g[n, 2] = land, k, S.units[land, f, k]
                    n += 1
    return n


@njit(cache=True)
def invade(S, C, f, stock, me, entry, rs, g):
    """``solo.activate`` of an Invader group; the land it ended on or -1 (none: -2)."""
    ng = invader_group(S, C, f, stock, g)
    if ng == 0:
        return -2
    return activate(S, C, f, g, ng, entry, me, True, rs)  # "Invaders ... destroy everything" (as the reference)


@njit(cache=True)
def area_entry(C, f, entry):
    """``solo._distances``' entry for an Invader faction: the lands bordering its off-map area."""
    area = C.inv_area[f - F_PRUSSIANS]
    for land in range(NL):
        entry[land] = 1 if area >= 0 and C.border[land, area] != 0 else 0


@njit(cache=True)
def solo_balt_raid(S, C, me, rs):
    """``solo.solo_balt_raid``: activate the Prussians, then the Lithuanians (only the Lithuanians while the
    Teutonic Knights stand: ``C.solo_teutonic_block``); each then leaves the Map."""
    g = np.empty((MAXG, 3), np.int64)
    entry = np.empty(NL, np.int64)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    blocked = invaders.on_map(S, F_TEUTONIC) and C.solo_teutonic_block != 0
    for tribe in (F_PRUSSIANS, F_LITHUANIANS):
        if tribe == F_PRUSSIANS and blocked:
            continue
        support_all(S, C, people0, clergy0)
        area_entry(C, tribe, entry)
        invade(S, C, tribe, C.inv_n[tribe - F_PRUSSIANS], me, entry, rs, g)
        invaders.leave(S, C, tribe)
        retrack(S, C, people0, clergy0)  # on top of the activation's own (as the reference does)


@njit(cache=True)
def solo_teutonic(S, C, P, sid, me, rs):
    """``solo.solo_teutonic``: not yet called, the player may call them from the symbol land; on the Map, they
    activate, then go home."""
    if not S.teutonic:
        if teutonic.caller(S, C) == me and hooks.history_teutonic(S, C, P, sid, me, rs):
            teutonic.call(S, C, me)
        return
    if not invaders.on_map(S, F_TEUTONIC):
        return
    g = np.empty((MAXG, 3), np.int64)
    entry = np.zeros(NL, np.int64)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    invade(S, C, F_TEUTONIC, 0, me, entry, rs, g)
    teutonic.return_home(S, C)
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def solo_mongols(S, C, me, rs):
    """``solo.solo_mongols``: 4 Tatars (1 fewer each later invasion) in the Rus' Duchies area, activated 4 times in a
    row (``C.solo_mongol_acts``), then off the Map."""
    n = mongols.wave_size(S, C)
    S.mongol_waves += 1
    if n == 0:
        return
    g = np.empty((MAXG, 3), np.int64)
    entry = np.empty(NL, np.int64)
    area_entry(C, F_MONGOLS, entry)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    stock = n
    for _ in range(C.solo_mongol_acts):
        land = invade(S, C, F_MONGOLS, stock, me, entry, rs, g)
        if land == -2:
            break
        if land >= 0:
            stock = 0  # they left the area
    invaders.leave(S, C, F_MONGOLS)
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def resolve_icons(S, C, P, F, sid, me, rs):
    """``solo.resolve_icons``: the revealed card's icons, top first, with the 4 solo changes; a non-player Prince
    is reborn after each; stops on a win or the player's elimination."""
    card = S.history[(S.round - 1) % S.history_n]
    for i in range(C.hcard[card, 1]):
        icon = C.hcard[card, 2 + i]
        if icon == deck.I_DIVISION:
            solo_division(S, C, me)
        elif icon == deck.I_URBANIZATION:
            deck.resolve_urbanization(S, C, P, F, sid, rs)
        elif icon == deck.I_RELEASE:
            deck.resolve_release(S, C, P, F, sid, rs)
        elif icon == deck.I_COUNCIL:
            deck.resolve_council(S, C, P, F, sid, rs)
            settle_crown(S, C, me)
        elif icon == deck.I_BALT:
            solo_balt_raid(S, C, me, rs)
        elif icon == deck.I_TEUTONIC:
            solo_teutonic(S, C, P, sid, me, rs)
        else:
            solo_mongols(S, C, me, rs)
        rebirth(S, C, me)
        if S.crowned >= 0 or S.eliminated[me]:
            break


# --- victory and the game ---------------------------------------------------------------------------------------


@njit(cache=True)
def conditions_met(S, C, me):
    """``solo.conditions_met``: all 3 tracks at the top and all 4 Capitals controlled."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    tracks = stand[me, 0] >= C.coronation and S.people[me] >= C.coronation and S.clergy[me] >= C.coronation
    return tracks and capitals_held(S, C, me) >= C.solo_capitals


@njit(cache=True)
def settle_crown(S, C, me):
    """``solo.settle_crown``: the engine crowns on the tracks alone; solo also needs the 4 Capitals."""
    if S.crowned >= 0 and not conditions_met(S, C, me):
        S.crowned = -1


@njit(cache=True)
def score(S, C, me):
    """``solo.score``: the 3 track positions plus 3 per Capital held beyond the player's own."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    return min(stand[me, 0], C.track_hi) + S.people[me] + S.clergy[me] + 3 * max(0, capitals_held(S, C, me) - 1)


@njit(cache=True)
def support(S, C, P, sid, me, rs):
    """``solo.support``: the cards the player plays for support before an action (``solo_support``)."""
    plays = np.empty((NC * 12, 2), np.int64)
    for i in range(hooks.solo_support(S, C, P, sid, me, rs, plays)):
        play_support(S, C, me, plays[i, 0], plays[i, 1])


@njit(cache=True)
def after_step(S, C, me, trace, tn, sweep=True):
    """``solo.play_solo``'s ``step`` after each part: the crown settled, non-player Princes reborn, a Capital taken
    over loses its Princess (not after the History icons); the state joins ``trace``. Returns whether the game is
    over."""
    settle_crown(S, C, me)
    rebirth(S, C, me)
    if C.princesses and sweep:
        princesses.sweep(S, C)
    if tn[0] < trace.shape[0]:
        trace[tn[0]] = S
        tn[0] += 1
    return S.crowned >= 0 or S.eliminated[me] != 0


@njit(cache=True)
def solo_plan(S, C, P, F, sid, me, rs, plan):
    """``solo.play_solo``'s start of a Round: the Princesses' missions or court work, then the player's ``plan``."""
    if C.princesses:  # missions at a Period's start (never to a non-player's Capital), else her court work
        princess_round(S, C, P, F, sid, rs)
    hooks.plan(S, C, P, F, sid, me, rs, plan)


@njit(cache=True)
def solo_round(S, C, P, F, sid, me, level, rs, plan, trace, tn, count):
    """``solo.play_solo``'s Round from its ``plan`` on: the 3 actions each with the cards played for support before
    it and its Combined Actions after it, then (not in the last Round) the Neighbor Card, the History icons and the
    Round's end. ``count[1]`` counts the actions. Returns whether the game is over (won, lost, or the last Round)."""
    for slot in range(C.planned):
        action = plan[slot]
        support(S, C, P, sid, me, rs)
        after_step(S, C, me, trace, tn)
        perform(S, C, P, F, sid, me, action, rs)
        count[1] += 1
        if after_step(S, C, me, trace, tn):
            return True
        if action == A_ASSEMBLY or action == A_MOVEMENT or action == A_BUILDING:
            combined(S, C, me, action, level, rs)
            if after_step(S, C, me, trace, tn):
                return True
    if S.round >= S.final_round:
        return True
    neighbor_cycle(S, C, me, rs)
    if after_step(S, C, me, trace, tn):
        return True
    if C.history:
        resolve_icons(S, C, P, F, sid, me, rs)
        if after_step(S, C, me, trace, tn, False):
            return True
    end_round(S, C)
    return S.round > S.final_round


@njit(cache=True)
def solo_on(S, C, P, F, sid, me, level, rs, plan, trace, tn, count):
    """``solo.play_solo`` from a Round whose ``plan`` is made to the end: that Round, then Round after Round by the
    player's plan; ``count`` (Rounds begun, actions)."""
    while not solo_round(S, C, P, F, sid, me, level, rs, plan, trace, tn, count):
        count[0] = S.round
        solo_plan(S, C, P, F, sid, me, rs, plan)


@njit(cache=True)
def outcome(S, me):
    """``solo.play_solo``'s outcome: 0 won, 1 lost by elimination, 2 by the Rounds."""
    return 0 if S.crowned == me else (LOST_ELIMINATED if S.eliminated[me] else LOST_ROUNDS)


@njit(cache=True)
def play_solo(S0, C, P, F, sid, me, level, rs, Sa, trace, tn):
    """``solo.play_solo`` into ``Sa[0]`` from the solo deployment ``S0`` at difficulty ``level`` (0 normal, 1 hard,
    2 legendary): Round after Round (``solo_plan``, ``solo_round``). ``trace`` (m,) ``STATE`` records: the state
    after each step (the reference's ``on_action``). Returns (0 won, 1 lost by elimination, 2 by the Rounds; Rounds
    begun; actions)."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    tn[0] = 0
    plan = np.empty(6, np.int64)
    count = np.zeros(2, np.int64)
    if S.round <= S.final_round:
        count[0] = S.round
        solo_plan(S, C, P, F, sid, me, rs, plan)
        solo_on(S, C, P, F, sid, me, level, rs, plan, trace, tn, count)
    return outcome(S, me), count[0], count[1]
