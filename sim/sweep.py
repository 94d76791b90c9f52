"""Sweep rules or scenario keys over a grid. Every grid point runs on the same seed, so on the same dice.

A key is a rules key when it names a rules value (``defender_shields.castle``), otherwise a scenario key
(``castle``, ``attacker.knight``); ``rules.`` or ``scenario.`` in front forces either reading.
A range is ``0..4`` (integers, both ends), ``0..1:0.25`` (with a step), ``1,2,3`` or a YAML list ``[a, b]``.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sim.armies import with_key
from sim.battles import DEFAULT_SEED, RUN_KEYS, BattleResult, run_battle
from sim.config import MAX_DIGITS, load_rules, parse_value
from sim.errors import ConfigError
from sim.games import battle_module

MAX_POINTS = 10_000
RANGE_HELP = "a range such as 0..4, 0..1:0.25, 1,2,3 or a YAML list [a, b]"
_NUMBER = r"-?\d+(?:\.\d+)?"
_RANGE = re.compile(rf"({_NUMBER})\.\.({_NUMBER})(?::({_NUMBER}))?")


def _number(text: str) -> int | float:
    return int(text) if re.fullmatch(r"-?\d+", text) else float(text)


def parse_range(text: str, source: str = "--param", key: str = "") -> list[Any]:
    """The grid values of one ``KEY=RANGE``."""
    text = str(text).strip()
    match = _RANGE.fullmatch(text)
    if match and any(len(part or "") > MAX_DIGITS for part in match.groups()):  # int() refuses 4,300 digits
        raise ConfigError(source, key, f"{RANGE_HELP}, numbers of at most {MAX_DIGITS} digits", text)
    if match:
        lo, hi = _number(match[1]), _number(match[2])
        step = _number(match[3]) if match[3] else 1
        if step <= 0 or hi < lo:
            raise ConfigError(source, key, f"{RANGE_HELP} (low ≤ high, step > 0)", text)
        if (hi - lo) / step >= MAX_POINTS:
            raise ConfigError(source, key, f"a range of at most {MAX_POINTS:,} grid points", text)
        count = int((hi - lo) / step + 1e-9) + 1
        values = [lo + i * step for i in range(count)]
        return [round(v, 12) if isinstance(v, float) else v for v in values]
    if ".." in text or not text:
        raise ConfigError(source, key, RANGE_HELP, text)
    if text.startswith("["):
        values = parse_value(text)
        if not isinstance(values, list) or not values:
            raise ConfigError(source, key, RANGE_HELP, text)
        return values
    return [parse_value(t.strip()) for t in text.split(",")]


def parse_params(items: list[str] | tuple[str, ...], source: str = "--param") -> dict[str, list[Any]]:
    """``["castle=true,false", "attacker.knight=1..4"]`` → {key: values}, in the order given."""
    out: dict[str, list[Any]] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(source, item, "KEY=RANGE", item)
        if key in out:
            raise ConfigError(source, key, "each key once", item)
        out[key] = parse_range(text, source, key)
    return out


@functools.lru_cache(maxsize=32)
def _rules_tree(game: str) -> dict:
    return load_rules(game).values


_MISSING = object()


def _lookup(tree: dict, key: str) -> Any:
    node: Any = tree
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return _MISSING
        node = node[part]
    return node


def classify(game: str, key: str, scenario: dict | None = None) -> tuple[str, str]:
    """("rules" | "scenario", the key without its prefix).

    A key the scenario already has is a scenario key (``fortress: 1`` beside a ``fortress`` rules section).
    Otherwise a rules value, or a missing key under a rules section (so a misspelt rules key is reported
    against the rules), is a rules key; anything else, including a whole rules section, is a scenario key."""
    if key.startswith("rules."):
        return "rules", key[len("rules.") :]
    explicit = key.startswith("scenario.")
    key = key[len("scenario.") :] if explicit else key
    head = key.split(".")[0]
    if head in RUN_KEYS:
        raise ConfigError("--param", key, f"a rules or scenario key (not {', '.join(RUN_KEYS)})", key)
    if explicit or head in (scenario or {}):
        return "scenario", key
    tree = _rules_tree(game)
    node = _lookup(tree, key)
    if (node is not _MISSING and not isinstance(node, dict)) or (node is _MISSING and head in tree):
        return "rules", key
    return "scenario", key


def apply(game: str, scenario: dict, assignments: dict[str, Any]) -> tuple[dict, dict[str, Any]]:
    """The scenario and the rules overrides for one variant: scenario keys edit the mapping, rules keys
    join its ``rules`` overrides."""
    overrides: dict[str, Any] = {}
    for key, value in assignments.items():
        kind, path = classify(game, key, scenario)
        if kind == "rules":
            overrides[path] = value
        else:
            scenario = with_key(scenario, path, value)
    return scenario, overrides


def check(game: str, scenario: dict, overrides: dict[str, Any], source: str) -> None:
    """Validate one variant before any run, so a bad key or value fails fast with a one-line error."""
    try:
        rules = load_rules(game, {**(scenario.get("rules") or {}), **overrides})
        body = {k: v for k, v in scenario.items() if k not in RUN_KEYS}
        battle_module(game, source).scenario_from_dict(body, source, rules)
    except ConfigError as exc:
        if exc.source != "--set":
            raise
        raise ConfigError(source, exc.key, exc.expected, exc.found) from None  # name the flag actually used


def point_dir(save: str | Path | None, i: int) -> Path | None:
    """Where grid point ``i`` of a saved sweep keeps its checkpoint."""
    return None if save is None else Path(save) / f"point-{i:05d}"


def label(value: Any) -> str:
    """A grid value as a table cell: scalars as they are, lists and mappings as compact JSON."""
    return value if isinstance(value, (int, float, str, bool)) else json.dumps(value)


@dataclass
class SweepResult:
    game: str
    keys: list[str]
    points: list[dict[str, Any]]
    results: list[BattleResult]
    seed: int
    table: pd.DataFrame  # long: one row per (grid point, metric)

    def metric(self, name: str = "attacker_win") -> pd.DataFrame:
        """One row per grid point: the parameters, estimate, ci95_lo, ci95_hi, exact."""
        frame = self.table[self.table["metric"] == name].drop(columns="metric").reset_index(drop=True)
        return frame.astype({c: float for c in ("estimate", "ci95_lo", "ci95_hi", "exact")})


def run_sweep(
    scenario: dict,
    params: dict[str, list[Any]],
    *,
    source: str = "sweep",
    trials: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    exact: bool = False,
    progress: bool = False,
    save: str | Path | None = None,
    resume: bool = False,
) -> SweepResult:
    """Run the scenario at every point of the grid (the product of the ranges), all on one seed.

    With ``save``, grid point ``i`` is checkpointed in ``save/point-<i>`` (``sim battle --save``), so a stopped
    sweep continues with ``resume``: finished points are read back, the rest run (or resume) as battles do."""
    if not params:
        raise ConfigError(source, "--param", "at least one KEY=RANGE", "none")
    game = scenario["game"]
    seed = seed if seed is not None else scenario.get("seed", DEFAULT_SEED)
    keys = list(params)
    points = [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*params.values())]
    if len(points) > MAX_POINTS:
        raise ConfigError("--param", ",".join(keys), f"at most {MAX_POINTS} grid points", len(points))
    variants = []
    for point in points:
        variant, overrides = apply(game, scenario, point)
        check(game, variant, overrides, "--param " + ", ".join(f"{k}={label(v)}" for k, v in point.items()))
        variants.append((variant, overrides))
    results, rows = [], []
    for i, (point, (variant, overrides)) in enumerate(zip(points, variants, strict=True)):
        where = point_dir(save, i)
        r = run_battle(
            game, variant, source=source, trials=trials, seed=seed, workers=workers, exact=exact,
            overrides=overrides, progress=progress, save=where, save_trials=False,
            resume=resume and where is not None and (where / "manifest.json").exists(),
        )  # fmt: skip
        results.append(r)
        cells = {k: label(v) for k, v in point.items()}
        for row in r.summary.to_dict("records"):
            rows.append({**cells, **row, "trials": r.n, "seed": r.seed})
    return SweepResult(game, keys, points, results, seed, pd.DataFrame(rows))
