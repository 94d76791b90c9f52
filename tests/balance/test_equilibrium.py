"""The meta-game solver on small games whose equilibria are known in closed form."""

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from sim.balance.equilibrium import (
    ITERATIONS,
    TOLERANCE,
    _prd,
    near_equilibria,
    payoffs,
    polish,
    regrets,
    solve,
    values,
)

ITER = 5_000


def test_asymmetric_matching_pennies_has_its_unique_mixed_equilibrium():
    # row wins 2 on (H,H), 1 on (T,T), loses 1 otherwise; zero-sum. Indifference: p = q = (1+1)/(2+1+1+1) = 0.4
    a = np.array([[2.0, -1.0], [-1.0, 1.0]])
    sigma, regret = solve([a, -a], ITER)
    assert sigma[0] == pytest.approx([0.4, 0.6], abs=1e-6) and sigma[1] == pytest.approx([0.4, 0.6], abs=1e-6)
    assert regret.max() < 1e-9
    assert payoffs([a, -a], sigma)[0] == pytest.approx(0.2, abs=1e-6)  # the game's value: 2·.16 − .24 − .24 + .36


def test_weighted_rock_paper_scissors():
    # rock beats scissors by 2, paper beats rock by 1, scissors beats paper by 1: equilibrium (1/4, 1/2, 1/4)
    a = np.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
    sigma, regret = solve([a, -a], ITER)
    for s in sigma:
        assert s == pytest.approx([0.25, 0.5, 0.25], abs=1e-6)
    assert regret.max() < 1e-9


def test_prisoners_dilemma_plays_the_dominant_strategy():
    a = np.array([[3.0, 0.0], [5.0, 1.0]])
    sigma, regret = solve([a, a.T], ITER)
    assert sigma[0] == pytest.approx([0, 1]) and sigma[1] == pytest.approx([0, 1]) and regret.max() == 0


def test_battle_of_the_sexes_returns_one_of_its_three_equilibria():
    a, b = np.array([[2.0, 0.0], [0.0, 1.0]]), np.array([[1.0, 0.0], [0.0, 2.0]])
    sigma, regret = solve([a, b], ITER)
    known = [([1, 0], [1, 0]), ([0, 1], [0, 1]), ([2 / 3, 1 / 3], [1 / 3, 2 / 3])]
    assert any(np.allclose(sigma[0], p, atol=1e-6) and np.allclose(sigma[1], q, atol=1e-6) for p, q in known)
    assert regret.max() < 1e-9


def test_three_player_cyclic_game_has_its_unique_equilibrium():
    # A weighted Jordan game: 1 wants to match 2 (2 on heads, 1 on tails), 2 to match 3 (1 and 3), 3 to mismatch 1
    # (1 when 3 plays heads, 4 when tails). Each is indifferent only at one mix of the one it watches:
    # P(2 heads) = 1/3, P(3 heads) = 3/4, P(1 heads) = 1/5, the only equilibrium. From uniform play the dynamics
    # circle around it, so this checks the polish and the restarts too.
    t = [np.zeros((2, 2, 2)) for _ in range(3)]
    for i, j, k in np.ndindex(2, 2, 2):
        t[0][i, j, k] = (2 if i == 0 else 1) * (i == j)
        t[1][i, j, k] = (1 if j == 0 else 3) * (j == k)
        t[2][i, j, k] = (1 if k == 0 else 4) * (k != i)
    sigma, regret = solve(t, ITER)
    assert sigma[0] == pytest.approx([0.2, 0.8], abs=1e-6)
    assert sigma[1] == pytest.approx([1 / 3, 2 / 3], abs=1e-6)
    assert sigma[2] == pytest.approx([0.75, 0.25], abs=1e-6)
    assert regret.max() < 1e-9


def test_four_factions_with_a_dominant_plan_each():
    rng = np.random.default_rng(3)
    t = [rng.random((3, 3, 3, 3)) * 0.1 for _ in range(4)]
    best = (2, 0, 1, 2)
    for f in range(4):
        index = [slice(None)] * 4
        index[f] = best[f]
        t[f][tuple(index)] += 1.0  # plan best[f] beats every other plan of f in every profile
    sigma, regret = solve(t, ITER)
    assert [int(np.argmax(s)) for s in sigma] == list(best) and all(s.max() == 1.0 for s in sigma)
    assert regret.max() == 0


def test_values_and_regrets_by_hand():
    a = np.array([[2.0, -1.0], [-1.0, 1.0]])
    sigma = [np.array([1.0, 0.0]), np.array([0.5, 0.5])]
    assert values([a, -a], sigma, 0) == pytest.approx([0.5, 0.0])  # row's H and T against column's (1/2, 1/2)
    assert values([a, -a], sigma, 1) == pytest.approx([-2.0, 1.0])  # column against row's pure H
    assert regrets([a, -a], sigma) == pytest.approx([0.0, 1.0 - (-0.5)])


def test_near_equilibria_lists_every_pure_profile_within_the_threshold():
    # battle of the sexes: both coordinated profiles are pure equilibria; the miscoordinated ones are not
    a, b = np.array([[2.0, 0.0], [0.0, 1.0]]), np.array([[1.0, 0.0], [0.0, 2.0]])
    assert near_equilibria([a, b], 0.0) == [(0, 0), (1, 1)]
    # a 0.3 edge for (0, 1)'s row player is inside a 0.5 noise: (0, 1) and (1, 1) pass, (0, 0) needs ≥ 1
    a, b = np.array([[0.3, 0.3], [0.0, 0.0]]), np.array([[0.0, 1.0], [0.0, 0.6]])
    assert near_equilibria([a, b], 0.5) == [(0, 1), (1, 1)]
    assert near_equilibria([a, b], 0.2) == [(0, 1)]


def test_a_real_table_the_dynamics_circle_is_solved_by_the_logit_path():
    # round 4 of a pooled every-module Principes run (tests/balance/data): the replicator dynamics, every pure
    # profile and the leaning restarts all leave a faction 1.9 points of regret (the run tuned against that profile
    # for four rounds); the logit path reaches an equilibrium, mixed for two factions
    doc = json.loads((Path(__file__).parent / "data" / "principes-pooled2-seed20260102-round4.json").read_text())
    tensors = [np.array(w) / doc["games"] for w in doc["wins"]]
    shape = tensors[0].shape
    pure = min(regrets(tensors, [np.eye(k)[i] for k, i in zip(shape, p, strict=True)]).sum()
               for p in itertools.product(*map(range, shape)))  # fmt: skip
    uniform = [np.full(k, 1.0 / k) for k in shape]
    assert regrets(tensors, polish(tensors, _prd(tensors, uniform, ITERATIONS))).sum() > 0.01 and pure > 0.01
    sigma, regret = solve(tensors)
    assert regret.sum() <= TOLERANCE
    assert sorted(int((s > 0).sum()) for s in sigma) == [1, 1, 2, 2]
    assert np.allclose([s.sum() for s in sigma], 1.0)


def test_without_the_logit_path_the_solver_leaves_that_regret():
    # --solver dynamics: how the studies shipped before the logit step were found (they replay their commands)
    doc = json.loads((Path(__file__).parent / "data" / "principes-pooled2-seed20260102-round4.json").read_text())
    tensors = [np.array(w) / doc["games"] for w in doc["wins"]]
    sigma, regret = solve(tensors, logit=False)
    assert regret.sum() == pytest.approx(0.0315, abs=0.0005)  # Polonia Minor 1.9 and Silesia 1.3 points
