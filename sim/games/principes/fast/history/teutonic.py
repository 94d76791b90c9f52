"""Teutonic Knights, compiled: the twin of ``game.history.teutonic``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import withdraw_land
from sim.games.principes.fast.building import next_city
from sim.games.principes.fast.control import BUILD_CASTLE, controller, retrack, support_all
from sim.games.principes.fast.dynasty import prince_died
from sim.games.principes.fast.history import invaders
from sim.games.principes.fast.state import F_PRUSSIANS, F_TEUTONIC, NK, NP, PRINCE, T_CASTLE, add_units, is_player


@njit(cache=True)
def caller(S, C):
    """``teutonic.caller``: the player who may call them now, or -1."""
    if S.teutonic:
        return -1
    who = controller(S, C, C.pomland[F_TEUTONIC - NP])
    return who if 0 <= who < NP and is_player(S, who) else -1


@njit(cache=True)
def default_call(C, me):
    """``teutonic.default_call``: the Masovian Prince (the symbol land's Principality) calls them."""
    return C.princ[C.pomland[F_TEUTONIC - NP]] == me


@njit(cache=True)
def call(S, C, who):
    """``teutonic.call`` (the caller's units withdraw to the first land by id it controls, else to its pool)."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    land = C.pomland[F_TEUTONIC - NP]
    b = S.buildings[land]
    if b:
        S.buildings[land] = 0
        S.supply[T_CASTLE + b - 1] += 1
    target = withdraw_land(S, C, land, who)
    had_prince = S.units[land, who, PRINCE] > 0
    for k in range(NK):
        n = S.units[land, who, k]
        if n:
            add_units(S, land, who, k, -n)
            if target >= 0:
                add_units(S, target, who, k, n)
            else:
                S.pool[who, k] += n
    kind = next_city(S, C, land)
    if S.cities[land] == 0 and kind >= 0 and S.supply[kind] > 0:
        S.supply[kind] -= 1
        S.cities[land] = 1
    if S.supply[T_CASTLE] > 0:
        S.supply[T_CASTLE] -= 1
        S.buildings[land] = BUILD_CASTLE
    j = F_TEUTONIC - F_PRUSSIANS
    add_units(S, land, F_TEUTONIC, C.inv_kind[j], C.inv_n[j])
    S.teutonic = 1
    if target < 0 and had_prince:
        prince_died(S, C, who)
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def raid(S, C, moves, nm, rs):
    """``teutonic.raid``: the Princeps' moves, battles, devastation, then ``teutonic.return_home``: off the Map,
    back on their land (waiting off the Map while it is occupied)."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    invaders.move(S, C, F_TEUTONIC, moves, nm, rs)
    return_home(S, C)
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def return_home(S, C):
    """``teutonic.return_home``: off the Map, back on their land (waiting off the Map while it is occupied)."""
    invaders.leave(S, C, F_TEUTONIC)
    j = F_TEUTONIC - F_PRUSSIANS
    home = C.pomland[F_TEUTONIC - NP]
    if S.presence[home] & ~(1 << F_TEUTONIC):
        for k in range(NK):
            S.pomerania_off[F_TEUTONIC - NP, k] = 0
        S.pomerania_off[F_TEUTONIC - NP, C.inv_kind[j]] = C.inv_n[j]
    else:
        add_units(S, home, F_TEUTONIC, C.inv_kind[j], C.inv_n[j])
