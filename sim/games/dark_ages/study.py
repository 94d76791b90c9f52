"""What every Dark Ages study checks the same way: strategies and their parameters, ``max_turns``, ``rules:``
overrides (of any rules file), the module switches; and one strategy object per process."""

from __future__ import annotations

import json
from functools import lru_cache

from sim.errors import ConfigError
from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import build_context
from sim.games.dark_ages.game.loop import MAX_TURNS
from strategies.dark_ages import make
from strategies.dark_ages.scripted import SCRIPTED, load_plan


def check_modules(raw: dict, source: str, fewest_players: int) -> tuple[str, ...]:
    """``modules: {name: true|false}``: the switched-on modules, in ``modules.NAMES`` order."""
    switches = raw.get("modules") or {}
    if not isinstance(switches, dict):
        raise ConfigError(source, "modules", f"a mapping module → true/false ({', '.join(modules.NAMES)})", switches)
    for name, on in switches.items():
        if name not in modules.NAMES:
            raise ConfigError(source, f"modules.{name}", f"an implemented module ({', '.join(modules.NAMES)})", name)
        if not isinstance(on, bool):
            raise ConfigError(source, f"modules.{name}", "true or false", on)
        if on and fewest_players < modules.MIN_PLAYERS[name]:
            need = f"{modules.MIN_PLAYERS[name]}+ players for module {name}"
            raise ConfigError(source, "players", need, raw.get("players"))
    return tuple(m for m in modules.NAMES if switches.get(m))


def check_common(raw: dict, source: str, names: tuple[str, ...]) -> tuple[list, dict, int, tuple]:
    """The keys multiplayer and solo experiments share: strategies, strategy_params, max_turns, rules."""
    strategies = raw.get("strategies", list(names))
    if not isinstance(strategies, list) or not strategies or any(s not in names for s in strategies):
        raise ConfigError(source, "strategies", f"a list of strategies ({', '.join(names)})", strategies)
    params = raw.get("strategy_params") or {}
    if not isinstance(params, dict):
        raise ConfigError(source, "strategy_params", "a mapping strategy → {param: value}", params)
    for name, values in params.items():
        if name not in SCRIPTED:
            raise ConfigError(source, f"strategy_params.{name}", f"a scripted strategy ({', '.join(SCRIPTED)})", name)
        load_plan(name, values)  # checks the parameter names now, not in a worker
    max_turns = raw.get("max_turns", MAX_TURNS)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
        raise ConfigError(source, "max_turns", "a whole number ≥ 1", max_turns)
    return strategies, params, max_turns, check_rules(raw, source)


def check_rules(raw: dict, source: str, skirmishers: bool = False) -> tuple:
    """``rules:``: dotted keys of any Dark Ages rules file (``battle_die.faces``, ``costs.city``,
    ``board.provinces.saxony.borders``) → values, as sorted pairs. A bad key, type or value fails here, naming the
    experiment file (the game's loaders check the finer rules)."""
    rules = raw.get("rules") or {}
    if not isinstance(rules, dict):
        raise ConfigError(source, "rules", "a mapping of dotted rules keys to values", rules)
    build_context(rules, skirmishers, {k: f"{source}: rules" for k in rules})
    return tuple(sorted(rules.items(), key=lambda kv: kv[0]))


def plan_specs(e) -> tuple[tuple[str, str], ...]:
    """(strategy it runs, parameters as JSON) for each of ``e.strategies``: a strategy runs itself with its
    ``strategy_params``; a label of ``seats`` runs the plan it names (``e.specs``)."""
    if getattr(e, "specs", ()):
        return e.specs
    return tuple((s, json.dumps(e.strategy_params.get(s), sort_keys=True)) for s in e.strategies)


@lru_cache(maxsize=32)
def strategy_object(name: str, params_json: str):
    """Strategies hold no per-game state, so one object per process serves every game (no YAML per game)."""
    return make(name, json.loads(params_json))
