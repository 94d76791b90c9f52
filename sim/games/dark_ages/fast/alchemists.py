"""Module 4, Alchemists, on the compiled engine. Twin of ``game/modules/alchemists.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.state import most_held
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def researched(S, T, seat):
    """Twin: ``game.modules.alchemists.Alchemists.researched``: the resources above the Warehouse's hold go onto
    the card (most held first, ties to the first resource), each 3 on it become 1 Gold."""
    hold = T.wh_hold[S.warehouses[seat]]
    while S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3] > hold:
        r = most_held(S, seat)
        S.res[seat, r] -= 1
        S.alch_card[seat] += 1
    S.gold[seat] += S.alch_card[seat] // T.alch_per
    S.alch_card[seat] %= T.alch_per
