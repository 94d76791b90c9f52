"""Where a battle scenario keeps each side's unit counts, and dotted edits of scenario mappings.

Every battle game gives ``attacker`` and ``defender`` as a unit-count mapping, either directly
(``attacker: {knight: 2}``) or under ``units`` (``attacker: {units: {infantry: 3}, tech: ...}``).
Reports, sweeps and the army solver use only this, never a game's internals.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from sim.config import MAX_DIGITS
from sim.errors import ConfigError

SIDES = ("attacker", "defender")


def unit_path(scenario: dict, side: str) -> tuple[str, ...]:
    node = scenario.get(side)
    if isinstance(node, dict) and isinstance(node.get("units"), dict):
        return (side, "units")
    return (side,)


def unit_counts(scenario: dict, side: str) -> dict[str, int]:
    """The fixed (integer) unit counts of one side; random counts such as ``"3..6"`` are left out."""
    node: Any = scenario
    for part in unit_path(scenario, side):
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return {}
    return {str(k): v for k, v in node.items() if isinstance(v, int) and not isinstance(v, bool)}


def army_size(scenario: dict, side: str) -> int | None:
    """Total units of a side, or None when some count is random (then the size is not fixed)."""
    node: Any = scenario
    for part in unit_path(scenario, side):
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, dict):
        return None
    fixed = unit_counts(scenario, side)
    return sum(fixed.values()) if len(fixed) == len(node) else None


def resolve_key(scenario: dict, key: str) -> str:
    """``attacker.knight`` → ``attacker.units.knight`` where that side keeps its units under ``units``."""
    parts = key.split(".")
    if len(parts) == 2 and parts[0] in SIDES:
        path = unit_path(scenario, parts[0])
        side = scenario.get(parts[0]) or {}
        if len(path) == 2 and parts[1] not in side:
            return ".".join((*path, parts[1]))
    return key


def get_key(scenario: dict, key: str, default: Any = None) -> Any:
    node: Any = scenario
    for part in resolve_key(scenario, key).split("."):
        if not isinstance(node, dict) or part not in node:
            return default
        node = node[part]
    return node


def with_key(scenario: dict, key: str, value: Any) -> dict:
    """A copy of ``scenario`` with dotted ``key`` set; the game's own validation judges the result."""
    out = copy.deepcopy(scenario)
    parts = resolve_key(scenario, key).split(".")
    node = out
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[parts[-1]] = copy.deepcopy(value)
    return out


_DIGITS = re.compile(r"[0-9]+", re.ASCII)  # str.isdigit() also accepts "²", which int() refuses


def parse_items(
    text: str | None, flag: str, allow_text: bool = False, bare: int | None = None, form: str = "NAME=COUNT"
) -> list[tuple[str, Any]]:
    """``knight=2,footman=1`` → [("knight", 2), ("footman", 1)]: each name once, counts in ASCII digits.

    ``bare`` is the count of a name given without ``=`` (None: refused); with ``allow_text`` a value that is not a
    whole number stays text (``cossack=2..5``) for the game's own parser."""
    out: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in (text or "").split(","))):
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not name:
            raise ConfigError(flag, item, f"{form} items separated by commas", item)
        if not sep:
            if bare is None:
                raise ConfigError(flag, name, f"{form} items separated by commas", item)
            value = str(bare)
        if name in out:
            raise ConfigError(flag, name, "each name once (add the counts up)", text)
        if _DIGITS.fullmatch(value) and len(value) > MAX_DIGITS:
            raise ConfigError(flag, name, f"a count of at most {MAX_DIGITS} digits",
                              f"a number of {len(value):,} digits")  # fmt: skip
        if _DIGITS.fullmatch(value):
            out[name] = int(value)
        elif allow_text and value:
            out[name] = value
        else:
            raise ConfigError(flag, name, "a count ≥ 0 written in digits 0-9", value)
    return list(out.items())
