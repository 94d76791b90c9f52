"""Dark Ages: Holy Roman Empire — each test quotes the rulebook sentence it checks."""

import pytest

from sim.config import load_rules
from sim.errors import ConfigError
from sim.games.dark_ages import battle
from sim.games.dark_ages.crusade import crusade_odds
from sim.games.dark_ages.exact import hit_distribution
from sim.games.dark_ages.rules import validate

RULES = load_rules("dark_ages")


def exact(raw: dict) -> dict:
    return battle.exact(battle.compile(RULES, battle.scenario_from_dict(raw, "test", RULES)))


def army(raw: dict, side: int = 1):
    return battle.scenario_from_dict(raw, "test", RULES).variants[0].armies[side]


def one_v_one(**extra) -> dict:
    return {"attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}, **extra}


def hits(outcomes) -> dict:
    out: dict = {}
    for h, _, p in outcomes:
        out[h] = out.get(h, 0.0) + p
    return out


def test_a_final_value_of_1_always_misses():
    """'Important: a final value of 1 is always a miss, regardless of any modifiers applied.'"""
    rules = validate(load_rules("dark_ages", {"units.player.infantry": {
        "1": {"volley": None, "charge": None, "melee": 2, "armour": 1},
        "2": {"volley": None, "charge": None, "melee": 2, "armour": 1},
        "3": {"volley": None, "charge": None, "melee": 2, "armour": 1}}}))  # fmt: skip
    assert rules.stats["player"]["infantry"][1].thresholds[2] == 2
    assert hits(hit_distribution((2,), 0, False, 6))[1] == pytest.approx(5 / 6)  # only the 1 misses
    with pytest.raises(ConfigError):  # a skill of 1 would make a 1 hit
        validate(load_rules("dark_ages", {"units.player.infantry": {"1": {"melee": 1, "armour": 1}}}))


def test_keep_levels_raise_dice_spread_to_maximise_hits():
    """'For each level of Keep ... they may increase the value of a single die by one. Increases from multiple
    levels of Keeps may be distributed freely, adding to a single die or to multiple dice, by one.'"""
    assert hits(hit_distribution((5,), 2, False, 6))[1] == pytest.approx(4 / 6)  # both +1s on one die: 3+
    # two dice at 5+ with two +1s: no hit only if both show 1-2 (a 3 takes both +1s)
    two = hits(hit_distribution((5, 5), 2, False, 6))
    assert two[0] == pytest.approx(1 / 9)
    # two hits: both 5+; one 5+ and the other 3-4; or both 4 (one +1 each). A 4 and a 3 need three +1s.
    assert two[2] == pytest.approx(1 / 9 + 2 * (1 / 3) * (2 / 6) + 1 / 36)


def test_keep_adds_to_defenders_battle_result():
    """'The defending player adds an additional 0 to 3 to their Battle Result, depending on the level of the Keep.'"""
    assert army({**one_v_one(), "city": True, "keep": 3}).br_bonus == 3
    with pytest.raises(ConfigError):
        army({**one_v_one(), "city": True, "keep": 4})


def test_farms_and_city_add_transient_units():
    """'Add 1 Transient Infantry to the defender's army for each Farm present in the Province. Add a Transient
    Archer to the defender's army if there is a City present.'"""
    groups = army({**one_v_one(), "farms": 2, "city": True}).groups
    assert {(g.kind, g.transient): g.count for g in groups} == {
        ("infantry", False): 1,
        ("infantry", True): 2,
        ("archer", True): 1,
    }


def test_ties_go_to_the_defender():
    """'If your Battle Result is tied or lower than your opponent's, you lost the battle.'"""
    out = exact(one_v_one())
    assert out["tie"] == pytest.approx(5 / 9)
    assert out["defender_win"] == pytest.approx(7 / 9)


def test_mutual_destruction():
    """'Units may be targeted in the same phase they rolled, mutual destruction is possible.'"""
    assert exact(one_v_one())["battle_result_margin"]["0"] == pytest.approx(1 / 9 + 4 / 9)
    assert exact(one_v_one())["battle_result"]["attacker"]["0"] == pytest.approx(1 / 3)  # killed whenever hit


def test_killed_units_forfeit_later_rolls():
    """'Units that are killed before a phase in which they would roll forfeit their corresponding rolls.'"""
    out = exact({"attacker": {"units": {"archer": 1}}, "defender": {"units": {"infantry": 1}}})
    assert out["attacker_win"] == pytest.approx(1 / 3 + 2 / 3 * 1 / 6 * 2 / 3)
    assert out["mean_lost"]["attacker"] == pytest.approx(2 / 3 * 1 / 3)  # the Infantry rolls only if it survived


def test_battle_result_is_the_sum_of_levels():
    """'Each surviving unit contributes 1 to 3 to the Battle Result, depending on the level of the corresponding
    Military Technology'."""
    out = exact({"attacker": {"units": {"infantry": 1}, "tech": {"infantry": 3}}, "defender": {"units": {"archer": 1}}})
    assert set(out["battle_result"]["attacker"]) <= {"0", "3"}


def test_transient_units_have_the_players_level():
    """'Note: Transient units are considered to be of the same level as your regular units.'"""
    groups = army({**one_v_one(), "defender": {"units": {"infantry": 1}, "tech": {"infantry": 2}}, "farms": 1}).groups
    assert [g.level for g in groups] == [2, 2]


def test_barbarian_trophies_add_units_and_vp():
    """'When fighting Barbarians after beating 2 Barbarian tokens, add 1 Transient Archer, and receive 3 VP when
    you win the battle.'"""
    b = battle.scenario_from_dict({"attacker": {"units": {"infantry": 2}}, "barbarian": {"infantry": 1}, "trophies": 2},
                                  "test", RULES)  # fmt: skip
    groups = b.variants[0].armies[1].groups
    assert {(g.kind, g.transient) for g in groups} == {("infantry", False), ("archer", True)}
    assert b.variants[0].vp_win == 3


def test_barbarians_use_the_top_row():
    """'Barbarian units never upgrade, always use the top row (of either card, they are the same) for their values.'"""
    b = battle.scenario_from_dict({"attacker": {"units": {"infantry": 2}}, "barbarian": {"cavalry": 1}}, "t", RULES)
    cavalry = b.variants[0].armies[1].groups[0]
    assert (cavalry.level, cavalry.thresholds, cavalry.armour) == (1, (0, 5, 5), 2)


def test_capital_vp_and_theft():
    """'Score VP equal to their Army limit' and 'Steal 1 Gold or a resource of your choice from the opponent'."""
    out = exact({**one_v_one(), "capital": 7})
    assert out["expected_vp"]["attacker"] == pytest.approx(7 * 2 / 9)
    assert out["expected_theft"] == pytest.approx(2 / 9)


def test_reinforce_is_one_plus_one_once():
    """'to grant you a +1 on any one die, after rolling the dice, in any phase. The card is then discarded.'"""
    raw = {"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 2}}, "reinforce": "attacker"}
    out = exact(raw)
    assert 0 < out["reinforce_played"]["attacker"] <= 1
    two = hits(hit_distribution((5, 5), 0, True, 6))
    assert two[2] == pytest.approx(1 / 9 + 2 * (1 / 3) * (1 / 6))  # both hit, or one hits and the other shows a 4


def test_crusade_victory_needs_defence_value_hits():
    """'If the total number of player markers on the card equals or exceeds its Defence Value, the Crusade ends in
    victory' — each unit rolls once at its best skill."""
    rules = validate(RULES)
    out = crusade_odds(rules, {"red": {"units": {"infantry": 2}}, "blue": {"units": {"archer": 1}}}, 1)
    assert out["victory"] == pytest.approx(1 - (2 / 3) ** 3)  # Archer's best skill is volley 5
    assert out["expected_hits"] == {"red": pytest.approx(2 / 3), "blue": pytest.approx(1 / 3)}
    level_2_cavalry = {"red": {"units": {"cavalry": 1}, "tech": {"cavalry": 2}}}
    assert crusade_odds(rules, level_2_cavalry, 1)["victory"] == pytest.approx(1 / 2)  # charge 4
    with pytest.raises(ConfigError):
        crusade_odds(rules, {"red": {"units": {"infantry": 1}}}, -1)


def test_ages_of_war_attacker_wins_ties_with_a_survivor():
    """Module 9: 'the attacker wins ties in Battle, as long as at least one of their units survives battle.'"""
    rules = load_rules("dark_ages", {"battle.attacker_wins_ties": True})
    p = battle.compile(rules, battle.scenario_from_dict(one_v_one(), "test", rules))
    # the attacker wins whenever its Infantry survives (the defender misses, 2/3): it then ties or leads
    assert battle.exact(p)["attacker_win"] == pytest.approx(2 / 3)
    counts, _ = battle.run_chunk(p, 1, 0, 200_000, False)
    assert abs(counts["attacker_win"][0] / 200_000 - 2 / 3) < 4.5 * (2 / 9 / 200_000) ** 0.5
