"""The searcher written once (``sim.search``): its budget allocation on a toy game whose candidates' values are
known, and its parameters (``sim.search.settings``) as every game reads them."""

import numpy as np
import pytest
from numba import njit

from sim.errors import ConfigError
from sim.rng import next_word
from sim.search.searcher import HALVING, UNIFORM, X_ALLOC, X_BUDGET, X_PER, searcher
from sim.search.settings import NOT_SEARCHING, SEES_HIDDEN, every_seat, normalize, search_row, seat_label

MEANS = np.array([0.50, 0.45, 0.55, 0.40, 0.70, 0.58, 0.30, 0.60])  # candidate c wins a playout with MEANS[c]


@njit(cache=True)
def uniform(rs):
    rs[0], w = next_word(rs[0])
    return (w >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def toy_start(ctx, rs):
    """The toy's start: the playout's shared draw, which every candidate meets (common random numbers)."""
    means, shared, starts = ctx
    shared[0] = uniform(rs)
    starts[0] += 1


@njit(cache=True)
def toy_value(ctx, c, rs):
    """A win with probability MEANS[c]: the shared draw for half the playouts (where it is low, every candidate
    meets the same luck), the candidate's own draw from the playout's stream for the rest."""
    means, shared, starts = ctx
    for _ in range(c):
        uniform(rs)
    u = uniform(rs)
    return 1.0 if (shared[0] < means[c] if shared[0] < 0.5 else u < means[c]) else 0.0


toy_decide = searcher(toy_start, toy_value)


def row(budget, per=0, alloc=HALVING):
    x = np.array(NOT_SEARCHING, np.int64)
    x[X_BUDGET], x[X_PER], x[X_ALLOC] = budget, per, alloc
    return x


def decide(x, nc=8, root=1, means=MEANS):  # nc: the first nc of the means
    values, counts = np.zeros(nc), np.zeros(nc, np.int64)
    starts = np.zeros(1, np.int64)
    best = toy_decide((means[:nc], np.zeros(1), starts), nc, x, np.uint64(root), values, counts)
    return int(best), values, counts, int(starts[0])


def test_no_playout_with_one_candidate_or_no_budget():
    for x, nc in ((row(64), 1), (row(0), 8), (row(0, alloc=UNIFORM), 8)):
        best, values, counts, starts = decide(x, nc)
        assert best == 0 and counts.sum() == 0 and starts == 0


def test_uniform_rollouts_give_every_candidate_the_same_playouts():
    best, values, counts, starts = decide(row(5, per=5, alloc=UNIFORM))
    assert (counts == 5).all() and starts == 5  # one start per playout index, shared by every candidate
    best, values, counts, starts = decide(row(64, alloc=UNIFORM))
    assert (counts == 64 // 8).all() and starts == 8


def test_the_values_estimate_the_candidates_means():
    _, values, _, _ = decide(row(8000, alloc=UNIFORM))
    order = np.argsort(MEANS, kind="stable")
    assert (np.diff(values[order]) > 0).all()


def test_halving_spends_the_budget_on_the_candidates_still_in():
    best, values, counts, starts = decide(row(64))
    assert counts.sum() <= 64 and counts.sum() >= 56  # ceil(log2 8) = 3 rounds, each a share of what is left
    assert counts.max() > 64 // 8 >= counts.min() >= 1  # the survivors get more than uniform's share
    alive = np.flatnonzero(counts == counts.max())
    assert len(alive) >= 2 and best in alive and values[best] == values[alive].max()


def test_halving_drops_no_candidate_on_a_tie():
    """No candidate ever wins a playout: every one stays in every round, as in the uniform allocation."""
    best, values, counts, starts = decide(row(64), means=np.zeros(8))
    assert best == 0 and (counts == counts[0]).all() and 56 <= counts.sum() <= 64


def test_halving_finds_the_best_candidate_more_often_than_uniform_at_equal_playouts():
    found = {a: sum(decide(row(64, alloc=a), root=r)[0] == MEANS.argmax() for r in range(1, 1001))
             for a in (UNIFORM, HALVING)}  # fmt: skip
    assert found[HALVING] > found[UNIFORM]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"budget": -1}, "budget must be a whole number"),
        ({"budget": 2.5}, "budget must be a whole number"),
        ({"budget": True}, "budget must be a whole number"),
        ({"rollouts": -3}, "rollouts must be a whole number"),
        ({"budget": 4, "rollouts": 4}, "not both"),
        ({"allocation": "greedy"}, "allocation must be one of halving, uniform"),
        ({"determinize": False, "sees_hidden": False}, "contradict"),
        ({"sees_hidden": "yes"}, "sees_hidden must be true or false"),
    ],
)
def test_bad_settings_name_the_parameter(params, expected):
    from sim.search.settings import COMMON

    with pytest.raises(ValueError, match=expected):
        normalize(params, COMMON)


def test_settings_are_honest_by_default_and_rollouts_keep_their_meaning():
    from sim.search.settings import COMMON

    p = normalize({}, COMMON)
    assert p["determinize"] and not p["sees_hidden"] and p["budget"] == 64 and p["allocation"] == "halving"
    assert search_row(p)[:3] == (64, 0, HALVING)
    old = normalize({"rollouts": 16}, COMMON)
    assert search_row(old)[:3] == (16, 16, UNIFORM)  # 16 playouts for every candidate, as before budget
    for hidden in ({"sees_hidden": True}, {"determinize": False}):
        p = normalize(hidden, COMMON)
        assert p["sees_hidden"] and not p["determinize"]
        assert seat_label("s", "rollout", hidden) == f"s ({SEES_HIDDEN})"
    assert seat_label("s", "rollout", {}) == "s" and seat_label("builder", "builder", {}) == "builder"


def test_search_block_seats_a_searcher_in_every_seat():
    raw = {"seats": {"a": "builder", "b": {"name": "x", "uses": "conqueror"}, "c": {"uses": "rollout"}},
           "search": {"budget": 8}}  # fmt: skip
    seats = every_seat(raw, "e.yaml")["seats"]
    assert "search" not in every_seat(raw, "e.yaml")
    assert seats["a"] == {"name": "builder+search8", "uses": "rollout", "params": {"budget": 8, "policy": "builder"}}
    assert seats["b"]["params"]["policy"] == {"name": "x", "uses": "conqueror"} and seats["b"]["name"] == "x+search8"
    assert seats["c"] == {"uses": "rollout"}  # a searcher keeps its own settings
    same = every_seat({"seats": ["builder", "random"], "search": {"budget": 4, "policy": "politician"}}, "e")
    assert [s["params"]["policy"] for s in same["seats"]] == ["politician", "politician"]
    for bad, key in (({"seats": ["a"], "search": 3}, "search"), ({"search": {}}, "seats"),
                     ({"seats": {"a": {"mix": {"b": 1}}}, "search": {}}, "seats.a"),
                     ({"mode": "solo", "seats": ["a"], "search": {}}, "search")):  # fmt: skip
        with pytest.raises(ConfigError, match=key):
            every_seat(bad, "e.yaml")


def test_every_ladder_line_of_a_searcher_that_sees_hidden_cards_says_so():
    from sim.ladder import Ladder, format_ladder, rung

    won, plan = np.array([1.0, 0.0, 1.0, 1.0]), np.array([0.0, 0.0, 1.0, 0.0])
    r = rung(4, won, plan, 1.0, 10, 3, [{"from": "a", "to": "b", "count": 3}])
    for determinize in (True, False):
        text = format_ladder(Ladder("masovia", "builder", 4, 1, 0.25, (0.0, 0.7), [r], determinize), lambda c: "x")
        assert all((SEES_HIDDEN in line) != determinize for line in text.splitlines())
