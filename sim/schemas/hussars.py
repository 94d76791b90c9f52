"""Winged Hussars and Cossacks: the battle scenario, whose armies may be distributions over compositions.

An army is ``{unit[:veteran][:wounded]: count}`` (or the flag text ``unit=count,…``), a count being ``N``, a range
``"a..b"``, equally likely values ``"a/b/c"`` or ``{count: probability}``. Caps: ``MAX_TOKENS`` of one kind, and at
most ``MAX_PAIRS`` (``MAX_PAIRS_FULL`` under the full rules, where each pair is a game of Tactic cards to solve)
pairs of attacker and defender compositions: a few seconds of work.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, ValidationInfo, model_validator

from sim.errors import ConfigError
from sim.schemas.base import Name, Strict, _listify, choice, count, names

MAX_TOKENS = 200
PROBABILITY_SLACK = 1e-6  # a {count: probability} mapping adds up to 1 within this (1/3 written as 0.333333)
MAX_PAIRS = 20_000
MAX_PAIRS_FULL = 200
SIDES = ("attacker", "defender")
TERRAIN = ("forest", "river", "peasants", "wasteland")
COUNT_TEXT = re.compile(r"^\s*[0-9]+\s*(\.\.\s*[0-9]+\s*|(/\s*[0-9]+\s*)*)$", re.ASCII)
COUNT_HELP = f"a count 0..{MAX_TOKENS}, a range a..b, counts a/b/c or {{count: probability}}"


def count_values(spec: Any) -> list[int]:
    """The counts a spec can take (raises ValueError when it is not a count spec)."""
    if isinstance(spec, bool):
        raise ValueError(COUNT_HELP)
    if isinstance(spec, int):
        return [spec]
    if isinstance(spec, str):
        if not COUNT_TEXT.match(spec):
            raise ValueError(COUNT_HELP)
        if ".." in spec:
            lo, hi = (int(p) for p in spec.split(".."))
            if hi < lo:
                raise ValueError(f"{COUNT_HELP} (a ≤ b)")
            return list(range(lo, min(hi, lo + 10 * MAX_PAIRS) + 1))
        return [int(p) for p in spec.split("/")]
    if isinstance(spec, dict) and spec:
        return [_key_count(k) for k in spec]
    raise ValueError(COUNT_HELP)


def _key_count(key: Any) -> int:
    """A ``{count: probability}`` key: a whole number, or its digits as JSON writes keys (``{"2": 0.5}``)."""
    if isinstance(key, int) and not isinstance(key, bool):
        return key
    if isinstance(key, str) and key.isascii() and key.strip().isdigit() and len(key.strip()) <= 9:
        return int(key)
    raise ValueError(COUNT_HELP)


def _check_count(spec: Any) -> Any:
    values = count_values(spec)
    if any(not 0 <= v <= MAX_TOKENS for v in values) or (
        isinstance(spec, str) and ".." in spec and int(spec.split("..")[1]) > MAX_TOKENS
    ):
        raise ValueError(COUNT_HELP)  # fmt: skip
    if isinstance(spec, dict):
        for weight in spec.values():
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 <= weight <= 1:
                raise ValueError("probabilities in [0, 1], e.g. {2: 0.25, 3: 0.75}")
        if abs(sum(spec.values()) - 1) > PROBABILITY_SLACK:  # rescaling would answer another question
            raise ValueError(f"probabilities that add up to 1, e.g. {{2: 0.25, 3: 0.75}} (these add up to "
                             f"{sum(spec.values()):g})")  # fmt: skip
    return spec


CountSpec = Annotated[Any, BeforeValidator(_check_count), Field(description=COUNT_HELP)]


def _army(value: Any) -> Any:
    """The flag text ``cossack=2..5,pancerni=1`` → a mapping (repeats refused), as the YAML would hold it."""
    if isinstance(value, str):
        from sim.armies import parse_items

        try:
            return dict(parse_items(value, "army", allow_text=True, form="UNIT=COUNT"))
        except ConfigError as exc:
            raise ValueError(exc.expected) from None
    return value


Army = Annotated[
    dict[Annotated[str, Field(min_length=1, max_length=100, pattern=r"^[a-z_]+(:[a-z_]+)*$")], CountSpec],
    BeforeValidator(_army),
    Field(min_length=1, description="an army such as {cossack: 4} or cossack=2..5,pancerni=1"),
]
Tactics = Annotated[
    list[Name],
    BeforeValidator(_listify),
    Field(min_length=1, max_length=64, description="a non-empty list of tactic ids"),
]
Sides = Annotated[names(*SIDES, what="attacker, defender or both") | None, BeforeValidator(lambda v: v or None)]


class Scenario(Strict):
    """A battle (``configs/hussars/battles/*.yaml``, or the ``sim battle hussars`` flags)."""

    mode: choice("simplified", "full") = "simplified"
    attacker: Army
    defender: Army
    veteran: Sides = None
    terrain: names(*TERRAIN) | None = None
    loose_columns: Sides = None
    fortress: Annotated[int, Field(ge=0, le=2, description="a fortress level 0..2")] = 0
    famine: count(MAX_TOKENS, "famine markers") = 0
    inside_fortress: bool = False
    moved: dict[choice(*SIDES), count(MAX_TOKENS, "Movement Points")] | None = None
    tactics: dict[choice(*SIDES), Tactics] | None = None
    hands: choice("all", "random") | None = None
    objective: choice("win", "win_minus_loss", "tokens") | None = None
    cannot_retreat: Sides = None

    @model_validator(mode="after")
    def _size(self, info: ValidationInfo):
        pairs = _compositions(self.attacker) * _compositions(self.defender)
        cap = MAX_PAIRS_FULL if self.mode == "full" else MAX_PAIRS
        if pairs > cap:
            source = (info.context or {}).get("source", "scenario")
            raise ConfigError(
                source,
                "attacker, defender",
                f"at most {cap:,} pairs of army compositions in {self.mode} mode",
                f"{pairs:,}",
            )
        return self  # fmt: skip


def _compositions(army: dict) -> int:
    return math.prod(len(set(count_values(spec))) for spec in army.values())
