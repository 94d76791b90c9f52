"""The conformance harness every battle game passes: the output contract, reproducibility across workers and
chunkings, Monte Carlo agreeing with exact, and unknown scenario keys refused. New games are picked up from the
registry and their bundled scenario files."""

import math

import pytest

from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.games import having

SCENARIOS = [(game, path) for game in having("battle")
             for path in sorted((CONFIG_DIR / game / "battles").glob("*.yaml"))]


def test_every_game_bundles_scenarios():
    assert {game for game, _ in SCENARIOS} == set(having("battle"))


@pytest.mark.parametrize("game, path", SCENARIOS, ids=[f"{g}/{p.stem}" for g, p in SCENARIOS])
def test_contract_and_reproducibility(game, path):
    scenario = load_scenario(path)
    one = run_battle(game, scenario, source=str(path), trials=40_000, seed=3, exact=True)
    many = run_battle(game, scenario, source=str(path), trials=40_000, seed=3, workers=2, chunk=7_000)
    assert one.metrics == many.metrics
    data = one.to_json()
    assert {"game", "trials", "seed", "attacker_win", "attacker_win_ci95", "defender_win", "mean_lost"} <= set(data)
    assert set(data["mean_lost"]) == {"attacker", "defender"}
    lo, hi = data["attacker_win_ci95"]
    assert 0 <= lo <= data["attacker_win"] <= hi <= 1
    if one.exact is not None:
        p = one.exact["attacker_win"]
        assert abs(one.metrics["attacker_win"] - p) <= 5 * math.sqrt(max(p * (1 - p), 1e-4) / one.n)
    other = run_battle(game, scenario, source=str(path), trials=40_000, seed=4)
    assert other.seed == 4 and other.n == 40_000


@pytest.mark.parametrize("game, path", list(dict(SCENARIOS).items()))  # one scenario per game
def test_unknown_scenario_key_is_refused(game, path):
    scenario = {**load_scenario(path), "no_such_key": 1}
    with pytest.raises(ConfigError, match="no_such_key"):
        run_battle(game, scenario, source=str(path), trials=1000)
