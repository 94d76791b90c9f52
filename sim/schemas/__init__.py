"""Declared schemas for every input sim reads: battle scenarios, full-game experiments, plans and rules overrides.

One validation layer (pydantic v2 models, strict: no silent coercion, unknown keys refused): each game's
scenario and experiment modes are models in ``sim/schemas/<game>.py``; plans in ``plans.py``; the keys every file
shares (``game``, ``title``, ``seed``, ``trials``/``games``, ``rules``) in ``base.py``. A problem is raised as the
one-line ``ConfigError`` (source, key path, expected, found). The games keep the checks that need the rules in
hand (unit names, limits an override may change); the shapes, kinds, ranges and caps are declared here.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from sim import games
from sim.errors import ConfigError
from sim.schemas.base import MAX_TRIALS, Games, RunKeys, Seed, Trials, validate

SCENARIO_RUN_KEYS = ("game", "trials", "seed", "rules", "title", "question")  # checked by check_file
RUN_ONLY_KEYS = ("game", "games", "seed", "title", "question")  # an experiment's rules belong to its mode


class ScenarioRun(RunKeys):
    """A scenario file's own keys (the rest is the game's scenario)."""

    model_config = {**RunKeys.model_config, "extra": "allow"}
    trials: Trials | None = None


class ExperimentRun(RunKeys):
    """An experiment file's own keys (the rest is the game's experiment mode)."""

    model_config = {**RunKeys.model_config, "extra": "allow"}
    games: Games | None = None


class RunNumbers(RunKeys):
    """The numbers a run finally uses, wherever they came from (file, flag or Python argument)."""

    model_config = {**RunKeys.model_config, "extra": "forbid"}
    game: str = ""
    n: Annotated[int, Field(ge=1, le=MAX_TRIALS, description="a whole number 1..10^20")]
    seed: Seed


def check_file(raw: Any, source: str, kind: str, games: tuple[str, ...]) -> dict:
    """A scenario (``kind`` "scenario") or experiment file's shared keys; returns the mapping."""
    if not isinstance(raw, dict):
        raise ConfigError(source, "", f"a mapping of {kind} keys (game, …)", raw)
    model = ScenarioRun if kind == "scenario" else ExperimentRun
    validate(model, raw, source)
    if raw["game"] not in games:
        raise ConfigError(source, "game", f"one of {', '.join(games)}", raw["game"])
    return raw


def check_numbers(n: Any, seed: Any, source: str, n_key: str = "trials") -> None:
    try:
        validate(RunNumbers, {"n": n, "seed": seed}, source)
    except ConfigError as exc:
        raise ConfigError(exc.source, n_key if exc.key == "n" else exc.key, exc.expected, exc.found) from None


Limit = tuple[int, int, str, tuple[str, ...]]  # low, high, what the value is, words also taken (e.g. "random")


def check_scenario(game: str, raw: Any, source: str, extra: tuple[str, ...] = (),
                   limits: dict[str, Limit] | None = None) -> None:  # fmt: skip
    """A battle scenario's keys (without ``game``, ``trials``, ``seed``, ``rules``, ``title``); ``extra`` names keys
    the game reads that its schema does not declare yet (passed through unchecked).

    ``limits`` maps key paths (``*`` for any key, e.g. ``attacker.units.*``) to the limits the rules in hand set
    (``battle.max_keep``, the Barbarian token pool): they are checked first, so a message gives the real limit
    rather than the schema's looser cap, which only bounds what any rules override could allow."""
    model = _schema(game, "scenario_schema")
    if model is None:
        return
    if not isinstance(raw, dict):
        raise ConfigError(source, "", "a scenario mapping (attacker, defender, …)", raw)
    for pattern, limit in (limits or {}).items():
        check_limit(raw, pattern.split("."), limit, source, [])
    body = {k: v for k, v in raw.items() if (k not in extra or k in model.model_fields) and k not in SCENARIO_RUN_KEYS}
    validate(model, body, source)


def check_experiment(game: str, raw: Any, source: str, extra: tuple[str, ...] = ()) -> None:
    """An experiment's keys (without ``game``, ``games``, ``seed``, ``title``), by its ``mode``."""
    modes = _schema(game, "modes")
    if modes is None:
        return
    if not isinstance(raw, dict):
        raise ConfigError(source, "", "an experiment mapping", raw)
    mode = raw.get("mode", "multiplayer")
    if not isinstance(mode, str) or mode not in modes:
        raise ConfigError(source, "mode", f"one of {', '.join(modes)}", mode)
    model = modes[mode]
    body = {k: v for k, v in raw.items() if (k not in extra or k in model.model_fields) and k not in RUN_ONLY_KEYS}
    validate(model, body, source)


def check_plan(game: str, raw: Any, source: str) -> None:
    """A plan file (``configs/<game>/strategies/<name>.yaml``)."""
    model = _schema(game, "plan_schema")
    if model is not None:
        if not isinstance(raw, dict):
            raise ConfigError(source, "", "a plan mapping (params, …)", raw)
        validate(model, raw, source)


def _schema(game: str, piece: str):
    """The game's schema ``piece`` (a ``Game`` field), or None when the game declares none."""
    found = games.GAMES.get(game)
    return found.load(piece) if found is not None and getattr(found, piece) else None


__all__ = ["check_experiment", "check_file", "check_numbers", "check_plan",
           "check_scenario", "validate"]  # fmt: skip


def check_limit(node: Any, parts: list[str], limit: Limit, source: str, path: list[str]) -> None:
    """The values at the key pattern ``parts`` under ``node`` within ``limit``; other kinds are the schema's."""
    if not parts:
        lo, hi, what, words = limit
        if node is None or node in words or isinstance(node, (dict, list)):
            return
        if isinstance(node, bool) or not isinstance(node, (int, float, str)) or not (
            isinstance(node, int) and lo <= node <= hi
        ):  # fmt: skip
            options = " or ".join([*words, f"{what} {lo:,}..{hi:,}"])
            raise ConfigError(source, ".".join(path), options, node)
        return
    if not isinstance(node, dict):
        return
    keys = list(node) if parts[0] == "*" else [parts[0]] if parts[0] in node else []
    for key in keys:
        check_limit(node[key], parts[1:], limit, source, [*path, str(key)])
