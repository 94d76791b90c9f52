"""Module 8, The Wyrd, on hand-built states (rulebook 'Module 8 — The Wyrd'). The Wyrd penalties are assumed
(modules.yaml wyrd.penalties, flagged generic)."""

import pytest

from sim.games.dark_ages.game.culture import apply_culture, culture_options, cycle_offer
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.wyrd import choose_penalty
from tests.games.dark_ages.module_helpers import game_with


def _new(n=3):
    return game_with("wyrd", n, seed=1)


@pytest.fixture
def game():
    return _new()


def _wyrd(game):
    return game.mods[0]


def test_setup_tucks_a_wyrd_under_the_rightmost_card(game):
    """'take the top Wyrd card without flipping it face up and tuck it underneath the rightmost (least accessible)
    Culture card.'"""
    w = _wyrd(game)
    assert w.attached == {game.offer[-1]: w.attached[game.offer[-1]]} and len(w.deck) == 11


def test_a_card_with_a_wyrd_is_accessible_to_all(game):
    """'A card with a Wyrd card attached is considered accessible for all players, regardless of their position on
    the Culture track.'"""
    slots = [m[1] for m in culture_options(game, 0)]
    assert slots[-1] == len(game.offer) - 1 and len(slots) == 2  # one from the start space + the Wyrd's card


def test_taking_activates_the_wyrd_with_one_marker_per_player(game):
    """'Put it face up in play in front of you ... place as many player markers on it as the number of players';
    'After a Wyrd card has been taken ... attach it (face down) to the current rightmost Culture card'."""
    w = _wyrd(game)
    card = game.offer[-1]
    wyrd = w.attached[card]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert card in game.players[0].hand
    assert w.active[0] == [[wyrd, 3]] and game.offer[-1] in w.attached and len(w.deck) == 10
    check(game)


def test_activation_takes_a_marker_off_every_other_active_wyrd(game):
    """'every player (including you) takes one player marker off all of their other, active Wyrd cards. (Do not take
    a marker off the Wyrd card you just activated.)'; at zero 'the curse is fulfilled'."""
    w = _wyrd(game)
    w.active = [[["CY01", 2]], [["CY02", 1], ["CY03", 3]], []]
    game.players[1].vp, game.players[1].vp_by = 10, {"church": 10}
    game.players[1].gold = 0
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active[0][0] == ["CY01", 1] and w.active[0][1][1] == 3
    assert w.active[1] == [["CY03", 2]] and w.fulfilled[1] == ["CY02"]
    # CY02: [gold 2] / [vp 3]; no Gold (no effect), so the VP penalty
    assert game.players[1].vp == 7
    check(game)


@pytest.mark.parametrize(
    "gold,vp,units,penalties,chosen",
    [
        (5, 10, 2, [["gold", 2], ["vp", 3]], 0),  # both complete: the cheaper (assumed policy)
        (1, 10, 2, [["gold", 2], ["vp", 3]], 1),  # 'If one ... cannot be completely fulfilled, select the other'
        (0, 2, 2, [["gold", 2], ["vp", 3]], 1),  # both partial or none: the one with an effect
        (1, 2, 2, [["gold", 2], ["vp", 3]], 1),  # 'both ... only partially, you must select the bottom one'
        (1, 0, 2, [["gold", 2], ["vp", 3]], 0),  # 'If one of the penalties has no effect, select the other one'
        (5, 10, 2, [["unit", 1], ["vp", 2]], 0),  # equal assumed weights (a unit = 2 VP): the top one
        (5, 10, 2, [["unit", 1], ["vp", 1]], 1),
    ],
)
def test_penalty_choice(game, gold, vp, units, penalties, chosen):
    p = game.players[0]
    p.gold, p.vp = gold, vp
    assert choose_penalty(game, 0, penalties) == chosen


def test_discarded_card_passes_its_wyrd_to_the_rightmost(game):
    """'If a Culture card with a Wyrd card is discarded from the offer, move the Wyrd card under the rightmost
    Culture card (that does not already have a Wyrd card).'"""
    w = _wyrd(game)
    wyrd = w.attached.pop(game.offer[-1])
    w.attached[game.offer[0]] = wyrd
    cycle_offer(game)
    assert w.attached == {game.offer[-1]: wyrd}


def test_no_more_wyrd_cards_resolves_every_active_one(game):
    """'If there are no more Wyrd cards, immediately resolve all in-play Wyrd cards ... even if there are player
    markers remaining on them'."""
    w = _wyrd(game)
    w.deck = []
    w.active[1] = [["CY01", 3]]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active == [[], [], []] and len(w.fulfilled[0]) == 1 and w.fulfilled[1] == ["CY01"]
    check(game)


def test_most_wyrd_cards_score_seven(game):
    """'At the end of the game, the player with most Wyrd cards (active or fulfilled) score 7 VP' (ties: each)."""
    w = _wyrd(game)
    w.active = [[["CY01", 1]], [], [["CY02", 1]]]
    w.fulfilled = [["CY03"], [], []]
    assert [w.final_vp(game, s) for s in range(3)] == [7, 0, 0]
    w.fulfilled[2] = ["CY04"]
    assert [w.final_vp(game, s) for s in range(3)] == [7, 0, 7]
    w.active, w.fulfilled = [[], [], []], [[], [], []]
    assert [w.final_vp(game, s) for s in range(3)] == [0, 0, 0]
