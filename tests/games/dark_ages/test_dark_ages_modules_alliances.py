"""Module 5, Alliances, on hand-built states (rulebook 'Module 5 — Alliances'). The card texts are assumed
(modules.yaml alliances.cards, flagged generic)."""

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
    rulers = ["berengar_of_ivrea", "gero_the_great", "tomislav"]
    g = new_game(cached_context(), rulers, [Stub() for _ in rulers], random.Random(0))
    modules.install(g, ("alliances",))
    return g


def _alliances(game):
    return game.mods[0]


def _border(game, a: int, b: int) -> tuple[str, str]:
    """Put a unit of ``b`` next to ``a``'s Capital (a fresh shared border); returns (its Province, a's Capital)."""
    home = game.players[a].capital
    q = next(q for q in game.ctx.neighbours[home] if q in game.in_play and game.controller(q) is None)
    game.barbarians.pop(q, None)
    add_units(game.players[b], q, "cavalry", 2)
    game.players[b].supply["cavalry"] -= 2
    return q, home


def test_setup_deals_two_cards_each(game):
    """'shuffle the 8 Alliance cards, and deal 2 to each player'."""
    hands = _alliances(game).hand
    assert [len(h) for h in hands] == [2, 2, 2] and len({c for h in hands for c in h}) == 6


def test_negotiation_at_the_first_shared_border(game):
    """'Two players may conduct Alliance negotiations as soon as they share a border ... for the first time' and
    '"When Received" benefits are resolved immediately after the Alliance is established.'"""
    a = _alliances(game)
    a.met.discard((0, 1))
    _border(game, 0, 1)
    card_0, card_1 = a.hand[0][0], a.hand[1][0]
    before = (game.players[0].vp, game.players[0].gold, sum(game.players[0].res.values()))
    a.turn_ended(game, 0)
    assert a.active[(1, 0)] == card_0 and a.active[(0, 1)] == card_1
    assert len(a.hand[0]) == 1 and len(a.hand[1]) == 1
    assert (game.players[0].vp, game.players[0].gold, sum(game.players[0].res.values())) != before
    a.turn_ended(game, 0)  # 'This is the only time players may conduct such negotiations.'
    assert len(a.hand[0]) == 1
    check(game)


def test_pass_benefit(game):
    """'"Pass" benefits are resolved each time you Pass.' (CA01, assumed: 1 Gold)."""
    a = _alliances(game)
    a.active[(0, 1)] = "CA01"
    p = game.players[0]
    p.nobles_free -= 1
    game.exhausted[0] += 1
    gold = p.gold
    passing.do_pass(game, 0)
    assert p.gold == gold + game.ctx.rules["gains"]["pass_gold"] + 1


def test_attacking_an_ally_breaks_the_alliance(game, monkeypatch):
    """'If you start a battle with a player who has a player marker on one of your active Alliances, your Alliance
    is broken': 'You (the attacking player) lose 5 VP and place all of your unused Noble discs in the Exhausted
    Nobles area' and 'Both you and the other player remove the corresponding Alliance'."""

    def fight(battle, variant, faces, rng, effects=None):
        return {"win": False, "survivors": [[], [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    a = _alliances(game)
    a.active[(0, 1)], a.active[(1, 0)] = "CA02", "CA01"
    src, _ = _border(game, 1, 0)
    p = game.players[0]
    p.vp = p.vp_by["church"] = 7
    free = p.nobles_free
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, game.players[1].capital, (("cavalry", 2),)))
    assert (0, 1) not in a.active and (1, 0) not in a.active
    assert p.vp == 2 and p.nobles_free == 0 and game.exhausted[0] >= free
    check(game)
