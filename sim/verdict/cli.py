"""``sim verdict STUDY``: the ladder of a study (``sim.verdict.ladder``), its verdict (``sim.verdict.convergence``)
and its designer report (``reports.verdict``), all in ``--out DIR``."""

from __future__ import annotations

import shlex

import click

from sim.cli_backend import with_backend
from sim.cli_types import SEED
from sim.errors import ConfigError
from sim.ladder import budgets as parse_budgets
from sim.results import dumps

DEFAULT_GAMES = 200


def ladder_budgets(budgets: str | None, b0: int | None, rungs: int | None) -> list[int]:
    """``--budgets 4,8,16``, or ``--b0 4 --rungs 3`` (4, 8, 16); default 4, 8, 16."""
    if budgets is not None:
        if b0 is not None or rungs is not None:
            raise ConfigError("--budgets", "", "either --budgets or --b0/--rungs", "both")
        try:
            return parse_budgets(budgets)
        except ConfigError:
            raise ConfigError("--budgets", "", "a comma list of whole numbers ≥ 1 (4,8,16)", budgets) from None
    return [(b0 or 4) * 2**k for k in range(rungs or 3)]


@click.command()
@click.argument("study", type=click.Path(dir_okay=False))
@click.option("--budgets", help="Playouts per candidate at each rung, growing (default 4,8,16).")
@click.option("--b0", type=click.IntRange(min=1), help="The first rung's budget (with --rungs: B0, 2·B0, 4·B0, …).")
@click.option("--rungs", type=click.IntRange(min=1), help="How many doubling rungs from --b0 (default 3).")
@click.option("--games", type=click.IntRange(min=2), default=DEFAULT_GAMES, show_default=True,
              help="Games at every rung (the same games at each).")  # fmt: skip
@click.option("--trace-games", type=click.IntRange(min=2), help="Games of each seat's skill trace (default: games / "
              "seats).")  # fmt: skip
@click.option("--no-trace", is_flag=True, help="Skip the skill trace (the verdict then cannot converge).")
@click.option("--seed", type=SEED, help="Root seed (default: the study's).")
@click.option("--policy", help="The searchers' plan: a plan name in every seat, or an experiment or equilibrium file "
              "whose seats give each faction its plan (default: the study's seats).")  # fmt: skip
@click.option("--see-hidden", is_flag=True, help="Playouts see the hidden cards (the cheating upper bound; default: "
              "each playout resamples what its seat cannot see).")  # fmt: skip
@click.option("--plans", type=click.Path(dir_okay=False, exists=True), help="A plan-equilibrium verdict (sim balance's "
              "balance.json) to set beside the ladder's.")  # fmt: skip
@click.option("--title", help="The verdict's title (default: the study's).")
@click.option("--out", required=True, type=click.Path(file_okay=False), help="The ladder's folder (checkpoints, games, "
              "verdict.json, plots, report).")  # fmt: skip
@click.option("--resume", is_flag=True, help="Continue the ladder in --out (its budgets may grow).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Print verdict.json instead of the verdict in words.")
@click.option("--progress/--no-progress", default=True, help="Show progress.")
def verdict(study, budgets, b0, rungs, games, trace_games, no_trace, seed, policy, see_hidden, plans, title, out,
            resume, workers, as_json, progress):  # fmt: skip
    """The balance verdict from strong play: the searcher in every seat at doubling budgets on the same games, each
    rung's win rates, game ends and lengths, its skill trace, and whether the win rates have stopped moving."""
    from reports.verdict import build
    from sim.verdict.ladder import Ladder

    steps = ladder_budgets(budgets, b0, rungs)
    flags = [("--trace-games", trace_games), ("--seed", seed), ("--policy", policy), ("--plans", plans),
             ("--title", title)]
    command = " ".join(["sim verdict", shlex.quote(study), "--budgets", ",".join(map(str, steps)),
                        "--games", str(games),
                        *(f"{flag} {shlex.quote(str(v))}" for flag, v in flags if v is not None),
                        *(["--no-trace"] if no_trace else []), *(["--see-hidden"] if see_hidden else []),
                        "--out", shlex.quote(out)])  # fmt: skip
    ladder = Ladder(study, steps, games=games, trace_games=trace_games, seed=seed, out=out, policy=policy,
                    determinize=not see_hidden, workers=workers, resume=resume, progress=progress,
                    trace=not no_trace, command=command, title=title)  # fmt: skip
    result = ladder.run(on_rung=lambda r: build(r, out, plans))
    click.echo(dumps(result) if as_json else result["verdict"]["text"])


commands = [with_backend(verdict)]
