"""Rival equilibria: the pure profiles a round's payoff table cannot tell from an equilibrium (``rounds[].rivals``),
its kingmakers (``rounds[].kingmakers``), and the sentences the report and ``sim balance`` print about the verdict
round's."""

from types import SimpleNamespace

import numpy as np
import pytest

from sim.balance.loop import _rivals, kingmakers, table_payoff
from sim.balance.report import kingmakers_text, rivals_text, undecided_text


def _pop(*labels):
    return [SimpleNamespace(label=x) for x in labels]


def test_a_coordination_table_has_the_other_coordinated_profile_as_rival():
    # two factions, two plans: both win 30% when they play the same plan and 20% otherwise, so (a, c) and (b, d)
    # are both equilibria; the one found is (a, c) and (b, d) is its rival. The miscoordinated profiles are not:
    # switching gains 10 points, beyond √2 × 2 points of noise.
    row = np.array([[0.30, 0.20], [0.20, 0.31]])
    tensors = [row, row.copy()]
    pops = {"x": _pop("a", "b"), "y": _pop("c", "d")}
    sigma = [np.array([1.0, 0.0]), np.array([1.0, 0.0])]
    rivals = _rivals(tensors, sigma, pops, ("x", "y"), 0.02)
    assert [r["profile"] for r in rivals] == [{"x": "b", "y": "d"}]
    assert rivals[0]["payoff"] == {"x": 0.31, "y": 0.31} and rivals[0]["regret"] == 0.0
    # with more noise than the 10-point gain every profile is a rival of (a, c)
    assert len(_rivals(tensors, sigma, pops, ("x", "y"), 0.08)) == 3


def test_the_report_sentence_names_the_count_the_noise_and_the_spread():
    row = np.array([[0.30, 0.20], [0.20, 0.31]])
    tensors = [row, row.copy()]
    pops = {"x": _pop("a", "b"), "y": _pop("c", "d")}
    sigma = [np.array([1.0, 0.0]), np.array([1.0, 0.0])]
    h = {"round": 1, "rivals": _rivals(tensors, sigma, pops, ("x", "y"), 0.02), "table_noise": 0.02,
         "table_payoff": table_payoff(tensors, sigma, ("x", "y"))}  # fmt: skip
    text = rivals_text({"rounds": [h], "verdict_round": 1})
    assert text.startswith("Round 1's table has 1 other pure profile(s)")
    assert "±2.0 points" in text and "by up to 1.0 points" in text
    assert "over the verdict and its rivals: X 30.0%–31.0%, Y 30.0%–31.0%)" in text  # (a, c) and (b, d)
    assert rivals_text({"rounds": [{**h, "rivals": []}], "verdict_round": 1}) == ""
    assert rivals_text({"rounds": [{"round": 1}], "verdict_round": 1}) == ""  # a study run before rivals were kept


def _kingmaker_table():
    # x's two plans win it 20.0% and 20.5% (within the noise), but decide whether y or z does well
    x, y, z = (np.array(v).reshape(2, 1, 1) for v in ([0.20, 0.205], [0.40, 0.20], [0.40, 0.595]))
    pops = {"x": _pop("a", "b"), "y": _pop("c"), "z": _pop("d")}
    sigma = [np.array([1.0, 0.0]), np.array([1.0]), np.array([1.0])]
    return [x, y, z], sigma, pops


def test_a_faction_indifferent_within_the_noise_whose_choice_moves_the_others_is_a_kingmaker():
    tensors, sigma, pops = _kingmaker_table()
    (m,) = kingmakers(tensors, sigma, pops, ("x", "y", "z"), 0.02)
    assert m["faction"] == "x" and m["plans"] == ["a", "b"] and m["own"] == pytest.approx([0.20, 0.205])
    assert m["others"]["y"] == pytest.approx([0.20, 0.40]) and m["others"]["z"] == pytest.approx([0.40, 0.595])
    # told apart by the table (x gains 0.5 points beyond a noise of ±0.2 points), x is no kingmaker
    assert kingmakers(tensors, sigma, pops, ("x", "y", "z"), 0.002) == []
    h = {"round": 1, "rivals": [], "table_noise": 0.02, "kingmakers": [m]}
    text = kingmakers_text({"rounds": [h], "verdict_round": 1})
    assert text.startswith("X is a kingmaker here: 2 of its plans are within the noise of its best for itself "
                           "(20.0%–20.5%), but over them Y wins 20.0%–40.0% and Z 40.0%–59.5% (against")  # fmt: skip
    assert undecided_text({"rounds": [h], "verdict_round": 1}) == text
    # the others' swings inside a paired difference's noise are not worth a sentence
    assert kingmakers_text({"rounds": [{**h, "table_noise": 0.2}], "verdict_round": 1}) == ""
    assert kingmakers_text({"rounds": [{"round": 1}], "verdict_round": 1}) == ""  # a study from before kingmakers
