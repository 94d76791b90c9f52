"""Armies as tokens: parsing ``winged_hussar=1,cossack:veteran=2..4`` and enumerating composition distributions.

A token is one unit (double tokens split into singles, ``singles_in_box``). An army is a sorted tuple of
``Token``; a side's spec is a list of groups, each with a distribution over its count.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from sim.errors import ConfigError
from sim.games.hussars.rules import HussarsRules
from sim.schemas.hussars import PROBABILITY_SLACK

FLAGS = ("veteran", "wounded")
MAX_COMPOSITIONS = 20_000


@dataclass(frozen=True, order=True)
class Token:
    unit: str
    veteran: bool = False
    wounded: bool = False


Army = tuple[Token, ...]


@dataclass(frozen=True)
class Group:
    token: Token
    counts: tuple[tuple[int, float], ...]  # (count, probability)


def _count_dist(text: Any, source: str, key: str) -> tuple[tuple[int, float], ...]:
    """``3`` | ``"2..5"`` (uniform) | ``"2/3/3"`` (each entry equally likely) | ``{2: 0.25, 3: 0.75}``."""
    if isinstance(text, bool):
        raise ConfigError(source, key, "a count, a range a..b or a distribution", text)
    if isinstance(text, int):
        dist = {text: 1.0}
    elif isinstance(text, dict):
        dist = {}
        for count, weight in text.items():
            try:
                count = int(count)
                weight = float(weight)
            except (TypeError, ValueError):
                raise ConfigError(source, key, "a mapping of count to probability", text) from None
            if weight < 0:
                raise ConfigError(source, key, "probabilities ≥ 0", text)
            dist[count] = dist.get(count, 0.0) + weight
    elif isinstance(text, str):
        text = text.strip()
        try:
            if ".." in text:
                lo, hi = (int(part) for part in text.split("..", 1))
                if hi < lo:
                    raise ValueError
                dist = {c: 1.0 for c in range(lo, hi + 1)}
            else:
                dist = {}
                for part in text.split("/"):
                    dist[int(part)] = dist.get(int(part), 0.0) + 1.0
        except ValueError:
            raise ConfigError(source, key, "a count, a range a..b or counts a/b/c", text) from None
    else:
        raise ConfigError(source, key, "a count, a range a..b or a distribution", text)
    total = sum(dist.values())
    if isinstance(text, dict) and abs(total - 1) > PROBABILITY_SLACK:
        raise ConfigError(source, key, f"probabilities that add up to 1 (these add up to {total:g})", text)
    if total <= 0 or any(c < 0 for c in dist):
        raise ConfigError(source, key, "counts ≥ 0 with a positive total probability", text)
    return tuple(sorted((c, w / total) for c, w in dist.items() if w > 0))


def parse_spec(raw: Any, rules: HussarsRules, source: str, key: str) -> dict[str, Any]:
    """A CLI string ``a=1,b:veteran=2..3`` or a YAML mapping → ``{unit[:flags]: count-spec}``."""
    if isinstance(raw, str):
        from sim.armies import parse_items

        raw = dict(
            parse_items(raw, key if key.startswith("--") else f"{source}: {key}", allow_text=True, form="UNIT=COUNT")
        )
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(source, key, "an army such as winged_hussar=1,cossack=4", raw)
    return raw


def parse_groups(raw: Any, rules: HussarsRules, source: str, key: str, veteran_all: bool = False) -> list[Group]:
    groups = []
    for name, count in parse_spec(raw, rules, source, key).items():
        unit, *flags = str(name).split(":")
        kind = rules.unit(unit, source, f"{key}.{name}")
        for flag in flags:
            if flag not in FLAGS:
                raise ConfigError(source, f"{key}.{name}", f"flags :{' :'.join(FLAGS)}", flag)
        veteran = "veteran" in flags or (veteran_all and kind.exists(True))
        if not kind.exists(False):
            veteran = True  # e.g. Pancerni and Hussars exist only as veterans (regular "n/a")
        if not kind.exists(veteran):
            raise ConfigError(source, f"{key}.{name}", f"a unit that exists ({unit} has no veteran ★ version)", name)
        groups.append(Group(Token(unit, veteran, "wounded" in flags), _count_dist(count, source, f"{key}.{name}")))
    return groups


def compositions(groups: list[Group], source: str, key: str) -> list[tuple[float, Army]]:
    """Every army the groups can produce, with its probability (the groups are independent)."""
    size = math.prod(len(g.counts) for g in groups)
    if size > MAX_COMPOSITIONS:
        raise ConfigError(source, key, f"at most {MAX_COMPOSITIONS} compositions", size)
    merged: dict[Army, float] = {}
    for combo in itertools.product(*(g.counts for g in groups)):
        prob = math.prod(p for _, p in combo)
        tokens = tuple(sorted(t for g, (c, _) in zip(groups, combo, strict=True) for t in [g.token] * c))
        merged[tokens] = merged.get(tokens, 0.0) + prob
    if any(len(army) == 0 for army in merged):
        raise ConfigError(source, key, "an army with at least one token in every composition", "an empty army")
    return sorted(((p, a) for a, p in merged.items()), key=lambda pa: pa[1])


def subsets(army: Army, k: int) -> list[tuple[float, Army, Army]]:
    """Every way to pick ``k`` tokens uniformly at random: (probability, picked, rest)."""
    kinds = sorted(Counter(army).items())
    total = math.comb(len(army), k)
    out = []
    for takes in itertools.product(*(range(c + 1) for _, c in kinds)):
        if sum(takes) != k:
            continue
        weight = math.prod(math.comb(c, t) for (_, c), t in zip(kinds, takes, strict=True)) / total
        picked = tuple(t for (t, _), n in zip(kinds, takes, strict=True) for _ in range(n))
        rest = tuple(t for (t, c), n in zip(kinds, takes, strict=True) for _ in range(c - n))
        out.append((weight, picked, rest))
    return out


def describe(army: Army) -> dict[str, int]:
    """``{"cossack": 2, "cossack:veteran:wounded": 1}``, the same keys an army spec uses."""
    out: Counter = Counter()
    for t in army:
        out[":".join([t.unit] + (["veteran"] if t.veteran else []) + (["wounded"] if t.wounded else []))] += 1
    return dict(sorted(out.items()))
