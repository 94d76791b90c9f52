"""Principes rules values → validated, frozen battle rules (die symbols as small integers)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from sim.config import Rules
from sim.errors import ConfigError

SYMBOLS = ("sword", "shield", "coin", "blank")
SWORD, SHIELD, COIN, BLANK = range(4)
SITES = ("gord", "city")
FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia")


@dataclass(frozen=True)
class UnitType:
    name: str
    swords: int
    toughness: int
    damage_order: int
    cavalry: bool


@dataclass(frozen=True)
class PrincipesRules:
    units: tuple[UnitType, ...]  # sorted in the order damage is assigned
    site_shields: dict[str, int]
    castle_shields: int
    settlements_count_each: bool
    die: np.ndarray  # symbol index of each face
    opposite: np.ndarray  # symbol index of the face opposite each face (Learning Chess)
    cards_per_unit: int
    rerolls: dict[str, int]  # faction → Battle Die rerolls per battle
    coin_gold: int
    attacker_first: bool = True  # the attacker commits its cards first, the defender answers (Battle Order 4)
    neutral_use_cards: bool = False  # neutral factions play Battle Cards
    neutral_loot_ignored: bool = True  # a coin in a clash of two neutral forces loots nothing

    def unit(self, name: str) -> UnitType:
        return next(u for u in self.units if u.name == name)

    @functools.cached_property
    def swords(self) -> dict[str, int]:
        return {u.name: u.swords for u in self.units}

    @functools.cached_property
    def toughness(self) -> dict[str, int]:
        return {u.name: u.toughness for u in self.units}


def _int(rules: Rules, key: str, minimum: int = 0) -> int:
    node: object = rules.values
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    if isinstance(node, bool) or not isinstance(node, int) or node < minimum:
        raise ConfigError(rules.origin(key), key, f"an integer ≥ {minimum}", node)
    return node


def _symbols(rules: Rules, key: str) -> np.ndarray:
    key = f"battle_die.{key}"
    faces = rules.values.get("battle_die", {}).get(key.split(".")[1])
    if not isinstance(faces, list) or not faces:
        raise ConfigError(rules.origin(key), key, f"a non-empty list of faces from {', '.join(SYMBOLS)}", faces)
    for i, face in enumerate(faces):
        if face not in SYMBOLS:
            raise ConfigError(rules.origin(key), f"{key}[{i}]", f"one of {', '.join(SYMBOLS)}", face)
    return np.array([SYMBOLS.index(f) for f in faces], dtype=np.int64)


def _flag(rules: Rules, key: str) -> bool:
    node: object = rules.values
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, bool):
        raise ConfigError(rules.origin(key), key, "true or false", node)
    return node


def compile_rules(rules: Rules) -> PrincipesRules:
    values = rules.values
    units = []
    for name, spec in (values.get("units") or {}).items():
        if not isinstance(spec, dict) or spec.get("class") not in ("infantry", "cavalry"):
            key = f"units.{name}.class"
            raise ConfigError(rules.origin(key), key, "infantry or cavalry", (spec or {}).get("class"))
        units.append(
            UnitType(
                name,
                _int(rules, f"units.{name}.swords"),
                _int(rules, f"units.{name}.toughness", 1),
                _int(rules, f"units.{name}.damage_order"),
                spec["class"] == "cavalry",
            )
        )
    if not units:
        raise ConfigError(rules.origin("units"), "units", "at least one unit type", values.get("units"))
    die, opposite = _symbols(rules, "faces"), _symbols(rules, "opposite")
    if len(opposite) != len(die):
        raise ConfigError(
            rules.origin("battle_die.faces"),
            "battle_die.opposite",
            f"one opposite face for each of the {len(die)} faces (set battle_die.opposite too)",
            f"{len(opposite)} faces",
        )
    factions = values.get("factions") or {}
    return PrincipesRules(
        units=tuple(sorted(units, key=lambda u: u.damage_order)),
        site_shields={s: _int(rules, f"defender_shields.{s}") for s in SITES},
        castle_shields=_int(rules, "defender_shields.castle"),
        settlements_count_each=bool(values.get("defender_shields", {}).get("settlements_count_each", True)),
        die=die,
        opposite=opposite,
        cards_per_unit=_int(rules, "cards.per_unit_limit"),
        rerolls={f: _int(rules, f"factions.{f}.die_reroll") for f in factions},
        coin_gold=_int(rules, "loot.coin_gold"),
        attacker_first=_flag(rules, "cards.attacker_first"),
        neutral_use_cards=_flag(rules, "cards.neutral_use_cards"),
        neutral_loot_ignored=_flag(rules, "loot.neutral_vs_neutral_ignored"),
    )
