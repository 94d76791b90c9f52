"""What the balance layer needs from a game, in one adapter per game: its plans, its field, one profile's experiment.

An adapter provides:

- ``plan(spec, source, key)``: a ``Plan`` (label, the spec an experiment seat names, the base strategy, every
  parameter, the search space declared by its file or inherited through ``uses:``);
- ``derive(base, label, searched)``: the plan ``base`` with some parameters changed (a tuning candidate);
- ``field(body, source)``: the experiment's seating as a ``mix.Field`` and the plans it names;
- ``profile_body(body, seats)``: the experiment keys that seat ``seats`` ({faction: plan spec}) in every game, with
  no rotation; ``outcomes(rows, payload, factions)``: per-game win (F columns), end type and length from the game's
  ``play_chunk`` rows;
- ``builtin``: the plans a faction's population starts from; ``win_types``; ``round_unit`` (rows' rounds × unit
  are whole numbers, so chunk counts add up exactly).

Optional: ``runner(game_payload, labels, specs, factions)`` (a direct engine call for runs of games with given plan
ids, see ``evaluate.field_chunk``; with ``whole_table = True`` it takes each game's plan ids, (count, F) rows of
``Field.table``, so a field whose seats mix plans plays a chunk in one kernel call instead of one call per run of
equal plans), ``relevant(space, body)`` (drop parameters the experiment never reads), ``groups(body)`` and
``group_body(body, group)`` (games that seat only some factions: one payoff sub-table per seated group);
``scored = True`` (``outcomes`` also returns each game's score, (n, F) whole numbers: ``--objective score``).

Dark Ages (``DarkAges``): an experiment seats one plan (or a mixture) per Ruler, ``seats: {ruler: plan}``
(``sim.games.dark_ages.multiplayer``; plans resolved by ``strategies.dark_ages.resolve``); each game seats on each
chair the plan of the Ruler it draws, and Rulers and player counts rotate as in any Dark Ages experiment. The
factions are the Rulers; a Ruler not at a game's table has won -1 there. ``groups`` gives, for each player count
``n`` and window ``w``, the Rulers ``rulers[(w + j) % k]``, ``j < n``, with the exact share of games they sit
together (over one period of the rotation); ``group_body`` is the experiment of one group (its Rulers, its seats,
``players: n``), in which the group's Rulers rotate over the chairs. The runner plays every game on the compiled
engine with its plans drawn game by game (``fast.experiment.play_chunk``'s ``table``).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.balance.mix import Field, Seat, first_plans, is_mix, parse_mix
from sim.balance.space import Space, parse_search
from sim.config import read_yaml
from sim.errors import ConfigError
from sim.studies import plan_file

PLAN_HELP = "a plan: a name under configs/{game}/strategies, a plan file (.yaml), or {{name, uses, params}}"


@dataclass(frozen=True)
class Plan:
    label: str
    spec: object  # what a seat names: a name, a file path, or an inline mapping {name, uses, params}
    uses: str  # the strategy class it runs
    params: dict  # every parameter (class defaults, then the file's, then the spec's)
    space: Space | None  # its search space, or None when it declares none
    source: str  # where the space came from (for messages)


class Principes:
    game = "principes"
    builtin = ("builder", "conqueror", "politician")
    round_unit = 1

    @property
    def win_types(self) -> tuple[str, ...]:
        from sim.games.principes.driver import WIN_TYPES

        return tuple(WIN_TYPES)

    def plan(self, spec, source: str, key: str = "plan") -> Plan:
        from strategies.principes import resolve, strategy_class

        label, uses, params = _resolved(resolve, spec, source, key, self.game)
        return _with_space(spec, label, uses, {**strategy_class(uses).defaults, **params}, _strategy_dir())

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
        from types import SimpleNamespace

        from sim.games.principes.fast import chunk
        from sim.games.principes.fast.state import Unsupported
        from strategies.principes import resolve

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


class DarkAges:
    game = "dark_ages"
    builtin = ("expansion", "culture", "military")
    round_unit = 12  # rows' rounds are twelfths of a round (multiplayer.round_twelfths)
    whole_table = True
    MODULE_PARAMS = {"commanders": ("commander",), "wyrd": ("wyrd",)}  # read only when the module is on

    @property
    def win_types(self) -> tuple[str, ...]:
        from sim.games.dark_ages.game.ending import TRIGGERS

        return tuple(TRIGGERS)

    def plan(self, spec, source: str, key: str = "plan") -> Plan:
        from sim.schemas.plans import DARK_AGES_PARAM_DEFAULTS
        from strategies.dark_ages import resolve
        from strategies.dark_ages.scripted import PLAN_DIR, SCRIPTED, load_plan

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
        from sim.games.dark_ages.experiment import experiment_from_dict

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
        import dataclasses
        import json

        from sim.games.dark_ages.fast import experiment as fast
        from sim.games.dark_ages.fast.layout import Unsupported
        from sim.games.dark_ages.multiplayer import Payload
        from strategies.dark_ages import resolve

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
        from sim.games.dark_ages.multiplayer import MAX_SEATS, TWELFTHS

        index = {t: i for i, t in enumerate(self.win_types)}
        end = np.array([index[t] for t in rows["trigger"]], np.int64)
        won = np.full((len(end), len(factions)), -1, np.int8)
        for s in range(MAX_SEATS):
            ruler, w = np.asarray(rows[f"seat{s}_ruler"]), np.asarray(rows[f"seat{s}_won"], np.int8)
            for j, f in enumerate(factions):
                here = ruler == f
                won[here, j] = w[here]
        return won, end, np.rint(np.asarray(rows["rounds"], float) * TWELFTHS).astype(np.int64)


def _resolved(resolve, spec, source: str, key: str, game: str) -> tuple[str, str, dict]:
    """The game's ``resolve(spec)`` (label, strategy, parameters), its errors as one ConfigError line."""
    try:
        return resolve(spec)
    except (ValueError, ImportError, AttributeError, TypeError, ConfigError) as err:
        raise ConfigError(source, key, PLAN_HELP.format(game=game), str(err)) from None


def _with_space(spec, label: str, uses: str, full: dict, directory: Path) -> Plan:
    """The plan with the search space its file declares (or its ``uses:`` plan's)."""
    search, where = _search(spec, directory)
    space = parse_search(search, full, where) if search is not None else None
    return Plan(label, spec, uses, full, space, where)


def _seat(a, entry, source: str, key: str, plans: dict[str, Plan]) -> Seat:
    """One seat of a field (a plan, or a mixture of plans), each plan added to ``plans`` (one definition per label)."""
    pairs = parse_mix(entry, source, key) if is_mix(entry) else ((entry, 1.0),)
    labels = []
    for spec, _ in pairs:
        plan = a.plan(spec, source, key)
        if plan.label in plans and plans[plan.label].params != plan.params:
            raise ConfigError(source, "seats", "one definition per plan name", plan.label)
        plans[plan.label] = plan
        labels.append(plan.label)
    return Seat(tuple(labels), tuple(w for _, w in pairs))


def derived(base: Plan, label: str, searched: dict) -> Plan:
    """``base`` with the ``searched`` parameters: an inline spec that any experiment of its game can seat."""
    if isinstance(base.spec, str):
        spec = {"name": label, "uses": base.spec, "params": dict(searched)}
    else:
        inner = dict(base.spec.get("params") or {})
        spec = {"name": label, "uses": base.spec.get("uses", base.spec.get("name")), "params": {**inner, **searched}}
    return Plan(label, spec, base.uses, {**base.params, **searched}, base.space, base.source)


def _strategy_dir() -> Path:
    from strategies.principes import STRATEGY_DIR

    return STRATEGY_DIR


def _search(spec, directory: Path, depth: int = 0) -> tuple[object, str]:
    """The ``search:`` block of the plan file ``spec`` names, or of the plan its ``uses:`` names (and so on)."""
    if depth > 8:
        return None, str(spec)
    if isinstance(spec, dict):
        return _search(spec.get("uses", spec.get("name")), directory, depth + 1)
    if not isinstance(spec, str):
        return None, str(spec)
    try:
        path = plan_file(directory.parent.name, spec, directory)  # directory: configs/<game>/strategies
    except ValueError:
        return None, spec
    if not path.exists():
        return None, spec
    raw = read_yaml(path) or {}
    if "search" in raw:
        return raw["search"], str(path)
    uses = raw.get("uses")
    if isinstance(uses, str) and uses != spec:
        return _search(uses, directory, depth + 1)
    return None, str(path)


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
        from sim.games.dark_ages.game.solo_loop import SOLO_TRIGGERS

        return SOLO_TRIGGERS

    def field(self, body: dict, source: str) -> tuple[Field, dict[str, Plan]]:
        from sim.games.dark_ages.game.solo_experiment import experiment_from_dict

        return solo_field(self, body, source, {"strategies": ["culture"], "strategy_params": {}}, experiment_from_dict)

    def profile_body(self, body: dict, seats: dict) -> dict:
        from strategies.dark_ages import resolve

        _, uses, params = resolve(seats["player"])
        return {**body, "strategies": [uses], "strategy_params": {uses: params} if params else {}}

    def outcomes(self, rows: dict, payload, factions: tuple[str, ...]):
        """(won (n, 1), end trigger index (n,), length in half Rounds (n,))."""
        end = np.array([self.win_types.index(t) for t in rows["trigger"]], np.int64)
        won = np.asarray(rows["won"], np.int8)[:, None]
        return won, end, np.rint(np.asarray(rows["rounds"], float) * self.round_unit).astype(np.int64)


def solo_field(a, body: dict, source: str, plain: dict, check) -> tuple[Field, dict[str, Plan]]:
    """A solo experiment's field: its one ``strategies`` entry (a plan or a mixture) for the one faction, ``player``;
    the other keys are checked by the game's ``check`` with the plan keys replaced by ``plain``."""
    entries = body.get("strategies", plain["strategies"])
    if not isinstance(entries, list) or len(entries) != 1:
        raise ConfigError(source, "strategies", "one plan (or one mixture) for the player to tune", entries)
    check({**body, **plain}, source)
    plans: dict[str, Plan] = {}
    return Field(("player",), (_seat(a, entries[0], source, "strategies[0]", plans),)), plans


from sim.games.hussars.balance import Hussars  # noqa: E402 (it uses the helpers above)

ADAPTERS = {"principes": Principes(), "dark_ages": DarkAges(), "hussars": Hussars()}
SOLO = {"principes": PrincipesSolo(), "dark_ages": DarkAgesSolo()}


def adapter(game, source: str, body: dict | None = None):
    """The adapter of ``game`` (its solo twin when the experiment ``body`` has ``mode: solo``)."""
    if game not in ADAPTERS:
        raise ConfigError(source, "game", "a game whose experiments seat one named plan per faction "
                          f"({', '.join(ADAPTERS)})", game)  # fmt: skip
    if isinstance(body, dict) and body.get("mode") == "solo":
        return SOLO[game]
    return ADAPTERS[game]
