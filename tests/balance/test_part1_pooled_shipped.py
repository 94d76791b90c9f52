"""The part-1 study pooled (studies/principes/faction-balance-pooled): the two earlier part-1 studies as its
start and library; the README paragraph's numbers are the shipped balance.json's."""

import json

from sim.config import CONFIG_DIR
from tests.balance.shipped_studies import README

BALANCE = CONFIG_DIR / "principes" / "balance"
DOC = json.loads((BALANCE / "faction-balance-pooled" / "balance.json").read_text())
R12 = json.loads((BALANCE / "faction-balance-r12" / "balance.json").read_text())
TEXT = " ".join(README.split("**Part 1 pooled.**", 1)[1].split("**Principes, 4 players, every module on**", 1)[0]
                .split())  # fmt: skip
EARLIER = [f"configs/principes/balance/{s}/equilibrium.yaml" for s in ("faction-balance-r12", "faction-balance")]


def test_it_pools_the_two_part1_studies():
    options = DOC["options"]
    assert options["start"] == options["library"] == EARLIER and options["library_joins"]
    assert options["precision"] == 0.01 and options["rounds"] == 8 and options["max_plans"] == 6
    assert f"(seed {DOC['seed']}; {DOC['seconds'] / 60:.0f} minutes on 2 cores" in TEXT


def test_the_paragraph_quotes_the_rounds_and_the_check():
    measured = [100 * h["nash_conv"] for h in DOC["rounds"]]
    assert DOC["verdict_round"] == len(measured) == 5 and measured[-1] < 1 <= min(measured[:-1])
    assert f"fell from {measured[0]:.1f} points in round 1 to {measured[-1]:.1f} in round 5" in TEXT
    library = DOC["library_check"]["checks"]
    best = max(library, key=lambda f: library[f]["gain"])
    assert max(c["gain"] for c in library.values()) < 0 and max(c["gain"] for c in DOC["table_check"].values()) < 0
    assert f"(the best, {best.title()}'s, {100 * library[best]['gain']:.1f})" in TEXT
    gain, ci = DOC["exploitability"], DOC["exploitability_ci95"]
    worst = max(gain, key=gain.get)
    assert worst == "polonia_maior" and 0.02 < DOC["nash_conv"] < R12["nash_conv"]
    lo, hi = ci[worst]
    assert (f"Polonia Maior gains {100 * gain[worst]:.1f} points [{100 * lo:.1f}, {100 * hi:.1f}]: nash_conv "
            f"{100 * DOC['nash_conv']:.1f}, closer than the 12-round study's {100 * R12['nash_conv']:.1f}") in TEXT


def test_the_paragraph_quotes_the_verdict():
    rate = DOC["win_rate"]
    assert max(rate, key=rate.get) == max(R12["win_rate"], key=R12["win_rate"].get) == "polonia_minor"
    assert min(rate, key=rate.get) == "masovia" != min(R12["win_rate"], key=R12["win_rate"].get)
    assert f"Polonia Minor wins {rate['polonia_minor']:.1%} here and Masovia only {rate['masovia']:.1%} " \
           f"({R12['win_rate']['masovia']:.1%} in the 12-round study's verdict" in TEXT  # fmt: skip
    plan = "faction-balance-r12/br-masovia-r7"
    here = DOC["equilibrium"]["masovia"]
    there = R12["equilibrium"]["masovia"]
    assert max(here, key=here.get) == plan and max(there, key=there.get) == "br-masovia-r7"
    assert f"weight {here[plan]:.2f} here and {there['br-masovia-r7']:.2f} there" in TEXT
