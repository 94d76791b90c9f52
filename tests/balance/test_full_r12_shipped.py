"""The first converged every-module Principes verdict (studies/principes/faction-balance-full-r12/, superseded; its
plans are read by the current study): its exploitability was checked twice (the loop's fresh tuning runs, and a
second set from seed 777, shipped as tune-seed777.json), and the searcher's ladder beats its plans in every seat."""

import json

from sim.studies import STUDIES_DIR
from tests.balance.shipped_studies import balance_doc

STUDY = STUDIES_DIR / "principes" / "faction-balance-full-r12"


def test_the_check_and_a_second_set_of_tuning_runs_meet_the_target():
    doc = balance_doc(STUDY)
    assert doc["exploitability_check"] is True and doc["options"]["rounds"] == 12
    first = (STUDY / "equilibrium.yaml").read_text().splitlines()[0]
    assert "faction-balance-full.yaml --rounds 12" in first and "--resume" not in first and "--seed" not in first
    assert max(doc["exploitability"].values()) <= 0.02  # the 2-point target
    runs = json.loads((STUDY / "tune-seed777.json").read_text())["runs"]
    assert set(runs) == set(doc["factions"]) and all(r["seed"] == 777 and r["budget"] == 60000 for r in runs.values())
    assert max(r["gain"] for r in runs.values()) <= 0.02
    rate = doc["win_rate"]
    top, *others = sorted(rate, key=rate.get, reverse=True)
    assert top == "polonia_minor" and rate[others[0]] - rate[others[-1]] < 0.02  # the others within 2 points


def test_the_searcher_beats_its_plans_in_every_seat():
    doc = balance_doc(STUDY)
    tops = [json.loads((STUDY / f"ladder-{f}.json").read_text())["rungs"][-1] for f in doc["factions"]]
    assert min(t["gain_ci95"][0] for t in tops) > 0.03  # above the 3-point line
    firsts = [t["changes"][0]["to"] for t in tops]
    assert max(set(firsts), key=firsts.count) == "progress"  # most often Progress first
