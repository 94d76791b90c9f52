"""The Neighbors (``neighbors: true``), compiled: the twin of ``game.neighbors``.

A Neighbor is an index ``j`` in neighbors.yaml order (``C.nb_fac[j]`` its faction: 4-5 the Pomeranias, 10-13 the
major Neighbors); a Neighbor Card is its index in ``state.CARDS`` (``C.card_nb``: its Neighbor or ``setup.NB_ANY``,
``C.card_k``/``card_f``/``card_cost``: its Knights, Footmen and cost). A group's start is a land, or -1 for the
Neighbor's off-map spots (a major Neighbor's figures not on Polish land). Here: the figures (``at_spots``,
``groups``), where they may go (``reach``), their move with its battles and destruction (``move``), the cards a
player may play or block with, and the default policies of ``game.neighbors`` (``default_play``, ``default_block``,
``plan_moves``) that the scripted plans use. A card's play (pay, the others block in turn order, the pool's figures
move) asks the seats' policies and lives with the game flow (``driver.neighbor_cards``). Border Guards (printed
Progress Tiles) stop the figures in ``reach`` (``guarded``). Unit strength in the policies is rules.yaml's swords.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import battle, site_shields
from sim.games.principes.fast.control import control_all, controller, retrack, support_all
from sim.games.principes.fast.effects import holds
from sim.games.principes.fast.history.common import richness, rivals_by_strength
from sim.games.principes.fast.movement import movement_points, place_moves, return_pomeranians
from sim.games.principes.fast.setup import NB_ANY
from sim.games.principes.fast.state import (
    FOOTMAN,
    KNIGHT,
    NC,
    NL,
    NP,
    T_CASTLE,
    T_DIVISION,
    TK_BORDER_GUARDS,
    clamp,
    figures,
    n_factions_on,
)
from sim.games.principes.fast.turn_order import turn_order

NNBR = 6  # Neighbors
MAXG = 8  # groups of one Neighbor (spots: 2 kinds; on the Map: at most its 4 figures)
MEMO = 4  # ``default_play`` remembers the plans of pools up to 3 Knights and 3 Footmen


# --- figures ----------------------------------------------------------------------------------------------------


@njit(cache=True)
def at_spots(S, C, j, out):
    """``neighbors.at_spots``: ``out`` (3,) the major Neighbor's figures by kind not on Polish land (0 for a
    Pomerania)."""
    out[0] = 0
    out[KNIGHT] = 0
    out[FOOTMAN] = 0
    if not C.nb_major[j]:
        return
    f = C.nb_fac[j]
    kn = C.nb_k[j]
    fo = C.nb_f[j]
    for land in range(NL):
        if (S.presence[land] >> f) & 1:
            kn -= S.units[land, f, KNIGHT]
            fo -= S.units[land, f, FOOTMAN]
    out[KNIGHT] = max(kn, 0)
    out[FOOTMAN] = max(fo, 0)


@njit(cache=True)
def groups(S, C, j, out):
    """``neighbors.groups``: rows (start, kind, figures), the spots (start -1) first, then the lands in board order
    (``neighbors.on_map``); returns how many."""
    spots = np.empty(3, np.int64)
    at_spots(S, C, j, spots)
    n = 0
    for k in (KNIGHT, FOOTMAN):
        if spots[k] > 0:
            out[n, 0] = -1
            out[n, 1] = k
            out[n, 2] = spots[k]
            n += 1
    f = C.nb_fac[j]
    for land in range(NL):
        if not (S.presence[land] >> f) & 1:
            continue
        for k in (KNIGHT, FOOTMAN):
            if S.units[land, f, k] > 0:
                out[n, 0] = land
                out[n, 1] = k
                out[n, 2] = S.units[land, f, k]
                n += 1
    return n


@njit(cache=True)
def allocated(S, C, j, pk, pf, out):
    """``neighbors._allocated``: the groups the pool (``pk`` Knights, ``pf`` Footmen) allows, figures on Polish land
    first (board order), then the spots; returns how many (read off the Map, not ``groups``: a non-player
    Principality's figures may stand in more than ``MAXG`` groups)."""
    f = C.nb_fac[j]
    left = np.zeros(3, np.int64)
    left[KNIGHT] = pk
    left[FOOTMAN] = pf
    n = 0
    for land in range(NL):
        if not (S.presence[land] >> f) & 1:
            continue
        for k in (KNIGHT, FOOTMAN):
            take = min(S.units[land, f, k], left[k])
            if take > 0:
                out[n, 0] = land
                out[n, 1] = k
                out[n, 2] = take
                left[k] -= take
                n += 1
    spots = np.empty(3, np.int64)
    at_spots(S, C, j, spots)
    for k in (KNIGHT, FOOTMAN):
        take = min(spots[k], left[k])
        if take > 0:
            out[n, 0] = -1
            out[n, 1] = k
            out[n, 2] = take
            left[k] -= take
            n += 1
    return n


# --- movement ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def guarded(S, C, mover, owner):
    """``neighbors._stops``' Border Guards (``effects.guarded`` with the mover consenting) for a land held by
    ``owner``: the Neighbor's figures stop at the first land of a holder other than the mover."""
    return C.tiles != 0 and 0 <= owner < NP and owner != mover and holds(S, C, owner, TK_BORDER_GUARDS)


@njit(cache=True)
def may_end(S, C, j, owner, mover):
    """``neighbors.may_end`` for a land held by ``owner``: not a land the mover controls, nor one of a player whose
    Princess is married into the Neighbor (``princesses.immune``, ``princesses.protected_lands``)."""
    if owner == mover:
        return False
    return not (0 <= owner < NP and C.nb_prin[j] >= 0 and S.princesses[owner] == C.nb_prin[j])


@njit(cache=True)
def reach(S, C, j, start, kind, mover, ctrl, ok):
    """``neighbors.reach`` as a set: ``ok[land]`` = 1 where a figure of ``kind`` starting at ``start`` (a land, or
    -1 for the spots) may end (``ctrl``: the lands' controllers, ``control_all``); returns how many."""
    f = C.nb_fac[j]
    points = movement_points(C, kind)
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    head, tail, extra = 0, 0, 0
    if start >= 0:
        dist[start] = 0
        queue[0] = start
        tail = 1
    else:
        extra = C.nb_exit - 1
        if C.nb_exit <= points:
            for land in range(NL):
                if C.nb_entry[j, land]:
                    dist[land] = 1
                    queue[tail] = land
                    tail += 1
    through = (1 << f) | (1 << mover)
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] + extra >= points:
            continue
        if land != start and (S.presence[land] & ~through or guarded(S, C, mover, ctrl[land])):
            continue  # ``_stops``: other factions' units (the mover lets them through his own), Border Guards
        for e in range(C.adjptr[land], C.adjptr[land + 1]):
            nxt = C.adj[e]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1
    n = 0
    for land in range(NL):
        ok[land] = 0
        if dist[land] > 0 and may_end(S, C, j, ctrl[land], mover):
            ok[land] = 1
            n += 1
    return n


@njit(cache=True)
def destroy_taken(S, C, mover, land, what):
    """``neighbors._destroy``: ``what`` bit 1 the land's Cities, bit 2 its building."""
    done = False
    if what & 1 and S.cities[land]:
        for g in range(S.cities[land]):
            S.supply[C.tok[land, g]] += 1
        S.cities[land] = 0
        done = True
    if what & 2 and S.buildings[land]:
        S.supply[T_CASTLE + S.buildings[land] - 1] += 1
        S.buildings[land] = 0
        done = True
    if done:
        S.people[mover] = clamp(C, S.people[mover] - C.nb_destroy_people)
        S.clergy[mover] = clamp(C, S.clergy[mover] - C.nb_destroy_clergy)


@njit(cache=True)
def move(S, C, j, moves, nm, mover, rs, destroy):
    """``neighbors.move``: ``moves`` (nm, 4) rows (start or -1, kind, n, end), legal by construction; ``destroy``
    (NL,) what to destroy on each land if taken (``destroy_taken``). Battles in the order the moves name their
    ends."""
    f = C.nb_fac[j]
    ctrl0 = np.empty(NL, np.int64)
    control_all(S, C, ctrl0)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    ends = np.empty(max(nm, 1), np.int64)
    ne = place_moves(S, f, moves, nm, ends)
    for e in range(ne):  # "If Neighbor's units occupy land with a Division Token, it is also removed"
        if S.division[ends[e]]:
            S.division[ends[e]] = 0
            S.supply[T_DIVISION] += 1
    for e in range(ne):
        if n_factions_on(S, ends[e]) > 1:
            battle(S, C, ends[e], f, rs)
    return_pomeranians(S, C)
    for land in range(NL):
        if destroy[land] and ctrl0[land] != f and controller(S, C, land) == f:
            destroy_taken(S, C, mover, land, destroy[land])
    retrack(S, C, people0, clergy0)


# --- playing and blocking cards ---------------------------------------------------------------------------------


@njit(cache=True)
def playable(S, C, p, used, out):
    """``neighbors.playable``: rows (card, Neighbor) the player may play now (sorted cards; an Any Neighbors card for
    each Neighbor in order), none of the Neighbors in the bit mask ``used``; returns how many."""
    n = 0
    for card in range(NC):
        nb = C.card_nb[card]
        if nb < 0 or S.hands[p, card] <= 0 or S.gold[p] < C.card_cost[card]:
            continue
        for j in range(NNBR):
            if (nb == NB_ANY or nb == j) and not (used >> j) & 1:
                out[n, 0] = card
                out[n, 1] = j
                n += 1
    return n


@njit(cache=True)
def blocking_cards(S, C, p, j, out):
    """``neighbors.blocking_cards``: the cards of ``j`` or Any Neighbors in hand, one entry per copy, sorted
    (``neighbors.neighbor_cards``)."""
    n = 0
    for card in range(NC):
        nb = C.card_nb[card]
        if nb == j or nb == NB_ANY:
            for _ in range(S.hands[p, card]):
                out[n] = card
                n += 1
    return n


# --- default policies (neighbors.py) ----------------------------------------------------------------------------


@njit(cache=True)
def rivals(S, C, me, weakest, out):
    """``neighbors.rivals``: the other players, the preferred first; returns how many."""
    if not weakest:
        return rivals_by_strength(S, C, me, out)
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    figs = np.empty(NP, np.int64)
    n = 0
    for o in range(no):  # stable by figures on the Map, ties in turn order
        q = order[o]
        if q == me:
            continue
        x = 0
        for land in range(NL):
            x += figures(S, land, q)
        i = n
        while i > 0 and figs[i - 1] > x:
            figs[i] = figs[i - 1]
            out[i] = out[i - 1]
            i -= 1
        figs[i] = x
        out[i] = q
        n += 1
    return n


@njit(cache=True)
def defence(S, C, land, f):
    """``neighbors.defence``: the other faction's swords (``neighbors.strength``) plus the site's shields (0 when
    unguarded)."""
    m = S.presence[land] & ~(1 << f)
    if m == 0:
        return 0
    g = 0
    while not (m >> g) & 1:  # the first other faction (only one stands there between moves)
        g += 1
    return (
        C.swords[0] * S.units[land, g, 0]
        + C.swords[1] * S.units[land, g, 1]
        + C.swords[2] * S.units[land, g, 2]
        + site_shields(S, C, land)
    )


@njit(cache=True)
def _reaches(S, C, j, mover, g, ng, ctrl, r):
    """``neighbors.reach`` of each of the ``ng`` groups ``g`` into the rows of ``r``."""
    for i in range(ng):
        reach(S, C, j, g[i, 0], g[i, 1], mover, ctrl, r[i])


@njit(cache=True)
def rival_rank(S, C, p, weakest, rank):
    """``neighbors.rivals`` as ranks: ``rank[q]`` is the place of player ``q`` (-1 for ``p`` and the eliminated)."""
    rv = np.empty(NP, np.int64)
    nr = rivals(S, C, p, weakest, rv)
    for q in range(NP):
        rank[q] = -1
    for i in range(nr):
        rank[rv[i]] = i


@njit(cache=True)
def plan_moves(S, C, p, j, pk, pf, weakest, ratio, destroy_on, moves, destroy):
    """``neighbors.plan_moves``: greedy, the richest land of the first rival the reaching figures can take gets every
    figure that reaches it; repeat with the rest. Returns the number of moves; ``destroy`` marks the lands taken."""
    rank = np.empty(NP, np.int64)
    rival_rank(S, C, p, weakest, rank)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    return _plan(S, C, p, j, pk, pf, rank, ctrl, ratio, destroy_on, moves, destroy)


@njit(cache=True)
def _plan(S, C, p, j, pk, pf, rank, ctrl, ratio, destroy_on, moves, destroy):
    """``neighbors.plan_moves`` with the rivals' ranks and the lands' controllers already known."""
    f = C.nb_fac[j]
    g = np.empty((MAXG, 3), np.int64)
    ng = allocated(S, C, j, pk, pf, g)
    r = np.empty((MAXG, NL), np.int64)
    _reaches(S, C, j, p, g, ng, ctrl, r)
    alive = np.ones(ng, np.bool_)
    nm = 0
    left = ng
    while left > 0:
        best = -1
        bk0 = 0
        bk1 = 0
        for land in range(NL):
            owner = ctrl[land]
            if owner < 0 or owner >= NP or rank[owner] < 0:
                continue
            power = 0
            hit = False
            for i in range(ng):
                if alive[i] and r[i, land]:
                    hit = True
                    power += C.swords[g[i, 1]] * g[i, 2]
            if not hit:
                continue
            guard = defence(S, C, land, f)
            if guard and power < ratio * guard:
                continue
            k0 = rank[owner]
            k1 = -richness(S, C, land)
            if best < 0 or k0 < bk0 or (k0 == bk0 and k1 < bk1):  # then board order
                best = land
                bk0 = k0
                bk1 = k1
        if best < 0:
            break
        if destroy_on:
            destroy[best] = 3
        for i in range(ng):
            if alive[i] and r[i, best]:
                moves[nm, 0] = g[i, 0]
                moves[nm, 1] = g[i, 1]
                moves[nm, 2] = g[i, 2]
                moves[nm, 3] = best
                nm += 1
                alive[i] = False
                left -= 1
    return nm


@njit(cache=True)
def plan_value(S, C, p, j, pk, pf, rank, ctrl, ratio):
    """``neighbors.order_value`` of ``plan_moves``: the richness of the lands taken."""
    moves = np.empty((MAXG, 4), np.int64)
    destroy = np.zeros(NL, np.int64)
    _plan(S, C, p, j, pk, pf, rank, ctrl, ratio, True, moves, destroy)
    v = 0
    for land in range(NL):
        if destroy[land]:
            v += richness(S, C, land)
    return v


@njit(cache=True)
def default_play(S, C, p, used, weakest, ratio, reserve, min_value):
    """``neighbors.default_play``: the play whose planned moves take the richest lands (at least ``min_value``);
    cheaper and dedicated cards first; a card with a cost only while ``reserve`` gold is left after paying."""
    options = np.empty((NC * NNBR, 2), np.int64)
    n = playable(S, C, p, used, options)
    if n == 0:
        return -1, -1
    rank = np.empty(NP, np.int64)
    rival_rank(S, C, p, weakest, rank)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    memo = np.full((NNBR, MEMO, MEMO), -1, np.int64)  # a plan's value by (Neighbor, Knights, Footmen)
    best = -1
    bkey = (0, 0, 0, 0, 0)
    for i in range(n):
        card, j = options[i, 0], options[i, 1]
        cost = C.card_cost[card]
        if cost and S.gold[p] - cost < reserve:
            continue
        pk, pf = C.card_k[card], C.card_f[card]
        if pk < MEMO and pf < MEMO:
            value = memo[j, pk, pf]
            if value < 0:
                value = plan_value(S, C, p, j, pk, pf, rank, ctrl, ratio)
                memo[j, pk, pf] = value
        else:
            value = plan_value(S, C, p, j, pk, pf, rank, ctrl, ratio)
        if value < min_value:
            continue
        key = (-value, cost, int(C.card_nb[card] == NB_ANY), card, C.nb_rank[j])
        if best < 0 or key < bkey:
            best = i
            bkey = key
    if best < 0:
        return -1, -1
    return options[best, 0], options[best, 1]


@njit(cache=True)
def threatened(S, C, me, mover, j, pk, pf, ratio):
    """``neighbors.threatened`` is not empty: a land of ``me`` with something to lose that the pool's figures can
    reach and take."""
    f = C.nb_fac[j]
    g = np.empty((MAXG, 3), np.int64)
    ng = allocated(S, C, j, pk, pf, g)
    r = np.empty((MAXG, NL), np.int64)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    _reaches(S, C, j, mover, g, ng, ctrl, r)
    for land in range(NL):
        power = 0
        hit = False
        for i in range(ng):
            if r[i, land]:
                hit = True
                power += C.swords[g[i, 1]] * g[i, 2]
        if not hit or ctrl[land] != me or richness(S, C, land) <= 0:
            continue
        guard = defence(S, C, land, f)
        if not guard or power >= ratio * guard:
            return True
    return False


@njit(cache=True)
def default_block(S, C, me, mover, j, pk, pf, ratio, out):
    """``neighbors.default_block``: while a land of mine is threatened, the Neighbor's own cards first (keep the
    jokers), strongest first."""
    hand = np.empty(NC, np.int64)
    nh = blocking_cards(S, C, me, j, hand)
    for a in range(1, nh):  # stable sort by (Any Neighbors, -figures, card)
        x = hand[a]
        kx = (int(C.card_nb[x] == NB_ANY), -(C.card_k[x] + C.card_f[x]), x)
        b = a - 1
        while b >= 0:
            y = hand[b]
            ky = (int(C.card_nb[y] == NB_ANY), -(C.card_k[y] + C.card_f[y]), y)
            if ky <= kx:
                break
            hand[b + 1] = y
            b -= 1
        hand[b + 1] = x
    n = 0
    while n < nh and pk + pf > 0 and threatened(S, C, me, mover, j, pk, pf, ratio):
        card = hand[n]
        out[n] = card
        n += 1
        pk = max(0, pk - C.card_k[card])
        pf = max(0, pf - C.card_f[card])
    return n
