"""Principes module effects under strong play (studies/principes/faction-balance-full-r12/
module-effects-*.json, written by ``sim run … --json`` on module-effects-equilibrium.yaml and module-effects.yaml;
the same beside the pooled and the Council-rule verdicts): the README's table shows the shipped numbers and its
prose names the verdicts that change."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from tests.balance.shipped_studies import README, points, readme_rows

STUDY = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-r12"
POOLED = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-pooled2"  # every seed's round-1 equilibrium
COUNCIL = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-council"  # the lead verdict, its mixtures
MODULES = {"history": "History Cards", "tiles": "Progress Tiles", "court": "Court texts", "princesses": "Princesses",
           "neighbors": "Neighbors"}  # fmt: skip


def effects(kind: str, study=STUDY) -> dict:
    return json.loads((study / f"module-effects-{kind}.json").read_text())["module_effects"]


def rows() -> dict:
    """{"Module, Principality": [built-in change, run 1's equilibrium change, the second pooling's change, the
    Council-rule verdict's change]} as the README prints them."""
    eq, builtin, pooled = effects("equilibrium"), effects("builtin"), effects("equilibrium", POOLED)
    council = effects("equilibrium", COUNCIL)
    out = {}
    for m, name in MODULES.items():
        for f in eq[m]["win_rate_change"]:
            fields = (builtin, eq, pooled, council)
            cells = [points(d[m]["win_rate_change"][f], d[m]["win_rate_change_ci95"][f]) for d in fields]
            out[f"{name}, {f.replace('_', ' ').title()}"] = cells
    return out


@pytest.mark.parametrize(("name", "study"), [("equilibrium", STUDY), ("pooled", POOLED)])
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


def test_the_readme_table_shows_the_shipped_effects():
    shown = readme_rows("module-effects principes/faction-balance-full-r12", "module-effects")
    expected = rows()
    assert shown.keys() == expected.keys()
    for key, cells in expected.items():
        assert shown[key] == cells, key


def test_the_prose_names_the_verdicts_that_change():
    eq, builtin = effects("equilibrium"), effects("builtin")
    text = README.split("<!-- /module-effects -->", 1)[1].strip().split("\n\n", 1)[0]
    text = " ".join(text.split()).replace("−", "-")

    def flipped(m, f):  # the two fields' 95% intervals on opposite sides of 0
        (b_lo, b_hi), (e_lo, e_hi) = builtin[m]["win_rate_change_ci95"][f], eq[m]["win_rate_change_ci95"][f]
        return b_lo > 0 > e_hi or b_hi < 0 < e_lo

    flips = sorted(f"{MODULES[m]} for {f.replace('_', ' ').title()}" for m in MODULES for f in eq[m]["win_rate_change"]
                   if flipped(m, f))  # fmt: skip
    assert f"{len(flips)} of the 20 effects change sign" in text
    for module in {flip.split(" for ")[0] for flip in flips}:
        names = sorted(flip.split(" for ")[1] for flip in flips if flip.startswith(module + " for "))
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        assert f"the {module} for {joined}" in text, (module, joined)
    base = json.loads((STUDY / "module-effects-equilibrium.json").read_text())["win_rate"]
    assert f"Polonia Minor wins {base['polonia_minor']:.1%} of the games with every module off" in text
    for m, f in (("tiles", "polonia_minor"), ("neighbors", "polonia_minor"), ("tiles", "silesia")):
        assert f"{100 * eq[m]['win_rate_change'][f]:+.1f}" in text
    assert pytest.approx(sum(base.values()), abs=0.01) == 1.0


def test_the_verdict_paragraph_counts_the_signs():
    builtin, run1, verdict = effects("builtin"), effects("equilibrium"), effects("equilibrium", POOLED)
    text = README.split("<!-- /module-effects -->", 1)[1].strip().split("\n\n")[1]
    text = " ".join(text.split())

    def sign(d, m, f):  # +1 / -1 when the 95% interval excludes 0, else 0
        lo, hi = d[m]["win_rate_change_ci95"][f]
        return 1 if lo > 0 else -1 if hi < 0 else 0

    cells = [(m, f) for m in MODULES for f in verdict[m]["win_rate_change"]]
    against_builtin = sum(sign(builtin, m, f) * sign(verdict, m, f) == -1 for m, f in cells)
    against_run1 = sum(sign(run1, m, f) * sign(verdict, m, f) == -1 for m, f in cells)
    kept = [(m, f) for m, f in cells if sign(builtin, m, f) == sign(run1, m, f) == sign(verdict, m, f) != 0]
    assert f"{against_builtin} of the 20 change sign against the built-in plans, and {against_run1} against" in text
    assert f"{len(kept)} of the 20 effects keep their sign in all three fields" in text
    assert set(kept) == {("tiles", "polonia_maior"), ("tiles", "silesia"), ("neighbors", "masovia")}  # as named
    base = json.loads((POOLED / "module-effects-equilibrium.json").read_text())["win_rate"]
    assert (f"Polonia Maior win {base['polonia_maior']:.1%} and Polonia Minor {base['polonia_minor']:.1%} (Masovia "
            f"{base['masovia']:.1%}, Silesia {base['silesia']:.1%})") in text  # fmt: skip


def test_the_council_paragraph_counts_the_signs():
    builtin, run1, pooled = effects("builtin"), effects("equilibrium"), effects("equilibrium", POOLED)
    council = effects("equilibrium", COUNCIL)
    text = README.split("<!-- /module-effects -->", 1)[1].strip().split("\n\n")[2]
    text = " ".join(text.split()).replace("−", "-")

    def sign(d, m, f):
        lo, hi = d[m]["win_rate_change_ci95"][f]
        return 1 if lo > 0 else -1 if hi < 0 else 0

    cells = [(m, f) for m in MODULES for f in council[m]["win_rate_change"]]
    flips = [sum(sign(d, m, f) * sign(council, m, f) == -1 for m, f in cells) for d in (builtin, run1, pooled)]
    assert (f"{flips[0]} of the 20 effects change sign against the built-in plans, {flips[1]} against run 1's "
            f"equilibrium and {flips[2]} against the second pooling's") in text  # fmt: skip
    kept = {(m, f) for m, f in cells if sign(builtin, m, f) == sign(run1, m, f) == sign(pooled, m, f)
            == sign(council, m, f) != 0}  # fmt: skip
    assert f"{len(kept)} keep their sign in all four fields" in text
    assert kept == {("tiles", "silesia"), ("neighbors", "masovia")}  # as named
    minor = sorted(100 * council[m]["win_rate_change"]["polonia_minor"] for m in MODULES)
    assert all(sign(council, m, "polonia_minor") == -1 for m in MODULES)
    assert f"every module costs Polonia Minor ({minor[-1]:.1f} to {minor[0]:.1f} points)" in text
    others = [(m, f) for m, f in cells if f != "polonia_minor" and sign(council, m, f) == -1]
    assert others == [("court", "masovia")] and f"({100 * council['court']['win_rate_change']['masovia']:.1f})" in text
    doc = json.loads((COUNCIL / "module-effects-equilibrium.json").read_text())
    assert (f"with every module off its plan wins {doc['win_rate']['polonia_minor']:.1%} of the games and "
            f"{doc['win_type']['coronation']:.1%} of all games end in a coronation") in text  # fmt: skip
