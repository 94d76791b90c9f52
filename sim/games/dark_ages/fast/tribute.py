"""Module 11, Tribute, on the compiled engine: ``S.suzerain[s]`` is seat ``s``'s suzerain + 1 (0: none).
Twin of ``game/modules/tribute.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.state import controller
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def free(S, tributary):
    """Twin: ``game.modules.tribute.Tribute._free``: the marker goes back to the (former) suzerain's Ruler card."""
    lord = S.suzerain[tributary]
    if lord:
        S.trib_markers[lord - 1] += 1
        S.suzerain[tributary] = 0


@njit(**J)
def capital_won(S, seat, ds):
    """Twin: ``game.modules.tribute.Tribute.capital_won``."""
    if S.suzerain[seat] == ds + 1:
        free(S, seat)
    if S.suzerain[ds] == seat + 1:
        return
    if S.trib_markers[seat] == 0:
        return
    free(S, ds)
    S.trib_markers[seat] -= 1
    S.suzerain[ds] = seat + 1


@njit(**J)
def free_actions(S, T, seat):
    """Twin: ``game.modules.tribute.Tribute.free_actions``: pay off the debt once the Gold allows (policy)."""
    lord = S.suzerain[seat]
    if lord == 0 or S.gold[seat] < T.trib_pay_at:
        return
    S.gold[seat] -= T.trib_pay
    S.gold[lord - 1] += T.trib_pay
    free(S, seat)


@njit(**J)
def passed(S, T, seat):
    """Twin: ``game.modules.tribute.Tribute.passed``: produced resources (types of the Production buildings in
    controlled Provinces) to the suzerain, the lowest trade value first (ties to the first resource)."""
    lord = S.suzerain[seat]
    if lord == 0:
        return
    produced = np.zeros(4, np.int64)
    for q in range(T.np):
        if controller(S, q) == seat:
            for r in range(4):
                if S.buildings[q, r] > 0:
                    produced[r] = 1
    for _ in range(T.trib_per_pass):
        best = -1
        for r in range(4):
            if produced[r] and S.res[seat, r] > 0 and (best < 0 or T.trade[r] < T.trade[best]):
                best = r
        if best < 0:
            return
        S.res[seat, best] -= 1
        S.res[lord - 1, best] += 1
