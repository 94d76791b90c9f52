"""Winged Hussars in sim's balance tools (``sim tune``, ``sim balance``): the families are the factions.

A balance experiment seats one plan, or a mixture of plans, per family: ``seats: {family: plan}`` (the Hussars
experiment key ``seats``: each family keeps its plan, and with ``rotate: true``, the default, the families turn over
the four seats game by game, ``sim.games.hussars.experiment.seating``). The plans are the Hussars plans
(``strategies.hussars.resolve``) with the search spaces of their files in configs/hussars/strategies. A game is won
on Victory Points (``most_vp``) or, when the top totals tie, by the tie-breakers (``tie_break``); its length
is its rounds. The runner plays every game on the compiled engine with each family's plan drawn game by game (one
kernel call a chunk, ``fast.chunk.fast_rows``'s ``table``).
"""

from __future__ import annotations

import dataclasses
import json

import numpy as np

from sim.balance.games import _resolved, _seat, _with_space, derived
from sim.balance.mix import Field, first_plans
from sim.errors import ConfigError

NOT_IN_BALANCE = ("compare", "sweep", "plans")  # one variant, and plans that follow the families


class Hussars:
    game = "hussars"
    builtin = ("economic", "military", "political", "raider")
    win_types = ("most_vp", "tie_break")  # as tally.summarize names them
    round_unit = 1
    whole_table = True

    def plan(self, spec, source: str, key: str = "plan"):
        from strategies.hussars import PLAN_DIR, make, resolve

        label, uses, params = _resolved(resolve, spec, source, key, self.game)
        full = dict(getattr(make(uses, params), "p", {}))  # a scripted plan's every parameter; random has none
        return _with_space(spec, label, uses, full, PLAN_DIR)

    def relevant(self, space, body: dict):
        return space  # every parameter of a Hussars plan is read in every game

    def derive(self, base, label: str, searched: dict):

        return derived(base, label, searched)

    def _experiment(self, body: dict, source: str):
        from sim.games.hussars.experiment import experiment_from_dict

        for key in NOT_IN_BALANCE:
            if key in body:
                raise ConfigError(source, key, "seats: {family: plan} and one rules setup (tune and balance seat a "
                                  "plan, or a mixture, per family)", key)  # fmt: skip
        if "seats" not in body:
            raise ConfigError(source, "seats", "seats: {family: plan} (a plan, or a mixture, per family)", None)
        if not isinstance(body["seats"], dict):
            raise ConfigError(source, "seats", "a mapping {family: plan}", body["seats"])
        return experiment_from_dict(first_plans(body, source), source)

    def field(self, body: dict, source: str) -> tuple[Field, dict]:

        e = self._experiment(body, source)
        plans: dict = {}
        seats = [_seat(self, body["seats"][f], source, f"seats.{f}", plans) for f in e.factions]
        return Field(e.factions, tuple(seats)), plans  # the plan follows the family: the engine turns the seats

    def profile_body(self, body: dict, seats: dict) -> dict:
        return {**body, "seats": dict(seats)}

    def runner(self, game_payload, labels: tuple[str, ...], specs: dict, factions: tuple[str, ...] = ()):
        """A direct call into the compiled engine for games whose families play plan ids game by game (rows of
        ``Field.table``), or None when the experiment plays on the reference engine."""
        from sim.games.hussars.fast import params  # deferred: numba
        from sim.games.hussars.fast.chunk import fast_rows
        from strategies.hussars import resolve

        if getattr(game_payload, "engine", None) != "fast" or not set(game_payload.factions) <= set(factions):
            return None
        plans = [resolve(specs[label])[1:] for label in labels]
        if any(params.unsupported(uses, p) for uses, p in plans):
            return None
        template = dataclasses.replace(game_payload, labels=tuple(labels),
                                       specs=tuple((u, json.dumps(p, sort_keys=True)) for u, p in plans))  # fmt: skip
        columns = [list(factions).index(f) for f in game_payload.factions]

        def run(key, start: int, count: int, ids: np.ndarray):
            ids = np.asarray(ids, np.int64)
            table = ids[:, columns] if ids.ndim == 2 else np.broadcast_to(ids[columns], (count, len(columns)))
            return outcome_rows(fast_rows(template, key, start, count, table)[:, 0])

        return run

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, F) int8: 1 won, 0 lost; end type (n,): 0 on points, 1 by the tie-breakers; rounds (n,))."""
        index = np.array([payload.factions.index(f) for f in factions])
        winner = np.asarray(rows["winner"], np.int64)
        won = (winner[:, None] == index[None, :]).astype(np.int8)
        return won, np.asarray(rows["tie"], np.int64), np.asarray(rows["rounds"], np.int64)


def outcome_rows(rows: np.ndarray) -> dict[str, np.ndarray]:
    """What ``outcomes`` reads of the engine's rows (games × ``tally.COLUMNS``): the winner as the family's place in
    the experiment, whether the top VP tied, and the rounds played (``tally.columns`` without the rest)."""
    from sim.games.hussars.game.state import NS
    from sim.games.hussars.tally import COL

    fam = np.stack([rows[:, COL[f"s{s}_family"]] for s in range(NS)], axis=1)
    winner = fam[np.arange(len(rows)), rows[:, COL["winner"]]]
    return {"winner": winner, "tie": rows[:, COL["tie"]], "rounds": rows[:, COL["rounds"]]}
