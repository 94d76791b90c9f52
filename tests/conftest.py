import os

import pytest


@pytest.fixture
def mc_trials() -> int:
    """Trials for statistical checks: plenty locally, fewer on CI (SIM_MC_TRIALS)."""
    return int(os.environ.get("SIM_MC_TRIALS", "2000000"))
