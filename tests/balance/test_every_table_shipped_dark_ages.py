"""The Dark Ages verdict over every table (studies/dark_ages/ruler-balance-3p-every/): the README's verdict
line and prose show the shipped numbers, the study seats every table, and its exploitability was checked twice (the
loop's fresh tuning runs, and a second set from seed 777, shipped as tune-seed777.json)."""

import json

from sim.config import CONFIG_DIR, read_yaml
from tests.balance.shipped_studies import README, balance_doc, checked_verdict_line, points

STUDY = CONFIG_DIR / "dark_ages" / "balance" / "ruler-balance-3p-every"


def _title(f: str) -> str:
    return f.replace("_", " ").title()


def _prose() -> str:
    text = README.split("<!-- verdict dark_ages/ruler-balance-3p-every -->", 1)[1]
    return " ".join(text.split("**The first Dark Ages study", 1)[0].split())


def test_the_study_seats_every_table_and_its_equilibrium_replays_every_table():
    doc = balance_doc(STUDY)
    assert doc["exploitability_check"] is True
    exp = read_yaml(STUDY / "equilibrium.yaml")
    assert exp["tables"] == "every" and exp["players"] == 3 and len(doc["factions"]) == 7
    first = (STUDY / "equilibrium.yaml").read_text().splitlines()[0]
    assert "ruler-balance-3p-every.yaml --rounds 12" in first and "--resume" not in first


def test_the_verdict_line_shows_the_check_and_each_rounds_measure():
    doc = balance_doc(STUDY)
    line = checked_verdict_line(doc, "Ruler")
    assert line in _prose()
    assert len(doc["rounds"]) == doc["verdict_round"] == 10 and doc["options"]["rounds"] == 12


def test_the_prose_shows_the_shipped_numbers():
    doc = balance_doc(STUDY)
    text = _prose()
    gains = doc["exploitability"]
    worst = max(gains, key=gains.get)
    assert 100 * gains[worst] <= 2  # the target
    assert (f"no Ruler's fresh best response gains more than {100 * gains[worst]:.1f} point ({_title(worst)} "
            f"{points(gains[worst], doc['exploitability_ci95'][worst])})") in text  # fmt: skip
    runs = json.loads((STUDY / "tune-seed777.json").read_text())["runs"]
    assert set(runs) == set(doc["factions"]) and all(r["seed"] == 777 and r["budget"] == 60000 for r in runs.values())
    second = max(runs, key=lambda f: runs[f]["gain"])
    assert 100 * runs[second]["gain"] <= 2
    assert (f"gains at most {100 * runs[second]['gain']:.1f} points ({_title(second)} "
            f"{points(runs[second]['gain'], runs[second]['gain_ci95'])})") in text  # fmt: skip
    rate = doc["win_rate"]
    order = sorted(rate, key=rate.get)
    assert order[-1] == "boleslaus_the_cruel" and order[0] == "tomislav"
    assert f"Boleslaus the Cruel is by far the strongest Ruler ({rate[order[-1]]:.1%}" in text
    assert f"Tomislav the weakest ({rate[order[0]]:.1%})" in text
    assert rate["berengar_of_ivrea"] > 1 / 3 and rate["arnulf_the_bad"] > 1 / 3  # "above the fair share"
    assert abs(rate["conrad_the_red"] - 1 / 3) < 0.05  # "near it"
    assert rate["pandulf_ironhead"] < 0.25 and rate["gero_the_great"] < 0.25  # "below"
    ends = doc["win_type"]
    assert f"Culture track ({ends['culture_track']:.0%}) or Technologies ({ends['technologies']:.0%})" in text
    by = [100 * r["nash_conv"] for r in doc["rounds"]]
    assert f"({by[2]:.1f} points in round 3, {by[4]:.1f} in round 5)" in text


def test_the_method_names_the_rounds_it_quotes():
    """Step 6 of sim balance in the README quotes rounds 4 and 5 of this study."""
    by = [100 * r["nash_conv"] for r in balance_doc(STUDY)["rounds"]]
    text = " ".join(README.split("6. The verdict is the round", 1)[1].split("**Dark Ages** joins", 1)[0].split())
    assert f"a round measured at {by[3]:.1f} points, round 4, was followed by one at {by[4]:.1f}" in text


def test_the_searchers_ladder_on_this_equilibrium():
    """Every Ruler's determinized ladder (ladder-RULER-determinized.json, from ``sim ladder … --json``): the README's
    table shows the shipped numbers and the paragraph under it their range."""
    from tests.balance.shipped_studies import check_dark_ages_ladder_table

    ladders, _ = check_dark_ages_ladder_table(STUDY)
    changes = [lad["rungs"][-1]["changes"][0] for lad in ladders.values()]
    assert sum(c["from"] == "research" and c["to"] == "build" for c in changes) > len(changes) / 2
