"""Set-up for 2-4 players in the compiled engine. Twin of ``game/setup.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.state import add_units, hand_add
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def place_barbarians(S, T, R):
    """Twin: ``game.setup.new_game``, ``game.solo_setup.new_solo_game`` (their token step): the tokens shuffled, one
    from the end onto each Province in play without a Farm, in id order; returns the tokens and how many are
    left (the solo pool)."""
    tokens = np.arange(T.ntok_map)
    shuffle(R, tokens, T.ntok_map)
    left = T.ntok_map
    for q in range(T.np):
        if S.in_play[q] and S.farms[q] == 0:
            left -= 1
            S.barbarian[q] = tokens[left]
    return tokens, left


@njit(**J)
def place_production(S, T):
    """Twin: ``game.setup.new_game`` (its step 'In each Province, place a Production building matching its
    depicted resource')."""
    for q in range(T.np):
        if S.in_play[q]:
            S.buildings[q, T.pres[q]] = 1


@njit(**J)
def setup(S, T, n, rulers, R):
    """Twin: ``game.setup.new_game``: ``rulers`` holds each seat's Ruler index; ``S`` must be all zero."""
    S.n = n
    for q in range(T.np):
        S.in_play[q] = T.inplay[n, q]
        S.farm_owner[q] = -1
        S.barbarian[q] = -1
    for i in range(S.offer.shape[0]):
        S.offer[i] = -1
    acts = T.action_ids.copy()
    shuffle(R, acts, 5)
    for i in range(5):
        S.action_at[i] = acts[i]
    m = T.drawn[n]
    deck = T.draw[n, :m].copy()
    shuffle(R, deck, m)
    slots = T.offer_slots
    for i in range(slots):
        S.offer[i] = deck[i]
    S.offer_n = slots
    for i in range(slots, m):
        S.deck[i - slots] = deck[i]
    S.deck_n = m - slots
    S.cities_left = T.setup_cities[n]
    for s in range(n):
        S.ruler[s] = rulers[s]
        S.gold[s] = T.setup_gold
        for r in range(4):
            S.res[s, r] = T.setup_res[r]
        for k in range(3):
            S.supply[s, k] = T.supply[k]
            S.military[s, k] = 1
        S.nobles_total[s] = T.setup_nobles[n]
        S.nobles_free[s] = T.setup_nobles[n]
        hand_add(S, s, T.r_start[rulers[s], 0])
        hand_add(S, s, T.r_start[rulers[s], 1])
    for s in range(n):
        cap = T.r_cap[rulers[s]]
        S.city[cap] = 1
        S.cities_left -= 1
        S.farm_owner[cap] = s
        S.farms[cap] = 1
        add_units(S, s, cap, 0, T.setup_inf)
        S.supply[s, 0] -= T.setup_inf
    place_barbarians(S, T, R)
    place_production(S, T)
    for s in range(T.setup_exh[n]):
        S.exhausted[s] += 1
        S.nobles_free[s] -= 1
    S.trigger = -1
