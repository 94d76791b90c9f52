"""Module 3, Grand Buildings, on the compiled engine: ``S.gb_built[q]`` is the Grand Building card + 1 built in
Province ``q`` (0: none); the cards' costs and effects are ``T.gb_*`` (culture.yaml's generic card data). Twin of
``game/modules/grand_buildings.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.economy import affordable, spend
from sim.games.dark_ages.fast.layout import GB_DEFENCE, GB_END_VP, GB_PRODUCTION, GB_RECRUIT
from sim.games.dark_ages.fast.state import controller, hand_remove
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def shuffle_in(T, deck, m, n, R):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.install``: 'Shuffle the 4 common Grand Buildings' Culture
    cards into the top half of the Culture deck' (``deck[:m]``, marks up to ``n`` players); returns its new size."""
    k = T.gb_ncom[n]
    half = m // 2
    for i in range(m - 1, half - 1, -1):
        deck[i + k] = deck[i]
    for j in range(k):
        deck[half + j] = T.gb_com[n, j]
    shuffle(R, deck, half + k)
    return m + k


@njit(**J)
def turn_action(S, T, seat):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.turn_action``: the first held Grand Building that is
    affordable, built (as the turn's action) in the controlled Province without one holding the most Production
    buildings (ties: the first id)."""
    best, most = -1, -1
    for q in range(T.np):
        if S.gb_built[q] == 0 and controller(S, q) == seat:
            b = S.buildings[q, 0] + S.buildings[q, 1] + S.buildings[q, 2] + S.buildings[q, 3]
            if b > most:
                best, most = q, b
    if best < 0:
        return False
    for j in range(S.nhand[seat]):
        c = S.hand[seat, j]
        if T.gb_kind[c] >= 0 and affordable(S, seat, T.gb_cost[c]):
            spend(S, seat, T.gb_cost[c])
            hand_remove(S, seat, c)  # 'Built Grand Building cards no longer count against your hand limit.'
            S.gb_built[best] = c + 1
            return True
    return False


@njit(**J)
def effect(S, T, seat, q, kind):
    """Twin: ``game.modules.grand_buildings.GrandBuildings._effect``: the amount of the Grand Building in ``q`` when
    it has the effect ``kind`` and ``seat`` controls ``q``, else 0."""
    c = S.gb_built[q] - 1
    if c < 0 or T.gb_kind[c] != kind or controller(S, q) != seat:
        return 0
    return T.gb_amt[c]


@njit(**J)
def passed(S, T, seat):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.passed``: Production Grand Buildings add their
    Province's resource."""
    for q in range(T.np):
        S.res[seat, T.pres[q]] += effect(S, T, seat, q, GB_PRODUCTION)


@njit(**J)
def defence_bonus(S, T, seat, q):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.defence_bonus``."""
    return effect(S, T, seat, q, GB_DEFENCE)


@njit(**J)
def recruit_discount(S, T, seat, q):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.recruit_discount``."""
    return effect(S, T, seat, q, GB_RECRUIT)


@njit(**J)
def final_vp(S, T, seat):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.final_vp``."""
    t = 0
    for q in range(T.np):
        t += effect(S, T, seat, q, GB_END_VP)
    return t


@njit(**J)
def province_razed(S, q):
    """Twin: ``game.modules.grand_buildings.GrandBuildings.province_razed``: 'remove all buildings (including Grand
    Buildings)'."""
    S.gb_built[q] = 0
