"""The convergence rule (``sim.verdict.convergence``) and the paired summaries it reads (``sim.verdict.summary``) on
constructed cases: it fires exactly when every faction's paired change lies inside ±2 points, the ranking holds and
the skill trace gains at most 3 points, and otherwise says how far, which way and what would likely settle it."""

import math

import numpy as np
import pytest

from sim.compare import paired_ci
from sim.verdict.convergence import judge, settle
from sim.verdict.summary import change, rung_summary, trace_gain

KEYS = ["a", "b", "c"]


def rung(budget, rates, moves=None, trace=(0.01, -0.01, 0.02), games=4000):
    """A rung summary with win ``rates``, each faction's change ``moves`` {k: (change, lo, hi)} and a trace."""
    factions = {k: {"games": games, "wins": int(p * games), "win_rate": p, "win_ci95": [p - 0.01, p + 0.01]}
                for k, p in zip(KEYS, rates, strict=True)}
    return {"budget": budget, "games": games, "factions": factions,
            "ranking": sorted(KEYS, key=lambda k: -factions[k]["win_rate"]),
            "change": None if moves is None else {k: {"change": m[0], "ci95": [m[1], m[2]]} for k, m in moves.items()},
            "trace": None if trace is None else {"gain": trace[0], "ci95": [trace[1], trace[2]], "seats": {}}}


STILL = {k: (0.001, -0.015, 0.017) for k in KEYS}


def test_fires_when_every_check_holds():
    v = judge([rung(4, [0.5, 0.3, 0.2]), rung(8, [0.5, 0.3, 0.2], STILL)])
    assert v["converged"] and v["budget"] == 8 and v["previous_budget"] == 4
    assert v["checks"] == {"skill_trace": True, "win_rates": True, "ranking": True}
    assert v["text"].startswith("Converged at 8 playouts")


@pytest.mark.parametrize("case", ["wide", "moves", "ranking", "trace", "no trace", "one rung"])
def test_does_not_fire_when_one_check_fails(case):
    moves, rates, trace = dict(STILL), [0.5, 0.3, 0.2], (0.01, -0.01, 0.02)
    if case == "wide":  # no real move, but too few games: the interval pokes out of ±2 points
        moves["b"] = (0.0, -0.025, 0.025)
    if case == "moves":
        moves["c"] = (-0.05, -0.06, -0.04)
    if case == "ranking":
        rates = [0.5, 0.2, 0.3]
    if case == "trace":  # the point estimate is under 3, but not the top of its interval
        trace = (0.02, -0.001, 0.041)
    if case == "no trace":
        trace = None
    rungs = [rung(4, [0.5, 0.3, 0.2])] + ([] if case == "one rung" else [rung(8, rates, moves, trace)])
    v = judge(rungs)
    assert not v["converged"]
    assert v["text"].startswith("Not converged")
    failed = {"wide": "win_rates", "moves": "win_rates", "ranking": "ranking", "trace": "skill_trace",
              "no trace": "skill_trace", "one rung": "win_rates"}[case]
    assert v["checks"][failed] is False
    if case == "moves":
        assert v["largest_change"]["faction"] == "c" and v["directions"]["c"] == "down"
        assert "C down -5.0" in v["text"]  # the faction in words (sim.glossary.plain)


def test_settle_reads_the_budget_off_how_the_change_shrank():
    # the largest change went 8 → 4 points from 4→8 to 8→16 playouts: halving a rung, 1 point after 2 more rungs;
    # the skill trace 12 → 6 points: under 3 after 1 more rung. So about 64 playouts.
    rungs = [rung(4, [0.5, 0.3, 0.2], trace=(0.12, 0.1, 0.14)),
             rung(8, [0.5, 0.3, 0.2], {"a": (0.08, 0.06, 0.1), "b": (0, -0.01, 0.01), "c": (0, -0.01, 0.01)},
                  trace=(0.12, 0.1, 0.14)),
             rung(16, [0.5, 0.3, 0.2], {"a": (0.04, 0.02, 0.06), "b": (0, -0.01, 0.01), "c": (0, -0.01, 0.01)},
                  trace=(0.06, 0.04, 0.08))]
    s = settle(rungs)
    assert s["budget"] == 64
    assert s["games"] == math.ceil(4000 * (0.02 / 0.01) ** 2)  # the widest half-width, 2 points, down to 1
    assert not judge(rungs)["converged"] and "64 playouts" in judge(rungs)["text"]
    rungs[-1]["trace"] = None  # the top rung's skill trace did not finish: no budget is claimed
    assert settle(rungs)["budget"] is None and "not yet measured at 16" in settle(rungs)["text"]


def test_settle_says_when_the_games_not_the_budget_are_short():
    wide = {k: (0.001, -0.04, 0.04) for k in KEYS}  # no move, intervals of ±4 points
    s = settle([rung(4, [0.5, 0.3, 0.2]), rung(8, [0.5, 0.3, 0.2], wide, trace=(0.01, -0.03, 0.05))])
    assert s["budget"] == 8 and s["games"] == 4000 * 16
    assert s["text"].startswith("The budget may already be enough") and f"{4000 * 16:,} games" in s["text"]


def test_settle_says_when_nothing_can_be_read_off():
    rungs = [rung(4, [0.5, 0.3, 0.2]),
             rung(8, [0.5, 0.3, 0.2], {k: (0.03, 0.02, 0.04) for k in KEYS}),
             rung(16, [0.5, 0.3, 0.2], {k: (0.05, 0.04, 0.06) for k in KEYS})]  # growing, not shrinking
    s = settle(rungs)
    assert s["budget"] is None and "did not shrink" in s["text"] and "32 playouts" in s["text"]
    assert "noise" not in s["text"]  # each change's interval excludes 0: a real move, not noise
    rungs[-1] = rung(16, [0.5, 0.3, 0.2], {k: (0.05, -0.01, 0.11) for k in KEYS})
    assert "within its interval's noise" in settle(rungs)["text"] and f"{4000 * 36:,} games" in settle(rungs)["text"]


def test_changes_and_trace_are_paired_game_by_game():
    rng = np.random.default_rng(3)
    before = rng.integers(0, 2, (50, 3)).astype(float)
    after = before.copy()
    after[:10, 0] = 1 - after[:10, 0]  # ten games flip for faction a
    out = change(KEYS, before, after)
    assert out["a"]["change"] == pytest.approx((after[:, 0] - before[:, 0]).mean())
    assert out["a"]["ci95"] == pytest.approx(list(paired_ci(before[:, 0], after[:, 0])))
    assert out["b"]["change"] == 0 and out["b"]["ci95"] == [0, 0]
    # a faction not at a game's table (NaN) is left out of that game's pair, as in Dark Ages
    before[:5, 2] = np.nan
    assert change(KEYS, before, after)["c"]["change"] == pytest.approx(0.0)
    # skill trace: seat a at twice the budget wins the first 20 games; seat b's trace changes nothing
    traced_a = before[:20].copy()
    traced_a[:, 0] = 1
    t = trace_gain(KEYS, before, {"a": traced_a, "b": before[:20].copy()})
    assert t["seats"]["a"]["gain"] == pytest.approx((1 - before[:20, 0]).mean())
    assert t["seats"]["b"]["gain"] == 0
    per_game = ((1 - before[:20, 0]) + 0) / 2  # the two seats' differences averaged within each game
    assert t["gain"] == pytest.approx(per_game.mean()) and t["games"] == 20
    assert t["ci95"] == pytest.approx(list(paired_ci(np.zeros(20), per_game)))


def test_rung_summary_counts_what_the_games_say():
    won = np.array([[1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 0, 0]], float)
    s = rung_summary(8, KEYS, won, np.array(["x", "y", "x", "draw"]), np.array([6.0, 5.0, 6.0, 6.0]), 2.0)
    assert s["factions"]["a"]["win_rate"] == 0.5 and s["factions"]["c"]["wins"] == 0
    assert s["ranking"] == ["a", "b", "c"] and s["ends"] == {"x": 0.5, "y": 0.25, "draw": 0.25}
    assert s["length"]["mean"] == 5.75 and s["games_per_s"] == 2.0
