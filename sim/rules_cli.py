"""``sim sensitivity`` and ``sim rebalance``: which rules values a study's verdict depends on, and the smallest
rules change that balances its factions."""

from __future__ import annotations

import click

from sim.cli_backend import with_backend
from sim.cli_types import OUT_DIR, SEED


def _study(file: str, field: str | None):
    from sim.experiments import load_experiment

    return load_experiment(file), (load_experiment(field) if field else None)


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--field", type=click.Path(dir_okay=False), help="Play this experiment's seats instead (e.g. a shipped "
              "equilibrium.yaml).")  # fmt: skip
@click.option("--all", "include_rulebook", is_flag=True, help="Also the values the rulebook prints.")
@click.option("--only", metavar="PREFIX", help="Only the values whose key starts so (e.g. rulers.).")
@click.option("--games", type=int, default=500, show_default=True, help="Games per screened point.")
@click.option("--trajectories", type=int, default=4, show_default=True, help="Morris trajectories.")
@click.option("--top", type=int, default=5, show_default=True, help="Values confirmed one at a time.")
@click.option("--confirm-games", type=int, help="Games per side of a confirmation (default 4 × --games).")
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--save", type=OUT_DIR, help="Keep every point here (a rerun plays only what is missing); "
              "sensitivity.json and tornado.png.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def sensitivity(file, field, include_rulebook, only, games, trajectories, top, confirm_games, seed, workers, save,
                as_json):  # fmt: skip
    """Rank the rules values (assumed ones; --all: every one) the study's verdict depends on: a Morris screen of
    each number one notch down and up on the same games, then the top values confirmed with paired intervals."""
    from sim.results import dumps
    from sim.sensitivity import format_sensitivity
    from sim.sensitivity import sensitivity as run

    raw, field_raw = _study(file, field)
    result = run(raw, source=file, field_raw=field_raw, include_rulebook=include_rulebook, only=only, games=games,
                 trajectories=trajectories, top=top, confirm_games=confirm_games, seed=seed, workers=workers,
                 save=save)  # fmt: skip
    click.echo(dumps(result.to_json()) if as_json else format_sensitivity(result))


commands = [with_backend(sensitivity)]
