"""Shared set-ups for the module tests: a strategy that never acts, and a fresh game with one module installed."""

from __future__ import annotations

import random

from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.setup import new_game
from strategies.dark_ages.base import Strategy

RULERS = ("berengar_of_ivrea", "gero_the_great", "tomislav", "conrad_the_red")


class Stub(Strategy):
    """Never chooses an action: the tests drive the game by hand."""

    def choose_action(self, game, seat, options, can_pass):
        return None


def game_with(module: str, n: int = 3, seed: int = 0, rulers=None):
    """A fresh game of ``n`` players (or the given Rulers) with ``module`` installed, dealt from ``seed``."""
    rulers = list(rulers or RULERS[:n])
    g = new_game(cached_context(), rulers, [Stub() for _ in rulers], random.Random(seed))
    modules.install(g, (module,))
    return g
