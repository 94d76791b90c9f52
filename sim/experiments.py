"""Full-game experiments (``sim run FILE.yaml``): many scripted games, one counter-based stream per game.

A game joins by naming, in its ``Game.experiment`` (``sim.games``), a module that provides:

- ``experiment_from_dict(raw, source)``: validate the experiment keys (everything but ``game``, ``games``,
  ``seed``, ``rules`` and ``title``), raising ``ConfigError`` with key paths; ``rules`` overrides arrive as
  ``raw["rules"]`` (a mapping of dotted keys) for the module to apply to its own rules files.
- ``compile(experiment)``: a picklable payload (numpy tables, strategy parameters) for the game kernel.
- ``play_chunk(payload, key, start, count, keep_rows)``: plays games ``start .. start+count-1``, game ``i``
  drawing only from stream ``(key, i)`` (``sim.rng``), so results do not depend on chunking or workers.
  Returns ``(counts, rows)``: integer arrays that add up across chunks, with at least ``wins`` (one
  entry per faction, in ``payload.factions`` order), and ``rows`` (one per game) when ``keep_rows``.
- ``summarize(counts, n, payload)``: JSON-able metrics with at least ``win_rate`` {faction: p},
  ``win_rate_ci95`` {faction: [lo, hi]}, ``win_type`` {type: p} and ``mean_rounds``.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from sim import __version__, schemas
from sim.backends import active, make_backend
from sim.balance.mix import has_mixture
from sim.checkpoint import ChunkStore, config_hash, seal
from sim.config import blame_overrides, load_ruleset, read_yaml
from sim.engine_choice import reference_only
from sim.errors import ConfigError
from sim.games import GAMES, having
from sim.results import atomic_write, write_json
from sim.runner import default_chunk, run
from sim.saved import FILES, is_saved, open_run, read_table

DEFAULT_GAMES = 10_000
MAX_CHUNK_GAMES = 500
DEFAULT_SEED = 20260101
RUN_KEYS = schemas.RUN_ONLY_KEYS  # how much and how to run, not what: game, games, seed, title, question


@dataclass
class ExperimentResult:
    game: str
    title: str
    metrics: dict
    n: int
    seed: int
    seconds: float
    rows: pl.DataFrame | None = None
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "games": self.n,
            "seed": self.seed,
            "sim_version": __version__,
            "title": self.title,
            **({"question": self.extra["question"]} if self.extra.get("question") else {}),
            "engine": self.extra.get("engine"),
            **({"engine_reason": self.extra.get("engine_reason", "")} if self.extra.get("engine") == "reference"
               else {}),  # fmt: skip
            **self.metrics,
            "seconds": round(self.seconds, 3),  # playing; compiling or loading the engine is startup_seconds
            **({"startup_seconds": round(self.extra["startup"]["seconds"], 3)} if self.extra.get("startup")
               else {}),  # fmt: skip
        }


def engine_of(parsed) -> dict:
    """``engine`` and ``engine_reason`` of a validated experiment (``sim.engine_choice``): an experiment kind
    without an ``engine`` field plays only on the reference engine."""
    engine = getattr(parsed, "engine", None)
    if engine is None:
        return {"engine": "reference", "engine_reason": reference_only(parsed)}
    return {"engine": engine, "engine_reason": getattr(parsed, "engine_reason", "")}


def experiment_module(game: str, source: str):
    """The module implementing ``game``'s study modes (its ``Game.experiment``)."""
    if not isinstance(game, str) or game not in having("experiment"):
        known = ", ".join(sorted(having("experiment"))) or "none yet"
        raise ConfigError(source, "game", f"a game with full-game experiments ({known})", game)
    return GAMES[game].load("experiment")


def apply_sets(raw: dict, changes: dict, source: str = "--set") -> dict:
    """The experiment ``raw`` with ``--set`` changes: a key whose first part is an experiment key (``history``,
    ``seats.masovia``, ``modules.skirmishers``) edits the experiment; any other key (or ``rules.KEY``) is a
    rules override, routed to its rules file and checked here so that an error names ``source``."""
    module = experiment_module(raw.get("game"), source)
    keys = {*RUN_KEYS, *getattr(module, "KEYS", ()), "mode", "engine"} - {"rules"}
    out = copy.deepcopy(raw)
    rules: dict = {}
    for key, value in changes.items():
        head = key.split(".")[0]
        if head in keys and not key.startswith("rules.") and not _names_rule(raw, key, value, source):
            _set_nested(out, key.split("."), value, source)
        else:
            rules[key.removeprefix("rules.")] = value
    if rules:
        load_ruleset(raw["game"], rules, dict.fromkeys(rules, source))  # fails here, naming --set
        file_rules = out.get("rules") or {}
        if not isinstance(file_rules, dict):
            raise ConfigError("experiment", "rules", "a mapping of dotted rules keys to values", file_rules)
        out["rules"] = {**file_rules, **rules}
    return out


def _names_rule(raw: dict, key: str, value: object, source: str) -> bool:
    """Whether a dotted ``key`` that starts with an experiment key is a rules value all the same: the experiment's
    value there is no mapping to set into (Dark Ages' ``rulers: all`` against ``rulers.<ruler>.settle_costs``),
    and the rules hold the key."""
    if "." not in key or isinstance(raw.get(key.split(".")[0]), dict):
        return False
    try:
        load_ruleset(raw["game"], {key: value}, {key: source})
    except ConfigError:
        return False
    return True


def _set_nested(tree: dict, parts: list[str], value: object, source: str) -> None:
    for i, part in enumerate(parts[:-1]):
        node = tree.get(part)
        if node is None:
            node = tree[part] = {}
        if not isinstance(node, dict):
            raise ConfigError(source, ".".join(parts), f"{'.'.join(parts[: i + 1])} to be a mapping", node)
        tree = node
    tree[parts[-1]] = value


def load_experiment(path: str | Path) -> dict:
    """An experiment file, its shared keys checked (``sim.schemas``); the game checks the rest when it runs. A battle
    scenario given instead is named as one, with the command that reads it."""
    raw = read_yaml(path)
    if isinstance(raw, dict) and ("attacker" in raw or "defender" in raw):
        raise ConfigError(str(path), "", "a full-game experiment (seats, players, …)",
                          "a battle scenario: sim battle FILE answers it")  # fmt: skip
    return schemas.check_file(raw, str(path), "experiment", having("experiment"))


def run_experiment(
    raw: dict,
    *,
    source: str = "arguments",
    games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    keep_rows: bool = False,
    progress: bool = False,
    save: str | Path | None = None,
    resume: bool = False,
    chunk: int | None = None,
) -> ExperimentResult:
    """Play ``games`` complete games of the experiment ``raw`` (the YAML mapping) and summarise them."""
    module = experiment_module(raw.get("game"), source)
    schemas.check_file(raw, source, "experiment", having("experiment"))
    n = games if games is not None else raw.get("games", DEFAULT_GAMES)
    seed = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    schemas.check_numbers(n, seed, source, "games")
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    if has_mixture(raw) and raw.get("mode") != "module_effects":  # seats that mix plans: sim.balance.evaluate plays
        # them through this module's play_chunk (a paired module comparison draws each game's plans itself)
        from sim.balance.evaluate import run_mixed

        return run_mixed(raw, source=source, games=n, seed=seed, workers=workers, keep_rows=keep_rows,
                         progress=progress, save=save, resume=resume, chunk=chunk)  # fmt: skip
    file_rules = body.get("rules") if isinstance(body.get("rules"), dict) else {}
    with blame_overrides(None, "--set", f"{source}: rules", set(file_rules)):  # a file's rules: name the file
        parsed = module.experiment_from_dict(body, source)
    payload = module.compile(parsed)
    # games cost milliseconds, not nanoseconds: chunks of at most MAX_CHUNK games keep workers busy and
    # checkpoints frequent (a module with a fast engine may raise its MAX_CHUNK, or say per payload: max_chunk)
    limit = getattr(module, "max_chunk", lambda _: None)(payload) or getattr(module, "MAX_CHUNK", MAX_CHUNK_GAMES)
    chunk = chunk or min(limit, default_chunk(n), max(1, -(-n // 16)))
    store = None
    if save is not None:
        config = {"game": raw["game"], "experiment": body}
        store = ChunkStore(
            save,
            {
                "game": raw["game"],
                "config": config,
                "config_hash": config_hash(config),
                "seed": seed,
                "trials": n,
                "chunk": chunk,
                "precision": None,
                "keep_trials": True,
                "title": raw.get("title", ""),  # for sim report DIR; not part of what must match
            },
            resume,
        )
    started = time.perf_counter()
    own = active() is None
    executor = make_backend("local", workers) if own else active()
    try:
        out = run(
            module.play_chunk,
            payload,
            n,
            seed,
            workers,
            keep_rows or store is not None,
            None,
            None,
            progress,
            chunk,
            executor,
            store,
            unit="game",
        )
    finally:
        if own:
            executor.close()
    rows = pl.DataFrame(out.trials).with_row_index("game") if out.trials is not None else None
    result = ExperimentResult(
        raw["game"],
        raw.get("title", ""),
        module.summarize(out.counts, out.n, payload),
        out.n,
        seed,
        time.perf_counter() - started - out.startup.get("seconds", 0.0),
        rows,
        {"chunks_loaded": out.chunks_loaded, **engine_of(parsed), "experiment": parsed,
         "question": raw.get("question"), "startup": out.startup},  # fmt: skip
    )
    if store is not None:
        write_json(Path(save) / "result.json", result.to_json())
        atomic_write(Path(save) / "games.parquet", lambda tmp: store.write_rows(tmp, "game"))
        seal(save, "run", FILES["run"])
    return result


def is_saved_run(directory: str | Path) -> bool:
    """Whether ``directory`` holds a ``sim run --save`` run (``load_saved`` checks its files)."""
    return is_saved(directory, "run")


def load_saved(directory: str | Path) -> tuple[ExperimentResult, dict]:
    """A finished ``sim run --save DIR`` run read back: its result (metrics, per-game rows) and its experiment, each
    file checked first (``sim.saved.open_run``)."""
    directory = Path(directory)
    saved = open_run(directory, "run", having("experiment"))
    config, result = saved.config, saved.result
    if not isinstance(config.get("experiment"), dict):
        raise ConfigError(str(directory / "manifest.json"), "config.experiment", "the experiment of a sim run --save",
                          config.get("experiment"))  # fmt: skip
    raw = {"game": result["game"], "title": (saved.manifest or {}).get("title", ""), **config["experiment"],
           "games": result["games"], "seed": result["seed"]}  # fmt: skip
    metrics = {k: v for k, v in result.items() if k not in ("game", "games", "seed", "sim_version", "seconds")}
    rows_path = directory / "games.parquet"
    rows = read_table(rows_path) if rows_path.exists() else None
    out = ExperimentResult(result["game"], raw.get("title", ""), metrics, result["games"], result["seed"],
                           float(result.get("seconds", 0.0)), rows)  # fmt: skip
    return out, raw


def format_experiment(result: ExperimentResult) -> str:
    """Win rate per faction with its interval, then the win types and the mean game length."""
    m = result.metrics
    compiled = (result.extra.get("startup") or {}).get("compiled", 0.0)
    took = f"{result.seconds:.2f} s" + (f" (+ {compiled:.0f} s compiling the engine)" if compiled else "")
    lines = [f"{result.title or result.game}: {result.n:,} games, seed {result.seed}, {took}"]
    width = max(len(f) for f in m["win_rate"])
    for faction, p in sorted(m["win_rate"].items(), key=lambda kv: -kv[1]):
        lo, hi = m["win_rate_ci95"][faction]
        lines.append(f"  {faction:<{width}}  {p:7.2%}  [{lo:.2%}, {hi:.2%}]")
    lines.append("  win types: " + ", ".join(f"{k} {v:.1%}" for k, v in m["win_type"].items()))
    lines.append(f"  mean rounds: {m['mean_rounds']:.2f}")
    return "\n".join(lines)
