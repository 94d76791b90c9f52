import os
import subprocess
import sys
from pathlib import Path

import pytest

# Compiles (or loads from numba's cache) the Principes full-game engine: one game exercises every kernel.
WARM_PRINCIPES = """
from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.rng import experiment_key
raw = {"seats": ["builder", "conqueror", "politician", "random"], "neighbors": True, "progress": "tiles"}
chunk.run_games(experiment.experiment_from_dict(raw, "warm-up"), experiment_key(0), 0, 1)
"""


@pytest.fixture
def mc_trials() -> int:
    """Trials for statistical checks: plenty locally, fewer on CI (SIM_MC_TRIALS)."""
    return int(os.environ.get("SIM_MC_TRIALS", "2000000"))


def pytest_collection_finish(session):
    """A run that reaches both compiled full-game engines compiles the Principes one in a second process while the
    Dark Ages tests (collected first) compile theirs: numba caches the machine code on disk, so the Principes tests
    load it instead of compiling it. On a cold cache (CI) this saves minutes on 2 cores; warm, it costs a second."""
    paths = {str(item.path) for item in session.items}
    if any("dark_ages" in p for p in paths) and any("principes" in p for p in paths):
        root = Path(__file__).resolve().parent.parent
        session.config._warm = subprocess.Popen(
            [sys.executable, "-c", WARM_PRINCIPES], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )


def pytest_sessionfinish(session):
    warm = getattr(session.config, "_warm", None)
    if warm is not None and warm.poll() is None:
        warm.kill()
        warm.wait()
