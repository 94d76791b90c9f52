"""One battle-odds question, for any game: scenario → rules → kernel → counts → statistics.

A game joins by naming, in its ``Game.battle`` (``sim.games``), a module that provides:

- ``scenario_from_dict(raw, source, rules)``: validate the scenario keys (everything but
  ``game``, ``trials``, ``seed`` and ``rules``), raising ``ConfigError`` with key paths.
- ``compile(rules, scenario)``: a picklable payload of numpy tables for the kernel.
- ``run_chunk(payload, key, start, count, keep_trials)``: ``(counts, trials)`` as in ``sim.runner``.
  ``counts["attacker_win"]`` must hold the number of attacker wins.
- ``summarize(counts, n, payload)``: JSON-able metrics with at least ``attacker_win``,
  ``attacker_win_ci95``, ``defender_win`` and ``mean_lost`` {attacker, defender}.
- ``exact(payload)``: the same point metrics computed exactly, or ``None`` when that is infeasible.
- ``cli_options()`` and ``scenario_from_cli(options)``: the game's own ``sim battle GAME`` flags.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import polars as pl

from sim import __version__, schemas
from sim.backends import active, make_backend
from sim.checkpoint import ChunkStore, config_hash, seal
from sim.config import Rules, blame_overrides, load_ruleset, read_yaml
from sim.errors import ConfigError
from sim.games import GAMES, battle_module, having
from sim.results import atomic_write, write_csv, write_json, write_parquet
from sim.runner import default_chunk, run
from sim.saved import FILES
from sim.stats import wilson_halfwidth

DEFAULT_TRIALS = 1_000_000
PRECISION_CAP = 10**9  # most trials a --precision run may take unless --trials says otherwise
DEFAULT_SEED = 20260101
RUN_KEYS = ("game", "trials", "seed", "rules", "title", "question")


@dataclass
class BattleResult:
    game: str
    scenario: dict
    metrics: dict
    exact: dict | None
    n: int
    seed: int
    seconds: float
    rules: Rules
    trials: pl.DataFrame | None = None
    title: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def summary(self) -> pd.DataFrame:
        return summary_table(self.metrics, self.exact)

    def to_json(self) -> dict:
        out = {"game": self.game, "trials": self.n, "seed": self.seed, "sim_version": __version__}
        out.update(self.metrics)
        if self.exact is not None:
            out["exact"] = self.exact
        out["title"] = self.title  # the run's own words, so a report of a --save folder is titled from its run
        if self.extra.get("question"):
            out["question"] = self.extra["question"]
        out["seconds"] = round(self.seconds, 3)
        return out


def battle_rules(game: str, overrides: dict[str, Any] | None = None, sources: dict[str, str] | None = None) -> Rules:
    """The battle rules (``rules.yaml``) with overrides; a key of another rules file is an error naming it."""
    return load_ruleset(game, overrides, sources, read=("rules",))["rules"]


def load_scenario(path: str | Path) -> dict:
    """A scenario file, its shared keys checked (``sim.schemas``); the game checks the rest when it runs. A
    full-game experiment given instead is named as one, with the commands that read it."""
    raw = read_yaml(path)
    if is_experiment(raw):
        raise ConfigError(str(path), "", "a battle scenario (attacker, defender, …)",
                          "a full-game experiment: sim run FILE plays it, sim compare A B compares two")  # fmt: skip
    return schemas.check_file(raw, str(path), "scenario", having("battle"))


def is_experiment(raw: object) -> bool:
    """A mapping without armies that passes as a full-game experiment file (``sim run``'s input)."""
    if not isinstance(raw, dict) or "attacker" in raw or "defender" in raw:
        return False
    if raw.get("game") not in having("experiment"):
        return False
    try:
        schemas.check_file(raw, "", "experiment", having("experiment"))
    except ConfigError:
        return False
    return True


def run_battle(
    game: str,
    scenario: dict | None = None,
    *,
    source: str = "arguments",
    trials: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    precision: float | None = None,
    exact: bool = False,
    keep_trials: bool = False,
    overrides: dict[str, Any] | None = None,
    progress: bool = False,
    backend: str | None = None,
    scheduler: str | None = None,
    local_cluster: int | None = None,
    save: str | Path | None = None,
    resume: bool = False,
    save_trials: bool = True,
    chunk: int | None = None,
    **scenario_keys: Any,
) -> BattleResult:
    """Answer one battle question. ``scenario`` is the YAML mapping; keyword arguments add to it.

    With ``save``, every finished chunk is checkpointed there and the summary, JSON and (with ``save_trials``)
    the per-trial parquet are written at the end; ``resume`` continues a killed run from its finished chunks.
    """
    raw = dict(scenario or {})
    raw.update(scenario_keys)
    module = battle_module(game, source)
    schemas.check_file({**raw, "game": game}, source, "scenario", having("battle"))
    n = trials if trials is not None else raw.get("trials", DEFAULT_TRIALS)
    if precision is not None and trials is None:
        n = PRECISION_CAP  # the file's trial count is for fixed runs; --precision decides how many it needs
    seed = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    schemas.check_numbers(n, seed, source)
    rule_overrides = raw.get("rules") or {}
    from_file = {key: f"{source}: rules" for key in rule_overrides if key not in (overrides or {})}
    rules = battle_rules(game, {**rule_overrides, **(overrides or {})}, from_file)
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    with blame_overrides(rules):
        parsed = module.scenario_from_dict(body, source, rules)
        payload = module.compile(rules, parsed)
    halfwidth = getattr(module, "halfwidth", lambda c, k: wilson_halfwidth(int(c["attacker_win"]), k))
    store = None
    chunk = chunk or default_chunk(n)
    if save is not None:
        config = {"game": game, "scenario": body, "rules": rules.values}
        manifest = {
            "game": game,
            "config": config,
            "config_hash": config_hash(config),
            "seed": seed,
            "trials": n,
            "chunk": chunk,
            "precision": precision,
            "keep_trials": save_trials or keep_trials,
        }
        store = ChunkStore(save, manifest, resume)
    started = time.perf_counter()
    own = backend is not None or active() is None  # inside a backends.session, runs share its backend
    executor = (
        make_backend(backend or "local", workers, scheduler, local_cluster, GAMES[game].battle, "battle") if own
        else active()
    )
    try:
        out = run(
            module.run_chunk,
            payload,
            n,
            seed,
            workers,
            keep_trials or (store is not None and save_trials),
            precision,
            halfwidth,
            progress,
            chunk,
            executor,
            store,
        )
    finally:
        if own:
            executor.close()
    metrics = module.summarize(out.counts, out.n, payload)
    exact_metrics = module.exact(payload) if exact else None
    frame = pl.DataFrame(out.trials).with_row_index("trial") if out.trials is not None else None
    result = BattleResult(
        game,
        body,
        metrics,
        exact_metrics,
        out.n,
        seed,
        time.perf_counter() - started,
        rules,
        frame,
        raw.get("title", ""),
        {"chunks_loaded": out.chunks_loaded, "question": raw.get("question")},
    )
    if store is not None:
        write_outputs(result, store.dir, store if save_trials or keep_trials else None)
        if keep_trials:
            result.trials = pl.read_parquet(Path(store.dir) / "trials.parquet")
    return result


def _flatten(metrics: dict, prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in metrics.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def summary_table(metrics: dict, exact: dict | None = None) -> pd.DataFrame:
    """Rows of (metric, estimate, ci95 low, ci95 high, exact) from the nested metrics dicts."""
    flat, exact_flat = _flatten(metrics), _flatten(exact or {})
    rows = []
    for name, value in flat.items():
        if isinstance(value, (list, tuple)):
            continue
        ci = flat.get(name + "_ci95") or flat.get(name.replace(".", "_ci95.", 1))
        lo, hi = ci if isinstance(ci, (list, tuple)) and len(ci) == 2 else (None, None)
        rows.append({"metric": name, "estimate": value, "ci95_lo": lo, "ci95_hi": hi, "exact": exact_flat.get(name)})
    return pd.DataFrame(rows, columns=["metric", "estimate", "ci95_lo", "ci95_hi", "exact"])


def save(result: BattleResult, directory: str | Path) -> list[Path]:
    """Write summary.csv, result.json and (when kept) trials.parquet for a finished result, each atomically."""
    return write_outputs(result, Path(directory))


def write_outputs(result: BattleResult, directory: Path, store: ChunkStore | None = None) -> list[Path]:
    written = [
        write_csv(directory / "summary.csv", result.summary),
        write_json(directory / "result.json", result.to_json()),
    ]
    if result.trials is not None:
        written.append(write_parquet(directory / "trials.parquet", result.trials))
    elif store is not None:
        written.append(atomic_write(directory / "trials.parquet", lambda tmp: store.write_rows(tmp, "trial")))
    written.append(seal(directory, "battle", FILES["battle"]))
    return written
