"""Module 9, The Ages of War, on the compiled engine: Combat cards numbered common cards first (sorted ids), then
each seat's Ruler card (``T.aow_ncom + seat``), then each Title's (``T.aow_ncom + SEATS + Title index``);
``S.aow_hand`` / ``S.aow_disc`` each player's hand and Combat discard pile in order, ``S.aow_playing[s]`` the card
+ 1 the attacker plays in the current battle, ``S.aow_tokens`` War tokens held, ``S.aow_left`` the stack. The
attacker wins ties (``battle_sequence.fight``'s ``ties``). Twin of ``game/modules/ages_of_war.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.economy import gain, gain_vp
from sim.games.dark_ages.fast.layout import SEATS, V_MODULES
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.install``: 2 common cards dealt to each player, who keeps the
    first (policy), with its Ruler's card; the stack of War tokens."""
    common = np.arange(T.aow_ncom)
    shuffle(R, common, T.aow_ncom)
    for s in range(S.n):
        S.aow_hand[s, 0], S.aow_hand[s, 1] = common[T.aow_dealt * s], T.aow_ncom + s
        S.aow_hand_n[s] = 2
    S.aow_left = T.aow_tokens


@njit(**J)
def pile_remove(P, N, s, c):
    """Twin: none (a helper: ``pile.remove(c)`` on row ``s`` of the piles ``P`` with sizes ``N``, if there)."""
    for j in range(N[s]):
        if P[s, j] == c:
            for i in range(j, N[s] - 1):
                P[s, i] = P[s, i + 1]
            N[s] -= 1
            P[s, N[s]] = 0
            return


@njit(**J)
def title_claimed(S, T, seat, title):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.title_claimed``: the Title's Combat card goes to the hand."""
    c = T.aow_ncom + SEATS + title
    for s in range(S.n):
        pile_remove(S.aow_hand, S.aow_hand_n, s, c)
        pile_remove(S.aow_disc, S.aow_disc_n, s, c)
    S.aow_hand[seat, S.aow_hand_n[seat]] = c
    S.aow_hand_n[seat] += 1


@njit(**J)
def battle_started(S, seat):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.battle_started``: the first card in hand is played (policy)."""
    if S.aow_hand_n[seat]:
        S.aow_playing[seat] = S.aow_hand[seat, 0] + 1
        pile_remove(S.aow_hand, S.aow_hand_n, seat, S.aow_hand[seat, 0])


@njit(**J)
def battle_effects(S, T, seat, eff):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.battle_effects``: the played card's benefits added to ``eff``."""
    c = S.aow_playing[seat] - 1
    if c >= 0:
        for i in range(7):
            eff[i] += T.aow_eff[c, i]


@njit(**J)
def battle_ended(S, T, seat, defender, won):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.battle_ended``: a win with a card takes a War token (while any
    is left) and 3 VP, the defender gets the Reclaim bonus; the card is discarded, the discard taken back once
    the hand is empty."""
    c = S.aow_playing[seat] - 1
    if c < 0:
        return
    S.aow_playing[seat] = 0
    if won:
        if S.aow_left > 0:
            S.aow_left -= 1
            S.aow_tokens[seat] += 1
        gain_vp(S, seat, T.aow_vp, V_MODULES)
        gain(S, T, defender, T.aow_rec[c, 0], T.aow_rec[c, 1])
    S.aow_disc[seat, S.aow_disc_n[seat]] = c
    S.aow_disc_n[seat] += 1
    if S.aow_hand_n[seat] == 0:
        n = S.aow_disc_n[seat]
        for i in range(n):
            S.aow_hand[seat, i] = S.aow_disc[seat, i]
            S.aow_disc[seat, i] = 0
        S.aow_hand_n[seat], S.aow_disc_n[seat] = n, 0


@njit(**J)
def final_vp(S, T, seat):
    """Twin: ``game.modules.ages_of_war.AgesOfWar.final_vp``, ``game.modules.crusades.rank_vp``: the War-token
    majority ('Players with zero War tokens always score 0 VP'; tied players score the higher value)."""
    m = S.aow_tokens[seat]
    ahead = 0
    for s in range(S.n):
        ahead += S.aow_tokens[s] > m
    row = min(S.n, T.aow_maxn)
    return T.aow_major[row, ahead] if m > 0 and ahead < T.aow_nmaj[row] else 0
