"""The part-1 study pooled (studies/principes/faction-balance-pooled): the two earlier part-1 studies as its
start and library: what its balance.json records."""

import json

from sim.studies import STUDIES_DIR

BALANCE = STUDIES_DIR / "principes"
DOC = json.loads((BALANCE / "faction-balance-pooled" / "balance.json").read_text())
R12 = json.loads((BALANCE / "faction-balance-r12" / "balance.json").read_text())
EARLIER = [f"studies/principes/{s}/equilibrium.yaml" for s in ("faction-balance-r12", "faction-balance")]


def test_it_pools_the_two_part1_studies():
    options = DOC["options"]
    assert options["start"] == options["library"] == EARLIER and options["library_joins"]
    assert options["precision"] == 0.01 and options["rounds"] == 8 and options["max_plans"] == 6


def test_the_rounds_converge_and_the_check_finds_polonia_maior():
    measured = [100 * h["nash_conv"] for h in DOC["rounds"]]
    assert DOC["verdict_round"] == len(measured) == 5 and measured[-1] < 1 <= min(measured[:-1])
    library = DOC["library_check"]["checks"]
    assert max(c["gain"] for c in library.values()) < 0 and max(c["gain"] for c in DOC["table_check"].values()) < 0
    gain = DOC["exploitability"]
    worst = max(gain, key=gain.get)
    assert worst == "polonia_maior" and 0.02 < DOC["nash_conv"] < R12["nash_conv"]


def test_polonia_minor_leads_and_masovia_trails():
    rate = DOC["win_rate"]
    assert max(rate, key=rate.get) == max(R12["win_rate"], key=R12["win_rate"].get) == "polonia_minor"
    assert min(rate, key=rate.get) == "masovia" != min(R12["win_rate"], key=R12["win_rate"].get)
    plan = "faction-balance-r12/br-masovia-r7"
    here = DOC["equilibrium"]["masovia"]
    there = R12["equilibrium"]["masovia"]
    assert max(here, key=here.get) == plan and max(there, key=there.get) == "br-masovia-r7"
