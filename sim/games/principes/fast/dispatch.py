"""Which engine plays an experiment: the experiment key ``engine: auto | fast | reference`` (default auto).

``auto`` takes the fast engine when it plays exactly the experiment's game: every seat a built-in strategy
(random, builder, conqueror, politician, with parameter overrides of the kinds their defaults have), 2, 3 or 4
players (2-3: the passive and the active variant; ``PLAYER_VARIANTS``), History on or off, Court texts, Princesses,
Neighbors, the printed Progress Tiles and the variant without elimination (``court``, ``princesses``,
``neighbors``, ``progress: tiles``, ``elimination: false``: ``FAST_MODULES``, ``FAST_VALUES``) each on or off, no
other optional module
switched on (any key outside ``CORE_KEYS`` with a truthy value other than its documented "off" value counts as on,
so switches added later fall back to the reference by themselves), and a rule set (``rules:`` overrides of any
rules file) the compiled layout can hold (``setup.compile_tables``: every value reaches the compiled engine as data).
``fast`` when one of these fails is a ``ConfigError`` naming the reason; ``reference`` always plays the
plain-Python engine. Solo experiments (``mode: solo``) go to the compiled solo engine (``solo_experiment``) the
same way: every strategy a built-in one or the solo plan, a rule set the layout holds (``solo_obstacles``).
"""

from __future__ import annotations

import json

from sim.engine_choice import choose, requested
from sim.errors import ConfigError
from sim.games.principes.fast.policy.params import compile_strategy
from sim.games.principes.fast.setup import PLAYER_VARIANTS, compile_tables
from sim.games.principes.fast.state import Unsupported
from sim.games.principes.game.setup import load_game_rules

CORE_KEYS = ("players", "seats", "rotate", "strict", "rules", "history", "engine")
OFF_VALUES = {"progress": ("generic",), "elimination": (True,)}  # a switch's truthy default that means "off"
# optional modules the fast engine plays (``study._variants`` names)
FAST_MODULES = ("court", "princesses", "neighbors", "tiles", "no_elimination")
FAST_VALUES = {"progress": ("tiles",), "variant": PLAYER_VARIANTS}  # other values of a switch the fast engine plays
FAST_MAX_CHUNK = 10_000  # games per chunk on the fast engine (about 4 s on one core)


def fast_obstacles(raw: dict, experiment) -> list[str]:
    """Why the fast engine cannot play ``experiment`` (built from ``raw``); empty when it can."""
    why = []
    for key, value in raw.items():
        if key in FAST_MODULES:
            continue  # on or off, the fast engine plays it
        if value in FAST_VALUES.get(key, ()):
            continue
        if key not in CORE_KEYS and value and value not in OFF_VALUES.get(key, ()):
            why.append(f"{key}: {json.dumps(value)} (an optional module the fast engine does not play)")
    variants = set(getattr(experiment, "variants", None) or ()) - set(FAST_MODULES) - set(PLAYER_VARIANTS)
    if variants and not why:
        why.append(f"optional modules on: {', '.join(sorted(variants))}")
    rules = load_game_rules({k: json.loads(v) for k, v in experiment.rules})
    for label, (uses, params) in zip(experiment.labels, experiment.specs, strict=True):
        try:
            compile_strategy(uses, params, rules)
        except Unsupported as err:
            why.append(f"strategy {label}: {err}")
    modules = (set(getattr(experiment, "variants", None) or ()) & {*FAST_MODULES, "active"}) | {"history"}
    try:
        compile_tables(rules, frozenset(modules))  # the rule set must fit the compiled layout
    except Unsupported as err:
        why.append(f"rules: {err}")
    return why


def choose_engine(raw: dict, experiment, source: str) -> tuple[str, str]:
    """('fast', '') or ('reference', why) for the experiment keys ``raw`` (``sim.engine_choice.choose``); a rollout
    seat searches on the compiled engine only, so it refuses the reference engine and any obstacle."""
    search = any(uses == "rollout" for uses, _ in experiment.specs)
    if search and len(experiment.factions) != 4:
        raise ConfigError(source, "players", "4 for a rollout seat (the searcher plays 4-player games)",
                          len(experiment.factions))  # fmt: skip
    return _searched(raw, source, search, "seats", lambda: fast_obstacles(raw, experiment))


def _searched(raw: dict, source: str, search: bool, key: str, obstacles) -> tuple[str, str]:
    """``sim.engine_choice.choose``, refusing the reference engine (asked for, or the only one that can play it)
    when ``search`` (a rollout searcher plays on the compiled engine only); ``key``: where the searcher is named."""
    if search and requested(raw, source) == "reference":
        raise ConfigError(source, "engine", "auto or fast for a rollout seat (it searches on the compiled engine)",
                          "reference")  # fmt: skip
    engine, why = choose(raw, source, obstacles)
    if search and engine == "reference":
        raise ConfigError(source, key, "a rollout seat in a game the fast engine plays: " + why, "rollout")
    return engine, why


def solo_obstacles(experiment) -> list[str]:
    """Why the compiled solo engine cannot play the ``SoloExperiment``; empty when it can."""
    from sim.games.principes.fast import solo_experiment
    from sim.games.principes.game.solo import solo_rules

    rules = solo_rules(tuple((k, json.loads(v)) for k, v in experiment.rules))
    why = []
    for label, (uses, params) in zip(experiment.labels, experiment.specs, strict=True):
        try:
            compile_strategy(uses, params, rules, solo=True)
        except Unsupported as err:
            why.append(f"strategy {label}: {err}")
    try:
        solo_experiment.solo_tables(rules, solo_experiment.modules(experiment))
    except Unsupported as err:
        why.append(f"rules: {err}")
    return why


def choose_solo_engine(raw: dict, experiment, source: str) -> tuple[str, str]:
    """('fast', '') or ('reference', why) for a solo experiment (``sim.engine_choice.choose``); a rollout strategy
    searches on the compiled engine only (``solo_search``)."""
    search = any(uses == "rollout" for uses, _ in experiment.specs)
    return _searched(raw, source, search, "strategies", lambda: solo_obstacles(experiment))
