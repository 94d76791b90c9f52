"""Control of lands, Might and the support points lands give, compiled: the twin of ``game.control``.

``S`` is a ``state.STATE`` record, ``C`` a ``setup.TABLES`` record; control is read off ``S.presence`` (the
factions on each land), the Division Tokens and the eliminated players, as the reference reads it off the units.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.state import NL, NP, clamp, is_player

BUILD_CASTLE, BUILD_TILTYARD, BUILD_ABBEY = 1, 2, 3


@njit(cache=True)
def controller(S, C, land):
    """``control.controller`` (``legal.controls``): the faction controlling ``land`` (0-5) or -1 (neutral). One exit
    (numba's reference count pruning then drops the array increfs)."""
    m = S.presence[land]
    home = C.home[land]
    out = -1
    if m != 0 and (m & (m - 1)) == 0:  # one faction
        owner = 0
        while m > 1:
            m >>= 1
            owner += 1
        if owner >= NP or S.eliminated[owner] == 0:
            out = owner
    elif m != 0:  # only mid-movement, before the battle: the defender still holds it
        if home >= 0 and (m >> home) & 1:
            out = home
    elif S.division[land] == 0 and 0 <= home < NP and S.eliminated[home] == 0:
        out = home
    return out


@njit(cache=True)
def control_all(S, C, out):
    """``control.controller`` of every land into ``out`` (NL,) (``control.controlled_lands``, its
    ``control._home_lands`` shortcut unneeded), written out inline: a call per land costs more than
    the work, since numba increfs array arguments."""
    for land in range(NL):
        m = S.presence[land]
        home = C.home[land]
        o = -1
        if m != 0 and (m & (m - 1)) == 0:
            owner = 0
            while m > 1:
                m >>= 1
                owner += 1
            if owner >= NP or S.eliminated[owner] == 0:
                o = owner
        elif m != 0:
            if home >= 0 and (m >> home) & 1:
                o = home
        elif S.division[land] == 0 and 0 <= home < NP and S.eliminated[home] == 0:
            o = home
        out[land] = o


@njit(cache=True)
def land_might(S, C, land):
    """``control.land_might``: the Gords' Might plus 1 per City."""
    return C.might[land] + S.cities[land]


@njit(cache=True)
def might(S, C, p):
    """``control.might``: actual Might holdings, uncapped."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    total = 0
    for land in range(NL):
        if ctrl[land] == p:
            total += C.might[land] + S.cities[land]
    return total


@njit(cache=True)
def land_people(S, C, land):
    """``control.land_points``' People: printed points plus a Tiltyard's (game.yaml building.tiltyard_people)."""
    return C.people[land] + C.tiltyard_people * (S.buildings[land] == BUILD_TILTYARD)


@njit(cache=True)
def land_clergy(S, C, land):
    """``control.land_points``' Clergy: printed points plus an Abbey's (game.yaml building.abbey_clergy)."""
    return C.clergy[land] + C.abbey_clergy * (S.buildings[land] == BUILD_ABBEY)


@njit(cache=True)
def support_all(S, C, people, clergy):
    """``control.support_from_lands`` of every Principality into ``people``, ``clergy`` (NP,)."""
    for p in range(NP):
        people[p] = 0
        clergy[p] = 0
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            b = S.buildings[land]
            people[o] += C.people[land] + C.tiltyard_people * (b == BUILD_TILTYARD)
            clergy[o] += C.clergy[land] + C.abbey_clergy * (b == BUILD_ABBEY)


@njit(cache=True)
def retrack(S, C, people0, clergy0):
    """``control.retrack`` with the earlier support points already computed (``support_all`` before the change)."""
    p1 = np.zeros(NP, np.int64)
    c1 = np.zeros(NP, np.int64)
    support_all(S, C, p1, c1)
    for p in range(NP):
        if not is_player(S, p):  # ``out.players``: not the eliminated, not the non-players
            continue
        S.people[p] = clamp(C, S.people[p] + p1[p] - people0[p])
        S.clergy[p] = clamp(C, S.clergy[p] + c1[p] - clergy0[p])
