"""Urbanization, Release to Home and the Common Council on hand-built states."""

import random

import pytest

from sim.games.principes.game import control, scenario
from sim.games.principes.game.history import council, release, urbanization
from sim.games.principes.game.state import IllegalAction
from strategies.principes import make
from tests.games.principes.history_helpers import MAS, PM, PMIN, SIL, fresh, seats


def test_urbanization_founds_a_free_city_only_where_the_player_has_no_control():
    # "found 1 City for free on any land they do not control ... on land not controlled by any player, on land
    # controlled by another player, or on land within borders of their own Principality with a Division Token."
    s = fresh()
    gold = dict(s.gold)
    out = urbanization.found(s, PM, "terra_lanciciensis")
    assert out.cities["terra_lanciciensis"] == 1 and out.gold == gold
    assert urbanization.found(s, PM, "plocium").cities["plocium"] == 1  # another player's land
    with pytest.raises(IllegalAction):
        urbanization.found(s, PM, "gnesna")  # its own controlled land
    s.division.add("gnesna")
    assert urbanization.found(s, PM, "gnesna").cities["gnesna"] == 1
    assert control.might(urbanization.found(s, PM, "plocium"), MAS) == control.might(s, MAS) + 1


def test_urbanization_needs_a_gord_and_a_token():
    s = fresh()
    s.supply["civitas"] = 0
    assert "sochaczovia" not in urbanization.candidates(s, PM)
    s.cities["calisia"] = 1
    assert "calisia" not in urbanization.candidates(s, MAS)


def test_release_to_home_is_compulsory_one_footman_or_knight_each():
    # "each player (in the set order) must remove 1 of their Footmen or Knights from the Map."
    s = fresh()
    strategies, log = seats(history_release=None)  # None: the default choice
    out = release.resolve(s, strategies, random.Random(0))

    def army(state, p):
        return sum(n for here in state.units.values() for k, n in here.get(p, {}).items() if k != "prince")

    for p in (PM, MAS, PMIN, SIL):
        assert army(out, p) == army(s, p) - 1 and out.pool[p]["footman"] == s.pool[p]["footman"] + 1
    assert [p for _, p in log] == [PMIN, SIL, PM, MAS]


def test_release_skips_a_player_with_only_the_prince():
    s = fresh()
    for land in ("poznania", "santocum", "naclum"):
        here = {k: n for k, n in s.units_of(land, PM).items() if k != "prince"}
        s = scenario.place(s, land, PM, **{k: -n for k, n in here.items()})
    assert release.candidates(s, PM) == []
    strategies, _ = seats()
    out = release.resolve(s, strategies, random.Random(0))
    assert out.units_of("poznania", PM) == {"prince": 1}


@pytest.fixture
def standing(monkeypatch):
    """Set (might, people, clergy) positions directly: the tie rules, not the map, are under test."""
    table = {}
    tracks = ("might", "people", "clergy")
    monkeypatch.setattr(council, "positions", lambda state, p: dict(zip(tracks, table[p], strict=True)))
    return table


def test_common_council_princeps_keeps_the_token_in_a_tie(standing):
    # "if the player with the Princeps Token qualifies to claim the Princeps Token along with other players, the
    # token remains with them."
    standing.update({PMIN: (5, 7, 7), SIL: (5, 7, 7), PM: (1, 1, 1), MAS: (1, 1, 1)})
    out, res = council.common_council(fresh())
    assert res.qualified_princeps == (PMIN, SIL) and out.princeps == PMIN and out.crowned is None


def test_common_council_first_in_turn_order_claims_when_the_princeps_does_not_qualify(standing):
    # "if the holder of the token does not qualify, then the player highest in the set order will claim it"
    standing.update({PMIN: (0, 0, 0), SIL: (5, 7, 7), PM: (5, 7, 7), MAS: (1, 1, 1)})
    s = fresh()
    out, res = council.common_council(s)
    assert res.qualified_princeps == (SIL, PM) and out.princeps == SIL
    s.clockwise = False  # Polonia Minor - Masovia - Polonia Maior - Silesia
    assert council.common_council(s)[0].princeps == PM


def test_common_council_coronation_beats_a_claim(standing):
    # "If one player qualifies for coronation and another for claiming the Princeps token, only the coronation
    # is resolved."
    standing.update({PMIN: (10, 10, 10), SIL: (10, 10, 10), PM: (10, 10, 10), MAS: (10, 10, 10)})
    out, res = council.common_council(fresh())
    assert res.qualified_crown == (PMIN, SIL, PM, MAS) and out.crowned == PMIN  # ties: the set order
    standing.update({PMIN: (1, 1, 1), SIL: (9, 9, 9), MAS: (10, 10, 10), PM: (1, 1, 1)})
    out, res = council.common_council(fresh())
    assert out.crowned == MAS and out.princeps == PMIN


def test_common_council_without_qualifiers_changes_nothing(standing):
    # "If no player qualifies to crown their Prince or to claim the Princeps Token, nothing changes."
    standing.update({PMIN: (0, 9, 0), SIL: (9, 0, 0), PM: (0, 0, 9), MAS: (0, 0, 0)})
    s = fresh()
    s.units["cracovia"] = {PM: {"footman": 1}}  # without Cracovia Polonia Minor needs 2 tracks (House of Princeps)
    out, res = council.common_council(s)
    assert res.qualified_princeps == () and out.princeps == PMIN and out.crowned is None


def test_common_council_plays_cards_in_turn_order():
    s = scenario.give_cards(fresh(), SIL, "court.people", 2)
    strategies, _ = seats()
    strategies[SIL] = make("politician", {})
    out = council.resolve(s, strategies, random.Random(0))
    assert out.people[SIL] == s.people[SIL] + 2 and out.hands[SIL] == {}
