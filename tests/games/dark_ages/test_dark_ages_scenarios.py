"""The example scenarios in configs/dark_ages/battles run end to end and agree with their exact answers."""

from pathlib import Path

import pytest

from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR

SCENARIOS = sorted((CONFIG_DIR / "dark_ages" / "battles").glob("*.yaml"))


def test_there_are_example_scenarios():
    assert len(SCENARIOS) >= 2


@pytest.mark.stat
@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_example_scenario_runs_and_matches_exact(path: Path):
    result = run_battle("dark_ages", load_scenario(path), source=str(path), trials=400_000, exact=True)
    out = result.to_json()
    q = out["exact"]["attacker_win"]
    assert abs(out["attacker_win"] - q) <= 4.5 * (q * (1 - q) / out["trials"]) ** 0.5 + 1e-9
    assert set(out["survivors"]) == {"attacker", "defender"}
    assert out["survivors_ci95"]["attacker"]
    assert not result.summary.empty
