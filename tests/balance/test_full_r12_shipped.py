"""The every-module Principes verdict (studies/principes/faction-balance-full-r12/): the README's verdict
line and prose show the shipped numbers, and its exploitability was checked twice (the loop's fresh tuning runs, and
a second set from seed 777, shipped as tune-seed777.json)."""

import json

from sim.config import CONFIG_DIR
from tests.balance.shipped_studies import README, balance_doc, checked_verdict_line

STUDY = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-r12"


def _prose() -> str:
    text = README.split("**Principes, 4 players, every module on**", 1)[1]
    return " ".join(text.split("**The first every-module study**", 1)[0].split())


def test_the_verdict_line_shows_the_check_and_each_rounds_measure():
    doc = balance_doc(STUDY)
    assert doc["exploitability_check"] is True and doc["options"]["rounds"] == 12
    line = checked_verdict_line(doc, "Principality")
    assert line in _prose()
    first = (STUDY / "equilibrium.yaml").read_text().splitlines()[0]
    assert "faction-balance-full.yaml --rounds 12" in first and "--resume" not in first and "--seed" not in first


def test_the_prose_shows_the_shipped_numbers():
    doc = balance_doc(STUDY)
    text = _prose()
    assert max(doc["exploitability"].values()) <= 0.02  # the target
    assert f"stopped after round {len(doc['rounds'])} when no Principality's best response gained a point" in text
    runs = json.loads((STUDY / "tune-seed777.json").read_text())["runs"]
    assert set(runs) == set(doc["factions"]) and all(r["seed"] == 777 and r["budget"] == 60000 for r in runs.values())
    assert all(f"{100 * r['gain']:+.1f}" == "+0.0" for r in runs.values()) and "every gain +0.0" in text
    rate = doc["win_rate"]
    top, *others = sorted(rate, key=rate.get, reverse=True)
    assert top == "polonia_minor" and f"Polonia Minor is the strongest Principality by far ({rate[top]:.1%}" in text
    assert 100 * (rate[others[0]] - rate[others[-1]]) < 2  # "within 2 points of each other"
    listed = ", ".join(f"{f.replace('_', ' ').title()} {rate[f]:.1%}" for f in others)
    assert f"({listed})" in text
    assert f"Princeps after Round VI ({doc['win_type']['princeps_after_round_vi']:.1%})" in text


def test_the_ladder_paragraph_shows_the_shipped_gains():
    doc = balance_doc(STUDY)
    tops = [json.loads((STUDY / f"ladder-{f}.json").read_text())["rungs"][-1] for f in doc["factions"]]
    gains = [100 * t["gain"] for t in tops]
    after = README.split("<!-- ladder principes/faction-balance-full-r12 -->", 1)[1].split("<!-- /ladder -->", 1)[1]
    text = " ".join(after.strip().split("\n\n", 1)[0].split())
    assert f"the searcher gains {min(gains):+.1f} to {max(gains):+.1f} points in every seat" in text
    assert min(100 * t["gain_ci95"][0] for t in tops) > 3  # above the 3-point line
    firsts = [t["changes"][0]["to"] for t in tops]
    assert max(set(firsts), key=firsts.count) == "progress"  # "most often Progress first"


def test_the_stability_paragraph_quotes_the_three_runs():
    names = (STUDY.name, f"{STUDY.name}-seed20260102", f"{STUDY.name}-seed20260103")
    runs = sorted((balance_doc(STUDY.parent / name) for name in names), key=lambda r: r["seed"])
    first, second, third = runs
    text = " ".join(README.split("<!-- stability principes/faction-balance-full-r12 -->", 1)[1]
                    .split("<!-- /stability -->", 1)[1].strip().split("\n\n", 1)[0].split())  # fmt: skip
    assert f"(nash_conv {100 * first['nash_conv']:.1f} and {100 * second['nash_conv']:.1f})" in text
    assert max(100 * first["nash_conv"], 100 * second["nash_conv"]) <= 1
    pm = [r["win_rate"]["polonia_minor"] for r in runs]
    assert f"Polonia Minor wins {pm[0]:.1%}, under the other {pm[1]:.1%}" in text
    assert max(second["win_rate"], key=second["win_rate"].get) == "silesia"
    gain = third["exploitability"]
    worst = max(gain, key=gain.get)
    assert len(third["rounds"]) == 12 and worst == "polonia_maior"
    assert f"(nash_conv {100 * third['nash_conv']:.1f}, Polonia Maior's fresh best response gains" in text
    assert f"gains {100 * gain[worst]:+.1f})" in text
    assert min(pm) >= 0.25 and f"({min(pm):.1%}–{max(pm):.1%})".replace("%–", "–") in text
