"""Court Cards' text effects (``court: true``), compiled: the twin of ``game.court``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.cards import discard
from sim.games.principes.fast.state import gold_in_supply


@njit(cache=True)
def play_text(S, C, p, card):
    """``court.play_text``: the Court Card's assumed generic text effect (princesses.yaml ``court.text_effect``:
    ``court.text_gold``)."""
    discard(S, p, card)
    S.gold[p] += min(C.court_gold, gold_in_supply(S, C))
