"""Dark Ages full-game studies (``sim run``, ``report``, ``compare``, ``sweep``): the contract in ``sim.experiments``.

``mode`` picks the study: ``multiplayer`` (the default, 2-4 players: ``multiplayer``), ``solo`` (Module 1 against
the Lordlings: ``game/solo_experiment``), ``module_effects`` and ``solo_module_effects`` (each module on against
all off, paired). ``engine: auto | fast | reference`` (``fast.dispatch``) picks the engine: the compiled one
(``fast``) for multiplayer and solo studies it covers, whatever their ``rules:`` overrides; the plain-Python
reference otherwise. This module only dispatches: each study module and each engine is imported from here, and
none imports this one.
"""

from __future__ import annotations

import dataclasses
import json

from sim.errors import ConfigError
from sim.games.dark_ages import module_effects, multiplayer, solo_module_effects
from sim.games.dark_ages.fast import experiment as fast_experiment
from sim.games.dark_ages.fast import solo_experiment as fast_solo
from sim.games.dark_ages.fast.dispatch import FAST_MAX_CHUNK, choose_engine, searching
from sim.games.dark_ages.game import solo_experiment
from sim.games.dark_ages.multiplayer import (  # noqa: F401 (the multiplayer study's names, as before the split)
    CATEGORIES,
    MAX_SEATS,
    TWELFTHS,
    Experiment,
    Payload,
    mean_rounds,
    play_one,
    round_twelfths,
    seating,
)
from sim.games.dark_ages.study import check_common, check_modules, strategy_object  # noqa: F401
from sim.schemas import check_experiment
from sim.search.settings import every_seat
from strategies.dark_ages import make

KEYS = tuple(dict.fromkeys((*multiplayer.KEYS, *solo_experiment.KEYS, *solo_module_effects.KEYS)))
MODES = ("multiplayer", "solo", "module_effects", "solo_module_effects")

SEARCH_MAX_CHUNK = 20  # searched games per chunk (a rollout seat): a few seconds of one core


def experiment_from_dict(raw: dict, source: str):
    """``mode: solo`` selects a Module 1 experiment (``solo_experiment``), ``mode: module_effects`` the paired
    module comparison (``module_effects``); otherwise 2-4 player games."""
    mode = raw.get("mode", "multiplayer")
    block = raw.get("search") if mode == "solo" else None  # the solo player searching: solo_searcher
    if mode == "solo" and "search" in raw:
        raw = {k: v for k, v in raw.items() if k != "search"}
    raw = every_seat(raw, source, check_searcher)  # search: {budget, ...}: a searcher in every seat (sim.search)
    check_experiment("dark_ages", raw, source, multiplayer.KEYS)  # kinds, ranges, plans: sim/schemas/dark_ages.py
    if mode == "solo":
        e = solo_experiment.experiment_from_dict({k: v for k, v in raw.items() if k != "engine"}, source)
        if block is not None:
            e = solo_searcher(e, block, source)
        engine, reason = choose_engine(raw, e, source)
        return dataclasses.replace(e, engine=engine, engine_reason=reason)
    if mode in ("module_effects", "solo_module_effects"):  # each module on vs off, paired; compiled when each is
        study = module_effects if mode == "module_effects" else solo_module_effects
        e = study.experiment_from_dict({k: v for k, v in raw.items() if k != "engine"}, source)
        engine, reason = choose_engine(raw, e, source)
        return dataclasses.replace(e, engine=engine, engine_reason=reason)
    if mode != "multiplayer":
        raise ConfigError(source, "mode", ", ".join(MODES[:-1]) + " or " + MODES[-1], mode)
    return multiplayer.experiment_from_dict(raw, source)


def solo_searcher(e, block, source: str):
    """The solo experiment ``e`` with its player searching (``search:`` of a solo experiment, ``fast.solo_search``):
    each strategy becomes a rollout searcher with that strategy (and its ``strategy_params``) as its policy unless
    the block names one."""
    if not isinstance(block, dict):
        raise ConfigError(source, "search", "a mapping of the searcher's parameters (budget: 64, policy: ...)", block)
    specs = []
    for name in e.strategies:
        own = {"uses": name, "params": e.strategy_params[name]} if e.strategy_params.get(name) else name
        params = {**block, "policy": block.get("policy", own)}
        try:
            check_searcher(params)
        except (ValueError, TypeError) as err:
            raise ConfigError(source, "search", "the solo searcher's settings", str(err)) from None
        specs.append(("rollout", json.dumps(params, sort_keys=True)))
    return dataclasses.replace(e, specs=tuple(specs))


def check_searcher(params: dict) -> None:
    """The settings of ``search:`` as a rollout seat's (``strategies.dark_ages.rollout``); ValueError when bad."""
    make("rollout", params)


def max_chunk(payload) -> int | None:
    """Games per chunk for ``sim.experiments`` (None: its default): the fast engine takes bigger chunks."""
    if isinstance(payload, (multiplayer.Payload, solo_experiment.SoloPayload)) and payload.experiment.engine == "fast":
        if searching(payload.experiment):  # searched games (fast.search): about 1-30 a second
            return SEARCH_MAX_CHUNK
        return FAST_MAX_CHUNK
    if isinstance(payload, (module_effects.EffectsPayload, solo_module_effects.SoloEffectsPayload)):
        return FAST_MAX_CHUNK // (1 + len(payload.compare)) if payload.engine == "fast" else None  # plays per game
    return None


def compile(experiment):
    if isinstance(experiment, solo_experiment.SoloExperiment):
        return solo_experiment.compile(experiment)
    if isinstance(experiment, module_effects.ModuleEffects):
        return module_effects.compile(experiment)
    if isinstance(experiment, solo_module_effects.SoloModuleEffects):
        return solo_module_effects.compile(experiment)
    return multiplayer.compile(experiment)


def play_chunk(payload, key, start: int, count: int, keep_rows: bool):
    if isinstance(payload, solo_experiment.SoloPayload):
        if payload.experiment.engine == "fast":  # lockstep-verified: tests/games/dark_ages/fast/test_fast_solo.py
            return fast_solo.play_chunk(payload, key, start, count, keep_rows)
        return solo_experiment.play_chunk(payload, key, start, count, keep_rows)
    if isinstance(payload, module_effects.EffectsPayload):
        return module_effects.play_chunk(payload, key, start, count, keep_rows)
    if isinstance(payload, solo_module_effects.SoloEffectsPayload):
        return solo_module_effects.play_chunk(payload, key, start, count, keep_rows)
    if payload.experiment.engine == "fast":
        return fast_experiment.play_chunk(payload, key, start, count, keep_rows)
    return multiplayer.play_chunk(payload, key, start, count, keep_rows)


def summarize(counts, n: int, payload) -> dict:
    if isinstance(payload, solo_experiment.SoloPayload):
        return solo_experiment.summarize(counts, n, payload)
    if isinstance(payload, module_effects.EffectsPayload):
        return module_effects.summarize(counts, n, payload)
    if isinstance(payload, solo_module_effects.SoloEffectsPayload):
        return solo_module_effects.summarize(counts, n, payload)
    return multiplayer.summarize(counts, n, payload)
