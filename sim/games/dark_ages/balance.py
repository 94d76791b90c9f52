"""Dark Ages' balance adapters (``sim.balance.games`` describes what an adapter provides).

``DarkAges``: an experiment seats one plan (or a mixture) per Ruler, ``seats: {ruler: plan}``
(``sim.games.dark_ages.multiplayer``; plans resolved by ``strategies.dark_ages.resolve``); each game seats on each
chair the plan of the Ruler it draws, and Rulers and player counts rotate as in any Dark Ages experiment. The
factions are the Rulers; a Ruler not at a game's table has won -1 there. ``groups`` gives, for each player count
``n`` and window ``w``, the Rulers ``rulers[(w + j) % k]``, ``j < n``, with the exact share of games they sit
together (over one period of the rotation); ``group_body`` is the experiment of one group (its Rulers, its seats,
``players: n``), in which the group's Rulers rotate over the chairs. The runner plays every game on the compiled
engine with its plans drawn game by game (``fast.experiment.play_chunk``'s ``table``).

``DarkAgesSolo`` tunes the solo player's plan (Module 1). This module loads the compiled engine (numba): the
Game object names it by path, so it is imported only when a balance command plays Dark Ages.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math

import numpy as np

from sim.balance.games import Plan, _resolved, _seat, _with_space, derived, solo_field
from sim.balance.mix import Field, first_plans
from sim.balance.space import Space
from sim.errors import ConfigError
from sim.games.dark_ages.experiment import experiment_from_dict
from sim.games.dark_ages.fast import experiment as fast
from sim.games.dark_ages.fast.layout import Unsupported
from sim.games.dark_ages.game.ending import TRIGGERS
from sim.games.dark_ages.game.solo_experiment import experiment_from_dict as solo_from_dict
from sim.games.dark_ages.game.solo_loop import SOLO_TRIGGERS
from sim.games.dark_ages.multiplayer import MAX_SEATS, TWELFTHS, Payload
from sim.schemas.plans import DARK_AGES_PARAM_DEFAULTS
from strategies.dark_ages import resolve
from strategies.dark_ages.scripted import PLAN_DIR, SCRIPTED, load_plan


class DarkAges:
    game = "dark_ages"
    builtin = ("expansion", "culture", "military")
    round_unit = 12  # rows' rounds are twelfths of a round (multiplayer.round_twelfths)
    whole_table = True
    MODULE_PARAMS = {"commanders": ("commander",), "wyrd": ("wyrd",)}  # read only when the module is on

    @property
    def win_types(self) -> tuple[str, ...]:
        return tuple(TRIGGERS)

    def plan(self, spec, source: str, key: str = "plan") -> Plan:
        label, uses, params = _resolved(resolve, spec, source, key, self.game)
        full = {**DARK_AGES_PARAM_DEFAULTS, **load_plan(uses, params)["params"]} if uses in SCRIPTED else {}
        return _with_space(spec, label, uses, full, PLAN_DIR)

    def relevant(self, space: Space, body: dict) -> Space:
        """``space`` without the parameters of the modules ``body`` leaves off."""
        on = {m for m, v in (body.get("modules") or {}).items() if v}
        off = {p for m, names in self.MODULE_PARAMS.items() if m not in on for p in names}
        return Space(tuple(d for d in space.dims if d.name not in off))

    def derive(self, base: Plan, label: str, searched: dict) -> Plan:
        return derived(base, label, searched)

    def _experiment(self, body: dict, source: str):

        if body.get("mode", "multiplayer") != "multiplayer":
            raise ConfigError(source, "mode", "a multiplayer experiment (sim tune also plays mode: solo)",
                              body.get("mode"))  # fmt: skip
        if "seats" not in body:
            raise ConfigError(source, "seats", "seats: {ruler: plan} (tune and balance seat a plan, or a mixture, per "
                              "Ruler; strategies: rotates plans between Rulers)", body.get("strategies"))  # fmt: skip
        return experiment_from_dict(first_plans(body, source), source)

    def field(self, body: dict, source: str) -> tuple[Field, dict[str, Plan]]:
        e = self._experiment(body, source)
        plans: dict[str, Plan] = {}
        seats = []
        for ruler in e.rulers:
            seats.append(_seat(self, body["seats"][ruler], source, f"seats.{ruler}", plans))
        return Field(e.rulers, tuple(seats)), plans  # the plan follows the Ruler: the engine rotates the chairs

    def profile_body(self, body: dict, seats: dict) -> dict:
        return {**body, "seats": dict(seats)}

    def groups(self, body: dict) -> tuple[tuple[tuple[str, ...], float], ...]:
        """The Rulers that sit together and their share of games: game ``i`` seats ``players[i % P]`` Rulers from
        window ``i % k`` (``tables: rotation``), so over ``lcm(P, k)`` games each (count, window) pair comes up its
        own number of times; under ``tables: every`` each set of n Rulers gets 1/C(k, n) of the n-player games."""
        e = self._experiment(body, "balance")
        k, p = len(e.rulers), len(e.players)
        shares: dict[tuple[str, ...], float] = {}
        if e.tables == "every":
            for n in e.players:
                for group in itertools.combinations(e.rulers, n):
                    shares[group] = shares.get(group, 0.0) + 1 / p / math.comb(k, n)
            return tuple(shares.items())
        period = math.lcm(k, p)
        for i in range(period):
            group = tuple(e.rulers[(i + j) % k] for j in range(e.players[i % p]))
            shares[group] = shares.get(group, 0.0) + 1 / period
        return tuple(shares.items())

    def group_body(self, body: dict, group: tuple[str, ...]) -> dict:
        seats = body.get("seats") or {}
        return {**body, "rulers": list(group), "players": len(group), "seats": {r: seats[r] for r in group}}

    def runner(self, game_payload, labels: tuple[str, ...], specs: dict, factions: tuple[str, ...] = ()):
        """A direct call into the compiled engine for games whose Rulers play plan ids game by game (rows of
        ``Field.table``), or None when the experiment plays on the reference engine."""

        e = game_payload.experiment
        if getattr(e, "engine", None) != "fast" or not set(e.rulers) <= set(factions):
            return None
        plans = []
        for label in labels:
            _, uses, params = resolve(specs[label])
            plans.append((uses, json.dumps(params, sort_keys=True)))
        template = dataclasses.replace(e, strategies=tuple(labels), specs=tuple(plans),
                                       seats=dict.fromkeys(e.rulers, labels[0]))  # fmt: skip
        try:
            fast.strategy_table(template)
        except Unsupported:
            return None
        payload = Payload(template, e.rulers)
        columns = [list(factions).index(r) for r in e.rulers]

        def run(key, start: int, count: int, ids: np.ndarray):
            ids = np.asarray(ids, np.int64)
            table = ids[:, columns] if ids.ndim == 2 else np.broadcast_to(ids[columns], (count, len(columns)))
            return fast.play_chunk(payload, key, start, count, True, table=table)[1]

        return run

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, F) int8: 1 won, 0 lost, -1 not at the table; end trigger index (n,); length in twelfths (n,))."""

        index = {t: i for i, t in enumerate(self.win_types)}
        end = np.array([index[t] for t in rows["trigger"]], np.int64)
        won = np.full((len(end), len(factions)), -1, np.int8)
        for s in range(MAX_SEATS):
            ruler, w = np.asarray(rows[f"seat{s}_ruler"]), np.asarray(rows[f"seat{s}_won"], np.int8)
            for j, f in enumerate(factions):
                here = ruler == f
                won[here, j] = w[here]
        return won, end, np.rint(np.asarray(rows["rounds"], float) * TWELFTHS).astype(np.int64)


class DarkAgesSolo(DarkAges):
    """Dark Ages solo (Module 1, ``mode: solo``, ``sim.games.dark_ages.game.solo_experiment``) for ``sim tune``: one
    faction, ``player``, who plays the experiment's one ``strategies`` entry against the Lordlings, over its Rulers
    and difficulty options. A game is won or lost ("If you have more VP than the Lordlings, you win the game. If you
    have equal or fewer VP, you lose"); its end trigger is its type. The plan reaches the engine as the strategy it
    runs and its parameters (``strategies: [uses]``, ``strategy_params: {uses: params}``)."""

    round_unit = 2  # rows' rounds are Passes / 2
    whole_table = False
    runner = None  # the solo engine plays one plan per run of games (sim.balance.evaluate.field_chunk)

    @property
    def win_types(self) -> tuple[str, ...]:
        return SOLO_TRIGGERS

    def field(self, body: dict, source: str) -> tuple[Field, dict[str, Plan]]:

        return solo_field(self, body, source, {"strategies": ["culture"], "strategy_params": {}}, solo_from_dict)

    def profile_body(self, body: dict, seats: dict) -> dict:
        _, uses, params = resolve(seats["player"])
        return {**body, "strategies": [uses], "strategy_params": {uses: params} if params else {}}

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, 1), end trigger index (n,), length in half Rounds (n,))."""
        end = np.array([self.win_types.index(t) for t in rows["trigger"]], np.int64)
        won = np.asarray(rows["won"], np.int8)[:, None]
        return won, end, np.rint(np.asarray(rows["rounds"], float) * self.round_unit).astype(np.int64)
