"""Validate the Dark Ages rules tree (``configs/dark_ages/rules.yaml``) into typed, checked values.

Everything the kernel needs later comes from here, so every malformed value is reported once, with its
key path, before a single die is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.config import Rules
from sim.errors import ConfigError

TYPES = ("infantry", "archer", "cavalry")
PHASES = ("volley", "charge", "melee")
FACTIONS = ("player", "lordling", "raider")
POLICIES = ("solo", "focus-strongest")
# The solo list breaks ties 'Cavalry first, Archers second, and Infantry last': lower rank is hit first.
TYPE_HIT_RANK = {"cavalry": 0, "archer": 1, "infantry": 2}


@dataclass(frozen=True)
class UnitStats:
    thresholds: tuple[int, int, int]  # volley, charge, melee: die value needed to hit, 0 = no such skill
    armour: int
    level: int  # also the unit's Battle Result value

    @property
    def best_threshold(self) -> int:
        """The best (lowest) skill, used for Crusades (module 14A)."""
        return min(t for t in self.thresholds if t > 0)


@dataclass(frozen=True)
class Token:
    count: int  # copies of this face among the pool's tokens
    units: dict[str, int]
    reward_kind: str
    reward_amount: int
    reward_vp: int


@dataclass(frozen=True)
class DarkAgesRules:
    faces: int
    stats: dict[str, dict[str, dict[int, UnitStats]]]  # faction → type → level → stats
    max_farms: int
    farm_transient: str
    city_transient: str
    max_keep: int
    max_neighbour_keeps: int
    keep_bonus: int
    reinforce_bonus: int
    capital_theft: int
    attacker_wins_ties: bool
    max_units: int
    barbarian_level: int
    trophy_units: tuple[tuple[str, ...], ...]  # index min(trophies, last) → extra transient Barbarian units
    trophy_vp: tuple[int, ...]  # index min(trophies, last) → VP for winning
    tokens: tuple[Token, ...]
    skirmisher_tokens: tuple[Token, ...]

    def max_level(self, faction: str) -> int:
        return max(self.stats[faction]["infantry"])


def _get(values: dict, path: str, source: str):
    node = values
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise ConfigError(source, path, "a value (missing from the rules file)", "nothing")
        node = node[part]
    return node


def _int(values: dict, path: str, source: str, lo: int, hi: int | None = None) -> int:
    value = _get(values, path, source)
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise ConfigError(source, path, f"an integer in {lo}..{hi if hi is not None else '∞'}", value)
    return value


def _unit_type(value, path: str, source: str) -> str:
    if value not in TYPES:
        raise ConfigError(source, path, f"a unit type ({', '.join(TYPES)})", value)
    return value


def _stats_table(values: dict, faction: str, kind: str, faces: int, source: str) -> dict[int, UnitStats]:
    path = f"units.{faction}.{kind}"
    levels = _get(values, path, source)
    if not isinstance(levels, dict) or not levels:
        raise ConfigError(source, path, "a mapping of level → {volley, charge, melee, armour}", levels)
    table: dict[int, UnitStats] = {}
    for key, row in levels.items():
        if not str(key).isdigit() or int(key) < 1:
            raise ConfigError(source, f"{path}.{key}", "a level number ≥ 1", key)
        if not isinstance(row, dict):
            raise ConfigError(source, f"{path}.{key}", "a mapping {volley, charge, melee, armour}", row)
        thresholds = []
        for phase in PHASES:
            t = row.get(phase)
            # 1 always misses, so a threshold below 2 would contradict the rulebook
            if t is not None and (isinstance(t, bool) or not isinstance(t, int) or not 2 <= t <= faces):
                raise ConfigError(source, f"{path}.{key}.{phase}", f"null or a die value in 2..{faces}", t)
            thresholds.append(t or 0)
        if thresholds[2] == 0:
            raise ConfigError(source, f"{path}.{key}.melee", "a melee value (every unit rolls in melee)", None)
        armour = row.get("armour")
        if isinstance(armour, bool) or not isinstance(armour, int) or armour < 1:
            raise ConfigError(source, f"{path}.{key}.armour", "an integer ≥ 1", armour)
        table[int(key)] = UnitStats(tuple(thresholds), armour, int(key))
    if sorted(table) != list(range(1, len(table) + 1)):
        raise ConfigError(source, path, "levels numbered 1, 2, … without gaps", sorted(table))
    return table


def _tokens(values: dict, path: str, source: str, max_units: int) -> tuple[Token, ...]:
    raw = _get(values, path, source)
    if not isinstance(raw, list) or not raw:
        raise ConfigError(source, path, "a list of {count, units, reward}", raw)
    tokens = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, dict):
            raise ConfigError(source, where, "a mapping {count, units, reward}", item)
        count = item.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ConfigError(source, f"{where}.count", "an integer ≥ 1", count)
        units = item.get("units")
        if not isinstance(units, dict) or not units:
            raise ConfigError(source, f"{where}.units", "a mapping unit type → count", units)
        for kind, n in units.items():
            _unit_type(kind, f"{where}.units", source)
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= max_units:
                raise ConfigError(source, f"{where}.units.{kind}", f"an integer in 1..{max_units}", n)
        reward = item.get("reward")
        if not isinstance(reward, dict) or not isinstance(reward.get("kind"), str):
            raise ConfigError(source, f"{where}.reward", "a mapping {kind, amount, vp}", reward)
        amount, vp = reward.get("amount", 0), reward.get("vp", 0)
        for name, number in (("amount", amount), ("vp", vp)):
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise ConfigError(source, f"{where}.reward.{name}", "an integer ≥ 0", number)
        tokens.append(Token(count, {k: units[k] for k in TYPES if k in units}, reward["kind"], amount, vp))
    return tuple(tokens)


def validate(rules: Rules) -> DarkAgesRules:
    """Check the values tree of ``rules`` and return it typed; raise ConfigError naming the bad key."""
    values, source = rules.values, rules.path
    faces = _int(values, "die.faces", source, 2, 20)
    if _int(values, "die.always_miss", source, 1, 1) != 1:
        raise ConfigError(source, "die.always_miss", "1", values["die"]["always_miss"])
    phases = _get(values, "battle.phases", source)
    if list(phases) != list(PHASES):
        raise ConfigError(source, "battle.phases", f"{list(PHASES)} (the kernel's phase order)", phases)
    stats = {
        faction: {kind: _stats_table(values, faction, kind, faces, source) for kind in TYPES} for faction in FACTIONS
    }
    for faction in FACTIONS:
        depth = {len(stats[faction][k]) for k in TYPES}
        if len(depth) != 1:
            raise ConfigError(source, f"units.{faction}", "the same number of levels for every unit type", depth)
    max_units = _int(values, "battle.max_units_per_side", source, 1, 32)
    trophy_units_raw = _get(values, "barbarians.trophy_units", source)
    if not isinstance(trophy_units_raw, list) or not trophy_units_raw:
        raise ConfigError(source, "barbarians.trophy_units", "a list of unit-type lists", trophy_units_raw)
    trophy_units = tuple(
        tuple(_unit_type(k, f"barbarians.trophy_units[{i}]", source) for k in (row or []))
        for i, row in enumerate(trophy_units_raw)
    )
    later = _get(values, "barbarians.trophy_vp_later", source)
    if not isinstance(later, list) or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in later):
        raise ConfigError(source, "barbarians.trophy_vp_later", "a list of integers ≥ 0", later)
    trophy_vp = (_int(values, "barbarians.trophy_vp_first", source, 0), *later)
    attacker_wins_ties = _get(values, "battle.attacker_wins_ties", source)
    if not isinstance(attacker_wins_ties, bool):
        raise ConfigError(source, "battle.attacker_wins_ties", "true or false", attacker_wins_ties)
    return DarkAgesRules(
        faces=faces,
        stats=stats,
        max_farms=_int(values, "battle.max_farms", source, 0, 8),
        farm_transient=_unit_type(_get(values, "battle.farm_transient", source), "battle.farm_transient", source),
        city_transient=_unit_type(_get(values, "battle.city_transient", source), "battle.city_transient", source),
        max_keep=_int(values, "battle.max_keep", source, 0, 10),
        max_neighbour_keeps=_int(values, "battle.max_neighbour_keeps", source, 0, 40),
        keep_bonus=_int(values, "battle.keep_melee_bonus_per_level", source, 0, 3),
        reinforce_bonus=_int(values, "battle.reinforce_bonus", source, 0, 3),
        capital_theft=_int(values, "battle.capital_theft", source, 0),
        attacker_wins_ties=attacker_wins_ties,
        max_units=max_units,
        barbarian_level=_int(values, "barbarians.level", source, 1, len(stats["raider"]["infantry"])),
        trophy_units=trophy_units,
        trophy_vp=tuple(trophy_vp),
        tokens=_tokens(values, "barbarians.tokens", source, max_units),
        skirmisher_tokens=_tokens(values, "barbarians.skirmisher_tokens", source, max_units),
    )
