"""Dark Ages: Holy Roman Empire: the battle scenario and the full-game experiments.

Counts are capped at ``MAX_UNITS`` here; the rules' own limits (``battle.max_units_per_side``, ``max_keep``,
``max_farms``, unit levels) are checked by the game with the rules in hand, since an override may change them.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, ValidationInfo, model_validator

from sim.schemas.base import Name, RulesOverrides, Strict, choice, count, whole
from sim.schemas.plans import Seat, dark_ages_params

MAX_UNITS = 100  # of one type; the rules allow 16 a side (transients included)
MAX_LEVEL = 10
MAX_KEEPS = 1_000
MAX_TURNS = 100_000
TYPES = ("infantry", "archer", "cavalry")
FACTIONS = ("player", "lordling", "raider")
POLICIES = ("solo", "focus-strongest")
STRATEGIES = ("random_legal", "expansion", "culture", "military")
SCRIPTED = STRATEGIES[1:]

UnitCounts = dict[choice(*TYPES), count(MAX_UNITS, "a unit count")]


class Side(Strict):
    units: UnitCounts | None = None
    tech: dict[choice(*TYPES), whole(1, MAX_LEVEL, "a Military Technology level")] | None = None
    faction: choice(*FACTIONS) | None = None
    keeps: count(MAX_KEEPS, "neighbouring Keep levels") | None = None
    policy: choice(*POLICIES) | None = None


class Scenario(Strict):
    """A battle (``configs/dark_ages/battles/*.yaml``, or the ``sim battle dark_ages`` flags)."""

    attacker: Side
    defender: Side | None = None
    farms: count(MAX_UNITS, "a Farm count") | None = None
    city: bool | None = None
    keep: count(MAX_KEEPS, "a Keep level") | None = None
    capital: count(MAX_UNITS, "an Army limit") | None = None
    reinforce: choice("none", "attacker", "defender") | None = None
    barbarian: UnitCounts | None = None
    barbarian_token: Annotated[
        choice("random") | whole(1, 1_000, "a token face number"),
        Field(description="random or a token face number 1..1,000"),
    ] | None = None  # fmt: skip
    skirmishers: bool | None = None
    trophies: whole(0, 99, "a trophy count") | None = None
    barbarian_policy: choice(*POLICIES) | None = None


Strategies = Annotated[list[choice(*STRATEGIES)], Field(min_length=1, max_length=64,
                                                        description=f"a list of {', '.join(STRATEGIES)}")]  # fmt: skip
Players = Annotated[
    choice(2, 3, 4) | Annotated[list[choice(2, 3, 4)], Field(min_length=1, max_length=64)],
    Field(description="a player count 2, 3 or 4, or a list of them"),
]
Rulers = Annotated[choice("all") | Annotated[list[Name], Field(min_length=1, max_length=64)],
                   Field(description="all, or a list of Rulers")]  # fmt: skip
Modules = Annotated[dict[Name, bool], Field(description="a mapping module → true/false")]


class _Common(Strict):
    strategies: Strategies | None = None
    strategy_params: dict[choice(*SCRIPTED), dict[Name, Any]] | None = None
    max_turns: whole(1, MAX_TURNS, "a turn cap") | None = None
    rules: RulesOverrides | None = None
    modules: Modules | None = None
    rulers: Rulers | None = None
    engine: choice("auto", "fast", "reference") | None = None

    @model_validator(mode="after")
    def _plan_parameters(self, info: ValidationInfo):
        from sim.config import read_yaml
        from strategies.dark_ages.scripted import PLAN_DIR

        source = (info.context or {}).get("source", "experiment")
        for name, params in (self.strategy_params or {}).items():
            path = PLAN_DIR / f"{name}.yaml"
            plan = (read_yaml(path) or {}) if path.exists() else {}
            prefix = f"strategy_params.{name}"
            dark_ages_params(params, plan.get("params") or {}, source, prefix)
        return self


class Multiplayer(_Common):
    mode: choice("multiplayer") = "multiplayer"
    players: Players | None = None
    tables: choice("rotation", "every") | None = None  # which tables of Rulers meet (multiplayer.seating)
    seats: Annotated[dict[Name, Seat], Field(description="a mapping {ruler: plan}")] | None = None  # plan per Ruler
    skirmishers: bool | None = None


class ModuleEffects(Multiplayer):
    mode: choice("module_effects")


class Solo(_Common):
    mode: choice("solo")
    difficulties: Annotated[list[Name], Field(min_length=1, max_length=64)] | None = None


class SoloModuleEffects(_Common):
    mode: choice("solo_module_effects")
    difficulty: Name | None = None


MODES = {"multiplayer": Multiplayer, "module_effects": ModuleEffects, "solo": Solo,
         "solo_module_effects": SoloModuleEffects}  # fmt: skip
