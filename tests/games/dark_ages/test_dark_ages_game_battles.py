"""Battles inside a game: the Technologies' generic battle effects on top of the plain-Python Battle Sequence."""

import random

from sim.games.dark_ages.army import Army, Battle, Group, Variant
from sim.games.dark_ages.game.battle_sequence import NONE, Effects, effects_from_cards, fight
from sim.games.dark_ages.reference import fight as plain_fight

INFANTRY = Group("infantry", 1, False, 3, (0, 0, 5), 1)


def _battle():
    variant = Variant("t", 1, (Army((INFANTRY,), 0, 0), Army((INFANTRY,), 0, 0)), 0, "")
    return Battle((variant,), ("solo", "solo"), (False, False), 0, False), variant


def test_without_effects_it_is_the_plain_engine():
    battle, variant = _battle()
    for seed in range(50):
        assert fight(battle, variant, 6, random.Random(seed)) == plain_fight(battle, variant, 6, random.Random(seed))


def test_cancelling_all_damage_keeps_every_unit():
    battle, variant = _battle()
    shield = Effects(cancel=99)
    for seed in range(50):
        out = fight(battle, variant, 6, random.Random(seed), (shield, NONE))
        assert len(out["survivors"][0]) == 3 and out["br"][0] >= out["br"][1]


def test_extra_dice_and_hits_help():
    battle, variant = _battle()
    strong = Effects(dice=(0, 0, 3), hits=(0, 0, 1))
    wins = sum(fight(battle, variant, 6, random.Random(s), (strong, NONE))["win"] for s in range(400))
    plain = sum(fight(battle, variant, 6, random.Random(s))["win"] for s in range(400))
    assert wins > plain + 50


def test_effects_from_cards():
    cards = [{"kind": "battle_die", "phase": "volley", "amount": 1}, {"kind": "battle_hit", "phase": "melee",
             "amount": 1}, {"kind": "battle_cancel", "amount": 1}]  # fmt: skip
    assert effects_from_cards(cards) == Effects((1, 0, 0), (0, 0, 1), 1)
