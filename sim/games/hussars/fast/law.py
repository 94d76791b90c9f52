"""Crimes, the Enemy of the Commonwealth and punishment: the compiled twin of ``game/law.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import offices as O

NS, OH, TATARS, REBELS = 4, 4, 5, 6


@njit(cache=True)
def crests(st, s):
    return st.crests_new[s] + st.crests_old[s]


@njit(cache=True)
def is_outlaw(st, R, s):
    return 0 <= s < NS and crests(st, s) >= R.enemy_crests


@njit(cache=True)
def is_enemy(st, R, force):
    return force == TATARS or force == REBELS or is_outlaw(st, R, force)


@njit(cache=True)
def outlaw(st, R, s):
    st.st_outlaw[s] = 1
    for t in range(4):
        if st.title_holder[t] == s:
            O.vacate(st, t)
    for i in range(R.nl):
        if st.lease_holder[i] == s:
            O.transfer_lease(st, R, i, np.int64(OH))


@njit(cache=True)
def commit(st, R, s, n):
    if n <= 0 or not 0 <= s < NS:
        return
    was = is_outlaw(st, R, s)
    st.crests_new[s] += n
    st.st_crimes[s] += n
    if not was and is_outlaw(st, R, s):
        outlaw(st, R, s)
    X.gain(st, R, s, n * R.xp_crime)


@njit(cache=True)
def authorised(st, R, punisher, victim):
    if is_outlaw(st, R, victim):
        return True
    holder = st.title_holder[R.t_voivode]
    return holder == OH or holder == punisher


@njit(cache=True)
def punish(st, R, punisher, victim, n):
    removed = min(n, crests(st, victim))
    for _ in range(removed):
        if st.crests_old[victim] > 0:
            st.crests_old[victim] -= 1
        else:
            st.crests_new[victim] -= 1
    st.influence[punisher] += removed * R.punish_infl
    X.gain(st, R, punisher, removed * R.punish_xp)
    commit(st, R, punisher, n - removed)
    return removed


@njit(cache=True)
def attempt_punish(st, R, punisher, victim, n):
    if authorised(st, R, punisher, victim):
        punish(st, R, punisher, victim, n)
    else:
        commit(st, R, punisher, n)


@njit(cache=True)
def punishments_for_loot(R, loot):
    return 1 + loot // R.punish_step


@njit(cache=True)
def plunder_crimes(R, before, loot):
    step = R.grand_plunder
    return (before + loot) // step - before // step


@njit(cache=True)
def expire(st, R):
    holder = st.title_holder[R.t_voivode]
    returned = 0
    for s in range(NS):
        returned += st.crests_old[s]
    if 0 <= holder < NS:
        st.influence[holder] -= returned * R.expiry_infl
    for s in range(NS):
        st.crests_old[s] = st.crests_new[s]
        st.crests_new[s] = 0
