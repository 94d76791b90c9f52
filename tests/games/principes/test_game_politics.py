"""Politics: drawing 3 keep 2, the hand limit, the Council with Elder Blood, House of Princeps and coronation."""

import random

import pytest

from sim.games.principes.game import building, cards, control, politics, scenario
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.setup import initial_state

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_draw_three_keep_two(start):
    # "they can draw a total of 3 Court or Neighbor Cards ... the player must discard one of them"
    after = politics.draw(start, MAS, random.Random(1), court=2)
    assert cards.hand_size(after, MAS) == 2 and violations(after) == []


def test_hand_limit_trades_the_excess_for_gold(start):
    # "Each player can hold a maximum of 6 cards ... they must immediately discard the excess cards by playing
    # them to gain gold or support."
    s = scenario.give_cards(start, MAS, "court.people", 4)
    s = scenario.give_cards(s, MAS, "battle.sword", 2)
    after = politics.draw(s, MAS, random.Random(1), court=3)
    assert cards.hand_size(after, MAS) == 6 and after.gold[MAS] == s.gold[MAS] + 2
    assert violations(after) == []


def test_cards_for_support_at_the_council_can_block_the_host(start):
    # "Other players can only attempt to prevent the host from claiming the Princeps Token by altering their
    # positions on the tracks."
    s = start.copy()
    s.people[MAS], s.clergy[MAS] = 6, 6
    s = scenario.give_cards(s, SIL, "court.either", 4)
    _, alone = politics.council(s, MAS)
    assert alone.leads == ("might", "people", "clergy") and alone.claims_princeps
    plays = {SIL: [("court.either", "people")] * 3}  # Silesia 3 → 6: tied, and a tie still counts as highest
    _, tied = politics.council(s, MAS, plays)
    assert tied.leads == ("might", "people", "clergy")
    plays = {SIL: [("court.either", "people")] * 4}  # Silesia 7: Masovia still leads Might and Clergy
    _, blocked = politics.council(s, MAS, plays)
    assert blocked.leads == ("might", "clergy") and blocked.claims_princeps
    s.clergy[SIL] = 7
    after, blocked = politics.council(s, MAS, plays)
    assert blocked.leads == ("might",) and not blocked.claims_princeps and after.princeps == PMIN


def test_house_of_princeps_needs_one_track_with_cracovia(start):
    # "If the player controls CRACOVIA marked with a star symbol, it is enough for them to be the highest on 1 track
    # to claim the Princeps Token during a Council."
    s = start.copy()
    s.princeps = SIL
    s.people.update({PM: 5, MAS: 5, SIL: 5})
    s.clergy.update({PM: 5, MAS: 5, SIL: 5})
    assert politics.council(s, PMIN)[1].claims_princeps  # only Might (tied), but holds Cracovia
    lost = scenario.clear(s, "cracovia", PMIN)
    lost = scenario.place(lost, "cracovia", SIL, footman=1)
    assert control.controller(lost, "cracovia") == SIL
    assert not politics.council(lost, PMIN)[1].claims_princeps


def test_elder_blood_gnesna_gives_two_clergy(start):
    # "If the player controls GNESNA marked with a star symbol, when they summon a Council, they gain 2 Clergy
    # Support Points"
    after, _ = politics.council(start, PM)
    assert after.clergy[PM] == start.clergy[PM] + 2
    after, _ = politics.council(start, MAS)
    assert after.clergy[PM] == start.clergy[PM]


def test_coronation_at_ten_ten_ten(start):
    # "If all 3 Principality Tokens of the player who summoned the Council are positioned at the position "10",
    # that player coronates their Prince"
    s = start.copy()
    s.gold[PM] = 20
    for land in ("poznania", "gnesna", "calisia"):
        s = building.build(s, PM, city=land)
    for land in ("terra_lanciciensis", "terra_siradiensis", "cirscum"):
        s = scenario.place(s, land, PM, footman=1)
    assert control.might(s, PM) == 10
    s.people[PM] = 10
    s.clergy[PM] = 9
    _, short = politics.council(start, PM)
    assert not short.crowned
    after, result = politics.council(s, PM)  # Gnesna's 2 Clergy points lift 9 to 10
    assert result.crowned and result.claims_princeps and after.crowned == PM
