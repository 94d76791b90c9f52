"""The Taxes Action, compiled: the twin of ``game.taxes``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.control import might
from sim.games.principes.fast.state import clamp, gold_in_supply


@njit(cache=True)
def can_tax(S, C, p):
    """``taxes.can_collect_taxes`` (``legal.can_tax``)."""
    return S.people[p] >= C.tax_min


@njit(cache=True)
def tax_gold(S, C, p):
    """``taxes.tax_gold`` (``legal.tax_gold`` before the supply): controlled Might (game.yaml ``tracks.might_uncapped``:
    the holdings, else the token's position) times the gold per Might, plus Silesia's bonus."""
    held = might(S, C, p)
    if not C.might_uncapped:
        held = min(held, C.track_hi)
    return held * C.gold_per_might + C.tax_bonus[p]


@njit(cache=True)
def taxes(S, C, p):
    """``taxes.taxes``: People Support down, gold up (at most what the supply holds)."""
    owed = min(tax_gold(S, C, p), gold_in_supply(S, C))
    S.people[p] = clamp(C, S.people[p] - C.tax_people)
    S.gold[p] += owed
