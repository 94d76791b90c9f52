"""Battles small enough to solve by hand, checked against the exact DP and the Monte Carlo kernel.

Level 1 values (rules.yaml): Infantry melee 5 armour 1; Archer volley 5, melee 6, armour 1; Cavalry charge 5,
melee 5, armour 2. On a d6 a 5+ hits with 1/3, a 6 with 1/6.
"""

from fractions import Fraction as F

import pytest

from sim.config import load_rules
from sim.games.dark_ages import battle
from sim.runner import run

RULES = load_rules("dark_ages")


def payload(raw: dict):
    return battle.compile(RULES, battle.scenario_from_dict(raw, "test", RULES))


def inf_vs_inf(**extra) -> dict:
    return {"attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, **extra}


CASES = [
    # 1 Infantry v 1 Infantry, melee only: the attacker wins iff it hits (1/3) and the defender misses (2/3).
    ("inf_v_inf", inf_vs_inf(), F(1, 3) * F(2, 3)),
    # a neighbouring Keep level gives the defender +1 on its melee die: it hits on 4+ (1/2).
    ("neighbour_keep", {**inf_vs_inf(), "defender": {"units": {"infantry": 1}, "keeps": 1}}, F(1, 3) * F(1, 2)),
    # the attacker's Reinforce card turns a 4 into a 5 (1/2), the defender still hits 1/3.
    ("reinforce", inf_vs_inf(reinforce="attacker"), F(1, 2) * F(2, 3)),
    # Cavalry (armour 2) cannot be killed by one Infantry hit; it wins if its charge (1/3) or melee hits.
    ("cav_v_inf", {"attacker": {"units": {"cavalry": 1}}, "defender": {"units": {"infantry": 1}}},
     F(1, 3) + F(2, 3) * F(1, 3)),
    # an Archer's volley kills the Infantry before it can roll; otherwise melee 6+ against 5+.
    ("archer_v_inf", {"attacker": {"units": {"archer": 1}}, "defender": {"units": {"infantry": 1}}},
     F(1, 3) + F(2, 3) * F(1, 6) * F(2, 3)),
]  # fmt: skip


@pytest.mark.parametrize("name,raw,expected", CASES, ids=[c[0] for c in CASES])
def test_exact_matches_hand_computation(name, raw, expected):
    assert battle.exact(payload(raw))["attacker_win"] == pytest.approx(float(expected), abs=1e-12)


def test_inf_v_inf_other_metrics_by_hand():
    out = battle.exact(payload(inf_vs_inf()))
    assert out["tie"] == pytest.approx(1 / 9 + 4 / 9)  # both hit (mutual destruction) or both miss
    assert out["mean_lost"]["attacker"] == pytest.approx(1 / 3)
    assert out["battle_result"]["attacker"] == pytest.approx({"0": 1 / 3, "1": 2 / 3})
    assert out["survivors"]["defender"]["infantry"] == pytest.approx(2 / 3)


@pytest.mark.stat
@pytest.mark.parametrize("name,raw,expected", CASES, ids=[c[0] for c in CASES])
def test_monte_carlo_matches_hand_computation(name, raw, expected, mc_trials):
    p = payload(raw)
    out = run(battle.run_chunk, p, mc_trials, 7, progress=False)
    metrics = battle.summarize(out.counts, out.n, p)
    q = float(expected)
    sigma = (q * (1 - q) / out.n) ** 0.5
    assert abs(metrics["attacker_win"] - q) < 4.5 * sigma  # fails by chance about once in 150 000 runs
    lo, hi = metrics["attacker_win_ci95"]
    assert lo < metrics["attacker_win"] < hi
