"""The hit-allocation policies on hand-built hit counts: the kernel's group version and the per-unit reference."""

import numpy as np
import pytest

from sim.config import load_rules
from sim.games.dark_ages import battle, reference
from sim.games.dark_ages.allocate import allocate_focus, allocate_solo

RULES = load_rules("dark_ages")
MELEE, VOLLEY = 2, 0


def defender_payload(units: dict, policy: str = "solo", tech: dict | None = None, farms: int = 0):
    raw = {"attacker": {"units": {"infantry": 1}, "policy": policy},
           "defender": {"units": units, "tech": tech or {}}, "farms": farms}  # fmt: skip
    return battle.compile(RULES, battle.scenario_from_dict(raw, "test", RULES))


def kernel_allocate(p, hits: int, phase: int, damage_first: dict | None = None) -> dict:
    """``hits`` onto the defender (side 1) by the kernel's njit policy → {(kind, transient): (alive, damage)}."""
    groups = p.battle.variants[0].armies[1].groups
    alive = np.zeros((2, 6), np.int64)
    damage = np.zeros((2, 6), np.int64)
    alive[1, : len(groups)] = [g.count for g in groups]
    for g, grp in enumerate(groups):
        damage[1, g] = (damage_first or {}).get(grp.kind, 0)
    if p.policy_onto[1] == 0:
        allocate_solo(alive, damage, 0, 1, phase, hits, len(groups), p.armour, p.rolls_later, p.tie_pos, p.kill_order)
    else:
        allocate_focus(alive, damage, 0, 1, hits, len(groups), p.armour, p.focus_order)
    return {(g.kind, g.transient): (int(alive[1, i]), int(damage[1, i])) for i, g in enumerate(groups)}


def reference_allocate(p, hits: int, phase: int, damage_first: dict | None = None) -> dict:
    units = reference.muster(p.battle.variants[0].armies[1])
    for kind, d in (damage_first or {}).items():
        next(u for u in units if u.kind == kind).damage = d
    reference.allocate(units, hits, phase, p.battle.policies[0])
    out = {}
    for g in p.battle.variants[0].armies[1].groups:
        mine = [u for u in units if (u.kind, u.transient) == (g.kind, g.transient)]
        out[(g.kind, g.transient)] = (sum(u.alive for u in mine), max((u.damage for u in mine if u.alive), default=0))
    return out


# (units, policy, hits, phase, injured before, expected {(kind, transient): (alive, damage)})
CASES = [
    # 'Kill as many units ... as possible': 2 hits kill both Infantry rather than the 2-armour Cavalry.
    ({"infantry": 2, "cavalry": 1}, "solo", 2, MELEE, None, {("infantry", False): (0, 0), ("cavalry", False): (1, 0)}),
    # 'If you cannot kill any units, injure units': the third hit lands on the Cavalry.
    ({"infantry": 2, "cavalry": 1}, "solo", 3, MELEE, None, {("infantry", False): (0, 0), ("cavalry", False): (1, 1)}),
    # 'Kill injured units before injuring new units': an injured Cavalry dies before a fresh Infantry.
    ({"infantry": 2, "cavalry": 1}, "solo", 1, MELEE, {"cavalry": 1},
     {("infantry", False): (2, 0), ("cavalry", False): (0, 0)}),
    # 'If still tied: hit Cavalry first, Archers second, and Infantry last' (same armour and level).
    ({"infantry": 1, "archer": 1}, "solo", 1, VOLLEY, None, {("infantry", False): (1, 0), ("archer", False): (0, 0)}),
    # 'hit the ones with higher unit level': a Level 2 Infantry before a Level 1 Archer (both armour 1).
    ({"infantry": 1, "archer": 1}, "solo", 1, MELEE, None, {("infantry", False): (0, 0), ("archer", False): (1, 0)}),
    # 'kill the non-Transient unit' when a Farm's transient Infantry is otherwise identical.
    ({"infantry": 1}, "solo", 1, MELEE, None, {("infantry", False): (0, 0), ("infantry", True): (1, 0)}),
    # focus-strongest: both hits go on the Cavalry (ties on level broken Cavalry first), killing it.
    ({"infantry": 2, "cavalry": 1}, "focus-strongest", 2, MELEE, None,
     {("infantry", False): (2, 0), ("cavalry", False): (0, 0)}),
    # focus-strongest: one hit injures the Cavalry instead of killing an Infantry.
    ({"infantry": 2, "cavalry": 1}, "focus-strongest", 1, MELEE, None,
     {("infantry", False): (2, 0), ("cavalry", False): (1, 1)}),
]  # fmt: skip
TECH = {4: {"infantry": 2}}  # case index → defender tech
FARMS = {5: 1}


@pytest.mark.parametrize("i", range(len(CASES)))
def test_policy_on_hand_built_hits(i):
    units, policy, hits, phase, injured, expected = CASES[i]
    p = defender_payload(units, policy, TECH.get(i), FARMS.get(i, 0))
    assert kernel_allocate(p, hits, phase, injured) == expected
    assert reference_allocate(p, hits, phase, injured) == expected


def test_transient_tiebreak_would_fail_if_reversed():
    """The expected answer really distinguishes own and transient Infantry."""
    p = defender_payload({"infantry": 1}, farms=1)
    out = kernel_allocate(p, 1, MELEE)
    assert out[("infantry", False)] != out[("infantry", True)]
