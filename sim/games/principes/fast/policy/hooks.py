"""The questions a seat's strategy answers, compiled: the twin of ``strategies.principes.base.Strategy``.

One function per hook: it dispatches on the seat's compiled strategy (``P[sid[q], P_KIND]``) to the random-legal
baseline (``random_legal``) or to the scripted plans (``scripted``, and for the hooks the scripted plans inherit,
the rule modules' ``default_*`` choices as ``base.Strategy`` takes them). ``P``/``F`` hold one int/float row per
strategy (``params``), ``sid[q]`` the row of Principality ``q``. The game flow (``driver``, ``history.deck``) asks
these and hands the answers to the rule modules (decide → apply).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import neighbors, nonplayers, politics, princesses
from sim.games.principes.fast.building import city_cost
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.history import division, invaders, release, teutonic, urbanization
from sim.games.principes.fast.legal import assembly_room
from sim.games.principes.fast.policy import random_legal, scripted, solo
from sim.games.principes.fast.policy.params import (
    F_NB_MIN_VALUE,
    F_NB_RATIO,
    F_NB_RESERVE,
    P_BLOCK,
    P_COURT_BEFORE,
    P_COURT_MAX,
    P_DESTROY,
    P_INDULGENCE,
    P_KIND,
    P_NB_BLOCK,
    P_NB_DESTROY,
    P_NB_PLAY,
    P_NB_WEAKEST,
    P_NPRINCESS,
    P_PRINCESS,
    P_PROGRESS,
    P_SELL,
    RANDOM,
    SOLO,
)
from sim.games.principes.fast.setup import SYM_EITHER, SYM_PEOPLE
from sim.games.principes.fast.state import A_BUILDING, NC, NL
from sim.games.principes.fast.stream import rand_float
from sim.games.principes.fast.taxes import can_tax

COURT0, COURT_END = 3, 6  # the Court Cards in ``state.CARDS``


@njit(cache=True)
def is_random(P, sid, q):
    """The seat plays ``random_legal.RandomLegal``."""
    return P[sid[q], P_KIND] == RANDOM


@njit(cache=True)
def direction(S, P, sid, q, rs):
    """``base.Strategy.direction``: as Princeps, clockwise or not (the scripted plans keep the token's)."""
    if is_random(P, sid, q):
        return random_legal.direction(rs)
    return S.clockwise != 0


@njit(cache=True)
def plan(S, C, P, F, sid, q, rs, out):
    """``base.Strategy.plan``: the ``C.planned`` actions (``base.planned``) into ``out``."""
    if is_random(P, sid, q):
        random_legal.plan(C, rs, out)
    elif P[sid[q], P_KIND] == SOLO and solo.can_win(S, C, q):
        solo.winning_plan(C, out)
    else:
        scripted.scripted_plan(S, C, P[sid[q]], F[sid[q]], q, out)


@njit(cache=True)
def solo_support(S, C, P, sid, p, rs, plays):
    """``game.solo.support``'s question (``solo_support``): Court and Neighbor Cards played for support before an
    action, rows (card, track); the default (``game.solo.default_support``) and the random plan play none."""
    if P[sid[p], P_KIND] != SOLO:
        return 0
    return solo.support(S, C, P[sid[p]], p, plays)


@njit(cache=True)
def new_mechanisms(S, C, P, F, sid, p, rs):
    """``base.Strategy.new_mechanisms``: another action to play Progress as, or -1."""
    if is_random(P, sid, p):
        return random_legal.new_mechanisms(rs)
    return scripted.new_mechanisms(S, C, P[sid[p]], F[sid[p]], p)


@njit(cache=True)
def sell(S, P, sid, p, action):
    """``base.Strategy.sell`` (``scripted.Scripted.sell``): the scripted plans with ``sell_battle_cards`` trade every
    Battle Card before Building (True when they do)."""
    return not is_random(P, sid, p) and action == A_BUILDING and P[sid[p], P_SELL] != 0


@njit(cache=True)
def court_texts(S, C, P, F, sid, p, action, rs, out):
    """``base.Strategy.court_texts`` (``scripted.Scripted.court_texts``): Court Cards (sorted) to play for their text
    before ``action``; returns how many are in ``out``."""
    if is_random(P, sid, p):
        return random_legal.court_texts(S, F[sid[p]], p, rs, out)
    Pp = P[sid[p]]
    n = 0
    if not (Pp[P_COURT_BEFORE] >> action) & 1:
        return 0
    for card in range(COURT0, COURT_END):
        for _ in range(S.hands[p, card]):
            if n < Pp[P_COURT_MAX]:
                out[n] = card
                n += 1
    return n


@njit(cache=True)
def taxes(S, C, P, sid, p):
    """``base.Strategy.taxes`` (``scripted.Scripted.taxes``, ``random_legal.RandomLegal.taxes``): collect when legal
    (the scripted plans: ``scripted.scripted_taxes``)."""
    if is_random(P, sid, p):
        return can_tax(S, C, p)
    return scripted.scripted_taxes(S, C, P[sid[p]], p)


@njit(cache=True)
def assembly(S, C, P, sid, p, rs):
    """``base.Strategy.assembly``: (land or -1 for none, Knights, Footmen)."""
    lands = np.empty(NL, np.int64)
    n, knights, footmen, cap = assembly_room(S, C, p, lands)
    if n == 0:
        return -1, 0, 0
    if is_random(P, sid, p):
        return random_legal.assembly(S, C, p, rs, lands, n, knights, footmen, cap)
    return scripted.assembly(S, C, P[sid[p]], p, lands, n, knights, footmen, cap)


@njit(cache=True)
def movement(S, C, P, F, sid, p, rs, moves):
    """``base.Strategy.movement`` (``scripted.Scripted.movement``): (number of moves in ``moves``, indulgence, land to
    ruin if taken or -1)."""
    if is_random(P, sid, p):
        nm, indulgence = random_legal.movement(S, C, F[sid[p]], p, rs, moves)
        return nm, indulgence, -1
    best, nm = scripted.scripted_target(S, C, P[sid[p]], F[sid[p]], p, moves)
    if best < 0:
        return 0, False, -1
    return nm, P[sid[p], P_INDULGENCE] != 0, best if P[sid[p], P_DESTROY] else -1


@njit(cache=True)
def building(S, C, P, sid, p, rs, lands, kinds):
    """``base.Strategy.building`` (``scripted.Scripted.building``): (City land or -1, buildings in
    ``lands``/``kinds``)."""
    if is_random(P, sid, p):
        return random_legal.building(S, C, p, rs, lands, kinds)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    city = scripted.scripted_city(S, C, ctrl, P[sid[p]], p)
    gold = S.gold[p] - (city_cost(S, C, city) if city >= 0 else 0)
    return city, scripted.scripted_buildings(S, C, ctrl, P[sid[p]], p, gold, lands, kinds)


@njit(cache=True)
def politics_choice(S, C, P, sid, p, rs):
    """``base.Strategy.politics``: ``scripted.COUNCIL`` or the number of Court Cards to draw."""
    if is_random(P, sid, p):
        return random_legal.politics(C, rs)
    if P[sid[p], P_KIND] == SOLO:
        return solo.politics(S, C, P[sid[p]], p)
    return scripted.scripted_politics(S, C, P[sid[p]], p)


@njit(cache=True)
def put_back(S, C, P, sid, p, drawn, nd):
    """``base.Strategy.keep``: the card to put back (an index into ``drawn``); random takes the engine's default."""
    if is_random(P, sid, p):
        return politics.default_put_back(C, drawn, nd)
    return scripted.put_back(S, C, p, drawn, nd)


@njit(cache=True)
def council(S, C, P, F, sid, q, host, rs, plays):
    """``base.Strategy.council``: rows (card, track) the seat plays at a Council summoned by ``host``."""
    if is_random(P, sid, q):
        return random_legal.council(S, C, F[sid[q]], q, rs, plays)
    return scripted.scripted_council(S, C, P[sid[q]], q, host, plays)


@njit(cache=True)
def progress(S, P, sid, p, rs, picks, n):
    """``base.Strategy.progress`` (the generic tiles): a pick of ``picks[:n]`` or -1 (scripted with ``progress``:
    the first into a free space)."""
    if is_random(P, sid, p):
        return random_legal.progress(rs, n)
    if not P[sid[p], P_PROGRESS]:
        return -1
    return scripted.first_free(picks, n)


@njit(cache=True)
def tile_pick(S, C, P, sid, p, rs, picks, n):
    """``base.Strategy.progress`` with the printed tiles: a pick of ``picks[:n]`` or -1."""
    if is_random(P, sid, p):
        return random_legal.progress(rs, n)
    return scripted.tile_pick(S, C, P[sid[p]], p, picks, n)


@njit(cache=True)
def support_track(S, P, sid, p, rs):
    """``base.Strategy.support_track``: Chronicle's track (1 People, 2 Clergy): the lower, People on a tie
    (``tiles.lower_track``)."""
    if is_random(P, sid, p):
        return random_legal.support_track(rs)
    return 1 if S.people[p] <= S.clergy[p] else 2


@njit(cache=True)
def church_schools(P, sid, p, rs):
    """``base.Strategy.church_schools``: pay for one more tile (the scripted plans always do)."""
    if is_random(P, sid, p):
        return random_legal.church_schools(rs)
    return True


@njit(cache=True)
def princess(S, C, P, sid, q, rs, allowed, n):
    """``base.Strategy.princess`` (``scripted.Scripted.princess``): the area to send the Princess to, one of
    ``allowed[:n]``."""
    if is_random(P, sid, q):
        return random_legal.princess(rs, allowed, n)
    Pp = P[sid[q]]
    return princesses.default_mission(S, C, Pp[P_PRINCESS:], Pp[P_NPRINCESS], q, allowed, n)


@njit(cache=True)
def princess_draw(P, sid, p, rs):
    """``base.Strategy.princess_draw``: the card type the Princess brings at home (1 Court, 2 Neighbor)."""
    if is_random(P, sid, p):
        return random_legal.princess_draw(rs)
    return 1


@njit(cache=True)
def princess_discard(S, C, P, sid, victim, rs):
    """``base.Strategy.princess_discard``: (card, use) given up to a foreign Princess; the default
    (``princesses.default_discard``) trades the first Court or Neighbor Card for support on its lower track below
    the top, else for gold."""
    if is_random(P, sid, victim):
        return random_legal.princess_discard(S, C, victim, rs)
    card = COURT0
    for c in range(COURT0, NC):
        if S.hands[victim, c] > 0:
            card = c
            break
    sym = C.card_sym[card]
    if sym == SYM_EITHER:
        track = princesses.PEOPLE if S.people[victim] <= S.clergy[victim] else princesses.CLERGY
    else:
        track = princesses.PEOPLE if sym == SYM_PEOPLE else princesses.CLERGY
    level = S.people[victim] if track == princesses.PEOPLE else S.clergy[victim]
    return card, track if level < C.track_hi else princesses.GOLD


@njit(cache=True)
def history_division(S, C, P, sid, q, rs):
    """``base.Strategy.history_division``: a land for a Division Token, or -1."""
    if is_random(P, sid, q):
        return random_legal.history_division(S, C, q, rs)
    return division.default_choice(S, C, q)


@njit(cache=True)
def history_urbanization(S, C, P, sid, q, rs):
    """``base.Strategy.history_urbanization``: a land for a free City, or -1."""
    if is_random(P, sid, q):
        return random_legal.history_urbanization(S, C, q, rs)
    return urbanization.default_choice(S, C, q)


@njit(cache=True)
def history_release(S, C, P, sid, q, rs, opts, n):
    """``base.Strategy.history_release``: the (land, kind) row of ``opts[:n]`` to send home (an index)."""
    if is_random(P, sid, q):
        return random_legal.history_release(S, C, q, rs, opts, n)
    return release.default_choice(S, q, opts, n)


@njit(cache=True)
def history_teutonic(S, C, P, sid, who, rs):
    """``base.Strategy.history_teutonic``: call the Teutonic Knights."""
    if is_random(P, sid, who):
        return random_legal.history_teutonic(rs)
    return teutonic.default_call(C, who)


@njit(cache=True)
def history_invaders(S, C, P, F, sid, mover, f, stock, rs, moves):
    """``base.Strategy.history_invaders``: moves of Invader faction ``f`` for ``mover`` (``stock`` figures wait off
    the Map); rows (start or -1, kind, n, destination)."""
    if is_random(P, sid, mover):
        return random_legal.history_invaders(S, C, F[sid[mover]], mover, f, stock, rs, moves)
    return invaders.default_moves(S, C, mover, f, stock, moves)


@njit(cache=True)
def neighbor_play(S, C, P, F, sid, p, used, rs):
    """``base.Strategy.neighbor_play`` (``scripted.Scripted.neighbor_play``): (card, Neighbor) to play before the
    Politics Action, or (-1, -1)."""
    Pp = P[sid[p]]
    Fp = F[sid[p]]
    if is_random(P, sid, p):
        return random_legal.neighbor_play(S, C, Fp, p, used, rs)
    if not Pp[P_NB_PLAY]:
        return -1, -1
    return neighbors.default_play(S, C, p, used, Pp[P_NB_WEAKEST], Fp[F_NB_RATIO], Fp[F_NB_RESERVE], Fp[F_NB_MIN_VALUE])


@njit(cache=True)
def neighbor_block(S, C, P, F, sid, q, mover, j, pk, pf, rs, out):
    """``base.Strategy.neighbor_block`` (``scripted.Scripted.neighbor_block``): cards to block ``mover``'s play for
    Neighbor ``j``; returns how many."""
    Pp = P[sid[q]]
    Fp = F[sid[q]]
    if is_random(P, sid, q):
        return random_legal.neighbor_block(S, C, Fp, q, j, rs, out)
    if not Pp[P_NB_BLOCK]:
        return 0
    return neighbors.default_block(S, C, q, mover, j, pk, pf, Fp[F_NB_RATIO], out)


@njit(cache=True)
def neighbor_moves(S, C, P, F, sid, p, j, pk, pf, rs, moves, ruin):
    """``base.Strategy.neighbor_moves`` (``scripted.Scripted.neighbor_moves``): how to move up to ``pk`` Knights and
    ``pf`` Footmen of Neighbor ``j``; ``ruin`` marks what to destroy on lands taken. Returns the number of moves."""
    Pp = P[sid[p]]
    Fp = F[sid[p]]
    if is_random(P, sid, p):
        return random_legal.neighbor_moves(S, C, Fp, p, j, pk, pf, rs, moves, ruin)
    return neighbors.plan_moves(S, C, p, j, pk, pf, Pp[P_NB_WEAKEST], Fp[F_NB_RATIO], Pp[P_NB_DESTROY], moves, ruin)


__all__ = ["P_BLOCK", "rand_float"]  # (re-exported for the flow's docstrings)


@njit(cache=True)
def combined(S, C, P, F, sid, p, action, rs, ch, moves, ruin):
    """``base.Strategy.combined``: the active variant's Combined Action after ``action`` (``nonplayers``' choice
    layout): the scripted plans take ``nonplayers.default_choice``, the random plan ``random_legal.combined``.
    Returns the moves (Movement), else 1 for a choice, 0 to pass."""
    if is_random(P, sid, p):
        return random_legal.combined(S, C, F[sid[p]], p, action, rs, ch, moves, ruin)
    return nonplayers.default_choice(S, C, p, action, ch, moves, ruin)
