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

Each game's adapters live in ``sim/games/<game>/balance.py``; its ``Game.balance`` names them per experiment
mode, and ``adapter`` looks them up.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from sim import games
from sim.balance.mix import Field, Seat, is_mix, parse_mix
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


def solo_field(a, body: dict, source: str, plain: dict, check) -> tuple[Field, dict[str, Plan]]:
    """A solo experiment's field: its one ``strategies`` entry (a plan or a mixture) for the one faction, ``player``;
    the other keys are checked by the game's ``check`` with the plan keys replaced by ``plain``."""
    entries = body.get("strategies", plain["strategies"])
    if not isinstance(entries, list) or len(entries) != 1:
        raise ConfigError(source, "strategies", "one plan (or one mixture) for the player to tune", entries)
    check({**body, **plain}, source)
    plans: dict[str, Plan] = {}
    return Field(("player",), (_seat(a, entries[0], source, "strategies[0]", plans),)), plans


def adapter(game, source: str, body: dict | None = None):
    """The adapter of ``game`` for the experiment ``body``'s ``mode`` (the game's first, without one or for a mode
    with none of its own: its ``field`` then names the modes it plays)."""
    adapters = games.get(game, source, "balance").balance
    mode = body.get("mode") if isinstance(body, dict) else None
    return _instance(adapters.get(mode) or next(iter(adapters.values())))


@functools.cache
def _instance(path: str):
    """One adapter object per class (they hold no state)."""
    return games.load(path)()
