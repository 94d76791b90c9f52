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
import functools
import hashlib
import json
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
    note: str  # the rulebook reference, the reason for the assumption, or where the override came from


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
        """Where the value at ``key`` was set, for error messages: the override's source or the rules file."""
        for p in self.provenance:
            if p.source == "override" and (key == p.key or key.startswith(p.key + ".") or key.startswith(p.key + "[")):
                return p.note
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


@functools.lru_cache(maxsize=64)
def _stripped(path: str, stamp: tuple[int, int]) -> tuple[dict, tuple[Provenance, ...]]:
    """A rules file's values tree and provenance, parsed once per file version (``stamp``: mtime, size)."""
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise ConfigError(str(path), "", "a mapping of rules", type(raw).__name__)
    provenance: list[Provenance] = []
    values = _strip({k: v for k, v in raw.items() if k != "game"}, "", str(path), provenance)
    return values, tuple(provenance)


def _file_stamp(path: Path) -> tuple[int, int]:
    try:
        st = path.stat()
    except OSError as exc:
        raise ConfigError(str(path), "", "a readable YAML file", exc.strerror or str(exc)) from None
    return st.st_mtime_ns, st.st_size


def load_rules(
    game: str,
    overrides: dict[str, Any] | None = None,
    path: str | Path | None = None,
    override_sources: dict[str, str] | None = None,
) -> Rules:
    """Read ``configs/<game>/rules.yaml`` (or ``path``) and apply dotted-path overrides.

    ``override_sources`` names where each override came from for error messages (default ``--set``)."""
    path = Path(path) if path else CONFIG_DIR / game / "rules.yaml"
    base, stripped = _stripped(str(path), _file_stamp(path))
    values, provenance = copy.deepcopy(base), list(stripped)
    for key, value in (overrides or {}).items():
        where = (override_sources or {}).get(key, "--set")
        set_path(values, key, value, where)
        provenance = [p for p in provenance if p.key != key and not p.key.startswith(key + ".")]
        provenance.append(Provenance(key, value, "override", where))
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
    """An override keeps what the rules hold: a group stays a mapping, a list a list (and not empty when it had
    values, e.g. a die's faces), a number a number of the same kind, a flag a flag, a name a name; a number that
    the rulebook gives as ≥ 0 (a cost, a count, a limit) stays ≥ 0. The game's loader checks the finer rules."""
    for kind, name in ((dict, "a mapping (set one of its keys, e.g. KEY.name)"), (list, "a list such as [a, b]")):
        if isinstance(old, kind) != isinstance(new, kind):
            expected = name if isinstance(old, kind) else "a single value, like the one it replaces"
            raise ConfigError(source, key, expected, new)
    if isinstance(old, list):
        if old and not new:
            raise ConfigError(source, key, "a non-empty list", new)
        return
    if isinstance(old, bool) or isinstance(new, bool):
        if isinstance(old, bool) != isinstance(new, bool):
            raise ConfigError(source, key, "true or false" if isinstance(old, bool) else _kind(old), new)
        return
    if isinstance(old, (int, float)):
        if not isinstance(new, (int, float)) or (isinstance(old, int) and not isinstance(new, int)):
            raise ConfigError(source, key, _kind(old), new)
        if new != new or new in (float("inf"), float("-inf")):
            raise ConfigError(source, key, "a finite number", new)
        if old >= 0 > new:
            raise ConfigError(source, key, _kind(old) + " ≥ 0", new)
    elif isinstance(old, str) and not isinstance(new, str):
        raise ConfigError(source, key, "a name, like the one it replaces", new)


def _kind(value: Any) -> str:
    return "a whole number" if isinstance(value, int) else "a number"


def parse_assignments(items: tuple[str, ...] | list[str], flag: str = "--set") -> dict[str, Any]:
    """``["a.b=3", "c=[x,y]"]`` → ``{"a.b": 3, "c": ["x", "y"]}``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(flag, item, "KEY=VALUE", item)
        out[key.strip()] = parse_value(text)
    return out


# --- every rules file of a game ----------------------------------------------------------------------------------


def rules_files(game: str, config_dir: Path = CONFIG_DIR) -> tuple[str, ...]:
    """The stems of a game's rules files (``configs/<game>/*.yaml``), ``rules`` (the battle rules) first."""
    stems = sorted(p.stem for p in (config_dir / game).glob("*.yaml"))
    if not stems:
        raise ConfigError("game", "", f"a game with rules files under {config_dir.name}/", game)
    return tuple(sorted(stems, key=lambda s: (s != "rules", s)))


def _has_path(tree: Any, parts: list[str]) -> bool:
    for part in parts:
        if not isinstance(tree, dict) or part not in tree:
            return False
        tree = tree[part]
    return True


@dataclass(frozen=True)
class RuleSet:
    """Every rules file of a game with the overrides applied: ``files[stem]`` is that file's ``Rules``.

    An override key is a dotted path into one file. It may start with the file's stem (``neighbors.cards.…``,
    ``board.provinces.saxony.neighbours``); without it, it names the one file where that path exists
    (``battle_die.faces`` is in rules.yaml, ``taxes.people_cost`` in game.yaml). ``digest`` identifies the values,
    so compiled tables can be cached per rule set."""

    game: str
    files: dict[str, Rules]
    digest: str

    def __getitem__(self, stem: str) -> Rules:
        return self.files[stem]

    def values(self, stem: str) -> dict:
        return self.files[stem].values

    def override_key(self, stem: str, key: str) -> str:
        """The shortest key that ``rules:`` or ``--set`` takes for ``key`` of file ``stem``."""
        found = [s for s, r in self.files.items() if _has_path(r.values, key.split("."))]
        return key if found == [stem] else f"{stem}.{key}"

    def entries(self) -> list[tuple[str, Provenance]]:
        """(override key, provenance) of every value of every file."""
        return [(self.override_key(stem, p.key), p) for stem, r in self.files.items() for p in r.provenance]


def route_key(
    game: str, key: str, bases: dict[str, dict], source: str = "--set", read: tuple[str, ...] | None = None
) -> tuple[str, str]:
    """The file (stem) and the key inside it that the dotted override ``key`` names, given each file's values;
    an unknown key's message lists the top-level keys of the files ``read`` (default: all)."""
    parts = key.split(".")
    found = [(s, key) for s, tree in bases.items() if _has_path(tree, parts)]
    if parts[0] in bases and len(parts) > 1 and _has_path(bases[parts[0]], parts[1:]):
        found.append((parts[0], ".".join(parts[1:])))
    found = list(dict.fromkeys(found))
    if len(found) == 1:
        return found[0]
    if found:
        options = " or ".join(f"{s}.{k}" for s, k in found)
        raise ConfigError(source, key, f"a key naming its file, since several files hold it: {options}", key)
    tops = {s: sorted(map(str, t)) for s, t in bases.items()}
    holder = [s for s, t in tops.items() if parts[0] in t] or ([parts[0]] if parts[0] in bases else [])
    if holder:  # the group exists: name its file and the keys it does have
        stem = holder[0]
        inner = parts if parts[0] != stem or parts[0] in tops[stem] else parts[1:]
        node: Any = bases[stem]
        for i, part in enumerate(inner):
            if not isinstance(node, dict) or part not in node:
                known = ", ".join(map(str, sorted(node))) if isinstance(node, dict) else "none: it is a value"
                where = ".".join(inner[:i]) or "the top level"
                raise ConfigError(source, key, f"a key of {stem}.yaml ({where} has: {known})", key)
            node = node[part]
    shown = [s for s in tops if read is None or s in read]
    listing = "; ".join(f"{s}.yaml: {', '.join(tops[s])}" for s in shown)
    files = f"one of {game}'s rules files" if len(shown) > 1 else f"{shown[0]}.yaml"
    listing = listing if len(shown) > 1 else ", ".join(tops[shown[0]])
    raise ConfigError(source, key, f"a key of {files} ({listing})", key)


def load_ruleset(
    game: str,
    overrides: dict[str, Any] | None = None,
    sources: dict[str, str] | None = None,
    read: tuple[str, ...] | None = None,
    config_dir: Path = CONFIG_DIR,
) -> RuleSet:
    """Every rules file of ``game`` with ``overrides`` (dotted keys, routed to their file) applied.

    ``sources`` names where each override came from (default ``--set``); ``read`` lists the files the caller
    uses, so an override of a file it does not read is an error naming that file rather than a silent no-op."""
    stems = rules_files(game, config_dir)
    paths = {s: config_dir / game / f"{s}.yaml" for s in stems}
    bases = {s: _stripped(str(p), _file_stamp(p))[0] for s, p in paths.items()}
    routed: dict[str, dict[str, Any]] = {s: {} for s in stems}
    routed_sources: dict[str, dict[str, str]] = {s: {} for s in stems}
    for key, value in (overrides or {}).items():
        where = (sources or {}).get(key, "--set")
        if not isinstance(key, str) or not key:
            raise ConfigError(where, str(key), "a dotted rules key such as battle_die.faces", key)
        stem, inner = route_key(game, key, bases, where, read)
        if read is not None and stem not in read:
            raise ConfigError(
                where,
                key,
                f"a key of a file this command reads ({', '.join(f'{s}.yaml' for s in read)})",
                f"a key of {stem}.yaml",
            )
        routed[stem][inner] = value
        routed_sources[stem][inner] = where
    files = {s: load_rules(game, routed[s], paths[s], routed_sources[s]) for s in stems if read is None or s in read}
    blob = json.dumps({s: r.values for s, r in files.items()}, sort_keys=True, default=str).encode()
    return RuleSet(game, files, hashlib.sha1(blob).hexdigest()[:16])
