"""The registry of games. A game joins sim by adding one line here; see ``sim.battles`` for the contract."""

from __future__ import annotations

import importlib

from sim.errors import ConfigError

GAMES = ("principes", "dark_ages", "hussars")

# game id → module implementing the battle-odds contract described in sim/battles.py
BATTLE_MODULES = {
    "principes": "sim.games.principes.battle",
    "dark_ages": "sim.games.dark_ages.battle",
    "hussars": "sim.games.hussars.battle",
}


def battle_module(game: str, source: str = "game"):
    if not isinstance(game, str) or game not in BATTLE_MODULES:
        raise ConfigError(source, "game", f"one of {', '.join(sorted(BATTLE_MODULES))}", game)
    return importlib.import_module(BATTLE_MODULES[game])


# modules exposing ``commands``: extra top-level click commands a game brings (e.g. ``sim tactics hussars``)
COMMAND_MODULES: list[str] = [
    "sim.games.hussars.cli",
    "sim.games.dark_ages.cli",
    "reports.cli",
    "sim.serve.cli",
    "sim.balance.cli",
    "sim.ladder",
    "sim.rules_cli",
    "sim.verdict.cli",
]
