"""The part-1 studies with the Council rule (studies/principes/faction-balance-council: the part-1 verdict as
its start, the three every-module Council-rule studies in its library; faction-balance-council-average: fictitious
play from there); the README paragraphs' numbers are the shipped balance.json's."""

import json

from sim.config import CONFIG_DIR
from strategies.principes import make, resolve
from tests.balance.shipped_studies import README

BALANCE = CONFIG_DIR / "principes" / "balance"
DOC = json.loads((BALANCE / "faction-balance-council" / "balance.json").read_text())
BEFORE = json.loads((BALANCE / "faction-balance-pooled" / "balance.json").read_text())
SECTION = README.split("**Part 1 with the Council rule.**", 1)[1]
TEXT = " ".join(SECTION.split("**Principes, 4 players, every module on**", 1)[0].split())
COUNCIL = ("faction-balance-full-council", "faction-balance-full-council-seed20260105",
           "faction-balance-full-council-seed20260106")  # fmt: skip


def _path(study: str) -> str:
    return f"configs/principes/balance/{study}/equilibrium.yaml"


def test_it_starts_from_the_part1_verdict_with_the_council_studies_as_library():
    o = DOC["options"]
    assert o["start"] == [_path("faction-balance-pooled")] and o["library_joins"]
    assert o["library"] == [_path("faction-balance-pooled"), *map(_path, COUNCIL)]
    assert (o["rounds"], o["max_plans"], o["precision"], o["oracle_seeds"], DOC["seed"]) == (6, 6, 0.01, 2, 20260104)
    assert f"seed {DOC['seed']}; {DOC['seconds'] / 60:.0f} minutes on 2 cores" in TEXT


def test_round_one_measures_the_verdict_before_the_rule():
    first = DOC["rounds"][0]
    lib, gain = first["library"], first["exploitability"]
    maior, minor = lib["polonia_maior"], lib["polonia_minor"]
    assert maior["best_plan"] == "faction-balance-full-council/br-polonia_maior-r4"
    assert minor["best_plan"].startswith("faction-balance-full-council-br-polonia_minor")
    assert (f"lose {100 * maior['gain']:.1f} points to the every-module verdict's Polonia Maior plan "
            f"(`{maior['best_plan']}`) and {100 * minor['gain']:.1f} to its Polonia Minor plan, while fresh tuning "
            f"runs gain {100 * gain['masovia']:.1f} for Masovia and {100 * gain['silesia']:.1f} for Silesia: nash_conv "
            f"{100 * first['nash_conv']:.1f} where the verdict above measured {100 * BEFORE['nash_conv']:.1f} without "
            "the rule") in TEXT  # fmt: skip


def test_the_rounds_do_not_settle_and_the_verdict_is_the_least_exploitable():
    measured = [100 * r["nash_conv"] for r in DOC["rounds"]]
    assert f"stays between {min(measured):.1f} and {max(measured):.1f} points" in TEXT and min(measured) > 2
    assert DOC["verdict_round"] == 1 + measured.index(min(measured)) == 4
    gain = DOC["exploitability"]
    order = sorted(gain, key=gain.get, reverse=True)[:3]
    assert order == ["polonia_minor", "polonia_maior", "masovia"]
    assert (f"round 4's equilibrium, {100 * DOC['nash_conv']:.1f} points from an equilibrium by its check (fresh "
            f"tuning runs gain {100 * gain['polonia_minor']:.1f} for Polonia Minor, {100 * gain['polonia_maior']:.1f} "
            f"for Polonia Maior and {100 * gain['masovia']:.1f} for Masovia)") in TEXT  # fmt: skip
    assert max(c["gain"] for c in DOC["table_check"].values()) < 0.02  # no plan of its table or library does better
    assert max(c["gain"] for c in DOC["library_check"]["checks"].values()) < 0.02


def test_the_paragraph_under_the_verdict():
    rate, eq = DOC["win_rate"], DOC["equilibrium"]
    own = eq["polonia_minor"]["faction-balance-full-council/br-polonia_minor-r5"]
    assert (f"Polonia Minor wins {rate['polonia_minor']:.1%} ({BEFORE['win_rate']['polonia_minor']:.1%} under the "
            f"verdict above), mostly with the every-module verdict's own plan (weight {own:.2f}), and Masovia "
            f"{rate['masovia']:.1%}; {DOC['win_type']['coronation']:.1%} of the games end in a coronation, against "
            f"{BEFORE['win_type']['coronation']:.1%} under the verdict above") in TEXT  # fmt: skip
    for f, mix in eq.items():  # the plans that crown: every heavy one holds back its Councils and then summons them
        for label, w in mix.items():
            name = label if label.startswith("faction-") else f"faction-balance-council-{label}"
            _, uses, params = resolve(name)
            p = make(uses, params).p
            if f in ("polonia_minor", "polonia_maior") and w > 0.5:
                assert p["council_hold"] >= 1 and p["council_final"], (f, label)
    king = next(k for k in DOC["rounds"][3]["kingmakers"] if k["faction"] == "masovia")
    lo, hi = king["others"]["polonia_minor"]
    assert len(king["plans"]) == 3 and f"{king['own'][0]:.1%}" == f"{king['own'][1]:.1%}"
    assert f"three of its plans are worth the same to it ({king['own'][0]:.1%}), but over them Polonia Minor wins " \
           f"{lo:.1%} to {hi:.1%}" in TEXT  # fmt: skip


def test_the_reachability_paragraph_quotes_the_coronations():
    text = " ".join(README.split("**Reachability.**", 1)[1].split("\n\n", 1)[0].split())
    full = json.loads((BALANCE / "faction-balance-full-council" / "balance.json").read_text())
    off = json.loads((BALANCE / "faction-balance-full-council" / "module-effects-equilibrium.json").read_text())
    assert f"rarely crown ({full['win_type']['coronation']:.1%} of games under its verdict)" in text
    average = json.loads((BALANCE / "faction-balance-council-average" / "balance.json").read_text())
    assert f"{average['win_type']['coronation']:.1%} and {DOC['win_type']['coronation']:.1%} of the games under" in text
    assert (f"and {off['win_type']['coronation']:.1%} when the every-module verdict's plans play with every module "
            "off") in text  # fmt: skip


AVERAGE = json.loads((BALANCE / "faction-balance-council-average" / "balance.json").read_text())
AVERAGE_TEXT = " ".join(SECTION.split("**Fictitious play from there.**", 1)[1].split("**Principes, 4 players", 1)[0]
                        .split())  # fmt: skip


def test_fictitious_play_starts_from_the_council_study_with_every_part1_and_council_study_as_library():
    o = AVERAGE["options"]
    assert o["start"] == [_path("faction-balance-council")] and o["library_joins"] and o["meta"] == "average"
    assert o["library"] == [_path("faction-balance-council"), _path("faction-balance-pooled"), *map(_path, COUNCIL)]
    assert (o["rounds"], o["max_plans"], o["precision"], o["oracle_seeds"], AVERAGE["seed"]) == (4, 4, 0.01, 2,
                                                                                                  20260105)  # fmt: skip
    assert f"seed {AVERAGE['seed']} ({AVERAGE['seconds'] / 60:.0f} minutes on 2 cores" in AVERAGE_TEXT


def test_the_fictitious_play_paragraphs_quote_the_rounds_the_check_and_the_verdict():
    measured = ", ".join(f"{100 * r['nash_conv']:.1f}" for r in AVERAGE["rounds"][:-1])
    last = 100 * AVERAGE["rounds"][-1]["nash_conv"]
    assert f"The rounds' own measures are {measured} and {last:.1f} points" in AVERAGE_TEXT
    gain = AVERAGE["exploitability"]
    assert AVERAGE["verdict_round"] == 2 and sorted(gain, key=gain.get, reverse=True)[:3] == [
        "polonia_maior", "masovia", "polonia_minor"]  # fmt: skip
    assert (
        f"round 2's average, **{100 * AVERAGE['nash_conv']:.1f} points** from an equilibrium by its check (fresh "
        f"tuning runs gain {100 * gain['polonia_maior']:.1f} for Polonia Maior, {100 * gain['masovia']:.1f} for "
        f"Masovia and {100 * gain['polonia_minor']:.1f} for Polonia Minor), less than half"
    ) in AVERAGE_TEXT
    assert AVERAGE["nash_conv"] < DOC["nash_conv"] / 2
    rate = AVERAGE["win_rate"]
    assert sorted(rate, key=rate.get, reverse=True) == sorted(DOC["win_rate"], key=DOC["win_rate"].get, reverse=True)
    assert (
        f"Polonia Minor wins {rate['polonia_minor']:.1%}, Polonia Maior {rate['polonia_maior']:.1%}, Silesia "
        f"{rate['silesia']:.1%} and Masovia {rate['masovia']:.1%}, and "
        f"{AVERAGE['win_type']['coronation']:.1%} of the games end in a coronation"
    ) in AVERAGE_TEXT
    assert f"Still {100 * AVERAGE['nash_conv'] - 2:.0f} points short of the 2-point target" in AVERAGE_TEXT
