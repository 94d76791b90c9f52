"""The printed tracks (``configs/dark_ages/tracks.yaml``) and the rulebook's numbers (``game.yaml``), checked.

Tracks are assumed (the rulebook prints none), so the checks hold them to what the rulebook does say: Culture VP
never fall ("the highest VP value your marker has reached"), the first two Warehouses cost "Stone or Wood, not
both", Farm VP start at Army limit 7, there is one Farm space per Farm, one offer slot per red space.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.games.dark_ages.files import rules_values

TRACKS_PATH = CONFIG_DIR / "dark_ages" / "tracks.yaml"
GAME_PATH = CONFIG_DIR / "dark_ages" / "game.yaml"
ACTIONS = ("build", "development_of_culture", "research", "recruit", "manoeuvre")  # Description of Actions
REACTIONS = ("wood_or_leather", "recruit", "cultural_exchange", "regroup", "sell_goods", "wood_or_stone")  # Reactions
FARM_VP_FROM_LIMIT = 7  # Settling: 'If your Army Upkeep limit is 7 or higher at the end of the game, ... VP'
CHEAP_WAREHOUSES = 2  # Build, Warehouse: 'The first two Warehouses cost Stone or Wood, not both'
WAREHOUSE_VP_FROM = 3  # Build, Warehouse: 'If you build three or more Warehouses, you will also score VP'


@dataclass(frozen=True)
class WarehouseSpace:
    cost: tuple[tuple[str, ...], ...]  # alternatives; pay one of them to move onto this space
    sell: int
    hold: int
    vp: int


@dataclass(frozen=True)
class FarmSpace:
    army_limit: int
    vp: int


@dataclass(frozen=True)
class Tracks:
    culture_vp: np.ndarray  # (spaces,) int16 VP by Culture track position
    red_spaces: tuple[int, ...]
    offer_slots: int
    base_access: int  # offer cards accessible from the start space
    warehouse: tuple[WarehouseSpace, ...]  # index = Warehouses built
    farm: tuple[FarmSpace, ...]  # index = Farms taken off the track
    actions: tuple[str, ...]
    reactions: tuple[str, ...]  # action space i lies between reaction spaces i and i + 1

    @property
    def culture_last(self) -> int:
        return len(self.culture_vp) - 1

    def arrays(self) -> dict[str, np.ndarray]:
        """The tracks as int16 arrays for a compiled engine, indexed by position on each track."""

        def col(spaces, key):
            return np.array([getattr(s, key) for s in spaces], dtype=np.int16)

        red = np.zeros(len(self.culture_vp), dtype=np.bool_)
        red[list(self.red_spaces)] = True
        return {
            "culture_vp": self.culture_vp,
            "culture_red": red,
            "warehouse_sell": col(self.warehouse, "sell"),
            "warehouse_hold": col(self.warehouse, "hold"),
            "warehouse_vp": col(self.warehouse, "vp"),
            "farm_army_limit": col(self.farm, "army_limit"),
            "farm_vp": col(self.farm, "vp"),
        }


@dataclass(frozen=True)
class GameRules:
    """game.yaml as a plain tree; the rule modules read the few numbers they need from it."""

    values: dict

    def __getitem__(self, key: str):
        return self.values[key]


def _ints(value, where: str, src: str, lo: int = 0) -> list[int]:
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= lo for v in value)
    ):
        raise ConfigError(src, where, f"a non-empty list of integers ≥ {lo}", value)
    return value


def _non_decreasing(values: list[int], where: str, src: str) -> None:
    if values != sorted(values):
        raise ConfigError(src, where, "values that never decrease along the track", values)


def load_tracks(path: str | Path | None = None, farms: int = 12, ruleset=None) -> Tracks:
    v, src = rules_values(ruleset, "tracks", path, TRACKS_PATH)
    culture_vp = _ints(v["culture_track"]["vp"], "culture_track.vp", src)
    _non_decreasing(culture_vp, "culture_track.vp", src)
    red = _ints(v["culture_track"]["red_spaces"], "culture_track.red_spaces", src, lo=1)
    if red != sorted(set(red)) or red[-1] >= len(culture_vp):
        raise ConfigError(src, "culture_track.red_spaces", f"increasing positions in 1..{len(culture_vp) - 1}", red)
    slots, base = v["offer"]["slots"], v["offer"]["base_access"]
    if slots != base + len(red):
        raise ConfigError(src, "offer.slots", f"base_access + one per red space = {base + len(red)}", slots)
    warehouse = _warehouse(v["warehouse_track"]["spaces"], src)
    farm = _farm(v["farm_track"]["spaces"], farms, src)
    board = v["culture_board"]
    if sorted(board["actions"]) != sorted(ACTIONS):
        raise ConfigError(src, "culture_board.actions", f"the five actions in some order ({', '.join(ACTIONS)})",
                          board["actions"])  # fmt: skip
    if sorted(board["reactions"]) != sorted(REACTIONS):
        raise ConfigError(src, "culture_board.reactions", f"the six reactions in some order ({', '.join(REACTIONS)})",
                          board["reactions"])  # fmt: skip
    if len(board["reactions"]) != len(board["actions"]) + 1:
        raise ConfigError(
            src,
            "culture_board.reactions",
            f"{len(board['actions']) + 1} reactions flanking the action spaces",
            board["reactions"],
        )
    return Tracks(
        culture_vp=np.array(culture_vp, dtype=np.int16),
        red_spaces=tuple(red),
        offer_slots=slots,
        base_access=base,
        warehouse=warehouse,
        farm=farm,
        actions=tuple(board["actions"]),
        reactions=tuple(board["reactions"]),
    )


def _warehouse(spaces, src: str) -> tuple[WarehouseSpace, ...]:
    where = "warehouse_track.spaces"
    if not isinstance(spaces, list) or len(spaces) < 2:
        raise ConfigError(src, where, "a list of {cost, sell, hold, vp} from the top space down", spaces)
    out = []
    for i, s in enumerate(spaces):
        cost = tuple(tuple(alt) for alt in s["cost"])
        if i == 0 and cost:
            raise ConfigError(src, f"{where}[0].cost", "no cost on the start space", s["cost"])
        if i > 0 and not cost:
            raise ConfigError(src, f"{where}[{i}].cost", "at least one way to pay", s["cost"])
        if 1 <= i <= CHEAP_WAREHOUSES and sorted(cost) != [("stone",), ("wood",)]:
            raise ConfigError(src, f"{where}[{i}].cost", "[[stone], [wood]] ('Stone or Wood, not both')", s["cost"])
        if i < WAREHOUSE_VP_FROM and s["vp"] != 0:
            raise ConfigError(src, f"{where}[{i}].vp", "0 (VP only from the third Warehouse)", s["vp"])
        out.append(WarehouseSpace(cost, s["sell"], s["hold"], s["vp"]))
    for key in ("sell", "hold", "vp"):
        _non_decreasing([getattr(s, key) for s in out], f"{where}.{key}", src)
    return tuple(out)


def _farm(spaces, farms: int, src: str) -> tuple[FarmSpace, ...]:
    where = "farm_track.spaces"
    if not isinstance(spaces, list) or len(spaces) != farms:
        raise ConfigError(
            src,
            where,
            f"{farms} spaces, one per Farm (11 cover all but the leftmost at set-up)",
            len(spaces) if isinstance(spaces, list) else spaces,
        )
    out = tuple(FarmSpace(s["army_limit"], s["vp"]) for s in spaces)
    _non_decreasing([s.army_limit for s in out], f"{where}.army_limit", src)
    _non_decreasing([s.vp for s in out], f"{where}.vp", src)
    for i, s in enumerate(out):
        if (s.vp > 0) != (s.army_limit >= FARM_VP_FROM_LIMIT):
            raise ConfigError(
                src,
                f"{where}[{i}].vp",
                f"VP > 0 exactly when the Army limit is {FARM_VP_FROM_LIMIT} or more",
                {"army_limit": s.army_limit, "vp": s.vp},
            )
    return out


def load_game_rules(path: str | Path | None = None, ruleset=None) -> GameRules:
    return GameRules(rules_values(ruleset, "game", path, GAME_PATH)[0])
