"""Principes: the battle scenario and the full-game experiments (multiplayer, solo, module effects).

Caps (what the kernels answer within seconds; a printed army has a handful of units and cards): ``MAX_UNITS`` of
one unit type, ``MAX_CARDS`` cards of one symbol in hand, ``MAX_BONUS`` fixed swords or shields.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, ValidationInfo, model_validator

from sim.schemas.base import Name, RulesOverrides, Strict, choice, count, names
from sim.schemas.plans import Seat, principes_seats

MAX_UNITS = 10_000
MAX_CARDS = 30  # the card solver grows fast with the hand: 30 of each symbol a side takes about 2 s, 100 over 70 s
MAX_BONUS = 1_000
SITES = ("gord", "city")
FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia", "neutral")
PRINCIPALITIES = FACTIONS[:4]
TILES = ("learning_chess",)
ENGINES = ("auto", "fast", "reference")

Units = Annotated[dict[Name, count(MAX_UNITS, "a unit count")], Field(description="an army such as {knight: 2}")]
Cards = dict[choice("sword", "shield", "either"), count(MAX_CARDS, "a card count")]
Bonus = dict[choice("swords", "shields"), count(MAX_BONUS, "a bonus")]


class Scenario(Strict):
    """A battle (``configs/principes/battles/*.yaml``, or the ``sim battle principes`` flags)."""

    attacker: Units
    defender: Units
    site: choice(*SITES) = "gord"
    settlements: choice(1, 2) = 1
    castle: bool = False
    attacker_cards: Cards | None = None
    defender_cards: Cards | None = None
    attacker_faction: choice(*FACTIONS) | None = None
    defender_faction: choice(*FACTIONS) | None = None
    attacker_tiles: names(*TILES) | None = None
    defender_tiles: names(*TILES) | None = None
    attacker_bonus: Bonus | None = None
    defender_bonus: Bonus | None = None


Seats = Annotated[
    list[Seat] | dict[choice(*PRINCIPALITIES), Seat],
    Field(description="a list of strategies in seat order, or a mapping {principality: strategy}"),
]


class _Seated(Strict):
    @model_validator(mode="after")
    def _plan_parameters(self, info: ValidationInfo):
        source = (info.context or {}).get("source", "experiment")
        for key in ("seats", "strategies"):
            value = getattr(self, key, None)
            if value is not None:
                principes_seats(_plain(value), source, key)
        return self


def _plain(value: Any) -> Any:
    """Seats as the plain mappings the strategies package reads."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value.model_dump(exclude_none=True) if hasattr(value, "model_dump") else value


class Multiplayer(_Seated):
    """``mode: multiplayer`` (the default)."""

    mode: choice("multiplayer") = "multiplayer"
    players: choice(2, 3, 4) = 4
    seats: Seats | None = None
    rotate: bool = True
    strict: bool = False
    rules: RulesOverrides | None = None
    history: bool = True
    progress: choice("generic", "tiles") = "generic"
    court: bool = False
    princesses: bool = False
    neighbors: bool = False
    engine: choice(*ENGINES) = "auto"
    variant: choice("passive", "active") | None = None
    elimination: bool = True


class ModuleEffects(Multiplayer):
    """``mode: module_effects``: each module on alone against all off, on the same games."""

    mode: choice("module_effects")
    modules: dict[choice("history", "tiles", "court", "princesses", "neighbors", "history_cards"), bool] | None = None


class Solo(_Seated):
    """``mode: solo``: one player against the non-player Principalities."""

    mode: choice("solo")
    difficulties: names("normal", "hard", "legendary") | None = None
    principalities: Annotated[
        choice("all") | names(*PRINCIPALITIES),
        BeforeValidator(lambda v: v if v == "all" or not isinstance(v, str) else [v]),
        Field(description=f"all, or a list of {', '.join(PRINCIPALITIES)}"),
    ] = "all"
    strategies: Annotated[list[Seat], Field(min_length=1, max_length=64, description="a list of strategies")] = ["solo"]
    history: bool = True
    princesses: bool = False
    progress: choice("generic", "tiles") = "generic"
    strict: bool = False
    rules: RulesOverrides | None = None
    engine: choice(*ENGINES) = "auto"


MODES = {"multiplayer": Multiplayer, "solo": Solo, "module_effects": ModuleEffects}
