"""Which engine plays a Dark Ages experiment: the experiment key ``engine: auto | fast | reference`` (default auto).

``auto`` takes the compiled engine when it plays exactly the experiment's games: a multiplayer experiment (2-4 players),
a solo experiment (``mode: solo``, Module 1, every difficulty option), or ``module_effects`` / ``solo_module_effects``
comparing only compiled modules, with every strategy built in (random_legal, expansion, culture, military, with
``strategy_params`` or ``seats`` plans the compiled rows can hold), only compiled modules switched on (``COMPILED``:
every module in multiplayer, the six solo modules 3, 4, 6, 7, 12A and 13A in solo), and ``rules:``
overrides whose counts fit the compiled tables (``context.compile_tables``; the tables are compiled from the
experiment's own rule set, so overrides stay compiled). ``fast`` when one of these fails is a ``ConfigError`` naming the
reason; ``reference`` always plays the plain-Python engine."""

from __future__ import annotations

import json

from sim.engine_choice import choose, requested
from sim.errors import ConfigError
from sim.games.dark_ages.fast.context import solo_tables, tables_for
from sim.games.dark_ages.fast.layout import MODULES, Unsupported
from sim.games.dark_ages.fast.plans import compile_strategy
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.modules import SOLO_REFUSED
from sim.games.dark_ages.study import plan_specs

FAST_MODES = ("multiplayer", "solo")  # solo: lockstep-verified against solo_loop (tests/.../test_fast_solo.py)
PAIRED = {"module_effects": "multiplayer", "solo_module_effects": "solo"}  # each module on vs off: its games' mode
FAST_MAX_CHUNK = 2_000  # games per chunk on the fast engine (about 1 s on one core)
# the modules each mode plays compiled (Module 7 is a token pool of the tables; solo: those with Solo Support)
COMPILED = {"multiplayer": ("skirmishers", *MODULES),
            "solo": ("skirmishers", *(m for m in MODULES if m not in SOLO_REFUSED))}  # fmt: skip


def fast_obstacles(raw: dict, experiment=None) -> list[str]:
    """Why the fast engine cannot play the experiment ``raw`` (checked as ``experiment``); empty when it can."""
    why = []
    mode = raw.get("mode", "multiplayer")
    if mode in PAIRED and experiment is not None:  # compiled when every compared module is
        compiled = COMPILED[PAIRED[mode]]
        rest = [m for m in experiment.compare if m not in compiled]
        if rest:
            return [f"modules: {', '.join(rest)} (not compiled; the fast engine plays {', '.join(compiled)})"]
        return _compiled(experiment.base, "skirmishers" in experiment.compare)
    if mode not in FAST_MODES:
        return [f"mode: {mode} (the fast engine plays multiplayer and solo games only)"]
    switches = raw.get("modules") or {}
    on = sorted(k for k, v in switches.items() if v) if isinstance(switches, dict) else []
    rest = [m for m in on if m not in COMPILED[mode]]
    if rest:
        why.append(f"modules: {', '.join(rest)} (not compiled; the fast engine plays {', '.join(COMPILED[mode])})")
    if experiment is not None and not why:
        why += _compiled(experiment)
    return why


def _compiled(experiment, skirmishers: bool = False) -> list[str]:
    """What of a checked experiment the compiled engine cannot hold: a strategy's row, a rules count (with Module 7's
    tokens when ``skirmishers`` or the experiment switches it on; solo: both token sets)."""
    why = []
    for name, (uses, params) in zip(experiment.strategies, plan_specs(experiment), strict=True):
        try:
            compile_strategy(uses, json.loads(params))
        except Unsupported as err:
            why.append(f"strategy {name}: {err}")
    try:
        skirmishers = skirmishers or getattr(experiment, "skirmishers", False) or "skirmishers" in experiment.modules
        if hasattr(experiment, "difficulties"):  # solo
            solo_tables(cached_context(experiment.overrides), skirmishers)
        else:
            tables_for(cached_context(experiment.overrides, skirmishers))
    except Unsupported as err:
        why.append(f"rules: {err}")
    return why


def searching(experiment) -> bool:
    """Some plan of the experiment (a module comparison: of its base) is a rollout searcher (``fast.search``)."""
    e = getattr(experiment, "base", experiment)
    return hasattr(e, "strategies") and any(uses == "rollout" for uses, _ in plan_specs(e))


def choose_engine(raw: dict, experiment, source: str) -> tuple[str, str]:
    """('fast', '') or ('reference', why) for the experiment keys ``raw`` (``sim.engine_choice.choose``); a rollout
    seat searches on the compiled engine only, in multiplayer games, so it refuses the reference engine and any
    obstacle."""
    if searching(experiment):
        mode = raw.get("mode", "multiplayer")
        if mode not in ("multiplayer", "solo"):
            raise ConfigError(source, "mode", "multiplayer or solo for a rollout seat (the searcher plays those games)",
                              mode)  # fmt: skip
        if requested(raw, source) == "reference":
            raise ConfigError(source, "engine", "auto or fast for a rollout seat (it searches on the compiled engine)",
                              "reference")  # fmt: skip
    engine, why = choose(raw, source, lambda: fast_obstacles(raw, experiment))
    if engine == "reference" and searching(experiment):
        raise ConfigError(source, "seats", "a rollout seat in a game the compiled engine plays: " + why, "rollout")
    return engine, why
