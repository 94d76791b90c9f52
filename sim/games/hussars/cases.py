"""A scenario → every way the battle can end, with its probability.

Chance enters through distributions over compositions, blind Loose Columns picks, randomly dealt Tactic
hands, and mixed equilibrium play. The list of (probability, Outcome) is the exact answer; the Monte Carlo
kernel samples from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sim.games.hussars import simplified
from sim.games.hussars.equilibrium import BayesEquilibrium, solve_bayesian
from sim.games.hussars.full import NONE, Context, defender_types, legal_tactics
from sim.games.hussars.hands import deals
from sim.games.hussars.matrix import TacticGame, build
from sim.games.hussars.outcome import Outcome
from sim.games.hussars.rules import HussarsRules
from sim.games.hussars.scenario import Scenario

MIN_PROB = 1e-12


@dataclass(frozen=True)
class SolvedBattle:
    """One pair of compositions under full rules with every card in hand: a game per defender type."""

    weight: float
    types: tuple[tuple[float, Context, TacticGame], ...]
    eq: BayesEquilibrium


@dataclass
class Cases:
    outcomes: list[Outcome] = field(default_factory=list)
    probs: list[float] = field(default_factory=list)
    games: list[SolvedBattle] = field(default_factory=list)  # full rules, hands "all"
    _index: dict = field(default_factory=dict)

    def add(self, prob: float, outcome: Outcome) -> None:
        if prob <= MIN_PROB:
            return
        if outcome in self._index:
            self.probs[self._index[outcome]] += prob
        else:
            self._index[outcome] = len(self.outcomes)
            self.outcomes.append(outcome)
            self.probs.append(prob)


def _fortress_card(rules: HussarsRules, ctx: Context) -> frozenset[str]:
    """A garrison always holds the Fortress card of its level (assumed; it is not dealt)."""
    if not ctx.cond.siege:
        return frozenset()
    return frozenset(n for n, c in rules.tactics.items() if c.fortress_level == ctx.cond.fortress)


def _add_play(cases: Cases, weight: float, games: list[tuple[float, TacticGame]], rows, cols_by_type, eq) -> None:
    for (p, game), cols, col in zip(games, cols_by_type, eq.cols, strict=True):
        for i, a in enumerate(rows):
            for j, d in enumerate(cols):
                cases.add(weight * p * eq.row[i] * col[j], game.outcomes[a, d])


def _random_hands(rules: HussarsRules, sc: Scenario, ctx: Context, weight: float, cases: Cases,
                  source: str) -> None:
    games = [(p, build(c, (None, None), with_none=True, source=source)) for p, c in defender_types(ctx)]
    hand_rules = rules.values["hands"]
    dealt = deals(hand_rules["deck"], int(hand_rules["size"]), rules.source)
    solved: dict[tuple, BayesEquilibrium] = {}
    garrison = _fortress_card(rules, ctx)
    for pa, hand_a in dealt:
        rows = tuple(t for t in games[0][1].rows if t in hand_a) or (NONE,)
        for pd, hand_d in dealt:
            cols_by_type = tuple(tuple(t for t in g.cols if t in hand_d | garrison) or (NONE,) for _, g in games)
            key = (rows, cols_by_type)
            if key not in solved:
                solved[key] = solve_bayesian([(p, g.matrix(sc.objective, rows, cols))
                                              for (p, g), cols in zip(games, cols_by_type, strict=True)])
            _add_play(cases, weight * pa * pd, games, rows, cols_by_type, solved[key])


def _all_cards(sc: Scenario, ctx: Context, weight: float, cases: Cases, source: str) -> None:
    types = defender_types(ctx)
    if len(types) == 1:  # the listed cards must all be legal
        legal_tactics(ctx, 1, sc.tactics[1], strict=True, source=source)
    legal_tactics(ctx, 0, sc.tactics[0], strict=True, source=source)
    games = [(p, build(c, sc.tactics, source=source)) for p, c in types]
    rows = games[0][1].rows
    cols_by_type = tuple(g.cols for _, g in games)
    eq = solve_bayesian([(p, g.matrix(sc.objective)) for p, g in games])
    cases.games.append(SolvedBattle(weight, tuple((p, c, g) for (p, c), (_, g) in zip(types, games, strict=True)), eq))
    _add_play(cases, weight, games, rows, cols_by_type, eq)


def enumerate_cases(rules: HussarsRules, sc: Scenario, source: str = "scenario") -> Cases:
    cases = Cases()
    for pa, attacker in sc.attacker:
        for pd, defender in sc.defender:
            if sc.mode == "simplified":
                for p, outcome in simplified.resolve(rules, attacker, defender, sc.conditions):
                    cases.add(pa * pd * p, outcome)
                continue
            ctx = Context(rules, (attacker, defender), sc.conditions)
            if sc.hands == "random":
                _random_hands(rules, sc, ctx, pa * pd, cases, source)
            else:
                _all_cards(sc, ctx, pa * pd, cases, source)
    return cases
