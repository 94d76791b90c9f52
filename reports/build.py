"""Designer reports for one battle question: a self-contained HTML page (PNGs embedded as base64), the same
content as Markdown beside its PNG files, and every table as CSV.

The input is either a scenario file (run here, exact where the game can) or a results directory written by
``sim battle … --save DIR``. Everything is generic over games: win probability, losses and survivors come
from the battle contract's metrics and per-trial columns, army sizes from the scenario's unit counts.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import polars as pl
import yaml

from reports import plots, tables
from reports.assumptions import battle_assumptions
from reports.page import render_html, render_markdown
from sim import __version__, echo, glossary
from sim.armies import SIDES, army_size, unit_counts, with_key
from sim.battles import RUN_KEYS, BattleResult, battle_rules, load_scenario, run_battle
from sim.checkpoint import config_hash as checkpoint_hash
from sim.config import Rules, blame_overrides, load_rules, read_yaml
from sim.errors import ConfigError
from sim.games import battle_module, having
from sim.games import name as game_name
from sim.results import write_csv, write_text
from sim.saved import open_run, read_summary, read_table

HEATMAP_SPAN = 3  # armies from 3 units fewer to 3 more of each side's main unit type
HEATMAP_TRIALS = 20_000  # per cell: ±0.7 points at worst, plenty for a picture
AS_IS = "as in the scenario"  # the heatmap row of a side whose size is not varied
QUESTION = "How often does the attacker win, and what does each side lose?"
__all__ = ["render_html", "render_markdown", "build_report", "from_scenario", "from_directory"]


@dataclass
class ReportInput:
    game: str
    title: str
    scenario: dict | None  # None when a results directory did not record it
    metrics: dict
    exact: dict | None
    summary: pd.DataFrame
    trials: pl.DataFrame | None
    n: int
    seed: int
    seconds: float
    sim_version: str
    rules: Rules
    source: str
    overrides: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    question: str = QUESTION
    hash: str | None = None  # the run's own config hash, when its manifest recorded one
    echo: str = ""  # the battle as sim understood it (sim.echo.battle_line)


def question_of(raw: dict | None, default: str = QUESTION) -> str:
    """The designer's question: the file's ``question:`` key, else the report's standard question."""
    question = (raw or {}).get("question")
    return str(question).strip() if question else default


def from_result(result: BattleResult, source: str, overrides: dict | None = None) -> ReportInput:
    return ReportInput(
        result.game, result.title or f"{game_name(result.game)} battle",
        {"game": result.game, **result.scenario}, result.metrics, result.exact, result.summary, result.trials,
        result.n, result.seed, result.seconds, __version__, result.rules, source, dict(overrides or {}),
        echo=echo.battle_line(result),
    )  # fmt: skip


def from_scenario(path: str | Path, **run: Any) -> ReportInput:
    """Run a battle scenario file (exactly too, where the game can) keeping per-trial rows for the plots."""
    scenario = load_scenario(path)
    if "attacker" not in scenario:
        raise ConfigError(str(path), "attacker", "a battle scenario (experiments: reports.experiment_report)",
                          "no attacker")  # fmt: skip
    overrides = run.pop("overrides", None) or {}
    result = run_battle(
        scenario["game"], scenario, source=str(path), exact=True, keep_trials=True, overrides=overrides, **run
    )
    inp = from_result(result, str(path), overrides)
    inp.question = question_of(scenario)
    inp.scenario = {**scenario, **{k: v for k, v in inp.scenario.items() if k not in RUN_KEYS}}
    return inp


def _leaves(tree: dict, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        out.update(_leaves(value, name + ".") if isinstance(value, dict) else {name: value})
    return out


def _overrides(game: str, values: dict) -> dict[str, Any]:
    """The rules values a run changed, recovered by comparing its recorded rules with the rules file."""
    base = _leaves(load_rules(game).values)
    return {k: v for k, v in _leaves(values).items() if k in base and base[k] != v}


def from_directory(path: str | Path) -> ReportInput:
    """Read summary.csv, result.json, trials.parquet and (if written) manifest.json from ``sim battle --save``.

    The manifest records the scenario and the rules values; without it the size heatmap and the run's
    rules overrides are unknown, and the report says so."""
    path = Path(path)
    saved = open_run(path, "battle", having("battle"))  # every file checked; the game is one sim has
    data, game = saved.result, saved.result["game"]
    meta = {"game", "trials", "seed", "sim_version", "exact", "seconds", "scenario", "title", "rules", "question"}
    metrics = {k: v for k, v in data.items() if k not in meta}
    scenario, overrides, digest = None, data.get("rules") or {}, None
    if saved.manifest is not None:  # the run's own record of its scenario (result.json's must agree: open_run)
        config = saved.config
        scenario = {"game": game, **(config.get("scenario") or {})}
        overrides = overrides or _overrides(game, config.get("rules") or {})
        digest = saved.manifest.get("config_hash")
    elif isinstance(data.get("scenario"), dict):
        scenario = data["scenario"]
    overrides = overrides or (scenario or {}).get("rules") or {}
    if not isinstance(overrides, dict):
        raise ConfigError(str(path / "result.json"), "rules", "a mapping of rules values", overrides)
    if scenario is not None:  # the battle the numbers are shown under: one the game accepts
        where = str(path / ("manifest.json" if saved.manifest is not None else "result.json"))
        rules = battle_rules(game, overrides, dict.fromkeys(overrides, where))
        with blame_overrides(rules):
            battle_module(game).scenario_from_dict({k: v for k, v in scenario.items() if k not in RUN_KEYS}, where,
                                                   rules)  # fmt: skip
    summary = read_summary(path / "summary.csv")
    summary = summary.astype(object).where(summary.notna(), None)
    trials_path = path / "trials.parquet"
    inp = ReportInput(
        game, data.get("title") or (scenario or {}).get("title") or f"{game_name(game)} battle",
        scenario, metrics,
        data.get("exact"), summary, read_table(trials_path) if trials_path.exists() else None,
        int(data["trials"]), int(data["seed"]), float(data.get("seconds", 0.0)), str(data.get("sim_version", "?")),
        load_rules(game, overrides), str(path), overrides, hash=digest,
    )  # fmt: skip
    if scenario is None:
        inp.notes.append(
            "The results directory does not record the scenario (no manifest.json), so the size heatmap is left "
            "out, army sizes are unknown where the metrics do not give them, and the rules shown are the rules "
            "file without the run's --set values."
        )
    if inp.trials is None:
        inp.notes.append("No trials.parquet: loss distributions come from the summary metrics only.")
    inp.question = question_of(data if data.get("question") else scenario)
    if scenario is not None:
        body = {k: v for k, v in scenario.items() if k not in RUN_KEYS}
        fake = BattleResult(game, body, metrics, inp.exact, inp.n, inp.seed, inp.seconds, inp.rules)
        inp.echo = echo.battle_line(fake)
    inp.notes.append(f"Read from the results directory {path} (sim battle --save), not rerun.")
    return inp


def config_hash(inp: ReportInput) -> str:
    """The fingerprint ``sim.checkpoint`` gives a run: game, scenario and every rules value (seed and trials
    are listed beside it)."""
    if inp.hash:
        return inp.hash
    body = {k: v for k, v in (inp.scenario or {}).items() if k not in RUN_KEYS}
    return checkpoint_hash({"game": inp.game, "scenario": body, "rules": inp.rules.values})


def _main_unit(scenario: dict, side: str) -> str | None:
    counts = unit_counts(scenario, side)
    return max(counts, key=lambda u: counts[u]) if counts else None  # the largest group; ties: the first listed


def _axis(scenario: dict, side: str, unit: str | None) -> tuple[list, str]:
    if unit is None:
        return [None], f"{side} army"
    counts = unit_counts(scenario, side)
    floor = 0 if sum(counts.values()) > counts[unit] else 1  # never an empty army
    values = list(range(max(floor, counts[unit] - HEATMAP_SPAN), counts[unit] + HEATMAP_SPAN + 1))
    rest = ", ".join(f"{n} {u}" for u, n in counts.items() if u != unit)
    return values, f"{side} {unit} count" + (f" (plus {rest})" if rest else "") + ", units"


def heatmap_cells(inp: ReportInput) -> int:
    """How many battles the size heatmap runs (for the progress bar)."""
    if inp.scenario is None:
        return 0
    cells = 1
    for side in SIDES:
        unit = _main_unit(inp.scenario, side)
        cells *= len(_axis(inp.scenario, side, unit)[0])
    return cells


def size_grid(inp: ReportInput, trials: int = HEATMAP_TRIALS, workers: int = 1) -> dict | None:
    """P(attacker wins) as the two sides' main unit types grow and shrink, every cell on the report's seed."""
    if inp.scenario is None:
        return None
    units = {side: _main_unit(inp.scenario, side) for side in SIDES}
    if units["attacker"] is None and units["defender"] is None:
        inp.notes.append("No fixed unit counts in the scenario, so no size heatmap.")
        return None
    (xs, x_label), (ys, y_label) = (_axis(inp.scenario, side, units[side]) for side in SIDES)
    grid = pd.DataFrame(index=pd.Index([y if y is not None else AS_IS for y in ys]), columns=xs, dtype=float)
    for y in ys:
        for x in xs:
            variant = inp.scenario
            for side, value in (("attacker", x), ("defender", y)):
                if value is not None:
                    variant = with_key(variant, f"{side}.{units[side]}", value)
            try:
                r = run_battle(inp.game, variant, source=inp.source, trials=trials, seed=inp.seed, workers=workers,
                               overrides=inp.overrides)  # fmt: skip
            except ConfigError:
                continue  # an army the game rejects stays blank
            grid.loc[y if y is not None else AS_IS, x] = r.metrics["attacker_win"]
    here = tuple(unit_counts(inp.scenario, s).get(units[s]) if units[s] else None for s in SIDES)
    mark = (here[0], here[1] if here[1] is not None else AS_IS) if here[0] is not None else None
    return {"grid": grid, "x_label": x_label, "y_label": y_label, "mark": mark, "units": units, "trials": trials}


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def plain_summary(inp: ReportInput, heat: dict | None) -> str:
    """One paragraph in plain words, generated from the numbers."""
    p = inp.metrics["attacker_win"]
    lo, hi = inp.metrics.get("attacker_win_ci95", (p, p))
    text = f"The attacker wins {_pct(p)} of battles (± {100 * (hi - lo) / 2:.1f} points, 95% interval"
    exact = (inp.exact or {}).get("attacker_win")
    text += f"; exactly {100 * exact:.2f}%)" if exact is not None else ")"
    text += f" over {inp.n:,} simulated battles. "
    lost = inp.metrics.get("mean_lost", {})
    sizes = {s: army_size(inp.scenario or {}, s) for s in SIDES}
    parts = [f"the {s} {lost[s]:.2f} units" + (f" of {sizes[s]}" if sizes[s] else "") for s in SIDES if s in lost]
    if parts:
        text += "On average " + " and ".join(parts).replace("the attacker", "the attacker loses", 1) + ". "
    if heat is not None and heat["mark"] is not None:
        text += _one_more(heat, p)
    shown = _in_play(inp)
    if shown:
        text += f"{shown} assumed rules values bear on these odds; they are listed below."
    return text.strip()


def _in_play(inp: ReportInput) -> int:
    """How many assumed (or overridden) rules values concern the units and rules of this battle."""
    found = battle_assumptions(inp.game, inp.scenario, inp.rules)
    return sum(len(frame) for _, frame in found["groups"]) if found else 0


def _one_more(heat: dict, p: float) -> str:
    """What one more (or, at certainty, one fewer) unit of the attacker's main type would do, from the heatmap."""
    x, y = heat["mark"]
    unit, grid = heat["units"]["attacker"], heat["grid"]
    more = grid.loc[y, x + 1] if x + 1 in grid.columns else None
    fewer = grid.loc[y, x - 1] if x - 1 in grid.columns else None
    if more is not None and more == more and p < 0.995 and round(100 * more, 1) > round(100 * p, 1):
        return f"One more attacking {unit} would make it {_pct(more)}. "
    if p >= 0.995 and fewer is not None and fewer == fewer:
        return f"The attack is already near certain; with one {unit} fewer it would be {_pct(fewer)}. "
    return ""


def battle_verdict(inp: ReportInput) -> tuple[str, list[str]]:
    """One sentence on who is favoured, and the caveats it rests on."""
    values = inp.exact or inp.metrics
    p = values.get("attacker_win", inp.metrics["attacker_win"])
    q = values.get("defender_win", inp.metrics.get("defender_win", 1 - p))
    nobody = max(0.0, 1.0 - p - q)
    lo, hi = inp.metrics.get("attacker_win_ci95", (p, p))
    if nobody > max(p, q):
        who = f"most battles have no winner ({_pct(nobody)}); the attacker wins {_pct(p)}, the defender {_pct(q)}"
    elif lo > q:
        who = "the attacker is favoured" if p < 0.9 else "the attack almost always succeeds"
    elif hi < q:
        who = "the defender is favoured" if p > 0.1 else "the attack almost always fails"
    else:
        who = "the battle is a coin flip: no side's edge is visible at this many trials"
    sentence = f"{who[0].upper()}{who[1:]} (P(attacker wins) {_pct(p)}" + (", exact)." if inp.exact else ").")
    caveats = []
    shown = _in_play(inp)
    if shown:
        caveats.append(f"It rests on {shown} assumed rules values about these units and rules (listed under Assumed "
                       "values); a different reading of the rulebook changes the odds.")  # fmt: skip
    overrides = [q.key for q in inp.rules.provenance if q.source == "override"]
    if overrides:
        caveats.append(f"Rules changed for this run: {', '.join(overrides)}.")
    if inp.exact is None:
        caveats.append("Monte Carlo only: the exact answer was not computed (or is infeasible for this battle).")
    return sentence, caveats


def metric_name(metric: str) -> str:
    """A summary row's metric in words: ``mean_lost.attacker`` → "units lost · attacker"."""
    parts = metric.split(".")
    head = glossary.NAMES.get(parts[0], parts[0].replace("_", " "))
    return " · ".join([head, *(q.replace("_", " ") for q in parts[1:])])


def display_table(summary: pd.DataFrame) -> pd.DataFrame:
    """The summary for the page: metrics in words, numbers to 4 decimals, blanks for missing values."""
    def num(v):
        return "" if v is None or v != v else (f"{v:.4f}" if isinstance(v, float) else str(v))

    shown = summary[summary["estimate"].map(lambda v: isinstance(v, (int, float)))]
    return pd.DataFrame({
        "metric": shown["metric"].map(metric_name), "estimate": shown["estimate"].map(num),
        "95% interval": [f"[{num(a)}, {num(b)}]" if a is not None and a == a else ""
                         for a, b in zip(shown["ci95_lo"], shown["ci95_hi"], strict=True)],
        "exact": shown["exact"].map(num),
    })  # fmt: skip


def compare_table(table: pd.DataFrame, key: str, name, digits: int, scale: float = 1.0) -> pd.DataFrame:
    """A compare table for the page: names in words, A, B, B − A and both 95% intervals, how much tighter."""
    def f(v, sign=""):
        return "" if v is None or v != v else f"{scale * v:{sign}.{digits}f}"

    return pd.DataFrame({
        key: table[key].map(name), "A": table["a"].map(f), "B": table["b"].map(f),
        "B − A": table["diff"].map(lambda v: f(v, "+")),
        "paired 95%": [f"[{f(a, '+')}, {f(b, '+')}]" if a == a else "n/a"
                       for a, b in zip(table["paired_lo"], table["paired_hi"], strict=True)],
        "unpaired 95%": [f"[{f(a, '+')}, {f(b, '+')}]" for a, b in zip(table["unpaired_lo"], table["unpaired_hi"],
                                                                        strict=True)],
        "tighter": table["tighter"].map(lambda v: f"{v:.1f}×" if v == v and v != float("inf") else
                                        ("no spread" if v == float("inf") else "")),
    })  # fmt: skip


def setup_rows(line: str) -> list[tuple[str, str]]:
    """The echo line as (label, value) rows: "attacker …", "defender …", "site …", "engine: …"."""
    body = line.split(": ", 1)[1] if ": " in line else line
    rows = []
    for part in body.split(" | "):
        label, _, value = part.replace(": ", " ", 1).partition(" ")
        rows.append((label, value))
    return rows


def _figures(inp: ReportInput, heat: dict | None, out: Path) -> list[tuple[Path, str]]:
    figures = []
    if heat is not None:
        title = f"P(attacker wins) by army size ({heat['trials']:,} trials per cell); outlined: this battle"
        path = plots.heatmap_plot(heat["grid"], out / "heatmap.png", heat["x_label"], heat["y_label"], title,
                                  heat["mark"])  # fmt: skip
        figures.append((path, "Win probability over attacker size × defender size around this battle."))
    lost = tables.losses(inp.metrics, inp.trials)
    if lost:
        path = plots.distribution_plot(lost, out / "losses.png", "units lost in the battle", "Losses: P(k units lost)")
        figures.append((path, "How many units each side loses."))
    sizes = {s: army_size(inp.scenario or {}, s) for s in SIDES}
    curves = tables.survival(inp.metrics, lost, sizes)
    if curves:
        path = plots.survival_plot(curves, out / "survival.png", "Survivors: P(at least N units still stand)")
        figures.append((path, "'At least N units survive' curves: read off the chance of keeping N units."))
    else:
        inp.notes.append("Army sizes are not fixed or not known, so no 'at least N survive' curve.")
    return figures


def build_report(inp: ReportInput, out: str | Path, heatmap: bool = True, heat_trials: int = HEATMAP_TRIALS,
                 workers: int = 1) -> list[Path]:  # fmt: skip
    """Write report.html, report.md, the PNGs and the CSV tables to ``out``; return the paths."""
    out = Path(out)
    heat = size_grid(inp, heat_trials, workers) if heatmap else None
    figures = _figures(inp, heat, out)
    summary = tables.key_rows(inp.summary)
    provenance = tables.provenance_frame(inp.rules)
    written = [write_csv(out / "summary.csv", summary), write_csv(out / "provenance.csv", provenance)]
    if heat is not None:
        grid = heat["grid"].rename_axis("defender").reset_index()
        written.append(write_csv(out / "heatmap.csv", grid))
    engine = inp.echo.rsplit("engine: ", 1)[-1] if "engine: " in inp.echo else "not recorded"
    run = {
        "trials": f"{inp.n:,}", "seed": inp.seed, "engine": engine,
        "exact answer": "computed" if inp.exact else "not computed (or infeasible)",
        "sim version": inp.sim_version, "config hash": config_hash(inp), "run time": f"{inp.seconds:.2f} s",
        "source": inp.source,
    }  # fmt: skip
    verdict, caveats = battle_verdict(inp)
    config = dict(inp.scenario or {})
    if config:
        config.update({"trials": inp.n, "seed": inp.seed})
        if inp.overrides:
            config["rules"] = {**(config.get("rules") or {}), **inp.overrides}
    doc = {
        "title": inp.title, "question": inp.question, "summary": plain_summary(inp, heat),
        "verdict": verdict, "caveats": caveats,
        "setup": [r for r in setup_rows(inp.echo) if r[0] != "engine"] if inp.echo else [],
        "run": run, "table": display_table(summary), "legend": glossary.legend(summary["metric"], metric_name),
        "assumptions": battle_assumptions(inp.game, inp.scenario, inp.rules),
        "provenance": provenance, "figures": figures, "notes": inp.notes,
        "config": yaml.safe_dump(config, sort_keys=False, allow_unicode=True) if config else "",
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written + [path for path, _ in figures]


def report(target: str | Path, out: str | Path, **run: Any) -> list[Path]:
    """``sim report``: a results directory is read, a scenario file is run; then the report is written."""
    target = Path(target)
    if target.is_dir():
        inp = from_directory(target)
    elif target.suffix in (".yaml", ".yml"):
        from reports.experiment_report import is_experiment, report_experiment

        if is_experiment(read_yaml(target)):
            return report_experiment(target, out, seed=run.get("seed"), workers=run.get("workers", 1))
        inp = from_scenario(target, **run)
    else:
        raise ConfigError(str(target), "", "a results directory (sim battle --save) or a scenario .yaml", "neither")
    return build_report(inp, out, workers=run.get("workers", 1))


def sweep_summary(frame: pd.DataFrame, keys: list[str], metric: str, seed: int, trials: int) -> str:
    """Where the metric is lowest and highest on the grid, in words."""
    scale, unit = (100, "%") if "%" in plots.METRIC_LABELS.get(metric, "") else (1, "")
    name = plots.METRIC_LABELS.get(metric, metric).split(",")[0]

    def at(i) -> str:  # cell by cell: a whole row would upcast the keys' values to float
        return ", ".join(f"{k}={frame.at[i, k]}" for k in keys)

    i_low, i_high = frame["estimate"].idxmin(), frame["estimate"].idxmax()
    low, high = frame.loc[i_low], frame.loc[i_high]
    text = (f"{name} ranges from {scale * low['estimate']:.1f}{unit} ({at(i_low)}) to {scale * high['estimate']:.1f}"
            f"{unit} ({at(i_high)}) over {len(frame)} grid points. ")  # fmt: skip
    return text + (f"Every point ran {trials:,} trials on seed {seed}, the same dice throughout, so differences "
                   "between points come from the rules, not from luck.")  # fmt: skip


def build_sweep_report(result, scenario: dict, metric: str, out: str | Path, source: str) -> list[Path]:
    """sweep.csv (long), sweep.png (the metric with 95% bands) and a report around them."""
    out = Path(out)
    frame = result.metric(metric)
    if frame.empty:
        known = ", ".join(dict.fromkeys(result.table["metric"]))
        raise ConfigError("--metric", metric, f"one of {known}", metric)
    label = plots.METRIC_LABELS.get(metric, metric)
    title = f"{scenario.get('title') or Path(source).stem}: {label.split(',')[0]} against {', '.join(result.keys)}"
    png = plots.sweep_plot(frame, result.keys, out / "sweep.png", label, title)
    written = [write_csv(out / "sweep.csv", result.table), png]
    trials = result.results[0].n
    rules = load_rules(result.game, scenario.get("rules") or {})
    body = {k: v for k, v in scenario.items() if k not in RUN_KEYS}
    config = {"game": result.game, "scenario": body, "rules": rules.values, "grid": result.points, "seed": result.seed}
    digest = hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()[:12]
    run = {
        "game": result.game, "source": source, "seed": result.seed, "trials": f"{trials:,} per grid point",
        "grid points": len(result.points), "run time": f"{sum(r.seconds for r in result.results):.2f} s",
        "sim version": __version__, "config hash": digest,
    }  # fmt: skip
    swept = [f"Swept: {k} over {', '.join(str(v) for v in dict.fromkeys(frame[k]))}." for k in result.keys]
    doc = {
        "title": title, "question": f"How does {label.split(',')[0]} change with {', '.join(result.keys)}?",
        "summary": sweep_summary(frame, result.keys, metric, result.seed, trials), "run": run,
        "table": frame.rename(columns={"estimate": metric_name(metric), "ci95_lo": "95% low", "ci95_hi": "95% high"}),
        "legend": glossary.legend([metric], metric_name),
        "assumptions": battle_assumptions(result.game, scenario, rules),
        "provenance": tables.provenance_frame(rules), "notes": swept,
        "figures": [(png, f"{label.split(',')[0]} against {result.keys[0]}, with 95% intervals.")],
        "config": yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True),
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written


def build_compare_report(result, out: str | Path) -> list[Path]:
    """compare.csv, compare.png (paired against unpaired intervals) and a report around them."""
    out = Path(out)
    table = result.table
    title = f"{game_name(result.a.game)}: what changes from A to B (paired on the same dice)"
    png = plots.compare_plot(table, out / "compare.png", title)
    written = [write_csv(out / "compare.csv", table), png]
    win = table.set_index("metric").loc["attacker_win"] if "attacker_win" in set(table["metric"]) else None
    summary = f"A = {result.label_a}; B = {result.label_b}. "
    if win is not None:
        summary += f"P(attacker wins) goes from {_pct(win.a)} to {_pct(win.b)}: {100 * win['diff']:+.1f} points"
        if win.paired_lo == win.paired_lo:
            summary += f" (95% interval {100 * win.paired_lo:+.1f} to {100 * win.paired_hi:+.1f}, paired"
            summary += f"; {win.tighter:.1f}× tighter than unpaired)" if math.isfinite(win.tighter) else ")"
        summary += ". "
    summary += f"Both ran {result.a.n:,} trials on seed {result.a.seed}, the same dice for both."
    digest_a, digest_b = (config_hash(from_result(r, label)) for r, label in ((result.a, "A"), (result.b, "B")))
    run = {
        "game": result.a.game, "A": result.label_a, "B": result.label_b, "seed": result.a.seed,
        "trials": f"{result.a.n:,} each", "run time": f"{result.a.seconds + result.b.seconds:.2f} s",
        "sim version": __version__, "config hash": f"A {digest_a}, B {digest_b}",
    }  # fmt: skip
    doc = {
        "title": title, "question": "What changes from A to B, and is the difference real?", "summary": summary,
        "run": run, "table": compare_table(table, "metric", metric_name, 4),
        "legend": glossary.legend(table["metric"], metric_name),
        "assumptions": battle_assumptions(result.b.game, {"game": result.b.game, **result.b.scenario}, result.b.rules),
        "provenance": tables.provenance_frame(result.b.rules), "notes": result.notes,
        "figures": [(png, "B − A with its 95% interval: paired (same dice) and unpaired (as if run independently).")],
        "config": "",
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written
