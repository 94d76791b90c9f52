"""``sim crusade dark_ages``: Module 14A Crusade odds (listed in its ``Game.commands``)."""

from __future__ import annotations

import json

import click

from sim.config import blame_overrides, load_rules, parse_assignments
from sim.errors import ConfigError
from sim.games.dark_ages.battle import parse_units
from sim.games.dark_ages.crusade import crusade_odds
from sim.games.dark_ages.rules import validate


def parse_players(players: tuple[str, ...], techs: tuple[str, ...]) -> dict[str, dict]:
    """``("red:infantry=2,archer=1",)`` and ``("red:archer=2",)`` → {"red": {"units": {...}, "tech": {...}}}."""
    out: dict[str, dict] = {}
    for flag, items, key in (("--player", players, "units"), ("--tech", techs, "tech")):
        for item in items:
            name, sep, spec = item.partition(":")
            if not sep or not name:
                raise ConfigError(flag, item, "NAME:TYPE=N,…, e.g. red:infantry=2,archer=1", item)
            if key == "tech" and name not in out:
                raise ConfigError(flag, item, f"a player named by --player ({', '.join(out) or 'none yet'})", name)
            if name in out and out[name].get(key):
                raise ConfigError(flag, name, "each player once (list all their units in one flag)", item)
            out.setdefault(name, {"units": {}, "tech": {}})[key] = parse_units(spec, flag) or {}
    if not out:
        raise ConfigError("--player", "", "at least one contributing player", "none")
    return out


def _crusade(game: str, players, techs, defence: int, as_json: bool, overrides) -> None:
    if game != "dark_ages":
        raise ConfigError("command line", "GAME", "dark_ages (the only game with Crusades)", game)
    loaded = load_rules(game, parse_assignments(overrides))
    with blame_overrides(loaded):  # a bad --set value names --set, not the rules file
        rules = validate(loaded)
    report = crusade_odds(rules, parse_players(players, techs), defence, "command line")
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return
    click.echo(f"Crusade, Defence Value {defence}: P(victory) = {report['victory']:.4f}")
    for name, hits in report["expected_hits"].items():
        click.echo(f"  {name:<12} expected hits {hits:.3f}")


crusade = click.Command(
    "crusade",
    callback=_crusade,
    help="Module 14A: P(a Crusade succeeds) and expected hits per player (exact).",
    params=[
        click.Argument(["game"]),
        click.Option(["--player", "players"], multiple=True, help="NAME:units, e.g. red:infantry=2,archer=1."),
        click.Option(["--tech", "techs"], multiple=True, help="NAME:levels, e.g. red:archer=2."),
        click.Option(["--defence"], type=int, required=True, help="The Crusade card's Defence Value."),
        click.Option(["--json", "as_json"], is_flag=True, help="Print JSON."),
        click.Option(["--set", "overrides"], multiple=True, help="Override a rule, e.g. die.faces=8."),
    ],
)
commands = [crusade]
