"""Exact outcome distribution of small battles: a dynamic programme over the state after each phase.

Within a phase each side's hits come from independent dice and the allocation is deterministic, so the
distribution over (attacker units, defender units, Reinforce cards left) after a phase follows from the one
before it. Units are ``reference.Unit`` objects and the allocation is ``reference.allocate``; the kernel
shares none of this, so agreement between the two is a real check. The result has the kernel's count
arrays' shapes, holding probabilities (weighted by each token face's share of the pool) instead of counts.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from sim.games.dark_ages import reference
from sim.games.dark_ages.army import Variant

if TYPE_CHECKING:  # payload imports the kernel tables, which import hit_distribution from here
    from sim.games.dark_ages.payload import Payload

MAX_STATES = 200_000  # above this the exact answer is reported as infeasible


@cache
def hit_distribution(thresholds: tuple[int, ...], budget: int, card: bool, faces: int) -> tuple:
    """((hits, card played, probability), ...) for dice needing ``thresholds``, with ``budget`` +1s."""
    reach = budget + int(card)
    states: dict[tuple, float] = {(0, ()): 1.0}  # (natural hits, the smallest useful deficits) → probability
    for t in thresholds:
        nxt: dict[tuple, float] = defaultdict(float)
        for (hits, small), p in states.items():
            nxt[(hits + 1, small)] += p * (faces - t + 1) / faces
            for d in range(1, t):  # die value t - d misses by d
                kept = tuple(sorted((*small, d)))[:reach] if d <= reach else small
                nxt[(hits, kept)] += p / faces
        states = nxt
    out: dict[tuple, float] = defaultdict(float)
    for (hits, small), p in states.items():
        extra = reference.bonus_hits(list(small), budget)
        played = card and reference.bonus_hits(list(small), budget + 1) > extra
        out[(hits + extra + int(played), played)] += p
    return tuple((h, used, p) for (h, used), p in out.items())


def _canonical(units: list[reference.Unit], spans: list[tuple[int, int]]) -> tuple:
    """Damage per unit (-1 = dead), sorted within each group of interchangeable units."""
    marks = [u.damage if u.alive else -1 for u in units]
    return tuple(x for a, b in spans for x in sorted(marks[a:b]))


def _restore(template: list[reference.Unit], marks: tuple) -> list[reference.Unit]:
    units = []
    for unit, mark in zip(template, marks, strict=True):
        units.append(reference.Unit(unit.kind, unit.level, unit.transient, unit.thresholds, unit.armour,
                                    max(mark, 0), mark >= 0))  # fmt: skip
    return units


def variant_distribution(payload: Payload, variant: Variant) -> dict[tuple, float] | None:
    """Final (attacker marks, defender marks) → probability, or None when the state space is too big."""
    battle, faces = payload.battle, payload.faces
    templates = [reference.muster(army) for army in variant.armies]
    spans = []
    for army in variant.armies:
        edges, start = [], 0
        for g in army.groups:
            edges.append((start, start + g.count))
            start += g.count
        spans.append(edges)
    start_marks = tuple(_canonical(t, spans[s]) for s, t in enumerate(templates))
    dist: dict[tuple, float] = {(*start_marks, *battle.reinforce): 1.0}
    for phase in range(3):
        nxt: dict[tuple, float] = defaultdict(float)
        for (marks_a, marks_d, card_a, card_d), p in dist.items():
            rolls = []
            for s, marks in enumerate((marks_a, marks_d)):
                dice = tuple(u.thresholds[phase] for u, m in zip(templates[s], marks, strict=True)
                             if m >= 0 and u.thresholds[phase] > 0)  # fmt: skip
                budget = variant.armies[s].melee_bonus if phase == 2 else 0
                rolls.append(hit_distribution(dice, budget, (card_a, card_d)[s], faces) if dice else ((0, False, 1.0),))
            for hits_a, used_a, p_a in rolls[0]:
                for hits_d, used_d, p_d in rolls[1]:
                    sides = [_restore(templates[0], marks_a), _restore(templates[1], marks_d)]
                    if hits_a:
                        reference.allocate(sides[1], hits_a, phase, battle.policies[0])
                    if hits_d:
                        reference.allocate(sides[0], hits_d, phase, battle.policies[1])
                    key = (_canonical(sides[0], spans[0]), _canonical(sides[1], spans[1]),
                           card_a and not used_a, card_d and not used_d)  # fmt: skip
                    nxt[key] += p * p_a * p_d
        if len(nxt) > MAX_STATES:
            return None
        dist = nxt
    return dist


def exact_counts(payload: Payload) -> dict[str, np.ndarray] | None:
    """Probabilities in the kernel's count layout (see ``kernel.simulate``), or None if infeasible."""
    battle = payload.battle
    v_count, groups = payload.count.shape[0], payload.count.shape[2]
    n_max, b = payload.max_units, payload.br_max + 1
    out = {
        "wins": np.zeros(v_count), "ties": np.zeros(v_count), "br_joint": np.zeros((v_count, b, b)),
        "survivors": np.zeros((v_count, 2, groups, n_max + 1)), "lost": np.zeros((v_count, 2, n_max + 1)),
        "killed": np.zeros((v_count, 2, n_max + 1)), "reinforce_used": np.zeros((v_count, 2)),
    }  # fmt: skip
    total_weight = sum(v.weight for v in battle.variants)
    for v, variant in enumerate(battle.variants):
        dist = variant_distribution(payload, variant)
        if dist is None:
            return None
        share = variant.weight / total_weight
        templates = [reference.muster(army) for army in variant.armies]
        group_of = [[g for g, grp in enumerate(army.groups) for _ in range(grp.count)] for army in variant.armies]
        for (marks_a, marks_d, card_a, card_d), p in dist.items():
            w = p * share
            br = []
            for s, marks in enumerate((marks_a, marks_d)):
                units = _restore(templates[s], marks)
                br.append(reference.battle_result(units, variant.armies[s].br_bonus))
                alive = np.zeros(groups, np.int64)
                for unit, g in zip(units, group_of[s], strict=True):
                    alive[g] += unit.alive
                for g in range(len(variant.armies[s].groups)):
                    out["survivors"][v, s, g, alive[g]] += w
                out["lost"][v, s, sum(not u.alive and not u.transient for u in units)] += w
                out["killed"][v, s, sum(not u.alive for u in units)] += w
                if battle.reinforce[s] and not (card_a, card_d)[s]:
                    out["reinforce_used"][v, s] += w
            tie = br[0] == br[1]
            alive_attacker = any(m >= 0 for m in marks_a)
            out["wins"][v] += w * (br[0] > br[1] or (battle.attacker_wins_ties and tie and alive_attacker))
            out["ties"][v] += w * tie
            out["br_joint"][v, br[0], br[1]] += w
    return out
