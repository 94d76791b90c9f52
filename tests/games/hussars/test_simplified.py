"""Simplified battles: Effectiveness, hit rounds, ties, Loose Columns, sieges and composition distributions."""

import pytest

from sim.config import load_rules
from sim.games.hussars import battle as hb
from sim.games.hussars.army import Token


def exact(raw):
    rules = load_rules("hussars")
    payload = hb.compile(rules, hb.scenario_from_dict(raw, "test", rules))
    return hb.exact(payload)


def test_hit_rounds_protect_artillery_until_round_three():
    # 12 Effectiveness beats 10; the winner takes ceil(5 / 2) = 3 hits: round 1 wounds the Cossack, round 2
    # destroys it (Artillery cannot be hit), round 3 may hit Artillery.
    out = exact({"attacker": "artillery=2,cossack=1", "defender": "cossack=5"})
    assert out["attacker_win"] == 1.0
    assert out["attacker_after"] == {"artillery": 1.0, "artillery:wounded": 1.0}
    assert out["mean_lost"] == {"attacker": 1.0, "defender": 5.0}


def test_artillery_only_army_is_hit_in_round_three():
    # 2 Artillery (10) beat 4 Cossacks (8): 2 hits, which can land only in the 3rd Hit Round
    out = exact({"attacker": "artillery=2", "defender": "cossack=4"})
    assert out["attacker_win"] == 1.0
    assert out["attacker_after"] == {"artillery:wounded": 2.0}


def test_one_hit_per_token_per_round_and_leftover_hits_lost():
    # 1 Hussar (8) beats 3 Cossacks (6): 2 hits → wounded in round 1, destroyed in round 2
    out = exact({"attacker": "winged_hussar=1", "defender": "cossack=3"})
    assert out["attacker_win"] == 1.0
    assert out["mean_lost"]["attacker"] == 1.0
    # Hussar + Artillery (13) beat 6 Cossacks (12): 3 hits; rounds 1–2 hit only the Hussar, round 3 the Artillery
    out = exact({"attacker": "winged_hussar=1,artillery=1", "defender": "cossack=6"})
    assert out["attacker_after"] == {"artillery:wounded": 1.0}


def test_tie_both_take_hits_nobody_destroyed():
    out = exact({"attacker": "cossack=3", "defender": "light_cavalry=2"})  # 6 against 6
    assert out["no_winner"] == 1.0
    assert out["attacker_after"] == {"cossack": 2.0, "cossack:wounded": 1.0}  # ceil(2 / 2) = 1 hit
    assert out["defender_after"] == {"light_cavalry:wounded": 2.0}  # ceil(3 / 2) = 2 hits


def test_loose_columns_attacker_fights_with_half_and_loses_everything():
    out = exact({"attacker": "cossack=4", "defender": "light_cavalry=2", "loose_columns": ["attacker"]})
    assert out["defender_win"] == 1.0
    assert out["mean_lost"]["attacker"] == 4.0  # "the whole army is destroyed, including its 2nd-Line tokens"
    assert out["defender_after"] == {"light_cavalry": 1.0, "light_cavalry:wounded": 1.0}  # hits from 2 fighters


def test_loose_columns_defender_tokens_are_picked_blindly():
    # 2 of {LC, C, C} fight: {LC, C} (5 > 4) with probability 2/3, {C, C} (a 4–4 tie) with 1/3
    out = exact({"attacker": "cossack=2", "defender": "light_cavalry=1,cossack=2", "loose_columns": "defender"})
    assert out["defender_win"] == pytest.approx(2 / 3)
    assert out["no_winner"] == pytest.approx(1 / 3)


def test_siege_values_and_walls():
    # besieging Cossacks 2 each against a garrison Cossack on the walls (5): 4 < 5, and the walls absorb the 1 hit
    out = exact({"attacker": "cossack=2", "defender": "cossack=1", "fortress": 1})
    assert out["defender_win"] == 1.0
    assert out["defender_after"] == {"cossack": 1.0}
    # 4 veteran Cossacks besieging (2 + 1 each = 12) beat 2 garrison Cossacks on the walls (10)
    out = exact({"attacker": "cossack:veteran=4", "defender": "cossack=2", "fortress": 2})
    assert out["attacker_win"] == 1.0
    assert out["attacker_after"] == {"cossack:veteran": 3.0, "cossack:veteran:wounded": 1.0}  # ceil(2 / 2) hits
    # 4 besieging Cossacks (8) lose to 2 on the walls (10): the garrison takes ceil(4 / 2) = 2 hits, minus the walls
    out = exact({"attacker": "cossack=4", "defender": "cossack=2", "fortress": 1})
    assert out["defender_after"] == {"cossack": 1.0, "cossack:wounded": 1.0}
    out = exact({"attacker": "cossack=4", "defender": "cossack=2", "fortress": 2})
    assert out["defender_after"] == {"cossack": 2.0}
    out = exact({"attacker": "cossack=2,light_cavalry=1", "defender": "cossack=1", "fortress": 1})
    assert out["attacker_win"] == 0.0  # besieging 2+2+1 = 5 ties 5 on the walls
    assert out["no_winner"] == 1.0


def test_famine_surrender():
    out = exact({"attacker": "cossack=1", "defender": "artillery=1,cossack=3", "fortress": 1, "famine": 2})
    assert out["attacker_win"] == 1.0
    assert out["mean_lost"] == {"attacker": 0.0, "defender": 4.0}


def test_defender_range_reports_odds_over_compositions():
    # 3 Light Cavalry (9) against 2..5 Cossacks (4, 6, 8, 10): the attacker wins 3 compositions of 4
    out = exact({"attacker": "light_cavalry=3", "defender": "cossack=2..5"})
    assert out["attacker_win"] == pytest.approx(0.75)
    assert out["defender_win"] == pytest.approx(0.25)
    out = exact({"attacker": "light_cavalry=3", "defender": {"cossack": {4: 0.9, 5: 0.1}}})
    assert out["attacker_win"] == pytest.approx(0.9)


def test_veteran_flag_and_always_veteran_types():
    from sim.games.hussars.army import compositions, parse_groups
    from sim.games.hussars.rules import load

    rules = load()
    [(p, army)] = compositions(parse_groups("pancerni=1,cossack=1", rules, "t", "a", veteran_all=True), "t", "a")
    assert army == (Token("cossack", True), Token("pancerni", True))
    out = exact({"attacker": "cossack=3", "defender": "cossack=4", "veteran": ["attacker"]})
    assert out["attacker_win"] == 1.0  # 9 > 8
