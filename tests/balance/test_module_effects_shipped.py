"""Principes module effects under strong play (studies/principes/faction-balance-full-r12/
module-effects-*.json, written by ``sim run … --json`` on module-effects-equilibrium.yaml and module-effects.yaml;
the same beside the Council-rule verdict): each experiment seats its study's equilibrium, and what the effects hold."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.studies import STUDIES_DIR
from tests.balance.shipped_studies import points

STUDY = STUDIES_DIR / "principes" / "faction-balance-full-r12"
COUNCIL = STUDIES_DIR / "principes" / "faction-balance-full-council"  # the lead verdict, its mixtures
MODULES = {"history": "History Cards", "tiles": "Progress Tiles", "court": "Court texts", "princesses": "Princesses",
           "neighbors": "Neighbors"}  # fmt: skip


def effects(kind: str, study=STUDY) -> dict:
    return json.loads((study / f"module-effects-{kind}.json").read_text())["module_effects"]


def rows() -> dict:
    """{"Module, Principality": [built-in change, run 1's equilibrium change, the Council-rule verdict's change]},
    each a change in points with its 95% interval."""
    eq, builtin = effects("equilibrium"), effects("builtin")
    council = effects("equilibrium", COUNCIL)
    out = {}
    for m, name in MODULES.items():
        for f in eq[m]["win_rate_change"]:
            fields = (builtin, eq, council)
            cells = [points(d[m]["win_rate_change"][f], d[m]["win_rate_change_ci95"][f]) for d in fields]
            out[f"{name}, {f.replace('_', ' ').title()}"] = cells
    return out


@pytest.mark.parametrize(("name", "study"), [("equilibrium", STUDY)])
def test_the_equilibrium_experiment_seats_the_shipped_equilibrium(name, study):
    exp = read_yaml(CONFIG_DIR / "principes" / "experiments" / f"module-effects-{name}.yaml")
    eq = read_yaml(study / "equilibrium.yaml")
    assert {f: {plan: 1.0} for f, plan in exp["seats"].items()} == {f: s["mix"] for f, s in eq["seats"].items()}
    assert exp["mode"] == "module_effects" and exp["rotate"] is False
    doc = json.loads((study / "module-effects-equilibrium.json").read_text())
    assert doc["games"] == 20000 and set(doc["module_effects"]) == set(MODULES) and doc["seed"] == exp["seed"]
    assert doc["strategies"] == list(exp["seats"].values())
    builtin = json.loads((STUDY / "module-effects-builtin.json").read_text())
    assert builtin["games"] == 20000 and set(builtin["module_effects"]) == set(MODULES)


def test_the_council_experiment_seats_the_lead_verdicts_mixtures():
    """The lead verdict is mixed: its module effects draw each game's plans from the equilibrium's own mixtures."""
    exp = read_yaml(CONFIG_DIR / "principes" / "experiments" / "module-effects-council.yaml")
    eq = read_yaml(COUNCIL / "equilibrium.yaml")
    assert exp["seats"] == eq["seats"] and exp["mode"] == "module_effects" and exp["rotate"] is False
    assert any(len(s["mix"]) > 1 for s in exp["seats"].values())
    doc = json.loads((COUNCIL / "module-effects-equilibrium.json").read_text())
    assert doc["games"] == 20000 and set(doc["module_effects"]) == set(MODULES) and doc["seed"] == exp["seed"]
    assert doc["strategies"] == [plan for s in exp["seats"].values() for plan in s["mix"]]


def _sign(d, m, f):  # +1 / -1 when the 95% interval excludes 0, else 0
    lo, hi = d[m]["win_rate_change_ci95"][f]
    return 1 if lo > 0 else -1 if hi < 0 else 0


def test_under_the_current_verdict_every_module_costs_polonia_minor():
    builtin, run1, council = effects("builtin"), effects("equilibrium"), effects("equilibrium", COUNCIL)
    cells = [(m, f) for m in MODULES for f in council[m]["win_rate_change"]]
    assert len(rows()) == len(cells) == 20
    kept = {(m, f) for m, f in cells if _sign(builtin, m, f) == _sign(run1, m, f) == _sign(council, m, f) != 0}
    assert ("neighbors", "masovia") in kept and ("tiles", "silesia") in kept  # effects the plans do not change
    assert all(_sign(council, m, "polonia_minor") == -1 for m in MODULES)
    others = [(m, f) for m, f in cells if f != "polonia_minor" and _sign(council, m, f) == -1]
    assert others == [("court", "masovia")]

