"""Whole games with the History Cards: random-legal and scripted play finish with the invariants kept after every
action and every Round's icons; the same seed gives the same table for any number of workers."""

import random

import pytest

from sim.experiments import run_experiment
from sim.games.principes.driver import WIN_TYPES, play_game
from sim.games.principes.game.invariants import violations
from strategies.principes import make, resolve
from tests.games.principes.history_helpers import checked

FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia")
RAW = {"game": "principes", "seats": ["builder", "conqueror", "politician", "random"], "history": True}


@pytest.mark.parametrize("seed", range(16))
def test_random_legal_games_with_history_finish_and_keep_invariants(board_rules, seed):
    board, rules = board_rules
    actions, icons = [], []
    seats = {p: make("random", {}) for p in FACTIONS}
    rec = play_game(
        seats,
        random.Random(seed),
        board,
        rules,
        strict=True,
        on_action=checked(actions),
        history=True,
        on_history=checked(icons),
    )
    assert rec.win_type in WIN_TYPES and 1 <= rec.rounds <= 6 and rec.illegal == 0
    assert len(rec.final.history) == 6 and len(icons) <= 5  # never in the final Round
    assert violations(rec.final) == []


def test_scripted_games_with_history_keep_invariants(board_rules):
    board, rules = board_rules
    specs = [resolve(n) for n in RAW["seats"]]
    for seed in range(6):
        seats = {p: make(*specs[(j + seed) % 4][1:]) for j, p in enumerate(FACTIONS)}
        icons = []
        rec = play_game(
            seats,
            random.Random(200 + seed),
            board,
            rules,
            strict=True,
            on_action=checked([]),
            history=True,
            on_history=checked(icons),
        )
        assert rec.illegal == 0 and violations(rec.final) == []


def test_history_changes_the_games_and_the_switch_restores_part_1(board_rules):
    board, rules = board_rules
    seats = {p: make("random", {}) for p in FACTIONS}
    plain = play_game(seats, random.Random(9), board, rules)
    again = play_game(seats, random.Random(9), board, rules, history=False)
    assert plain.final.units == again.final.units and plain.final.history == ()
    with_history = play_game(seats, random.Random(9), board, rules, history=True)
    assert with_history.final.history


def test_same_seed_same_table_for_one_and_two_workers_with_history():
    one = run_experiment(RAW, games=8, seed=11, workers=1, keep_rows=True, chunk=8)
    two = run_experiment(RAW, games=8, seed=11, workers=2, keep_rows=True, chunk=3)
    assert one.metrics == two.metrics and one.rows.equals(two.rows)
    off = run_experiment({**RAW, "history": False}, games=8, seed=11, workers=1, keep_rows=True)
    assert not off.rows.equals(one.rows)
