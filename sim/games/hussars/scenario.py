"""A battle scenario: both armies (or distributions over them) and the battlefield conditions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sim.errors import ConfigError
from sim.games.hussars.army import Army, compositions, parse_groups
from sim.games.hussars.rules import HussarsRules

SIDES = ("attacker", "defender")
TERRAIN = ("forest", "river", "peasants", "wasteland")
MODES = ("simplified", "full")
OBJECTIVES = ("win", "win_minus_loss", "tokens")
HANDS = ("all", "random")
KEYS = ("mode", "attacker", "defender", "veteran", "terrain", "loose_columns", "fortress", "famine",
        "inside_fortress", "moved", "tactics", "hands", "objective", "cannot_retreat")


@dataclass(frozen=True)
class Conditions:
    forest: bool = False
    river: bool = False
    peasants: bool = False
    wasteland: bool = False
    loose: tuple[bool, bool] = (False, False)  # (attacker, defender)
    fortress: int = 0  # the defender garrisons a completed fortress of this level (0: field battle)
    famine: int = 0  # famine markers on the defender
    inside_fortress: bool = False
    moved: tuple[int, int] = (0, 0)  # Movement Points used this season
    can_retreat: tuple[bool, bool] = (True, True)

    @property
    def siege(self) -> bool:
        return self.fortress > 0 and not self.inside_fortress


@dataclass(frozen=True)
class Scenario:
    mode: str
    attacker: tuple[tuple[float, Army], ...]
    defender: tuple[tuple[float, Army], ...]
    conditions: Conditions
    tactics: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)  # restricted options per side
    hands: str = "all"
    objective: str = "win"
    raw: dict = field(default_factory=dict)
    source: str = "scenario"


def _sides(value: Any, source: str, key: str) -> tuple[bool, bool]:
    if value in (None, False, "", []):
        return (False, False)
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list):
        raise ConfigError(source, key, "a list of sides (attacker, defender)", value)
    for item in items:
        if item not in SIDES:
            raise ConfigError(source, key, "attacker or defender", item)
    return ("attacker" in items, "defender" in items)


def _int(value: Any, source: str, key: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise ConfigError(source, key, f"an integer {lo}..{hi}" if hi is not None else f"an integer ≥ {lo}", value)
    return value


def _choice(value: Any, options: tuple[str, ...], source: str, key: str) -> str:
    if value not in options:
        raise ConfigError(source, key, f"one of {', '.join(options)}", value)
    return value


def scenario_from_dict(raw: dict, source: str, rules: HussarsRules) -> Scenario:
    """Validate a scenario mapping (the YAML body, or what ``scenario_from_cli`` builds): first against the declared
    schema (kinds, ranges, the token caps every command shares: sim/schemas/hussars.py), then against the rules."""
    from sim.schemas import check_scenario

    check_scenario("hussars", raw, source)
    for key in raw:
        if key not in KEYS:
            raise ConfigError(source, key, f"a scenario key ({', '.join(KEYS)})", key)
    mode = _choice(raw.get("mode", "simplified"), MODES, source, "mode")
    veteran = _sides(raw.get("veteran"), source, "veteran")
    armies = []
    for i, side in enumerate(SIDES):
        if side not in raw:
            raise ConfigError(source, side, "an army such as cossack=4", "nothing")
        groups = parse_groups(raw[side], rules, source, side, veteran[i])
        armies.append(tuple(compositions(groups, source, side)))
    terrain = raw.get("terrain") or []
    if isinstance(terrain, str):
        terrain = [t.strip() for t in terrain.split(",") if t.strip()]
    if not isinstance(terrain, list):
        raise ConfigError(source, "terrain", f"a list of {', '.join(TERRAIN)}", terrain)
    for item in terrain:
        _choice(item, TERRAIN, source, "terrain")
    moved = raw.get("moved") or {}
    if not isinstance(moved, dict) or any(k not in SIDES for k in moved):
        raise ConfigError(source, "moved", "a mapping {attacker: MP, defender: MP}", moved)
    fortress = _int(raw.get("fortress", 0), source, "fortress", 0, 2)
    cond = Conditions(
        forest="forest" in terrain,
        river="river" in terrain,
        peasants="peasants" in terrain,
        wasteland="wasteland" in terrain,
        loose=_sides(raw.get("loose_columns"), source, "loose_columns"),
        fortress=fortress,
        famine=_int(raw.get("famine", 0), source, "famine", 0),
        inside_fortress=bool(raw.get("inside_fortress", False)),
        moved=tuple(_int(moved.get(s, 0), source, f"moved.{s}", 0) for s in SIDES),
        can_retreat=tuple(not flag for flag in _sides(raw.get("cannot_retreat"), source, "cannot_retreat")),
    )
    if cond.inside_fortress and not fortress:
        raise ConfigError(source, "inside_fortress", "a fortress level (combat inside a fortress)", "fortress 0")
    if cond.famine and not fortress:
        raise ConfigError(source, "famine", "a besieged defender (fortress 1 or 2)", cond.famine)
    if mode == "simplified":
        for key in ("tactics", "hands", "objective"):
            if raw.get(key) not in (None, {}, []):
                raise ConfigError(source, key, "mode: full (Tactic cards are Full-rules only)", raw[key])
    tactics = raw.get("tactics") or {}
    if tactics and raw.get("hands") == "random":
        raise ConfigError(source, "tactics", "no card list with hands: random (the deck is in the rules)", tactics)
    if not isinstance(tactics, dict) or any(k not in SIDES for k in tactics):
        raise ConfigError(source, "tactics", "a mapping {attacker: [tactic, …], defender: [tactic, …]}", tactics)
    options = []
    for side in SIDES:
        names = tactics.get(side)
        if names is None:
            options.append(None)
            continue
        if isinstance(names, str):
            names = [n.strip() for n in names.split(",") if n.strip()]
        if not isinstance(names, list) or not names:
            raise ConfigError(source, f"tactics.{side}", "a non-empty list of tactic ids", names)
        for name in names:
            rules.tactic(name, source, f"tactics.{side}")
        options.append(tuple(dict.fromkeys(names)))
    return Scenario(
        mode,
        armies[0],
        armies[1],
        cond,
        (options[0], options[1]),
        _choice(raw.get("hands", "all"), HANDS, source, "hands"),
        _choice(raw.get("objective", "win"), OBJECTIVES, source, "objective"),
        dict(raw),
        source,
    )
