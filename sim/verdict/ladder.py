"""Running the ladder: each rung plays the study with every seat searched at its budget, on the same games (the
study's seed, game numbers 0 .. games-1), then its skill trace: each seat in turn at twice the budget against the
rung's budget elsewhere, on the first ``trace_games`` of those games. Every run is a ``sim run`` of the seated
study (``sim.experiments.run_experiment``: local workers or the active Dask session, chunks checkpointed under
``OUT/checkpoints/``), so results do not depend on workers, chunks or backend, and ``--resume`` picks up where a
run stopped. As each rung and trace finishes, its games go to ``OUT/rungs/`` and ``OUT/trace/`` (parquet) and
``OUT/verdict.json`` is rewritten with every finished rung and the verdict so far."""

from __future__ import annotations

import math
from pathlib import Path

import click
import polars as pl

from sim import __version__
from sim.checkpoint import config_hash, read_json
from sim.errors import ConfigError, SimError
from sim.experiments import RUN_KEYS, experiment_module, load_experiment, run_experiment
from sim.games import GAMES
from sim.results import write_json, write_parquet, write_text
from sim.verdict import convergence, summary
from sim.verdict.seats import check_game, every_seat, policies

RUN_FILE = "verdict-run.json"  # what the ladder was asked: a --resume must ask the same (budgets: more or fewer)
MUST_MATCH = ("game", "study_hash", "games", "trace_games", "seed", "policies", "determinize")


def game_module(game: str):
    """The game's ``verdict`` module (its ``Game.verdict``): its seats and its per-game outcomes."""
    return GAMES[game].load("verdict")


def grows(budgets: list[int], source: str = "--budgets") -> list[int]:
    """Budgets that start at 1 or more and grow rung by rung."""
    from sim.errors import ConfigError

    if not budgets or budgets[0] < 1 or any(b <= a for a, b in zip(budgets, budgets[1:], strict=False)):
        raise ConfigError(source, "", "budgets of 1 or more playouts that grow rung by rung (4,8,16)",
                          ",".join(map(str, budgets)))  # fmt: skip
    return budgets


class Ladder:
    """One study's ladder: what to play, where it goes on disk, and the runs so far."""

    def __init__(self, study: str, budgets: list[int], *, games: int, trace_games: int | None, seed: int | None,
                 out: str | Path, policy: str | None = None, determinize: bool = True, workers: int = 1,
                 resume: bool = False, progress: bool = False, trace: bool = True, command: str = "",
                 title: str | None = None):  # fmt: skip
        self.study, self.budgets = study, grows(list(budgets))
        self.raw = load_experiment(study)
        self.game = check_game(self.raw, study)
        self.G = game_module(self.game)
        self.keys = self.G.seat_keys(self.raw, study)
        self.policies = policies(self.raw, study, policy, self.keys)
        self.games = int(games)
        self.trace_games = min(self.games, trace_games or max(2, self.games // len(self.keys))) if trace else 0
        self.seed = int(self.raw.get("seed", 1) if seed is None else seed)
        self.determinize, self.workers, self.progress, self.command = determinize, workers, progress, command
        self.out = Path(out)
        self.title = title or self.raw.get("title", "")
        self.resume = resume
        self._preflight()
        self._claim()

    def _preflight(self) -> None:
        """Parse the first rung's study, so that a study the searcher cannot play fails before anything is written."""
        module = experiment_module(self.game, self.study)
        seated = every_seat(self.raw, self.policies, self.budgets[0], self.determinize)
        module.experiment_from_dict({k: v for k, v in seated.items() if k not in RUN_KEYS}, self.study)

    def asked(self) -> dict:
        body = {k: v for k, v in self.raw.items() if k not in RUN_KEYS or k == "game"}
        return {"game": self.game, "study": self.study, "study_hash": config_hash(body), "games": self.games,
                "trace_games": self.trace_games, "seed": self.seed, "policies": self.policies,
                "determinize": self.determinize, "budgets": self.budgets}  # fmt: skip

    def _claim(self) -> None:
        """Check ``--resume`` against what the folder's run was asked; start a new folder otherwise."""
        path = self.out / RUN_FILE
        asked = self.asked()
        if self.resume:
            if not path.exists():
                raise SimError(f"{self.out}: nothing to resume (no {RUN_FILE}); run without --resume first")
            saved = read_json(path, "the ladder's own record of what it was asked (sim verdict --out)")
            if not isinstance(saved, dict):
                raise ConfigError(str(path), "", "a mapping of what the ladder was asked", type(saved).__name__)
            differs = [f"{k}: saved {saved.get(k)!r}, now {asked[k]!r}" for k in MUST_MATCH if saved.get(k) != asked[k]]
            before, now = saved.get("budgets") or [], asked["budgets"]
            if before[: len(now)] != now[: len(before)]:  # more rungs, or fewer (to rebuild the report): one prefix
                differs.append(f"budgets: saved {before}, now {now} (one must begin the other)")
            if differs:
                raise SimError(f"{self.out}: refusing to resume another study's ladder ({differs[0]})")
        elif path.exists():
            raise SimError(f"{self.out}: holds an earlier ladder; add --resume to continue it, or choose another --out")
        self.out.mkdir(parents=True, exist_ok=True)
        write_text(self.out / ".gitignore", "checkpoints/\n")
        write_json(path, asked)

    def play(self, budget: int, games: int, name: str, strong: str | None = None) -> tuple[pl.DataFrame, float | None]:
        """One ``sim run`` of the study seated at ``budget`` (``strong`` at twice it): its per-game rows and seconds
        (None when resumed from chunks, unless its first run finished and recorded them)."""
        raw = {**every_seat(self.raw, self.policies, budget, self.determinize, strong), "games": games,
               "seed": self.seed}  # fmt: skip
        save = self.out / "checkpoints" / name
        resume = self.resume and (save / "manifest.json").exists()
        if self.progress:
            strong_text = f", {strong} at {2 * budget}" if strong else ""
            click.echo(f"{name}: {games:,} games at {budget} playouts{strong_text}", err=True)
        result = run_experiment(raw, source=self.study, games=games, seed=self.seed, workers=self.workers,
                                keep_rows=True, progress=self.progress, save=save, resume=resume)  # fmt: skip
        timing = save / "seconds.json"
        if not result.extra.get("chunks_loaded"):
            write_json(timing, {"seconds": result.seconds})
        seconds = _seconds(timing)
        rows = result.rows if result.rows is not None else pl.read_parquet(save / "games.parquet")
        return rows, seconds

    def run(self, on_rung=None) -> dict:
        """Every rung and its skill trace, lowest budget first; ``on_rung(result)`` after each (the report)."""
        rungs, before = [], None
        for budget in self.budgets:
            rows, seconds = self.play(budget, self.games, f"rung-b{budget}")
            write_parquet(self.out / "rungs" / f"b{budget}.parquet", rows.with_columns(pl.lit(budget).alias("budget")))
            won, ends, length = self.G.outcomes(rows, self.keys)
            rung = summary.rung_summary(budget, self.keys, won, ends, length, seconds or math.nan)
            if seconds is None:
                rung["games_per_s"] = None
            rung["change"] = summary.change(self.keys, before, won) if before is not None else None
            rung["trace"] = None
            rungs.append(rung)
            self._write(rungs, on_rung)
            if self.trace_games:
                traced, frames = {}, []
                for key in self.keys:
                    rows_t, _ = self.play(budget, self.trace_games, f"trace-b{budget}-{key}", strong=key)
                    traced[key] = self.G.outcomes(rows_t, self.keys)[0]
                    frames.append(rows_t.with_columns(pl.lit(budget).alias("budget"), pl.lit(key).alias("strong")))
                write_parquet(self.out / "trace" / f"b{budget}.parquet", pl.concat(frames, how="diagonal_relaxed"))
                rung["trace"] = summary.trace_gain(self.keys, won, traced)
                rung["trace"]["budget"] = 2 * budget
                self._write(rungs, on_rung)
            before = won
        return self._write(rungs, on_rung, complete=True)

    def result(self, rungs: list[dict], complete: bool = False) -> dict:
        players = self.raw.get("players", len(self.keys))
        return {"game": self.game, "study": self.study, "title": self.title,
                "question": self.raw.get("question", ""), "command": self.command, "seed": self.seed,
                "games": self.games, "trace_games": self.trace_games, "budgets": self.budgets,
                "determinize": self.determinize,
                "searcher": {"uses": "rollout", "policies": self.policies,
                             "sees": "only what its seat sees" if self.determinize else "sees hidden cards"},
                "factions": self.keys, "fair_share": 1 / players, "length_unit": self.G.LENGTH,
                "complete": complete, "rungs": rungs, "verdict": convergence.judge(rungs),
                "sim_version": __version__}  # fmt: skip

    def _write(self, rungs: list[dict], on_rung, complete: bool = False) -> dict:
        result = self.result(rungs, complete)
        write_json(self.out / "verdict.json", result)
        if on_rung is not None:
            on_rung(result)
        return result


def _seconds(path: Path) -> float | None:
    """A rung's recorded play time, or None when it is missing or damaged (only the report's games/s shows it)."""
    try:
        seconds = read_json(path)["seconds"]
    except (ConfigError, KeyError, TypeError):
        return None
    return float(seconds) if isinstance(seconds, (int, float)) else None


def load(out: str | Path) -> dict:
    """A ladder's ``verdict.json`` read back (bounded, strict: a damaged file is a one-line error naming it)."""
    return read_json(Path(out) / "verdict.json", "a verdict.json written by sim verdict")


def top_rung_holds(folder: Path) -> bool:
    """Whether a shipped ladder's top rung, recomputed from its recorded games (``rungs/bB.parquet``), gives the wins
    and ranking its verdict.json reports: a check that needs no search (``make demo``)."""
    result = load(folder)
    top = result["rungs"][-1]
    rows = pl.read_parquet(folder / "rungs" / f"b{top['budget']}.parquet")
    won, ends, length = game_module(result["game"]).outcomes(rows, result["factions"])
    again = summary.rung_summary(top["budget"], result["factions"], won, ends, length, 1.0)
    return again["ranking"] == top["ranking"] and all(
        again["factions"][k]["wins"] == top["factions"][k]["wins"] for k in result["factions"])
