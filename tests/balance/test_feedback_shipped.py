"""The feedback study (issues 15 and 20): the every-module balance study run again with the plans' lead rule
(``lead_early`` / ``lead_late`` / ``lead_switch`` / ``lead_min_gold``) in the built-in plans' search spaces, shipped
as studies/principes/faction-balance-full-rules/ (``sim balance … --ship``), and the searcher's ladder on its
equilibrium beside it (ladder-FACTION.json, ``sim ladder … --json``): one per Principality, determinized, at 4, 16
and 64 playouts. The README's ladder table and its before/after table show the shipped numbers."""

import pytest
import yaml

from sim.balance.space import parse_search
from sim.config import CONFIG_DIR
from strategies.principes import make
from tests.balance.shipped_studies import README, balance_doc, points, readme_rows, study_ladders

BALANCE = CONFIG_DIR / "principes" / "balance"
OLD, NEW = BALANCE / "faction-balance-full", BALANCE / "faction-balance-full-rules"
LEAD = ("lead_early", "lead_late", "lead_switch", "lead_min_gold")


def test_the_lead_rule_is_in_every_built_in_plans_search_space_and_off_by_default():
    for name in ("builder", "conqueror", "politician"):
        raw = yaml.safe_load((CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml").read_text())
        p = make(name, raw["params"]).p
        assert p["lead_early"] is None and p["lead_late"] is None
        space = parse_search(raw["search"], p, name)
        assert set(LEAD) <= {d.name for d in space.dims}


def test_the_study_was_found_with_the_same_experiment_and_seed_as_the_old_one():
    old, new = balance_doc(OLD), balance_doc(NEW)
    assert new["seed"] == old["seed"] and new["factions"] == old["factions"]
    text = (NEW / "equilibrium.yaml").read_text()
    assert "faction-balance-full.yaml" in text.splitlines()[0] and "--ship faction-balance-full-rules" in text


def test_every_principality_has_a_determinized_ladder_that_agrees_with_the_equilibrium():
    doc = balance_doc(NEW)
    for faction, ladder in study_ladders(NEW).items():
        assert ladder["seat"] == faction and ladder["determinize"] and not ladder["tactics"]
        assert [r["rollouts"] for r in ladder["rungs"]] == [4, 16, 64] and ladder["games"] >= 100
        lo, hi = ladder["plan_win_ci95"]  # the plan-alone games sample the equilibrium the balance.json replayed
        assert lo <= doc["win_rate"][faction] <= hi, faction
        for r in ladder["rungs"]:
            assert r["win_rate"] - ladder["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)


def test_the_readme_ladder_table_shows_the_shipped_numbers():
    rows = readme_rows("ladder principes/faction-balance-full-rules", "ladder")
    ladders = study_ladders(NEW)
    assert len(rows) == len(ladders)
    for faction, ladder in ladders.items():
        cells = rows[faction.replace("_", " ").title()]
        assert cells[0] == f"{ladder['games']:,}" and cells[1] == f"{ladder['plan_win_rate']:.1%}"
        for cell, r in zip(cells[2:5], ladder["rungs"], strict=True):
            assert cell == f"{r['win_rate']:.1%} ({points(r['gain'], r['gain_ci95'])})"
        top, last = ladder["rungs"][-1]["changes"][0], ladder["rungs"][-1]
        assert cells[5] == f"{top['to']} first, not {top['from']} ({top['count']:,} of {last['decisions']:,} plans)"


def test_the_readme_before_and_after_table_shows_the_shipped_numbers():
    """Exploitability before (the old study at round 3, the same budget, and at its verdict, round 8) and after;
    the searcher's gain at 64 playouts before and after; nash_conv likewise; the gains' range in the prose."""
    rows = readme_rows("feedback principes/faction-balance-full-rules", "feedback")
    old, new = balance_doc(OLD), balance_doc(NEW)
    before, after = study_ladders(OLD), study_ladders(NEW)
    third = old["rounds"][2]
    assert len(rows) == len(new["factions"]) and third["round"] == 3
    for f in new["factions"]:
        cells = rows[f.replace("_", " ").title()]
        assert cells[0] == points(third["exploitability"][f], third["exploitability_ci95"][f])
        assert cells[1] == points(old["exploitability"][f], old["exploitability_ci95"][f])
        assert cells[2] == points(new["exploitability"][f], new["exploitability_ci95"][f])
        o, n = before[f]["rungs"][-1], after[f]["rungs"][-1]
        assert cells[3] == points(o["gain"], o["gain_ci95"]) and cells[4] == points(n["gain"], n["gain_ci95"])
    section = README.split("<!-- feedback principes/faction-balance-full-rules -->", 1)[1].split("<!-- /feedback")[0]
    said = (
        f"nash_conv {100 * third['nash_conv']:.1f} points before at round 3, {100 * old['nash_conv']:.1f} at "
        f"round {old['verdict_round']}; {100 * new['nash_conv']:.1f} after, at round {new['verdict_round']}."
    )
    assert said in section
    assert old["nash_conv"] < new["nash_conv"] < third["nash_conv"]  # "well below its third round, above its eighth"
    gains = [100 * ladder["rungs"][-1]["gain"] for ladder in after.values()]
    text = " ".join(README.split("<!-- /feedback -->", 1)[1].split("<!-- tactics", 1)[0].split())
    assert f"still gains {min(gains):.0f}–{max(gains):.0f} points in every seat" in text and min(gains) > 3


def test_the_readme_says_how_the_equilibrium_plans_use_the_rule():
    doc = balance_doc(NEW)
    plans = {}
    for f, mix in doc["equilibrium"].items():
        ((label, weight),) = mix.items()  # a pure equilibrium
        assert weight == 1.0
        name = label if label in ("builder", "conqueror", "politician") else f"faction-balance-full-rules-{label}"
        raw = yaml.safe_load((CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml").read_text())
        plans[f] = make(raw["uses"], raw["params"]).p if "uses" in raw else make(name, {}).p
    lead = {f: tuple(p[k] for k in LEAD) for f, p in plans.items()}
    assert lead == {
        "polonia_maior": ("assembly", "assembly", 3, 5),
        "polonia_minor": ("movement", "building", 4, 7),
        "silesia": (None, "progress", 4, 8),
        "masovia": (None, None, 4, 0),
    }
    assert doc["equilibrium"]["masovia"] == {"politician": 1.0}
    text = " ".join(README.split("**Feeding the changes back.**", 1)[1].split("<!-- ladder", 1)[0].split())
    assert ("Polonia Maior's leads with Assembly in every Round while it holds 5 gold or more, Polonia Minor's with "
            "Movement before Round 4 and with Building from it (at 7 gold or more), Silesia's with Progress from "
            "Round 4 (at 8 gold or more); Masovia's is the built-in politician") in text  # fmt: skip
    assert doc["win_type"]["coronation"] > 10 * balance_doc(OLD)["win_type"]["coronation"]  # "now end some"


def test_the_readme_verdict_line_and_prose_show_the_shipped_numbers():
    doc = balance_doc(NEW)
    section = README.split("<!-- verdict principes/faction-balance-full-rules -->", 1)[1].split("<!-- /verdict -->")[0]
    by = ", ".join(f"{i + 1}: {100 * r['nash_conv']:.1f}" for i, r in enumerate(doc["rounds"]))
    ends = ", ".join(f"{k} {v:.1%}" for k, v in doc["win_type"].items())
    line = (f"Verdict round {doc['verdict_round']} of {len(doc['rounds'])}; nash_conv {100 * doc['nash_conv']:.1f} "
            f"points (by round: {by}); games end by {ends}; {doc['games_played']:,} games.")  # fmt: skip
    assert line in section
    text = " ".join(README.split("**Feeding the changes back.**", 1)[1].split("<!-- verdict", 1)[0].split())
    assert (
        doc["options"]["rounds"] == len(doc["rounds"]) == 3 and "--rounds" not in (NEW / "equilibrium.yaml").read_text()
    )
    assert f"(3 rounds, {round(doc['seconds'] / 60)} minutes on 2 cores" in text
