"""The Dark Ages verdict over every table (studies/dark_ages/ruler-balance-3p-every/, superseded; the pooled study
starts from it): the study seats every table, and its exploitability was checked twice (the loop's fresh tuning runs,
and a second set from seed 777, shipped as tune-seed777.json)."""

import json

from sim.config import read_yaml
from sim.studies import STUDIES_DIR
from tests.balance.shipped_studies import balance_doc, check_dark_ages_ladders

STUDY = STUDIES_DIR / "dark_ages" / "ruler-balance-3p-every"


def test_the_study_seats_every_table_and_its_equilibrium_replays_every_table():
    doc = balance_doc(STUDY)
    assert doc["exploitability_check"] is True
    exp = read_yaml(STUDY / "equilibrium.yaml")
    assert exp["tables"] == "every" and exp["players"] == 3 and len(doc["factions"]) == 7
    first = (STUDY / "equilibrium.yaml").read_text().splitlines()[0]
    assert "ruler-balance-3p-every.yaml --rounds 12" in first and "--resume" not in first


def test_the_check_and_a_second_set_of_tuning_runs_meet_the_target():
    doc = balance_doc(STUDY)
    assert len(doc["rounds"]) == doc["verdict_round"] == 10 and doc["options"]["rounds"] == 12
    assert max(doc["exploitability"].values()) <= 0.02  # the 2-point target
    runs = json.loads((STUDY / "tune-seed777.json").read_text())["runs"]
    assert set(runs) == set(doc["factions"]) and all(r["seed"] == 777 and r["budget"] == 60000 for r in runs.values())
    assert max(r["gain"] for r in runs.values()) <= 0.02
    rate = doc["win_rate"]
    order = sorted(rate, key=rate.get)
    assert order[-1] == "boleslaus_the_cruel" and order[0] == "tomislav"
    assert rate["berengar_of_ivrea"] > 1 / 3 and rate["arnulf_the_bad"] > 1 / 3  # above the fair share


def test_the_searchers_ladder_on_this_equilibrium():
    """Every Ruler's determinized ladder (ladder-RULER-determinized.json, from ``sim ladder … --json``): the searcher
    gains in every seat, most often by researching less and building more."""
    ladders = check_dark_ages_ladders(STUDY)
    changes = [lad["rungs"][-1]["changes"][0] for lad in ladders.values()]
    assert sum(c["from"] == "research" and c["to"] == "build" for c in changes) > len(changes) / 2
