"""A ``Battle`` → the numpy arrays the kernel and its table builder read (all int64).

Shapes use V variants, 2 sides (0 attacker, 1 defender), G = 6 group slots (3 unit types × own/transient),
3 phases (volley, charge, melee). Padding groups have count 0 and sort last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from sim.games.dark_ages.army import Battle, Group
from sim.games.dark_ages.rules import POLICIES, TYPE_HIT_RANK
from sim.games.dark_ages.tables import Tables, build

G = 6
PHASE_COUNT = 3
PAIR_LIMIT = 3_000_000  # outcome combinations: above this the kernel uses per-side tables (slower, any size)


@dataclass(frozen=True)
class Payload:
    battle: Battle
    faces: int
    max_units: int
    slot_variant: np.ndarray  # [S] trial t fights variant slot_variant[t % S] (stratified token draw)
    n_groups: np.ndarray  # [V, 2]
    count: np.ndarray  # [V, 2, G] starting units
    thresholds: np.ndarray  # [V, 2, G, 3] die value needed to hit, 0 = no roll in that phase
    armour: np.ndarray  # [V, 2, G]
    level: np.ndarray  # [V, 2, G]
    transient: np.ndarray  # [V, 2, G] 1 if the group is transient
    rolls_later: np.ndarray  # [V, 2, 3, G] 1 if the group still rolls in a phase after this one
    tie_pos: np.ndarray  # [V, 2, G] solo tie-break: higher level, then cavalry, archer, infantry, own before transient
    kill_order: np.ndarray  # [V, 2, 3, G] solo kill order: later rollers first, least armour, then tie_pos
    focus_order: np.ndarray  # [V, 2, G] focus-strongest order: highest level, cavalry, archer, infantry, least armour
    policy_onto: np.ndarray  # [2] policy index used on hits landing on side s (the other side's choice)
    melee_bonus: np.ndarray  # [V, 2] +1s on melee dice
    br_bonus: np.ndarray  # [V, 2] added to the Battle Result
    reinforce: np.ndarray  # [2] 1 if the side holds a Reinforce card
    br_max: int  # largest possible Battle Result of either side
    wins_ties: int
    tables: Tables | None = None  # per-phase lookup tables the kernel samples from (tables.py)


def _tie_key(g: Group) -> tuple:
    return (-g.level, TYPE_HIT_RANK[g.kind], g.transient)


def compile_battle(battle: Battle, faces: int, max_units: int, pair_limit: int = PAIR_LIMIT) -> Payload:
    v_count = len(battle.variants)
    shape = (v_count, 2, G)
    count, armour, level, transient, tie_pos = (np.zeros(shape, np.int64) for _ in range(5))
    thresholds = np.zeros((*shape, PHASE_COUNT), np.int64)
    rolls_later = np.zeros((v_count, 2, PHASE_COUNT, G), np.int64)
    kill_order = np.zeros((v_count, 2, PHASE_COUNT, G), np.int64)
    focus_order = np.zeros(shape, np.int64)
    n_groups = np.zeros((v_count, 2), np.int64)
    melee_bonus = np.zeros((v_count, 2), np.int64)
    br_bonus = np.zeros((v_count, 2), np.int64)
    br_max = 0
    for v, variant in enumerate(battle.variants):
        for s, army in enumerate(variant.armies):
            groups = army.groups
            n_groups[v, s] = len(groups)
            melee_bonus[v, s], br_bonus[v, s] = army.melee_bonus, army.br_bonus
            br_max = max(br_max, army.br_bonus + sum(g.level * g.count for g in groups))
            ties = sorted(range(len(groups)), key=lambda i: _tie_key(groups[i]))
            for g, grp in enumerate(groups):
                count[v, s, g], armour[v, s, g], level[v, s, g] = grp.count, grp.armour, grp.level
                transient[v, s, g] = int(grp.transient)
                thresholds[v, s, g] = grp.thresholds
                tie_pos[v, s, g] = ties.index(g)
                for p in range(PHASE_COUNT):
                    rolls_later[v, s, p, g] = int(any(grp.thresholds[q] > 0 for q in range(p + 1, PHASE_COUNT)))
            for p in range(PHASE_COUNT):
                order = sorted(
                    range(len(groups)), key=lambda i: (-rolls_later[v, s, p, i], groups[i].armour, tie_pos[v, s, i])
                )
                kill_order[v, s, p, : len(order)] = order
            focus = sorted(
                range(len(groups)), key=lambda i: (*_tie_key(groups[i])[:2], groups[i].armour, groups[i].transient)
            )
            focus_order[v, s, : len(focus)] = focus
    slots = [v for v, variant in enumerate(battle.variants) for _ in range(variant.weight)]
    payload = Payload(
        battle=battle,
        faces=faces,
        max_units=max_units,
        slot_variant=np.array(slots, np.int64),
        n_groups=n_groups,
        count=count,
        thresholds=thresholds,
        armour=armour,
        level=level,
        transient=transient,
        rolls_later=rolls_later,
        tie_pos=tie_pos,
        kill_order=kill_order,
        focus_order=focus_order,
        policy_onto=np.array([POLICIES.index(battle.policies[1]), POLICIES.index(battle.policies[0])], np.int64),
        melee_bonus=melee_bonus,
        br_bonus=br_bonus,
        reinforce=np.array([int(r) for r in battle.reinforce], np.int64),
        br_max=br_max,
        wins_ties=int(battle.attacker_wins_ties),
    )
    return replace(payload, tables=build(payload, faces, pair_limit))
