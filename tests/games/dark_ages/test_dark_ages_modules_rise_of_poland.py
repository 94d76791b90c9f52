"""Module 15A, Rise of Poland, on hand-built states (rulebook 'Module 15A — Rise of Poland'). The Poland cards'
steps beyond the printed Veleti example, the Levies, benefits, Mieszko I, the Chrobry events and the end scoring
are assumed (modules.yaml rise_of_poland, flagged generic)."""

import pytest

from sim.games.dark_ages.costs import recruit_cost
from sim.games.dark_ages.game import actions, modules, passing
from sim.games.dark_ages.game.culture import apply_culture
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.rise_of_poland import CHROBRY, MIESZKO
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import game_with


def _new(n=3, seed=0):
    return game_with("rise_of_poland", n, seed)


@pytest.fixture
def game():
    return _new()


def _pol(game):
    return game.mods[0]


def test_setup(game):
    """'Shuffle the Mieszko I Culture card into the top 5 cards of the Culture deck after dealing out the initial
    cards'; 'Give each player 3 double sided Poland cards ... Veleti, Building Santok, Polish Church'; the Chrobry
    card stays on the event deck."""
    pol = _pol(game)
    assert MIESZKO in game.deck[:6] and MIESZKO not in game.offer and CHROBRY not in game.deck
    assert pol.status == [dict.fromkeys(("veleti", "santok", "church"), "open")] * 3
    assert len(pol.events) == 6


def _army(game, seat, n=1):
    p = game.players[seat]
    add_units(p, p.capital, "infantry", n)
    p.supply["infantry"] -= n


def _manoeuvre(game, seat):
    p = game.players[seat]
    dst = next(q for q in game.ctx.neighbours[p.capital] if q in game.in_play and game.controller(q) is None)
    game.barbarians.pop(dst, None)  # an empty neighbour: no battle
    actions.apply(game, seat, ("manoeuvre", p.capital, dst, (("infantry", 1),)))


def test_veleti_example(game):
    """'to aid against the Veleti, first you must take a Manoeuvre action, then remove 1 of your units from the
    board to receive VP equal to the number of resources that unit costs. Then, slide your player marker down'."""
    _army(game, 0)
    p = game.players[0]
    units = p.units_in_play()
    _manoeuvre(game, 0)
    cost = len(recruit_cost(game.ctx.data.recruit_cost, "infantry", 1))
    assert p.units_in_play() == units - 1 and p.vp_by["modules"] == cost and _pol(game).steps[0]["veleti"] == 1
    check(game)


def test_requirement_not_met_no_aid(game):
    """'You must meet any of the action's additional requirements' (Santok: the resources)."""
    p = game.players[0]
    p.res.update(wood=0, leather=0, stone=0, iron=1)
    _pol(game).action_done(game, 0, "build")
    assert _pol(game).steps[0]["santok"] == 0 and p.res["iron"] == 1


def _finish(game, seat, cat):
    pol = _pol(game)
    pol.steps[seat][cat] = 2
    p = game.players[seat]
    p.res.update(wood=9, stone=9)
    if cat == "veleti":
        _army(game, seat)
    if cat == "church":
        p.hand = list(game.deck[:6])
    pol.action_done(game, seat, pol.data["categories"][cat])


def test_last_step_flips_the_card_and_places_a_farm_on_it(game):
    """'The last step of all three cards will instruct you to flip the card itself'; 'take the leftmost Farm from
    your Farm track and permanently place it on the flipped Poland card'; the first flip brings the Chrobry card
    into 'the top 8 cards of the Culture deck'."""
    p = game.players[0]
    farms = p.farms_off
    _finish(game, 0, "santok")
    pol = _pol(game)
    assert pol.status[0]["santok"] == "flipped" and p.farms_off == farms + 1 and pol.farms[0] == 1
    assert CHROBRY in game.deck[:9]
    check(game)


def test_levy_pay_or_remove(game):
    """'each other player may select to transfer the instructed Gold/VP to and flip their matching card OR remove
    their matching Poland card from play. Either way, no other player can aid Poland in that category.'"""
    game.players[1].gold, game.players[2].gold = 5, 0
    gold0 = game.players[0].gold
    _finish(game, 0, "santok")
    pol = _pol(game)
    assert pol.status[1]["santok"] == "flipped" and pol.farms[1] == 1 and game.players[1].gold == 3
    assert pol.status[2]["santok"] == "removed" and game.players[0].gold == gold0 + 2
    check(game)


def test_jordans_bishopric_removes_the_others_polish_church(game):
    """'when you flip it, all other players must remove their Polish Church card from play.'"""
    _finish(game, 0, "church")
    pol = _pol(game)
    assert pol.status[0]["church"] == "flipped" and pol.status[1]["church"] == pol.status[2]["church"] == "removed"


def test_benefit_once_per_pass(game):
    """'you may use them when you place a Noble disc on the corresponding Action ... When you use a benefit, exhaust
    the card'; 'When you Pass, refresh all your exhausted Poland cards'."""
    _finish(game, 0, "church")
    pol = _pol(game)
    p = game.players[0]
    before = p.culture
    pol.action_done(game, 0, "development_of_culture")
    pol.action_done(game, 0, "development_of_culture")
    assert p.culture == before + 2 and not pol.ready[0]["church"]
    p.nobles_free -= 1
    game.exhausted[0] += 1
    passing.do_pass(game, 0)
    assert pol.ready[0]["church"]


def test_chrobry_card_is_an_event_not_an_offer_card(game):
    """'When the Chrobry Culture card is revealed, do not place it in the Culture offer. Instead: Draw the top card
    of the Chrobry event deck, resolve it completely ... If there is at least one more Chrobry event card remaining
    ... shuffle the Chrobry Culture card into the top 8 cards'; with none left it is removed."""
    pol = _pol(game)
    game.deck.insert(0, CHROBRY)
    apply_culture(game, 0, ("development_of_culture", 0))
    assert CHROBRY not in game.offer and len(pol.events) == 5 and CHROBRY in game.deck[:9]
    assert len(game.offer) == game.ctx.tracks.offer_slots
    pol.events = [pol.events[0]]
    game.deck.remove(CHROBRY)
    game.deck.insert(0, CHROBRY)
    apply_culture(game, 0, ("development_of_culture", 0))
    assert CHROBRY not in game.offer + game.deck and pol.events == []


def test_mieszko_scores_when_taken(game):
    """Mieszko I (assumed text): VP when taken, never held."""
    game.offer[0] = MIESZKO
    game.deck.remove(MIESZKO)
    apply_culture(game, 0, ("development_of_culture", 0))
    assert MIESZKO not in game.players[0].hand and game.players[0].vp_by["modules"] == 3


def test_end_scoring_per_flipped_card(game):
    _finish(game, 0, "church")
    assert _pol(game).final_vp(game, 0) == 2 and _pol(game).final_vp(game, 1) == 0


def test_player_counts():
    """'Supported Player Counts: 2–4'."""
    assert "rise_of_poland" in modules.supported(2) and "rise_of_poland" in modules.supported(4)
    assert "rise_of_poland" in modules.SOLO_REFUSED
