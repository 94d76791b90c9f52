"""Dark Ages strategies: a random-legal baseline and scripted plans, each a priority file in
configs/dark_ages/strategies.

``make(name, params)`` builds a strategy by name; every strategy draws randomness only from ``game.rng``.

A seat (``seats: {ruler: plan}``) names a plan by (``resolve``):

- a built-in name (``random_legal``, ``expansion``, ``culture``, ``military``) with its file's parameters;
- a parameter file (``uses:`` a plan, ``params:`` overrides, as ``sim tune --out`` writes it) by its path, or by
  its name under configs/dark_ages/strategies; its label is the file's stem;
- a mapping ``{name: label, uses: <any of the above>, params: {...}}`` inline in the experiment;
- ``rollout``, the searcher of ``strategies.dark_ages.rollout`` (compiled engine only; its ``policy`` a plan).
"""

from __future__ import annotations

from pathlib import Path

from sim.config import read_yaml
from sim.studies import is_study_plan, plan_file
from strategies.dark_ages.random_legal import RandomLegal
from strategies.dark_ages.scripted import PLAN_DIR, SCRIPTED, Scripted, load_plan

NAMES = ("random_legal", *SCRIPTED)
PARAM_FILE_KEYS = {"uses", "params", "search", "title", "name"}


def make(name: str, params: dict | None = None):
    if name == "random_legal":
        if params:
            raise ValueError(f"random_legal takes no parameters, found {sorted(params)}")
        return RandomLegal()
    if name in SCRIPTED:
        return Scripted(name, load_plan(name, params))
    if name == "rollout":  # the searcher (compiled engine only): its settings, checked like a plan's
        from strategies.dark_ages.rollout import Rollout

        return Rollout(**(params or {}))
    raise KeyError(name)


def resolve(spec, directory: Path = PLAN_DIR, depth: int = 0) -> tuple[str, str, dict]:
    """A seat's plan → (label, built-in strategy it runs, parameter overrides); raises ValueError (or the plan
    loader's ConfigError for a bad parameter) when bad."""
    if depth > 8:
        raise ValueError(f"plans using each other in a loop ({spec!r})")
    if isinstance(spec, dict):
        unknown = set(spec) - {"name", "uses", "params"}
        if unknown:
            raise ValueError(f"unknown plan keys {sorted(unknown)} (name, uses, params)")
        params = spec.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError(f"params must be a mapping, not {params!r}")
        base_label, uses, base = resolve(spec.get("uses", spec.get("name")), directory, depth + 1)
        params = {**base, **params}
        label = spec.get("name", base_label)
        if not isinstance(label, str) or not label:
            raise ValueError(f"a plan's name must be a name, not {label!r}")
    elif isinstance(spec, str) and spec in (*NAMES, "rollout"):
        label, uses, params = spec, spec, {}
    elif isinstance(spec, str):
        path = plan_file("dark_ages", spec, directory)  # a study's plan, a file, or a name
        if not path.exists():
            raise ValueError(f"unknown plan {spec!r} (built in: {', '.join(NAMES)}; or a plan file)")
        raw = read_yaml(path) or {}
        if not isinstance(raw, dict) or "uses" not in raw or set(raw) - PARAM_FILE_KEYS:
            raise ValueError(f"{path}: a plan file of uses: and params: (keys {', '.join(sorted(PARAM_FILE_KEYS))})")
        params = raw.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError(f"{path}: params must be a mapping")
        _, uses, base = resolve(raw["uses"], directory, depth + 1)
        label, params = spec if is_study_plan(spec) else path.stem, {**base, **params}
    else:
        raise ValueError(f"a plan name or mapping, not {spec!r}")
    make(uses, params)  # fail early on an unknown parameter or value (the plan loader checks them)
    return label, uses, params
