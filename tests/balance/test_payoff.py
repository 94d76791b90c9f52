"""The payoff table: cells played once, tensors over groups of seated factions, dominance pruning, the cap."""

import numpy as np
import pytest

from sim.balance.games import Plan
from sim.balance.payoff import Table, cap, cell_games, dominated


def _plan(label):
    return Plan(label, label, label, {"x": label}, None, "t")


def test_cell_games_meets_the_precision_at_one_half():
    n = cell_games(0.02)
    assert n == 2401  # the README's number for the default --precision
    assert 1.96 * (0.25 / n) ** 0.5 <= 0.02 < 1.96 * (0.25 / (n - 1)) ** 0.5


def test_one_group_tensor_and_each_cell_played_once():
    calls = []

    def evaluate(group, plans):  # faction f wins (index of its plan + 1) tenths of 100 games, the others share
        calls.append(tuple(plans[f].label for f in group))
        return [10 * (int(plans[f].label[1:]) + 1) for f in group], [100] * len(group)

    pops = {"a": [_plan("p0"), _plan("p1")], "b": [_plan("p0"), _plan("p1"), _plan("p2")]}
    table = Table(("a", "b"), ((("a", "b"), 1.0),), evaluate, {})
    t = table.tensors(pops)
    assert t[0].shape == (2, 3) and t[0][1, 2] == pytest.approx(0.2) and t[1][1, 2] == pytest.approx(0.3)
    table.tensors(pops)
    assert len(calls) == 6 == table.played  # the second call read every cell back


def test_groups_weight_each_factions_payoff_by_the_games_it_sits_in():
    # three factions, two of them at each table: a meets b in 2/3 of games, a meets c in 1/3; a's payoff is
    # the share-weighted mean of its win rates at the tables it sits at
    rates = {("a", "b"): {"a": 0.6, "b": 0.4}, ("a", "c"): {"a": 0.3, "c": 0.7}, ("b", "c"): {"b": 0.5, "c": 0.5}}

    def evaluate(group, plans):
        return [int(1000 * rates[group][f]) for f in group], [1000] * len(group)

    pops = {f: [_plan("p0")] for f in "abc"}
    groups = ((("a", "b"), 2 / 6), (("a", "c"), 1 / 6), (("b", "c"), 3 / 6))
    t = Table(("a", "b", "c"), groups, evaluate, {}).tensors(pops)
    assert t[0][0, 0, 0] == pytest.approx((2 * 0.6 + 1 * 0.3) / 3)
    assert t[1][0, 0, 0] == pytest.approx((2 * 0.4 + 3 * 0.5) / 5)
    assert t[2][0, 0, 0] == pytest.approx((1 * 0.7 + 3 * 0.5) / 4)


def test_dominated_beyond_the_margin():
    a = np.array([[0.5, 0.6], [0.1, 0.2], [0.45, 0.7]])  # plan 1 is beaten by plan 0 by 0.4 everywhere
    assert dominated([a, -a], 0.05)[0] == [1]
    assert dominated([a, -a], 0.5)[0] == []  # within the noise: kept


def test_cap_drops_the_least_played_plan_but_never_the_new_one():
    pop = [_plan(x) for x in ("p0", "p1", "p2", "new")]
    kept, dropped = cap(pop, np.array([0.5, 0.0, 0.5, 0.0]), 3, {"new"})
    assert [p.label for p in kept] == ["p0", "p2", "new"] and dropped == ["p1"]


def test_group_games_give_every_factions_payoff_the_precision_asked():
    from sim.balance.payoff import group_games

    n = cell_games(0.02)
    assert group_games(((("a", "b", "c", "d"), 1.0),), 0.02) == {("a", "b", "c", "d"): n}  # Principes: one group
    # 7 Rulers, every set of 3 equally likely (Dark Ages, tables: every): each Ruler sits in 15 of the 35 groups
    import itertools

    groups = tuple((g, 1 / 35) for g in itertools.combinations("abcdefg", 3))
    games = group_games(groups, 0.02)
    assert set(games.values()) == {-(-n // 15)}
    for f in "abcdefg":  # a faction's payoff: the mean of its 15 cells, each p = 1/2 at worst
        mine = [games[g] for g, _ in groups if f in g]
        assert 1.96 * (sum(0.25 / m for m in mine) / len(mine) ** 2) ** 0.5 <= 0.02
    # unequal shares: the larger group of a faction plays more games, and the precision still holds for each
    groups = ((("a", "b"), 2 / 6), (("a", "c"), 1 / 6), (("b", "c"), 3 / 6))
    games = group_games(groups, 0.02)
    for f in "abc":
        mine = [(s, games[g]) for g, s in groups if f in g]
        w = sum(s for s, _ in mine)
        assert 1.96 * sum((s / w) ** 2 * 0.25 / m for s, m in mine) ** 0.5 <= 0.02 + 1e-12


def test_the_tables_noise_is_a_factions_payoff_noise():
    import itertools

    groups = tuple((g, 1 / 35) for g in itertools.combinations("abcdefg", 3))

    def evaluate(group, plans):  # every seat wins half of 100 games
        return [50] * len(group), [100] * len(group)

    table = Table(tuple("abcdefg"), groups, evaluate, {})
    table.tensors({f: [_plan("p0")] for f in "abcdefg"})
    # one cell: 1.96 * sqrt(0.25 / 100) = 0.098; a Ruler's mean of 15 independent such cells: / sqrt(15)
    assert table.halfwidth() == pytest.approx(0.098 / 15**0.5)
