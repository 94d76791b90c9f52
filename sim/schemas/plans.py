"""Plans (scripted strategies): a seat's spec in an experiment and a plan's parameters.

A parameter keeps the kind of its default (the plan class's ``defaults`` or the plan file's ``params``), a little
more loosely than a rules override keeps the kind of the value it replaces (``plan_like``).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from sim.errors import ConfigError
from sim.schemas.base import Name, Probability, Strict, Text

Search = Annotated[dict[Name, Any], Field(description="a search space {parameter: range} (sim/balance/space.py)")]


class SeatSpec(Strict):
    """``{name: label, uses: plan, params: {...}}``: a plan with changed parameters under its own label."""

    name: Name | None = None
    uses: Annotated[str, Field(min_length=1, max_length=300, description="a plan name or package.module:Class")] = ""
    params: dict[Name, Any] | None = None
    mix: dict[Name, Probability] | None = None  # a mixed seat: plans with their weights (sim.balance.mix)


Seat = Annotated[Name | SeatSpec, Field(description="a strategy name or {name, uses, params}")]


def check_params(params: dict, defaults: dict, source: str, prefix: str, optional: dict | None = None) -> None:
    """Each parameter of ``params`` is one of ``defaults`` and keeps its default's kind (``plan_like``); a parameter
    of ``optional`` (null by default: off) is null or of the kind of its example value there."""
    if not isinstance(params, dict):
        raise ConfigError(source, prefix, "a mapping of parameters to values", params)
    optional = optional or {}
    for key, value in params.items():
        if key not in defaults:
            known = ", ".join(sorted(map(str, defaults))) or "none"
            raise ConfigError(source, f"{prefix}.{key}", f"a parameter of this plan ({known})", key)
        if not (value is None and key in optional):
            plan_like(optional.get(key, defaults[key]), value, f"{prefix}.{key}", source)


def plan_like(default: object, value: object, key: str, source: str) -> None:
    """A plan parameter's value has its default's kind, more loosely than a rules value (plans read numbers as
    numbers, and a name parameter may also take a number or nothing): a number stays a finite number (≥ 0 when the
    default is, within ±``MAX_RULE_INT``), a flag a flag, a list a list, a mapping a mapping, a name a name, a
    number or null."""
    from sim.config import MAX_RULE_INT

    def wrong(expected: str):
        return ConfigError(source, key, expected, value)

    if default is None:
        return
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise wrong("true or false")
    elif isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong("a number")
        if value != value or value in (float("inf"), float("-inf")):
            raise wrong("a finite number")
        if default >= 0 > value:
            raise wrong("a number ≥ 0")
        if abs(value) > MAX_RULE_INT:
            raise wrong(f"a number of at most {MAX_RULE_INT:,}")
    elif isinstance(default, (list, tuple)):
        if not isinstance(value, list):
            raise wrong("a list such as [a, b]")
        kinds = {type(item) for item in default}
        if len(kinds) == 1 and default:  # items keep the kind of the default's items ([[]] is not a list of names)
            for i, item in enumerate(value):
                plan_like(default[0], item, f"{key}[{i}]", source)
    elif isinstance(default, dict):
        if not isinstance(value, dict):
            raise wrong("a mapping")
    elif isinstance(default, str):
        if value is not None and (isinstance(value, (bool, list, dict)) or not isinstance(value, (str, int, float))):
            raise wrong("a name")


def principes_seats(seats: Any, source: str, prefix: str) -> None:
    """The parameters of every ``{uses, params}`` seat, checked against its plan's defaults (a plan the
    strategies package cannot resolve is left to its own, more specific, error)."""
    from strategies.principes import resolve, strategy_class

    entries = seats.items() if isinstance(seats, dict) else enumerate(seats or [])
    for where, spec in entries:
        if not isinstance(spec, dict) or not spec.get("params"):
            continue
        key = f"{prefix}.{where}" if isinstance(where, str) else f"{prefix}[{where}]"
        name = spec.get("uses") or spec.get("name")
        try:
            _, uses, base = resolve(name)
            cls = strategy_class(uses)
            defaults = {**base, **cls.defaults}  # a kind is the class's (a tuned base's 3 may be None)
        except (ValueError, ImportError, AttributeError, TypeError, ConfigError):
            continue
        check_params(spec["params"], defaults, source, f"{key}.params", getattr(cls, "optional", None))


class PrincipesPlanFile(Strict):
    """``configs/principes/strategies/<name>.yaml``."""

    uses: Annotated[str, Field(min_length=1, max_length=300, description="a plan name or package.module:Class")]
    params: dict[Name, Any] | None = None
    search: Search | None = None
    title: Text = ""


class DarkAgesPlanFile(Strict):
    """``configs/dark_ages/strategies/<name>.yaml``: parameters and a priority list (its entries' shape is the
    interpreter's, ``strategies.dark_ages.scripted``)."""

    name: Name | None = None
    version: Annotated[int, Field(ge=1, le=10_000, description="a version number 1..10,000")] = 1
    params: dict[Name, Any] | None = None
    priorities: Annotated[list[dict[Name, Any]], Field(min_length=1, max_length=200,
                                                       description="a non-empty list of {action: intent}")]  # fmt: skip
    search: Search | None = None


DARK_AGES_PARAM_DEFAULTS = {  # parameters a plan file may leave out, with the interpreter's defaults
    "pass_at_nobles": 0, "upkeep_gold_reserve": 2, "attack_margin": 1, "reactions": ["sell_goods"],
    "card_types": ["common_technology"], "settle": True, "attack_capitals": False, "sell_all": False,
    "commander": "with_unit", "wyrd": "activate", "research_after_passes": 0,
}  # fmt: skip


def dark_ages_params(params: dict, file_params: dict, source: str, prefix: str) -> None:
    """Overrides of a Dark Ages plan's parameters (``strategy_params``), checked against the file's values."""
    defaults = {**DARK_AGES_PARAM_DEFAULTS, **(file_params or {})}
    check_params(params, defaults, source, prefix)
