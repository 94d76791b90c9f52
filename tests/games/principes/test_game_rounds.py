"""Rounds, Progress and victory in the reference engine."""

import random

import pytest

from sim.games.principes.game import progress, rounds, victory
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction
from sim.games.principes.game.turn_order import set_direction

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"
PLANS = {
    PM: ("taxes", "assembly", "movement"),
    MAS: ("politics", "building", "progress"),
    PMIN: ("movement", "taxes", "politics"),
    SIL: ("building", "movement", "assembly"),
}


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_actions_resolve_slot_by_slot_from_the_princeps(start):
    # "the player with the Princeps Token reveals and performs their first action. Once they finish, the second,
    # third, and fourth players (in a 4-player game) do the same. When the turn order reaches the first player
    # again, they reveal and perform their second action."
    seq = rounds.action_sequence(set_direction(start, clockwise=True), PLANS)
    assert seq[:4] == [(PMIN, "movement"), (SIL, "building"), (PM, "taxes"), (MAS, "politics")]
    assert seq[4] == (PMIN, "taxes") and len(seq) == 12


def test_plans_are_three_different_actions(start):
    # "players secretly choose 3 out of their 6 Action Tokens"
    with pytest.raises(IllegalAction):
        rounds.action_sequence(start, {**PLANS, PM: ("taxes", "taxes", "movement")})
    with pytest.raises(IllegalAction):
        rounds.action_sequence(start, {**PLANS, PM: ("taxes", "feast", "movement")})


def test_six_rounds_in_three_periods(start):
    # "The game will last up to 6 Rounds, with the whole session divided into 3 two-round Periods"
    s = start
    periods = []
    while victory.result(s) is None:
        periods.append(s.period)
        s = rounds.end_round(s)
    assert periods == [1, 1, 2, 2, 3, 3]
    assert s.reign == dict.fromkeys(s.players, 3)
    # "If, throughout the entire game, no player manages to crown their Prince, the game is won by the player who
    # possesses the Princeps Token."
    assert victory.result(s) == (PMIN, victory.PRINCEPS)


def test_last_prince_standing_and_draw(start):
    s = start.copy()
    s.eliminated |= {PM, MAS, SIL}
    assert victory.result(s) == (PMIN, victory.LAST_PRINCE)
    s.eliminated.add(PMIN)
    assert victory.result(s) == (None, victory.DRAW)


def test_coronation_ends_the_game(start):
    # "that player coronates their Prince, immediately ending the game with a glorious victory!"
    s = start.copy()
    s.crowned = MAS
    assert victory.result(s) == (MAS, victory.CORONATION)
    assert victory.result(start) is None


def test_progress_takes_as_many_tiles_as_the_period(start):
    # "in Period I, the player may take 1 tile, in Period II, 2 tiles, and in Period III, 3 tiles"
    s = progress.setup_market(start, random.Random(5))
    assert len(s.market) == 12 and len(set(s.market)) == 12
    with pytest.raises(IllegalAction, match="at most 1"):
        progress.take(s, PM, [(s.market[0], None), (s.market[2], None)])
    one = progress.take(s, PM, [(s.market[0], None)])
    assert one.tiles[PM] == [s.market[0]] and len(one.market) == 12
    later = one.copy()
    later.round = 3
    two = progress.take(later, PM, [(t, None) for t in later.market if t.split(".")[0] != "green"][:2])
    assert len(two.tiles[PM]) == 3


def test_progress_slots_duplicates_and_exchange(start):
    # "Players cannot have 2 identical tiles on their Principality Board." / "If there is no free space for tiles of
    # a specific color on their Principality Board, a player may exchange an already-owned Progress Tile for an
    # available tile of the same color from the Market (the player's tile is placed face up on the Market)."
    s = progress.setup_market(start, random.Random(5)).copy()
    s.tiles[PM] = ["green.0", "green.1"]
    s.market = ["green.2", "green.1"] + [t for t in s.market if not t.startswith("green")]
    with pytest.raises(IllegalAction, match="no free green slot"):
        progress.take(s, PM, [("green.2", None)])
    swapped = progress.take(s, PM, [("green.2", "green.0")])
    assert sorted(swapped.tiles[PM]) == ["green.1", "green.2"] and "green.0" in swapped.market
    with pytest.raises(IllegalAction, match="identical"):
        progress.take(s, PM, [("green.1", "green.0")])
