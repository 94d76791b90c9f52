"""Module 9, The Ages of War, on hand-built states (rulebook 'Module 9 — The Ages of War'). Combat card texts are
assumed (modules.yaml ages_of_war, flagged generic)."""

import pytest

from sim.games.dark_ages.game import combat, military
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import trigger
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import game_with


def _new(n=3):
    return game_with("ages_of_war", n)


@pytest.fixture
def game():
    return _new()


def _war(game):
    return game.mods[0]


def test_setup(game):
    """'deal 2 to each player. Each player removes one of the two'; 'Give each player the Ruler Combat card'; 'a
    stack of 12 War tokens'; 'the attacker wins ties in Battle'."""
    w = _war(game)
    assert [len(h) for h in w.hand] == [2, 2, 2] and w.left == 12
    assert game.ctx.battle.attacker_wins_ties and not cached_context().battle.attacker_wins_ties


def test_gaining_a_title_gives_its_combat_card(game):
    w = _war(game)
    title = sorted(game.ctx.board.titles)[0]
    w.title_claimed(game, 0, title)
    w.title_claimed(game, 1, title)  # taken over: the card moves with the Title
    assert f"title_{title}" in w.hand[1] and f"title_{title}" not in w.hand[0]


def _attack(game, monkeypatch, win: bool):
    seen = {}

    def fight(battle, variant, faces, rng, effects=None):
        seen["effects"] = effects
        return {"win": win, "survivors": [[("cavalry", False)], [] if win else [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    home = game.players[1].capital
    src = next(q for q in game.ctx.neighbours[home] if q in game.in_play and game.controller(q) is None)
    game.barbarians.pop(src, None)
    add_units(game.players[0], src, "cavalry", 2)
    game.players[0].supply["cavalry"] -= 2
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, home, (("cavalry", 2),)))
    return seen


def test_attacker_victory_with_a_card(game, monkeypatch):
    """'If the attacker wins a battle after a Combat card is played, they receive a War token and 3 VP, and the
    losing defender receives the Reclaim bonus'; the card's two benefits reach the battle."""
    w = _war(game)
    card = w.hand[0][0]
    gero = game.players[1]
    before = (gero.gold, gero.culture, sum(gero.res.values()))
    seen = _attack(game, monkeypatch, True)
    assert w.tokens[0] == 1 and w.left == 11 and game.players[0].vp_by["modules"] == 3
    assert (gero.gold, gero.culture, sum(gero.res.values())) != before or card == "ruler_0"
    assert seen["effects"][0] != seen["effects"][1]  # the attacker's Combat card benefits
    assert w.discard[0] == [card]
    check(game)


def test_defender_victory_gives_nothing(game, monkeypatch):
    """'If the defender wins a battle after a Combat card was played, neither player receives anything.'"""
    w = _war(game)
    _attack(game, monkeypatch, False)
    assert w.tokens == [0, 0, 0] and game.players[0].vp_by.get("modules", 0) == 0 and len(w.discard[0]) == 1


def test_empty_hand_takes_back_the_discards(game):
    """'If you have no Combat cards left in your hand, take every Combat card from your discard pile.'"""
    w = _war(game)
    for _ in range(2):
        w.battle_started(game, 0, 1)
        w.battle_ended(game, 0, 1, False)
    assert len(w.hand[0]) == 2 and w.discard[0] == []


def test_last_war_token_ends_the_game(game):
    """'when the last War token is taken, trigger the end of the game'."""
    w = _war(game)
    assert trigger(game) is None
    w.left = 0
    assert trigger(game) == "war_tokens"


@pytest.mark.parametrize(
    "n,tokens,vp",
    [(3, [3, 1, 0], [9, 4, 0]), (3, [2, 2, 1], [9, 9, 0]), (4, [1, 2, 3, 0], [3, 6, 9, 0]), (4, [2, 2, 2, 2], [9] * 4)],
)
def test_majority_scoring(n, tokens, vp):
    """'3 players: 9 VP, 4 VP, 0 VP'; '4 or more players: 9, 6, 3, 0'; 'In case of a tie, tied players score the
    higher value and the next value is skipped. Players with zero War tokens always score 0 VP.'"""
    game = _new(n)
    w = _war(game)
    w.tokens = tokens
    assert [w.final_vp(game, s) for s in range(n)] == vp
