"""Agreement of independent ``sim balance`` runs (sim.balance.stability), and the stability of the shipped
every-module studies and their reruns from other seeds (studies/principes/faction-balance-full*)."""

import json

import pytest

from sim.balance.stability import format_stability, stability
from sim.studies import STUDIES_DIR

F = ("a", "b", "c", "d")


def _run(seed, rates):
    return {"seed": seed, "factions": list(F), "win_rate": dict(zip(F, rates, strict=True))}


def test_the_same_order_is_tau_one_and_the_reverse_minus_one():
    s = stability([_run(1, (0.4, 0.3, 0.2, 0.1)), _run(2, (0.35, 0.3, 0.25, 0.1)), _run(3, (0.1, 0.2, 0.3, 0.4))])
    assert s.tau[(0, 1)] == pytest.approx(1.0) and s.tau[(0, 2)] == pytest.approx(-1.0)
    assert s.strongest == ("a", "a", "d") and s.weakest == ("d", "d", "a") and not s.agree
    assert s.spread["a"] == pytest.approx(0.3) and s.spread["b"] == pytest.approx(0.1)


def test_runs_that_name_the_same_ends_agree_even_if_the_middle_swaps():
    s = stability([_run(1, (0.4, 0.3, 0.2, 0.1)), _run(2, (0.4, 0.2, 0.3, 0.1))])
    assert s.agree and s.tau[(0, 1)] == pytest.approx(2 / 3)  # one discordant pair of six
    table = format_stability(s)
    assert "| A | 40.0% | 40.0% | 0.0 |" in table and "Kendall's τ 1–2 +0.67" in table


def _shipped_runs(study: str = "faction-balance-full-r12"):
    """A study and its reruns from other seeds (``STUDY-seedS``), in the order of their seeds."""
    paths = [STUDIES_DIR / "principes" / study / "balance.json"]
    paths += STUDIES_DIR.glob(f"principes/{study}-seed*/balance.json")
    return sorted((json.loads(p.read_text()) for p in paths), key=lambda r: r["seed"])


@pytest.mark.parametrize("study", ["faction-balance-full-r12", "faction-balance-full-council"])
def test_the_shipped_runs_stability(study):
    runs = _shipped_runs(study)
    assert len(runs) == 3, "the every-module study and two reruns from other seeds are shipped"
    assert len({r["seed"] for r in runs}) == len(runs)
    s = stability(runs)
    assert format_stability(s).count("\n| ") == len(runs[0]["factions"]) and not s.agree  # a row per faction


def test_a_start_check_names_whose_plan_gains():
    from sim.balance.stability import format_start_checks

    doc = {"factions": ["a_b", "c"], "start_checks": [
        {"source": "configs/x/balance/run/equilibrium.yaml", "gain": {"a_b": 0.123, "c": 0.0},
         "best_plan": {"a_b": "run-long-br-a_b-r2", "c": "run-br-c-r1"}},
        {"source": "configs/x/balance/run-long/equilibrium.yaml", "gain": {"a_b": 0.0, "c": 0.05},
         "best_plan": {"a_b": "run-long-br-a_b-r2", "c": "culture"}},
    ]}  # fmt: skip
    rows = format_start_checks(doc).splitlines()
    assert rows[0] == "| equilibrium of | A B | C |"
    assert rows[2] == "| run 1, `run` | +12.3 (run 2's plan) | +0.0 |"  # the longest study name that prefixes it
    assert rows[3] == "| run 2, `run-long` | +0.0 | +5.0 (culture) |"  # a built-in plan by its name
