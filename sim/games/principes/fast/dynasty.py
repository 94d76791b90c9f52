"""Princes dying in battle or of old age, succession and elimination, compiled: the twin of ``game.dynasty``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import control_all, land_might
from sim.games.principes.fast.state import NC, NL, NP, PRINCE, add_units, is_player, period


@njit(cache=True)
def place_prince(S, C, p):
    """``dynasty._place_prince``: the new Prince goes to the Capital if controlled, else the land with the most
    Might (then the highest id); none: he stays off the Map."""
    capital = C.capital[p]
    best = -1
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        if ctrl[land] == p:
            if best < 0:
                best = land
            else:
                m, mb = land_might(S, C, land), land_might(S, C, best)
                if m > mb or (m == mb and C.rank[land] > C.rank[best]):
                    best = land
    if best < 0:
        return
    land = capital if ctrl[capital] == p else best
    S.pool[p, PRINCE] -= 1
    add_units(S, land, p, PRINCE, 1)


@njit(cache=True)
def eliminate(S, C, p):
    """``dynasty.eliminate``: cards back, gold to the pool, tiles under their stacks, the next Round the last; the
    Princeps Token to the next in turn order (``dynasty._order_from_princeps``)."""
    seats_start = 0
    for i in range(NP):
        if C.seats[i] == S.princeps:
            seats_start = i
    step = 1 if S.clockwise else -1
    S.eliminated[p] = 1
    for c in range(NC):
        S.decks[c] += S.hands[p, c]
        S.hands[p, c] = 0
    S.gold[p] = 0
    for j in range(S.tiles_n[p]):
        t = S.tiles[p, j]
        col = t // C.distinct
        S.stacks[col, S.stacks_n[col]] = t
        S.stacks_n[col] += 1
        S.tiles[p, j] = 0
    S.tiles_n[p] = 0
    S.tile_kinds[p] = 0
    S.final_round = min(S.final_round, S.round + 1)
    if S.princeps == p:
        for i in range(1, NP + 1):  # the turn order from the Princeps, the Princeps last
            q = C.seats[(seats_start + step * i) % NP]
            if is_player(S, q):
                S.princeps = q
                break


@njit(cache=True)
def prince_died(S, C, p):
    """``dynasty.prince_died``: a second Prince of the current Period, else a young one of the next; none: the
    dynasty ends (the variant without elimination, ``C.no_elim``: the player plays on without one)."""
    per = period(S, C)
    for pp in (per, per + 1):
        if pp <= C.periods and S.princes_left[p, pp] > 0:
            S.princes_left[p, pp] -= 1
            S.reign[p] = pp
            place_prince(S, C, p)
            return
    if C.no_elim:  # the variant without elimination: play on without a Prince
        S.reign[p] = 0
        return
    eliminate(S, C, p)


@njit(cache=True)
def end_of_period(S, C):
    """``dynasty.end_of_period``: Princes of the ending Period die of old age; a later Period's Prince stays."""
    ending = period(S, C)
    alive = np.empty(NP, np.int64)
    for p in range(NP):
        alive[p] = is_player(S, p)  # ``out.players``
    for p in range(NP):
        if not alive[p] or S.reign[p] > ending:
            continue
        if ending + 1 <= C.periods and S.princes_left[p, ending + 1] > 0:
            S.princes_left[p, ending + 1] -= 1
            S.reign[p] = ending + 1
            if C.no_elim and S.pool[p, PRINCE] > 0:
                place_prince(S, C, p)  # a Prince again after an heir's reign: his figure enters the Map
        elif C.no_elim:
            S.reign[p] = 0  # no Prince of the next Period: the heir rules on
        else:
            eliminate(S, C, p)


@njit(cache=True)
def respawn(S, C, f):
    """``dynasty.respawn``: a removed non-player Prince returns at once to the own land it controls with the lowest
    Might (ties in board order); with none he stays off the Map."""
    if S.pool[f, PRINCE] <= 0:
        return
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    best = -1
    for land in range(NL):
        if C.princ[land] == f and ctrl[land] == f and (best < 0 or land_might(S, C, land) < land_might(S, C, best)):
            best = land
    if best >= 0:
        S.pool[f, PRINCE] -= 1
        add_units(S, best, f, PRINCE, 1)
