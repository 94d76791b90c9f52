"""Flipping one rules value at a time: a valid changed value for every key of every Dark Ages rules file, and
what the change does to both engines (``test_dark_ages_rules_flips``).

``flip(key, value)`` tries small changes of ``value`` (a number one up, then one down; a flag toggled; a unit type or
resource replaced by the next; in a list or mapping, the last entry first) until the rules loaders accept one.
``effect(key, value)`` then says whether the compiled engine's tables changed (the compiled engine reads the value),
whether both engines still play the same games on the same stream (lockstep, one multiplayer and one solo game),
and whether the games' results changed (the change is visible).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from sim.config import load_ruleset
from sim.errors import ConfigError
from sim.games.dark_ages import multiplayer
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import solo_experiment as FSX
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.fast.layout import Unsupported
from sim.games.dark_ages.game import solo_experiment
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, build_context, cached_context

DOMAINS = (UNIT_TYPES, RESOURCES, ("add", "upgrade", "attack"))
MULTI = {"players": [2, 3, 4], "strategies": ["random_legal", "expansion", "culture", "military"]}
SOLO = {"mode": "solo", "strategies": ["random_legal", "expansion", "culture", "military"]}


def entries() -> dict[str, object]:
    """Every override key of every rules file but modules.yaml (the compiled engine plays no module) → its value."""
    return {k: p.value for k, p in load_ruleset("dark_ages").entries() if not k.startswith("modules.")}


def _candidates(v, d: int) -> Iterator:
    """Changed values of ``v``: a number ``d`` up, a flag toggled, a name of a known domain replaced by the next
    ones; in a list every entry in turn (the last first: tracks only rise), in a mapping every entry (the first
    first: level 1 is the one in play)."""
    if isinstance(v, bool):
        yield not v
    elif isinstance(v, int):
        yield v + d
    elif isinstance(v, str):
        for dom in DOMAINS:
            if v in dom:
                for step in range(1, len(dom)):
                    yield dom[(dom.index(v) + d * step) % len(dom)]
    elif isinstance(v, list):
        for i in reversed(range(len(v))):
            for x in _candidates(v[i], d):
                yield v[:i] + [x] + v[i + 1 :]
        if len(v) > 1 and all(isinstance(x, str) for x in v):
            yield v[:-2] + [v[-1], v[-2]]  # two names swapped (a permutation stays one)
            yield v[:-1] + [v[0]]
    elif isinstance(v, dict):
        for k in v:
            for x in _candidates(v[k], d):
                yield {**v, k: x}


def flips(key: str, value, tries: int = 12) -> Iterator:
    """Changed values of ``key`` that the rules loaders accept and the compiled tables hold (at most ``tries``
    candidates looked at)."""
    seen = 0
    for d in (1, -1):
        for cand in _candidates(value, d):
            if cand == value:
                continue
            seen += 1
            if seen > tries:
                return
            try:
                for skirmishers in (False, True):
                    tables_for(build_context({key: cand}, skirmishers))
            except (ConfigError, Unsupported):  # refused by the loaders, or beyond a compiled capacity
                continue
            yield cand


def tables_changed(overrides: dict) -> bool:
    """Whether the compiled engine's tables differ from the default rule set's (it reads the value)."""
    for skirmishers in (False, True):
        flat = [tables_for(cached_context(tuple(o.items()), skirmishers)).view(np.int64) for o in ({}, overrides)]
        if not np.array_equal(*flat):
            return True
    return False


def effect(key: str, value, base: np.ndarray) -> tuple[str, object]:
    """What flipping ``key`` does: ("refused", None), ("unread", value), ("hidden", value): the tables change but
    not the results of these games, or ("visible", value)."""
    kind, found = "refused", None
    for cand in flips(key, value):
        if not tables_changed({key: cand}):
            kind, found = ("unread", cand) if kind == "refused" else (kind, found)
            continue
        if not np.array_equal(results({key: cand}), base):
            return "visible", cand
        kind, found = "hidden", cand
    return kind, found


def results(overrides: dict, games: int = 60, solo_games: int = 44) -> np.ndarray:
    """The compiled engine's per-game rows (multiplayer and solo) under ``overrides``, one vector."""
    raw = {**MULTI, "rules": overrides}
    p = multiplayer.compile(multiplayer.experiment_from_dict(raw, "flip"))
    out = FX.run_games(p, 20261207, 0, games)
    e = solo_experiment.experiment_from_dict({**SOLO, "rules": overrides}, "flip")
    _, solo = FSX.run_games(e, 20261207, 0, solo_games)
    return np.concatenate([out.ravel(), solo.ravel()])


def lockstep(overrides: dict, games: int = 1) -> None:
    """Both engines play the same games under ``overrides`` (raises on the first difference)."""
    from tests.games.dark_ages.fast.lockstep_util import lockstep_game
    from tests.games.dark_ages.fast.test_fast_solo import lockstep_solo

    e = multiplayer.experiment_from_dict({**MULTI, "rules": overrides}, "flip")
    s = solo_experiment.experiment_from_dict({**SOLO, "rules": overrides}, "flip")
    for i in range(games):
        lockstep_game(e, 20261208, i)
        lockstep_solo(s, 20261208, i)
