"""Capture test, Harvest of Death and siege timeline against hand calculations."""

import pytest

from sim.games.hussars import odds
from sim.games.hussars.army import Token


def test_capture_probability_table():
    # "If the roll is lower than the Threat Value, the figure is captured": d6 + XL < threat
    assert odds.capture_probability(0, 8) == 1.0  # a Hussar (8) always catches an XL-0 figure
    assert odds.capture_probability(2, 8) == pytest.approx(5 / 6)  # rolls 1..5
    assert odds.capture_probability(4, 5) == 0.0
    assert odds.capture_probability(0, 4) == pytest.approx(3 / 6)


def test_threat_value_fast_cavalry_counts_double(rules):
    assert odds.threat_value(rules, (Token("cossack"), Token("winged_hussar", True), Token("artillery"))) == 8
    assert odds.threat_value(rules, (Token("tatar_cavalry", True),)) == 8  # 4 × 2, Fast Cavalry
    assert odds.threat_value(rules, (Token("light_cavalry"),)) == 3  # 2 Movement Points: not fast


def _markov_survival(health, phases, p):
    dist = {health: 1.0}
    out = [1.0]
    for _ in range(phases):
        nxt = {}
        for h, q in dist.items():
            nxt[h] = nxt.get(h, 0) + q * (1 - p)
            if h - 1 >= 0:  # "A character remains alive at exactly 0 ♥"; below 0 it dies
                nxt[h - 1] = nxt.get(h - 1, 0) + q * p
        dist = nxt
        out.append(sum(dist.values()))
    return out


def test_harvest_of_death_curves():
    assert odds.survival_curve(0, 1, 1 / 3) == pytest.approx([1, 2 / 3])
    assert odds.survival_curve(1, 2, 1 / 3) == pytest.approx([1, 1, 8 / 9])
    for h in range(4):
        assert odds.survival_curve(h, 6, 1 / 3) == pytest.approx(_markov_survival(h, 6, 1 / 3))
    assert odds.other_houses_curve(2, 0.5) == pytest.approx([1, 0.5, 0.25])
    assert odds.titles_phases(3) == 2 and odds.titles_phases(2) == 1  # the last winter is never played


def test_siege_timeline_famine_surrender():
    # Fortress 1: 2 supplies → turn 1: 1 left; turn 2: 0 left, 1st famine marker; turn 3: 2 markers → surrender
    assert [odds.famine_markers(2, t) for t in (1, 2, 3, 4)] == [0, 1, 2, 3]
    rows = odds.siege_timeline(2, 4, 2, [0.0, 0.0, 0.0], "famine")
    assert [r["fallen"] for r in rows] == [0, 0, 1, 1]
    rows = odds.siege_timeline(2, 3, 2, [0.5, 0.25, 0.0], "every")
    assert [r["fallen"] for r in rows] == pytest.approx([0.5, 1 - 0.5 * 0.75, 1])
    assert all(r["fallen"] == 0 for r in odds.siege_timeline(2, 5, 2, [0.9], "never"))
