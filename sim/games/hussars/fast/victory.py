"""Victory Points by category and the leader: the compiled twin of ``game/victory.py`` (VP_CATS order)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.games.hussars.fast import economy as EC

NS = 4
NCAT = 16
(ESTATES, TOWNS, BUILDINGS, TITLES, LEASES, PRESTIGE, TREASURY, HUSSARS, ARTILLERY, FAVOURS) = range(10)

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def categories(st, R, s, out):
    for c in range(NCAT):
        out[c] = st.vp[s, c]
    estates = towns = forts = seats = 0
    for f in range(R.nf):
        if st.owner[f] != s:
            continue
        lease = R.lease_at[f]
        if not (lease >= 0 and st.lease_holder[lease] == s):
            estates += 1
        towns += st.town[f]
        forts += st.fortress[f]
        if st.family_seat[f] == s:
            seats += 1
    leases = 0
    for i in range(R.nl):
        if st.lease_holder[i] == s:
            leases += 1
    titles = 0
    for t in range(4):
        if st.title_holder[t] == s:
            titles += 1
    out[ESTATES] = R.v_estate * estates
    out[TOWNS] = R.v_town * towns
    out[BUILDINGS] = R.v_fortress * forts + R.v_seat * seats
    out[TITLES] = R.v_title * titles
    out[LEASES] = R.v_lease * leases
    out[PRESTIGE] = EC.influence_gain(st, R, s) * R.v_prestige
    wealth = st.gold[s] + R.infl_gold * st.influence[s] + R.ks_gold * st.kings_support[s]
    out[TREASURY] = int(math.ceil(max(0, wealth) / R.v_gold - 1e-9))
    out[HUSSARS] = R.hussar_vp * EC.count_units(st, R, s, R.winged_hussar)
    out[ARTILLERY] = R.artillery_vp * EC.count_units(st, R, s, R.artillery_t)
    out[FAVOURS] = R.v_favour[0] * st.favours[s, 0] + R.v_favour[1] * st.favours[s, 1]


@njit(cache=True)
def total(st, R, s, public):
    """The seat's VP now (``public``: without the hidden treasury)."""
    out = np.zeros(NCAT, np.int64)
    categories(st, R, s, out)
    n = 0
    for c in range(NCAT):
        if not (public and c == TREASURY):
            n += out[c]
    return n


@njit(cache=True)
def leader(st, R):
    best, top, place = -1, 0, 0
    for s in range(NS):
        if st.active[s] == 0:
            continue
        score = total(st, R, s, NO)
        p = NS
        for i in range(NS):
            if st.track[i] == s:
                p = i
                break
        if best < 0 or score > top or (score == top and p < place):
            best, top, place = s, score, p
    return best
