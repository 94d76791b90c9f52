import os
import subprocess
import sys
from pathlib import Path

import pytest

# One game of each compiled full-game engine, every kernel reached: compiles it (or loads numba's cache). Listed
# longest compile first; each later one, and the test workers after them, runs one nice level lower, so that on two
# cores the longest compile (the run's critical path) is never the one kept waiting.
WARM = {
    "principes": """
from sim.experiments import run_experiment
run_experiment({"game": "principes", "seats": ["builder", "conqueror", "politician", "random"], "neighbors": True,
                "progress": "tiles", "court": True, "princesses": True, "engine": "fast"}, games=1, workers=1)
searcher = {"name": "s", "uses": "rollout", "params": {"rollouts": 1, "policy": "politician"}}  # tests/search
run_experiment({"game": "principes", "seats": ["builder", searcher, "conqueror", "random"]}, games=1, workers=1)
run_experiment({"game": "principes", "mode": "solo", "princesses": True, "progress": "tiles", "engine": "fast"},
               games=3, workers=1)  # the solo engine (fast.solo)
""",
    "hussars": """
from sim.experiments import run_experiment
run_experiment({"game": "hussars", "battles": "full", "engine": "fast"}, games=1, workers=1)
""",
    "dark_ages": """
from sim.experiments import run_experiment
run_experiment({"game": "dark_ages", "players": 3, "engine": "fast"}, games=1, workers=1)
run_experiment({"game": "dark_ages", "mode": "solo", "engine": "fast"}, games=1, workers=1)
""",
}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def mc_trials() -> int:
    """Trials for statistical checks: plenty locally, fewer on CI (SIM_MC_TRIALS)."""
    return int(os.environ.get("SIM_MC_TRIALS", "2000000"))


def pytest_sessionstart(session):
    """Compile the engines a run reaches in processes of their own, all at once, while the tests start: on a cold
    cache (CI) each engine takes minutes. ``sim.numba_cache.call`` holds a lock beside an engine's cache while it
    compiles, so a test (or an xdist worker) that reaches an engine waits for that one compile and loads the machine
    code, and nothing is compiled twice. Warm, each costs a second. Runs in the xdist controller, not the workers."""
    if hasattr(session.config, "workerinput"):
        os.nice(len(WARM))
        return
    args = [a.split("::")[0] for a in session.config.args] or ["tests"]
    broad = any(Path(a).resolve() in (ROOT, ROOT / "tests") for a in args)
    games = [g for g in WARM if broad or any(g in a for a in args)]
    session.config._warm = [subprocess.Popen([sys.executable, "-c", WARM[g]], cwd=ROOT, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL, preexec_fn=lambda n=i: os.nice(n))
                            for i, g in enumerate(games)]  # fmt: skip


def pytest_sessionfinish(session):
    for warm in getattr(session.config, "_warm", []):
        if warm.poll() is None:
            warm.kill()
            warm.wait()
