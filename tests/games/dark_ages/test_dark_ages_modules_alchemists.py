"""Module 4, Alchemists, on hand-built states (rulebook 'Module 4 — Alchemists')."""

import random

from sim.games.dark_ages.game import actions, modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.setup import new_game
from tests.games.dark_ages.module_helpers import Stub


def test_research_places_surplus_and_three_make_a_gold():
    """'When performing a Research action, you may place any number of your resources on the Alchemist card' and
    'you may discard 3 resources from your Alchemist card (and return them to the supply) to gain 1 Gold'."""
    game = new_game(cached_context(), ["berengar_of_ivrea", "gero_the_great"], [Stub(), Stub()], random.Random(0))
    modules.install(game, ("alchemists",))
    alch = game.mods[0]
    assert alch.card == [0, 0]  # 'Give each player an Alchemist card.'
    p = game.players[0]
    hold = game.ctx.tracks.warehouse[p.warehouses].hold
    p.res.update(wood=hold, leather=4, stone=0, iron=0)
    p.gold = 5
    alch.researched(game, 0)
    assert sum(p.res.values()) == hold  # the 4 above the hold value went on the card
    assert p.gold == 6 and alch.card[0] == 1  # 3 → 1 Gold, 1 stays on the card ('no longer considered yours')
    check(game)


def test_the_hook_runs_on_a_research_action():
    game = new_game(cached_context(), ["berengar_of_ivrea", "gero_the_great"], [Stub(), Stub()], random.Random(0))
    modules.install(game, ("alchemists",))
    p = game.players[0]
    p.res.update(wood=9, leather=9, stone=9, iron=9)
    p.gold = 5
    move = actions.options(game, 0, "research")[0]
    actions.apply(game, 0, move)
    hold = game.ctx.tracks.warehouse[p.warehouses].hold
    assert sum(p.res.values()) <= hold and game.mods[0].card[0] < 3
