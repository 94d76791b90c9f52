"""Play a field of plans: game ``i`` takes its dice from stream (seed, i) and each faction's plan from ``Field.table``.

``field_chunk`` is a chunk kernel for ``sim.runner.run``: it splits its games into runs that seat the same plans
and plays each run through the game's own ``play_chunk`` (the experiment contract), so a mixed field needs no
change in the game engines and gives the same games as a game-side mixed-seat kernel would. Counts are integers
that add up across chunks; rows (one per game) hold each faction's plan id and result, the end type and the length.

``run_mixed`` is ``sim run`` for an experiment whose seats mix plans (``seats: {f: {mix: {plan: weight}}}``).
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from sim.balance.games import Plan, adapter
from sim.balance.mix import Field
from sim.balance.mixed_study import MixedStudy
from sim.experiments import RUN_KEYS
from sim.stats import wilson


@dataclass(frozen=True)
class FieldPayload:
    game: str
    body: str  # JSON of the experiment keys (everything but RUN_KEYS); seats come from ``field``
    specs: tuple[tuple[str, str], ...]  # (label, JSON of the spec a seat names) for every label of ``field``
    field: Field


def field_payload(game: str, body: dict, field: Field, plans: dict[str, Plan]) -> FieldPayload:
    body = {k: v for k, v in body.items() if k not in RUN_KEYS}
    specs = tuple((label, json.dumps(plans[label].spec, sort_keys=True)) for label in field.labels)
    return FieldPayload(game, json.dumps(body, sort_keys=True, default=str), specs, field)


@lru_cache(maxsize=256)
def _profile(game: str, body: str, seats: str):
    """The game's compiled payload for one profile ({faction: spec} JSON), built once per process."""
    from sim.experiments import experiment_module

    module = experiment_module(game, "balance")
    raw = adapter(game, "balance", json.loads(body)).profile_body(json.loads(body), json.loads(seats))
    return module, module.compile(module.experiment_from_dict(raw, "balance"))


_TEMPLATES: dict = {}


@lru_cache(maxsize=64)
def _runner(payload: FieldPayload):
    """(game payload, direct kernel call) when the game's adapter can seat the field's plan ids in its engine (the
    game payload of the field's first profile stands for all: same rules, same modules), else None."""
    a = _adapter(payload)
    if getattr(a, "runner", None) is None:
        return None
    specs = {label: json.loads(spec) for label, spec in payload.specs}
    if (payload.game, payload.body) not in _TEMPLATES:  # rules, modules and engine depend on the body, not the seats
        ids = payload.field.table(0, 0, 1)[0]
        first = {f: specs[payload.field.labels[i]] for f, i in zip(payload.field.factions, ids, strict=True)}
        _TEMPLATES[payload.game, payload.body] = _profile(
            payload.game, payload.body, json.dumps(first, sort_keys=True)
        )[1]
    game_payload = _TEMPLATES[payload.game, payload.body]
    run = a.runner(game_payload, payload.field.labels, specs, payload.field.factions)
    return None if run is None else (game_payload, run)


def _adapter(payload: FieldPayload):
    return adapter(payload.game, "balance", json.loads(payload.body))


def empty_counts(f: int, labels: int, types: int) -> dict[str, np.ndarray]:
    return {
        "games": np.zeros(f, np.int64),  # games each faction sat in
        "wins": np.zeros(f, np.int64),
        "wins_by_type": np.zeros((f, types), np.int64),
        "win_type": np.zeros(types, np.int64),  # how games ended
        "draws": np.zeros(1, np.int64),
        "rounds": np.zeros(2, np.int64),  # sum and sum of squares of the length in round units
        "plan_games": np.zeros((f, labels), np.int64),
        "plan_wins": np.zeros((f, labels), np.int64),
        "score": np.zeros(f, np.int64),  # sum of each faction's scores (a scored game's adapter)
    }


def field_chunk(payload: FieldPayload, key, start: int, count: int, keep_rows: bool):
    a = _adapter(payload)
    field = payload.field
    factions, labels = field.factions, field.labels
    specs = dict(payload.specs)
    f, types = len(factions), len(a.win_types)
    table = field.table(key, start, max(count, 1))  # one row even for no game: a warm-up compiles its profile
    counts = empty_counts(f, len(labels), types)
    won = np.full((count, f), -1, np.int8)
    end = np.zeros(count, np.int64)
    length = np.zeros(count, np.int64)
    score = np.zeros((count, f), np.int64)
    direct = _runner(payload)
    whole = direct is not None and getattr(a, "whole_table", False)  # the engine takes each game's plans
    cuts = [] if whole else np.flatnonzero((table[1:count] != table[: count - 1]).any(axis=1)) + 1
    for lo, hi in zip([0, *cuts], [*cuts, count], strict=True):
        seats = {factions[j]: json.loads(specs[labels[table[lo, j]]]) for j in range(f)}
        if direct is not None:  # the engine plays the plan ids itself
            game_payload, run = direct
            rows = run(key, start + lo, hi - lo, table[lo:hi] if whole else table[lo])
        else:
            module, game_payload = _profile(payload.game, payload.body, json.dumps(seats, sort_keys=True))
            _, rows = module.play_chunk(game_payload, key, start + lo, hi - lo, True)
        won[lo:hi], end[lo:hi], length[lo:hi], *scored = a.outcomes(rows, game_payload, factions)
        if scored:
            score[lo:hi] = scored[0]
    seated = won >= 0
    win = won == 1
    counts["games"] += seated.sum(axis=0)
    counts["wins"] += win.sum(axis=0)
    counts["score"] += np.where(seated, score, 0).sum(axis=0)
    for j in range(f):
        np.add.at(counts["wins_by_type"][j], end[win[:, j]], 1)
        np.add.at(counts["plan_games"][j], table[seated[:, j], j], 1)
        np.add.at(counts["plan_wins"][j], table[win[:, j], j], 1)
    counts["win_type"] += np.bincount(end, minlength=types)[:types]
    counts["draws"][0] += int((~win.any(axis=1)).sum())
    counts["rounds"] += [int(length.sum()), int((length * length).sum())]
    if not keep_rows:
        return counts, None
    first = np.where(win.any(axis=1), np.argmax(win, axis=1), -1)  # a faction index, as sim.compare pairs games
    rows = {"winner": first.astype(np.int8), "win_type": end.astype(np.int8), "rounds": length.astype(np.int32)}
    for j, name in enumerate(factions):
        rows[f"plan_{name}"] = table[:, j].astype(np.int16)
        rows[f"won_{name}"] = won[:, j]
        if getattr(a, "scored", False):
            rows[f"score_{name}"] = score[:, j]
    return counts, rows


def run_field(payload: FieldPayload, games: int, seed: int, *, workers: int = 1, keep_rows: bool = False,
              progress: bool = False, store=None, chunk: int | None = None, backend=None):  # fmt: skip
    """Play ``games`` games of the field on the shared runner (progress bar, backends, checkpoints)."""
    from sim.backends import active, make_backend
    from sim.runner import run

    chunk = chunk or default_chunk(games)
    own = backend is None and active() is None
    executor = backend or active() or make_backend("local", workers)
    try:
        return run(field_chunk, payload, games, seed, workers, keep_rows, None, None, progress, chunk, executor,
                   store, unit="game")  # fmt: skip
    finally:
        if own:
            executor.close()


def default_chunk(games: int) -> int:
    """Games per chunk: about 8 chunks, 250 to 5,000 games each (a chunk is the unit of retry and resume)."""
    return max(250, min(5000, -(-games // 8)))


def summarize(counts: dict, n: int, field: Field, game: str, body: dict | None = None) -> dict:
    """Win rate per faction with its Wilson interval, how games end, game length, and each plan's record."""
    a = adapter(game, "balance", body)
    games, wins = counts["games"], counts["wins"]
    rate = {f: int(wins[j]) / int(games[j]) if games[j] else math.nan for j, f in enumerate(field.factions)}
    total, square = (int(v) for v in counts["rounds"])
    mean = total / n / a.round_unit
    var = max(0.0, square / n / a.round_unit**2 - mean * mean)
    half = 1.96 * math.sqrt(var / n) if n > 1 else math.nan
    labels = field.labels
    matrix = {
        label: {
            f: {
                "games": int(counts["plan_games"][j, k]),
                "win_rate": int(counts["plan_wins"][j, k]) / int(counts["plan_games"][j, k])
                if counts["plan_games"][j, k]
                else None,
            }  # fmt: skip
            for j, f in enumerate(field.factions)
            if counts["plan_games"][j, k]
        }
        for k, label in enumerate(labels)
    }
    return {
        "factions": list(field.factions),
        "win_rate": rate,
        "win_rate_ci95": {f: list(wilson(int(wins[j]), int(games[j]))) for j, f in enumerate(field.factions)},
        "win_type": {t: int(c) / n for t, c in zip(a.win_types, counts["win_type"], strict=True)},
        "draw_rate": int(counts["draws"][0]) / n,
        "mean_rounds": mean,
        "mean_rounds_ci95": [mean - half, mean + half],
        "plan_matrix": matrix,
    }


def objective_rows(rows: dict, faction: str, objective: str, win_types: tuple[str, ...]) -> np.ndarray:
    """Per game: 1.0 when ``faction`` met the objective (``win``, or a win of one end type), 0.0 otherwise (its
    score, for ``score``), NaN when it did not play."""
    won = np.asarray(rows[f"won_{faction}"])
    out = np.asarray(rows[f"score_{faction}"], float) if objective == "score" else (won == 1).astype(float)
    if objective not in ("win", "score"):
        out *= np.asarray(rows["win_type"]) == win_types.index(objective)
    out[won < 0] = np.nan
    return out


def objective_count(counts: dict, j: int, objective: str, win_types: tuple[str, ...]) -> tuple[int, int]:
    """(successes, games) of faction ``j`` for the objective, from chunk counts (for ``score``: its score sum)."""
    if objective in ("win", "score"):
        hits = counts["wins" if objective == "win" else "score"][j]
    else:
        hits = counts["wins_by_type"][j, win_types.index(objective)]
    return int(hits), int(counts["games"][j])


# --- sim run on an experiment with mixed seats -------------------------------------------------------------


def run_mixed(raw: dict, *, games: int, seed: int, source: str = "arguments",
              workers: int = 1, keep_rows: bool = False, progress: bool = False, save=None, resume: bool = False,
              chunk: int | None = None):  # fmt: skip
    """``sim run`` for an experiment whose seats mix plans: the same summary keys as any experiment (win rates with
    intervals, win types, mean rounds) plus ``plan_matrix`` (each plan's games and win rate per faction)."""
    import polars as pl

    from sim.checkpoint import ChunkStore, config_hash
    from sim.experiments import ExperimentResult
    from sim.results import atomic_write, write_text

    n = games  # checked by sim.experiments.run_experiment, which calls this
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    field, plans = adapter(raw.get("game"), source, body).field(body, source)
    payload = field_payload(raw["game"], body, field, plans)
    chunk = chunk or default_chunk(n)
    store = None
    if save is not None:
        config = {"game": raw["game"], "experiment": body, "mixed": True}
        manifest = {"game": raw["game"], "config": config, "config_hash": config_hash(config), "seed": seed,
                    "trials": n, "chunk": chunk, "precision": None, "keep_trials": True}  # fmt: skip
        store = ChunkStore(save, manifest, resume)
    started = time.perf_counter()
    out = run_field(payload, n, seed, workers=workers, keep_rows=keep_rows or store is not None, progress=progress,
                    store=store, chunk=chunk)  # fmt: skip
    rows = None
    if out.trials is not None:
        rows = pl.DataFrame(out.trials).with_row_index("game")
    metrics = summarize(out.counts, out.n, field, raw["game"], body)
    if not field.rotate:  # each faction's own mixture (a rotated field moves the seats between factions)
        seats = zip(field.factions, field.seats, strict=True)
        metrics["mixture"] = {f: dict(zip(s.labels, s.weights, strict=True)) for f, s in seats}
    study = MixedStudy(
        {
            f: ", ".join(f"{label} {w:g}" for label, w in zip(s.labels, s.weights, strict=True))
            for f, s in zip(field.factions, field.seats, strict=True)
        },  # fmt: skip
        field.rotate,
        {k: v for k, v in body.items() if k not in ("seats", "rotate")},
    )
    engine = "fast" if _runner(payload) is not None else getattr(_TEMPLATES.get((payload.game, payload.body)),
                                                                 "engine", None)  # fmt: skip
    extra = {"chunks_loaded": out.chunks_loaded, "engine": engine, "experiment": study}
    result = ExperimentResult(raw["game"], raw.get("title", ""), metrics, out.n, seed, time.perf_counter() - started,
                              rows, extra)  # fmt: skip
    if store is not None:
        write_text(Path(save) / "result.json", json.dumps(result.to_json(), indent=2) + "\n")
        atomic_write(Path(save) / "games.parquet", lambda tmp: store.write_rows(tmp, "game"))
    return result
