"""The ``sim tactics`` report: the payoff matrix of one battle and its zero-sum equilibrium, as JSON-able data.

A defender in Loose Columns has several types (which half of its tokens the attacker picked blindly); then
``types`` lists each type's matrix and conditional strategy, ``matrix`` is the most likely type's, and the
defender's equilibrium strategy is the mixture over types.
"""

from __future__ import annotations

from sim.errors import ConfigError
from sim.games.hussars.army import describe
from sim.games.hussars.battle import _equilibrium
from sim.games.hussars.cases import Cases, _all_cards
from sim.games.hussars.full import Context
from sim.games.hussars.matrix import TacticGame, payoff
from sim.games.hussars.outcome import ATTACKER, DEFENDER
from sim.games.hussars.rules import HussarsRules
from sim.games.hussars.scenario import Scenario

WINNER = {ATTACKER: "attacker", DEFENDER: "defender"}


def _matrix(game: TacticGame, objective: str) -> dict:
    matrix = {}
    for a in game.rows:
        matrix[a] = {}
        for d in game.cols:
            o = game.outcomes[a, d]
            matrix[a][d] = {
                "winner": WINNER.get(o.winner, "none"),
                "label": o.label,
                "damage": {"attacker": o.dealt[0], "defender": o.dealt[1]},
                "destroyed": {"attacker": o.attacker_lost, "defender": o.defender_lost},
                "payoff": payoff(o, objective),
                "captured_artillery": {"attacker": o.captured[0], "defender": o.captured[1]},
                "promoted": {"attacker": o.promoted[0], "defender": o.promoted[1]},
                "tabor_siege": o.tabor_siege,
            }
    return matrix


def tactic_report(rules: HussarsRules, sc: Scenario) -> dict:
    if len(sc.attacker) != 1 or len(sc.defender) != 1:
        raise ConfigError(sc.source, "attacker/defender", "fixed armies (no ranges) for a tactic matrix",
                          f"{len(sc.attacker)} × {len(sc.defender)} compositions")
    cases = Cases()
    _all_cards(sc, Context(rules, (sc.attacker[0][1], sc.defender[0][1]), sc.conditions), 1.0, cases, sc.source)
    solved = cases.games[0]
    eq = _equilibrium(cases)
    order = sorted(range(len(solved.types)), key=lambda i: -solved.types[i][0])
    report = {
        "objective": sc.objective,
        "matrix": _matrix(solved.types[order[0]][2], sc.objective),
        "equilibrium": {"attacker": eq["attacker"], "defender": eq["defender"]},
        "value": eq["value"],
    }
    if len(solved.types) > 1:
        report["types"] = [
            {"probability": solved.types[i][0],
             "defender_fighting": describe(solved.types[i][1].picks[1][0]),
             "matrix": _matrix(solved.types[i][2], sc.objective),
             "defender": {t: float(q) for t, q in zip(solved.types[i][2].cols, solved.eq.cols[i], strict=True)}}
            for i in order]
    return report
