"""The Council rule fed back from the searcher's Politics choices (issue 20): the every-module study run again from
the lead verdict with ``council_hold`` / ``council_final`` in the plans' search spaces, shipped as
studies/principes/faction-balance-full-council/ (``sim balance … --ship``), with the searcher's
``--actions`` ladders on its equilibrium beside it (ladder-FACTION-actions.json): what the shipped records hold."""

import json

import pytest
import yaml

from sim.balance.space import parse_search
from sim.config import CONFIG_DIR
from sim.studies import STUDIES_DIR
from strategies.principes import make, resolve
from tests.balance.shipped_studies import balance_doc, study_ladders

BALANCE = STUDIES_DIR / "principes"
NEW, OLD = BALANCE / "faction-balance-full-council", BALANCE / "faction-balance-full-pooled2-seed20260102"
RULE = ("council_hold", "council_final")


def _plan(label: str) -> dict:
    _, uses, params = resolve(f"{NEW.name}/{label}")  # the tuned plan over its base plan's parameters
    return make(uses, params).p


def test_the_rule_is_in_every_built_in_plans_search_space_and_off_by_default():
    for name in ("builder", "conqueror", "politician"):
        raw = yaml.safe_load((CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml").read_text())
        p = make(name, raw["params"]).p
        assert p["council_hold"] == 0 and p["council_final"] is False
        assert set(RULE) <= {d.name for d in parse_search(raw["search"], p, name).dims}


def test_the_study_starts_from_the_lead_verdict_with_the_said_command():
    doc = balance_doc(NEW)
    verdict = f"studies/principes/{OLD.name}/equilibrium.yaml"
    o = doc["options"]
    assert o["start"] == [verdict] and o["library"] == [verdict] and o["library_joins"]
    assert (o["rounds"], o["max_plans"], o["precision"], doc["seed"]) == (8, 6, 0.01, 20260104)
    assert "--ship faction-balance-full-council" in (NEW / "equilibrium.yaml").read_text().splitlines()[0]


def test_the_rule_gains_against_the_old_verdict_and_the_loop_ends_unbeaten():
    doc, old = balance_doc(NEW), balance_doc(OLD)
    first = doc["rounds"][0]
    for f, mix in first["equilibrium"].items():  # round 1 re-solves the old verdict's plans: nearly its mixtures
        was = {k if "/" in k else f"{OLD.name}/{k}": w for k, w in old["equilibrium"][f].items()}
        assert set(mix) == set(was) and all(abs(w - was[k]) < 0.1 for k, w in mix.items()), f
    gain = first["exploitability"]
    assert max(gain, key=gain.get) == "silesia" and gain["masovia"] <= 0  # the rule gains against the old verdict
    assert first["nash_conv"] > 0.1 > 0.01 > old["nash_conv"] and max(doc["exploitability"].values()) < 0.01
    assert max(c["gain"] for c in doc["library_check"]["checks"].values()) < 0
    assert max(c["gain"] for c in doc["table_check"].values()) < 0
    rate, before = doc["win_rate"], old["win_rate"]
    assert sorted(rate, key=rate.get)[-2:] == ["polonia_minor", "masovia"] and max(before, key=before.get) == (
        "polonia_minor")  # fmt: skip
    assert min(before, key=before.get) == min(rate, key=rate.get) == "polonia_maior"
    spread = max(rate.values()) - min(rate.values())
    assert spread < max(before.values()) - min(before.values())  # "the four are closer to a fair 25%"


def test_every_equilibrium_plan_uses_the_rule():
    doc = balance_doc(NEW)
    for f, mix in doc["equilibrium"].items():
        for label in mix:
            p = _plan(label)
            assert p["council_hold"] == 2 and p["council_final"] is (f != "masovia"), (f, label)


def _ladders(study) -> dict:
    return {f: json.loads((study / f"ladder-{f}-actions.json").read_text()) for f in balance_doc(NEW)["factions"]}


@pytest.mark.parametrize("faction", balance_doc(NEW)["factions"])
def test_the_actions_ladder_plays_the_new_equilibrium(faction):
    lad = _ladders(NEW)[faction]
    assert lad["seat"] == faction and lad["actions"] and lad["determinize"] and lad["games"] == 400
    assert [r["rollouts"] for r in lad["rungs"]] == [64]
    lo, hi = lad["plan_win_ci95"]  # the plan-alone games sample the equilibrium the balance.json replayed
    assert lo <= balance_doc(NEW)["win_rate"][faction] <= hi
    plans = {f"{NEW.name}/{k}" for k in balance_doc(NEW)["equilibrium"][faction]}
    assert {p.rsplit(" ", 1)[0] for p in lad["plan"].split(", ")} == plans
    r = lad["rungs"][0]
    assert r["win_rate"] - lad["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)
    a = r["actions"]
    assert a["decisions"] == sum(a["by_action"].values()) and a["changed"] == sum(c["count"] for c in a["changes"])


@pytest.mark.parametrize("faction", balance_doc(NEW)["factions"])
def test_the_plan_only_ladder_plays_the_same_games(faction):
    """ladder-FACTION.json: the searcher without --actions on the games of the --actions ladder (same seed, so the
    plan alone plays the same games and wins the same ones)."""
    only, full = study_ladders(NEW)[faction], _ladders(NEW)[faction]
    assert not only["actions"] and only["determinize"] and only["games"] == full["games"] == 400
    assert only["seed"] == full["seed"] and only["plan_win_rate"] == full["plan_win_rate"]
    assert [r["rollouts"] for r in only["rungs"]] == [64] and not only["rungs"][0]["actions"]


def test_most_of_the_searchers_gain_comes_from_the_rounds_plan():
    only = {f: lad["rungs"][-1]["gain"] for f, lad in study_ladders(NEW).items()}
    full = {f: lad["rungs"][-1]["gain"] for f, lad in _ladders(NEW).items()}
    added = [100 * (full[f] - only[f]) for f in only]
    assert min(only.values()) > max(added) / 100  # most of the gain comes from the Round's plan
    leads = {lad["rungs"][-1]["changes"][0]["to"] for lad in study_ladders(NEW).values()}
    froms = {lad["rungs"][-1]["changes"][0]["from"] for lad in study_ladders(NEW).values()}
    assert leads == {"progress", "assembly"} and froms == {"politics", "assembly"}


def test_the_three_seeds_agree_on_the_strongest_only():
    from sim.balance.stability import stability

    names = (NEW.name, f"{NEW.name}-seed20260105", f"{NEW.name}-seed20260106")
    runs = sorted((balance_doc(BALANCE / n) for n in names), key=lambda d: d["seed"])
    s = stability(runs)
    assert set(s.strongest) == {"masovia"} and len(set(s.weakest)) == 3 and not s.agree
    spread = max(s.spread.values())
    assert [s.spread[f] for f in ("polonia_minor", "polonia_maior")] == pytest.approx([spread, spread], abs=1e-3)
    last = runs[-1]
    assert last["verdict_round"] == len(last["rounds"]) == 7 and last["options"]["rounds"] == 8
    assert max(last["exploitability"], key=last["exploitability"].get) == "polonia_minor"
    assert max(max(r["exploitability"].values()) for r in runs[:2]) < 0.01 < max(last["exploitability"].values())
