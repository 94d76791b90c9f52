"""Random Tactic hands and the random-hand Monte Carlo against its exact value."""

import math

import pytest

from sim import battle
from sim.errors import ConfigError
from sim.games.hussars.hands import deals


def test_deals_of_distinct_cards():
    out = deals({c: 1 for c in "abcdefg"}, 3)
    assert len(out) == math.comb(7, 3)
    assert sum(p for p, _ in out) == pytest.approx(1)
    assert all(p == pytest.approx(1 / 35) for p, _ in out)


def test_deals_merge_duplicate_cards():
    out = dict((hand, p) for p, hand in deals({"a": 2, "b": 1}, 2))
    assert out[frozenset("a")] == pytest.approx(1 / 3)  # both a's
    assert out[frozenset("ab")] == pytest.approx(2 / 3)


def test_hand_larger_than_the_deck_is_an_error():
    with pytest.raises(ConfigError, match="hands.size"):
        deals({"a": 1}, 2)


RANDOM_HANDS = dict(mode="full", hands="random", attacker="winged_hussar=1,pancerni=1,light_cavalry=1",
                    defender="cossack=2..5")


def test_random_hands_exact_is_a_probability_mix():
    r = battle("hussars", trials=1000, seed=1, exact=True, **RANDOM_HANDS)
    total = r.exact["attacker_win"] + r.exact["defender_win"] + r.exact["no_winner"]
    assert total == pytest.approx(1)
    assert 0 < r.exact["attacker_win"] < 1


@pytest.mark.stat
def test_random_hands_monte_carlo_matches_exact(mc_trials):
    # 4 standard errors, so a fixed seed at any SIM_MC_TRIALS passes unless the engine is wrong
    r = battle("hussars", trials=mc_trials, seed=11, exact=True, **RANDOM_HANDS)
    n = r.n
    for metric in ("attacker_win", "no_winner"):
        p = r.exact[metric]
        assert abs(r.metrics[metric] - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-9, metric
    for side in ("attacker", "defender"):
        lo, hi = r.metrics["mean_lost_ci95"][side]
        half = (hi - lo) / 2 * 4 / 1.96
        assert abs(r.metrics["mean_lost"][side] - r.exact["mean_lost"][side]) <= half + 1e-9, side


def test_same_seed_same_counts_any_chunking():
    from sim.config import load_rules
    from sim.games.hussars import battle as hb
    from sim.rng import experiment_key

    rules = load_rules("hussars")
    payload = hb.compile(rules, hb.scenario_from_dict(dict(RANDOM_HANDS), "test", rules))
    key = experiment_key(3)
    whole, _ = hb.run_chunk(payload, key, 0, 3000, False)
    parts = [hb.run_chunk(payload, key, s, 1000, False)[0] for s in (0, 1000, 2000)]
    assert (sum(p["case_hits"] for p in parts) == whole["case_hits"]).all()
    assert int(sum(p["attacker_win"] for p in parts)) == int(whole["attacker_win"])
