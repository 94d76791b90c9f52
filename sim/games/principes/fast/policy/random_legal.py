"""The random-legal baseline's decisions, compiled: the twin of ``strategies.principes.random_legal``.

Every choice is uniform among the legal ones, drawn from the game's stream in the reference's order (a draw the
reference makes is made here too, even when its outcome is certain), so ``sim.lockstep.LockstepRandom`` replays
the same games. ``Fp`` is the seat's float row (``params.F_*``: move_share, play_share, court_share,
neighbor_share).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.history import division, invaders, urbanization
from sim.games.principes.fast.legal import building_sites, city_sites, first_support_card, reachable, stacks
from sim.games.principes.fast.movement import move_points
from sim.games.principes.fast.neighbors import MAXG, NNBR, blocking_cards, groups, playable, reach
from sim.games.principes.fast.nonplayers import random_choice
from sim.games.principes.fast.policy.params import F_COURT_SHARE, F_MOVE_SHARE, F_NB_SHARE, F_PLAY_SHARE
from sim.games.principes.fast.policy.scripted import COUNCIL
from sim.games.principes.fast.princesses import CLERGY, PEOPLE
from sim.games.principes.fast.setup import SYM_CLERGY, SYM_EITHER, SYM_PEOPLE
from sim.games.principes.fast.state import FOOTMAN, KNIGHT, NC, NL, T_CASTLE
from sim.games.principes.fast.stream import choose_land, rand_below, rand_float

COURT0, COURT_END = 3, 6  # the Court Cards in ``state.CARDS`` (court.clergy, court.either, court.people)


@njit(cache=True)
def direction(rs):
    """``random_legal.RandomLegal.direction``: clockwise with probability 1/2."""
    return rand_float(rs) < 0.5


@njit(cache=True)
def plan(C, rs, out):
    """``random_legal.RandomLegal.plan``: ``random.sample`` of ``C.planned`` of the 6 actions."""
    pool = np.arange(6)
    for i in range(C.planned):
        j = i + rand_below(rs, 6 - i)
        pool[i], pool[j] = pool[j], pool[i]
        out[i] = pool[i]


@njit(cache=True)
def assembly(S, C, p, rs, lands, n, knights, footmen, cap):
    """``random_legal.RandomLegal.assembly``: (land, Knights, Footmen), the Footmen within the gold left."""
    k = rand_below(rs, min(knights, cap) + 1)
    paid = (S.gold[p] - k * C.knight_cost) // C.footman_cost if C.footman_cost else cap
    f = rand_below(rs, min(footmen, cap - k, paid) + 1)
    return lands[rand_below(rs, n)], k, f


@njit(cache=True)
def movement(S, C, Fp, p, rs, moves):
    """``random_legal.RandomLegal.movement``: each group moves with probability move_share to a random reachable
    land; then the indulgence with probability 1/2. Returns (moves, indulgence)."""
    st = np.empty((3 * NL, 3), np.int64)
    ns = stacks(S, C, p, st)
    ok = np.empty(NL, np.int64)
    nm = 0
    for i in range(ns):
        if rand_float(rs) >= Fp[F_MOVE_SHARE]:
            continue
        n = reachable(S, C, p, st[i, 0], move_points(S, C, p, st[i, 1]), ok)
        if n == 0:
            continue
        dest = choose_land(C, ok, n, rs)
        moves[nm, 0] = st[i, 0]
        moves[nm, 1] = st[i, 1]
        moves[nm, 2] = 1 + rand_below(rs, st[i, 2])
        moves[nm, 3] = dest
        nm += 1
    return nm, rand_float(rs) < 0.5


@njit(cache=True)
def building(S, C, p, rs, lands, kinds):
    """``random_legal.RandomLegal.building`` → (City land or -1, number of buildings into ``lands``/``kinds``; the
    kinds in supply: ``legal.building_kinds``, each at ``legal.building_cost``)."""
    gold = S.gold[p]
    city = -1
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    sl = np.empty(NL, np.int64)
    sc = np.empty(NL, np.int64)
    n = city_sites(S, C, ctrl, p, sl, sc)
    if n and rand_float(rs) < 0.5:
        i = rand_below(rs, n)
        city = sl[i]
        gold -= sc[i]
    free = np.empty(NL, np.int64)
    nf = building_sites(S, C, ctrl, p, free)
    avail = np.empty(3, np.int64)
    na = 0
    for k in range(1, 4):
        if S.supply[T_CASTLE + k - 1] > 0:
            avail[na] = k
            na += 1
    cost = C.build_cost
    nb = 0
    tl = np.empty(NL, np.int64)
    tk = np.empty(NL, np.int64)
    for _ in range(rand_below(rs, C.build_per_action + 1)):
        if nf == 0 or na == 0 or gold < cost:
            break
        i = rand_below(rs, nf)
        tl[nb] = free[i]
        for j in range(i, nf - 1):
            free[j] = free[j + 1]
        nf -= 1
        tk[nb] = avail[rand_below(rs, na)]
        nb += 1
        gold -= cost
    n_ok = 0
    seen = np.zeros(4, np.int64)
    for i in range(nb):  # two of a kind with one token left: keep the first
        seen[tk[i]] += 1
        if seen[tk[i]] <= S.supply[T_CASTLE + tk[i] - 1]:
            lands[n_ok] = tl[i]
            kinds[n_ok] = tk[i]
            n_ok += 1
    return city, n_ok


@njit(cache=True)
def politics(C, rs):
    """``random_legal.RandomLegal.politics``: a Council with probability 1/2, else 0..cards_drawn Court Cards."""
    return COUNCIL if rand_float(rs) < 0.5 else rand_below(rs, C.pol_drawn + 1)


@njit(cache=True)
def council(S, C, Fp, p, rs, plays):
    """``random_legal.RandomLegal.council``: each support card with probability play_share, on a random track it
    allows (``rng.choice`` of one track still draws); rows (card, 1 people | 2 clergy)."""
    n = 0
    lo = first_support_card(S, C, p)
    for card in range(lo, NC):  # Heralds of Peace: Battle Cards (either track)
        for _ in range(S.hands[p, card]):
            if rand_float(rs) < Fp[F_PLAY_SHARE]:
                sym = C.card_sym[card]
                if sym == SYM_CLERGY:
                    t = 2 + rand_below(rs, 1)
                elif sym == SYM_PEOPLE:
                    t = 1 + rand_below(rs, 1)
                else:
                    t = 1 + rand_below(rs, 2)
                plays[n, 0] = card
                plays[n, 1] = t
                n += 1
    return n


@njit(cache=True)
def progress(rs, n):
    """``random_legal.RandomLegal.progress``: a uniform pick of the ``n`` legal ones, or -1."""
    return rand_below(rs, n) if n else -1


@njit(cache=True)
def support_track(rs):
    """``random_legal.RandomLegal.support_track``: People or Clergy (1 or 2)."""
    return 1 + rand_below(rs, 2)


@njit(cache=True)
def church_schools(rs):
    """``random_legal.RandomLegal.church_schools``: pay with probability 1/2."""
    return rand_float(rs) < 0.5


@njit(cache=True)
def new_mechanisms(rs):
    """``random_legal.RandomLegal.new_mechanisms``: with probability 1/2 one of the 5 other actions, else -1."""
    if rand_float(rs) < 0.5:
        return 1 + rand_below(rs, 5)
    return -1


@njit(cache=True)
def court_texts(S, Fp, p, rs, out):
    """``random_legal.RandomLegal.court_texts``: each Court Card (sorted) with probability court_share."""
    n = 0
    for card in range(COURT0, COURT_END):
        for _ in range(S.hands[p, card]):
            if rand_float(rs) < Fp[F_COURT_SHARE]:
                out[n] = card
                n += 1
    return n


@njit(cache=True)
def princess(rs, allowed, n):
    """``random_legal.RandomLegal.princess``: a uniform area."""
    return allowed[rand_below(rs, n)]


@njit(cache=True)
def princess_draw(rs):
    """``random_legal.RandomLegal.princess_draw``: a Court (1) or a Neighbor (2) Card."""
    return 1 + rand_below(rs, 2)


@njit(cache=True)
def princess_discard(S, C, p, rs):
    """``random_legal.RandomLegal.princess_discard``: a uniform Court or Neighbor Card, for a uniform use (discard,
    gold, or a track its symbol allows). Returns (card, use)."""
    total = 0
    for c in range(COURT0, NC):
        total += S.hands[p, c]
    pick = rand_below(rs, total)
    card = COURT0
    for c in range(COURT0, NC):
        h = S.hands[p, c]
        if pick < h:
            card = c
            break
        pick -= h
    sym = C.card_sym[card]
    if sym == SYM_EITHER:
        return card, rand_below(rs, 4)  # discard, gold, people, clergy
    use = rand_below(rs, 3)  # discard, gold, its own track
    if use == 2:
        use = PEOPLE if sym == SYM_PEOPLE else CLERGY
    return card, use


@njit(cache=True)
def history_division(S, C, p, rs):
    """``random_legal.RandomLegal.history_division``: a uniform candidate with probability 1/2, else -1."""
    lands = np.empty(NL, np.int64)
    n = division.candidates(S, C, p, lands)
    if n > 0 and rand_float(rs) < 0.5:
        return lands[rand_below(rs, n)]
    return -1


@njit(cache=True)
def history_urbanization(S, C, p, rs):
    """``random_legal.RandomLegal.history_urbanization``: a uniform candidate with probability 1/2, else -1."""
    lands = np.empty(NL, np.int64)
    n = urbanization.candidates(S, C, p, lands)
    if n > 0 and rand_float(rs) < 0.5:
        return lands[rand_below(rs, n)]
    return -1


@njit(cache=True)
def history_release(S, C, p, rs, opts, n):
    """``random_legal.RandomLegal.history_release``: a uniform (land, kind) row of ``opts`` (an index)."""
    return rand_below(rs, n)


@njit(cache=True)
def history_teutonic(rs):
    """``random_legal.RandomLegal.history_teutonic``: call them with probability 1/2."""
    return rand_float(rs) < 0.5


@njit(cache=True)
def history_invaders(S, C, Fp, mover, f, stock, rs, moves):
    """``random_legal.RandomLegal.history_invaders``: each group moves with probability move_share, 1 to all its
    figures, to a random land it reaches; rows (start or -1, kind, n, destination)."""
    grp = np.empty((invaders.MAXGROUPS, 3), np.int64)
    ng = invaders.groups(S, C, f, stock, grp)
    area = C.inv_area[f - invaders.F_PRUSSIANS]
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    ok = np.empty(NL, np.int64)
    nm = 0
    for g in range(ng):
        n = invaders.reach(S, C, f, grp[g, 0], area, grp[g, 1], mover, ctrl, ok)
        if n > 0 and rand_float(rs) < Fp[F_MOVE_SHARE]:
            dest = choose_land(C, ok, n, rs)
            moves[nm, 0] = grp[g, 0]
            moves[nm, 1] = grp[g, 1]
            moves[nm, 2] = 1 + rand_below(rs, grp[g, 2])
            moves[nm, 3] = dest
            nm += 1
    return nm


@njit(cache=True)
def neighbor_play(S, C, Fp, p, used, rs):
    """``random_legal.RandomLegal.neighbor_play``: a uniform (card, Neighbor) with probability neighbor_share."""
    options = np.empty((NC * NNBR, 2), np.int64)
    n = playable(S, C, p, used, options)
    if n and rand_float(rs) < Fp[F_NB_SHARE]:
        i = rand_below(rs, n)
        return options[i, 0], options[i, 1]
    return -1, -1


@njit(cache=True)
def neighbor_block(S, C, Fp, q, j, rs, out):
    """``random_legal.RandomLegal.neighbor_block``: each card that can block, with probability neighbor_share."""
    hand = np.empty(NC, np.int64)
    nh = blocking_cards(S, C, q, j, hand)
    n = 0
    for i in range(nh):
        if rand_float(rs) < Fp[F_NB_SHARE]:
            out[n] = hand[i]
            n += 1
    return n


@njit(cache=True)
def neighbor_moves(S, C, Fp, p, j, pk, pf, rs, moves, ruin):
    """``random_legal.RandomLegal.neighbor_moves``: each group the pool allows moves with probability move_share, 1
    to all its allowed figures, to a random land it reaches; each land ended on is ruined with probability 1/2."""
    g = np.empty((MAXG, 3), np.int64)
    ng = groups(S, C, j, g)
    left = np.zeros(3, np.int64)
    left[KNIGHT] = pk
    left[FOOTMAN] = pf
    ok = np.empty(NL, np.int64)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    nm = 0
    for i in range(ng):
        take = min(g[i, 2], left[g[i, 1]])
        if not take or rand_float(rs) >= Fp[F_MOVE_SHARE]:
            continue
        n = reach(S, C, j, g[i, 0], g[i, 1], p, ctrl, ok)
        if n == 0:
            continue
        k = 1 + rand_below(rs, take)
        dest = choose_land(C, ok, n, rs)
        moves[nm, 0] = g[i, 0]
        moves[nm, 1] = g[i, 1]
        moves[nm, 2] = k
        moves[nm, 3] = dest
        nm += 1
        left[g[i, 1]] -= k
    for rk in range(NL):  # the lands ended on, by id
        land = C.byrank[rk]
        end = False
        for i in range(nm):
            end = end or moves[i, 3] == land
        if end and rand_float(rs) < 0.5:
            ruin[land] = 1 + rand_below(rs, 3)  # ("city",), ("building",), ("city", "building")
    return nm


@njit(cache=True)
def combined(S, C, Fp, p, action, rs, ch, moves, ruin):
    """``random_legal.RandomLegal.combined``: with probability move_share a uniform legal Combined Action
    (``nonplayers.random_choice``)."""
    return random_choice(S, C, p, action, Fp[F_MOVE_SHARE], rs, ch, moves, ruin)
