"""Every worked example in the Winged Hussars and Cossacks battle sections, reproduced exactly."""

from sim.games.hussars.army import Token
from sim.games.hussars.damage import Fighter, allocate, round_damage
from sim.games.hussars.full import Context, side_damage
from sim.games.hussars.outcome import ATTACKER
from sim.games.hussars.rules import load
from sim.games.hussars.scenario import Conditions
from sim.games.hussars.simplified import effectiveness, resolve

RULES = load()


def test_korecki_against_wisniowiecki_simplified():
    # "Korecki's total army Effectiveness is 15, while Wiśniowiecki's is 8. Wiśniowiecki's army is destroyed,
    #  and Korecki must absorb exactly 2 hits (4 tokens divided by 2)."
    korecki = tuple(sorted([Token("winged_hussar", True), Token("pancerni", True), Token("light_cavalry")]))
    wisniowiecki = (Token("cossack"),) * 4
    assert effectiveness(RULES, korecki) == 15
    assert effectiveness(RULES, wisniowiecki) == 8
    [(prob, outcome)] = resolve(RULES, korecki, wisniowiecki, Conditions())
    assert prob == 1.0
    assert outcome.winner == ATTACKER
    assert outcome.defender_after == () and outcome.defender_lost == 4
    assert outcome.dealt[1] == 2  # hits Korecki absorbs
    # "the first hit to ... Light Cavalry. The token is flipped to its wounded side. ... the second hit to the next
    #  lowest Toughness – the Pancerni cavalry."
    assert sorted(outcome.attacker_after) == sorted(
        [Token("winged_hussar", True), Token("pancerni", True, True), Token("light_cavalry", False, True)]
    )
    assert outcome.attacker_lost == 0


def test_rounding_rules_example():
    # "3 Cossacks (1.5 damage each) and 1 Light Cavalry unit (1.5 damage) ... Cossack damage equals 4.5, rounded up
    #  to 5; Light Cavalry damage equals 1.5, rounded up to 2. The combined total is 7 damage (5 + 2 = 7)."
    assert round_damage({"cossack": 3 * 1.5, "light_cavalry": 1.5}) == 7
    assert round_damage({"all": 4 * 1.5}) == 6  # pooling the types first would give 6, not 7
    army = (Token("cossack"),) * 3 + (Token("light_cavalry"),)
    ctx = Context(RULES, (army, (Token("cossack"),)), Conditions())
    assert side_damage(ctx, 0, "shoot") == 7  # the assumed Shoot values are the example's 1.5† each


def test_charge_example_16_damage():
    # "An army fielding 1 Hussar unit and 2 Pancerni units charges an open field (no forest, no peasants). Base
    #  damage equals 8† (4 + 2 + 2). The terrain conditions add ... +4† for the Hussars ... and +4† for the Pancerni
    #  ..., resulting in a combined total of 16† damage."
    army = (Token("winged_hussar", True), Token("pancerni", True), Token("pancerni", True))
    ctx = Context(RULES, (army, (Token("cossack"),)), Conditions(forest=False, peasants=False))
    assert side_damage(ctx, 0, "charge") == 16
    assert side_damage(Context(RULES, ctx.armies, Conditions(forest=True, peasants=True)), 0, "charge") == 8
    assert side_damage(Context(RULES, ctx.armies, Conditions(forest=True)), 0, "charge") == 12


def _fighter(unit: str, veteran: bool = False, wounded: bool = False) -> Fighter:
    kind = RULES.units[unit]
    return Fighter(unit, veteran, wounded, kind.toughness, kind.eff(veteran), kind.kind == "artillery")


def test_damage_allocation_example_13():
    # "A total of 13† damage is dealt to an army. The defender's 1st Line contains 1 wounded veteran Cossack (1♥),
    #  1 double veteran Light Cavalry token (2 units, 1♥ each), 1 Pancerni unit (2♥), and 1 Hussar unit (3♥)."
    cossack = _fighter("cossack", True, True)
    light = [_fighter("light_cavalry", True), _fighter("light_cavalry", True)]  # the double token, split
    pancerni, hussar = _fighter("pancerni", True), _fighter("winged_hussar", True)
    spent = allocate([hussar, light[0], pancerni, cossack, light[1]], 13)
    # "The Cossack ... is wounded again and destroyed"; "The two wounded Light Cavalry units ... are destroyed"
    assert not cossack.alive and not light[0].alive and not light[1].alive
    # "the player dealing the damage chooses the Hussars, which are destroyed (2† spent, 1† remaining). The
    #  remaining 1† cannot wound the Pancerni (2♥) and is lost."
    assert not hussar.alive
    assert pancerni.alive and pancerni.wounded and pancerni.current_toughness == 2
    assert spent == 12


def test_damage_allocation_13_queue_order():
    # "1st Queue ... (5† spent, 5† remaining)": after the wounding queue, every token is wounded once.
    tokens = [_fighter("cossack", True, True), _fighter("light_cavalry", True), _fighter("light_cavalry", True),
              _fighter("pancerni", True), _fighter("winged_hussar", True)]
    assert allocate(tokens, 8) == 8
    assert [t.alive for t in tokens] == [False, True, True, True, True]
    assert all(t.wounded for t in tokens[1:])
    # "The Hussar token ... implies a wounded Hussar has 2♥" (issue) — the wounded face is 2♥
    assert tokens[4].current_toughness == 2
