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


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--knobs", required=True, metavar="KEY[=LO..HI],…", help="The rules values to search (a list item as "
              "KEY[i]); without a range, two steps either side.")  # fmt: skip
@click.option("--target", type=float, default=2.0, show_default=True, help="Points of win rate every faction should "
              "land within of its fair share.")  # fmt: skip
@click.option("--budget", type=int, default=20_000, show_default=True, help="Games for the search.")
@click.option("--games", type=int, default=1_000, show_default=True, help="Games per candidate (all the same games).")
@click.option("--holdout", type=int, default=4_000, show_default=True, help="Held-out games of each side of the check.")
@click.option("--field", type=click.Path(dir_okay=False), help="Play this experiment's seats instead.")
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--out", type=click.Path(dir_okay=False), help="Write the rebalanced study (an experiment file with "
              "rules:) here.")  # fmt: skip
@click.option("--save", type=OUT_DIR, help="Keep every candidate here (a rerun plays only what is missing).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def rebalance(file, knobs, target, budget, games, holdout, field, seed, workers, out, save, as_json):
    """Search the named rules values (nevergrad) for the smallest change that brings every faction within --target
    points of its fair share, on common random numbers; confirm it on held-out games and write it as a study."""
    import math

    from sim.errors import ConfigError
    from sim.rebalance import format_rebalance, write_rules_file
    from sim.rebalance import rebalance as run
    from sim.results import dumps

    if not math.isfinite(target) or target < 0:
        raise ConfigError("--target", "", "points of win rate ≥ 0 (e.g. 2)", target)
    raw, field_raw = _study(file, field)
    result = run(raw, knobs, source=file, field_raw=field_raw, target=target / 100, budget=budget, games=games,
                 holdout=holdout, seed=seed, workers=workers, save=save)  # fmt: skip
    if out:
        from sim.sensitivity import study_body

        write_rules_file(study_body(raw, field_raw), result, out)
    click.echo(dumps(result.to_json()) if as_json else format_rebalance(result))


commands = [with_backend(sensitivity), with_backend(rebalance)]
