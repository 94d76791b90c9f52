"""A battle scenario (the YAML mapping or the CLI flags) → the armies that fight, one per Barbarian token.

Units of the same type, level and transient status are interchangeable, so an army is a few *groups*.
A battle against a random Barbarian token has one *variant* per distinct token face, weighted by how
many tokens of the pool show that face; a battle against a player or a given army has one variant.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.errors import ConfigError
from sim.games.dark_ages.rules import FACTIONS, POLICIES, TYPES, DarkAgesRules, Token

SIDE_KEYS = ("units", "tech", "faction", "keeps", "policy")
SCENARIO_KEYS = (
    "attacker", "defender", "farms", "city", "keep", "capital", "reinforce",
    "barbarian", "barbarian_token", "skirmishers", "trophies", "barbarian_policy",
)  # fmt: skip
REINFORCE = ("none", "attacker", "defender")


@dataclass(frozen=True)
class Group:
    kind: str  # infantry | archer | cavalry
    level: int  # Battle Result value of each surviving unit
    transient: bool
    count: int
    thresholds: tuple[int, int, int]  # volley, charge, melee; 0 = does not roll in that phase
    armour: int


@dataclass(frozen=True)
class Army:
    groups: tuple[Group, ...]
    melee_bonus: int  # +1s on melee dice from Keep levels in and around the contested Province
    br_bonus: int  # the defender's Keep level in the contested Province

    @property
    def size(self) -> int:
        return sum(g.count for g in self.groups)


@dataclass(frozen=True)
class Variant:
    name: str
    weight: int  # how many tokens of the pool show this face (1 outside random-token battles)
    armies: tuple[Army, Army]  # attacker, defender
    vp_win: int  # attacker's VP for winning
    reward: str  # the token's reward side, "" if none


@dataclass(frozen=True)
class Battle:
    variants: tuple[Variant, ...]
    policies: tuple[str, str]  # how the attacker / the defender distribute the hits they roll
    reinforce: tuple[bool, bool]  # who holds a Reinforce card (+1 on one die, once)
    theft: int  # Gold or resources stolen by an attacker winning in a Capital
    attacker_wins_ties: bool
    reinforce_bonus: int = 1  # the Reinforce card's + on one die (rules.yaml battle.reinforce_bonus)


def _int(raw: dict, key: str, source: str, lo: int, hi: int, default: int = 0) -> int:
    value = raw.get(key, default)
    if value is None:
        value = default
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ConfigError(source, key, f"an integer in {lo}..{hi}", value)
    return value


def _bool(raw: dict, key: str, source: str) -> bool:
    value = raw.get(key, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ConfigError(source, key, "true or false", value)
    return value


def _unit_counts(value, key: str, source: str, max_units: int, allow_empty: bool = False) -> dict[str, int]:
    if not isinstance(value, dict) or (not value and not allow_empty):
        raise ConfigError(source, key, "a mapping unit type → count, e.g. {infantry: 3, cavalry: 1}", value)
    counts = {}
    for kind, n in value.items():
        if kind not in TYPES:
            raise ConfigError(source, f"{key}.{kind}", f"a unit type ({', '.join(TYPES)})", kind)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= max_units:
            raise ConfigError(source, f"{key}.{kind}", f"a unit count in 0..{max_units}", n)
        counts[kind] = n
    return counts


@dataclass(frozen=True)
class SideSpec:
    units: dict[str, int]
    levels: dict[str, int]
    faction: str
    keeps: int
    policy: str


def _side(raw, key: str, source: str, rules: DarkAgesRules, need_units: bool) -> SideSpec:
    if not isinstance(raw, dict):
        raise ConfigError(source, key, f"a mapping with {', '.join(SIDE_KEYS)}", raw)
    for name in raw:
        if name not in SIDE_KEYS:
            raise ConfigError(source, f"{key}.{name}", f"one of {', '.join(SIDE_KEYS)}", name)
    faction = raw.get("faction") or "player"
    if faction not in FACTIONS:
        raise ConfigError(source, f"{key}.faction", f"one of {', '.join(FACTIONS)}", faction)
    units = _unit_counts(raw.get("units", {}), f"{key}.units", source, rules.max_units, not need_units)
    if need_units and sum(units.values()) == 0:
        raise ConfigError(source, f"{key}.units", "at least one unit", units)
    tech = raw.get("tech") or {}
    if not isinstance(tech, dict):
        raise ConfigError(source, f"{key}.tech", "a mapping unit type → level", tech)
    top = rules.max_level(faction)
    levels = {kind: 1 for kind in TYPES}
    for kind, level in tech.items():
        if kind not in TYPES:
            raise ConfigError(source, f"{key}.tech.{kind}", f"a unit type ({', '.join(TYPES)})", kind)
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= top:
            raise ConfigError(source, f"{key}.tech.{kind}", f"a {faction} unit level in 1..{top}", level)
        levels[kind] = level
    policy = raw.get("policy") or "solo"
    if policy not in POLICIES:
        raise ConfigError(source, f"{key}.policy", f"one of {', '.join(POLICIES)}", policy)
    keeps = _int(raw, "keeps", source, 0, rules.max_neighbour_keeps) if "keeps" in raw else 0
    return SideSpec(units, levels, faction, keeps, policy)


def _groups(rules: DarkAgesRules, faction: str, levels: dict[str, int], own: dict, extra: list[str]) -> tuple:
    groups = []
    for transient, counts in ((False, own), (True, {k: extra.count(k) for k in TYPES})):
        for kind in TYPES:
            n = counts.get(kind, 0)
            if n:
                stats = rules.stats[faction][kind][levels[kind]]
                groups.append(Group(kind, stats.level, transient, n, stats.thresholds, stats.armour))
    return tuple(groups)


def _army(groups: tuple, melee_bonus: int, br_bonus: int, key: str, source: str, rules: DarkAgesRules) -> Army:
    army = Army(groups, melee_bonus, br_bonus)
    if army.size > rules.max_units:
        raise ConfigError(source, key, f"at most {rules.max_units} units per side (transients included)", army.size)
    return army


def _token_pool(raw: dict, source: str, rules: DarkAgesRules) -> tuple[tuple[int, Token], ...]:
    pool = rules.skirmisher_tokens if _bool(raw, "skirmishers", source) else rules.tokens
    choice = raw.get("barbarian_token")
    numbered = [(i, t) for i, t in enumerate(pool)]
    if choice == "random":
        return tuple(numbered)
    if isinstance(choice, bool) or not isinstance(choice, int) or not 1 <= choice <= len(pool):
        raise ConfigError(source, "barbarian_token", f"random or a token face number in 1..{len(pool)}", choice)
    return (numbered[choice - 1],)


def build_battle(raw: dict, source: str, rules: DarkAgesRules) -> Battle:
    """Validate a scenario mapping (keys in ``SCENARIO_KEYS``) and build its armies."""
    if not isinstance(raw, dict):
        raise ConfigError(source, "", "a scenario mapping", raw)
    for name in raw:
        if name not in SCENARIO_KEYS:
            raise ConfigError(source, name, f"a scenario key ({', '.join(SCENARIO_KEYS)})", name)
    if "attacker" not in raw:
        raise ConfigError(source, "attacker", "the attacking army", "nothing")
    attacker = _side(raw["attacker"], "attacker", source, rules, need_units=True)
    barbarian = "barbarian" in raw or "barbarian_token" in raw
    if barbarian == ("defender" in raw):
        raise ConfigError(source, "defender", "exactly one of defender, barbarian, barbarian_token", sorted(raw))
    if "barbarian" in raw and "barbarian_token" in raw:
        raise ConfigError(source, "barbarian_token", "either barbarian (an army) or barbarian_token, not both", raw)
    reinforce = raw.get("reinforce") or "none"
    if reinforce not in REINFORCE:
        raise ConfigError(source, "reinforce", f"one of {', '.join(REINFORCE)}", reinforce)
    attacker_bonus = attacker.keeps * rules.keep_bonus
    attacker_groups = _groups(rules, attacker.faction, attacker.levels, attacker.units, [])
    attacker_army = _army(attacker_groups, attacker_bonus, 0, "attacker.units", source, rules)
    if barbarian:
        for key in ("farms", "city", "keep", "capital"):
            if raw.get(key):
                raise ConfigError(source, key, "nothing in a battle against Barbarians", raw[key])
        trophies = _int(raw, "trophies", source, 0, 99)
        extra = list(rules.trophy_units[min(trophies, len(rules.trophy_units) - 1)])
        trophy_vp = rules.trophy_vp[min(trophies, len(rules.trophy_vp) - 1)]
        levels = {kind: rules.barbarian_level for kind in TYPES}
        if "barbarian" in raw:
            units = _unit_counts(raw["barbarian"], "barbarian", source, rules.max_units)
            faces = [("barbarian", 1, units, "", 0)]
        else:
            pool = _token_pool(raw, source, rules)
            faces = [(f"token_{i + 1}", t.count, t.units, t.reward_kind, t.reward_vp) for i, t in pool]
        variants = []
        for name, weight, units, reward, reward_vp in faces:
            defender = _army(_groups(rules, "raider", levels, units, extra), 0, 0, "barbarian", source, rules)
            variants.append(Variant(name, weight, (attacker_army, defender), trophy_vp + reward_vp, reward))
        policy = raw.get("barbarian_policy") or "solo"
        if policy not in POLICIES:
            raise ConfigError(source, "barbarian_policy", f"one of {', '.join(POLICIES)}", policy)
        return Battle(tuple(variants), (attacker.policy, policy), (reinforce == "attacker", reinforce == "defender"),
                      0, rules.attacker_wins_ties)  # fmt: skip
    for key in ("trophies", "skirmishers", "barbarian_policy"):
        if key in raw:
            raise ConfigError(source, key, "nothing outside a battle against Barbarians", raw[key])
    defender = _side(raw["defender"], "defender", source, rules, need_units=False)
    farms = _int(raw, "farms", source, 0, rules.max_farms)
    keep = _int(raw, "keep", source, 0, rules.max_keep)
    city = _bool(raw, "city", source)
    if keep and not city:
        raise ConfigError(source, "keep", "a City in the Province (a Keep is built only in a City)", keep)
    capital = raw.get("capital")
    if capital is not None and (isinstance(capital, bool) or not isinstance(capital, int) or capital < 0):
        raise ConfigError(source, "capital", "the defender's Army limit (an integer ≥ 0) or null", capital)
    extra = [rules.farm_transient] * farms + ([rules.city_transient] if city else [])
    groups = _groups(rules, defender.faction, defender.levels, defender.units, extra)
    if not groups:
        raise ConfigError(source, "defender.units", "at least one unit (or a Farm or City)", defender.units)
    defender_army = _army(groups, (keep + defender.keeps) * rules.keep_bonus, keep, "defender.units", source, rules)
    vp = capital or 0
    variant = Variant("battle", 1, (attacker_army, defender_army), vp, "")
    theft = rules.capital_theft if capital is not None else 0
    return Battle((variant,), (attacker.policy, defender.policy), (reinforce == "attacker", reinforce == "defender"),
                  theft, rules.attacker_wins_ties)  # fmt: skip
