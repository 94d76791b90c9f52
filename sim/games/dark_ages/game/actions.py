"""The five Noble actions as one table: legal moves for an action and how to apply one."""

from __future__ import annotations

from collections.abc import Mapping

from sim.games.dark_ages.game import building, culture, hooks, military
from sim.games.dark_ages.game.economy import on_action
from sim.games.dark_ages.game.state import Game

ACTIONS = ("build", "development_of_culture", "research", "recruit", "manoeuvre")

_OPTIONS = {
    "build": building.options,
    "development_of_culture": culture.culture_options,
    "research": culture.research_options,
    "recruit": military.recruit_options,
    "manoeuvre": military.manoeuvre_options,
}


def options(game: Game, seat: int, action: str) -> list[tuple]:
    return _OPTIONS[action](game, seat)


class LegalMoves(Mapping):
    """Action → its legal moves, for the actions with at least one, listed only when a strategy asks: a scripted
    plan usually takes its first priority, so most actions' moves are never listed (the engine's main cost)."""

    def __init__(self, game: Game, seat: int):
        self.game, self.seat = game, seat
        self._moves: dict[str, list[tuple]] = {}

    def _get(self, action: str) -> list[tuple]:
        if action not in self._moves:
            self._moves[action] = options(self.game, self.seat, action)
        return self._moves[action]

    def __getitem__(self, action: str) -> list[tuple]:
        moves = self._get(action) if action in ACTIONS else []
        if not moves:
            raise KeyError(action)
        return moves

    def __contains__(self, action) -> bool:
        return action in ACTIONS and bool(self._get(action))

    def __iter__(self):
        return (a for a in ACTIONS if self._get(a))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return any(self._get(a) for a in CHEAP_FIRST)


CHEAP_FIRST = ("development_of_culture", "manoeuvre", "recruit", "research", "build")


def all_options(game: Game, seat: int) -> LegalMoves:
    """Every action with at least one legal move (listed lazily)."""
    return LegalMoves(game, seat)


def apply(game: Game, seat: int, move: tuple) -> bool:
    """Resolve one action; returns whether it initiated a battle (a Title may not repeat that Manoeuvre)."""
    action = move[0]
    p = game.players[seat]
    p.actions += 1
    if action == "build":
        building.apply(game, seat, move)
        on_action(game, p, "build")
    elif action == "development_of_culture":
        culture.apply_culture(game, seat, move)
        on_action(game, p, "development_of_culture")
    elif action == "research":
        culture.apply_research(game, seat, move)
        on_action(game, p, "research")
        if game.mods:  # module hook point (Module 4, Alchemists)
            hooks.emit(game, "researched", seat)
    elif action == "recruit":
        military.apply_recruit(game, seat, move)  # its own on_action: the reaction triggers it too
    elif action == "manoeuvre":
        battle = military.apply_manoeuvre(game, seat, move)
        on_action(game, p, "manoeuvre")
        if game.mods:  # module hook point (Module 15A: aiding Poland against the Veleti)
            hooks.emit(game, "action_done", seat, action)
        return battle
    else:
        raise ValueError(f"unknown action {action!r}")
    if game.mods:  # module hook point (Module 15A: aiding Poland, a flipped card's benefit)
        hooks.emit(game, "action_done", seat, action)
    return False
