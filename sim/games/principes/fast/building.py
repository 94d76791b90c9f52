"""The Building Action, compiled: the twin of ``game.building``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import BUILD_ABBEY, retrack, support_all
from sim.games.principes.fast.effects import tile_param
from sim.games.principes.fast.state import NP, T_CASTLE, TK_ABBEY_CLERGY, clamp


@njit(cache=True)
def next_city(S, C, land):
    """``building.next_city``: the token kind (0 capital, 1 city, 2 civitas) of the land's next City, or -1."""
    founded = S.cities[land]
    return C.tok[land, founded] if founded < C.gords[land] else -1


@njit(cache=True)
def city_cost(S, C, land):
    """``building.city_cost``: the City's Might."""
    return C.token_might[next_city(S, C, land)]


@njit(cache=True)
def build(S, C, p, city, lands, kinds, nb):
    """``building.build``: found a City on ``city`` (-1 none), then ``kinds[i]`` (1 castle, 2 tiltyard, 3 abbey) on
    ``lands[i]``; the caller's choices are legal. Support tracks follow (``retrack``); French Style adds Clergy per
    Abbey (``effects.abbey_clergy``)."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    if city >= 0:
        kind = next_city(S, C, city)
        S.gold[p] -= C.token_might[kind]
        S.supply[kind] -= 1
        S.cities[city] += 1
    for i in range(nb):
        S.gold[p] -= C.build_cost
        S.supply[T_CASTLE + kinds[i] - 1] -= 1
        S.buildings[lands[i]] = kinds[i]
    retrack(S, C, people0, clergy0)
    extra = tile_param(S, C, p, TK_ABBEY_CLERGY) if C.tiles else -1  # French Style: more Clergy per Abbey
    if extra > 0:
        abbeys = 0
        for i in range(nb):
            abbeys += kinds[i] == BUILD_ABBEY
        if abbeys:
            S.clergy[p] = clamp(C, S.clergy[p] + abbeys * extra)
