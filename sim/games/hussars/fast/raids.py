"""Raids, Burning and Occupation: the compiled twin of ``game/raids.py``."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import law as L

NS = 4
BURNED_CAT = 14  # VP_CATS.index("burned")


@njit(cache=True)
def loot(st, R, f):
    income = 0
    if st.occupier[f] < 0:
        _, income = E.share(st, R, f)
    return int(math.ceil(income * R.loot_fraction - 1e-9)) + R.loot_building * E.buildings(st, f)


@njit(cache=True)
def can_raid(st, R, a):
    f, s = st.a_field[a], st.a_force[a]
    return (0 <= s < NS and E.is_estate(st, f) and st.owner[f] != s and st.ruins[f] == 0
            and not A.enemy_troops(st, R, f, s))  # fmt: skip


@njit(cache=True)
def lease_penalty(st, R, s, f):
    if R.lease_at[f] >= 0:
        st.kings_support[s] = max(0, st.kings_support[s] - R.lease_raid_ks)


@njit(cache=True)
def raid(st, R, a):
    s, f = st.a_force[a], st.a_field[a]
    victim = st.owner[f]
    gold = loot(st, R, f)
    st.gold[s] += gold
    E.add_ruins(st, R, f, np.int64(1))
    lease_penalty(st, R, s, f)
    st.st_raids[s] += 1
    if st.figure[s] == f and st.captor[s] < 0:
        X.gain(st, R, s, R.xp_raid)
    if 0 <= victim < NS and L.crests(st, victim) > 0:
        L.attempt_punish(st, R, s, victim, L.punishments_for_loot(R, gold))
    else:
        crimes = L.plunder_crimes(R, st.plunder[s], gold)
        st.plunder[s] += gold
        L.commit(st, R, s, crimes)
    return gold


@njit(cache=True)
def can_burn(st, R, a):
    f, s = st.a_field[a], st.a_force[a]
    return (0 <= s < NS and E.is_estate(st, f) and st.owner[f] != s and not A.enemy_troops(st, R, f, s)
            and (st.fortress[f] > 0 or st.building[f] > 0 or st.family_seat[f] >= 0))  # fmt: skip


@njit(cache=True)
def burn(st, R, a):
    s, f = st.a_force[a], st.a_field[a]
    owner = st.owner[f]
    n = st.fortress[f] + st.building[f] + (1 if st.family_seat[f] >= 0 else 0)
    if 0 <= owner < NS:
        st.vp[owner, BURNED_CAT] -= R.burned_vp * st.fortress[f]
    st.fortress[f] = 0
    st.building[f] = 0
    st.family_seat[f] = -1
    L.commit(st, R, s, n * R.burn_crime)


@njit(cache=True)
def can_occupy(st, R, a):
    f, s = st.a_field[a], st.a_force[a]
    return (E.is_estate(st, f) and st.owner[f] != s and st.occupier[f] < 0 and not A.enemy_troops(st, R, f, s)
            and st.besieger[f] < 0)  # fmt: skip


@njit(cache=True)
def occupy(st, R, a):
    s, f = st.a_force[a], st.a_field[a]
    E.set_occupier(st, R, f, s)
    st.a_loose[a] = 1
    if 0 <= s < NS:
        lease_penalty(st, R, s, f)
        L.commit(st, R, s, R.occ_start)


@njit(cache=True)
def occupation_turn(st, R, s):
    for f in range(R.nf):
        if st.occupier[f] == s:
            lease_penalty(st, R, s, f)
            L.commit(st, R, s, R.occ_turn)


@njit(cache=True)
def check_occupations(st, R):
    for f in range(R.nf):
        if st.occupier[f] >= 0 and A.first_army_at(st, f, st.occupier[f]) < 0:
            E.set_occupier(st, R, f, np.int64(-1))
