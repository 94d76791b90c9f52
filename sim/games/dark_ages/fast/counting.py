"""Counting a player's things for Cognomens and 'end_vp' Technology effects. Twin of ``game/counting.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.state import controller, popcount, units_in_play
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def level3(S, seat):
    """Twin: ``game.counting.level3_technologies``."""
    t = 0
    for j in range(S.ntech[seat]):
        if S.tech_level[seat, j] >= 3:
            t += 1
    for k in range(3):
        if S.military[seat, k] >= 3:
            t += 1
    return t


@njit(**J)
def count(S, T, seat, per):
    """Twin: ``game.counting.count`` (``per``: a ``layout.PERS`` index)."""
    if per == 0 or per == 1 or per == 5 or per == 7:
        t = 0
        for q in range(T.np):
            if controller(S, q) == seat:
                if per == 0:
                    t += S.city[q]
                elif per == 1:
                    t += S.church_in[q]
                elif per == 5:
                    t += S.keep[q]
                else:
                    t += 1
        return t
    if per == 2:
        t = 0
        for q in range(T.np):
            if S.farms[q] > 0 and S.farm_owner[q] == seat:
                t += S.farms[q]
        return t
    if per == 3:
        return popcount(S.titles[seat])
    if per == 4:
        return S.trophies[seat]
    if per == 6:
        return level3(S, seat)
    if per == 8:
        return S.ntech[seat]
    return units_in_play(S, T, seat)
