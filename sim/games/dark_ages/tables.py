"""Per-phase tables for the kernel: each side's reachable states, its hit distribution, and where hits send it.

A side's *state* is its groups' (alive, damage) after a phase. Only a few dozen states are reachable, so
instead of re-deriving the allocation and re-rolling every die in every trial, the kernel looks up:

- ``dist_*``: the distribution of (hits, Reinforce card played) a side rolls from a state in a phase,
  as a cumulative table scaled by 2**32 so that one 32-bit uniform draws an outcome;
- ``alloc[v, s, p, x, h]``: the state side s is left in when ``h`` hits land on state ``x`` in phase ``p``,
  computed once per entry with the njit policies of ``allocate.py``.

The hit distributions come from ``exact.hit_distribution`` (dice are independent, so a side's hits in a
phase are a sum of Bernoulli draws, with +1s spent on the closest misses). The allocation code is the
kernel's own, independent of the per-unit ``reference.allocate`` that ``exact.py`` uses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.games.dark_ages.allocate import SOLO, allocate_focus, allocate_solo
from sim.games.dark_ages.exact import hit_distribution
from sim.games.dark_ages.pairs import build_pairs

SCALE = 1 << 32


@dataclass(frozen=True)
class Tables:
    n_states: np.ndarray  # [V, 2]
    state_alive: np.ndarray  # [V, 2, X, G] units alive per group in each state
    state_br: np.ndarray  # [V, 2, X] Battle Result of the state (keep bonus included)
    state_lost: np.ndarray  # [V, 2, X] own (non-transient) units lost
    state_killed: np.ndarray  # [V, 2, X] all units lost
    alloc: np.ndarray  # [V, 2, 3, X, H+1] next state after h hits land (-1 = never reached)
    dist_start: np.ndarray  # [V, 2, 3, X, 2] first index of the (state, card) outcome list in the flat arrays
    dist_cdf: np.ndarray  # [K] uint64 cumulative probability × 2**32 (the last entry of each list is 2**32)
    dist_hits: np.ndarray  # [K]
    dist_used: np.ndarray  # [K] 1 if the Reinforce card is played
    pairs: object = None  # pairs.PairTables when the joint (attacker, defender) tables are small enough


def _cumulative(outcomes) -> list[tuple[int, int, int]]:
    total, rows = 0.0, []
    for hits, used, p in sorted(outcomes):
        total += p
        rows.append((min(int(round(total * SCALE)), SCALE), hits, int(used)))
    rows[-1] = (SCALE, rows[-1][1], rows[-1][2])  # a 32-bit uniform is always below the last entry
    return rows


def build(p, faces: int, pair_limit: int) -> Tables:
    """Tables for payload-in-progress ``p`` (group arrays of ``payload.Payload``)."""
    v_count, _, groups = p.count.shape
    sides = [[None, None] for _ in range(v_count)]  # per (v, s): list of states (alive, damage) tuples
    max_hits = 0
    for v in range(v_count):
        for s in range(2):
            dice = int(p.count[v, s].sum())
            max_hits = max(max_hits, dice + int(p.melee_bonus[v, s]) + 1)
    transitions = {}  # (v, s, p, x, h) → next state index
    reachable = {}  # (v, s, p) → state indices present at the start of phase p
    for v in range(v_count):
        for s in range(2):
            ng = int(p.n_groups[v, s])
            start = (tuple(int(x) for x in p.count[v, s, :]), (0,) * groups)
            states, index = [start], {start: 0}
            current = [0]
            alive = np.zeros((2, groups), np.int64)
            damage = np.zeros((2, groups), np.int64)
            for phase in range(3):
                reachable[(v, s, phase)] = current
                nxt = set()
                for x in current:
                    for h in range(max_hits + 1):
                        alive[s, :], damage[s, :] = states[x]
                        if h:
                            if p.policy_onto[s] == SOLO:
                                allocate_solo(alive, damage, v, s, phase, h, ng, p.armour, p.rolls_later, p.tie_pos,
                                              p.kill_order)  # fmt: skip
                            else:
                                allocate_focus(alive, damage, v, s, h, ng, p.armour, p.focus_order)
                        key = (tuple(int(a) for a in alive[s]), tuple(int(d) for d in damage[s]))
                        if key not in index:
                            index[key] = len(states)
                            states.append(key)
                        transitions[(v, s, phase, x, h)] = index[key]
                        nxt.add(index[key])
                current = sorted(nxt)
            sides[v][s] = states
    x_max = max(len(sides[v][s]) for v in range(v_count) for s in range(2))
    n_states = np.array([[len(sides[v][s]) for s in range(2)] for v in range(v_count)], np.int64)
    state_alive = np.zeros((v_count, 2, x_max, groups), np.int64)
    state_br, state_lost, state_killed = (np.zeros((v_count, 2, x_max), np.int64) for _ in range(3))
    alloc = np.full((v_count, 2, 3, x_max, max_hits + 1), -1, np.int64)
    dist_start = np.zeros((v_count, 2, 3, x_max, 2), np.int64)
    flat: list[tuple[int, int, int]] = []
    outcomes_of = {}  # (v, s, phase, x, card) → ((hits, used, probability), ...), for the joint tables
    for v in range(v_count):
        for s in range(2):
            for x, (alive_t, _) in enumerate(sides[v][s]):
                state_alive[v, s, x] = alive_t
                gone = p.count[v, s] - np.array(alive_t)
                state_br[v, s, x] = int(p.br_bonus[v, s] + (np.array(alive_t) * p.level[v, s]).sum())
                state_lost[v, s, x] = int((gone * (1 - p.transient[v, s])).sum())
                state_killed[v, s, x] = int(gone.sum())
            for phase in range(3):
                budget = int(p.melee_bonus[v, s]) if phase == 2 else 0
                for x in reachable[(v, s, phase)]:
                    for h in range(max_hits + 1):
                        alloc[v, s, phase, x, h] = transitions[(v, s, phase, x, h)]
                    alive_t = sides[v][s][x][0]
                    dice = tuple(
                        int(p.thresholds[v, s, g, phase])
                        for g in range(groups)
                        for _ in range(alive_t[g])
                        if p.thresholds[v, s, g, phase] > 0
                    )
                    for card in range(2):
                        dist_start[v, s, phase, x, card] = len(flat)
                        outcomes = hit_distribution(dice, budget, bool(card), faces) if dice else ((0, False, 1.0),)
                        outcomes_of[(v, s, phase, x, card)] = outcomes
                        flat.extend(_cumulative(outcomes))
    rows = np.array(flat, dtype=np.int64).reshape(-1, 3)
    pairs = build_pairs(alloc, outcomes_of, [int(r) for r in p.reinforce], v_count, pair_limit)
    return Tables(
        n_states, state_alive, state_br, state_lost, state_killed, alloc, dist_start,
        rows[:, 0].astype(np.uint64), rows[:, 1].copy(), rows[:, 2].copy(), pairs,
    )  # fmt: skip
