"""Full-rules clashes: counters, stalemates, toughness modifiers, retreat and panic, ambush, walls, fortresses."""

import pytest

from sim.errors import ConfigError
from sim.games.hussars.army import Token, compositions, parse_groups
from sim.games.hussars.full import Context, clash, legal_tactics, side_damage
from sim.games.hussars.matrix import build
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY
from sim.games.hussars.scenario import Conditions


def army(rules, spec):
    [(_, tokens)] = compositions(parse_groups(spec, rules, "test", "army"), "test", "army")
    return tokens


def ctx_of(rules, attacker, defender, **cond):
    return Context(rules, (army(rules, attacker), army(rules, defender)), Conditions(**cond))


def test_counter_negates_the_countered_card(rules):
    # Anti-Tatar Formation counters Charge (assumed): the charge deals nothing, the formation works normally
    ctx = ctx_of(rules, "winged_hussar=1", "cossack=2")
    out = clash(ctx, "charge", "anti_tatar_formation")
    assert out.label == "countered"
    assert out.dealt[0] == 0
    assert out.dealt[1] == 2  # two Cossacks × 1†


def test_standoff_no_damage(rules):
    ctx = ctx_of(rules, "cossack=3", "cossack=2")
    out = clash(ctx, "tabor_wagon", "tabor_wagon")
    assert (out.label, out.winner, out.dealt) == ("standoff", NOBODY, (0, 0))
    assert (out.attacker_lost, out.defender_lost) == (0, 0)


def test_tabor_toughness_and_charge_against_tabor(rules):
    # Tabor: Cossacks +1♥ (2♥): a 3† Shoot wounds one Cossack (2†) and the last 1† is lost
    ctx = ctx_of(rules, "cossack=2", "cossack=2")
    out = clash(ctx, "shoot", "tabor_wagon")
    assert out.defender_after == (Token("cossack"), Token("cossack", False, True))
    # Charge against Tabor: charging Hussars −1♥ → a full Hussar has 2♥, so 2† (2 Cossacks × 1†) wound it
    ctx = ctx_of(rules, "winged_hussar=1", "cossack=2", forest=True, peasants=True)
    out = clash(ctx, "charge", "tabor_wagon")
    assert out.attacker_after == (Token("winged_hussar", True, True),)
    same = clash(ctx, "charge", "assault")  # without Tabor the Hussar keeps 3♥: 2 Cossacks × 2† = 4† wound it once
    assert same.attacker_after == (Token("winged_hussar", True, True),)


def test_retreat_without_charge_escapes_and_the_enemy_wins(rules):
    ctx = ctx_of(rules, "cossack=2", "light_cavalry=1")
    out = clash(ctx, "shoot", "retreat")
    assert out.winner == ATTACKER and out.defender_lost == 0 and out.dealt == (0, 0)
    assert out.spoils == (0, 0)


def test_retreat_panic_against_charge(rules):
    # Panic: 1-Movement-Point units −1♥ (a 1♥ Cossack drops to 0 and is destroyed), Fast Cavalry +1♥
    ctx = ctx_of(rules, "light_cavalry=1", "cossack=2,light_cavalry:veteran=1")
    out = clash(ctx, "charge", "retreat")
    assert out.winner == ATTACKER
    assert out.defender_lost == 2  # both Cossacks
    assert out.defender_after == (Token("light_cavalry", True, True),)  # 2♥ with panic: the 2† charge wounds it
    ctx = ctx_of(rules, "winged_hussar=1", "light_cavalry:veteran=1")
    out = clash(ctx, "charge", "retreat")  # 8† against a 2♥ then 2♥ (wounded 1♥ + 1) Light Cavalry: destroyed
    assert out.defender_lost == 1


def test_cannot_retreat_means_destroyed(rules):
    ctx = ctx_of(rules, "cossack=2", "light_cavalry=1", can_retreat=(True, False))
    out = clash(ctx, "shoot", "retreat")
    assert out.winner == ATTACKER and out.defender_lost == 1 and out.defender_after == ()


def test_ambush_bonuses_and_fast_cavalry_reduction(rules):
    # each unit 0† +1† per condition: forest, river, no peasants, wasteland, enemy in Loose Columns → 5† per unit
    ctx = ctx_of(rules, "cossack=2", "cossack=4", forest=True, river=True, wasteland=True, loose=(False, True))
    assert side_damage(ctx, 0, "ambush") == 10
    ctx = ctx_of(rules, "cossack=2,artillery=1", "cossack=4", peasants=True)
    assert side_damage(ctx, 0, "ambush") == 3  # Artillery 3†, no conditions
    # deduct 1† per enemy Fast Cavalry unit (veteran Light Cavalry has 3 Movement Points)
    ctx = ctx_of(rules, "cossack=2,artillery=1", "light_cavalry:veteran=2,cossack=1", peasants=True)
    assert side_damage(ctx, 0, "ambush") == 1


def test_ambush_forest_infantry_toughness(rules):
    ctx = ctx_of(rules, "cossack=2", "cossack=3", forest=True, peasants=True)
    out = clash(ctx, "ambush", "shoot")  # Shoot counters Ambush (assumed): but toughness +1 needs the card to work
    assert out.label == "countered"
    out = clash(ctx, "ambush", "assault")  # Ambush counters Assault: 1† each from forest, Cossacks at 2♥
    assert out.dealt == (2, 0)


def test_famine_weakens_the_garrison(rules):
    ctx = ctx_of(rules, "cossack=3", "cossack=2", fortress=1, famine=1)
    assert side_damage(ctx, 1, "fortress_1") == 1  # (1.5 − 1) × 2 = 1
    ctx = ctx_of(rules, "cossack=3", "cossack=2", fortress=1)
    assert side_damage(ctx, 1, "fortress_1") == 3


def test_wall_combat_limits_the_garrison_on_the_walls(rules):
    ctx = ctx_of(rules, "cossack=4", "cossack=3", fortress=1)
    assert side_damage(ctx, 1, "fortress_1", "shoot") == 3  # only 2 of 3 on the walls: 2 × 1.5
    out = clash(ctx, "shoot", "fortress_1")
    assert out.label == "battle"
    assert clash(ctx, "charge", "fortress_1").label == "standoff"


def test_besieger_second_line_is_safe_in_wall_combat(rules):
    # the besieger shoots with Cossacks; its Hussar (not listed on Shoot) waits hidden in the 2nd Line
    ctx = ctx_of(rules, "cossack=1,winged_hussar=1", "cossack=2,artillery=1", fortress=1)
    out = clash(ctx, "shoot", "fortress_1")
    assert Token("winged_hussar", True, False) in out.attacker_after


def test_combat_inside_fortress_repeats_until_destroyed(rules):
    ctx = ctx_of(rules, "cossack=2", "cossack=2", fortress=1, inside_fortress=True)
    out = clash(ctx, "assault", "shoot")  # 2 × 2† × 2 = 8 against 2 × 1.5 × 2 = 6: both armies are destroyed
    assert out.attacker_after == () and out.defender_after == ()
    assert out.winner == NOBODY
    assert "fortress_1" not in legal_tactics(ctx, 1)


def test_second_line_and_artillery_hit_only_after_first_line_destroyed(rules):
    ctx = ctx_of(rules, "winged_hussar=1,pancerni=1", "cossack=1,artillery=1")
    out = clash(ctx, "charge", "shoot")  # 8† + 4† = 12†: the Cossack (1 + 1), then the Artillery (2 + 1)
    assert out.defender_after == ()
    ctx = ctx_of(rules, "light_cavalry=1", "cossack=1,artillery=1", forest=True, peasants=True)
    out = clash(ctx, "charge", "assault")  # 2†: wounds then destroys the Cossack; nothing reaches the Artillery
    assert out.defender_after == (Token("artillery"),)


def test_captured_artillery_goes_to_the_winner(rules):
    ctx = ctx_of(rules, "cossack=2", "artillery:wounded=1,light_cavalry=1")
    out = clash(ctx, "shoot", "retreat")
    assert out.winner == ATTACKER
    assert out.captured == (1, 0)
    assert Token("artillery", False, True) in out.attacker_after
    assert out.defender_lost == 1


def test_defender_wins_when_attacker_destroyed(rules):
    ctx = ctx_of(rules, "cossack=1", "winged_hussar=1", forest=True, peasants=True)
    out = clash(ctx, "shoot", "charge")  # Charge counters Shoot: 4† destroys the Cossack
    assert out.winner == DEFENDER and out.spoils == (0, 1)


def test_matrix_lists_every_legal_pair(rules):
    ctx = ctx_of(rules, "winged_hussar=1,pancerni=1,light_cavalry=1", "cossack=4")
    game = build(ctx)
    assert "ambush" in game.rows  # 3 tokens against 4
    assert "ambush" not in game.cols and "charge" not in game.cols  # 4 tokens; no cavalry
    assert set(game.outcomes) == {(a, d) for a in game.rows for d in game.cols}


@pytest.mark.parametrize(
    "cond, side, options, message",
    [
        ({}, 0, ("charge_of_the_light_brigade",), "a tactic"),
        ({"moved": (3, 0)}, 0, ("tabor_wagon",), "Movement Points"),
        ({"loose": (True, False)}, 0, ("retreat",), "Loose Columns"),
        ({}, 0, ("ambush",), "more tokens"),
        ({}, 1, ("fortress_1",), "fortress"),
        ({}, 1, ("charge",), "listed"),
        ({"fortress": 1}, 1, ("retreat",), "Blockade"),
    ],
)
def test_tactic_not_allowed_is_a_config_error(rules, cond, side, options, message):
    ctx = ctx_of(rules, "light_cavalry=2", "cossack=1", **cond)
    with pytest.raises(ConfigError, match=message):
        legal_tactics(ctx, side, options, strict=True)


def test_veteran_promotion_after_battle(rules):
    # "Light Cavalry may become veteran Light Cavalry or Pancerni" — the assumed policy takes Pancerni (2♥)
    ctx = ctx_of(rules, "light_cavalry=1,cossack=2", "cossack=1")
    out = clash(ctx, "shoot", "shoot")
    assert out.promoted[0] == "light_cavalry>pancerni"
    out = clash(ctx, "assault", "tabor_wagon")
    assert out.promoted[0] == "light_cavalry>pancerni"  # both types are listed on Assault
    ctx = ctx_of(rules, "cossack=2,winged_hussar=1", "cossack=1")
    assert clash(ctx, "charge", "shoot").promoted[0] == ""  # only the Hussar fought: no regular version to swap
    assert clash(ctx, "tabor_wagon", "tabor_wagon").promoted == ("", "")  # no battle took place


def test_tabor_siege_when_the_attacker_has_more_tokens(rules):
    ctx = ctx_of(rules, "winged_hussar=1,cossack=3", "cossack=3,artillery=1", forest=True, peasants=True)
    out = clash(ctx, "charge", "tabor_wagon")
    # Tabor 6† (3 Cossacks + Artillery 3†) destroy the charging Hussar (2♥ then 1♥ against a Tabor) and wound the
    # 3 Cossacks in the 2nd Line: 3 tokens against 4, no siege
    assert out.winner == NOBODY and (len(out.attacker_after), len(out.defender_after)) == (3, 4)
    assert not out.tabor_siege
    ctx = ctx_of(rules, "light_cavalry=3", "cossack=2")
    assert clash(ctx, "shoot", "tabor_wagon").tabor_siege
    assert not clash(ctx, "tabor_wagon", "tabor_wagon").tabor_siege  # "If both ... play the Tabor Wagon card"


def test_loose_defender_types_are_blind_picks(rules):
    from sim.games.hussars.full import active_tokens, defender_types

    ctx = ctx_of(rules, "cossack=2", "light_cavalry=1,cossack=2", loose=(False, True))
    types = defender_types(ctx)
    assert sorted(round(p, 9) for p, _ in types) == [round(1 / 3, 9), round(2 / 3, 9)]
    fighting = {active_tokens(c, 1)[0]: p for p, c in types}
    assert fighting[(Token("cossack"), Token("cossack"))] == pytest.approx(1 / 3)
    assert defender_types(ctx_of(rules, "cossack=2", "cossack=3"))[0][0] == 1.0
