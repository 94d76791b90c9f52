"""Module 13A, Travels of Benjamin, on the compiled engine: its cards (CB01, ...) are numbered after the Culture
cards (``layout.Index``), of type ``CT_TOB``; ``S.tob_n[s]`` counts the cards seat ``s`` has collected (solo: the
Lordlings' too), ``S.tob_third[s]`` is 1 once its fourth reward (a third Farm per Province) is taken. Twin of
``game/modules/benjamin.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.economy import gain_vp
from sim.games.dark_ages.fast.layout import LORDLINGS, V_MODULES
from sim.games.dark_ages.fast.state import controller
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def shuffle_in(S, T, deck, m, R):
    """Twin: ``game.modules.benjamin.Benjamin.install``: the cards marked up to the player count, shuffled, ``k`` to
    each half of ``deck[:m]`` (solo harder: 3 + 3, the rest to the Lordlings), each half shuffled; returns the
    deck's new size."""
    n = S.n
    nc = T.tob_ncards[n]
    cards = T.tob_cards[n, :nc].copy()
    shuffle(R, cards, nc)
    k = T.tob_half[n]
    if S.solo and T.tob_harder:
        k = T.tob_harder_half
        S.tob_n[LORDLINGS] = nc - 2 * k
    k1 = min(k, nc)
    k2 = min(2 * k, nc) - k1
    half = m // 2
    top = np.empty(half + k1, np.int64)
    top[:half] = deck[:half]
    top[half:] = cards[:k1]
    bottom = np.empty(m - half + k2, np.int64)
    bottom[: m - half] = deck[half:m]
    bottom[m - half :] = cards[k1 : k1 + k2]
    shuffle(R, top, half + k1)
    shuffle(R, bottom, m - half + k2)
    deck[: half + k1] = top
    deck[half + k1 : m + k1 + k2] = bottom
    return m + k1 + k2


@njit(**J)
def farm_place(S, T, seat):
    """Twin: ``game.modules.benjamin.Benjamin._farm_place``: from the Farm track, a controlled Province without a
    Farm first, else one with a single Farm of the player's (-1: none)."""
    if S.farms_off[seat] >= T.track_farms:
        return -1
    single = -1
    for q in range(T.np):
        if controller(S, q) == seat:
            if S.farms[q] == 0:
                return q
            if single < 0 and S.farms[q] == 1 and S.farm_owner[q] == seat:
                single = q
    return single


@njit(**J)
def card_taken(S, T, seat):
    """Twin: ``game.modules.benjamin.Benjamin.card_taken``, ``game.modules.benjamin.Benjamin.choose``,
    ``game.modules.benjamin.Benjamin.reward``: the card goes into play and gives the highest unlocked reward still
    available (policy)."""
    S.tob_n[seat] += 1
    which = min(S.tob_n[seat], 5)
    if which == 4 and S.tob_third[seat]:  # 'The fourth reward can only be received once by a player.'
        which = 3
    if which == 1:
        gain_vp(S, seat, T.tob_r1_vp, V_MODULES)
    elif which == 2:
        S.gold[seat] += T.tob_r2_gold
    elif which == 3:
        q = farm_place(S, T, seat)
        if q < 0:
            gain_vp(S, seat, T.tob_r3_vp, V_MODULES)
        else:
            S.farm_owner[q] = seat
            S.farms[q] += 1
            S.farms_off[seat] += 1
    elif which == 4:
        S.tob_third[seat] = 1
    else:
        gain_vp(S, seat, T.tob_r5_vp, V_MODULES)


@njit(**J)
def lordling_card(S):
    """Twin: ``game.modules.benjamin.Benjamin.lordling_card``: the Lordlings keep it and score 1 VP per card
    collected."""
    S.tob_n[LORDLINGS] += 1
    gain_vp(S, LORDLINGS, S.tob_n[LORDLINGS], V_MODULES)


@njit(**J)
def extra_farm(S, seat, q):
    """Twin: ``game.modules.benjamin.Benjamin.extra_farm``: 'From now on, you may build a third Farm in each Province
    you control.'"""
    return S.tob_third[seat] and S.farms[q] == 2 and S.farm_owner[q] == seat
