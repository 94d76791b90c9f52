"""The History deck: 18 cards as icon sets, 2 per Period dealt, icons resolved top first, never in the final Round."""

import random

import pytest

from sim.config import load_ruleset
from sim.games.principes.game.history import deck
from tests.games.principes.history_helpers import fresh, seats


def test_eighteen_cards_six_per_period_each_assumed():
    # "18 History Cards"; "the text effects of individual cards are not in the rulebook" (issue 6)
    cards = deck.cards()
    assert len(cards) == 18
    for period in (1, 2, 3):
        assert sum(c["period"] == period for c in cards.values()) == 6
    assert all(set(c["icons"]) <= set(deck.ICONS) and 1 <= len(c["icons"]) <= 2 for c in cards.values())
    provenance = {p.key: p for p in load_ruleset("principes")["history"].provenance}
    assert all(provenance[f"cards.{c}"].source == "assumed" for c in cards)


def test_a_game_deals_six_cards_two_per_period_in_period_order():
    # "players will draw a set of 6 cards ... can be selected in 3,375 different combinations" (= C(6,2)^3)
    cards = deck.cards()
    seen = set()
    for seed in range(200):
        dealt = deck.deal(random.Random(seed))
        assert len(dealt) == len(set(dealt)) == 6
        assert [cards[c]["period"] for c in dealt] == [1, 1, 2, 2, 3, 3]
        seen.add(frozenset(dealt))
    assert deck.deal(random.Random(5)) == deck.deal(random.Random(5))
    assert len(seen) > 150  # many of the 3,375 sets occur


def test_one_card_revealed_per_round():
    s = fresh()
    s.history = deck.deal(random.Random(1))
    for r in range(1, 7):
        s.round = r
        assert deck.revealed(s) == s.history[r - 1]


def test_icons_resolve_top_first_and_never_in_the_final_round(monkeypatch):
    # "First, the icon located at the top is resolved, followed by the one located at the bottom."
    # "NOTE: In the final Round of the game, the icons on the revealed History Card are NOT resolved"
    calls = []
    for icon in deck.ICONS:
        monkeypatch.setitem(deck.ICONS, icon, lambda state, strategies, rng, icon=icon: calls.append(icon) or state)
    s = fresh()
    s.history = ("death_of_mesco",) * 6  # division on top, then common_council
    strategies, _ = seats()
    for r in range(1, 6):
        s.round = r
        deck.resolve_icons(s, strategies, random.Random(0))
    assert calls == ["division", "common_council"] * 5
    calls.clear()
    s.round = 6
    assert deck.resolve_icons(s, strategies, random.Random(0)) == (s, 0) and calls == []
    s.round, s.final_round = 3, 3  # an elimination made Round III the last
    deck.resolve_icons(s, strategies, random.Random(0))
    assert calls == []


def test_no_deck_without_history():
    s = fresh()
    assert s.history == () and deck.resolve_icons(s, {}, random.Random(0)) == (s, 0)


@pytest.mark.parametrize("card", sorted(deck.cards()))
def test_every_card_resolves_on_the_starting_position(card):
    from sim.games.principes.game.invariants import violations

    s = fresh()
    s.history = (card,) * 6
    strategies, _ = seats()
    out, illegal = deck.resolve_icons(s, strategies, random.Random(3))
    assert illegal == 0 and violations(out) == []
