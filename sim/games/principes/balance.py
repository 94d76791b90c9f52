"""Principes' balance adapters (``sim.balance.games`` describes what an adapter provides): ``Principes`` seats one
plan (or a mixture) per faction of a multiplayer experiment; ``PrincipesSolo`` tunes the solo player's plan.

The game's experiment modules and compiled engine are imported inside the methods that play: they load numba.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from sim.balance.games import Plan, _resolved, _seat, _with_space, derived, solo_field
from sim.balance.mix import Field, first_plans
from sim.balance.space import Space
from sim.errors import ConfigError
from sim.games.principes.driver import WIN_TYPES
from strategies.principes import STRATEGY_DIR, resolve, strategy_class


class Principes:
    game = "principes"
    builtin = ("builder", "conqueror", "politician")
    round_unit = 1

    @property
    def win_types(self) -> tuple[str, ...]:
        return tuple(WIN_TYPES)

    def plan(self, spec, source: str, key: str = "plan") -> Plan:
        label, uses, params = _resolved(resolve, spec, source, key, self.game)
        return _with_space(spec, label, uses, {**strategy_class(uses).defaults, **params}, STRATEGY_DIR)

    # parameters read only when a module is on (strategies/principes/scripted.py): searching them otherwise is noise
    MODULE_PARAMS = {
        "tiles": ("tile_wishlist", "progress_rank", "take_tiles", "new_mechanisms"),
        "princesses": ("princess",),
        "court": ("court_text_before", "court_text_max"),
        "neighbors": ("neighbor_play", "neighbor_target", "neighbor_ratio", "neighbor_reserve", "neighbor_min_value",
                      "neighbor_block", "neighbor_draws", "neighbor_destroy"),
    }  # fmt: skip

    def relevant(self, space: Space, body: dict) -> Space:
        """``space`` without the parameters of the modules ``body`` leaves off."""
        on = {"tiles"} if body.get("progress") == "tiles" else set()
        on |= {m for m in ("princesses", "court", "neighbors") if body.get(m)}
        off = {p for m, names in self.MODULE_PARAMS.items() if m not in on for p in names}
        return Space(tuple(d for d in space.dims if d.name not in off))

    def derive(self, base: Plan, label: str, searched: dict) -> Plan:
        return derived(base, label, searched)

    def field(self, body: dict, source: str) -> tuple[Field, dict[str, Plan]]:
        from sim.games.principes.experiment import experiment_from_dict

        if body.get("mode", "multiplayer") != "multiplayer":
            raise ConfigError(source, "mode", "a multiplayer experiment (sim tune also plays mode: solo)",
                              body.get("mode"))  # fmt: skip
        seats = body.get("seats", ["builder", "conqueror", "politician", "random"])
        entries = list(seats.values()) if isinstance(seats, dict) else seats if isinstance(seats, list) else None
        if entries is None:
            raise ConfigError(source, "seats", "a list of plans (seat order) or a mapping {faction: plan}", seats)
        keys = list(seats) if isinstance(seats, dict) else list(range(len(entries)))
        experiment = experiment_from_dict(first_plans({**body, "seats": seats}, source), source)  # the other keys
        factions = experiment.factions
        order = [seats[f] for f in factions] if isinstance(seats, dict) else entries
        names = list(factions) if isinstance(seats, dict) else keys
        plans: dict[str, Plan] = {}
        field_seats = []
        for name, entry in zip(names, order, strict=True):
            field_seats.append(_seat(self, entry, source, f"seats.{name}", plans))
        return Field(tuple(factions), tuple(field_seats), bool(experiment.rotate)), plans

    def profile_body(self, body: dict, seats: dict) -> dict:
        return {**body, "seats": dict(seats), "rotate": False}

    def runner(self, game_payload, labels: tuple[str, ...], specs: dict, factions: tuple[str, ...] = ()):
        """A direct call into the compiled engine for games whose factions play plan ids (rows of ``Field.table``),
        or None when the experiment plays on the reference engine: the engine's strategy table holds every plan of
        the field once, so a run of games costs one kernel call and no experiment is rebuilt per profile."""
        if getattr(game_payload, "engine", None) != "fast" or len(game_payload.factions) != 4:
            return None

        from sim.games.principes.fast import chunk
        from sim.games.principes.fast.state import Unsupported

        rows = [resolve(specs[label])[1:] for label in labels]
        view = SimpleNamespace(specs=rows, rules=game_payload.rules, history=game_payload.history,
                               variants=game_payload.variants)  # fmt: skip
        try:
            s0, c, p, f = chunk.compiled(view)
        except Unsupported:
            return None

        def run(key, start: int, count: int, ids: np.ndarray):
            out = np.zeros((count, len(chunk.COLUMNS)), np.int64)
            chunk.play_games(s0, c, p, f, ids, False, key, start, count, False, out)
            return {"winner": out[:, 0], "win_type": out[:, 1], "rounds": out[:, 2]}

        return run

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, F) int8: 1 won, 0 lost, -1 not seated; end type index (n,); length in ``round_unit`` (n,))."""
        index = [payload.factions.index(f) for f in factions]
        winner = np.asarray(rows["winner"], np.int64)
        won = (winner[:, None] == np.array(index)[None, :]).astype(np.int8)
        return won, np.asarray(rows["win_type"], np.int64), np.asarray(rows["rounds"], np.int64)


class PrincipesSolo(Principes):
    """Principes solo (``mode: solo``, ``sim.games.principes.solo_experiment``) for ``sim tune``: one faction,
    ``player``, who plays the experiment's one ``strategies`` entry against the Combined Action Solo System. A game
    ends won, lost with the player eliminated, or lost after the last Round; the graded ``score`` (tracks plus 3 per
    foreign Capital held, 54 at a win) is an objective of its own, for when wins are too rare to steer a search."""

    builtin = ("solo",)
    scored = True
    runner = None  # the solo engine plays one plan per run of games (sim.balance.evaluate.field_chunk)

    @property
    def win_types(self) -> tuple[str, ...]:
        from sim.games.principes.solo_experiment import OUTCOMES

        return OUTCOMES

    def field(self, body: dict, source: str) -> tuple[Field, dict[str, Plan]]:
        from sim.games.principes.solo_experiment import experiment_from_dict

        return solo_field(self, body, source, {"strategies": ["solo"]}, experiment_from_dict)

    def profile_body(self, body: dict, seats: dict) -> dict:
        return {**body, "strategies": [seats["player"]]}

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, 1), outcome index (n,), Rounds played (n,), score (n, 1))."""
        end = np.array([self.win_types.index(o) for o in rows["outcome"]], np.int64)
        won = np.asarray(rows["won"], np.int8)[:, None]
        return won, end, np.asarray(rows["rounds"], np.int64), np.asarray(rows["score"], np.int64)[:, None]
