"""The Battle Sequence with the Common Technologies' battle effects, on the plain-Python engine's primitives.

'Some Common Technologies add additional dice, increase the amount of damage a roll deals, or cancel opponent's
damage.' The card texts are not printed, so the generic effects are read as (assumed): ``battle_die {phase,
amount}`` rolls ``amount`` more dice in that phase at the side's best skill for the phase, if a unit of the side
rolls in it; ``battle_hit {phase, amount}`` adds ``amount`` damage to a phase in which the side scored a hit;
``battle_cancel {amount}`` cancels that much of the opponent's damage once per battle. Without effects this is
exactly ``reference.fight``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.dark_ages.army import Battle, Variant
from sim.games.dark_ages.reference import allocate, battle_result, muster, roll
from sim.games.dark_ages.reference import fight as plain_fight

PHASES = ("volley", "charge", "melee")


@dataclass(frozen=True)
class Effects:
    dice: tuple[int, int, int] = (0, 0, 0)  # extra dice per phase
    hits: tuple[int, int, int] = (0, 0, 0)  # extra damage per phase with at least one hit
    cancel: int = 0  # opponent damage cancelled, once per battle


NONE = Effects()


def effects_from_cards(cards: list[dict]) -> Effects:
    dice, hits, cancel = [0, 0, 0], [0, 0, 0], 0
    for e in cards:
        if e["kind"] == "battle_die":
            dice[PHASES.index(e["phase"])] += e["amount"]
        elif e["kind"] == "battle_hit":
            hits[PHASES.index(e["phase"])] += e["amount"]
        elif e["kind"] == "battle_cancel":
            cancel += e["amount"]
    return Effects(tuple(dice), tuple(hits), cancel)


def _extra_dice(units, phase: int, n: int, faces: int, rng: random.Random) -> int:
    thresholds = [u.thresholds[phase] for u in units if u.alive and u.thresholds[phase] > 0]
    if not n or not thresholds:
        return 0
    best = min(thresholds)
    return sum(rng.randint(1, faces) >= best for _ in range(n))


def fight(battle: Battle, variant: Variant, faces: int, rng: random.Random, effects=(NONE, NONE)) -> dict:
    """One battle; ``battle.reinforce`` says who holds a Reinforce card (+``battle.reinforce_bonus`` on one die,
    once), and the result's ``reinforce_used`` whether it was played."""
    if effects == (NONE, NONE) and not any(battle.reinforce):
        return plain_fight(battle, variant, faces, rng)
    sides = [muster(army) for army in variant.armies]
    cancel = [effects[0].cancel, effects[1].cancel]
    cards = list(battle.reinforce)
    for phase in range(3):
        hits = [0, 0]
        for s, army in enumerate(variant.armies):
            budget = army.melee_bonus if phase == 2 else 0
            h, used = roll(sides[s], phase, budget, cards[s], faces, rng, battle.reinforce_bonus)
            cards[s] = cards[s] and not used
            h += _extra_dice(sides[s], phase, effects[s].dice[phase], faces, rng)
            hits[s] = h + (effects[s].hits[phase] if h else 0)
        for s in range(2):  # hits are distributed by the side that rolled them, after both sides rolled
            incoming = hits[1 - s]
            saved = min(cancel[s], incoming)
            cancel[s] -= saved
            if incoming - saved:
                allocate(sides[s], incoming - saved, phase, battle.policies[1 - s])
    br = [battle_result(sides[s], variant.armies[s].br_bonus) for s in range(2)]
    win = br[0] > br[1] or (battle.attacker_wins_ties and br[0] == br[1] and any(u.alive for u in sides[0]))
    return {
        "win": win,
        "br": br,
        "survivors": [[(u.kind, u.transient) for u in side if u.alive] for side in sides],
        "reinforce_used": tuple(held and not left for held, left in zip(battle.reinforce, cards, strict=True)),
    }
