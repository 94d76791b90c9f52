"""YAML → plain values with provenance; ``--set`` overrides; errors with key paths.

A rules file is a tree whose leaves carry their provenance::

    battle_die:
      faces: {value: [sword, shield, coin], source: assumed, reason: "the rulebook names no counts"}
    castle_shields: {value: 2, source: rulebook, ref: "p. 22, Buildings"}

``load_rules`` strips the provenance into a plain values tree (what the game's ``rules.py`` validates)
and a flat list of ``Provenance`` records (what ``sim rules`` and the reports print).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from sim.errors import ConfigError

CONFIG_DIR = Path(__file__).resolve().parent.parent / "configs"
SOURCES = ("rulebook", "assumed", "override")


@dataclass(frozen=True)
class Provenance:
    key: str
    value: Any
    source: str  # rulebook | assumed | override
    note: str  # the rulebook reference, or the reason for the assumption


@dataclass(frozen=True)
class Rules:
    """A game's rules: the plain values tree, where each value came from, and the file it was read from."""

    game: str
    values: dict
    provenance: tuple[Provenance, ...]
    path: str

    def assumptions(self) -> list[Provenance]:
        return [p for p in self.provenance if p.source != "rulebook"]

    def origin(self, key: str) -> str:
        """Where the value at ``key`` was set, for error messages: ``--set`` or the rules file."""
        for p in self.provenance:
            if p.source == "override" and (key == p.key or key.startswith(p.key + ".") or key.startswith(p.key + "[")):
                return "--set"
        return self.path


SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when built in: the same data, ~9x faster


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file, turning every I/O or syntax problem into a one-line ConfigError."""
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as exc:
        raise ConfigError(str(path), "", "a readable YAML file", exc.strerror or str(exc)) from None
    try:
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "?"
        raise ConfigError(
            str(path), "", "valid YAML", f"a syntax error at {where}: {getattr(exc, 'problem', exc)}"
        ) from None


def parse_value(text: str) -> Any:
    """A ``--set`` value is YAML: ``3``, ``[sword, shield]``, ``true``."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def _strip(node: Any, path: str, source: str, out: list[Provenance]) -> Any:
    if isinstance(node, dict) and "source" in node and "value" in node:
        origin = node["source"]
        if origin not in ("rulebook", "assumed"):
            raise ConfigError(source, f"{path}.source", "rulebook or assumed", origin)
        note_key = "ref" if origin == "rulebook" else "reason"
        note = node.get(note_key)
        if not isinstance(note, str) or not note.strip():
            raise ConfigError(source, f"{path}.{note_key}", f"a {note_key} for a {origin} value", note)
        out.append(Provenance(path, node["value"], origin, note.strip()))
        return node["value"]
    if isinstance(node, dict):
        return {k: _strip(v, f"{path}.{k}" if path else str(k), source, out) for k, v in node.items()}
    raise ConfigError(source, path, "a value with provenance {value, source, ref|reason}", node)


def load_rules(
    game: str,
    overrides: dict[str, Any] | None = None,
    path: str | Path | None = None,
    override_sources: dict[str, str] | None = None,
) -> Rules:
    """Read ``configs/<game>/rules.yaml`` (or ``path``) and apply dotted-path overrides.

    ``override_sources`` names where each override came from for error messages (default ``--set``)."""
    path = Path(path) if path else CONFIG_DIR / game / "rules.yaml"
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise ConfigError(str(path), "", "a mapping of rules", type(raw).__name__)
    provenance: list[Provenance] = []
    values = _strip({k: v for k, v in raw.items() if k != "game"}, "", str(path), provenance)
    for key, value in (overrides or {}).items():
        set_path(values, key, value, (override_sources or {}).get(key, "--set"))
        provenance = [p for p in provenance if p.key != key and not p.key.startswith(key + ".")]
        provenance.append(Provenance(key, value, "override", "set on the command line or in the scenario"))
    return Rules(game, values, tuple(provenance), str(path))


def set_path(tree: dict, key: str, value: Any, source: str) -> None:
    """Replace the value at dotted ``key``; the key must already exist so typos are caught."""
    parts = key.split(".")
    node = tree
    for i, part in enumerate(parts):
        if not isinstance(node, dict) or part not in node:
            known = sorted(node) if isinstance(node, dict) else []
            raise ConfigError(
                source, key, f"an existing key (one of {', '.join(map(str, known))})", ".".join(parts[: i + 1])
            )
        if i == len(parts) - 1:
            _check_shape(node[part], value, key, source)
            node[part] = copy.deepcopy(value)
        else:
            node = node[part]


def _check_shape(old: Any, new: Any, key: str, source: str) -> None:
    """A group stays a mapping and a list stays a list, so an override cannot change what the rules hold."""
    for kind, name in ((dict, "a mapping (set one of its keys, e.g. KEY.name)"), (list, "a list such as [a, b]")):
        if isinstance(old, kind) != isinstance(new, kind):
            expected = name if isinstance(old, kind) else "a single value, like the one it replaces"
            raise ConfigError(source, key, expected, new)


def parse_assignments(items: tuple[str, ...] | list[str], flag: str = "--set") -> dict[str, Any]:
    """``["a.b=3", "c=[x,y]"]`` → ``{"a.b": 3, "c": ["x", "y"]}``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(flag, item, "KEY=VALUE", item)
        out[key.strip()] = parse_value(text)
    return out
