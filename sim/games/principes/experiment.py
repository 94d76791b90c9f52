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
    rules: {"taxes.people_cost": 2} # dotted overrides of configs/principes/game.yaml
    engine: auto                    # auto | fast | reference: auto plays on the compiled engine
                                    # (sim/games/principes/fast) when it can (built-in strategies, 4
                                    # players, History on or off, no other module on), else on the
                                    # reference; fast insists
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

import dataclasses
import functools
import json
import random
from dataclasses import dataclass

import numpy as np

from sim.config import load_rules
from sim.errors import ConfigError
from sim.games.principes import module_effects, player_count, solo_experiment
from sim.games.principes.driver import WIN_TYPES, play_game
from sim.games.principes.fast.dispatch import FAST_MAX_CHUNK, choose_engine
from sim.games.principes.game.control import might
from sim.games.principes.game.setup import GAME_PATH, GameRules, load_game_rules
from sim.games.principes.map import load_board
from sim.rng import trial_state
from sim.schemas import check_experiment
from sim.stats import hist_mean_ci, wilson

KEYS = ("players", "seats", "rotate", "strict", "rules", "history", "progress", "court", "princesses", "neighbors")
PROGRESS_MODELS = ("generic", "tiles")
KEYS = (*KEYS, "engine")  # auto | fast | reference: sim.games.principes.fast.dispatch
KEYS = (*KEYS, *player_count.KEYS)  # variant: passive | active, elimination: sim.games.principes.player_count
MAX_ROUNDS = 6
TRACK_COLUMNS = ("might", "people", "clergy", "gold")


@dataclass(frozen=True)
class Experiment:
    factions: tuple[str, ...]
    labels: tuple[str, ...]  # distinct strategy labels; a strategy id indexes this
    specs: tuple[tuple[str, dict], ...]  # (class reference, params) per strategy id
    seats: tuple[int, ...]  # strategy id of each Principality before rotation
    rotate: bool
    strict: bool
    rules: tuple[tuple[str, object], ...]  # game.yaml overrides, hashable
    history: bool = True  # History Cards on
    engine: str = "reference"  # the engine that plays it: fast | reference (fast.dispatch.choose_engine)
    variants: frozenset[str] = frozenset()  # optional rules on: tiles, court, princesses, neighbors (driver.play_game)


def experiment_from_dict(raw: dict, source: str) -> Experiment:
    from strategies.principes import resolve

    check_experiment("principes", raw, source, KEYS)  # kinds, ranges, plan parameters: sim/schemas/principes.py
    if raw.get("mode", "multiplayer") == "solo":  # solo mode: sim.games.principes.solo_experiment
        return solo_experiment.experiment_from_dict(raw, source)
    if raw.get("mode") == "module_effects":  # each module on vs off, paired: sim.games.principes.module_effects
        return module_effects.experiment_from_dict(raw, source)
    if raw.get("mode", "multiplayer") != "multiplayer":
        raise ConfigError(source, "mode", "multiplayer, solo or module_effects", raw.get("mode"))
    raw = {k: v for k, v in raw.items() if k != "mode"}
    unknown = set(raw) - set(KEYS)
    if unknown:
        raise ConfigError(source, sorted(unknown)[0], f"one of {', '.join(KEYS)}", sorted(unknown)[0])
    factions = load_board().principalities
    factions = player_count.played_factions(raw, factions, source)  # players: 2 | 3 | 4; the others non-players
    seats = raw.get("seats", ["builder", "conqueror", "politician", "random"])
    if isinstance(seats, dict):
        missing = [f for f in factions if f not in seats]
        extra = [f for f in seats if f not in factions]
        if missing or extra:
            raise ConfigError(source, "seats", f"a strategy for each of {', '.join(factions)}", sorted(seats))
        seats = [seats[f] for f in factions]
    if not isinstance(seats, list) or len(seats) != len(factions):
        raise ConfigError(source, "seats", f"a list of {len(factions)} strategies (seat order)", seats)
    resolved = []
    for i, spec in enumerate(seats):
        try:
            resolved.append(resolve(spec))
        except (ValueError, ImportError, AttributeError, TypeError) as err:
            raise ConfigError(source, f"seats[{i}]", "a strategy (see strategies/principes)", str(err)) from None
    labels: list[str] = []
    specs: list[tuple[str, dict]] = []
    ids = []
    for label, uses, params in resolved:
        if label in labels and specs[labels.index(label)] != (uses, params):
            raise ConfigError(source, "seats", "one definition per strategy name", label)
        if label not in labels:
            labels.append(label)
            specs.append((uses, params))
        ids.append(labels.index(label))
    for key in ("rotate", "strict", "history", "court", "princesses", "neighbors"):
        if key in raw and not isinstance(raw[key], bool):
            raise ConfigError(source, key, "true or false", raw[key])
    rules = raw.get("rules") or {}
    if not isinstance(rules, dict):
        raise ConfigError(source, "rules", "a mapping of dotted game.yaml keys to values", rules)
    if rules:
        load_rules("principes", dict(rules), path=GAME_PATH, override_sources=dict.fromkeys(rules, source))
    experiment = Experiment(
        factions=factions,
        labels=tuple(labels),
        specs=tuple(specs),
        seats=tuple(ids),
        rotate=raw.get("rotate", True),
        strict=raw.get("strict", False),
        rules=tuple(sorted((k, json.dumps(v)) for k, v in rules.items())),
        history=raw.get("history", True),
        variants=_variants(raw, source) | player_count.variants(raw, source, len(factions)),
    )
    return dataclasses.replace(experiment, engine=choose_engine(raw, experiment, source))


def _variants(raw: dict, source: str) -> frozenset[str]:
    model = raw.get("progress", "generic")
    if model not in PROGRESS_MODELS:
        raise ConfigError(source, "progress", " or ".join(PROGRESS_MODELS), model)
    on = {"tiles"} if model == "tiles" else set()
    on |= {key for key in ("court", "princesses", "neighbors") if raw.get(key, False)}
    return frozenset(on)


def max_chunk(payload: Experiment) -> int | None:
    """Games per chunk for ``sim.experiments`` (None: its default): the fast engine takes bigger chunks."""
    if isinstance(payload, solo_experiment.SoloExperiment) or payload.engine != "fast":
        return None
    if isinstance(payload, module_effects.ModuleEffects):  # every game played once per configuration
        return FAST_MAX_CHUNK // (1 + len(payload.compare))
    return FAST_MAX_CHUNK


def compile(experiment: Experiment) -> Experiment:
    """The payload is the experiment itself: small, picklable; workers rebuild board and rules once."""
    return experiment


@functools.lru_cache(maxsize=8)
def _game_rules(overrides: tuple[tuple[str, str], ...]) -> GameRules:
    return load_game_rules(overrides={k: json.loads(v) for k, v in overrides})


@functools.lru_cache(maxsize=1)
def _board():
    return load_board()


def seat_strategies(payload: Experiment, game: int) -> tuple[int, ...]:
    """Strategy id of each Principality in game ``game``: the seat list shifted by ``game mod R``."""
    r = len(payload.factions)
    shift = game % r if payload.rotate else 0
    return tuple(payload.seats[(j + shift) % r] for j in range(r))


def play_chunk(payload: Experiment, key, start: int, count: int, keep_rows: bool):
    if isinstance(payload, solo_experiment.SoloExperiment):
        return solo_experiment.play_chunk(payload, key, start, count, keep_rows)
    if isinstance(payload, module_effects.ModuleEffects):
        return module_effects.play_chunk(payload, key, start, count, keep_rows)
    if payload.engine == "fast":
        from sim.games.principes.fast.chunk import play_chunk as fast_chunk

        return fast_chunk(payload, key, start, count, keep_rows)
    from strategies.principes import make

    board, rules = _board(), _game_rules(payload.rules)
    players = [make(uses, params) for uses, params in payload.specs]
    f, s = len(payload.factions), len(payload.labels)
    counts = {
        "wins": np.zeros(f, np.int64),
        "draws": np.zeros(1, np.int64),
        "win_type": np.zeros(len(WIN_TYPES), np.int64),
        "rounds_hist": np.zeros(MAX_ROUNDS + 1, np.int64),
        "actions": np.zeros(1, np.int64),
        "actions_sq": np.zeros(1, np.int64),
        "illegal": np.zeros(1, np.int64),
        "eliminated": np.zeros(f, np.int64),
        "strategy_wins": np.zeros((s, f), np.int64),
        "strategy_games": np.zeros((s, f), np.int64),
        **{f"final_{t}": np.zeros(f, np.int64) for t in TRACK_COLUMNS},
    }
    rows: dict[str, np.ndarray] | None = None
    if keep_rows:
        rows = {
            "winner": np.full(count, -1, np.int8),
            "win_type": np.zeros(count, np.int8),
            "rounds": np.zeros(count, np.int8),
            "actions": np.zeros(count, np.int16),
            **{f"strategy_{p}": np.zeros(count, np.int8) for p in payload.factions},
            **{f"{t}_{p}": np.zeros(count, np.int16) for t in TRACK_COLUMNS for p in payload.factions},
            **{f"eliminated_{p}": np.zeros(count, np.bool_) for p in payload.factions},
        }
    for k in range(count):
        game = start + k
        ids = seat_strategies(payload, game)
        seated = {p: players[ids[j]] for j, p in enumerate(payload.factions)}
        rng = random.Random(int(trial_state(key, game)))
        rec = play_game(
            seated, rng, board, rules, strict=payload.strict, history=payload.history, variants=payload.variants
        )
        end = rec.final
        winner = payload.factions.index(rec.winner) if rec.winner is not None else -1
        wt = WIN_TYPES.index(rec.win_type)
        counts["win_type"][wt] += 1
        counts["rounds_hist"][rec.rounds] += 1
        counts["actions"][0] += rec.actions
        counts["actions_sq"][0] += rec.actions * rec.actions
        counts["illegal"][0] += rec.illegal
        if winner < 0:
            counts["draws"][0] += 1
        else:
            counts["wins"][winner] += 1
            counts["strategy_wins"][ids[winner], winner] += 1
        tracks = {
            "might": [might(end, p) for p in payload.factions],
            "people": [end.people[p] for p in payload.factions],
            "clergy": [end.clergy[p] for p in payload.factions],
            "gold": [end.gold[p] for p in payload.factions],
        }
        for j, p in enumerate(payload.factions):
            counts["strategy_games"][ids[j], j] += 1
            counts["eliminated"][j] += p in end.eliminated
            for t in TRACK_COLUMNS:
                counts[f"final_{t}"][j] += tracks[t][j]
        if rows is not None:
            rows["winner"][k], rows["win_type"][k], rows["rounds"][k] = winner, wt, rec.rounds
            rows["actions"][k] = rec.actions
            for j, p in enumerate(payload.factions):
                rows[f"strategy_{p}"][k] = ids[j]
                rows[f"eliminated_{p}"][k] = p in end.eliminated
                for t in TRACK_COLUMNS:
                    rows[f"{t}_{p}"][k] = tracks[t][j]
    return counts, rows


def summarize(counts: dict, n: int, payload: Experiment) -> dict:
    """Win rates with Wilson intervals, win types, game length, final tracks, strategy × Principality, balance."""
    if isinstance(payload, solo_experiment.SoloExperiment):
        return solo_experiment.summarize(counts, n, payload)
    if isinstance(payload, module_effects.ModuleEffects):
        return module_effects.summarize(counts, n, payload)
    factions, labels = payload.factions, payload.labels
    wins = [int(w) for w in counts["wins"]]
    draws = int(counts["draws"][0])
    rate = {p: wins[j] / n for j, p in enumerate(factions)}
    rounds_hist = [int(c) for c in counts["rounds_hist"]]
    mean_rounds = hist_mean_ci(rounds_hist)
    actions = int(counts["actions"][0])
    sw, sg = counts["strategy_wins"], counts["strategy_games"]
    matrix = {
        label: {
            p: {"games": int(sg[i, j]), "win_rate": (int(sw[i, j]) / int(sg[i, j])) if sg[i, j] else None}
            for j, p in enumerate(factions)
        }
        for i, label in enumerate(labels)
    }
    played = sg.sum(axis=1)
    gaps = [abs(a - b) for a in rate.values() for b in rate.values()]
    return {
        "factions": list(factions),
        "strategies": list(labels),
        "rotate": payload.rotate,
        "win_rate": rate,
        "win_rate_ci95": {p: list(wilson(wins[j], n)) for j, p in enumerate(factions)},
        "draw_rate": draws / n,
        "win_type": {t: int(c) / n for t, c in zip(WIN_TYPES, counts["win_type"], strict=True)},
        "mean_rounds": mean_rounds[0],
        "mean_rounds_ci95": [mean_rounds[1], mean_rounds[2]],
        "rounds_hist": {r: rounds_hist[r] / n for r in range(1, MAX_ROUNDS + 1)},
        "mean_actions": actions / n,
        "final_tracks": {
            p: {t: int(counts[f"final_{t}"][j]) / n for t in TRACK_COLUMNS} for j, p in enumerate(factions)
        },
        "eliminated": {p: int(counts["eliminated"][j]) / n for j, p in enumerate(factions)},
        "strategy_matrix": matrix,
        "strategy_win_rate": {
            label: (int(sw[i].sum()) / int(played[i])) if played[i] else None for i, label in enumerate(labels)
        },
        # Ludii's outcome metrics (Evaluation/src/metrics/single/outcome): Balance = 1 − the largest gap between
        # two players' win rates; Completion = share of games with a winner; Drawishness = share of draws;
        # Duration = mean moves per game (here: actions resolved).
        "balance": {
            "balance": 1.0 - max(gaps),
            "completion": (n - draws) / n,
            "drawishness": draws / n,
            "duration": actions / n,
        },
        "illegal_actions": int(counts["illegal"][0]),
    }
