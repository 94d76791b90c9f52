"""Fixtures shared by the Principes full-game tests."""

import pytest

from sim.games.principes.game.setup import load_game_rules
from sim.games.principes.map import load_board


@pytest.fixture(scope="module")
def board_rules():
    """The bundled board and game rules, loaded once per test module."""
    return load_board(), load_game_rules()
