"""The Event Phase: the compiled twin of ``game/events.py`` (event kinds by ``EVENT_KINDS`` index; 8 a Favour debt)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import bidding as BD
from sim.games.hussars.fast import expeditions as EX
from sim.games.hussars.fast import tatars as TA
from sim.games.hussars.fast import unrest as U

BESH_BASH, SEFER, CHAMBUL, EXPEDITION, LEASE_AUCTION, MIGRATION, UNREST, PEACE = range(8)
NEK = 8


@njit(cache=True)
def event_phase(st, R, P, sp, rs):
    if st.round > 1:
        EX.rewards(st, R)
    aside_k = np.empty(R.nev, np.int64)
    aside_p = np.empty(R.nev, np.int64)
    n_aside = 0
    defended = np.zeros(1, np.bool_)
    while st.ev_top < st.ev_len:
        kind, param = st.ev_kind[st.ev_top], st.ev_param[st.ev_top]
        st.ev_top += 1
        if kind < NEK and st.round == 1 and R.ek_first[kind] == 0:
            aside_k[n_aside], aside_p[n_aside] = kind, param
            n_aside += 1
            continue
        resolve(st, R, P, sp, rs, kind, param, defended)
        if kind < NEK and R.ek_major[kind]:
            break
    for i in range(n_aside):
        EX.insert(st, rs, aside_k[i], aside_p[i])


@njit(cache=True)
def resolve(st, R, P, sp, rs, kind, param, defended):
    if kind == EX.DEBT:
        EX.repay(st, R, P, sp, rs, param)
    elif kind == BESH_BASH:
        TA.arrive(st, R, rs)
    elif kind == SEFER or kind == CHAMBUL:
        EX.swift_support(st, R, P, sp, rs, R.ek_attacks[kind], defended)
    elif kind == EXPEDITION:
        EX.open_front(st, R, param, R.ek_hetman == 1)
    elif kind == LEASE_AUCTION:
        BD.lease_auction(st, R, P, sp, rs, param)
    elif kind == MIGRATION:
        st.bank_bright += R.ek_peasants
    elif kind == UNREST or kind == PEACE:
        U.change_overall(st, R, rs, R.ek_happiness[kind])
