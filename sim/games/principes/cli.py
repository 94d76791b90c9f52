"""``sim ladder`` (registered in ``sim.games.COMMAND_MODULES``): parse, one library call (``ladder.ladder``), print."""

from __future__ import annotations

import click

from sim.cli_types import SEED
from sim.errors import ConfigError
from sim.results import dumps


def _budgets(text: str) -> list[int]:
    """``4,16,64`` → [4, 16, 64]; a one-line error for anything but whole numbers ≥ 0."""
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise ConfigError("--rollouts", "", "a comma list of whole numbers ≥ 0 (4,16,64)", text)
    return [int(p) for p in parts]


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", required=True, metavar="FACTION", help="The faction the searcher plays.")
@click.option("--rollouts", default="4,16,64", show_default=True, help="Playouts per candidate plan, each budget.")
@click.option("--games", type=int, default=None, help="Games at each budget (default 200).")
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--determinize", is_flag=True, help="Resample what the searcher cannot see before each playout.")
@click.option("--tactics", is_flag=True, help="Also weigh how the Round is carried out: attacks, targets, Councils.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar with the time left.")
def ladder(file, seat, rollouts, games, seed, workers, determinize, tactics, as_json, progress):
    """The rollout searcher at each budget in one seat against the experiment's field: win rate, paired gain over
    the seat's own plan, games/s, and the plan changes it makes most often."""
    from sim.experiments import load_experiment
    from sim.games.principes import ladder as L

    budgets = _budgets(rollouts)
    if games is not None and (isinstance(games, bool) or games < 2):
        raise ConfigError("--games", "", "a number of games ≥ 2", games)
    raw = load_experiment(file)
    result = L.ladder(raw, seat, budgets, games=games or L.DEFAULT_GAMES, seed=seed, workers=workers,
                      progress=progress, source=file, determinize=determinize, tactics=tactics)  # fmt: skip
    click.echo(dumps(result.to_json()) if as_json else L.format_ladder(result))


commands = [ladder]
