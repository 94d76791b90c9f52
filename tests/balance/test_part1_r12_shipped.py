"""The part-1 study run for 12 rounds with the logit step (studies/principes/faction-balance-r12): the README
paragraph's numbers are the shipped balance.json's."""

import json

from sim.config import CONFIG_DIR
from tests.balance.shipped_studies import README

DOC = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance-r12" / "balance.json").read_text())
TEXT = " ".join(README.split("**Part 1 with the logit step, 12 rounds.**", 1)[1]
                .split("**Principes, 4 players, every module on**", 1)[0].split())  # fmt: skip


def test_it_is_the_default_loop_for_twelve_rounds():
    options = DOC["options"]
    assert options["rounds"] == 12 and "meta" not in options and "solver" not in options  # nash meta, logit step
    assert options["budget"] == 60_000 and options["precision"] == 0.02 and options["max_plans"] == 4


def test_the_paragraph_quotes_the_rounds_and_the_check():
    measured = [100 * h["nash_conv"] for h in DOC["rounds"]]
    assert len(measured) == 12 and DOC["verdict_round"] == 11 and min(measured) == measured[10]
    assert f"falls from {measured[0]:.1f} points in round 1 to {measured[10]:.1f} in round 11" in TEXT
    assert f"beat its equilibrium by {measured[11]:.1f} in all" in TEXT
    mixed = [h["round"] for h in DOC["rounds"] if any(len(m) > 1 for m in h["equilibrium"].values())]
    assert mixed[0] == 6 and len([r for r in mixed if r >= 6]) > len(range(6, 13)) / 2  # "from round 6 on most"
    gain = DOC["exploitability"]
    assert f"Silesia gaining {100 * gain['silesia']:.1f} points and Polonia Minor {100 * gain['polonia_minor']:.1f}: " \
           f"nash_conv {100 * DOC['nash_conv']:.1f}" in TEXT  # fmt: skip
    assert max(gain, key=gain.get) == "silesia" and 0.02 < DOC["nash_conv"]


def test_the_paragraph_quotes_the_verdict():
    rate = DOC["win_rate"]
    assert max(rate, key=rate.get) == "polonia_minor" and min(rate, key=rate.get) == "silesia"
    assert f"Polonia Minor wins {rate['polonia_minor']:.1%}" in TEXT
    averaged = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance" / "balance.json").read_text())
    assert f"under the averaged plans ({averaged['win_rate']['polonia_minor']:.1%})" in TEXT
    assert f"Silesia, {DOC['rotated_win_rate']['silesia']:.1%} in the rotated field, is the weakest " \
           f"({rate['silesia']:.1%})" in TEXT  # fmt: skip
    assert f"{DOC['win_type']['coronation']:.1%} of games end in a coronation" in TEXT
