"""The game state: a small dataclass of plain containers, copied before every change."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from sim.errors import SimError
from sim.games.principes.map import Board

UNITS = ("prince", "knight", "footman")
CAVALRY = ("prince", "knight")


class IllegalAction(SimError):
    """An action the rules do not allow in this state (e.g. Taxes at People Support 0)."""


@dataclass
class State:
    board: Board  # shared, never copied
    rules: object  # setup.GameRules, shared, never copied
    round: int
    princeps: str
    clockwise: bool
    units: dict[str, dict[str, dict[str, int]]]  # land → faction → unit kind → count (no empty entries)
    pool: dict[str, dict[str, int]]  # faction → unit kind → count off the Map
    gold: dict[str, int]
    people: dict[str, int]
    clergy: dict[str, int]
    cities: dict[str, int]  # land → Cities founded there (Western Pomerania can hold 2)
    buildings: dict[str, str]  # land → castle | tiltyard | abbey
    division: set[str]  # lands with a Division Token
    supply: dict[str, int]  # token kind → tokens left in the box (city kinds, buildings, division)
    hands: dict[str, dict[str, int]]  # faction → card ("battle.sword", "court.people", ...) → count
    decks: dict[str, dict[str, int]]  # card type → symbol → cards left (order not tracked: draws are uniform)
    pomerania_off: dict[str, dict[str, int]]  # Pomerania → its units removed until foreign units leave
    reign: dict[str, int]  # faction → Period of the ruling Prince
    princes_left: dict[str, dict[int, int]]  # faction → Period → unused Prince cards
    eliminated: set[str] = field(default_factory=set)
    final_round: int = 6
    stacks: dict[str, list[str]] = field(default_factory=dict)  # Progress colour → face-down tiles, top first
    market: list[str] = field(default_factory=list)  # face-up Progress Tiles on the Market
    tiles: dict[str, list[str]] = field(default_factory=dict)  # faction → Progress Tiles on its board
    crowned: str | None = None  # set by a Council coronation: the game ends at once

    def copy(self) -> State:
        board, rules = self.board, self.rules
        self.board = self.rules = None  # type: ignore[assignment]
        try:
            new = copy.deepcopy(self)
        finally:
            self.board, self.rules = board, rules
        new.board, new.rules = board, rules
        return new

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p in self.board.principalities if p not in self.eliminated)

    @property
    def period(self) -> int:
        return (self.round - 1) // self.rules.rounds_per_period + 1

    def units_of(self, land: str, faction: str) -> dict[str, int]:
        return self.units.get(land, {}).get(faction, {})

    def factions_on(self, land: str) -> list[str]:
        return list(self.units.get(land, {}))

    def add_units(self, land: str, faction: str, kind: str, n: int) -> None:
        """Add (n > 0) or remove (n < 0) figures, keeping no empty entries."""
        here = self.units.setdefault(land, {}).setdefault(faction, {})
        here[kind] = here.get(kind, 0) + n
        if here[kind] < 0:
            raise IllegalAction(f"{faction} has no {kind} left on {land}")
        if here[kind] == 0:
            del here[kind]
        if not here:
            del self.units[land][faction]
        if not self.units[land]:
            del self.units[land]

    def gold_in_supply(self) -> int:
        return self.rules.coins_gold - sum(self.gold.values())


def clamp_track(value: int, rules) -> int:
    return max(rules.track_low, min(rules.track_high, value))
