"""Princes: death in battle, succession, old age at the end of a Period, elimination and the final Round."""

import random

import pytest

from sim.games.principes.game import control, dynasty, movement, scenario
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_prince_cards_per_principality(start):
    # "The decks for Polonia Maior, Masovia and Silesia consist of 5 cards, while the deck for Polonia Minor
    # contains only 3."
    sizes = start.rules.values["factions"]["prince_deck_sizes"]
    assert sizes == {PM: 5, MAS: 5, PMIN: 3, SIL: 5}
    for p, n in sizes.items():
        assert sum(start.princes_left[p].values()) + 1 == n  # one Period I Prince rules


def test_prince_killed_in_battle_is_succeeded_and_placed(start):
    # "When this happens, the player who lost their Prince (if possible) chooses a second Prince from the current
    # Period. If they do not have another Prince in their deck, the rule passes to a Prince from the next Period
    # ... Then, the player places the removed Prince figure on any land they control."
    s = scenario.place(start, "opolia", SIL, knight=2)  # 4 swords against a lone Prince: he always falls
    s.division.discard("opolia")
    s = scenario.place(s, "cracovia", PMIN, prince=-1)
    s = scenario.place(s, "bitom", PMIN, prince=1)
    s.division.discard("bitom")
    after, (report,) = movement.move(s, PMIN, [Move("prince", ("bitom", "opolia"))], random.Random(3))
    assert report.toppled[PMIN]["prince"] == 1
    assert after.reign[PMIN] == 2 and after.princes_left[PMIN] == {1: 0, 2: 0, 3: 1}
    assert after.units_of("cracovia", PMIN).get("prince") == 1  # the Capital, which it controls
    assert PMIN not in after.eliminated and violations(after) == []


def test_end_of_the_dynasty_eliminates_and_makes_the_next_round_the_last(start):
    # "if during Period I the player loses all Princes from Period I and II (Princes from Period III have not yet
    # been born), that player is defeated and eliminated from the game!" ... "If the eliminated player possessed
    # the Princeps Token, it is passed to the next player designated by that token." ... "the Round following the
    # elimination of a player becomes the final Round"
    s = start.copy()
    s.princes_left[PMIN] = {1: 0, 2: 0, 3: 1}
    dynasty.prince_died(s, PMIN)
    assert PMIN in s.eliminated and s.final_round == s.round + 1
    assert s.princeps == SIL  # clockwise from Polonia Minor
    assert s.gold[PMIN] == 0 and s.hands[PMIN] == {}
    # "all of the player's remaining units on the map are treated as neutral"
    assert control.controller(s, "sandomiria") is None and control.controlled_lands(s, PMIN) == []


def test_old_age_at_the_end_of_a_period(start):
    # "When Period I ends, all Princes from Period I die of old age ... each player chooses a Prince from Period II"
    # "If at the end of the Period there is already a Prince from the next Period ruling the Principality, the
    # Prince change does not occur."
    s = start.copy()
    s.reign[MAS] = 2
    s.princes_left[MAS] = {1: 0, 2: 1, 3: 2}
    after = dynasty.end_of_period(s)
    assert after.reign == dict.fromkeys(s.players, 2)
    assert after.princes_left[MAS] == {1: 0, 2: 1, 3: 2}
    assert after.princes_left[PM] == {1: 1, 2: 1, 3: 1}


def test_eliminated_player_tiles_go_under_their_stacks(start):
    # End of the Dynasty: "Progress Tiles are placed at the bottom of the respective stacks on the Market Board."
    from sim.games.principes.game import progress

    s = progress.setup_market(start, random.Random(3))
    s = progress.take(s, SIL, [(s.market[0], None)])
    tile = s.tiles[SIL][0]
    s = s.copy()
    dynasty.eliminate(s, SIL)
    assert s.tiles[SIL] == [] and s.stacks[tile.split(".")[0]][-1] == tile
    assert violations(s) == []
