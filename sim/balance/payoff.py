"""The payoff table of the meta-game: each faction's win rate under each profile (one plan per faction).

Every cell plays the same games (one seed for the whole table: common random numbers), so two cells differ only by
the plans seated. A cell is keyed by its plans (label and parameters), not by their position in the populations,
so it is played once however the populations change, and a resumed run reads it back from its checkpoint.

A game may seat only some factions in each game (Dark Ages draws its Rulers). ``Table`` then holds one sub-table
per seated group (``groups``: factions and the share of games they get); a faction's payoff under a profile is the
share-weighted mean of its payoffs over the groups it sits in, which is what the drawn games average to. Principes
has one group, all four factions. The precision asked for is that of a faction's payoff, so a group's cells play
fewer games the more groups its factions sit in (``group_games``).

Table growth: with k plans per faction there are k^F profiles. ``prune`` removes from a population the plans that
are dominated by another plan by more than the table's noise in every profile of the others; ``cap`` keeps at most
``max_plans`` per faction by dropping the plan with the least equilibrium weight.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim.balance.games import Plan
from sim.balance.store import digest

Z95 = 1.96


def cell_games(precision: float) -> int:
    """Games per cell so that a win rate's 95% half-width is at most ``precision`` (at the worst case p = 1/2)."""
    return math.ceil((Z95 / precision) ** 2 * 0.25)


def group_games(groups, precision: float) -> dict[tuple[str, ...], int]:
    """Games per cell of each group, so that every faction's payoff (its share-weighted mean over the groups it sits
    in) has a 95% half-width of at most ``precision``.

    Faction f's payoff averages its groups' cells with weights s_g / W_f (W_f: f's total share). A group whose cells
    play n * max_f s_g / W_f games gives f a variance of at most sum_g (s_g / W_f)^2 * 1/4 / (n s_g / W_f) = 1/4 / n:
    the precision of one n-game cell. One group of every faction (Principes) plays n games a cell; a Ruler who sits
    in 15 equally likely groups (Dark Ages, 3 of 7 at every table) needs n / 15 a cell.
    """
    n = cell_games(precision)
    weight: dict[str, float] = {}
    for group, share in groups:
        for f in group:
            weight[f] = weight.get(f, 0.0) + share
    return {group: math.ceil(n * max(share / weight[f] for f in group) - 1e-9) for group, share in groups}


def plan_key(plan: Plan) -> str:
    return f"{plan.label}:{digest([plan.uses, plan.params])}"


@dataclass
class Table:
    factions: tuple[str, ...]
    groups: tuple[tuple[tuple[str, ...], float], ...]  # (seated factions, share of games)
    evaluate: Callable  # (group factions, {faction: Plan}) -> (wins per seated faction, games per seated faction)
    cells: dict  # cell key -> {"group": seated factions, "wins": [...], "games": [...]}; filled as cells are played
    played: int = 0  # cells played by this process (not read back)

    def cell(self, group: tuple[str, ...], plans: dict) -> dict:
        key = "|".join(f"{f}={plan_key(plans[f])}" for f in group)
        if key not in self.cells:
            wins, games = self.evaluate(group, plans)
            self.cells[key] = {"group": group, "wins": [int(w) for w in wins], "games": [int(g) for g in games]}
            self.played += 1
        return self.cells[key]

    def tensors(self, populations: dict[str, list[Plan]]) -> list[np.ndarray]:
        """Faction f's payoff under every profile, shape (k_1, …, k_F), over the groups it sits in."""
        shape = tuple(len(populations[f]) for f in self.factions)
        total = [np.zeros(shape) for _ in self.factions]
        weight = np.zeros(len(self.factions))
        for group, share in self.groups:
            axes = [self.factions.index(f) for f in group]
            for j in axes:
                weight[j] += share
            for combo in itertools.product(*(range(shape[a]) for a in axes)):
                plans = {f: populations[f][i] for f, i in zip(group, combo, strict=True)}
                c = self.cell(group, plans)
                index = [slice(None)] * len(shape)
                for a, i in zip(axes, combo, strict=True):
                    index[a] = i
                for k, a in enumerate(axes):
                    rate = c["wins"][k] / c["games"][k] if c["games"][k] else 0.0
                    total[a][tuple(index)] += share * rate
        return [t / w for t, w in zip(total, weight, strict=True)]

    def halfwidth(self) -> float:
        """The largest 95% half-width of a faction's payoff under a profile (the table's noise): over the groups it
        sits in, share-weighted, the worst variance of any cell played in each group."""
        variance: dict[tuple[str, ...], float] = {}
        for c in self.cells.values():
            for w, g in zip(c["wins"], c["games"], strict=True):
                if g:
                    p = w / g
                    variance[c["group"]] = max(variance.get(c["group"], 0.0), max(p * (1 - p), 1 / g) / g)
        worst = 0.0
        for f in self.factions:
            mine = [(share, variance.get(group, 0.0)) for group, share in self.groups if f in group]
            total = sum(share for share, _ in mine)
            worst = max(worst, Z95 * math.sqrt(sum((share / total) ** 2 * v for share, v in mine)))
        return worst


def dominated(tensors: list[np.ndarray], margin: float) -> dict[int, list[int]]:
    """Per faction: plans worse than some other plan of the same faction by more than ``margin`` in every profile
    of the others (strict dominance beyond the noise)."""
    out = {}
    for f, t in enumerate(tensors):
        moved = np.moveaxis(t, f, 0).reshape(t.shape[f], -1)
        out[f] = [a for a in range(len(moved)) if any((moved[b] - moved[a] > margin).all() for b in range(len(moved))
                                                        if b != a)]  # fmt: skip
    return out


def cap(population: list[Plan], weights: np.ndarray, max_plans: int, keep: set[str]) -> tuple[list[Plan], list[str]]:
    """At most ``max_plans`` plans: drop the least-played ones (never a label in ``keep``)."""
    dropped = []
    pop, w = list(population), list(weights)
    while len(pop) > max_plans:
        order = sorted((x, i) for i, x in enumerate(w) if pop[i].label not in keep)
        if not order:
            break
        i = order[0][1]
        dropped.append(pop.pop(i).label)
        w.pop(i)
    return pop, dropped
