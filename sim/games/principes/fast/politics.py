"""The Politics Action, compiled: the twin of ``game.politics``. The card to put back and the cards played at a
Council are the seats' decisions (``driver.politics``); here are the rules they feed."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.cards import discard, draw_into
from sim.games.principes.fast.control import control_all, controller
from sim.games.principes.fast.effects import council_bonus
from sim.games.principes.fast.state import NL, NP, clamp, is_player
from sim.games.principes.fast.turn_order import turn_order

NEIGHBOR_CARD = 2  # ``tables.card_type``


@njit(cache=True)
def draw(S, C, p, rs, court, drawn):
    """``politics.draw``' draws: ``court`` Court Cards and the rest of game.yaml's ``politics.cards_drawn`` as
    Neighbor Cards into the hand and ``drawn``; returns how many were drawn."""
    nd = 0
    for i in range(C.pol_drawn):
        card = draw_into(S, C, p, 1 if i < court else 2, rs)
        if card >= 0:
            drawn[nd] = card
            nd += 1
    return nd


@njit(cache=True)
def default_put_back(C, drawn, nd):
    """``politics.draw``'s default choice: the first Neighbor card drawn, else the first (an index into ``drawn``)."""
    for i in range(nd):
        if C.card_type[drawn[i]] == NEIGHBOR_CARD:
            return i
    return 0


@njit(cache=True)
def put_back(S, p, drawn, nd, pick):
    """``politics.draw``' discard of ``drawn[pick]``; returns the cards still drawn."""
    discard(S, p, drawn[pick])
    for i in range(pick, nd - 1):
        drawn[i] = drawn[i + 1]
    return nd - 1


@njit(cache=True)
def positions_all(S, C, stand):
    """``politics.positions`` of every Principality (rows of ``stand`` (NP, 3): Might capped, People, Clergy), from
    one pass over the lands (``legal.council_standing``; ``control.might_position``)."""
    for q in range(NP):
        stand[q, 0] = 0
        stand[q, 1] = S.people[q]
        stand[q, 2] = S.clergy[q]
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            stand[o, 0] += C.might[land] + S.cities[land]
    for q in range(NP):
        stand[q, 0] = min(stand[q, 0], C.track_hi)


@njit(cache=True)
def tracks_needed(S, C, host):
    """``politics.tracks_needed``: 2 tracks, or 1 for Polonia Minor holding Cracovia."""
    special = C.cracovia_tracks[host]
    if special >= 0 and controller(S, C, C.cracovia) == host:
        return special
    return C.council_tracks


@njit(cache=True)
def play_support(S, C, q, card, track):
    """``cards.trade_for_support``: ``card`` for +1 on ``track`` (1 People, 2 Clergy)."""
    discard(S, q, card)
    if track == 1:
        S.people[q] = clamp(C, S.people[q] + 1)
    else:
        S.clergy[q] = clamp(C, S.clergy[q] + 1)


@njit(cache=True)
def council(S, C, host, plays, nplays):
    """``politics.council``: ``plays[p, i]`` = (card, track 1 people / 2 clergy) for i < nplays[p]; a claim hands
    over the token (``turn_order.pass_princeps``)."""
    bonus = C.gnesna_bonus[host]
    if bonus and controller(S, C, C.gnesna) == host:
        S.clergy[host] = clamp(C, S.clergy[host] + bonus)
    if C.tiles:
        council_bonus(S, C)  # Knightly Culture: People Support for each Tiltyard
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        for i in range(nplays[q]):
            play_support(S, C, q, plays[q, i, 0], plays[q, i, 1])
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    leads = 0
    crowned = True
    for t in range(3):
        top = -1
        for q in range(NP):
            if is_player(S, q) and stand[q, t] > top:
                top = stand[q, t]
        leads += stand[host, t] == top
        crowned = crowned and stand[host, t] >= C.coronation
    if leads >= tracks_needed(S, C, host):
        S.princeps = host
    if crowned:
        S.crowned = host
