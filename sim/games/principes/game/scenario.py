"""Set up positions by hand (rulebook examples, tests, what-if studies) while keeping figures conserved."""

from __future__ import annotations

from sim.games.principes.game.state import UNITS, IllegalAction, State


def place(state: State, land: str, faction: str, **units: int) -> State:
    """Put figures from the faction's pool on ``land`` (negative counts take them back to the pool).

    A Pomerania's figures have no pool: they are simply added or removed."""
    out = state.copy()
    for kind, n in units.items():
        if kind not in UNITS:
            raise IllegalAction(f"unknown unit kind {kind}")
        if faction in out.pool:
            if out.pool[faction][kind] < n:
                raise IllegalAction(f"{faction} has {out.pool[faction][kind]} {kind}s in the pool, not {n}")
            out.pool[faction][kind] -= n
        out.add_units(land, faction, kind, n)
    return out


def clear(state: State, land: str, faction: str) -> State:
    """Take all of the faction's figures on ``land`` back to its pool."""
    here = state.units_of(land, faction)
    return place(state, land, faction, **{kind: -n for kind, n in here.items()})


def give_cards(state: State, faction: str, card: str, n: int = 1) -> State:
    """Move ``n`` cards of one symbol (``"battle.sword"``) from their deck into the faction's hand."""
    out = state.copy()
    kind, symbol = card.split(".")
    if out.decks[kind][symbol] < n:
        raise IllegalAction(f"only {out.decks[kind][symbol]} {card} cards left in the deck")
    out.decks[kind][symbol] -= n
    out.hands[faction][card] = out.hands[faction].get(card, 0) + n
    return out
