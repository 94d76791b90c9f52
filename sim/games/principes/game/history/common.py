"""Helpers shared by the icon modules: who is the strongest rival and how rich a land is (default choices)."""

from __future__ import annotations

from sim.games.principes.game import effects
from sim.games.principes.game.control import land_might, land_points, might_position
from sim.games.principes.game.state import State
from sim.games.principes.game.turn_order import turn_order


def history_values(rules=None) -> dict:
    """The plain values tree of history.yaml (``rules``: a ``setup.GameRules``; None: the bundled file)."""
    return effects.values(rules, "history")


def score(state: State, player: str) -> int:
    """Track positions summed: how close a player is to the crown."""
    return might_position(state, player) + state.people[player] + state.clergy[player]


def rivals_by_strength(state: State, me: str | None) -> list[str]:
    """Other players, strongest first; ties in turn order (the Princeps first)."""
    order = turn_order(state)
    others = [p for p in order if p != me]
    return sorted(others, key=lambda p: (-score(state, p), order.index(p)))


def richness(state: State, land: str) -> int:
    """What losing the land costs its holder: Might, support points, and a building."""
    people, clergy = land_points(state, land)
    return land_might(state, land) + people + clergy + (land in state.buildings)
