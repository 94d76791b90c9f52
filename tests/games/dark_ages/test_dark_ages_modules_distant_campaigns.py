"""Module 10, Distant Campaigns, on hand-built states (rulebook 'Module 10 — Distant Campaigns'). The Provinces on
the cards are assumed (modules.yaml distant_campaigns.targets, flagged generic)."""

import random

import pytest

from sim.games.dark_ages.game import combat, military, modules, passing
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import Stub


@pytest.fixture
def game():
    g = new_game(cached_context(), ["berengar_of_ivrea", "gero_the_great"], [Stub(), Stub()], random.Random(0))
    modules.install(g, ("distant_campaigns",))
    return g


def _dc(game):
    return game.mods[0]


def _far_target(game, seat=0):
    """A Barbarian Province far from the Capital, on a Campaign card put in ``seat``'s hand."""
    dc = _dc(game)
    home = game.players[seat].capital
    card, q = next((c, q) for c, q in sorted(dc.target.items())
                   if q in game.barbarians and q not in game.ctx.neighbours[home])  # fmt: skip
    for h in dc.hand:
        if card in h:
            h.remove(card)
    dc.hand[seat] = [card]
    return card, q


def _rig(monkeypatch, win: bool):
    def fight(battle, variant, faces, rng, effects=None):
        return {"win": win, "survivors": [[("cavalry", False)], []]}

    monkeypatch.setattr(combat, "fight", fight)


def test_setup_keeps_two_of_three(game):
    """'deal 3 to each player ... Each player removes one of the 3 from play ... keeps the remaining 2'."""
    dc = _dc(game)
    assert [len(h) for h in dc.hand] == [2, 2]
    assert all(game.ctx.board.province(dc.target[c]).players <= 2 for h in dc.hand for c in h)


def _send(game, monkeypatch, win):
    card, q = _far_target(game)
    p = game.players[0]
    home = p.capital
    add_units(p, home, "cavalry", 2)
    p.supply["cavalry"] -= 2
    move = next(m for m in military.manoeuvre_options(game, 0) if m[1:3] == (home, q))  # 'regardless of the distance'
    _rig(monkeypatch, win)
    military.apply_manoeuvre(game, 0, move)
    return card, q, sum(n for _, n in move[3])


def test_failed_campaign_kills_the_survivors(game, monkeypatch):
    """'If you are forced to retreat in the ensuing battle, all your surviving units are killed, unless you also
    control a Province neighbouring the target ... Then, remove the failed Campaign's card from play.'"""
    p = game.players[0]
    before = p.units_in_play() + 2
    _, _, sent = _send(game, monkeypatch, False)
    assert p.units_in_play() == before - sent  # all sent are gone: killed in battle, or killed as survivors
    assert 0 not in _dc(game).in_play and _dc(game).hand[0] == []
    check(game)


def test_failed_campaign_retreats_next_to_the_target(game, monkeypatch):
    card, q = _far_target(game)
    p = game.players[0]
    near = next(n for n in game.ctx.neighbours[q] if n in game.in_play and game.controller(n) is None)
    game.barbarians.pop(near, None)
    add_units(p, near, "infantry")
    p.supply["infantry"] -= 1
    assert _dc(game).attacker_retreat(game, 0, p.capital, q) == near


def test_won_campaign_settles_at_the_lowest_cost_once(game, monkeypatch):
    """'If you win the ensuing battle, keep the Campaign card in play. It allows you to settle the shown Province at
    the lowest (leftmost) printed settling cost of your Ruler' ... 'When you use this benefit OR the next time you
    Pass, remove your in play Campaign card.'"""
    card, q, _ = _send(game, monkeypatch, True)
    p = game.players[0]
    dc = _dc(game)
    assert dc.in_play[0] == card and game.controller(q) == 0
    assert military._settle_cost(game, 0, q) == min(p.ruler.settle_costs)
    p.nobles_free -= 1
    game.exhausted[0] += 1
    passing.do_pass(game, 0)
    assert 0 not in dc.in_play
    check(game)


def test_settling_uses_the_campaign(game, monkeypatch):
    card, q, _ = _send(game, monkeypatch, True)
    p = game.players[0]
    add_units(p, q, "cavalry", 3)
    p.supply["cavalry"] -= 3
    military.apply_settle(game, 0, ("settle", q))
    assert game.farms[q] == (0, 1) and 0 not in _dc(game).in_play
    check(game)
