"""The Monte Carlo kernel (both its joint-pair and per-side table paths) against the exact DP."""

import numpy as np
import pytest

from sim.config import load_rules
from sim.games.dark_ages import battle, reference
from sim.games.dark_ages.payload import compile_battle
from sim.runner import run

RULES = load_rules("dark_ages")
Z = 4.5  # tolerance in standard errors: a correct kernel fails a check about once in 150 000

ARMIES = {
    "4v4": {"attacker": {"units": {"infantry": 3, "cavalry": 1}}, "defender": {"units": {"infantry": 2, "archer": 2}}},
    "keeps_and_transients": {
        "attacker": {"units": {"infantry": 2, "cavalry": 2}, "keeps": 2},
        "defender": {"units": {"infantry": 2, "cavalry": 1}, "keeps": 1},
        "farms": 2, "city": True, "keep": 2,
    },
    "tech_focus_reinforce": {
        "attacker": {"units": {"archer": 2, "cavalry": 2}, "tech": {"archer": 2, "cavalry": 3},
                     "policy": "focus-strongest"},
        "defender": {"units": {"infantry": 3, "archer": 1}, "tech": {"infantry": 3}},
        "farms": 1, "reinforce": "defender",
    },
    "random_token_trophies": {"attacker": {"units": {"infantry": 2, "archer": 1, "cavalry": 1}},
                              "barbarian_token": "random", "trophies": 3, "skirmishers": True},
    "lordlings": {"attacker": {"units": {"infantry": 3, "archer": 1}, "keeps": 1, "policy": "focus-strongest"},
                  "defender": {"faction": "lordling", "units": {"cavalry": 2, "infantry": 1}, "tech": {"cavalry": 4}},
                  "farms": 1},
}  # fmt: skip


def payloads(raw: dict):
    typed_battle = battle.scenario_from_dict(raw, "test", RULES)
    joint = compile_battle(typed_battle, 6, 16)
    per_side = compile_battle(typed_battle, 6, 16, pair_limit=0)
    assert joint.tables.pairs is not None and per_side.tables.pairs is None
    return joint, per_side


@pytest.mark.stat
@pytest.mark.parametrize("name", sorted(ARMIES))
@pytest.mark.parametrize("path", ["joint", "per_side"])
def test_monte_carlo_within_interval_of_exact(name, path, mc_trials):
    joint, per_side = payloads(ARMIES[name])
    p = joint if path == "joint" else per_side
    n = mc_trials if path == "joint" else max(mc_trials // 4, 100_000)  # the per-side path is slower
    exact = battle.exact(p)
    out = run(battle.run_chunk, p, n, 11, progress=False)
    mc = battle.summarize(out.counts, out.n, p)
    q = exact["attacker_win"]
    assert abs(mc["attacker_win"] - q) <= Z * (q * (1 - q) / out.n) ** 0.5 + 1e-9
    for side in ("attacker", "defender"):
        lo, hi = mc["mean_lost_ci95"][side]
        half = (hi - lo) / 2 * Z / 1.96  # the 95% interval's half-width, widened to Z standard errors
        assert abs(mc["mean_lost"][side] - exact["mean_lost"][side]) <= half + 1e-9
    if "per_token" in exact:
        for token, row in exact["per_token"].items():
            m, q = mc["per_token"][token], row["attacker_win"]
            k = m["tokens"] / sum(r["tokens"] for r in exact["per_token"].values()) * out.n
            assert abs(m["attacker_win"] - q) <= Z * (q * (1 - q) / k) ** 0.5 + 1e-9


@pytest.mark.stat
@pytest.mark.parametrize("name", ["keeps_and_transients", "tech_focus_reinforce"])
def test_plain_python_reference_within_interval_of_exact(name):
    """reference.py rolls every die itself: this checks exact.hit_distribution, which the kernel tables use."""
    joint, _ = payloads(ARMIES[name])
    n = 40_000
    got = reference.simulate(joint.battle, 6, n, seed=3)["attacker_win"]
    q = battle.exact(joint)["attacker_win"]
    assert abs(got - q) <= Z * (q * (1 - q) / n) ** 0.5


def test_exact_distribution_sums_to_one():
    joint, _ = payloads(ARMIES["keeps_and_transients"])
    from sim.games.dark_ages.exact import exact_counts

    counts = exact_counts(joint)
    assert counts["br_joint"].sum() == pytest.approx(1.0)
    assert np.all(counts["lost"] >= 0)
