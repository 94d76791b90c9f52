"""Principes strategies: a random-legal baseline and scripted plans, one short file each.

A strategy is named in an experiment by:

- a built-in name (``random``, ``builder``, ``conqueror``, ``politician``) with its file's defaults;
- a parameter file ``configs/principes/strategies/<name>.yaml`` (``uses:`` a strategy, ``params:`` overrides), a
  plan a shipped study found, ``<study>/<plan>`` (``studies/principes/<study>/plans/<plan>.yaml``; its label is that
  name), or the path of such a file anywhere (``out/tuned-masovia.yaml``; its label is the file's stem);
- ``package.module:Class`` for a strategy written outside this package (no engine change needed);
- a mapping ``{name: label, uses: <any of the above>, params: {...}}`` inline in the experiment;
- ``rollout``, the searcher of ``strategies.principes.rollout`` (compiled engine only).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from sim.config import CONFIG_DIR, read_yaml
from sim.schemas import check_plan
from sim.schemas.plans import check_params
from sim.studies import is_study_plan, plan_file
from strategies.principes.base import MoveOrder, Strategy
from strategies.principes.builder import Builder
from strategies.principes.conqueror import Conqueror
from strategies.principes.politician import Politician
from strategies.principes.random_legal import RandomLegal
from strategies.principes.scripted import Scripted

STRATEGIES: dict[str, type[Strategy]] = {
    "random": RandomLegal,
    "builder": Builder,
    "conqueror": Conqueror,
    "politician": Politician,
}
STRATEGY_DIR = CONFIG_DIR / "principes" / "strategies"

__all__ = ["STRATEGIES", "MoveOrder", "Strategy", "make", "playout_policy", "resolve", "strategy_class"]


def strategy_class(uses: str) -> type[Strategy]:
    if uses in STRATEGIES:
        return STRATEGIES[uses]
    if uses == "rollout":  # the searcher (compiled engine only): its settings, checked like a plan's
        from strategies.principes.rollout import Rollout

        return Rollout
    if ":" in uses:
        module, _, name = uses.partition(":")
        cls = getattr(importlib.import_module(module), name)
        if not (isinstance(cls, type) and issubclass(cls, Strategy)):
            raise ValueError(f"{uses} is not a Strategy subclass")
        return cls
    raise ValueError(f"unknown strategy {uses!r} (built in: {', '.join(STRATEGIES)}; or package.module:Class)")


def resolve(spec, directory: Path = STRATEGY_DIR) -> tuple[str, str, dict]:
    """A strategy spec → (label, class reference, parameters), all picklable; raises ValueError when bad."""
    if isinstance(spec, dict):
        unknown = set(spec) - {"name", "uses", "params"}
        if unknown:
            raise ValueError(f"unknown strategy keys {sorted(unknown)} (name, uses, params)")
        base_label, uses, params = resolve(spec.get("uses", spec.get("name")), directory)
        params = {**params, **(spec.get("params") or {})}
        label = spec.get("name", base_label)
    elif isinstance(spec, str):
        path = plan_file("principes", spec, directory)  # a study's plan, a file, or a name
        if path.exists():
            raw = read_yaml(path) or {}
            check_plan("principes", raw, str(path))  # the file's shape: sim/schemas/plans.py
            uses, params = raw.get("uses", spec), dict(raw.get("params") or {})
            label = spec if is_study_plan(spec) else path.stem
            if uses == spec and uses not in STRATEGIES and ":" not in uses:
                raise ValueError(f"{path}: 'uses' must name a strategy")
            if uses != spec:
                _, uses, base = resolve(uses, directory)
                params = {**base, **params}
            cls = strategy_class(uses)  # each parameter keeps its class default's kind: one clean line, not a crash
            check_params(dict(raw.get("params") or {}), {**params, **cls.defaults}, str(path), "params",
                         getattr(cls, "optional", None))  # fmt: skip
        else:
            label, uses, params = spec, spec, {}
    else:
        raise ValueError(f"a strategy name or mapping, not {spec!r}")
    make(uses, params)  # fail early on an unknown class or parameter
    return label, uses, params


def make(uses: str, params: dict) -> Strategy:
    strategy = strategy_class(uses)(**params)
    if uses == "rollout":
        policy, p = playout_policy(strategy.p)  # its policy must be a plan
        if strategy.p["tactics"]:
            from strategies.principes.rollout import TACTICS

            try:
                for change in TACTICS.values():
                    make(policy, {**p, **change})
            except ValueError:
                raise ValueError(f"rollout: tactics need a scripted policy (builder, conqueror, politician or a plan "
                                 f"of one), not {policy}") from None  # fmt: skip
        if strategy.p["actions"] and not issubclass(strategy_class(policy), Scripted):
            raise ValueError(f"rollout: actions need a scripted policy (builder, conqueror, politician or a plan of "
                             f"one), not {policy}")  # fmt: skip
    return strategy


def playout_policy(params: dict) -> tuple[str, dict]:
    """The rollout searcher's ``policy`` as (class reference, parameters); ValueError when it is not a plan."""
    _, uses, p = resolve(params.get("policy", strategy_class("rollout").defaults["policy"]))
    if uses == "rollout":
        raise ValueError("rollout: policy must be a plan, not another searcher")
    return uses, p
