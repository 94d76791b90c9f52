"""The ``sim`` command: a thin click layer. Parse, make one library call, print. User errors are one line."""

from __future__ import annotations

import contextlib
import importlib
import json
import signal
import sys
import traceback
from pathlib import Path

import click

from sim import battles
from sim.cli_backend import with_backend
from sim.cli_types import OUT_DIR, SEED, usage_error
from sim.config import parse_assignments
from sim.errors import ConfigError, Interrupted, SimError, Stopped
from sim.games import GAMES, battle_module, having
from sim.results import dumps

COMMON_OPTIONS = [
    click.Option(
        ["--trials"], type=click.IntRange(min=1), help="Trials to run (default 1,000,000; with --precision, the cap)."
    ),
    click.Option(["--seed"], type=SEED, help="Root seed 0..2^64−1; the same seed gives the same numbers."),
    click.Option(["--workers"], type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."),
    click.Option(
        ["--precision"],
        type=click.FloatRange(min=0, min_open=True),
        help="Run until the 95% interval half-width on P(attacker wins) is at most this.",
    ),
    click.Option(["--exact"], is_flag=True, help="Also compute the exact answer where feasible."),
    click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object instead of a table."),
    click.Option(["--set", "overrides"], multiple=True, metavar="KEY=VALUE", help="Override a rules value (YAML)."),
    click.Option(["--save"], type=OUT_DIR, help="Write summary.csv, result.json, trials.parquet here."),
    click.Option(["--progress/--no-progress"], default=True, help="Show a progress bar on long runs."),
    click.Option(
        ["--solve-for"], metavar="SIDE.UNIT[,…]", help="Find the smallest army of this unit type reaching --target."
    ),
    click.Option(["--target"], type=click.FloatRange(0, 1, min_open=True), help="Win probability for --solve-for."),
    click.Option(["--resume"], is_flag=True, help="Continue the run checkpointed in --save DIR."),
    click.Option(
        ["--trials-table/--no-trials-table"],
        default=True,
        help="With --save, also write one row per trial (trials.parquet).",
    ),
    click.Option(["--chunk"], type=click.IntRange(min=1), help="Trials per chunk (default: about 16 chunks a run)."),
]


def run_and_print(game: str, scenario: dict, source: str, opts: dict) -> None:
    if opts.get("solve_for") or opts.get("target") is not None:
        from sim.solve import solve_from_options

        if not opts["as_json"]:
            click.echo(_solve_line(game, scenario, opts))
        return click.echo(solve_from_options(game, scenario, source, opts))
    if opts["resume"] and not opts["save"]:
        raise SimError("--resume needs --save DIR (the directory of the run to continue)")
    result = battles.run_battle(
        game,
        scenario,
        source=source,
        trials=opts["trials"],
        seed=opts["seed"],
        workers=opts["workers"],
        precision=opts["precision"],
        exact=opts["exact"],
        overrides=parse_assignments(opts["overrides"]),
        progress=opts["progress"],
        save=opts["save"],
        resume=opts["resume"],
        save_trials=opts["trials_table"],
        chunk=opts["chunk"],
    )
    if opts["precision"]:
        lo, hi = result.metrics["attacker_win_ci95"]
        if (hi - lo) / 2 > opts["precision"]:
            click.secho(
                f"note: stopped at the cap of {result.n:,} trials with a half-width of {(hi - lo) / 2:.5f}, "
                f"above --precision {opts['precision']}; raise --trials",
                fg="yellow",
                err=True,
            )
    if opts["save"]:
        loaded = result.extra.get("chunks_loaded", 0)
        click.echo(f"wrote {opts['save']}" + (f" (resumed: {loaded} chunks loaded)" if loaded else ""), err=True)
    if opts["as_json"]:
        click.echo(dumps(result.to_json()))
    else:
        click.echo(format_result(result))


def _solve_line(game: str, scenario: dict, opts: dict) -> str:
    """The echo line of ``--solve-for``: the battle as given (before the searched unit is varied)."""
    from types import SimpleNamespace

    from sim.armies import get_key, with_key
    from sim.echo import battle_line

    body = {k: v for k, v in scenario.items() if k not in battles.RUN_KEYS}
    for key in str(opts["solve_for"]).split(","):  # the searched units start at 1 (the solver scans upwards)
        if get_key(body, key.strip()) is None:
            body = with_key(body, key.strip(), 1)
    rules = battles.battle_rules(game, {**(scenario.get("rules") or {}), **parse_assignments(opts["overrides"])})
    line = battle_line(SimpleNamespace(game=game, scenario=body, rules=rules, exact=None), exact=opts["exact"])
    return line.replace(" battle: ", f" battle, searching {opts['solve_for']} upwards from the army shown: ", 1)


def format_result(result: battles.BattleResult) -> str:
    """The human output of a battle (``sim.output.format_battle``)."""
    from sim.output import format_battle

    return format_battle(result)


def _file_command(path: str) -> click.Command:
    def callback(**opts):
        scenario = battles.load_scenario(path)
        run_and_print(scenario["game"], scenario, path, opts)

    return with_backend(
        click.Command(path, params=list(COMMON_OPTIONS), callback=callback, help="Run the battle in a scenario file.")
    )


def _game_command(game: str) -> click.Command:
    module = battle_module(game)

    def callback(**opts):
        with flags_named(click.get_current_context().command):
            run_and_print(game, module.scenario_from_cli(opts), "command line", opts)

    return with_backend(
        click.Command(game, params=module.cli_options() + list(COMMON_OPTIONS), callback=callback,
                      help=GAMES[game].battle_help)
    )


@contextlib.contextmanager
def flags_named(command: click.Command):
    """A scenario built from flags is checked as a mapping (source "command line", key ``attacker_bonus.swords``):
    name the flag that set it instead (``--attacker-bonus: swords``)."""
    try:
        yield
    except ConfigError as exc:
        if exc.source != "command line" or not exc.key:
            raise
        flags = {opt for param in command.params for opt in getattr(param, "opts", [])}
        parts = exc.key.replace("[", ".[").split(".")
        for i in range(len(parts), 0, -1):
            flag = "--" + "-".join(parts[:i]).replace("_", "-")
            if flag in flags:
                rest = ".".join(parts[i:]).replace(".[", "[")
                rest = rest.removeprefix("units.") if rest.startswith("units.") else rest  # --attacker holds the units
                raise ConfigError(flag, rest, exc.expected, exc.found) from None
        raise


class BattleGroup(click.Group):
    """``sim battle GAME [flags]`` or ``sim battle SCENARIO.yaml [flags]``."""

    def list_commands(self, ctx):
        return sorted(having("battle"))

    def get_command(self, ctx, name):
        if name in having("battle"):
            return _game_command(name)
        if name.endswith((".yaml", ".yml")) or Path(name).exists():
            return _file_command(name)
        return None


@click.group()
@click.version_option(package_name="sim")
@click.option("--debug", is_flag=True, help="Show the full traceback of an error (anywhere on the command line).")
def cli(debug):
    """sim: battle odds and balance statistics for Principes, Dark Ages: HRE and Winged Hussars.

    Every command prints first what it understood (the battle or study, defaults included, and the engine), then
    the numbers; `sim explain METRIC` says what a metric means."""


@cli.group(cls=BattleGroup)
def battle():
    """Battle odds: exact where feasible, and Monte Carlo with 95% intervals."""


@cli.command("run")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--games", type=click.IntRange(min=1), help="Games to play (default: the file's, else 10,000).")
@click.option("--seed", type=SEED, help="Root seed 0..2^64−1; the same seed gives the same games.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--save", type=OUT_DIR, help="Checkpoint here; write result.json, games.parquet.")
@click.option("--resume", is_flag=True, help="Continue the run checkpointed in --save DIR.")
@click.option("--chunk", type=click.IntRange(min=1), help="Games per chunk (default: about 16 chunks a run).")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar on long runs.")
@click.option(
    "--set", "overrides", multiple=True, metavar="KEY=VALUE",
    help="Change an experiment key (history=false) or any rules value (battle_die.faces=[sword,shield]).",
)
def run_command(file, games, seed, workers, as_json, save, resume, chunk, progress, overrides):
    """Play a full-game experiment (scripted strategies, many games) and report win rates with intervals."""
    from sim.experiments import apply_sets, load_experiment, run_experiment
    from sim.output import format_study

    if resume and not save:
        raise SimError("--resume needs --save DIR (the directory of the run to continue)")
    result = run_experiment(
        apply_sets(load_experiment(file), parse_assignments(overrides)),
        source=file,
        games=games,
        seed=seed,
        workers=workers,
        progress=progress,
        save=save,
        resume=resume,
        chunk=chunk,
    )
    click.echo(dumps(result.to_json()) if as_json else format_study(result))


with_backend(run_command)


@cli.command()
@click.argument("game")
@click.option("--file", "only", metavar="STEM", help="Only this rules file (rules, game, map, …).")
@click.option("--assumed", is_flag=True, help="Only the assumed values.")
def rules(game, only, assumed):
    """Print every rules value of a game, file by file, with its provenance and the key that overrides it.

    Assumed values come first in each file. Any key shown can be changed with --set KEY=VALUE or an
    experiment's rules: mapping."""
    from sim.config import load_ruleset

    if game not in GAMES:
        raise ConfigError("sim rules", "GAME", f"one of {', '.join(GAMES)}", game)
    ruleset = load_ruleset(game)
    if only is not None and only not in ruleset.files:
        raise ConfigError("--file", "", f"one of {', '.join(ruleset.files)}", only)
    order = {"assumed": 0, "override": 1, "rulebook": 2}
    total = n_assumed = 0
    for stem, loaded in ruleset.files.items():
        if only is not None and stem != only:
            continue
        shown = [p for p in loaded.provenance if not assumed or p.source == "assumed"]
        click.secho(f"== {stem}.yaml ({len(shown)} values)", bold=True)
        for p in sorted(shown, key=lambda p: order[p.source]):
            key = ruleset.override_key(stem, p.key)
            click.echo(f"[{p.source}] {key} = {json.dumps(p.value)}\n    {p.note}")
        total += len(shown)
        n_assumed += sum(p.source == "assumed" for p in shown)
    click.echo(f"\n{n_assumed} assumed values, {total} in all (configs/{game}/*.yaml)")


@cli.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON list: each study's manifest and answer.")
@click.option("--markdown", is_flag=True, help="Print the verdict-at-a-glance table (the README's, generated).")
@click.option("--index", is_flag=True, help="Print docs/studies/index.md (every study, generated).")
def studies(game, as_json, markdown, index):
    """The studies shipped with sim (studies/GAME/STUDY/), current first: each one's question and answer.

    A current study answers its question; a superseded one is kept because a current one reads it."""
    from sim import studies as S

    if sum((as_json, markdown, index)) > 1:
        raise ConfigError("sim studies", "--json/--markdown/--index", "at most one of them", "more")
    found = S.studies(game)
    if markdown or index:
        return click.echo(S.glance_markdown() if markdown else S.index_markdown(), nl=False)
    if as_json:
        return click.echo(json.dumps([S.to_json(s) for s in found], indent=1, ensure_ascii=False))
    if not found:
        return click.echo(f"no studies shipped for {game}")
    for s in found:
        click.echo(f"{s.status:<10}  {s.game}/{s.name}: {s.question} {S.answer(s.headline)}.")


@cli.command()
@click.option("-o", "--out", default="out/demo", show_default=True, type=OUT_DIR)
@click.option("--trials", default=200_000, show_default=True, type=click.IntRange(min=1))
@click.option("--progress/--no-progress", default=True, help="Show a progress bar (on a terminal).")
def demo(out, trials, progress):
    """One page, OUT/index.html: each game's battle odds, balance verdict, module effects and reports."""
    from reports.demo import run_demo

    written = run_demo(Path(out), trials, progress=progress)
    reports = sum(p.name == "report.html" for p in written)
    click.echo(f"wrote {Path(out) / 'index.html'}: open it in a browser ({reports} reports, {len(written)} files)")


@cli.command()
@click.argument("metric", required=False)
def explain(metric):
    """What a metric means, in one line (every metric when none is named).

    METRIC is a name as the tables print it (mean_lost.attacker, per_token.token_3:infantry=2:gold.attacker_win,
    win_rate, shared_win); a dotted name is explained by its first part."""
    from sim import glossary

    if metric is None:
        width = max(map(len, glossary.GLOSSARY))
        for name, text in glossary.GLOSSARY.items():
            click.echo(f"{name:<{width}}  {text}")
        return
    entry = glossary.lookup(metric)
    if entry is None:
        raise ConfigError("sim explain", "METRIC", "a metric name (sim explain lists them)", metric)
    click.echo(f"{metric}: {entry}")


# modules exposing ``commands``: the top-level click commands beyond the battle group (a game's own, e.g. ``sim
# tactics hussars``, come from its ``Game.commands``)
COMMAND_MODULES = ("reports.cli", "sim.serve.cli", "sim.balance.cli", "sim.ladder", "sim.rules_cli", "sim.verdict.cli")
for _name in (*(m for g in GAMES.values() for m in g.commands), *COMMAND_MODULES):
    for _command in importlib.import_module(_name).commands:
        cli.add_command(_command)


def _terminate(signum, frame):
    raise Interrupted(signum)


def main(argv: list[str] | None = None) -> None:
    """Run ``sim``. Every user error is one line and exit code 2; a stopped run says how to resume it (exit 130 on
    SIGINT, 143 on SIGTERM); tracebacks only with ``--debug``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]
    previous = None
    with contextlib.suppress(ValueError):  # not in the main thread (a test harness): leave SIGTERM alone
        previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        _main(argv, debug)
    finally:
        if previous is not None:  # called in-process (tests, notebooks): give the caller its handler back
            signal.signal(signal.SIGTERM, previous)


def _traceback(debug: bool) -> None:
    if debug:
        traceback.print_exc()


def _main(argv: list[str], debug: bool) -> None:
    """The one error formatter. ``--debug`` adds the traceback above the same line and exit code."""
    try:
        cli.main(args=argv, prog_name="sim", standalone_mode=False)
    except Stopped as exc:
        click.secho(str(exc), fg="yellow", err=True)
        sys.exit(128 + exc.signum)
    except (click.exceptions.Abort, KeyboardInterrupt, Interrupted) as exc:
        click.secho("stopped", fg="yellow", err=True)
        sys.exit(128 + getattr(exc, "signum", signal.SIGINT))
    except click.exceptions.NoArgsIsHelpError as exc:
        click.echo(exc.ctx.get_help() if exc.ctx is not None else str(exc))
        sys.exit(0)
    except click.UsageError as exc:
        _traceback(debug)
        click.secho(f"error: {usage_error(exc, argv)}", fg="red", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        _traceback(debug)
        click.secho(f"error: {exc.format_message()}", fg="red", err=True)
        sys.exit(2)
    except SimError as exc:
        _traceback(debug)
        click.secho(f"error: {exc}", fg="red", err=True)
        sys.exit(2)
    except OSError as exc:  # the environment, not sim: a full disk, a permission, a vanished file
        _traceback(debug)
        where = f"{exc.filename}: " if exc.filename else ""
        click.secho(f"error: {where}{exc.strerror or exc}", fg="red", err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the last resort: a bug in sim, not the user's input
        _traceback(debug)
        click.secho(
            f"error: internal error ({type(exc).__name__}: {exc}); rerun with --debug for the traceback and report it",
            fg="red",
            err=True,
        )
        sys.exit(1)
