"""The Council rule fed back from the searcher's Politics choices (issue 20): the every-module study run again from
the lead verdict with ``council_hold`` / ``council_final`` in the plans' search spaces, shipped as
configs/principes/balance/faction-balance-full-council/ (``sim balance … --ship``), with the searcher's
``--actions`` ladders on its equilibrium beside it (ladder-FACTION-actions.json). The README's paragraphs and table
show the shipped numbers."""

import json

import pytest
import yaml

from sim.balance.space import parse_search
from sim.config import CONFIG_DIR
from strategies.principes import make, resolve
from tests.balance.shipped_studies import README, balance_doc

BALANCE = CONFIG_DIR / "principes" / "balance"
NEW, OLD = BALANCE / "faction-balance-full-council", BALANCE / "faction-balance-full-pooled2-seed20260102"
RULE = ("council_hold", "council_final")
SECTION = " ".join(README.split("**Feeding the Politics choices back: a Council rule.**", 1)[1].split("**Pooling a")[0]
                   .split())  # fmt: skip


def _title(f: str) -> str:
    return f.replace("_", " ").title()


def _plan(label: str) -> dict:
    _, uses, params = resolve(f"{NEW.name}-{label}")  # the tuned plan over its base plan's parameters
    return make(uses, params).p


def test_the_rule_is_in_every_built_in_plans_search_space_and_off_by_default():
    for name in ("builder", "conqueror", "politician"):
        raw = yaml.safe_load((CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml").read_text())
        p = make(name, raw["params"]).p
        assert p["council_hold"] == 0 and p["council_final"] is False
        assert set(RULE) <= {d.name for d in parse_search(raw["search"], p, name).dims}


def test_the_study_starts_from_the_lead_verdict_with_the_said_command():
    doc = balance_doc(NEW)
    verdict = f"configs/principes/balance/{OLD.name}/equilibrium.yaml"
    o = doc["options"]
    assert o["start"] == [verdict] and o["library"] == [verdict] and o["library_joins"]
    assert (o["rounds"], o["max_plans"], o["precision"], doc["seed"]) == (8, 6, 0.01, 20260104)
    assert "--ship faction-balance-full-council" in (NEW / "equilibrium.yaml").read_text().splitlines()[0]
    assert f"seed 20260104; {round(doc['seconds'] / 60)} minutes on 2 cores" in SECTION


def test_the_readme_says_what_the_rule_gains_against_the_old_verdict_and_where_the_loop_ends():
    doc, old = balance_doc(NEW), balance_doc(OLD)
    first = doc["rounds"][0]
    for f, mix in first["equilibrium"].items():  # round 1 re-solves the old verdict's plans: nearly its mixtures
        was = {k if k.startswith("faction-") else f"{OLD.name}-{k}": w for k, w in old["equilibrium"][f].items()}
        assert set(mix) == set(was) and all(abs(w - was[k]) < 0.1 for k, w in mix.items()), f
    gain = first["exploitability"]
    said = (f"gain {100 * gain['silesia']:.1f} points for Silesia, {100 * gain['polonia_minor']:.1f} for Polonia Minor "
            f"and {100 * gain['polonia_maior']:.1f} for Polonia Maior: nash_conv {100 * first['nash_conv']:.1f} where "
            f"the verdict above measured {100 * old['nash_conv']:.1f} without the rule")  # fmt: skip
    assert said in SECTION and gain["masovia"] <= 0
    assert f"gains more than {100 * max(doc['exploitability'].values()):.1f} points" in SECTION
    assert max(c["gain"] for c in doc["library_check"]["checks"].values()) < 0
    assert max(c["gain"] for c in doc["table_check"].values()) < 0
    rate, before = doc["win_rate"], old["win_rate"]
    assert (f"Masovia ({rate['masovia']:.1%}) leads and Polonia Minor ({rate['polonia_minor']:.1%}) follows, where "
            f"Polonia Minor led by {100 * (before['polonia_minor'] - before['masovia']):.0f} points") in SECTION
    assert f"Polonia Maior is still the weakest ({rate['polonia_maior']:.1%})" in SECTION
    assert min(before, key=before.get) == min(rate, key=rate.get) == "polonia_maior"
    spread = max(rate.values()) - min(rate.values())
    assert spread < max(before.values()) - min(before.values())  # "the four are closer to a fair 25%"


def test_every_equilibrium_plan_uses_the_rule_as_the_readme_says():
    doc = balance_doc(NEW)
    for f, mix in doc["equilibrium"].items():
        for label in mix:
            p = _plan(label)
            assert p["council_hold"] == 2 and p["council_final"] is (f != "masovia"), (f, label)
    assert "`council_hold: 2` in all of them, `council_final` in all but Masovia's" in SECTION
