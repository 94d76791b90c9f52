"""A plain-Python battle, one unit object per miniature: the benchmark baseline and an independent check.

It shares no code with the kernel: units are individual objects, dice are rolled one by one with
``random.Random`` and the allocation policies sort units by the rulebook's priority keys directly.
``exact.py`` reuses ``allocate`` and ``bonus_hits`` so the exact answer checks the kernel too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.dark_ages.army import Army, Battle, Variant
from sim.games.dark_ages.rules import TYPE_HIT_RANK


@dataclass
class Unit:
    kind: str
    level: int
    transient: bool
    thresholds: tuple[int, int, int]
    armour: int
    damage: int = 0
    alive: bool = True

    @property
    def remaining(self) -> int:
        return self.armour - self.damage

    def rolls_after(self, phase: int) -> bool:
        return any(t > 0 for t in self.thresholds[phase + 1 :])

    def tie_key(self) -> tuple:
        """Solo tie-break: higher level, then Cavalry, Archer, Infantry, then the non-Transient unit."""
        return (-self.level, TYPE_HIT_RANK[self.kind], self.transient)


def muster(army: Army) -> list[Unit]:
    return [Unit(g.kind, g.level, g.transient, g.thresholds, g.armour) for g in army.groups for _ in range(g.count)]


def bonus_hits(deficits: list[int], budget: int) -> int:
    """Most misses turned into hits with ``budget`` +1s (one +1 per step): cheapest misses first."""
    extra = 0
    for d in sorted(deficits):
        if d > budget:
            break
        budget -= d
        extra += 1
    return extra


def _kill(unit: Unit, hits: int) -> int:
    hits -= unit.remaining
    unit.alive, unit.damage = False, 0
    return hits


def allocate_solo(units: list[Unit], hits: int, phase: int) -> None:
    """Module 1, General Rules: the solo priority list for distributing hits."""
    injured = sorted((u for u in units if u.alive and u.damage), key=lambda u: (u.remaining, u.tie_key()))
    for unit in injured:  # 'Kill injured units before injuring new units.'
        if hits >= unit.remaining:
            hits = _kill(unit, hits)
    fresh = [u for u in units if u.alive and not u.damage]
    # 'Kill as many units able to roll in the following phases as possible': cheapest first maximises the count
    for unit in sorted(fresh, key=lambda u: (not u.rolls_after(phase), u.armour, u.tie_key())):
        if hits >= unit.armour:
            hits = _kill(unit, hits)
    standing = [u for u in units if u.alive]
    if hits > 0 and standing:  # 'If you cannot kill any units, injure units using the same priority.'
        target = min(standing, key=lambda u: (not u.rolls_after(phase), u.remaining, u.tie_key()))
        target.damage += hits


def allocate_focus(units: list[Unit], hits: int) -> None:
    """focus-strongest: highest level first (Cavalry, Archer, Infantry on ties), finishing injured units."""
    order = sorted(
        (u for u in units if u.alive),
        key=lambda u: (-u.level, TYPE_HIT_RANK[u.kind], u.armour, u.transient, -u.damage),
    )
    for unit in order:
        if hits <= 0:
            return
        if hits >= unit.remaining:
            hits = _kill(unit, hits)
        else:
            unit.damage += hits
            return


def allocate(units: list[Unit], hits: int, phase: int, policy: str) -> None:
    if policy == "solo":
        allocate_solo(units, hits, phase)
    else:
        allocate_focus(units, hits)


def battle_result(units: list[Unit], bonus: int) -> int:
    return bonus + sum(u.level for u in units if u.alive)


def roll(
    units: list[Unit], phase: int, budget: int, card: bool, faces: int, rng: random.Random, reinforce: int = 1
) -> tuple[int, bool]:
    """(hits, whether the Reinforce card was played) for one side's dice in one phase; the card adds ``reinforce``
    to one die (rules.yaml ``battle.reinforce_bonus``)."""
    hits, deficits = 0, []
    for unit in units:
        t = unit.thresholds[phase]
        if unit.alive and t > 0:
            value = rng.randint(1, faces)
            if value >= t:  # t ≥ 2, so a natural 1 never lands here
                hits += 1
            else:
                deficits.append(t - value)
    extra = bonus_hits(deficits, budget)
    if card and bonus_hits(deficits, budget + reinforce) > extra:
        return hits + extra + 1, True
    return hits + extra, False


def fight(battle: Battle, variant: Variant, faces: int, rng: random.Random) -> dict:
    """One battle; returns the Battle Results, the winner and the units lost (own and all) per side."""
    sides = [muster(army) for army in variant.armies]
    cards = list(battle.reinforce)
    for phase in range(3):
        hits = [0, 0]
        for s, army in enumerate(variant.armies):
            budget = army.melee_bonus if phase == 2 else 0
            hits[s], used = roll(sides[s], phase, budget, cards[s], faces, rng)
            cards[s] = cards[s] and not used
        for s in range(2):  # hits are distributed by the side that rolled them, after both sides rolled
            if hits[1 - s]:
                allocate(sides[s], hits[1 - s], phase, battle.policies[1 - s])
    br = [battle_result(sides[s], variant.armies[s].br_bonus) for s in range(2)]
    win = br[0] > br[1] or (battle.attacker_wins_ties and br[0] == br[1] and any(u.alive for u in sides[0]))
    return {
        "win": win,
        "br": br,
        "lost": [sum(not u.alive and not u.transient for u in side) for side in sides],
        "killed": [sum(not u.alive for u in side) for side in sides],
        "survivors": [[(u.kind, u.transient) for u in side if u.alive] for side in sides],
    }


def simulate(battle: Battle, faces: int, n: int, seed: int) -> dict:
    """``n`` battles in a plain loop (the random token is drawn per battle): wins and mean losses."""
    rng = random.Random(seed)
    weights = [v.weight for v in battle.variants]
    wins, lost_a, lost_d = 0, 0, 0
    for _ in range(n):
        variant = rng.choices(battle.variants, weights)[0] if len(weights) > 1 else battle.variants[0]
        out = fight(battle, variant, faces, rng)
        wins += out["win"]
        lost_a += out["lost"][0]
        lost_d += out["lost"][1]
    return {"attacker_win": wins / n, "mean_lost": {"attacker": lost_a / n, "defender": lost_d / n}}
