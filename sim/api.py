"""The Python API, for notebooks: ``sim.run`` plays a full-game study, ``sim.battle`` answers a battle question,
``study.compare(other)`` pairs two studies game by game. Results are pandas with labels decoded::

    import sim
    study = sim.run("configs/principes/experiments/faction-balance.yaml", games=2000)
    study.summary                     # faction, win_rate, ci95_lo, ci95_hi, parity, vs_parity_points, games
    study.rows                        # one row per game; winner, win_type, strategies as named categoricals
    study.metrics                     # what `sim run --json` prints
    study.report("out/balance")       # the designer report (HTML, Markdown, PNG, CSV)

    b = sim.battle("dark_ages", attacker={"cavalry": 2, "archer": 1}, attacker_tech={"cavalry": 1},
                   defender={"infantry": 3}, city=True, keep=2, exact=True)
    b.summary, b.trials, b.metrics, b.report("out/keep")

Armies are flat ``{unit: count}`` mappings in every game; technology levels, factions, Keeps and hit policies are
separate keywords (``attacker_tech``, ``attacker_faction``, ``attacker_keeps``, ``attacker_policy``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from sim.games import GAMES

SIDES = ("attacker", "defender")


# ----- decoding -----


def _categorical(values, categories) -> pd.Categorical:
    return pd.Categorical(values, categories=list(dict.fromkeys(categories)))


def decode_rows(rows, metrics: dict) -> pd.DataFrame | None:
    """Per-game rows as pandas: integer codes of winners, win types and strategies become named categoricals
    (from the study's own ``factions``, ``win_type`` and ``strategies`` lists); text columns become categoricals."""
    if rows is None:
        return None
    frame = rows.to_pandas() if hasattr(rows, "to_pandas") else pd.DataFrame(rows)
    factions = list(metrics.get("factions") or metrics.get("win_rate") or [])
    win_types = list(metrics.get("win_type") or [])
    strategies = list(metrics.get("strategies") or metrics.get("strategy_matrix") or [])
    for column in frame.columns:
        values = frame[column]
        codes = None
        if column == "winner":
            codes = factions
        elif column == "win_type":
            codes = win_types
        elif column.startswith("strategy_") or column.endswith("_strategy"):
            codes = strategies
        if codes and pd.api.types.is_integer_dtype(values):
            names = [codes[v] if 0 <= v < len(codes) else None for v in values]  # -1: nobody (a draw)
            frame[column] = _categorical(names, codes)
        elif pd.api.types.is_object_dtype(values) or pd.api.types.is_string_dtype(values):
            frame[column] = values.astype("category")
    return frame


def decode_trials(game: str, trials) -> pd.DataFrame | None:
    """Per-trial battle rows as pandas, the winner named (attacker, defender, nobody) where it is a code."""
    if trials is None:
        return None
    frame = trials.to_pandas() if hasattr(trials, "to_pandas") else pd.DataFrame(trials)
    if "winner" in frame.columns and pd.api.types.is_integer_dtype(frame["winner"]):
        from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY

        names = {ATTACKER: "attacker", DEFENDER: "defender", NOBODY: "nobody"}
        frame["winner"] = _categorical([names.get(int(v)) for v in frame["winner"]], names.values())
    for column in frame.columns:
        if pd.api.types.is_object_dtype(frame[column]) or pd.api.types.is_string_dtype(frame[column]):
            frame[column] = frame[column].astype("category")
    return frame


# ----- full-game studies -----


@dataclass
class Study:
    """A played study: ``summary``, ``rows``, ``metrics``, ``report(path)``; ``result`` is sim's own object."""

    result: Any  # sim.experiments.ExperimentResult
    raw: dict  # the experiment as run (keys and --set changes applied)
    source: str
    _rows: pd.DataFrame | None = field(default=None, repr=False)

    @property
    def summary(self) -> pd.DataFrame:
        from reports.experiment_report import win_rate_frame

        return win_rate_frame(self.result, self.raw)

    @property
    def rows(self) -> pd.DataFrame | None:
        if self._rows is None:
            self._rows = decode_rows(self.result.rows, self.result.metrics)
        return self._rows

    @property
    def metrics(self) -> dict:
        """What ``sim run --json`` prints, without the run time (so equal runs give equal metrics)."""
        return {k: v for k, v in self.result.to_json().items() if k != "seconds"}

    @property
    def engine(self) -> str | None:
        return self.result.extra.get("engine")

    def compare(self, other: Study) -> pd.DataFrame:
        """Each faction's win rate here (A) and in ``other`` (B), the paired change B − A and its 95% interval."""
        return compare(self, other)

    def report(self, path: str | Path) -> list[Path]:
        from reports.experiment_report import build_experiment_report

        return build_experiment_report(self.result, self.raw, path, self.source)

    def __repr__(self) -> str:
        from sim.output import format_study

        return format_study(self.result)


def _experiment(path_or_dict) -> tuple[dict, str]:
    from sim.experiments import load_experiment

    if isinstance(path_or_dict, dict):
        return dict(path_or_dict), "arguments"
    return load_experiment(path_or_dict), str(path_or_dict)


def run(path_or_dict, *, games: int | None = None, seed: int | None = None, workers: int = 1,
        progress: bool = False, **keys: Any) -> Study:  # fmt: skip
    """Play a full-game study: an experiment file (or its mapping) with ``keys`` changed, as ``--set`` would
    (``history=True``, ``modules={"skirmishers": True}``, ``rules={"taxes.people_cost": 2}``, or dotted keys as
    a mapping: ``set={"modules.skirmishers": True}``)."""
    from sim.experiments import apply_sets, run_experiment

    raw, source = _experiment(path_or_dict)
    changes = dict(keys.pop("set", None) or {})
    rules = keys.pop("rules", None)
    changes.update(keys)
    if rules:
        changes.update({f"rules.{k}": v for k, v in rules.items()})
    raw = apply_sets(raw, changes, "sim.run")
    result = run_experiment(raw, source=source, games=games, seed=seed, workers=workers, keep_rows=True,
                            progress=progress)  # fmt: skip
    return Study(result, raw, source)


def compare(a: Study, b: Study, label_a: str = "A", label_b: str = "B") -> pd.DataFrame:
    """Each faction's win rate in ``a`` and ``b`` and the paired difference b − a with its 95% interval (both
    studies must have played the same games on the same seed: ``sim.run`` with the same ``games`` and ``seed``)."""
    from sim.compare import compare_experiment_results

    if (a.result.n, a.result.seed) != (b.result.n, b.result.seed):
        from sim.errors import ConfigError

        raise ConfigError("sim.compare", "games/seed", f"the same games and seed ({a.result.n}, {a.result.seed})",
                          (b.result.n, b.result.seed))  # fmt: skip
    return compare_experiment_results(a.result, b.result, label_a, label_b).table


# ----- battles -----


@dataclass
class Battle:
    """An answered battle question: ``summary``, ``trials``, ``metrics``, ``exact``, ``report(path)``."""

    result: Any  # sim.battles.BattleResult
    source: str = "arguments"

    @property
    def summary(self) -> pd.DataFrame:
        return self.result.summary

    @property
    def trials(self) -> pd.DataFrame | None:
        frame = decode_trials(self.result.game, self.result.trials)
        if frame is not None and "variant" in frame.columns:  # Dark Ages: which Barbarian token face was fought
            from sim.games import battle_module

            parsed = battle_module(self.result.game).scenario_from_dict(dict(self.result.scenario), "trials",
                                                                        self.result.rules)  # fmt: skip
            names = [v.name for v in parsed.variants]
            frame["variant"] = _categorical([names[i] for i in frame["variant"]], names)
        return frame

    @property
    def metrics(self) -> dict:
        """What ``sim battle --json`` prints, without the run time (so equal runs give equal metrics)."""
        return {k: v for k, v in self.result.to_json().items() if k != "seconds"}

    @property
    def exact(self) -> dict | None:
        return self.result.exact

    def report(self, path: str | Path, heatmap: bool = True) -> list[Path]:
        from reports.build import build_report, from_result

        return build_report(from_result(self.result, self.source), path, heatmap=heatmap)

    def __getattr__(self, name: str):  # n, seed, rules, game, …: sim's own result
        return getattr(self.result, name)

    def __repr__(self) -> str:
        from sim.output import format_battle

        return format_battle(self.result)


def battle_scenario(game: str, keys: dict) -> dict:
    """Flat keyword arguments → the game's scenario mapping: a game that keeps a side's units under ``units``
    (Dark Ages) gets ``attacker_tech``, ``attacker_faction``, … folded into its side."""
    out = dict(keys)
    nested = GAMES[game].side_keys if game in GAMES else None
    if not nested:
        return out
    for side in SIDES:
        node = out.get(side)
        spec = dict(node) if isinstance(node, dict) and "units" in node else ({"units": node} if node else {})
        for suffix, key in nested.items():
            value = out.pop(f"{side}_{suffix}", None)
            if value is not None:
                spec[key] = value
        if spec:
            out[side] = spec
    return out


def battle(game: str, **kwargs: Any) -> Battle:
    """Answer a battle question: ``game`` is a game id (or a scenario file, whose keys ``kwargs`` change), the
    other keywords are the scenario (armies as flat ``{unit: count}``) and the run (``trials``, ``seed``,
    ``exact``, ``workers``, ``keep_trials``, ``rules`` overrides as a mapping)."""
    from sim.battles import RUN_KEYS, load_scenario, run_battle

    source = "arguments"
    scenario: dict = {}
    if str(game).endswith((".yaml", ".yml")):
        source, scenario = str(game), load_scenario(game)
        game = scenario["game"]
    run_args = {k: kwargs.pop(k) for k in list(kwargs) if k in (
        "trials", "seed", "workers", "precision", "exact", "keep_trials", "progress", "save", "chunk", "resume",
        "save_trials", "backend", "scheduler", "local_cluster")}  # fmt: skip
    overrides = kwargs.pop("rules", None)
    body = battle_scenario(game, {**{k: v for k, v in scenario.items() if k not in RUN_KEYS}, **kwargs})
    for key in ("trials", "seed"):
        if key in scenario and key not in run_args:
            run_args[key] = scenario[key]
    result = run_battle(game, {**body, **({"title": scenario["title"]} if "title" in scenario else {})},
                        source=source, overrides={**(scenario.get("rules") or {}), **(overrides or {})},
                        **run_args)  # fmt: skip
    return Battle(result, source)
