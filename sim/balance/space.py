"""A plan's search space: the ``search:`` block of its YAML file, parsed, checked, and mapped to ``params:`` and back.

Each key of ``search:`` names a parameter of the plan and gives its range::

    search:
      army_target: [2, 12]                    # whole numbers: an integer range, both ends included
      attack_ratio: [0.5, 3.0]                # a float at either end: a real range
      neighbor_reserve: {range: [0, 6]}       # the same, spelled out; {range: [0.5, 99], log: true} searches log-scale
      block_councils: bool                    # true or false
      new_mechanisms: [null, building, movement]   # a list that is not two numbers: one of these values
      draw_court: {choice: [0, 1, 2, 3]}      # the same, spelled out (needed for a list of two numbers)
      priorities: permutation                 # any order of the parameter's current list
      tile_wishlist: {subset_of: [a, b, c], ordered: true, min: 0, max: 3}   # some of these, in any order

A point of the space is a flat mapping of primitive coordinates (``Int``, ``Real``, ``Cat``), which is what an
optimizer sees. Orders and subsets use random keys: one real in [0, 1) per item, sorted; an item of a subset is
in when its key is below 1/2. ``decode`` maps a point to ``params`` and ``encode`` maps ``params`` back (the plan's
own values are a point of its space, so the search can start from them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.errors import ConfigError

KINDS = "[lo, hi], {range: [lo, hi], log: bool}, bool, [values...], {choice: [...]}, permutation, {subset_of: [...]}"


@dataclass(frozen=True)
class Int:
    lo: int
    hi: int


@dataclass(frozen=True)
class Real:
    lo: float
    hi: float
    log: bool = False


@dataclass(frozen=True)
class Cat:
    n: int  # a category index 0 .. n-1


@dataclass(frozen=True)
class Dim:
    """One searched parameter: its kind and what it needs to decode."""

    name: str
    kind: str  # int | real | bool | choice | permutation | subset
    lo: float = 0
    hi: float = 0
    log: bool = False
    values: tuple = ()  # choice: the values; permutation and subset: the items
    ordered: bool = True  # subset: keep the keys' order (else the listed order)
    min_size: int = 0
    max_size: int = 0

    def coords(self) -> dict[str, Int | Real | Cat]:
        if self.kind == "int":
            return {self.name: Int(int(self.lo), int(self.hi))}
        if self.kind == "real":
            return {self.name: Real(float(self.lo), float(self.hi), self.log)}
        if self.kind == "bool":
            return {self.name: Cat(2)}
        if self.kind == "choice":
            return {self.name: Cat(len(self.values))}
        return {_key(self.name, i): Real(0.0, 1.0) for i in range(len(self.values))}

    def decode(self, point: dict):
        if self.kind == "int":
            return int(point[self.name])
        if self.kind == "real":
            return float(point[self.name])
        if self.kind == "bool":
            return bool(point[self.name])
        if self.kind == "choice":
            return self.values[int(point[self.name])]
        keys = [float(point[_key(self.name, i)]) for i in range(len(self.values))]
        order = sorted(range(len(keys)), key=lambda i: (keys[i], i))
        if self.kind == "permutation":
            return [self.values[i] for i in order]
        chosen = [i for i in order if keys[i] < 0.5]
        for i in order:  # too few in: take the next lowest keys
            if len(chosen) >= self.min_size:
                break
            if i not in chosen:
                chosen.append(i)
        chosen = chosen[: self.max_size]
        if not self.ordered:
            chosen.sort()
        return [self.values[i] for i in chosen]

    def encode(self, value) -> dict:
        if self.kind in ("int", "real"):
            return {self.name: value}
        if self.kind == "bool":
            return {self.name: int(bool(value))}
        if self.kind == "choice":
            return {self.name: self.values.index(value)}
        n = len(self.values)
        if self.kind == "permutation":
            return {_key(self.name, self.values.index(v)): (r + 0.5) / n for r, v in enumerate(value)}
        keys = {_key(self.name, i): 0.75 for i in range(n)}
        for r, v in enumerate(value):
            keys[_key(self.name, self.values.index(v))] = 0.5 * (r + 0.5) / len(value)
        return keys

    def contains(self, value) -> bool:
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and self.lo <= value <= self.hi
        if self.kind == "real":
            return _number(value) and self.lo <= value <= self.hi
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return value in self.values
        if not isinstance(value, list) or len(set(map(repr, value))) != len(value):
            return False
        if self.kind == "permutation":
            return sorted(map(repr, value)) == sorted(map(repr, self.values))
        inside = all(v in self.values for v in value) and self.min_size <= len(value) <= self.max_size
        return inside and (self.ordered or value == [v for v in self.values if v in value])


def _key(name: str, i: int) -> str:
    return f"{name}[{i}]"


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Space:
    dims: tuple[Dim, ...]

    def coords(self) -> dict[str, Int | Real | Cat]:
        out: dict = {}
        for d in self.dims:
            out.update(d.coords())
        return out

    def decode(self, point: dict) -> dict:
        """The ``params`` of a point (only the searched parameters)."""
        return {d.name: d.decode(point) for d in self.dims}

    def encode(self, params: dict) -> dict:
        """The point of ``params`` (its searched parameters must lie in the space)."""
        out: dict = {}
        for d in self.dims:
            out.update(d.encode(params[d.name]))
        return out

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.dims)


def parse_search(search, params: dict, source: str) -> Space:
    """The space of a ``search:`` block for a plan whose current parameters are ``params``; ``ConfigError`` when a
    range is empty, reversed or of the wrong type, names no parameter of the plan, or leaves out its current value."""
    if not isinstance(search, dict) or not search:
        raise ConfigError(source, "search", "a mapping of parameter names to ranges", search)
    dims = []
    for name, spec in search.items():
        key = f"search.{name}"
        if name not in params:
            raise ConfigError(source, key, f"a parameter of the plan ({', '.join(sorted(params))})", name)
        dim = _dim(name, spec, params[name], source, key)
        if not dim.contains(params[name]):
            raise ConfigError(source, key, f"a range holding the plan's own value {params[name]!r}", spec)
        dims.append(dim)
    return Space(tuple(dims))


def _dim(name, spec, current, source, key) -> Dim:
    if spec == "bool":
        return Dim(name, "bool")
    if spec == "permutation":
        if not isinstance(current, list) or len(current) < 2:
            raise ConfigError(source, key, "permutation of a list parameter with 2 or more items", current)
        return Dim(name, "permutation", values=tuple(current))
    if isinstance(spec, list):
        if len(spec) == 2 and all(_number(v) for v in spec):
            return _range(name, spec, False, source, key)
        return _choice(name, spec, source, key)
    if isinstance(spec, dict):
        kind = set(spec) & {"range", "choice", "subset_of"}
        if len(kind) != 1:
            raise ConfigError(source, key, f"one of {KINDS}", spec)
        (kind,) = kind
        allowed = {"range": {"range", "log"}, "choice": {"choice"}, "subset_of": {"subset_of", "ordered", "min", "max"}}
        if set(spec) - allowed[kind]:
            raise ConfigError(source, key, f"keys among {', '.join(sorted(allowed[kind]))}", sorted(spec))
        if kind == "range":
            log = spec.get("log", False)
            if not isinstance(log, bool):
                raise ConfigError(source, f"{key}.log", "true or false", log)
            return _range(name, spec["range"], log, source, key)
        if kind == "choice":
            return _choice(name, spec["choice"], source, key)
        return _subset(name, spec, source, key)
    raise ConfigError(source, key, f"one of {KINDS}", spec)


def _range(name, spec, log, source, key) -> Dim:
    if not isinstance(spec, list) or len(spec) != 2 or not all(_number(v) for v in spec):
        raise ConfigError(source, key, "[lo, hi]: two numbers", spec)
    lo, hi = spec
    if not lo < hi:
        raise ConfigError(source, key, "a range [lo, hi] with lo < hi (not empty, not reversed)", spec)
    if log and lo <= 0:
        raise ConfigError(source, key, "a log range above 0", spec)
    kind = "int" if all(isinstance(v, int) for v in spec) and not log else "real"
    return Dim(name, kind, lo, hi, log)


def _choice(name, values, source, key) -> Dim:
    if not isinstance(values, list) or len(values) < 2 or len(set(map(repr, values))) != len(values):
        raise ConfigError(source, key, "a list of 2 or more distinct values", values)
    return Dim(name, "choice", values=tuple(values))


def _subset(name, spec, source, key) -> Dim:
    items = spec["subset_of"]
    if not isinstance(items, list) or not items or len(set(map(repr, items))) != len(items):
        raise ConfigError(source, f"{key}.subset_of", "a non-empty list of distinct items", items)
    ordered = spec.get("ordered", True)
    if not isinstance(ordered, bool):
        raise ConfigError(source, f"{key}.ordered", "true or false", ordered)
    lo, hi = spec.get("min", 0), spec.get("max", len(items))
    for k, v in (("min", lo), ("max", hi)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= len(items):
            raise ConfigError(source, f"{key}.{k}", f"a whole number from 0 to {len(items)}", v)
    if lo > hi:
        raise ConfigError(source, key, "min ≤ max", [lo, hi])
    return Dim(name, "subset", values=tuple(items), ordered=ordered, min_size=lo, max_size=hi)
