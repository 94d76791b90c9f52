"""Zero-sum equilibria against hand-solved games, and the equilibrium property on random matrices."""

import numpy as np
import pytest

from sim.games.hussars.equilibrium import _maximin, solve


def test_two_by_two_hand_solved():
    # [[3, -1], [-2, 1]]: the attacker makes the defender indifferent: 3p - 2(1-p) = -p + (1-p) → p = 3/7;
    # the defender: 3q - (1-q) = -2q + (1-q) → q = 2/7; value 3·3/7 - 2·4/7 = 1/7
    eq = solve([[3, -1], [-2, 1]])
    assert eq.row == pytest.approx([3 / 7, 4 / 7])
    assert eq.col == pytest.approx([2 / 7, 5 / 7])
    assert eq.value == pytest.approx(1 / 7)


def test_two_by_two_by_linear_programming_agrees_with_the_closed_form():
    row, value, col = _maximin(np.array([[3.0, -1.0], [-2.0, 1.0]]))
    assert row == pytest.approx([3 / 7, 4 / 7], abs=1e-7)
    assert col == pytest.approx([2 / 7, 5 / 7], abs=1e-7)  # from the LP duals
    assert value == pytest.approx(1 / 7, abs=1e-7)


def test_matching_pennies():
    eq = solve([[1, 0], [0, 1]])  # P(win) payoffs: win when the cards match
    assert eq.row == pytest.approx([0.5, 0.5]) and eq.col == pytest.approx([0.5, 0.5])
    assert eq.value == pytest.approx(0.5)


def test_saddle_point_is_pure():
    eq = solve([[2, 3], [1, 0]])  # row 1 dominates; column 1 is the defender's best reply
    assert list(eq.row) == [1, 0] and list(eq.col) == [1, 0] and eq.value == 2


def test_three_by_three_weighted_rock_paper_scissors():
    # skew-symmetric, so value 0; x A ≥ 0 column by column: x2 = 2 x3, x3 = x1, 2 x1 = x2 → (1/4, 1/2, 1/4)
    a = [[0, -1, 2], [1, 0, -1], [-2, 1, 0]]
    eq = solve(a)
    assert eq.value == pytest.approx(0, abs=1e-9)
    assert eq.row == pytest.approx([0.25, 0.5, 0.25], abs=1e-7)
    assert eq.col == pytest.approx([0.25, 0.5, 0.25], abs=1e-7)


def test_three_by_three_with_a_dominated_row():
    # row 3 (1, 1, 1) is beaten by mixing rows 1 and 2 half-half (2, 2, 2); the value is 2
    eq = solve([[4, 0, 2], [0, 4, 2], [1, 1, 1]])
    assert eq.value == pytest.approx(2)
    assert eq.row == pytest.approx([0.5, 0.5, 0], abs=1e-7)


def test_random_games_satisfy_the_equilibrium_property():
    rng = np.random.default_rng(5)
    for _ in range(50):
        m, n = rng.integers(1, 6, size=2)
        a = rng.integers(-3, 4, size=(m, n)).astype(float)
        eq = solve(a)
        assert eq.row.sum() == pytest.approx(1) and eq.col.sum() == pytest.approx(1)
        assert (eq.row @ a).min() == pytest.approx(eq.value, abs=1e-7)  # the attacker guarantees v
        assert (a @ eq.col).max() == pytest.approx(eq.value, abs=1e-7)  # the defender concedes at most v


def test_bayesian_game_hand_solved():
    # the defender is type A (p = 1/2, payoffs [[2, 0], [0, 1]]) or type B (p = 1/2, one card [[0], [1]]).
    # attacker row 1 with x: V(x) = ½·min(2x, 1 − x) + ½·(1 − x), largest at x = 1/3 where V = 2/3.
    # type A makes the attacker indifferent: ½(2y − (1 − y)) = ½ → y = 2/3.
    from sim.games.hussars.equilibrium import solve_bayesian

    eq = solve_bayesian([(0.5, [[2, 0], [0, 1]]), (0.5, [[0], [1]])])
    assert eq.value == pytest.approx(2 / 3)
    assert eq.row == pytest.approx([1 / 3, 2 / 3], abs=1e-7)
    assert eq.cols[0] == pytest.approx([2 / 3, 1 / 3], abs=1e-7)
    assert eq.cols[1] == pytest.approx([1.0])


def test_bayesian_game_with_one_type_is_the_plain_game():
    from sim.games.hussars.equilibrium import solve_bayesian

    eq = solve_bayesian([(1.0, [[3, -1], [-2, 1]])])
    assert eq.row == pytest.approx([3 / 7, 4 / 7]) and eq.cols[0] == pytest.approx([2 / 7, 5 / 7])
