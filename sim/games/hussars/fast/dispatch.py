"""Which engine plays a Hussars experiment: the key ``engine: auto | fast | reference`` (default auto).

``auto`` takes the compiled engine (``sim/games/hussars/fast``) whenever it plays the experiment's game exactly — every
seat's plan a built-in plan (random, economic, military, political, raider) with parameters of the kinds its defaults
have — and the reference engine otherwise; ``fast`` when the compiled engine cannot play it is a ``ConfigError``
naming why; ``reference`` always plays the plain-Python engine. The two engines play the same games on the same
stream (tests/games/hussars/fast), so the choice changes the speed, not the results.
"""

from __future__ import annotations

from sim.engine_choice import choose

FAST_MAX_CHUNK = 20_000  # games per chunk on the compiled engine


def fast_obstacles(raw: dict, experiment) -> list[str]:
    """Why the compiled engine cannot play ``experiment``; empty when it can."""
    import json

    from sim.games.hussars.fast import params, tables
    from sim.games.hussars.game.ruleset import load_game_rules

    why = []
    if raw.get("strict"):
        why.append("strict: true (only the reference engine stops at a refused decision)")
    for label, (uses, spec) in zip(experiment.labels, experiment.specs, strict=True):
        reason = params.unsupported(uses, spec)
        if reason:
            why.append(f"plan {label}: {reason}")
    for setup in experiment.variants:
        reason = tables.fits(load_game_rules({k: json.loads(v) for k, v in setup.rules}))
        if reason:
            why.append(f"variant {setup.name}: {reason}")
    return why


def choose_engine(raw: dict, experiment, source: str) -> tuple[str, str]:
    """('fast', '') or ('reference', why) for the experiment keys ``raw`` (``sim.engine_choice.choose``)."""
    return choose(raw, source, lambda: fast_obstacles(raw, experiment))
