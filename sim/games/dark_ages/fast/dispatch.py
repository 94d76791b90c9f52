"""Which engine plays a Dark Ages experiment: the experiment key ``engine: auto | fast | reference`` (default auto).

``auto`` takes the fast engine when it plays exactly the experiment's games: a multiplayer experiment (2-4
players) or a solo experiment (``mode: solo``, Module 1, every difficulty option; not ``module_effects`` or
``solo_module_effects``) with every strategy built in (random_legal, expansion, culture, military, with
``strategy_params`` overrides the compiled rows can hold), no module switched on, no Skirmisher tokens and no
``rules:`` overrides (the compiled tables are the default rules). ``fast`` when one of these fails is
a ``ConfigError`` naming the reason; ``reference`` always plays the plain-Python engine.
"""

from __future__ import annotations

import json

from sim.errors import ConfigError

ENGINES = ("auto", "fast", "reference")
FAST_MODES = ("multiplayer", "solo")  # solo: lockstep-verified against solo_loop (tests/.../test_fast_solo.py)
FAST_MAX_CHUNK = 2_000  # games per chunk on the fast engine (about 1 s on one core)


def fast_obstacles(raw: dict, experiment=None) -> list[str]:
    """Why the fast engine cannot play the experiment ``raw`` (checked as ``experiment``); empty when it can."""
    why = []
    mode = raw.get("mode", "multiplayer")
    if mode not in FAST_MODES:
        return [f"mode: {mode} (the fast engine plays multiplayer and solo games only)"]
    on = sorted(k for k, v in (raw.get("modules") or {}).items() if v)
    if on:
        why.append(f"modules: {', '.join(on)} (the fast engine plays games without modules)")
    if raw.get("skirmishers"):
        why.append("skirmishers: true (Module 7's tokens are not compiled)")
    if raw.get("rules"):
        why.append(f"rules: {json.dumps(raw['rules'], sort_keys=True)} (the fast engine compiles the default rules)")
    if experiment is not None and not why:
        from sim.games.dark_ages.fast.layout import Unsupported
        from sim.games.dark_ages.fast.strategies import compile_strategy

        for name in experiment.strategies:
            try:
                compile_strategy(name, experiment.strategy_params.get(name))
            except Unsupported as err:
                why.append(f"strategy {name}: {err}")
    return why


def requested(raw: dict, source: str) -> str:
    wanted = raw.get("engine", "auto")
    if wanted not in ENGINES:
        raise ConfigError(source, "engine", " | ".join(ENGINES), wanted)
    return wanted


def choose_engine(raw: dict, experiment, source: str) -> str:
    """'fast' or 'reference' for the experiment keys ``raw``; raises ConfigError for an impossible ``fast``."""
    wanted = requested(raw, source)
    if wanted == "reference":
        return "reference"
    why = fast_obstacles(raw, experiment)
    if wanted == "fast" and why:
        raise ConfigError(source, "engine", "auto or reference: the fast engine cannot play " + "; ".join(why), "fast")
    return "reference" if why else "fast"
