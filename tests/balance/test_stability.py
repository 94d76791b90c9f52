"""Agreement of independent ``sim balance`` runs (sim.balance.stability), and the README's stability table for the
shipped every-module study and its reruns from other seeds (studies/principes/faction-balance-full*)."""

import json
from pathlib import Path

import pytest

from sim.balance.stability import format_stability, stability
from sim.config import CONFIG_DIR

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


def _shipped_runs(study: str = "faction-balance-full"):
    """A study and its reruns from other seeds (``STUDY-seedS``), in the order of their seeds."""
    paths = [CONFIG_DIR / "principes" / "balance" / study / "balance.json"]
    paths += CONFIG_DIR.glob(f"principes/balance/{study}-seed*/balance.json")
    return sorted((json.loads(p.read_text()) for p in paths), key=lambda r: r["seed"])


@pytest.mark.parametrize("study", ["faction-balance-full", "faction-balance-full-r12", "faction-balance-full-pooled",
                                   "faction-balance-full-pooled2", "faction-balance-full-pooled3",
                                   "faction-balance-full-council"])
def test_the_readme_shows_the_shipped_runs_stability(study):
    runs = _shipped_runs(study)
    assert len(runs) == 3, "the every-module study and two reruns from other seeds are shipped"
    assert len({r["seed"] for r in runs}) == len(runs)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    block = readme.split(f"<!-- stability principes/{study} -->", 1)[1].split("<!-- /stability -->")[0]
    assert format_stability(stability(runs)) in block


def test_the_readme_stability_paragraph_quotes_the_shipped_runs():
    """The prose after the table: the two 12-round reruns' strongest and their τ, the spread, each rerun's
    nash_conv and the ranges it quotes."""
    runs = _shipped_runs()
    s = stability(runs)
    readme = " ".join((Path(__file__).resolve().parents[2] / "README.md").read_text().split())
    block = readme.split("<!-- stability principes/faction-balance-full -->", 1)[1]
    text = block.split("<!-- /stability -->", 1)[1].split("<!-- verdict", 1)[0]
    twelve = [i for i, r in enumerate(runs) if len(r["rounds"]) == 12]
    assert len(twelve) == 2 and {s.strongest[i] for i in twelve} == {"polonia_minor"}
    rates = sorted((runs[i]["win_rate"]["polonia_minor"] for i in twelve), reverse=True)
    tau = s.tau[tuple(twelve)]
    assert f"strongest ({rates[0]:.1%} and {rates[1]:.1%}) and rank the four alike (τ {tau:+.2f})" in text
    assert f"spread by up to {100 * max(s.spread.values()):.1f} points" in text
    for r in runs[1:]:
        assert f"{100 * r['nash_conv']:.1f}" in text
    pm, si = s.win_rate["polonia_minor"], s.win_rate["silesia"]
    assert f"({100 * min(pm):.1f}–{100 * max(pm):.1f}%)" in text and min(pm) >= 0.25
    assert f"Silesia sits at {round(100 * min(si))}–{round(100 * max(si))}%" in text


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
