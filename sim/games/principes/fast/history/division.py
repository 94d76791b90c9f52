"""Division, compiled: the twin of ``game.history.division``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import control_all, retrack, support_all
from sim.games.principes.fast.history.common import richness, rivals_by_strength
from sim.games.principes.fast.princesses import princess_land
from sim.games.principes.fast.state import NL, NP, T_DIVISION, is_player


@njit(cache=True)
def candidates(S, C, p, out):
    """``division.candidates``: lands of other players without units, a Division Token or a Princess, board order."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        owner = C.princ[land]
        if owner == p or owner < 0 or not is_player(S, owner):
            continue
        if S.presence[land] or S.division[land] or ctrl[land] != owner:
            continue
        princess = False  # "a Princess counts as a unit"
        for q in range(NP):
            if S.princesses[q] >= 0 and princess_land(C, S.princesses[q]) == land:
                princess = True
        if princess:
            continue
        out[n] = land
        n += 1
    return n


@njit(cache=True)
def default_choice(S, C, p):
    """``division.default_choice``: the richest candidate of the strongest rival who has one, else -1."""
    lands = np.empty(NL, np.int64)
    n = candidates(S, C, p, lands)
    if n == 0:
        return -1
    rivals = np.empty(NP, np.int64)
    nr = rivals_by_strength(S, C, p, rivals)
    for r in range(nr):
        best = -1
        best_rich = -1
        for i in range(n):
            land = lands[i]
            if C.princ[land] == rivals[r]:
                rich = richness(S, C, land)
                if rich > best_rich:
                    best = land
                    best_rich = rich
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def place(S, C, land):
    """``division.place``: a Division Token on ``land``; its owner loses the land's points at once."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    S.supply[T_DIVISION] -= 1
    S.division[land] = 1
    retrack(S, C, people0, clergy0)
