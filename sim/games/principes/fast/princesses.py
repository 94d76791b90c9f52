"""The Princesses on the fast engine (``princesses: true``): ``sim.games.principes.game.princesses`` in numba.

A Princess's area is a code (``layout.S_PRIN``): 0-3 the Capital of that Principality, 4+ the Neighbors of
princesses.yaml in order. At a Round's start (after the direction is set) the Princesses of eliminated players and
those in a Capital its owner lost are removed (``sweep``, also after every action and the History icons); in a
Period's first Round every player, in turn order, sends a Princess (``missions``), else each Princess in a Capital
works again (``court_effect``): her owner draws a Court or Neighbor Card at home, or the Capital's owner gives one
up. Battles and devastation remove Princesses in ``kernels`` (``princess_battle``, ``princess_gone``); Division
skips lands with a Princess (``history``); Neighbor immunity is asked by ``neighbors.may_end``. Printed Progress
Tiles (Lady of the Court) are not ported. The choices are the built-in strategies' hooks: ``default_mission`` /
``default_discard`` and "court" for the scripted plans, uniform picks for ``random``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import kernels as K
from sim.games.principes.fast.history import rivals_by_strength
from sim.games.principes.fast.layout import (
    C_CAPITAL,
    C_CARDSYM,
    C_EXPOSE,
    C_PER_PERIOD,
    C_TILES,
    C_TRACK_HI,
    NC,
    NNB,
    NP,
    S_CLERGY,
    S_ELIM,
    S_HAND,
    S_PEOPLE,
    S_PRIN,
    S_PRINLAST,
    S_ROUND,
    SYM_EITHER,
    SYM_PEOPLE,
    TK_LADY,
)
from sim.games.principes.fast.strategies import P_KIND, P_NPRINCESS, P_PRINCESS, RANDOM

NAREAS = NP + NNB


@njit(cache=True)
def sweep(S, C):
    """``princesses.sweep``: an eliminated player's Princess, and one in a Capital its owner no longer controls."""
    for q in range(NP):
        a = S[S_PRIN + q]
        if a < 0:
            continue
        if S[S_ELIM + q] or (a < NP and K.controller(S, C, C[C_CAPITAL + a]) != a):
            S[S_PRIN + q] = -1


@njit(cache=True)
def options(S, C, p, out):
    """``princesses.options``: own Capital, the other players' Capitals (board order), the Neighbors; free, not her
    last area, a Capital only while its owner (a player) controls it. Returns how many."""
    n = 0
    for i in range(NP + 1):
        if i == 0:
            a = p
        else:
            a = i - 1
            if a == p:
                continue
        if S[S_ELIM + a] or K.controller(S, C, C[C_CAPITAL + a]) != a:
            continue
        out[n] = a
        n += 1
    for k in range(NNB):
        out[n] = NP + k
        n += 1
    m = 0
    for i in range(n):
        a = out[i]
        ok = a != S[S_PRINLAST + p]
        for q in range(NP):
            if q != p and S[S_PRIN + q] == a:
                ok = False
        if ok:
            out[m] = a
            m += 1
    return m


@njit(cache=True)
def default_mission(S, C, Pp, p, allowed, n):
    for i in range(Pp[P_NPRINCESS]):
        kind = Pp[P_PRINCESS + i]
        if kind == 0:
            for j in range(n):
                if allowed[j] == p:
                    return p
        elif kind == 1:
            rivals = np.empty(NP, np.int64)
            nr = rivals_by_strength(S, C, p, rivals)
            for r in range(nr):
                for j in range(n):
                    if allowed[j] == rivals[r]:
                        return rivals[r]
        else:
            best = -1
            for j in range(n):
                a = allowed[j]
                if a >= NP and (best < 0 or C[C_EXPOSE + p * NNB + a - NP] > C[C_EXPOSE + p * NNB + best - NP]):
                    best = a
            if best >= 0:
                return best
    return allowed[0]


@njit(cache=True)
def lose_card(S, C, P, F, sid, victim, rs):
    """The victim gives up one Court or Neighbor Card (``princess_discard`` or ``default_discard``)."""
    if P[sid[victim], P_KIND] == RANDOM:
        total = 0
        for c in range(3, NC):
            total += S[S_HAND + victim * NC + c]
        pick = K.rand_below(rs, total)
        card = 3
        for c in range(3, NC):
            h = S[S_HAND + victim * NC + c]
            if pick < h:
                card = c
                break
            pick -= h
        sym = C[C_CARDSYM + card]
        if sym == SYM_EITHER:
            use = K.rand_below(rs, 4)  # discard, gold, people, clergy
        else:
            use = K.rand_below(rs, 3)  # discard, gold, its own track
            if use == 2:
                use = 2 if sym == SYM_PEOPLE else 3
    else:
        card = 3
        for c in range(3, NC):
            if S[S_HAND + victim * NC + c] > 0:
                card = c
                break
        sym = C[C_CARDSYM + card]
        if sym == SYM_EITHER:
            track = 2 if S[S_PEOPLE + victim] <= S[S_CLERGY + victim] else 3
        else:
            track = 2 if sym == SYM_PEOPLE else 3
        level = S[S_PEOPLE + victim] if track == 2 else S[S_CLERGY + victim]
        use = track if level < C[C_TRACK_HI] else 1
    if use == 1:
        K.trade_for_gold(S, C, victim, card)
    else:
        K.discard(S, victim, card)
        if use == 2:
            S[S_PEOPLE + victim] = K.clamp(C, S[S_PEOPLE + victim] + 1)
        elif use == 3:
            S[S_CLERGY + victim] = K.clamp(C, S[S_CLERGY + victim] + 1)


@njit(cache=True)
def court_effect(S, C, P, F, sid, p, rs):
    """``princesses._court_effect``: 1 card, 2 with Lady of the Court."""
    a = S[S_PRIN + p]
    if a < 0 or a >= NP:
        return
    n = K.tile_param(S, C, p, TK_LADY) if C[C_TILES] else -1
    if n < 0:
        n = 1
    if a == p:
        for _ in range(n):
            kind = 1
            if P[sid[p], P_KIND] == RANDOM:
                kind = 1 + K.rand_below(rs, 2)  # rng.choice(("court", "neighbor"))
            K.draw_into(S, C, p, kind, rs)
        K.enforce_hand_limit(S, C, p)
        return
    for _ in range(n):
        held = 0
        for c in range(3, NC):
            held += S[S_HAND + a * NC + c]
        if held == 0:
            break
        lose_card(S, C, P, F, sid, a, rs)


@njit(cache=True)
def round_start(S, C, P, F, sid, rs):
    """``princesses.round_start``: sweep, then missions in a Period's first Round, else the courts' work."""
    sweep(S, C)
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    if (S[S_ROUND] - 1) % C[C_PER_PERIOD] == 0:
        for q in range(NP):
            S[S_PRIN + q] = -1
        allowed = np.empty(NP + NNB + 1, np.int64)
        for o in range(no):
            q = order[o]
            n = options(S, C, q, allowed)
            if P[sid[q], P_KIND] == RANDOM:
                a = allowed[K.rand_below(rs, n)]
            else:
                a = default_mission(S, C, P[sid[q]], q, allowed, n)
            S[S_PRIN + q] = a
            S[S_PRINLAST + q] = a
            court_effect(S, C, P, F, sid, q, rs)
        return
    for o in range(no):
        q = order[o]
        if S[S_PRIN + q] >= 0:
            court_effect(S, C, P, F, sid, q, rs)
