"""The Titles Phase: the Harvest of Death and the title auctions (the compiled twin of ``game/titles.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import bidding as BD
from sim.games.hussars.fast import offices as O
from sim.games.hussars.fast import rng
from sim.games.hussars.fast import succession as SC

NS, OH = 4, 4

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def _roll(R, rs):
    return rng.die(rs, R.death_faces) <= R.death_lose


@njit(cache=True)
def death_check(st, R, rs):
    for s in range(NS):
        if st.active[s] == 0:
            continue
        if R.every_magnate or SC.holds_on(st, s, NO):
            if _roll(R, rs):
                st.health[s] -= 1
                if st.health[s] < 0:
                    SC.magnate_dies(st, R, s)
        if SC.holds_on(st, s, YES) and _roll(R, rs):
            st.succ_health[s] -= 1
            if st.succ_health[s] < 0:
                SC.successor_dies(st, R, s)
    for t in range(4):
        if st.title_holder[t] == OH and rng.die(rs, R.death_faces) <= R.oh_death:
            O.vacate(st, t)


@njit(cache=True)
def titles_phase(st, R, P, sp, rs):
    death_check(st, R, rs)
    for t in range(4):
        if st.title_holder[t] < 0:
            BD.title_auction(st, R, P, sp, rs, t)
    st.round += 1
    st.season = 0
