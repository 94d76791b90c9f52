"""``sim report``, ``sim sweep`` and ``sim compare``: parse, one library call, print what was written."""

from __future__ import annotations

import math
from pathlib import Path

import click

from sim import echo
from sim import progress as bars
from sim.battles import DEFAULT_TRIALS, load_scenario
from sim.cli_backend import with_backend
from sim.config import parse_assignments
from sim.errors import ConfigError
from sim.results import dumps

RUN_OPTIONS = [
    click.option("--trials", type=click.IntRange(min=1), help="Trials per run (default: the file's, else 1,000,000)."),
    click.option(
        "--seed",
        type=click.IntRange(min=0),
        help="Root seed, the same for every run (common random numbers).",
    ),
    click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."),
    click.option("--progress/--no-progress", default=True, help="Show a progress bar with an ETA (on a terminal)."),
]


def run_options(f):
    for option in reversed(RUN_OPTIONS):
        f = option(f)
    return f


def _finite(value):
    """JSON has no NaN or infinity: an undefined interval or ratio is null."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


def _experiment(path: str) -> dict | None:
    """The experiment mapping when ``path`` is a full-game experiment file (no attacker, a game with
    experiments), else None; an unreadable file is left to the battle path's own errors."""
    from reports.experiment_report import is_experiment
    from sim.config import read_yaml

    try:
        raw = read_yaml(path)
    except (ConfigError, OSError):
        return None
    return raw if is_experiment(raw) else None


def _experiment_set(raw: dict, changes: dict) -> dict:
    from sim.experiments import apply_sets

    return apply_sets(raw, changes)


def _trials(scenario: dict, trials: int | None) -> int:
    return trials or scenario.get("trials") or DEFAULT_TRIALS


def _games(raw: dict, games: int | None) -> int:
    from sim.experiments import DEFAULT_GAMES

    return games or raw.get("games") or DEFAULT_GAMES


def _out(out: str | None, kind: str, target: str) -> Path:
    return Path(out) if out else Path("out") / kind / Path(target).stem


@click.command()
@click.argument("target", metavar="RESULTS_DIR|SCENARIO.yaml")
@click.option("-o", "--out", type=click.Path(file_okay=False), help="Output directory [default: out/report/NAME].")
@run_options
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="Override a rules value (YAML).")
@click.option("--heatmap-trials", default=20_000, show_default=True, type=click.IntRange(min=1),
              help="Trials per cell of the army-size heatmap.")  # fmt: skip
@click.option("--heatmap/--no-heatmap", default=True, help="Run the army-size heatmap (one battle per cell).")
@click.option("--games", type=click.IntRange(min=1), help="Games for a full-game experiment (default: the file's).")
def report(target, out, trials, seed, workers, progress, overrides, heatmap_trials, heatmap, games):
    """A designer report (HTML with embedded images, Markdown, CSV, PNG) for a battle or a full-game experiment.

    TARGET is a scenario file (run here, exactly where the game can), a directory written by
    `sim battle … --save DIR`, or a full-game experiment file (run here with --games, --seed, --workers)."""
    from reports.build import build_report, from_directory, from_scenario, heatmap_cells

    path = Path(target)
    from reports import experiment_report

    if path.is_dir() and (path / "balance.json").exists():  # a sim balance --save DIR
        from sim.balance.report import balance_report

        for written in balance_report(path, _out(out, "report", target)):
            click.echo(f"wrote {written}")
        return
    if path.is_dir() and experiment_report.is_experiment_directory(path):
        result, raw = experiment_report.from_directory(path)
        click.echo(echo.study_line(result))
        for written in experiment_report.build_experiment_report(result, raw, _out(out, "report", target), str(path)):
            click.echo(f"wrote {written}")
        return
    if path.suffix in (".yaml", ".yml") and _experiment(target):
        from reports.experiment_report import report_experiment

        sets = parse_assignments(overrides)
        total = _games(_experiment(target), games)
        with bars.task(total, "game", "report", progress):
            written_files = report_experiment(path, _out(out, "report", target), games, seed, workers, sets,
                                              echo=click.echo)  # fmt: skip
        for written in written_files:
            click.echo(f"wrote {written}")
        return
    if path.is_dir():
        inp = from_directory(path)
        total = None
    elif path.suffix in (".yaml", ".yml"):
        total = _trials(load_scenario(path), trials)
    else:
        raise ConfigError(target, "", "a results directory (sim battle --save DIR) or a scenario .yaml", "neither")
    with bars.task(total, "trial", "report", progress) as bar:
        if total is not None:
            inp = from_scenario(path, trials=trials, seed=seed, workers=workers, overrides=parse_assignments(overrides))
        click.echo(inp.echo)
        if heatmap and inp.scenario is not None:
            bar.total = (total or 0) + heatmap_cells(inp) * heatmap_trials
            bar.refresh()
        written_files = build_report(inp, _out(out, "report", target), heatmap, heatmap_trials, workers)
    for written in written_files:
        click.echo(f"wrote {written}")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--param",
    "params",
    multiple=True,
    required=True,
    metavar="KEY=RANGE",
    help="A rules or scenario key and its grid: 0..4, 0..1:0.25, 1,2,3 or [a, b]. Repeat for a grid.",
)
@click.option("--metric", default="attacker_win", show_default=True, help="The metric to plot.")
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="Override a rules value everywhere.")
@click.option("--exact", is_flag=True, help="Also compute exact answers where feasible.")
@click.option("-o", "--out", type=click.Path(file_okay=False), help="Output directory [default: out/sweep/NAME].")
@click.option("--games", type=click.IntRange(min=1), help="Games per grid point, for an experiment file.")
@run_options
def sweep(file, params, metric, overrides, exact, out, games, trials, seed, workers, progress):  # fmt: skip
    """Run a battle scenario (or a full-game experiment) over a grid of rules or scenario values, on one seed.

    Writes a long table (sweep.csv: one row per grid point and metric), a plot of the metric against
    the first key with 95% interval bands (sweep.png), and a report (report.html, report.md)."""
    from reports.build import build_sweep_report
    from sim.sweep import parse_params, run_sweep

    grid = parse_params(params)
    points = math.prod(len(v) for v in grid.values())
    experiment = _experiment(file)
    if experiment is not None:
        with bars.task(points * _games(experiment, games), "game", "sweep", progress):
            return _sweep_experiment(file, experiment, grid, parse_assignments(overrides), out, games, seed, workers)
    scenario = load_scenario(file)
    extra = parse_assignments(overrides)
    if extra:
        scenario = {**scenario, "rules": {**(scenario.get("rules") or {}), **extra}}
    with bars.task(points * _trials(scenario, trials), "trial", "sweep", progress):
        result = run_sweep(scenario, grid, source=file, trials=trials, seed=seed, workers=workers, exact=exact,
                           progress=progress)  # fmt: skip
    written = build_sweep_report(result, scenario, metric, _out(out, "sweep", file), file)
    click.echo(echo.battle_line(result.results[0]).replace(" battle: ", " sweep, first grid point: ", 1))
    click.echo(f"{result.game} sweep: {len(result.points)} grid points, {result.results[0].n:,} trials each, "
               f"seed {result.seed}")  # fmt: skip
    shown = result.metric(metric)[[*result.keys, "estimate", "ci95_lo", "ci95_hi", "exact"]]
    click.echo(shown.to_string(index=False, float_format=lambda v: f"{v:.4f}", na_rep=""))
    for path in written:
        click.echo(f"wrote {path}", err=True)


def _sweep_experiment(file, raw, grid, overrides, out, games, seed, workers):
    """Each faction's win rate at every grid point of experiment keys or dotted rules keys, on one seed."""
    import itertools

    import pandas as pd

    from reports.plots import sweep_plot
    from sim.experiments import run_experiment
    from sim.results import write_csv

    rows, first = [], None
    for point in itertools.product(*grid.values()):
        assign = dict(zip(grid, point, strict=True))
        r = run_experiment(_experiment_set(raw, {**overrides, **assign}), source=file, games=games, seed=seed,
                           workers=workers, progress=True)  # fmt: skip
        first = first or r
        for faction, p in r.metrics["win_rate"].items():
            lo, hi = r.metrics["win_rate_ci95"][faction]
            rows.append({**assign, "faction": faction, "estimate": p, "ci95_lo": lo, "ci95_hi": hi, "exact": None})
    frame = pd.DataFrame(rows)
    out_dir = _out(out, "sweep", file)
    title = f"{raw.get('title') or raw['game']}: win rate by faction ({r.n:,} games a point, seed {r.seed})"
    written = [write_csv(out_dir / "sweep.csv", frame),
               sweep_plot(frame, [*grid, "faction"], out_dir / "sweep.png", "win rate, %", title)]  # fmt: skip
    click.echo(echo.study_line(first).replace(" study: ", " sweep, first grid point: ", 1))
    click.echo(f"{raw['game']} sweep: {len(frame) // frame['faction'].nunique()} grid points, {r.n:,} games each, "
               f"seed {r.seed}")  # fmt: skip
    click.echo(frame.drop(columns="exact").to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    for path in written:
        click.echo(f"wrote {path}", err=True)


@click.command()
@click.argument("file_a", type=click.Path(dir_okay=False))
@click.argument("file_b", type=click.Path(dir_okay=False), required=False)
@click.option("--set", "assignments", multiple=True, metavar="KEY=VALUE",
              help="B = A (or FILE_B) with this rules or scenario value; repeatable.")  # fmt: skip
@click.option("--exact", is_flag=True, help="Also give the exact difference where feasible.")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@click.option("-o", "--out", type=click.Path(file_okay=False), help="Also write compare.csv, .png and a report here.")
@run_options
@click.option("--games", type=click.IntRange(min=1), help="Games each, for full-game experiments (default: A's).")
def compare(file_a, file_b, assignments, exact, as_json, out, trials, seed, workers, progress, games):
    """Paired what-if: A against B on the same dice, each metric's difference with its 95% interval.

    Either two scenario files, or one file and --set KEY=VALUE changes (rules keys such as
    defender_shields.castle, or scenario keys such as castle or attacker.knight). For full-game experiments,
    each faction's win rate is compared game by game (game i of A and B share their stream); --set takes
    experiment keys (history=true) or dotted rules keys (taxes.people_cost=2)."""
    from reports.build import build_compare_report
    from sim.compare import format_compare, run_compare
    from sim.sweep import apply, check

    if file_b is None and not assignments:
        raise ConfigError("compare", "FILE_B", "a second scenario file or at least one --set KEY=VALUE", "neither")
    raw_a = _experiment(file_a)
    if raw_a is not None:
        with bars.task(2 * _games(raw_a, games), "game", "compare", progress):
            _compare_experiments(raw_a, file_a, file_b, assignments, as_json, out, games, seed, workers)
        return
    a = load_scenario(file_a)
    b = load_scenario(file_b) if file_b else dict(a)
    if b["game"] != a["game"]:
        raise ConfigError(file_b, "game", f"the same game as {file_a} ({a['game']})", b["game"])
    changes = parse_assignments(assignments)
    b, overrides_b = apply(a["game"], b, changes)
    label_b = (file_b or file_a) + "".join(f" --set {item}" for item in assignments)
    check(a["game"], b, overrides_b, label_b)
    with bars.task(2 * _trials(a, trials), "trial", "compare", progress):
        result = run_compare(
            a, b, source_a=file_a, source_b=label_b, overrides_b=overrides_b, trials=trials, seed=seed,
            workers=workers, exact=exact, progress=progress,
        )  # fmt: skip
    if as_json:
        body = {"a": file_a, "b": label_b, "trials": result.a.n, "seed": result.a.seed}
        rows = [{k: _finite(v) for k, v in row.items()} for row in result.table.to_dict("records")]
        body |= {"metrics": rows, "notes": result.notes}
        click.echo(dumps(body))
    else:
        click.echo("A: " + echo.battle_line(result.a))
        click.echo("B: " + echo.battle_line(result.b))
        click.echo(format_compare(result))
    if out:
        for path in build_compare_report(result, out):
            click.echo(f"wrote {path}", err=True)


def _compare_experiments(raw_a, file_a, file_b, assignments, as_json, out, games, seed, workers):
    from reports.experiment_report import build_experiment_compare_report
    from sim.compare import format_experiment_compare, run_compare_experiments
    from sim.experiments import load_experiment

    raw_b = _experiment_set(load_experiment(file_b) if file_b else dict(raw_a), parse_assignments(assignments))
    label_b = (file_b or file_a) + "".join(f" --set {item}" for item in assignments)
    result = run_compare_experiments(raw_a, raw_b, source_a=file_a, source_b=label_b, games=games, seed=seed,
                                     workers=workers)  # fmt: skip
    if as_json:
        body = {"a": file_a, "b": label_b, "games": result.a.n, "seed": result.a.seed}
        rows = [{k: _finite(v) for k, v in row.items()} for row in result.table.to_dict("records")]
        click.echo(dumps(body | {"factions": rows, "notes": result.notes}))
    else:
        click.echo("A: " + echo.study_line(result.a))
        click.echo("B: " + echo.study_line(result.b))
        click.echo(format_experiment_compare(result))
    if out:
        for path in build_experiment_compare_report(result, out):
            click.echo(f"wrote {path}", err=True)


commands = [with_backend(c) for c in (report, sweep, compare)]
