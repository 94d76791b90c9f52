"""The part-1 study run for 12 rounds with the logit step (studies/principes/faction-balance-r12): what its
balance.json records."""

import json

from sim.studies import STUDIES_DIR

DOC = json.loads((STUDIES_DIR / "principes" / "faction-balance-r12" / "balance.json").read_text())


def test_it_is_the_default_loop_for_twelve_rounds():
    options = DOC["options"]
    assert options["rounds"] == 12 and "meta" not in options and "solver" not in options  # nash meta, logit step
    assert options["budget"] == 60_000 and options["precision"] == 0.02 and options["max_plans"] == 4


def test_the_rounds_settle_at_round_11_and_silesia_gains_most():
    measured = [100 * h["nash_conv"] for h in DOC["rounds"]]
    assert len(measured) == 12 and DOC["verdict_round"] == 11 and min(measured) == measured[10]
    mixed = [h["round"] for h in DOC["rounds"] if any(len(m) > 1 for m in h["equilibrium"].values())]
    assert mixed[0] == 6 and len([r for r in mixed if r >= 6]) > len(range(6, 13)) / 2  # "from round 6 on most"
    gain = DOC["exploitability"]
    assert max(gain, key=gain.get) == "silesia" and 0.02 < DOC["nash_conv"]


def test_polonia_minor_leads_and_silesia_trails():
    rate = DOC["win_rate"]
    assert max(rate, key=rate.get) == "polonia_minor" and min(rate, key=rate.get) == "silesia"
    averaged = json.loads((STUDIES_DIR / "principes" / "faction-balance" / "balance.json").read_text())
    assert max(averaged["win_rate"], key=averaged["win_rate"].get) == "polonia_minor"  # under the averaged plans too
