"""The README's balance section leads with the verdict at a glance: one row per lead study, each cell read from the
shipped balance.json."""

import json

from sim.config import CONFIG_DIR
from tests.balance.shipped_studies import README

LEAD = (("principes", "faction-balance-full-pooled", "Principes, 4 players, every module on"),
        ("principes", "faction-balance", "Principes, 4 players, part 1 rules"),
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
        elif doc.get("start_checks"):
            how += f" and every plan of {len(doc['start_checks'])} runs"
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
    text = " ".join(README.split("<!-- /glance -->", 1)[1].split("```sh", 1)[0].split())
    pooled = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance-full-pooled" / "balance.json")
                        .read_text())  # fmt: skip
    rate = pooled["win_rate"]
    top, low = max(rate, key=rate.get), min(rate, key=rate.get)
    assert (top, low) == ("masovia", "silesia") and pooled["rounds"][0]["table_nash_conv"] < 0.01
    assert f"give Masovia {rate[top]:.1%} and Silesia {rate[low]:.1%} against a fair 25%" in text
    library = pooled["library_check"]["checks"]["polonia_minor"]
    assert pooled["exploitability"]["polonia_minor"] == library["gain"] == max(pooled["exploitability"].values())
    assert f"Polonia Minor gains {100 * library['gain']:.1f} points with the plan of an earlier run" in text
    r12 = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance-full-r12" / "balance.json").read_text())
    beaten = pooled["start_checks"][0]["gain"]["silesia"]
    assert f"(run 1's, with Polonia Minor at {r12['win_rate']['polonia_minor']:.1%}, by {100 * beaten:.1f}" in text
    assert f"this one by {100 * library['gain']:.1f})" in text
    part1 = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance" / "balance.json").read_text())
    assert f"(nash_conv {100 * part1['nash_conv']:.1f} points)" in text
    gains = [100 * r["gain"] for path in CONFIG_DIR.glob("*/balance/*/ladder-*.json")
             for r in json.loads(path.read_text())["rungs"] if r["rollouts"] == 64]  # fmt: skip
    assert f"by {min(gains):.0f} to {max(gains):.0f} points at 64 playouts" in text
    for game, study, _ in LEAD[::2]:  # "on both converged verdicts above"
        assert list((CONFIG_DIR / game / "balance" / study).glob("ladder-*.json")), study
