"""The README's balance section leads with the verdict at a glance: one row per lead study, each cell read from the
shipped balance.json."""

import json

from sim.config import CONFIG_DIR
from tests.balance.shipped_studies import README

LEAD = (("principes", "faction-balance-full-council", "Principes, 4 players, every module on"),
        ("principes", "faction-balance-council-average", "Principes, 4 players, part 1 rules"),
        ("dark_ages", "ruler-balance-3p-pooled", "Dark Ages, 3 players, 7 base Rulers, every table"))  # fmt: skip


def _title(f: str) -> str:
    return f.replace("_", " ").title()


def glance_rows() -> list[str]:
    rows = []
    for game, study, name in LEAD:
        doc = json.loads((CONFIG_DIR / game / "balance" / study / "balance.json").read_text())
        rate, gain = doc["win_rate"], doc["exploitability"]
        top, low = max(rate, key=rate.get), min(rate, key=rate.get)
        worst = max(gain, key=gain.get)
        who = _title(worst) if round(100 * gain[worst], 1) > 0 else "no faction gains"
        fair = 1 / 3 if game == "dark_ages" else 1 / 4
        how = "a fresh tuning run per faction" if doc.get("exploitability_check") else "its round's own tuning run"
        if doc.get("library_check"):
            how += f" and every plan of {len(doc['library_check']['files'])} shipped studies"
            how += " and of its own table" if doc.get("table_check") else ""
        elif doc.get("start_checks"):
            how += f" and every plan of {len(doc['start_checks'])} runs"
        elif doc.get("table_check"):
            how += " and every other plan of its own table"
        met = "met" if 100 * gain[worst] <= 2 else "missed"
        rows.append(f"| {name} (`{study}`) | {fair:.1%} | {_title(top)} {rate[top]:.1%} | {_title(low)} "
                    f"{rate[low]:.1%} | {100 * gain[worst]:+.1f} ({who}), {how} | "
                    f"{100 * doc['nash_conv']:.1f} | {met} |")  # fmt: skip
    return rows


def test_the_balance_section_leads_with_the_verdict_at_a_glance():
    section = README.split("## Balance under strong play", 1)[1]
    lead = section.split("<!-- glance -->", 1)[1].split("<!-- /glance -->", 1)[0]
    assert section.index("<!-- glance -->") < section.index("```sh")  # before the commands
    assert [line for line in lead.splitlines() if line.startswith("| ") and "`" in line] == glance_rows()


def test_the_glance_prose_shows_the_shipped_numbers():
    from sim.balance.stability import stability

    text = " ".join(README.split("<!-- /glance -->", 1)[1].split("```sh", 1)[0].split())
    balance = CONFIG_DIR / "principes" / "balance"
    lead, second, third = (json.loads((balance / name / "balance.json").read_text()) for name in (
        "faction-balance-full-pooled2", "faction-balance-full-pooled2-seed20260102",
        "faction-balance-full-pooled2-seed20260103"))  # fmt: skip
    council = json.loads((balance / "faction-balance-full-council" / "balance.json").read_text())
    rate, gain = council["win_rate"], council["exploitability"]  # the verdict: the plans with the Council rule
    assert sorted(rate, key=rate.get, reverse=True) == ["masovia", "polonia_minor", "silesia", "polonia_maior"]
    assert (
        f"Under it Masovia ({rate['masovia']:.1%}) leads, Polonia Minor ({rate['polonia_minor']:.1%}) and Silesia "
        f"({rate['silesia']:.1%}) follow, and Polonia Maior ({rate['polonia_maior']:.1%}) trails"
    ) in text
    assert f"gains more than {100 * max(gain.values()):.1f} points: the 2-point target is met" in text
    assert max(c["gain"] for c in council["library_check"]["checks"].values()) < 0 and council["table_check"]
    rate, gain = second["win_rate"], second["exploitability"]  # the verdict before: seed 20260102's second pooling
    assert sorted(rate, key=rate.get, reverse=True) == ["polonia_minor", "masovia", "silesia", "polonia_maior"]
    assert (
        f"Polonia Minor ({rate['polonia_minor']:.1%}) led, Masovia ({rate['masovia']:.1%}) and Silesia "
        f"({rate['silesia']:.1%}) followed, and Polonia Maior ({rate['polonia_maior']:.1%}) trailed"
    ) in text
    assert max(gain.values()) <= 0 and second["table_check"] and second["library_check"]
    first = council["rounds"][0]["exploitability"]  # the old verdict's plans, re-solved, against the rule
    assert f"with the rule Silesia gains {100 * first['silesia']:.1f} points" in text
    assert max(first, key=first.get) == "silesia"
    s = stability([lead, second, third])
    assert not s.agree and set(s.weakest) == {"polonia_maior"} and s.strongest.count("masovia") == 2
    others = (lead["win_rate"]["masovia"], third["win_rate"]["masovia"])
    assert f"Masovia on top ({others[0]:.1%} and {others[1]:.1%})" in text
    cross = README.split("**This is the every-module verdict:", 1)[1].split("<!-- stability", 1)[0]
    beaten = " ".join(cross.split()).split("Polonia Minor gains ", 1)[1].split(" points", 1)[0]
    assert f"beats by {beaten} points" in text  # the cross-check test_pooled2_shipped replays
    pooled = json.loads((balance / "faction-balance-full-pooled" / "balance.json").read_text())
    r12 = json.loads((balance / "faction-balance-full-r12" / "balance.json").read_text())
    beaten = pooled["start_checks"][0]["gain"]["silesia"]
    assert f"(run 1's, with Polonia Minor at {r12['win_rate']['polonia_minor']:.1%}, by {100 * beaten:.1f}" in text
    joined = pooled["rounds"][0]["library"]["polonia_minor"]["gain"]
    assert f"round 1's of the first pooled table by {100 * joined:.1f}" in text
    before, rule, part1 = (json.loads((balance / name / "balance.json").read_text()) for name in (
        "faction-balance-pooled", "faction-balance-council", "faction-balance-council-average"))  # fmt: skip
    lost = rule["rounds"][0]["library"]["polonia_maior"]  # round 1: the verdict before against the library
    assert lost["best_plan"].startswith("faction-balance-full-council-br-polonia_maior")
    assert part1["options"]["meta"] == "average" and part1["nash_conv"] < rule["nash_conv"]
    assert (
        f"came within {100 * before['nash_conv']:.1f} points of an equilibrium before the Council rule; with it, "
        f"that verdict loses {100 * lost['gain']:.1f} points to the every-module verdict's Polonia Maior plan, the "
        f"meta-game cycles, the nearest equilibrium sim found (by fictitious play) is "
        f"{100 * part1['nash_conv']:.1f} points away (nash_conv), and half the games end in a coronation"
    ) in text
    assert all(0.45 < d["win_type"]["coronation"] < 0.55 for d in (rule, part1))
    part1_studies = ("faction-balance", "faction-balance-r12", "faction-balance-pooled", "faction-balance-council",
                     "faction-balance-council-average")  # fmt: skip
    for name in part1_studies:  # "the direction (Polonia Minor far ahead) holds under every part-1 study"
        rate = json.loads((balance / name / "balance.json").read_text())["win_rate"]
        assert max(rate, key=rate.get) == "polonia_minor", name
    gains = [100 * r["gain"] for path in CONFIG_DIR.glob("*/balance/*/ladder-*.json")
             for r in json.loads(path.read_text())["rungs"] if r["rollouts"] == 64]  # fmt: skip
    assert f"by {min(gains):.0f} to {max(gains):.0f} points at 64 playouts" in text
    for game, study, _ in LEAD[::2]:  # "on both converged verdicts above"
        assert list((CONFIG_DIR / game / "balance" / study).glob("ladder-*.json")), study
