"""``sim tune`` and ``sim balance`` (listed in ``sim.cli.COMMAND_MODULES``): parse, one library call, print."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import click

from sim.cli_backend import with_backend
from sim.cli_types import OUT_DIR, OUT_FILE, SEED, FiniteFloat
from sim.errors import ConfigError, SimError
from sim.results import dumps


def _command_line() -> str:
    """The command that reproduces this run (a resumed run's answer is the uninterrupted one's: no --resume)."""
    return "sim " + " ".join(shlex.quote(a) for a in sys.argv[1:] if a not in ("--debug", "--resume"))


def _int(name: str, value, least: int = 1):
    """A whole number ≥ least, or a clean error (click's own range check would exit 2 with its usage text)."""
    from sim.balance.tune import check_budget

    return None if value is None else check_budget(value, name, least)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", required=True, metavar="FACTION", help="The faction whose plan is tuned.")
@click.option("--plan", metavar="NAME", help="The plan to start from and compare with (default: the seat's own, or "
              "the best of its plans and the built-in ones).")  # fmt: skip
@click.option("--budget", type=int, default=None, help="Games for the search (default 60,000).")
@click.option("--holdout", type=int, default=None, help="Held-out games for each side of the check (default 20,000).")
@click.option("--candidates", type=int, default=None, help="Plans the optimizer tries (default 40).")
@click.option("--objective", default="win", show_default=True, help="win, or a win type (e.g. coronation).")
@click.option("--optimizer", default="ngopt", show_default=True, help="ngopt (nevergrad), tpe (optuna) or random.")
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--out", "out", type=OUT_FILE, help="Write the tuned plan file here (uses: + params:).")
@click.option("--name", help="The tuned plan's label (default tuned-FACTION).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--save", type=OUT_DIR, help="Checkpoint every evaluated candidate here.")
@click.option("--resume", is_flag=True, help="Continue the run checkpointed in --save DIR.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar with the time left.")
def tune(file, seat, plan, budget, holdout, candidates, objective, optimizer, seed, out, name, workers, save, resume,
         as_json, progress):  # fmt: skip
    """Tune one seat's plan against the experiment's field; check it against its baseline on held-out games."""
    from sim.balance import tune as T
    from sim.balance.report import format_tune, gain_text, plan_mapping, write_plan
    from sim.experiments import load_experiment

    if resume and not save:
        raise SimError("--resume needs --save DIR (the directory of the run to continue)")
    raw = load_experiment(file)
    result = T.tune(
        raw, seat, plan=plan, budget=_int("--budget", budget) or T.DEFAULT_BUDGET, seed=seed, objective=objective,
        holdout=_int("--holdout", holdout) or T.DEFAULT_HOLDOUT,
        candidates=_int("--candidates", candidates, 2) or T.DEFAULT_CANDIDATES, optimizer=optimizer, label=name,
        workers=workers, progress=progress, save=save, resume=resume, source=file,
    )  # fmt: skip
    body = result.to_json()
    if out:
        command = _command_line()
        header = (f"Tuned by: {command}\nHeld-out gain against {result.base}: {gain_text(result)} over "
                  f"{result.holdout_games:,} games")  # fmt: skip
        write_plan(out, plan_mapping(result, command), header)
        body["out"] = str(out)
        click.echo(f"wrote {out}", err=True)
    click.echo(dumps(body) if as_json else format_tune(result))


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--budget", type=int, default=None, help="Search games of each best-response tuning (default 60,000).")
@click.option("--rounds", type=int, default=None, help="Rounds of tuning at most (default 3).")
@click.option("--epsilon", type=FiniteFloat(), default=None,
              help="Points of win rate a best response must gain (default 1).")
@click.option("--precision", type=FiniteFloat(), default=None, help="95%% half-width of a faction's payoff (0.02).")
@click.option("--holdout", type=int, default=None, help="Held-out games of each best-response check (20,000).")
@click.option("--candidates", type=int, default=None, help="Plans each tuning tries (default 40).")
@click.option("--max-plans", type=int, default=None, help="Plans per faction at most (default 4).")
@click.option("--eval-games", type=int, default=None, help="Games of the final equilibrium replay (20,000).")
@click.option("--meta", default="nash", show_default=True, help="What each best response answers: nash (the round's "
              "table equilibrium) or average (the average of the rounds' equilibria: fictitious play).")  # fmt: skip
@click.option("--solver", default="logit", show_default=True, help="How a table is solved when the replicator dynamics "
              "and every pure profile leave regret: logit (then the logit path) or dynamics (only the dynamics' "
              "restarts: how the studies shipped before the logit step were found).")  # fmt: skip
@click.option("--start", "starts", multiple=True, metavar="FILE", help="Start each faction's population from the "
              "plans this experiment seats it with (another run's equilibrium.yaml; repeat to pool several runs) "
              "instead of the built-in plans.")  # fmt: skip
@click.option("--library", "libraries", multiple=True, metavar="FILE", help="Also check the verdict against every plan "
              "this experiment seats (e.g. other runs' equilibrium.yaml; repeatable), each as one faction's "
              "deviation.")  # fmt: skip
@click.option("--library-joins", is_flag=True, help="Each round, a faction's best --library plan that beats the "
              "round's equilibrium by more than ε joins its population, as a tuned best response does.")  # fmt: skip
@click.option("--oracle-seeds", type=int, default=None, help="Tuning runs per faction before it counts as having "
              "nothing to gain (default 1): each from its best plan on seeds of its own, one more only while none "
              "gained ε; the final check runs all of them and keeps the largest gain.")  # fmt: skip
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--save", type=OUT_DIR, help="Checkpoint every cell and tuning run here; write "
              "balance.json, equilibrium.yaml and plans/ here.")  # fmt: skip
@click.option("--resume", is_flag=True, help="Continue the run checkpointed in --save DIR.")
@click.option("--ship", metavar="NAME", help="Also write the result as a study shipped with sim: studies/GAME/NAME/ "
              "(balance.json, equilibrium.yaml, manifest.yaml, its plans in plans/, named NAME/PLAN).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--progress/--no-progress", default=True, help="Show progress bars and each round's numbers.")
def balance(file, budget, rounds, epsilon, precision, holdout, candidates, max_plans, eval_games, meta, solver, starts,
            libraries, library_joins, oracle_seeds, seed, workers, save, resume, ship, as_json, progress):  # fmt: skip
    """The meta-game of plans per faction: payoff table, equilibrium, tuned best responses until none gains ε."""
    from sim.balance import loop as L
    from sim.balance import tune as T
    from sim.balance.report import format_balance, write_balance
    from sim.experiments import load_experiment

    if resume and not save:
        raise SimError("--resume needs --save DIR (the directory of the run to continue)")
    if ship is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", ship):
        raise ConfigError("--ship", "", "a study name of lower-case letters, digits and dashes", ship)
    raw = load_experiment(file)
    pick = lambda v, default: default if v is None else v  # noqa: E731
    result = L.balance(
        raw, budget=pick(_int("--budget", budget), T.DEFAULT_BUDGET),
        rounds=pick(_int("--rounds", rounds), L.DEFAULT_ROUNDS),
        epsilon=pick(epsilon, L.DEFAULT_EPSILON), precision=pick(precision, L.DEFAULT_PRECISION),
        holdout=pick(_int("--holdout", holdout), T.DEFAULT_HOLDOUT),
        candidates=pick(_int("--candidates", candidates, 2), T.DEFAULT_CANDIDATES),
        max_plans=pick(_int("--max-plans", max_plans, 2), L.DEFAULT_MAX_PLANS),
        eval_games=pick(_int("--eval-games", eval_games), L.DEFAULT_EVAL), meta=meta, solver=solver,
        start=tuple((path, load_experiment(path)) for path in starts),
        library=tuple((path, load_experiment(path)) for path in libraries), library_joins=library_joins,
        oracle_seeds=pick(_int("--oracle-seeds", oracle_seeds), 1), seed=seed, workers=workers,
        progress=progress, save=save, resume=resume, source=file,
        log=(lambda line: click.echo(line, err=True)) if progress else None,
    )  # fmt: skip
    body = result.to_json()
    if save:
        for path in write_balance(result, raw, save, _command_line()):
            click.echo(f"wrote {path}", err=True)
        body["equilibrium_file"] = str(Path(save) / "equilibrium.yaml")
    if ship:
        from sim.studies import STUDIES_DIR

        shipped = STUDIES_DIR / result.game / ship
        for path in write_balance(result, raw, shipped, _command_line(), ship=ship):
            click.echo(f"wrote {path}", err=True)
        body["shipped"] = str(shipped)
    from sim.studies import from_ladder, from_ladder_text, ladder_of

    ladder = ladder_of(file)
    if ladder is not None:
        body["from_ladder"] = from_ladder(result.metrics["win_rate"], ladder)
    click.echo(dumps(body) if as_json else format_balance(result))
    if ladder is not None and not as_json:
        click.echo("  " + from_ladder_text(body["from_ladder"]))


commands = [with_backend(c) for c in (tune, balance)]
