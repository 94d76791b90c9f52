"""The Princesses (``princesses: true``), compiled: the twin of ``game.princesses``' rules.

A Princess's area is a code (``state.princesses``): 0-3 the Capital of that Principality, 4+ the Neighbors of
princesses.yaml in order. Here: the areas a Princess may be sent to (``options``), the default mission, removal
(``sweep``, ``after_battle``, ``devastated``) and a card given up to a foreign Princess (``lose_card``). The
missions and the courts' work at a Round's start ask the seats' policies and live with the game flow
(``driver.princess_round``); Division skips lands with a Princess (``history.division``); Neighbor immunity is asked
by ``neighbors.may_end``; Lady of the Court's 2 cards are ``driver.court_effect``'s.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.cards import discard, trade_for_gold
from sim.games.principes.fast.control import controller
from sim.games.principes.fast.history.common import rivals_by_strength
from sim.games.principes.fast.state import NNB, NP, clamp, is_player

DISCARD, GOLD, PEOPLE, CLERGY = 0, 1, 2, 3  # what a card given up is used for (``princesses.lose_card``'s ``use``)
OWN_CAPITAL, RIVAL_CAPITAL, NEIGHBOR = 0, 1, 2  # ``princesses.MISSIONS``


@njit(cache=True)
def princess_land(C, area):
    """``princesses.capital_owner``'s land: a Capital's land, or a Neighbor's that is a Pomerania, else -1."""
    return C.capital[area] if area < NP else C.nbland[area - NP]


@njit(cache=True)
def sweep(S, C):
    """``princesses.sweep``: an eliminated player's Princess, and one in a Capital its owner no longer controls."""
    for q in range(NP):
        a = S.princesses[q]
        if a < 0:
            continue
        if S.eliminated[q] or (a < NP and controller(S, C, C.capital[a]) != a):
            S.princesses[q] = -1


@njit(cache=True)
def options(S, C, p, out):
    """``princesses.options``: own Capital, the other players' Capitals (board order), the Neighbors; not another
    Princess's area, not her last one, a Capital only while its owner (a player) controls it (each condition a
    princesses.yaml switch). Returns how many."""
    n = 0
    for i in range(NP + 1):
        if i == 0:
            a = p
        else:
            a = i - 1
            if a == p:
                continue
        if not is_player(S, a) or (C.capital_control and controller(S, C, C.capital[a]) != a):
            continue
        out[n] = a
        n += 1
    for k in range(NNB):
        out[n] = NP + k
        n += 1
    m = 0
    for i in range(n):
        a = out[i]
        ok = not C.no_repeat or a != S.princess_last[p]
        if C.one_per_area:
            for q in range(NP):
                if q != p and S.princesses[q] == a:
                    ok = False
        if ok:
            out[m] = a
            m += 1
    return m


@njit(cache=True)
def default_mission(S, C, kinds, nkinds, p, allowed, n):
    """``princesses.default_mission``: the first mission kind (``princesses.mission``) of ``kinds[:nkinds]`` that is
    possible: the own Capital; the Capital of the strongest rival; the Neighbor bordering most of the player's lands
    (``princesses._exposure``, compiled into ``C.expose``)."""
    for i in range(nkinds):
        kind = kinds[i]
        if kind == OWN_CAPITAL:
            for j in range(n):
                if allowed[j] == p:
                    return p
        elif kind == RIVAL_CAPITAL:
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
                if a >= NP and (best < 0 or C.expose[p, a - NP] > C.expose[p, best - NP]):
                    best = a
            if best >= 0:
                return best
    return allowed[0]


@njit(cache=True)
def lose_card(S, C, victim, card, use):
    """``princesses.lose_card``: the victim gives up ``card``, discarded or traded for gold or a support point
    (``use``); with princesses.yaml ``sabotage_trade`` false it is discarded whatever the victim chose."""
    if use != DISCARD and not C.sabotage_trade:
        use = DISCARD
    if use == GOLD:
        trade_for_gold(S, C, victim, card)
        return
    discard(S, victim, card)
    if use == PEOPLE:
        S.people[victim] = clamp(C, S.people[victim] + 1)
    elif use == CLERGY:
        S.clergy[victim] = clamp(C, S.clergy[victim] + 1)


@njit(cache=True)
def after_battle(S, C, land, winner):
    """``princesses.after_battle``: a Princess on ``land`` at home goes unless her owner won; a sabotaging one goes
    whoever wins (princesses.yaml ``sabotage_removed_by_any_battle``; false: only when her owner's units win)."""
    for q in range(NP):
        a = S.princesses[q]
        if a < 0 or princess_land(C, a) != land:
            continue
        if (a == q and winner != q) or (a != q and (C.sabotage_any or winner == q)):
            S.princesses[q] = -1


@njit(cache=True)
def devastated(S, C, land):
    """``princesses.devastated``: the Princess on ``land`` is removed."""
    for q in range(NP):
        a = S.princesses[q]
        if a >= 0 and princess_land(C, a) == land:
            S.princesses[q] = -1
