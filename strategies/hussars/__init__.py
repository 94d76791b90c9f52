"""Hussars plans: a random-legal baseline and four scripted plans, each a short parameter class.

A plan is named in an experiment by:

- a built-in name (``random``, ``economic``, ``military``, ``political``, ``raider``) with its class's defaults;
- a parameter file ``configs/hussars/strategies/<name>.yaml`` (``uses:`` a plan, ``params:`` overrides and
  ``search:`` the range of each parameter a tuner may explore);
- ``package.module:Class`` for a plan written outside this package;
- a mapping ``{name: label, uses: <any of the above>, params: {...}}`` inline in the experiment.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from sim.config import CONFIG_DIR, read_yaml
from sim.studies import is_study_plan, plan_file
from strategies.hussars.base import Plan
from strategies.hussars.economic import Economic
from strategies.hussars.military import Military
from strategies.hussars.political import Political
from strategies.hussars.raider import Raider
from strategies.hussars.random_legal import RandomLegal
from strategies.hussars.rollout import Rollout

PLANS: dict[str, type[Plan]] = {
    "random": RandomLegal,
    "economic": Economic,
    "military": Military,
    "political": Political,
    "raider": Raider,
    "rollout": Rollout,  # the searcher (sim.games.hussars.fast.search), on the compiled engine only
}
PLAN_DIR = CONFIG_DIR / "hussars" / "strategies"


def plan_class(uses: str) -> type[Plan]:
    if uses in PLANS:
        return PLANS[uses]
    if ":" in uses:
        module, _, name = uses.partition(":")
        cls = getattr(importlib.import_module(module), name)
        if not (isinstance(cls, type) and issubclass(cls, Plan)):
            raise ValueError(f"{uses} is not a Plan subclass")
        return cls
    raise ValueError(f"unknown plan {uses!r} (built in: {', '.join(PLANS)}; or package.module:Class)")


def check_search(path, search, params: dict) -> None:
    """``search:`` gives each tunable parameter's range: [lo, hi] numbers, ``permutation`` (of a list), ``bool``,
    or a list of choices; every name must be a parameter of the plan."""
    if search is None:
        return
    if not isinstance(search, dict):
        raise ValueError(f"{path}: search must be a mapping of parameter to range")
    for key, spec in search.items():
        if key not in params:
            raise ValueError(f"{path}: search.{key} is not a parameter of the plan")
        if spec in ("permutation", "bool"):
            continue
        if isinstance(spec, list) and len(spec) == 2 and all(isinstance(x, (int, float)) for x in spec):
            if spec[0] > spec[1]:
                raise ValueError(f"{path}: search.{key} is an empty range {spec}")
            continue
        if isinstance(spec, list) and spec:
            continue
        raise ValueError(f"{path}: search.{key} must be [lo, hi], permutation, bool or a list of choices, not {spec!r}")


def resolve(spec, directory: Path = PLAN_DIR) -> tuple[str, str, dict]:
    """A plan spec → (label, class reference, parameters), all picklable; raises ValueError when bad."""
    if isinstance(spec, dict):
        unknown = set(spec) - {"name", "uses", "params"}
        if unknown:
            raise ValueError(f"unknown plan keys {sorted(unknown)} (name, uses, params)")
        base_label, uses, params = resolve(spec.get("uses", spec.get("name")), directory)
        params = {**params, **(spec.get("params") or {})}
        label = spec.get("name", base_label)
    elif isinstance(spec, str):
        path = plan_file("hussars", spec, directory)  # a study's plan, a file (its stem labels it), or a name
        if path.exists():
            raw = read_yaml(path) or {}
            uses, params = raw.get("uses", spec), dict(raw.get("params") or {})
            label = spec if is_study_plan(spec) or not spec.endswith((".yaml", ".yml")) else path.stem
            if uses != spec:
                _, uses, base = resolve(uses, directory)
                params = {**base, **params}
            elif uses not in PLANS and ":" not in uses:
                raise ValueError(f"{path}: 'uses' must name a plan")
            check_search(path, raw.get("search"), getattr(make(uses, params), "p", {}))
        else:
            label, uses, params = spec, spec, {}
    else:
        raise ValueError(f"a plan name or mapping, not {spec!r}")
    make(uses, params)  # fail early on an unknown class or parameter
    return label, uses, params


def make(uses: str, params: dict) -> Plan:
    return plan_class(uses)(**params)


__all__ = ["PLANS", "Plan", "make", "plan_class", "resolve"]
