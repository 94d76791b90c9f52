"""Module 1 set-up in the compiled engine: the player against the Lordlings (3 random Rulers' Provinces with a City
and a Lordling Farm), Barbarians everywhere else, the Raider cards in five piles, the Raiding Party. Twin of
``game/solo_setup.py`` (Module 7's separate map pool; the module cards shuffled into the Culture deck before it is
split; the other modules' set-up is ``modules.install``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.commanders import solo_setup as cmd_solo_setup
from sim.games.dark_ages.fast.layout import HUMAN, LORDLINGS, MOD_CMD, MOD_GB, O_HARDER
from sim.games.dark_ages.fast.modules import module_setup
from sim.games.dark_ages.fast.raiders import draw_tokens, revealed
from sim.games.dark_ages.fast.setup import place_barbarians, place_production
from sim.games.dark_ages.fast.state import add_units, hand_add
from sim.games.dark_ages.fast.stream import J, rand_below, shuffle


@njit(**J)
def solo_setup(S, T, ruler, opts, mods, R):
    """Twin: ``game.solo_setup.new_solo_game``, ``game.solo_setup.raider_deck``, ``game.solo_setup.culture_deck``:
    ``ruler`` the player's Ruler index, ``opts`` the difficulty bits, ``mods`` the switched-on modules (their cards
    go into the Culture deck before it is split into piles); ``S`` must be all zero."""
    S.n = 2
    S.solo = 1
    S.options = opts
    S.mods = mods
    for q in range(T.np):
        S.in_play[q] = T.inplay[1, q]
        S.farm_owner[q] = -1
        S.barbarian[q] = -1
    for i in range(S.offer.shape[0]):
        S.offer[i] = -1
    gb = mods & MOD_GB  # Module 3 adds its two Rulers to the Lordlings' draw
    nc = T.l_cand_gb_n[ruler] if gb else T.l_cand_n[ruler]
    pool = T.l_cand_gb[ruler, :nc].copy() if gb else T.l_cand[ruler, :nc].copy()
    for i in range(T.l_homes):  # rng.sample
        j = i + rand_below(R, nc - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    acts = T.action_ids.copy()
    shuffle(R, acts, 5)
    for i in range(5):
        S.action_at[i] = acts[i]
    m = T.nsolo_draw
    deck = np.zeros(m + T.gb_ncom[2] + T.tob_ncards[2], np.int64)
    deck[:m] = T.solo_draw[:m]
    shuffle(R, deck, m)
    m = module_setup(S, T, mods, deck, m, R)  # module hook point: the module set-up (game.modules.install)
    S.ruler[HUMAN] = ruler
    S.gold[HUMAN] = T.setup_gold
    for r in range(4):
        S.res[HUMAN, r] = T.setup_res[r]
    for k in range(3):
        S.supply[HUMAN, k] = T.supply[k]
        S.military[HUMAN, k] = 1
        S.supply[LORDLINGS, k] = T.supply[k]
        S.military[LORDLINGS, k] = 1
        S.raider_level[k] = T.raider_start
    S.nobles_total[HUMAN] = T.solo_nobles
    S.nobles_free[HUMAN] = T.solo_nobles
    hand_add(S, HUMAN, T.r_start[ruler, 0])
    hand_add(S, HUMAN, T.r_start[ruler, 1])
    S.ruler[LORDLINGS] = -1
    S.nobles_total[LORDLINGS] = T.l_nobles
    S.nobles_free[LORDLINGS] = T.l_nobles
    S.farms_off[LORDLINGS] = T.l_farms_off
    S.cities_left = T.solo_cities
    for i in range(T.l_ndeck0):
        S.ldeck[i] = T.l_deck0[i]
    S.ldeck_n = T.l_ndeck0
    h = 1 if opts & O_HARDER else 0
    np_ = T.npiles
    size, extra = m // np_, m % np_
    start, at = 0, 0
    pile = np.empty(m + T.pile_c.shape[2], np.int64)
    for i in range(np_):
        end = start + size + (1 if i < extra else 0)
        n = 0
        for j in range(start, end):
            pile[n] = deck[j]
            n += 1
        for j in range(T.pile_n[h, i]):
            pile[n] = T.pile_c[h, i, j]
            n += 1
        shuffle(R, pile, n)
        for j in range(n):
            S.deck[at] = pile[j]
            at += 1
        start = end
    S.deck_n = at
    S.deck_p = 0
    shuffle(R, S.ldeck[: S.ldeck_n], S.ldeck_n)
    cap = T.r_cap[ruler]
    S.city[cap] = 1
    S.farm_owner[cap] = HUMAN
    S.farms[cap] = 1
    add_units(S, HUMAN, cap, 0, T.setup_inf)
    S.supply[HUMAN, 0] -= T.setup_inf
    for i in range(T.l_homes):
        q = pool[i]
        S.city[q] = 1
        S.farm_owner[q] = LORDLINGS
        S.farms[q] = 1
    S.cities_left -= 1 + T.l_homes
    tokens, left = place_barbarians(S, T, R)
    for i in range(left):
        S.pool[i] = tokens[i]
    S.pool_n = left
    if T.ntok_map < T.ntok:  # Module 7: the leftover Skirmishers stay for the map, regular tokens raid
        S.map_split = 1
        S.map_pool[:left] = S.pool[:left]
        S.map_pool_n = left
        S.pool_n = T.ntok - T.ntok_map
        for i in range(S.pool_n):
            S.pool[i] = T.ntok_map + i
        S.pool[S.pool_n : left] = 0
        shuffle(R, S.pool[: S.pool_n], S.pool_n)
    S.target = -1
    draw_tokens(S, T, 1)
    place_production(S, T)
    if mods & MOD_CMD:  # module hook point (Module 6: the suggested 4th Lordling Ruler)
        cmd_solo_setup(S, T, R)
    S.trigger = -1
    for _ in range(T.offer_slots):
        if S.deck_p < S.deck_n:
            S.offer[S.offer_n] = S.deck[S.deck_p]
            S.offer_n += 1
            S.deck_p += 1
            revealed(S, T, S.offer[S.offer_n - 1], R)
    S.current = LORDLINGS
