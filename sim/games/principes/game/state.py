"""The game state: a small dataclass of plain containers, copied before every change."""

from __future__ import annotations

from dataclasses import dataclass, field

from sim.errors import SimError
from sim.games.principes.map import Board

UNITS = ("prince", "knight", "footman")  # the unit kinds (rules.yaml ``units`` holds their values)


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
    history: tuple[str, ...] = ()  # the dealt History deck, top first: Round r reveals history[r - 1]
    mongol_waves: int = 0  # Mongol Invasions so far (each places one Mongol fewer)
    teutonic: bool = False  # the Teutonic Knights were called in (on their land, or off it until it empties)
    variants: frozenset[str] = frozenset()  # optional rules switched on: "tiles", "court", "princesses"
    princesses: dict[str, str] = field(default_factory=dict)  # faction → area of its Princess (a Neighbor or a Capital)
    princess_last: dict[str, str] = field(default_factory=dict)  # faction → area of its Princess's last mission
    non_players: frozenset[str] = frozenset()  # Principalities no player controls (2-3 players): neutral units
    tally: dict[str, int] = field(default_factory=dict)  # battle statistics: "battles.<kind>", "die.<face>", ...

    def copy(self) -> State:
        """A copy sharing only board and rules. Written out by hand (nested containers one level at a time)
        because ``copy.deepcopy`` took most of a game's time; ``test_state_copy`` checks it covers every field."""
        return State(
            board=self.board,
            rules=self.rules,
            round=self.round,
            princeps=self.princeps,
            clockwise=self.clockwise,
            units={land: {f: dict(u) for f, u in here.items()} for land, here in self.units.items()},
            pool={f: dict(u) for f, u in self.pool.items()},
            gold=dict(self.gold),
            people=dict(self.people),
            clergy=dict(self.clergy),
            cities=dict(self.cities),
            buildings=dict(self.buildings),
            division=set(self.division),
            supply=dict(self.supply),
            hands={f: dict(h) for f, h in self.hands.items()},
            decks={k: dict(d) for k, d in self.decks.items()},
            pomerania_off={k: dict(u) for k, u in self.pomerania_off.items()},
            reign=dict(self.reign),
            princes_left={f: dict(d) for f, d in self.princes_left.items()},
            eliminated=set(self.eliminated),
            final_round=self.final_round,
            stacks={c: list(t) for c, t in self.stacks.items()},
            market=list(self.market),
            tiles={f: list(t) for f, t in self.tiles.items()},
            crowned=self.crowned,
            history=self.history,
            mongol_waves=self.mongol_waves,
            teutonic=self.teutonic,
            variants=self.variants,
            princesses=dict(self.princesses),
            princess_last=dict(self.princess_last),
            non_players=self.non_players,
            tally=dict(self.tally),
        )

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p in self.board.principalities if p not in self.eliminated and p not in self.non_players)

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
