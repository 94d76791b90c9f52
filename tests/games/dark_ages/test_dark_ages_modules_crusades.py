"""Module 14A, Crusades, on hand-built states (rulebook 'Module 14A — Crusades'). Card values are assumed
(modules.yaml crusades.crusades, flagged generic)."""

import random

import pytest

from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.crusades import rank_vp
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.game.state import add_units
from sim.games.dark_ages.upkeep import army_limit
from tests.games.dark_ages.module_helpers import Stub


class Dice:
    """game.rng stand-in: every die hits (0.0) or misses (0.99)."""

    def __init__(self, value):
        self.value = value

    def random(self):
        return self.value


@pytest.fixture
def game():
    rulers = ["berengar_of_ivrea", "gero_the_great", "tomislav"]
    g = new_game(cached_context(), rulers, [Stub() for _ in rulers], random.Random(0))
    modules.install(g, ("crusades",))
    return g


def _crusades(game):
    return game.mods[0]


def test_rank_vp_ties_skip_the_next_value():
    """'In case of a tie, tied players score the higher value and the next value is skipped. Players who contributed
    with units, but without player markers score no VP.'"""
    assert rank_vp({0: 3, 1: 3, 2: 1}, [6, 4, 2]) == {0: 6, 1: 6, 2: 2}
    assert rank_vp({0: 2, 1: 0}, [6, 4, 2]) == {0: 6, 1: 0}


def test_the_second_church_calls_the_first_crusade(game):
    """'After a Church with a Gold token underneath is built ... reveal the next Crusade card.' (2nd, 4th, 6th)"""
    c = _crusades(game)
    game.churches_built = 1
    c.church_built(game, 0, "x")
    assert c.called == 0
    game.churches_built = 2
    c.church_built(game, 0, "x")
    assert c.called == 1


def test_units_above_the_army_limit_join_the_crusade(game):
    """'before checking your Army limit, you may take any number of your units from the Main board and place them
    next to the active Crusade card' (policy: the excess units); 'Units on a Crusade do not count towards your
    Army limit'."""
    c = _crusades(game)
    c.called = 1
    p = game.players[0]
    add_units(p, p.capital, "archer", 6)
    p.supply["archer"] -= 6
    c.manoeuvre_started(game, 0, p.capital, {}, p.capital)
    assert p.units_in_play() == army_limit(game.ctx.tracks, p.farms_off)
    assert sum(c.units[0].values()) > 0
    check(game)  # units on the Crusade are neither on the board nor in the supply


def _send(game, seat, kind, n):
    c = _crusades(game)
    game.players[seat].supply[kind] -= n
    c.units[seat][kind] = c.units[seat].get(kind, 0) + n


def test_victory_scores_by_rank_and_costs_the_stay_at_homes(game):
    """Victory: 'The player with the most player markers receives the first shown VP value' ... 'All players who
    did not contribute with units lose VP (if able) equal to the Defeat Penalty' ... 'each contributing player ...
    eliminates one of their crusading units ... and places the rest of their units into ... Provinces they
    control'."""
    c = _crusades(game)
    c.called = 1  # First Crusade (assumed: Defence 3, VP 6/4/2, penalty 2)
    _send(game, 0, "cavalry", 3)
    _send(game, 1, "infantry", 1)
    game.players[2].vp = game.players[2].vp_by["church"] = 5
    game.rng = Dice(0.0)
    c.resolve(game, final=False)
    assert game.players[0].vp_by["modules"] == 6 and game.players[1].vp_by["modules"] == 4
    assert game.players[2].vp == 3
    assert game.players[0].units[game.players[0].capital]["cavalry"] == 2 and c.units[0] == {}
    check(game)


def test_defeat_rewards_the_stay_at_homes(game):
    """Defeat: 'All players who did not contribute with units gain VP equal to the Defeat Penalty of the card' and
    'each contributing player ... moves one of their crusading units back ... and eliminates the rest'."""
    c = _crusades(game)
    c.called = 1
    _send(game, 0, "cavalry", 3)
    game.rng = Dice(0.99)
    before = game.players[0].units.get(game.players[0].capital, {}).get("cavalry", 0)
    c.resolve(game, final=False)
    assert game.players[1].vp_by["modules"] == 2 and game.players[2].vp_by["modules"] == 2
    assert game.players[0].vp_by.get("modules", 0) == 0
    assert game.players[0].units[game.players[0].capital]["cavalry"] == before + 1
    check(game)


def test_the_active_crusade_is_resolved_at_final_scoring(game):
    """'A Crusade is resolved immediately when the next one is called, or during final scoring.'"""
    c = _crusades(game)
    c.called = 1
    _send(game, 0, "cavalry", 3)
    game.rng = Dice(0.0)
    c.game_over(game)
    assert game.players[0].vp_by["modules"] == 6
