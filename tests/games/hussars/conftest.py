import pytest

from sim.games.hussars.rules import load


@pytest.fixture(scope="session")
def rules():
    return load()
