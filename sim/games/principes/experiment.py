"""Principes full-game experiments for ``sim run`` (the contract is in ``sim.experiments``).

Experiment keys (besides ``game``, ``games``, ``seed``, ``title``)::

    players: 4                      # 2 | 3 | 4; with 2-3, seats is a mapping naming the played Principalities,
                                    # rotation runs over them only, win rates are keyed by them
                                    # (sim.games.principes.player_count: also variant: passive | active, and
                                    # elimination: false for the variant without elimination)
    seats: [builder, conqueror, politician, random]   # one strategy per Principality, in seat order,
                                    # or a mapping {principality: strategy}; see strategies/principes
    rotate: true                    # game i shifts the seats by i mod 4, so over every 4 games each
                                    # Principality plays each listed strategy once
    strict: false                   # true: a decision the engine rejects stops the run
    rules: {"taxes.people_cost": 2} # dotted overrides of any Principes rules file (rules.yaml's battle values,
                                    # game.yaml, map.yaml, history.yaml, ...: sim rules principes lists them)
    engine: auto                    # auto | fast | reference: auto plays on the compiled engine
                                    # (sim/games/principes/fast) when it can (built-in strategies, 2-4
                                    # players (2-3: passive, with elimination), any module on or off,
                                    # rules the layout holds), else on the reference; fast insists
    history: true                   # play with the History Cards (configs/principes/history.yaml); false
                                    # replays part 1's games exactly (no deck is dealt from the stream)
    progress: generic               # generic | tiles: the printed Progress Tiles (configs/principes/progress.yaml)
    court: false                    # true: Court Cards may be played for an assumed generic text effect
    princesses: false               # true: Princesses go on missions each Period (configs/principes/princesses.yaml)
    neighbors: false                # true: the 12 Neighbor Cards move Neighbor units (configs/principes/neighbors.yaml)
    mode: multiplayer               # solo: the solo mode, with its own keys (sim.games.principes.solo_experiment)
                                    # module_effects: each module on alone vs all off, paired on the same
                                    # seeds (sim.games.principes.module_effects; key modules: {...})

Game ``i`` uses only ``random.Random(trial_state(key, i))`` (the fast engine: the counter-based stream
``trial_state(key, i)`` itself), so results do not depend on chunks or workers. The fast engine plays the same
games as the reference drawing on the same stream (``sim.lockstep``); on their own streams the two agree in
distribution, not game by game.
"""

from __future__ import annotations

import random

import numpy as np

from sim.errors import ConfigError
from sim.games.principes import module_effects, solo_experiment, study
from sim.games.principes.driver import play_game
from sim.games.principes.fast.dispatch import FAST_MAX_CHUNK
from sim.games.principes.game.battles import KINDS
from sim.games.principes.game.control import might
from sim.games.principes.rules import SYMBOLS
from sim.games.principes.study import KEYS as MULTIPLAYER_KEYS
from sim.games.principes.study import Experiment, seat_strategies  # noqa: F401  (the experiment contract)
from sim.rng import trial_state
from sim.schemas import check_experiment
from sim.search.settings import every_seat
from strategies.principes import make

SEARCH_MAX_CHUNK = 50  # searched games per chunk (a rollout seat): a few seconds of one core

MODES = ("multiplayer", "solo", "module_effects")
# every key an experiment of any mode may hold (``sim.experiments.apply_sets`` routes ``--set`` by it)
KEYS = tuple(dict.fromkeys((*MULTIPLAYER_KEYS, *solo_experiment.KEYS, "modules")))


def experiment_from_dict(raw: dict, source: str):
    # search: {budget, ...}: a searcher in every seat, or as the solo player (its plans: strategies)
    raw = every_seat(raw, source, lambda p: make("rollout", p), solo=("strategies", ["solo"]))
    check_experiment("principes", raw, source, MULTIPLAYER_KEYS)  # kinds, ranges, plans: sim/schemas/principes.py
    if raw.get("mode", "multiplayer") == "solo":  # solo mode: sim.games.principes.solo_experiment
        return solo_experiment.experiment_from_dict(raw, source)
    if raw.get("mode") == "module_effects":  # each module on vs off, paired: sim.games.principes.module_effects
        return module_effects.experiment_from_dict(raw, source)
    if raw.get("mode", "multiplayer") != "multiplayer":
        raise ConfigError(source, "mode", "multiplayer, solo or module_effects", raw.get("mode"))
    return study.experiment_from_dict({k: v for k, v in raw.items() if k != "mode"}, source)


def max_chunk(payload) -> int | None:
    """Games per chunk for ``sim.experiments`` (None: its default): the fast engine takes bigger chunks."""
    if payload.engine != "fast":
        return None
    if isinstance(payload, solo_experiment.SoloExperiment):  # one player: about twice a 4-player game's speed
        return SEARCH_MAX_CHUNK if any(uses == "rollout" for uses, _ in payload.specs) else FAST_MAX_CHUNK
    if isinstance(payload, module_effects.ModuleEffects):  # every game played once per configuration
        return FAST_MAX_CHUNK // (1 + len(payload.compare))
    if any(uses == "rollout" for uses, _ in payload.specs):  # searched games (fast.search): about 10-60 a second
        return SEARCH_MAX_CHUNK
    return FAST_MAX_CHUNK


def compile(experiment):
    """The payload is the experiment itself: small, picklable; workers rebuild board and rules once."""
    return experiment


def game_row(rec, payload: Experiment, ids: tuple[int, ...]) -> list[int]:
    """One reference game (``driver.GameRecord``) as a row of the per-game table (``study.columns``)."""
    end = rec.final
    winner = payload.factions.index(rec.winner) if rec.winner is not None else -1
    tracks = {
        "might": [might(end, p) for p in payload.factions],
        "people": [end.people[p] for p in payload.factions],
        "clergy": [end.clergy[p] for p in payload.factions],
        "gold": [end.gold[p] for p in payload.factions],
        "eliminated": [p in end.eliminated for p in payload.factions],
    }
    tally = [end.tally.get(f"{name}.{k}", 0) for name in study.TALLIES for k in KINDS]
    return [winner, study.WIN_TYPES.index(rec.win_type), rec.rounds, rec.actions, rec.illegal, 0, *ids,
            *(v for name in (*study.TRACK_COLUMNS, "eliminated") for v in tracks[name]), *tally,
            *(end.tally.get(f"die.{s}", 0) for s in SYMBOLS)]  # fmt: skip


def play_chunk(payload, key, start: int, count: int, keep_rows: bool):
    if isinstance(payload, solo_experiment.SoloExperiment):
        return solo_experiment.play_chunk(payload, key, start, count, keep_rows)
    if isinstance(payload, module_effects.ModuleEffects):
        return module_effects.play_chunk(payload, key, start, count, keep_rows)
    if payload.engine == "fast":
        from sim.games.principes.fast import chunk, search  # numba loads only when the fast engine plays

        if search.searching(payload):  # a rollout seat: the searched games
            return study.table_counts(search.run_games(payload, key, start, count)[0], payload, keep_rows)
        return study.table_counts(chunk.run_games(payload, key, start, count), payload, keep_rows)
    rules = study.game_rules(payload.rules)
    players = [make(uses, params) for uses, params in payload.specs]
    table = np.zeros((count, len(study.columns(len(payload.factions)))), np.int64)
    for k in range(count):
        game = start + k
        ids = seat_strategies(payload, game)
        seated = {p: players[ids[j]] for j, p in enumerate(payload.factions)}
        rng = random.Random(int(trial_state(key, game)))
        rec = play_game(seated, rng, rules.board, rules, strict=payload.strict, history=payload.history,
                        variants=payload.variants)  # fmt: skip
        table[k] = game_row(rec, payload, ids)
    return study.table_counts(table, payload, keep_rows)


def summarize(counts: dict, n: int, payload) -> dict:
    if isinstance(payload, solo_experiment.SoloExperiment):
        return solo_experiment.summarize(counts, n, payload)
    if isinstance(payload, module_effects.ModuleEffects):
        return module_effects.summarize(counts, n, payload)
    return study.summarize(counts, n, payload)
