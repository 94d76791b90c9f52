"""The Neighbors on the fast engine (``neighbors: true``): ``sim.games.principes.game.neighbors`` in numba.

A Neighbor is an index ``j`` in neighbors.yaml order (``C_NBFAC + j`` its faction: 4-5 the Pomeranias, 10-13 the
major Neighbors); a Neighbor Card is its index in ``layout.CARDS`` (``C_CARD*``: its Neighbor or ``NB_ANY``, its
Knights, Footmen and cost). A group's start is a land, or -1 for the Neighbor's off-map spots (a major Neighbor's
figures not on Polish land). Before a Politics Action (``before_politics``) the player plays cards one at a time
(``play``): pay, the others block in turn order, the pool's figures move (``move``: Division Tokens removed,
battles with the Neighbor as a neutral faction in the order of the moves, Pomeranias sent home, Cities and
buildings destroyed on lands taken, tracks follow). The choices are the built-in strategies' hooks:
``default_play`` / ``default_block`` / ``plan_moves`` with the scripted parameters (``neighbor_*``), uniform picks
for ``random``. Border Guards (printed Progress Tiles) stop the figures in ``reach`` (``guarded``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import kernels as K
from sim.games.principes.fast.history import richness, rivals_by_strength
from sim.games.principes.fast.layout import (
    C_ADJ,
    C_ADJPTR,
    C_BYRANK,
    C_CARDCOST,
    C_CARDF,
    C_CARDK,
    C_CARDNB,
    C_NB_DESTROY_CLERGY,
    C_NB_DESTROY_PEOPLE,
    C_NB_EXIT,
    C_NBENTRY,
    C_NBF,
    C_NBFAC,
    C_NBK,
    C_NBMAJOR,
    C_NBPRIN,
    C_NBRANK,
    C_TILES,
    C_TOK,
    FOOTMAN,
    KNIGHT,
    NB_ANY,
    NC,
    NL,
    NP,
    S_BUILD,
    S_CITIES,
    S_CLERGY,
    S_DIV,
    S_ELIM,
    S_GOLD,
    S_HAND,
    S_MASK,
    S_PEOPLE,
    S_PRIN,
    S_SUPPLY,
    T_CASTLE,
    T_DIVISION,
    TK_BORDER_GUARDS,
)
from sim.games.principes.fast.strategies import (
    F_MOVE_SHARE,
    F_NB_MIN_VALUE,
    F_NB_RATIO,
    F_NB_RESERVE,
    F_NB_SHARE,
    P_KIND,
    P_NB_BLOCK,
    P_NB_DESTROY,
    P_NB_PLAY,
    P_NB_WEAKEST,
    RANDOM,
)

NNBR = 6  # Neighbors
MAXG = 8  # groups of one Neighbor (spots: 2 kinds; on the Map: at most its 4 figures)
MEMO = 4  # ``default_play`` remembers the plans of pools up to 3 Knights and 3 Footmen
NBSTRENGTH = (2, 2, 1)  # neighbors.STRENGTH (and a Prince's 2 for ``defence``): prince, knight, footman


# --- figures ----------------------------------------------------------------------------------------------------


@njit(cache=True)
def at_spots(S, C, j, out):
    """``neighbors.at_spots``: ``out`` (3,) the major Neighbor's figures by kind not on Polish land (0 for a
    Pomerania)."""
    out[0] = 0
    out[KNIGHT] = 0
    out[FOOTMAN] = 0
    if not C[C_NBMAJOR + j]:
        return
    f = C[C_NBFAC + j]
    kn = C[C_NBK + j]
    fo = C[C_NBF + j]
    for land in range(NL):
        if (S[S_MASK + land] >> f) & 1:
            kn -= S[K.ui(land, f, KNIGHT)]
            fo -= S[K.ui(land, f, FOOTMAN)]
    out[KNIGHT] = max(kn, 0)
    out[FOOTMAN] = max(fo, 0)


@njit(cache=True)
def groups(S, C, j, out):
    """``neighbors.groups``: rows (start, kind, figures), the spots (start -1) first, then the lands in board order;
    returns how many."""
    spots = np.empty(3, np.int64)
    at_spots(S, C, j, spots)
    n = 0
    for k in (KNIGHT, FOOTMAN):
        if spots[k] > 0:
            out[n, 0] = -1
            out[n, 1] = k
            out[n, 2] = spots[k]
            n += 1
    f = C[C_NBFAC + j]
    for land in range(NL):
        if not (S[S_MASK + land] >> f) & 1:
            continue
        for k in (KNIGHT, FOOTMAN):
            if S[K.ui(land, f, k)] > 0:
                out[n, 0] = land
                out[n, 1] = k
                out[n, 2] = S[K.ui(land, f, k)]
                n += 1
    return n


@njit(cache=True)
def allocated(S, C, j, pk, pf, out):
    """``neighbors._allocated``: the groups the pool (``pk`` Knights, ``pf`` Footmen) allows, figures on Polish land
    first, then the spots; returns how many."""
    g = np.empty((MAXG, 3), np.int64)
    ng = groups(S, C, j, g)
    left = np.zeros(3, np.int64)
    left[KNIGHT] = pk
    left[FOOTMAN] = pf
    n = 0
    for spots in (False, True):
        for i in range(ng):
            if (g[i, 0] < 0) != spots:
                continue
            take = min(g[i, 2], left[g[i, 1]])
            if take > 0:
                out[n, 0] = g[i, 0]
                out[n, 1] = g[i, 1]
                out[n, 2] = take
                left[g[i, 1]] -= take
                n += 1
    return n


# --- movement ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def guarded(S, C, mover, owner):
    """``tiles.guarded(state, land, nb, {mover})`` for a land held by ``owner``: Border Guards stop the Neighbor's
    figures at the first land of a holder other than the mover ("unless the holder consents")."""
    return C[C_TILES] != 0 and 0 <= owner < NP and owner != mover and K.holds(S, C, owner, TK_BORDER_GUARDS)


@njit(cache=True)
def may_end(S, C, j, owner, mover):
    """``neighbors.may_end`` for a land held by ``owner``: not a land the mover controls, nor one of a player whose
    Princess is married into the Neighbor (``princesses.immune``)."""
    if owner == mover:
        return False
    return not (0 <= owner < NP and C[C_NBPRIN + j] >= 0 and S[S_PRIN + owner] == C[C_NBPRIN + j])


@njit(cache=True)
def reach(S, C, j, start, kind, mover, ctrl, ok):
    """``neighbors.reach`` as a set: ``ok[land]`` = 1 where a figure of ``kind`` starting at ``start`` (a land, or
    -1 for the spots) may end (``ctrl``: the lands' controllers, ``K.control_all``); returns how many."""
    f = C[C_NBFAC + j]
    points = K.movement_points(C, kind)
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    head, tail, extra = 0, 0, 0
    if start >= 0:
        dist[start] = 0
        queue[0] = start
        tail = 1
    else:
        extra = C[C_NB_EXIT] - 1
        if C[C_NB_EXIT] <= points:
            for land in range(NL):
                if C[C_NBENTRY + j * NL + land]:
                    dist[land] = 1
                    queue[tail] = land
                    tail += 1
    through = (1 << f) | (1 << mover)
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] + extra >= points:
            continue
        if land != start and (S[S_MASK + land] & ~through or guarded(S, C, mover, ctrl[land])):
            continue  # ``_stops``: other factions' units (the mover lets them through his own), Border Guards
        for e in range(C[C_ADJPTR + land], C[C_ADJPTR + land + 1]):
            nxt = C[C_ADJ + e]
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
    if what & 1 and S[S_CITIES + land]:
        for g in range(S[S_CITIES + land]):
            S[S_SUPPLY + C[C_TOK + 2 * land + g]] += 1
        S[S_CITIES + land] = 0
        done = True
    if what & 2 and S[S_BUILD + land]:
        S[S_SUPPLY + T_CASTLE + S[S_BUILD + land] - 1] += 1
        S[S_BUILD + land] = 0
        done = True
    if done:
        S[S_PEOPLE + mover] = K.clamp(C, S[S_PEOPLE + mover] - C[C_NB_DESTROY_PEOPLE])
        S[S_CLERGY + mover] = K.clamp(C, S[S_CLERGY + mover] - C[C_NB_DESTROY_CLERGY])


@njit(cache=True)
def move(S, C, j, moves, nm, mover, rs, destroy):
    """``neighbors.move``: ``moves`` (nm, 4) rows (start or -1, kind, n, end), legal by construction; ``destroy``
    (NL,) what to destroy on each land if taken (``destroy_taken``). Battles in the order the moves name their
    ends."""
    f = C[C_NBFAC + j]
    ctrl0 = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl0)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    K.support_all(S, C, people0, clergy0)
    ends = np.empty(max(nm, 1), np.int64)
    ne = K.place_moves(S, f, moves, nm, ends)
    for e in range(ne):  # "If Neighbor's units occupy land with a Division Token, it is also removed"
        if S[S_DIV + ends[e]]:
            S[S_DIV + ends[e]] = 0
            S[S_SUPPLY + T_DIVISION] += 1
    for e in range(ne):
        if K.n_factions_on(S, ends[e]) > 1:
            K.battle(S, C, ends[e], f, rs)
    K.return_pomeranians(S, C)
    for land in range(NL):
        if destroy[land] and ctrl0[land] != f and K.controller(S, C, land) == f:
            destroy_taken(S, C, mover, land, destroy[land])
    K.retrack(S, C, people0, clergy0)


# --- playing and blocking cards ---------------------------------------------------------------------------------


@njit(cache=True)
def playable(S, C, p, used, out):
    """``neighbors.playable``: rows (card, Neighbor) the player may play now (sorted cards; an Any Neighbors card for
    each Neighbor in order), none of the Neighbors in the bit mask ``used``; returns how many."""
    n = 0
    for card in range(NC):
        nb = C[C_CARDNB + card]
        if nb < 0 or S[S_HAND + p * NC + card] <= 0 or S[S_GOLD + p] < C[C_CARDCOST + card]:
            continue
        for j in range(NNBR):
            if (nb == NB_ANY or nb == j) and not (used >> j) & 1:
                out[n, 0] = card
                out[n, 1] = j
                n += 1
    return n


@njit(cache=True)
def blocking_cards(S, C, p, j, out):
    """``neighbors.blocking_cards``: the cards of ``j`` or Any Neighbors in hand, one entry per copy, sorted."""
    n = 0
    for card in range(NC):
        nb = C[C_CARDNB + card]
        if nb == j or nb == NB_ANY:
            for _ in range(S[S_HAND + p * NC + card]):
                out[n] = card
                n += 1
    return n


@njit(cache=True)
def play(S, C, P, F, sid, p, card, j, rs):
    """``neighbors.play``: pay, let the others block in the Round's turn order, move what is left."""
    K.discard(S, p, card)
    S[S_GOLD + p] -= C[C_CARDCOST + card]
    pk = C[C_CARDK + card]
    pf = C[C_CARDF + card]
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    blocks = np.empty(NC, np.int64)
    for o in range(no):
        q = order[o]
        if q == p:
            continue
        nb = neighbor_block(S, C, P, F, sid, q, p, j, pk, pf, rs, blocks)
        for i in range(nb):
            K.discard(S, q, blocks[i])
            pk = max(0, pk - C[C_CARDK + blocks[i]])
            pf = max(0, pf - C[C_CARDF + blocks[i]])
    if pk + pf == 0:
        return
    moves = np.empty((MAXG, 4), np.int64)
    destroy = np.zeros(NL, np.int64)
    nm = neighbor_moves(S, C, P, F, sid, p, j, pk, pf, rs, moves, destroy)
    if nm > 0:
        move(S, C, j, moves, nm, p, rs, destroy)


@njit(cache=True)
def before_politics(S, C, P, F, sid, p, rs):
    """``neighbors.before_politics``: the cards ``p`` plays before the Politics Action, each resolved in turn."""
    used = 0
    while not S[S_ELIM + p]:
        card, j = neighbor_play(S, C, P, F, sid, p, used, rs)
        if card < 0:
            break
        play(S, C, P, F, sid, p, card, j, rs)
        used |= 1 << j


# --- the strategies' hooks --------------------------------------------------------------------------------------


@njit(cache=True)
def neighbor_play(S, C, P, F, sid, p, used, rs):
    Pp = P[sid[p]]
    Fp = F[sid[p]]
    if Pp[P_KIND] == RANDOM:
        options = np.empty((NC * NNBR, 2), np.int64)
        n = playable(S, C, p, used, options)
        if n and K.rand_float(rs) < Fp[F_NB_SHARE]:
            i = K.rand_below(rs, n)
            return options[i, 0], options[i, 1]
        return -1, -1
    if not Pp[P_NB_PLAY]:
        return -1, -1
    return default_play(S, C, p, used, Pp[P_NB_WEAKEST], Fp[F_NB_RATIO], Fp[F_NB_RESERVE], Fp[F_NB_MIN_VALUE])


@njit(cache=True)
def neighbor_block(S, C, P, F, sid, q, mover, j, pk, pf, rs, out):
    Pp = P[sid[q]]
    Fp = F[sid[q]]
    if Pp[P_KIND] == RANDOM:
        hand = np.empty(NC, np.int64)
        nh = blocking_cards(S, C, q, j, hand)
        n = 0
        for i in range(nh):
            if K.rand_float(rs) < Fp[F_NB_SHARE]:
                out[n] = hand[i]
                n += 1
        return n
    if not Pp[P_NB_BLOCK]:
        return 0
    return default_block(S, C, q, mover, j, pk, pf, Fp[F_NB_RATIO], out)


@njit(cache=True)
def neighbor_moves(S, C, P, F, sid, p, j, pk, pf, rs, moves, destroy):
    Pp = P[sid[p]]
    Fp = F[sid[p]]
    if Pp[P_KIND] == RANDOM:
        return random_moves(S, C, Fp, p, j, pk, pf, rs, moves, destroy)
    return plan_moves(S, C, p, j, pk, pf, Pp[P_NB_WEAKEST], Fp[F_NB_RATIO], Pp[P_NB_DESTROY], moves, destroy)


# --- default policies (neighbors.py) ----------------------------------------------------------------------------


@njit(cache=True)
def rivals(S, C, me, weakest, out):
    """``neighbors.rivals``: the other players, the preferred first; returns how many."""
    if not weakest:
        return rivals_by_strength(S, C, me, out)
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    figs = np.empty(NP, np.int64)
    n = 0
    for o in range(no):  # stable by figures on the Map, ties in turn order
        q = order[o]
        if q == me:
            continue
        x = 0
        for land in range(NL):
            x += K.figures(S, land, q)
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
    """``neighbors.defence``: the other faction's swords plus the site's shields (0 when unguarded)."""
    m = S[S_MASK + land] & ~(1 << f)
    if m == 0:
        return 0
    g = 0
    while not (m >> g) & 1:  # the first other faction (only one stands there between moves)
        g += 1
    return (
        NBSTRENGTH[0] * S[K.ui(land, g, 0)]
        + NBSTRENGTH[1] * S[K.ui(land, g, 1)]
        + NBSTRENGTH[2] * S[K.ui(land, g, 2)]
        + K.site_shields(S, C, land)
    )


@njit(cache=True)
def _reaches(S, C, j, mover, g, ng, ctrl, r):
    for i in range(ng):
        reach(S, C, j, g[i, 0], g[i, 1], mover, ctrl, r[i])


@njit(cache=True)
def rival_rank(S, C, p, weakest, rank):
    """``rank[q]``: the place of player ``q`` in ``rivals`` (-1 for ``p`` and the eliminated)."""
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
    K.control_all(S, C, ctrl)
    return _plan(S, C, p, j, pk, pf, rank, ctrl, ratio, destroy_on, moves, destroy)


@njit(cache=True)
def _plan(S, C, p, j, pk, pf, rank, ctrl, ratio, destroy_on, moves, destroy):
    """``plan_moves`` with the rivals' ranks and the lands' controllers already known."""
    f = C[C_NBFAC + j]
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
                    power += NBSTRENGTH[g[i, 1]] * g[i, 2]
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
    K.control_all(S, C, ctrl)
    memo = np.full((NNBR, MEMO, MEMO), -1, np.int64)  # a plan's value by (Neighbor, Knights, Footmen)
    best = -1
    bkey = (0, 0, 0, 0, 0)
    for i in range(n):
        card, j = options[i, 0], options[i, 1]
        cost = C[C_CARDCOST + card]
        if cost and S[S_GOLD + p] - cost < reserve:
            continue
        pk, pf = C[C_CARDK + card], C[C_CARDF + card]
        if pk < MEMO and pf < MEMO:
            value = memo[j, pk, pf]
            if value < 0:
                value = plan_value(S, C, p, j, pk, pf, rank, ctrl, ratio)
                memo[j, pk, pf] = value
        else:
            value = plan_value(S, C, p, j, pk, pf, rank, ctrl, ratio)
        if value < min_value:
            continue
        key = (-value, cost, int(C[C_CARDNB + card] == NB_ANY), card, C[C_NBRANK + j])
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
    f = C[C_NBFAC + j]
    g = np.empty((MAXG, 3), np.int64)
    ng = allocated(S, C, j, pk, pf, g)
    r = np.empty((MAXG, NL), np.int64)
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    _reaches(S, C, j, mover, g, ng, ctrl, r)
    for land in range(NL):
        power = 0
        hit = False
        for i in range(ng):
            if r[i, land]:
                hit = True
                power += NBSTRENGTH[g[i, 1]] * g[i, 2]
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
        kx = (int(C[C_CARDNB + x] == NB_ANY), -(C[C_CARDK + x] + C[C_CARDF + x]), x)
        b = a - 1
        while b >= 0:
            y = hand[b]
            ky = (int(C[C_CARDNB + y] == NB_ANY), -(C[C_CARDK + y] + C[C_CARDF + y]), y)
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
        pk = max(0, pk - C[C_CARDK + card])
        pf = max(0, pf - C[C_CARDF + card])
    return n


@njit(cache=True)
def random_moves(S, C, Fp, p, j, pk, pf, rs, moves, destroy):
    """``RandomLegal.neighbor_moves``: each group the pool allows moves with probability move_share, 1 to all its
    allowed figures, to a random land it reaches; each land ended on is ruined with probability 1/2."""
    g = np.empty((MAXG, 3), np.int64)
    ng = groups(S, C, j, g)
    left = np.zeros(3, np.int64)
    left[KNIGHT] = pk
    left[FOOTMAN] = pf
    ok = np.empty(NL, np.int64)
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    nm = 0
    for i in range(ng):
        take = min(g[i, 2], left[g[i, 1]])
        if not take or K.rand_float(rs) >= Fp[F_MOVE_SHARE]:
            continue
        n = reach(S, C, j, g[i, 0], g[i, 1], p, ctrl, ok)
        if n == 0:
            continue
        k = 1 + K.rand_below(rs, take)
        dest = K.choose_land(C, ok, n, rs)
        moves[nm, 0] = g[i, 0]
        moves[nm, 1] = g[i, 1]
        moves[nm, 2] = k
        moves[nm, 3] = dest
        nm += 1
        left[g[i, 1]] -= k
    for rk in range(NL):  # the lands ended on, by id
        land = C[C_BYRANK + rk]
        end = False
        for i in range(nm):
            end = end or moves[i, 3] == land
        if end and K.rand_float(rs) < 0.5:
            destroy[land] = 1 + K.rand_below(rs, 3)  # ("city",), ("building",), ("city", "building")
    return nm
