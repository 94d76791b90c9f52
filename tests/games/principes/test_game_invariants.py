"""Random legal actions keep every invariant: figures conserved, tracks in range, gold ≥ 0, cards conserved."""

import random

import pytest

from sim.games.principes.game import arrays, assembly, building, control, movement, politics, progress, taxes
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction


def _random_moves(state, player, rng):
    moves = []
    for land, here in state.units.items():
        for kind, n in here.get(player, {}).items():
            if rng.random() < 0.5:
                path = [land]
                for _ in range(rng.randint(1, movement.movement_points(state, kind))):
                    path.append(rng.choice(state.board.land(path[-1]).adjacent))
                    if any(f != player for f in state.factions_on(path[-1])):
                        break  # stop on foreign units
                moves.append(Move(kind, tuple(path), rng.randint(1, n)))
    return moves


def _random_action(state, player, rng):
    kind = rng.choice(["taxes", "assembly", "movement", "building", "politics", "council", "progress"])
    if kind == "taxes":
        return taxes.taxes(state, player)
    if kind == "assembly":
        lands = sorted(assembly.assembly_lands(state, player))
        if not lands:
            return state
        return assembly.assemble(state, player, {rng.choice(lands): {"knight": rng.randint(0, 1), "footman": 2}})
    if kind == "movement":
        moves = _random_moves(state, player, rng)
        destroy = frozenset(m.path[-1] for m in moves if rng.random() < 0.5)
        return movement.move(state, player, moves, rng, destroy=destroy, indulgence=rng.random() < 0.5)[0]
    if kind == "building":
        mine = control.controlled_lands(state, player)
        if not mine:
            return state
        return building.build(state, player, city=rng.choice(mine), buildings=((rng.choice(mine), "abbey"),))
    if kind == "politics":
        return politics.draw(state, player, rng, court=rng.randint(0, 3))
    if kind == "council":
        return politics.council(state, player)[0]
    return progress.take(state, player, [(rng.choice(state.market), None)])


@pytest.mark.parametrize("seed", range(8))
def test_random_actions_keep_the_invariants(seed):
    rng = random.Random(seed)
    state = progress.setup_market(initial_state(), rng)
    done = 0
    for _ in range(250):
        if len(state.players) < 2:
            break
        player = rng.choice(state.players)
        try:
            state = _random_action(state, player, rng)
            done += 1
        except IllegalAction:
            continue
        assert violations(state) == [], (seed, done)
    assert done > 40


@pytest.mark.parametrize("seed", range(3))
def test_array_control_and_might_agree_with_the_reference(seed):
    rng = random.Random(100 + seed)
    state = progress.setup_market(initial_state(), rng)
    fs = arrays.factions(state)
    for _ in range(120):
        if len(state.players) < 2:
            break
        try:
            state = _random_action(state, rng.choice(state.players), rng)
        except IllegalAction:
            continue
        encoded = arrays.to_arrays(state)
        owners = arrays.control_array(encoded, state.board)
        expected = [control.controller(state, land.id) for land in state.board.lands]
        assert [None if o < 0 else fs[o] for o in owners] == expected
        mights = arrays.might_array(encoded, state.board)
        assert mights.tolist() == [control.might(state, p) for p in state.board.principalities]
