"""Fast paths of the reference engine must agree with the plain definitions they replace."""

import copy
import dataclasses
import random

from sim.games.principes.driver import new_game

MUTABLE = (dict, set, list)


def test_copy_equals_a_deep_copy_and_shares_no_container():
    state = new_game(random.Random(0))
    state.pomerania_off = {"eastern_pomerania": {"footman": 1}}
    state.tiles["silesia"] = [state.market[0]]
    twin = state.copy()
    assert twin.board is state.board and twin.rules is state.rules
    for f in dataclasses.fields(state):
        if f.name in ("board", "rules"):
            continue
        mine, theirs = getattr(state, f.name), getattr(twin, f.name)
        assert mine == theirs == copy.deepcopy(mine), f.name
        if isinstance(mine, MUTABLE):
            assert mine is not theirs, f.name
            for value in mine.values() if isinstance(mine, dict) else []:
                if isinstance(value, MUTABLE):
                    assert all(value is not v for v in theirs.values()), f.name


def test_controlled_lands_matches_checking_every_land():
    from sim.games.principes.driver import play_game
    from sim.games.principes.game.control import controlled_lands, controller
    from strategies.principes import make

    def compare(state, player, action):
        for faction in state.board.regions:
            slow = [land.id for land in state.board.lands if controller(state, land.id) == faction]
            assert controlled_lands(state, faction) == slow, (faction, action)

    seats = {p: make("random", {}) for p in ("polonia_maior", "masovia", "polonia_minor", "silesia")}
    for seed in range(3):
        play_game(seats, random.Random(seed), strict=True, on_action=compare)
