"""One game's position: plain mutable containers, changed in place by the action modules.

Units of a player in a Province are a count per type (units of one type share the player's Military Technology
level, so they are interchangeable). Two players never share a Province: every move into an occupied Province is a
battle, and the loser leaves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sim.games.dark_ages.board import Ruler
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, Context

# battle kinds, by who fights whom: player against player, against a Barbarian token, against the Lordlings (solo),
# the Raiders attacking the player (solo), the player counterattacking the Raiding Party with a Raid card (solo)
BATTLE_KINDS = ("player", "barbarian", "lordling", "raider", "counterattack")


@dataclass
class BattleLog:
    """What the game's battles did, for the battle statistics: per kind, battles, attacker wins and the units
    (not Transients) each side lost; per die face (1..faces), how often it was rolled in a battle."""

    battles: list[int]
    attacker_wins: list[int]
    attacker_lost: list[int]
    defender_lost: list[int]
    dice: list[int]

    @classmethod
    def empty(cls, faces: int) -> BattleLog:
        k = len(BATTLE_KINDS)
        return cls([0] * k, [0] * k, [0] * k, [0] * k, [0] * faces)

    def record(self, kind: str, won: bool, lost: tuple[int, int]) -> None:
        i = BATTLE_KINDS.index(kind)
        self.battles[i] += 1
        self.attacker_wins[i] += bool(won)
        self.attacker_lost[i] += lost[0]
        self.defender_lost[i] += lost[1]


@dataclass
class Player:
    seat: int
    ruler: Ruler | None  # None for the Lordlings (Module 1), who have no Capital
    strategy: object  # a strategy object (see strategies/dark_ages): chooses among legal moves
    gold: int
    res: dict[str, int]  # wood, leather, stone, iron
    supply: dict[str, int]  # unit miniatures not on the board
    nobles_total: int
    nobles_free: int  # Noble discs in the personal supply
    units: dict[str, dict[str, int]] = field(default_factory=dict)  # Province → type → count, no empty entries
    military: dict[str, int] = field(default_factory=lambda: {k: 1 for k in UNIT_TYPES})  # type → level
    techs: dict[str, int] = field(default_factory=dict)  # Common Technology id → visible levels
    hand: list[str] = field(default_factory=list)
    titles: set[str] = field(default_factory=set)
    titles_ready: set[str] = field(default_factory=set)
    culture: int = 0
    vp: int = 0
    vp_by: dict[str, int] = field(default_factory=dict)  # in-game VP by source (church, barbarians, ...)
    warehouses: int = 0
    farms_off: int = 0  # Farms taken off the Farm track (placed on the board, or removed from the game)
    trophies: int = 0
    finished: bool = False  # passed in the final round: takes no more turns
    passes: int = 0
    actions: int = 0
    faction: str = "player"  # battle values: "player", or "lordling" in solo play

    @property
    def capital(self) -> str | None:
        return self.ruler.capital if self.ruler is not None else None

    def units_in_play(self) -> int:
        return sum(sum(k.values()) for k in self.units.values())


@dataclass
class Game:
    ctx: Context
    rng: random.Random
    players: list[Player]
    in_play: frozenset[str]  # Provinces in play (not blocked off)
    action_at: tuple[str, ...]  # the Action card on each action space
    stacks: tuple[tuple[int, ...], ...]  # Noble discs on each action space, bottom first (reactions.Stacks)
    exhausted: list[int]  # Noble discs per player in the Exhausted Nobles area
    offer: list[str]
    deck: list[str]
    cities_left: int
    farms: dict[str, tuple[int, int]] = field(default_factory=dict)  # Province → (owner, Farms)
    cities: set[str] = field(default_factory=set)
    buildings: dict[str, dict[str, int]] = field(default_factory=dict)  # Province → resource → Production buildings
    churches: list[str] = field(default_factory=list)  # Provinces with a Church, in building order
    keeps: dict[str, int] = field(default_factory=dict)
    barbarians: dict[str, int] = field(default_factory=dict)  # Province → index into ctx.tokens
    established: set[str] = field(default_factory=set)  # Titles claimed at least once
    red_reached: set[int] = field(default_factory=set)  # red Culture spaces someone has reached
    deck_ran_out: bool = False
    churches_built: int = 0  # Churches taken off the Church track (one destroyed by Raiders stays built)
    barbarian_extra: dict[str, list[str]] = field(default_factory=dict)  # Province → Raider units left with a token
    solo: object = None  # solo.SoloState in a Module 1 game, else None
    mods: list = field(default_factory=list)  # the switched-on game modules (game/modules), empty by default
    extra_turn: bool = False  # a "Take another turn" Barbarian reward won this turn
    end_trigger: str | None = None
    current: int = 0
    turns: int = 0
    rounds_passed: int = 0  # Passes by all players / players: a "round" for reporting
    battles: BattleLog | None = None  # the battle statistics (made empty for the rules' die at set-up)

    def __post_init__(self) -> None:
        if self.battles is None:
            self.battles = BattleLog.empty(self.ctx.battle.faces)

    @property
    def n(self) -> int:
        return len(self.players)

    def controller(self, province: str) -> int | None:
        """'A Province is controlled if a player has at least one miniature of their colour (a Unit or a Farm)'."""
        farm = self.farms.get(province)
        if farm is not None:
            return farm[0]
        for p in self.players:
            if province in p.units:
                return p.seat
        return None

    def controlled(self, seat: int) -> set[str]:
        p = self.players[seat]
        out = set(p.units)
        out.update(q for q, (owner, _) in self.farms.items() if owner == seat)
        return out

    def slots_used(self, province: str) -> int:
        return sum(self.buildings.get(province, {}).values()) + (province in self.churches)


def add_units(p: Player, province: str, kind: str, n: int = 1) -> None:
    here = p.units.setdefault(province, {})
    here[kind] = here.get(kind, 0) + n


def remove_units(p: Player, province: str, kind: str, n: int = 1, to_supply: bool = True) -> None:
    here = p.units[province]
    here[kind] -= n
    if here[kind] == 0:
        del here[kind]
    if not here:
        del p.units[province]
    if to_supply:
        p.supply[kind] += n


def total_resources(p: Player) -> int:
    return sum(p.res[r] for r in RESOURCES)
