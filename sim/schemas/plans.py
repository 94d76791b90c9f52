"""Plans (scripted strategies): a seat's spec in an experiment and a plan's parameters.

A parameter keeps the kind of its default (the plan class's ``defaults`` or the plan file's ``params``), as a
rules override keeps the kind of the value it replaces (``sim.config.check_like``): a number stays a finite
number of the same kind (≥ 0 when the default is, within the cap), a list a list of the same kind of items, a
flag a flag, a name a name.
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


def real_params(search: dict | None) -> set[str]:
    """The parameters a plan's ``search:`` space gives a real range (``[0.5, 3.0]``, ``{range: [0.5, 99]}``): a
    whole-number default there may take any number (a tuned plan writes 98.99…)."""
    out = set()
    for key, space in (search or {}).items():
        bounds = space.get("range") if isinstance(space, dict) else space
        if isinstance(bounds, list) and len(bounds) == 2 and any(isinstance(b, float) for b in bounds):
            out.add(key)
    return out


def check_params(params: dict, defaults: dict, source: str, prefix: str, real: set[str] = frozenset()) -> None:
    """Each parameter of ``params`` is one of ``defaults`` and keeps its default's kind (``real``: any number)."""
    from sim.config import check_like

    if not isinstance(params, dict):
        raise ConfigError(source, prefix, "a mapping of parameters to values", params)
    for key, value in params.items():
        if key not in defaults:
            known = ", ".join(sorted(map(str, defaults))) or "none"
            raise ConfigError(source, f"{prefix}.{key}", f"a parameter of this plan ({known})", key)
        default = defaults[key]
        if key in real and isinstance(default, int) and not isinstance(default, bool):
            default = float(default)
        if default is not None:
            check_like(default, value, f"{prefix}.{key}", source)


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
            defaults = {**strategy_class(uses).defaults, **base}
        except (ValueError, ImportError, AttributeError, TypeError, ConfigError):
            continue
        check_params(spec["params"], defaults, source, f"{key}.params", real_params(_search("principes", name)))


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
    "commander": "with_unit", "wyrd": "activate",
}  # fmt: skip


def dark_ages_params(params: dict, file_params: dict, source: str, prefix: str, search: dict | None = None) -> None:
    """Overrides of a Dark Ages plan's parameters (``strategy_params``), checked against the file's values."""
    defaults = {**DARK_AGES_PARAM_DEFAULTS, **(file_params or {})}
    check_params(params, defaults, source, prefix, real_params(search))


def _search(game: str, name: object) -> dict | None:
    """The ``search:`` block of a shipped plan file, if ``name`` is one."""
    from sim.config import CONFIG_DIR, read_yaml

    path = CONFIG_DIR / game / "strategies" / f"{name}.yaml"
    if not isinstance(name, str) or not path.is_file():
        return None
    raw = read_yaml(path)
    return raw.get("search") if isinstance(raw, dict) else None
