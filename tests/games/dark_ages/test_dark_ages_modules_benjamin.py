"""Module 13A, Travels of Benjamin, on hand-built states (rulebook 'Module 13A — Travels of Benjamin')."""

import pytest

from sim.games.dark_ages.game.building import apply as build
from sim.games.dark_ages.game.building import options as build_options
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.culture import apply_culture
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.benjamin import TYPE
from tests.games.dark_ages.module_helpers import game_with


def _new(n: int):
    return game_with("benjamin", n)


@pytest.fixture
def game():
    return _new(2)


def _benjamin(game):
    return next(m for m in game.mods if m.name == "benjamin")


def _take(game, seat=0):
    """Put a Travels of Benjamin card in the leftmost offer slot and take it (Development of Culture)."""
    cid = next(c for c in game.deck if game.ctx.deck.cards[c].type == TYPE)
    game.deck.remove(cid)
    game.offer[0] = cid
    apply_culture(game, seat, ("development_of_culture", 0))
    return cid


@pytest.mark.parametrize("players,each_half", [(2, 4), (3, 5), (4, 6)])
def test_setup_shuffles_the_cards_into_both_halves(players, each_half):
    """'4 to the top half, 4 to the bottom half in a 2-player game ... 5 ... 3-player ... 6 ... 4-player game'."""
    game = _new(players)
    types = [game.ctx.deck.cards[c].type for c in game.deck]
    half = (len(game.deck) - 2 * each_half) // 2 + each_half
    assert types[:half].count(TYPE) == each_half and types[half:].count(TYPE) == each_half


def test_taken_card_goes_into_play_not_hand(game):
    """'Once taken, put it in play face up next to your player board ... It does not count towards your hand
    limit'; 'If this is your first Travels of Benjamin card, receive the first reward' (assumed: 1 VP)."""
    yellow = game.players[0]
    hand = list(yellow.hand)
    _take(game)
    assert yellow.hand == hand and _benjamin(game).collected == [1, 0]
    assert yellow.vp_by["modules"] == 1 and score(game, 0)["modules"] == 1
    check(game)


def test_rewards_unlock_one_by_one(game):
    """'If this is your second, receive the first or the second' ... (policy: the highest unlocked)."""
    yellow = game.players[0]
    b = _benjamin(game)
    _take(game)
    gold = yellow.gold
    _take(game)  # 2nd: 1 Gold
    assert yellow.gold == gold + 1
    farms = yellow.farms_off
    _take(game)  # 3rd: place 1 Farm in a Province you control
    assert yellow.farms_off == farms + 1
    _take(game)  # 4th: the third Farm
    assert b.third_farm[0]
    vp = yellow.vp
    _take(game)  # 5th: 6 VP
    assert yellow.vp == vp + 6
    assert b.unlocked(0) == [1, 2, 3, 5]  # 'The fourth reward can only be received once by a player.'
    check(game)


def test_third_farm_can_be_built(game):
    """'From now on, you may build a third Farm in each Province you control.'"""
    yellow = game.players[0]
    capital = yellow.capital
    game.farms[capital] = (0, 2)
    yellow.farms_off += 1
    yellow.res.update(wood=5, leather=5, stone=5, iron=5)
    assert ("build", "farm", capital, None) not in build_options(game, 0)
    _benjamin(game).third_farm[0] = True
    assert ("build", "farm", capital, None) in build_options(game, 0)
    build(game, 0, ("build", "farm", capital, None))
    assert game.farms[capital] == (0, 3)
    check(game)


def test_off_the_base_deck_is_unchanged():
    """The Travels cards exist only in a game with the module: the base Context's draw pile never holds them."""
    ctx = cached_context()
    assert all(ctx.deck.cards[c].type != TYPE for c in ctx.deck.draw_pile(4))
