"""The History deck: 2 of the 6 cards of each Period dealt in Period order (prearranged: one card per Round),
and a revealed card's icons resolved at the end of its Round, top icon first, never in the final Round.

Text effects are not modelled (history.yaml ``deck.text_effects``). Round r reveals card r; a revealed card goes
to the bottom of the deck at the start of the next Round, so the deck never runs out.
"""

from __future__ import annotations

import random

from sim.games.principes.game import victory
from sim.games.principes.game.history import balt_raid, council, division, mongols, release, teutonic, urbanization
from sim.games.principes.game.history.common import history_values
from sim.games.principes.game.rounds import is_last_round
from sim.games.principes.game.state import IllegalAction, State

SKIP = "history_skip:"  # "history_skip:<card>" in State.variants: the card's icons do nothing (a paired what-if)
ICONS = {
    "division": division.resolve,
    "urbanization": urbanization.resolve,
    "release_to_home": release.resolve,
    "common_council": council.resolve,
    "balt_raid": balt_raid.resolve,
    "teutonic_knights": teutonic.resolve,
    "mongol_invasion": mongols.resolve,
}


def cards(rules=None) -> dict[str, dict]:
    return history_values(rules)["cards"]


def deal(rng: random.Random, rules=None) -> tuple[str, ...]:
    """The prearranged deck, top first: per Period, ``dealt_per_period`` cards drawn from that Period's cards."""
    v = history_values(rules)["deck"]
    deck: list[str] = []
    for period in range(1, v["periods"] + 1):
        same = [c for c, spec in cards(rules).items() if spec["period"] == period]
        deck += rng.sample(same, v["dealt_per_period"])
    return tuple(deck)


def due(state: State) -> bool:
    """The revealed card's icons resolve at this Round's end: never in the final Round (history.yaml
    ``deck.resolve_in_final_round``)."""
    return not is_last_round(state) or history_values(state.rules)["deck"]["resolve_in_final_round"]


def revealed(state: State) -> str | None:
    return state.history[(state.round - 1) % len(state.history)] if state.history else None


def resolve_icons(state: State, strategies: dict, rng: random.Random, strict: bool = True) -> tuple[State, int]:
    """Round Order 5: the revealed card's icons, top first; skipped in the final Round; stops once the game is
    won (a coronation at a Common Council, or every rival gone). Returns the state and the icons skipped
    because a strategy's choice was illegal (``strict`` raises instead)."""
    card = revealed(state)
    if card is None or not due(state) or SKIP + card in state.variants:  # SKIP: a blanked card (module effects)
        return state, 0
    out, illegal = state, 0
    for icon in cards(state.rules)[card]["icons"]:
        try:
            out = ICONS[icon](out, strategies, rng)
        except IllegalAction:
            if strict:
                raise
            illegal += 1
        if victory.result(out) is not None:
            break
    return out, illegal
