"""The games sim knows: one ``Game`` per game (``sim.games.game``), each exported as ``GAME`` by its package.

A game joins sim in one place: its ``GAME`` in the ``BUILTIN`` list here, or, for a game that lives outside sim (a
plugin, the toy game in tests/), ``register(GAME)`` or its module named in ``SIM_GAMES`` (comma-separated modules
that export ``GAME``). Every other registry is a lookup into ``GAMES``.
"""

from __future__ import annotations

import importlib
import os

from sim.errors import ConfigError
from sim.games.game import Demo, Game, load

BUILTIN = ("sim.games.principes", "sim.games.dark_ages", "sim.games.hussars")  # each package's __init__ holds its
# GAME alone (no engine import), so listing the games costs no numba load

GAMES: dict[str, Game] = {}  # game id → Game, in registration order


def register(game: Game) -> Game:
    """Add ``game`` to ``GAMES`` (again under its id: the latest definition wins)."""
    GAMES[game.id] = game
    return game


def get(name, source: str = "game", piece: str | None = None) -> Game:
    """The game ``name`` (with ``piece``, one of the games that have that piece, e.g. ``"experiment"``); an unknown
    name is a ConfigError naming ``source`` and the games there are."""
    known = having(piece) if piece else tuple(GAMES)
    if not isinstance(name, str) or name not in known:
        raise ConfigError(source, "game", f"one of {', '.join(sorted(known)) or 'none yet'}", name)
    return GAMES[name]


def having(piece: str) -> tuple[str, ...]:
    """The ids of the games that have ``piece`` (a ``Game`` field: ``"experiment"``, ``"ladder"``, …)."""
    return tuple(g.id for g in GAMES.values() if getattr(g, piece))


def name(game: str) -> str:
    """The game's name in output lines ("Dark Ages"); an unknown id as it is."""
    return GAMES[game].name if game in GAMES else game


def battle_module(game: str, source: str = "game"):
    """The module implementing ``game``'s battle-odds contract (``sim.battles``)."""
    return get(game, source, "battle").load("battle")


for _module in (*BUILTIN, *filter(None, os.environ.get("SIM_GAMES", "").split(","))):
    register(importlib.import_module(_module.strip()).GAME)

__all__ = ["BUILTIN", "GAMES", "Demo", "Game", "battle_module", "get", "having", "load", "name", "register"]
