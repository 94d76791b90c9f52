"""Dark Ages Module 7 under the 3-player equilibrium and under the built-in plans (skirmishers-*.json beside the
ruler-balance-3p study): what the shipped runs hold, and (``full``) the runs replay them exactly.
Rulebook, Module 7: "Replace all Barbarian tokens with Skirmisher tokens. All rules governing Barbarian tokens now
apply to Skirmishers.\""""

import json
from pathlib import Path

import pytest

from sim.experiments import load_experiment, run_experiment
from sim.results import dumps

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "studies" / "dark_ages" / "ruler-balance-3p"
STUDIES = ("equilibrium", "builtin")


def _pt(x: float) -> str:
    return f"{100 * x:+.1f}"


def table() -> str:
    eq, bi = (json.loads((SHIPPED / f"skirmishers-{s}.json").read_text()) for s in STUDIES)
    e, b = eq["module_effects"]["skirmishers"], bi["module_effects"]["skirmishers"]
    rows = ["| Ruler | win rate without, equilibrium | change with Skirmishers, equilibrium [95%] | change, built-in "
            "plans [95%] |", "|---|---|---|---|"]  # fmt: skip
    for r in sorted(eq["factions"], key=lambda r: -e["win_rate_change"][r]):
        (lo, hi), (blo, bhi) = e["win_rate_change_ci95"][r], b["win_rate_change_ci95"][r]
        rows.append(f"| {r.replace('_', ' ').title()} | {eq['win_rate'][r]:.1%} | {_pt(e['win_rate_change'][r])} "
                    f"[{_pt(lo)}, {_pt(hi)}] | {_pt(b['win_rate_change'][r])} [{_pt(blo)}, {_pt(bhi)}] |")  # fmt: skip
    return "\n".join(rows)


def test_skirmishers_move_six_rulers_under_the_equilibrium_and_only_pandulf_under_built_in_plans():
    assert len(table().splitlines()) == 2 + 7  # a row per Ruler
    e, b = (json.loads((SHIPPED / f"skirmishers-{s}.json").read_text())["module_effects"]["skirmishers"]
            for s in STUDIES)  # fmt: skip
    assert max(b["win_rate_change"], key=lambda r: abs(b["win_rate_change"][r])) == "pandulf_ironhead"
    moved = [r for r, v in e["win_rate_change"].items() if 6.0 <= round(100 * abs(v), 1) <= 9.0]
    assert len(moved) == 6
    assert max(abs(v) for r, v in b["win_rate_change"].items() if r != "pandulf_ironhead") <= 0.03


def test_the_equilibrium_study_seats_the_shipped_equilibrium():
    eq = load_experiment(str(ROOT / "studies" / "dark_ages" / "ruler-balance-3p" / "equilibrium.yaml"))
    study = load_experiment(str(ROOT / "configs" / "dark_ages" / "experiments" / "skirmishers-equilibrium.yaml"))
    assert study["seats"] == {r: next(iter(s["mix"])) for r, s in eq["seats"].items()}
    assert all(len(s["mix"]) == 1 for s in eq["seats"].values())  # a pure equilibrium: one plan per Ruler


@pytest.mark.full
@pytest.mark.parametrize("study", STUDIES)
def test_the_shipped_runs_replay_exactly(study):
    raw = load_experiment(str(ROOT / "configs" / "dark_ages" / "experiments" / f"skirmishers-{study}.yaml"))
    out = json.loads(dumps(run_experiment(raw, games=raw["games"], seed=raw["seed"], workers=1).to_json()))
    shipped = json.loads((SHIPPED / f"skirmishers-{study}.json").read_text())
    assert out["module_effects"] == shipped["module_effects"] and out["win_rate"] == shipped["win_rate"]
