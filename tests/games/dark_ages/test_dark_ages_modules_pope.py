"""Module 12A, The Pope, on hand-built states (rulebook 'Module 12A — The Pope')."""

import random

import pytest

from sim.games.dark_ages.game import modules, passing
from sim.games.dark_ages.game.building import apply as build
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.pope import TITLE, pope_cost
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import Stub


@pytest.fixture
def game():
    g = new_game(cached_context(), ["berengar_of_ivrea", "gero_the_great"], [Stub(), Stub()], random.Random(0))
    modules.install(g, ("pope",))
    return g


def _pope(game):
    return next(m for m in game.mods if m.name == "pope")


def _church(game, seat, q):
    """Give ``seat`` a City in ``q`` and the Church's resources (2 Wood, 1 Stone), then build the Church."""
    p = game.players[seat]
    game.barbarians.pop(q, None)
    add_units(p, q, "infantry")
    p.supply["infantry"] -= 1
    game.cities.add(q)
    game.cities_left -= 1
    p.res.update(wood=p.res["wood"] + 2, stone=p.res["stone"] + 1)
    build(game, seat, ("build", "church", q, None))


@pytest.mark.parametrize("churches,cost", [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 4), (8, 4), (9, 5), (14, 5)])
def test_cost_table(churches, cost):
    """'Churches built | 1 | 2–3 | 4–5 | 6–8 | 9+ ; Pope Title Cost | 1 | 2 | 3 | 4 | 5'."""
    assert pope_cost(modules.module_data()["pope"]["cost_by_churches"], churches) == cost


def test_building_a_church_claims_the_pope_ready_and_without_vp(game):
    """'When you build a Church, you may claim the Pope Title by paying a number of resources (or Gold)' ...
    'do not score any VP when first taking the card'."""
    yellow = game.players[0]
    yellow.res.update(wood=0, leather=0, stone=0, iron=2)
    game.churches.append("swabia")  # one Church already on the board: this is the 2nd, cost 2
    game.cities.add("swabia")
    game.cities_left -= 1
    _church(game, 0, "carinthia")
    assert _pope(game).holder == 0 and TITLE in yellow.titles_ready
    assert yellow.res["iron"] == 0
    assert yellow.vp == yellow.vp_by["church"]  # no VP for the Pope itself
    check(game)


def test_gold_stands_in_for_resources(game):
    yellow = game.players[0]
    yellow.res.update(wood=0, leather=0, stone=0, iron=0)
    gold = yellow.gold
    _church(game, 0, "carinthia")  # the 1st Church: cost 1
    assert _pope(game).holder == 0 and yellow.gold == gold - 1


def test_cannot_pay_no_pope(game):
    yellow = game.players[0]
    yellow.res.update(wood=0, leather=0, stone=0, iron=0)
    yellow.gold = 0
    _church(game, 0, "carinthia")
    assert _pope(game).holder is None and TITLE not in yellow.titles_ready


def test_taken_pope_is_ready_even_if_exhausted(game):
    """'becomes an immediately ready Title card (even if the previous owner exhausted it)'."""
    yellow, gero = game.players
    _church(game, 0, "carinthia")
    yellow.titles_ready.discard(TITLE)  # exhausted by repeating an action
    gero.gold = 5
    _church(game, 1, "thuringia")
    assert _pope(game).holder == 1 and TITLE in gero.titles_ready and TITLE not in yellow.titles_ready
    check(game)


def test_refreshed_when_passing_and_scores_five_at_the_end(game):
    """'During Passing, the Pope Title is refreshed' and 'The player who holds the Pope Title at the end of the game
    scores 5 VP'."""
    yellow = game.players[0]
    _church(game, 0, "carinthia")
    yellow.titles_ready.discard(TITLE)
    yellow.nobles_free -= 1  # a Pass needs a disc out; the stub never acts
    game.exhausted[0] += 1
    passing.do_pass(game, 0)
    assert TITLE in yellow.titles_ready
    assert score(game, 0)["modules"] == 5 and score(game, 1)["modules"] == 0
    check(game)
