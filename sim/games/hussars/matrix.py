"""The tactic game of one battle: the outcome of every legal pair of Tactic cards and its payoff matrix."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.games.hussars.full import NONE, Context, clash, legal_tactics
from sim.games.hussars.outcome import ATTACKER, DEFENDER, Outcome


def payoff(outcome: Outcome, objective: str) -> float:
    """What the attacker maximises and the defender minimises."""
    if objective == "win":  # P(attacker wins)
        return 1.0 if outcome.winner == ATTACKER else 0.0
    if objective == "win_minus_loss":
        return float(outcome.winner == ATTACKER) - float(outcome.winner == DEFENDER)
    return float(outcome.defender_lost - outcome.attacker_lost)  # "tokens": expected token difference


@dataclass(frozen=True)
class TacticGame:
    rows: tuple[str, ...]  # attacker tactics
    cols: tuple[str, ...]  # defender tactics
    outcomes: dict[tuple[str, str], Outcome]

    def matrix(self, objective: str, rows=None, cols=None) -> np.ndarray:
        rows, cols = rows or self.rows, cols or self.cols
        return np.array([[payoff(self.outcomes[a, d], objective) for d in cols] for a in rows])


_FAST: dict[int, tuple] = {}  # id(rules) → (rules, FastClash): one set of compiled tables per rules object


def _fast(rules):
    from sim.games.hussars.fast.clash import FastClash

    hit = _FAST.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _FAST[id(rules)] = (rules, FastClash(rules))
    return hit[1]


def build(ctx: Context, options=(None, None), strict: bool = False, with_none: bool = False,
          source: str = "scenario", engine: str = "fast") -> TacticGame:
    """Every legal pair. ``with_none`` adds the empty-hand pseudo-tactic for random hands.

    ``engine``: fast (the jitted kernel) or reference (``full.clash``, plain Python); they agree exactly.
    """
    rows = legal_tactics(ctx, 0, options[0], strict, source)
    cols = legal_tactics(ctx, 1, options[1], strict, source)
    if with_none:
        rows = tuple(dict.fromkeys(rows + (NONE,)))
        cols = tuple(dict.fromkeys(cols + (NONE,)))
    if engine == "fast":
        outcomes = _fast(ctx.rules).outcomes(ctx, rows, cols)
    else:
        outcomes = {(a, d): clash(ctx, a, d) for a in rows for d in cols}
    return TacticGame(rows, cols, outcomes)
