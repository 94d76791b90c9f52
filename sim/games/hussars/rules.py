"""The rules values tree (``configs/hussars/rules.yaml``) → validated, frozen unit and tactic records."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.config import Rules
from sim.errors import ConfigError

KINDS = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class UnitType:
    name: str
    effectiveness: tuple[float | None, float | None]  # (regular, veteran); None = that version does not exist
    toughness: tuple[int, int]  # (full strength, wounded)
    movement: tuple[int | None, int | None]
    upkeep: int
    kind: str
    heavy_cavalry: bool
    wave: bool

    def exists(self, veteran: bool) -> bool:
        return self.effectiveness[int(veteran)] is not None

    def eff(self, veteran: bool) -> float:
        return self.effectiveness[int(veteran)] or 0.0

    def moves(self, veteran: bool) -> int:
        value = self.movement[int(veteran)]
        return int(value if value is not None else self.movement[1 - int(veteran)] or 0)


@dataclass(frozen=True)
class Tactic:
    name: str
    damage: dict[str, float]  # † per unit of each listed type; the listed types are the ones that may use it
    bonus_no_forest: dict[str, float]
    bonus_no_peasants: dict[str, float]
    toughness: dict[str, int]  # ♥ for own units of these types
    toughness_vs_tabor: dict[str, int]
    toughness_all: int  # ♥ for every own unit on the walls (Fortress)
    needs_low_movement: bool
    counters: frozenset[str]
    countered_by: frozenset[str]
    standoff: frozenset[str]
    fortress_level: int  # 0 for a field tactic


@dataclass(frozen=True)
class HussarsRules:
    rules: Rules
    units: dict[str, UnitType]
    tactics: dict[str, Tactic]
    fast_min_movement: int

    @property
    def values(self) -> dict:
        return self.rules.values

    @property
    def source(self) -> str:
        return self.rules.path

    def unit(self, name: str, source: str, key: str) -> UnitType:
        if name not in self.units:
            raise ConfigError(source, key, f"a unit type ({', '.join(self.units)})", name)
        return self.units[name]

    def tactic(self, name: str, source: str, key: str) -> Tactic:
        if name not in self.tactics:
            raise ConfigError(source, key, f"a tactic ({', '.join(self.tactics)})", name)
        return self.tactics[name]

    def is_fast(self, unit: str, veteran: bool) -> bool:
        kind = self.units[unit]
        return kind.kind == "cavalry" and kind.moves(veteran) >= self.fast_min_movement


def _get(tree: dict, key: str, source: str) -> Any:
    node: Any = tree
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            raise ConfigError(source, key, "a value", "nothing")
        node = node[part]
    return node


def _number(value: Any, source: str, key: str, minimum: float | None = None) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigError(source, key, "a number", value)
    if minimum is not None and value < minimum:
        raise ConfigError(source, key, f"a number ≥ {minimum}", value)
    return value


def _pair(value: Any, source: str, key: str, allow_none: bool) -> tuple:
    if not isinstance(value, list) or len(value) != 2:
        raise ConfigError(source, key, "a list [regular, veteran] or [full, wounded]", value)
    out = []
    for i, item in enumerate(value):
        if item is None and allow_none:
            out.append(None)
        else:
            out.append(_number(item, source, f"{key}[{i}]", 0))
    if all(v is None for v in out):
        raise ConfigError(source, key, "at least one value", value)
    return tuple(out)


def _unit_map(value: Any, units: dict, source: str, key: str, integer: bool = False) -> dict:
    if not isinstance(value, dict):
        raise ConfigError(source, key, "a mapping of unit type to number", value)
    out = {}
    for name, number in value.items():
        if name not in units and name not in ("infantry", "artillery", "fast_cavalry"):
            raise ConfigError(source, f"{key}.{name}", f"a unit type ({', '.join(units)})", name)
        number = _number(number, source, f"{key}.{name}")
        if integer and number != int(number):
            raise ConfigError(source, f"{key}.{name}", "a whole number", number)
        out[name] = int(number) if integer else float(number)
    return out


def _units(values: dict, source: str) -> dict[str, UnitType]:
    raw = values.get("units")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(source, "units", "a mapping of unit types", raw)
    units = {}
    for name, spec in raw.items():
        key = f"units.{name}"
        if not isinstance(spec, dict):
            raise ConfigError(source, key, "a mapping", spec)
        kind = _get(values, f"{key}.kind", source)
        if kind not in KINDS:
            raise ConfigError(source, f"{key}.kind", f"one of {', '.join(KINDS)}", kind)
        tough = _pair(_get(values, f"{key}.toughness", source), source, f"{key}.toughness", False)
        units[name] = UnitType(
            name,
            _pair(_get(values, f"{key}.effectiveness", source), source, f"{key}.effectiveness", True),
            (int(tough[0]), int(tough[1])),
            _pair(_get(values, f"{key}.movement", source), source, f"{key}.movement", True),
            int(_number(_get(values, f"{key}.upkeep", source), source, f"{key}.upkeep", 0)),
            kind,
            bool(_get(values, f"{key}.heavy_cavalry", source)),
            bool(_get(values, f"{key}.wave", source)),
        )
    return units


def _names(value: Any, known: set[str], source: str, key: str) -> frozenset[str]:
    if not isinstance(value, list):
        raise ConfigError(source, key, "a list of tactic ids", value)
    for name in value:
        if name not in known:
            raise ConfigError(source, key, f"tactic ids ({', '.join(sorted(known))})", name)
    return frozenset(value)


def _tactics(values: dict, units: dict, source: str) -> dict[str, Tactic]:
    raw = values.get("tactics")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(source, "tactics", "a mapping of tactic cards", raw)
    known = set(raw)
    tactics = {}
    for name, spec in raw.items():
        key = f"tactics.{name}"
        if not isinstance(spec, dict):
            raise ConfigError(source, key, "a mapping", spec)

        def opt(field: str, default: Any, _spec=spec) -> Any:
            return _spec.get(field, default)

        tactics[name] = Tactic(
            name,
            _unit_map(opt("damage", {}), units, source, f"{key}.damage"),
            _unit_map(opt("bonus_no_forest", {}), units, source, f"{key}.bonus_no_forest"),
            _unit_map(opt("bonus_no_peasants", {}), units, source, f"{key}.bonus_no_peasants"),
            _unit_map(opt("toughness", {}), units, source, f"{key}.toughness", integer=True),
            _unit_map(opt("toughness_vs_tabor", {}), units, source, f"{key}.toughness_vs_tabor", integer=True),
            int(_number(opt("toughness_all", 0), source, f"{key}.toughness_all")),
            bool(opt("movement_limited", False)),
            _names(opt("counters", []), known, source, f"{key}.counters"),
            _names(opt("countered_by", []), known, source, f"{key}.countered_by"),
            _names(opt("standoff", []), known, source, f"{key}.standoff"),
            int(_number(opt("level", 0), source, f"{key}.level", 0)),
        )
    # a green icon on one card is the same match as a red icon on the other: the lists must agree
    for name, card in tactics.items():
        for other in card.counters:
            if name not in tactics[other].countered_by:
                raise ConfigError(source, f"tactics.{other}.countered_by", f"to list {name} (it counters {other})",
                                  sorted(tactics[other].countered_by))
        for other in card.countered_by:
            if name not in tactics[other].counters:
                raise ConfigError(source, f"tactics.{other}.counters", f"to list {name} (it is countered by {other})",
                                  sorted(tactics[other].counters))
    return tactics


def build(rules: Rules) -> HussarsRules:
    """Validate the values tree; every problem is a ConfigError naming the key path."""
    values, source = rules.values, rules.path
    units = _units(values, source)
    tactics = _tactics(values, units, source)
    fast = int(_number(_get(values, "fast_cavalry_min_movement", source), source, "fast_cavalry_min_movement", 0))
    for key in ("simplified.hit_rounds", "simplified.artillery_safe_rounds", "famine.surrender_markers",
                "hands.size", "inside_fortress_max_clashes"):
        _number(_get(values, key, source), source, key, 0)
    tie = _get(values, "simplified.tie", source)
    if tie not in ("both_take_hits", "turn_order"):
        raise ConfigError(rules.origin("simplified.tie"), "simplified.tie", "both_take_hits or turn_order", tie)
    for key, why in (("singles_in_box", "double tokens that cannot split are not modelled"),
                     ("simplified.all_garrison_on_walls", "a partial garrison on the walls is not modelled")):
        if _get(values, key, source) is not True:
            raise ConfigError(source, key, f"true ({why})", _get(values, key, source))
    return HussarsRules(rules, units, tactics, fast)


def load(overrides: dict[str, Any] | None = None) -> HussarsRules:
    from sim.config import load_rules

    return build(load_rules("hussars", overrides))
