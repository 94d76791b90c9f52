"""The part-1 studies with the Council rule (studies/principes/faction-balance-council: the part-1 verdict as
its start, the three every-module Council-rule studies in its library; faction-balance-council-average: fictitious
play from there): what their shipped balance.json records."""

import json

from sim.studies import STUDIES_DIR
from strategies.principes import make, resolve

BALANCE = STUDIES_DIR / "principes"
DOC = json.loads((BALANCE / "faction-balance-council" / "balance.json").read_text())
BEFORE = json.loads((BALANCE / "faction-balance-pooled" / "balance.json").read_text())
COUNCIL = ("faction-balance-full-council", "faction-balance-full-council-seed20260105",
           "faction-balance-full-council-seed20260106")  # fmt: skip


def _path(study: str) -> str:
    return f"studies/principes/{study}/equilibrium.yaml"


def test_it_starts_from_the_part1_verdict_with_the_council_studies_as_library():
    o = DOC["options"]
    assert o["start"] == [_path("faction-balance-pooled")] and o["library_joins"]
    assert o["library"] == [_path("faction-balance-pooled"), *map(_path, COUNCIL)]
    assert (o["rounds"], o["max_plans"], o["precision"], o["oracle_seeds"], DOC["seed"]) == (6, 6, 0.01, 2, 20260104)


def test_round_one_measures_the_verdict_before_the_rule():
    first = DOC["rounds"][0]
    lib, gain = first["library"], first["exploitability"]
    maior, minor = lib["polonia_maior"], lib["polonia_minor"]
    assert maior["best_plan"] == "faction-balance-full-council/br-polonia_maior-r4"
    assert minor["best_plan"].startswith("faction-balance-full-council/br-polonia_minor")
    assert maior["gain"] > minor["gain"] > 0.05 and min(gain["masovia"], gain["silesia"]) > 0
    assert first["nash_conv"] > 5 * BEFORE["nash_conv"]  # the verdict before the rule is far from an equilibrium


def test_the_rounds_do_not_settle_and_the_verdict_is_the_least_exploitable():
    measured = [100 * r["nash_conv"] for r in DOC["rounds"]]
    assert min(measured) > 2  # the rounds do not settle
    assert DOC["verdict_round"] == 1 + measured.index(min(measured)) == 4
    gain = DOC["exploitability"]
    order = sorted(gain, key=gain.get, reverse=True)[:3]
    assert order == ["polonia_minor", "polonia_maior", "masovia"]
    assert max(c["gain"] for c in DOC["table_check"].values()) < 0.02  # no plan of its table or library does better
    assert max(c["gain"] for c in DOC["library_check"]["checks"].values()) < 0.02


def test_polonia_minor_leads_mostly_with_the_every_module_verdicts_plan_and_the_plans_crown():
    rate, eq = DOC["win_rate"], DOC["equilibrium"]
    own = eq["polonia_minor"]["faction-balance-full-council/br-polonia_minor-r5"]
    assert own > 0.5 and max(rate, key=rate.get) == "polonia_minor" and min(rate, key=rate.get) == "masovia"
    assert DOC["win_type"]["coronation"] > 10 * BEFORE["win_type"]["coronation"]
    for f, mix in eq.items():  # the plans that crown: every heavy one holds back its Councils and then summons them
        for label, w in mix.items():
            name = label if "/" in label else f"faction-balance-council/{label}"
            _, uses, params = resolve(name)
            p = make(uses, params).p
            if f in ("polonia_minor", "polonia_maior") and w > 0.5:
                assert p["council_hold"] >= 1 and p["council_final"], (f, label)
    king = next(k for k in DOC["rounds"][3]["kingmakers"] if k["faction"] == "masovia")
    lo, hi = king["others"]["polonia_minor"]
    assert len(king["plans"]) == 3 and f"{king['own'][0]:.1%}" == f"{king['own'][1]:.1%}" and hi - lo > 0.05


def test_part_1_plans_crown_far_more_often_than_the_every_module_verdicts():
    full = json.loads((BALANCE / "faction-balance-full-council" / "balance.json").read_text())
    average = json.loads((BALANCE / "faction-balance-council-average" / "balance.json").read_text())
    assert full["win_type"]["coronation"] < 0.02 < 0.45 < min(average["win_type"]["coronation"],
                                                              DOC["win_type"]["coronation"])  # fmt: skip


AVERAGE = json.loads((BALANCE / "faction-balance-council-average" / "balance.json").read_text())


def test_fictitious_play_starts_from_the_council_study_with_every_part1_and_council_study_as_library():
    o = AVERAGE["options"]
    assert o["start"] == [_path("faction-balance-council")] and o["library_joins"] and o["meta"] == "average"
    assert o["library"] == [_path("faction-balance-council"), _path("faction-balance-pooled"), *map(_path, COUNCIL)]
    assert (o["rounds"], o["max_plans"], o["precision"], o["oracle_seeds"], AVERAGE["seed"]) == (4, 4, 0.01, 2,
                                                                                                  20260105)  # fmt: skip


def test_fictitious_play_halves_the_distance_to_an_equilibrium_and_keeps_the_order():
    gain = AVERAGE["exploitability"]
    assert AVERAGE["verdict_round"] == 2 and sorted(gain, key=gain.get, reverse=True)[:3] == [
        "polonia_maior", "masovia", "polonia_minor"]  # fmt: skip
    assert AVERAGE["nash_conv"] < DOC["nash_conv"] / 2
    rate = AVERAGE["win_rate"]
    assert sorted(rate, key=rate.get, reverse=True) == sorted(DOC["win_rate"], key=DOC["win_rate"].get, reverse=True)
    assert AVERAGE["nash_conv"] > 0.02  # still short of the 2-point target
