"""YAML → plain values with provenance; ``--set`` overrides; errors with key paths.

A rules file is a tree whose leaves carry their provenance::

    battle_die:
      faces: {value: [sword, shield, coin], source: assumed, reason: "the rulebook names no counts"}
    castle_shields: {value: 2, source: rulebook, ref: "p. 22, Buildings"}

``load_rules`` strips the provenance into a plain values tree (what the game's ``rules.py`` validates)
and a flat list of ``Provenance`` records (what ``sim rules`` and the reports print).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from sim.errors import ConfigError
from sim.files import read_bytes

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


MAX_YAML_BYTES = 8 << 20  # no configuration is near this; a bigger file is a mistake (or an attack)
MAX_DEPTH = 200  # nesting levels; the shipped files use fewer than 10
MAX_YAML_NODES = 200_000  # values that aliases repeat: far above every shipped file, far below a bomb
MAX_DIGITS = 30  # digits of a whole number: every cap sim has is far smaller (a seed has 20), and a longer one
# would cost Python a quadratic conversion (it refuses past 4,300 digits)


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when built in: the same data, ~9x faster
    """The safe loader, refusing a key given twice in one mapping (YAML says keys are unique; the last would win)."""

    def construct_yaml_int(self, node):
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > MAX_DIGITS:
            raise _BadNode(node.start_mark, f"a whole number of at most {MAX_DIGITS} digits",
                           f"a number of {digits:,} digits")  # fmt: skip
        return super().construct_yaml_int(node)

    def construct_mapping(self, node, deep=False):
        seen: dict = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            if key is None:  # `null: …` or `~: …`, or a key left empty (`: 3`)
                raise _BadNode(key_node.start_mark, "a key that is a name (quote it to mean the word: 'null')",
                               f"null at line {key_node.start_mark.line + 1}")  # fmt: skip
            try:
                first = seen.setdefault(key, key_node)
            except TypeError:  # an unhashable key ([a, b]: 1) is the constructor's error to report
                continue
            if first is not key_node:
                raise _DuplicateKey(key, first.start_mark.line + 1, key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


class _BadNode(Exception):
    def __init__(self, mark, expected: str, found: str):
        self.line, self.column, self.expected, self.found = mark.line + 1, mark.column, expected, found


class _DuplicateKey(Exception):
    def __init__(self, key, first: int, mark):
        self.key, self.first, self.again, self.column = key, first, mark.line + 1, mark.column


SAFE_LOADER = _Loader


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file, turning every I/O, encoding or syntax problem into a one-line ConfigError.

    The file must be UTF-8 text of at most ``MAX_YAML_BYTES``; a key given twice in one mapping, and aliases that
    expand to more than ``MAX_YAML_NODES`` values (a "billion laughs" bomb) or refer to themselves, are errors."""
    return parse_yaml(read_bytes(path, MAX_YAML_BYTES, "a readable YAML file"), str(path))


def parse_yaml(data: bytes | str, source: str) -> Any:
    """``read_yaml`` for text already in memory (``source`` names it in errors)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > MAX_YAML_BYTES:
        raise ConfigError(source, "", f"a YAML file of at most {MAX_YAML_BYTES >> 20} MB", "a larger file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        kind = "UTF-16 text" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else f"byte 0x{data[exc.start]:02x}"
        raise ConfigError(source, "", "UTF-8 text", f"{kind} at offset {exc.start}") from None
    if "\x00" in text:
        raise ConfigError(source, "", "a YAML text file", "binary data (a NUL byte)")
    if _flow_depth(text) > MAX_DEPTH:  # before parsing: libyaml's composer recurses in C, past Python's guard
        raise ConfigError(source, "", f"YAML nested at most {MAX_DEPTH} levels deep", "deeper nesting")
    try:
        value = yaml.load(text, Loader=SAFE_LOADER)
    except _BadNode as bad:
        raise ConfigError(source, _key_path(text, bad.line, bad.column), bad.expected, bad.found) from None
    except _DuplicateKey as dup:
        key = _key_path(text, dup.again, dup.column) or str(dup.key)
        first = f"each key once (first at line {dup.first})"
        raise ConfigError(source, key, first, f"{dup.key} again at line {dup.again}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else "?"
        raise ConfigError(
            source, "", "valid YAML", f"a syntax error at {where}: {getattr(exc, 'problem', exc)}"
        ) from None
    except RecursionError:
        raise ConfigError(source, "", f"YAML nested at most {MAX_DEPTH} levels deep", "deeper nesting") from None
    _check_expansion(value, source)
    return value


def _key_path(text: str, line: int, column: int) -> str:
    """The dotted path of the mapping key, or of the value, at ``line`` (1-based) and ``column``, from the composed
    node tree ("" at the top level or when not found)."""
    found: list[str] = []

    def at(node) -> bool:
        return (node.start_mark.line + 1, node.start_mark.column) == (line, column)

    def walk(node, path: list[str]) -> bool:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = [*path, str(getattr(key, "value", "?"))]
                if at(key) or at(value) and not isinstance(value, (yaml.MappingNode, yaml.SequenceNode)):
                    found.extend(here)
                    return True
                if walk(value, here):
                    return True
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                here = [*path[:-1], f"{path[-1]}[{i}]"] if path else [f"[{i}]"]
                if at(item) and not isinstance(item, (yaml.MappingNode, yaml.SequenceNode)):
                    found.extend(here)
                    return True
                if walk(item, here):
                    return True
        return False

    try:
        walk(yaml.compose(text, Loader=yaml.SafeLoader), [])
    except (yaml.YAMLError, RecursionError, ValueError):
        return ""
    return ".".join(found)


def _flow_depth(text: str) -> int:
    """The deepest nesting of flow brackets, counting brackets inside strings too (an upper bound)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _check_expansion(value: Any, source: str) -> None:
    """Refuse a tree whose aliases repeat more than ``MAX_YAML_NODES`` values (a "billion laughs" bomb), or that
    contains itself. A long list written out in full repeats nothing, however long: only what the expanded tree
    holds beyond the values written in the file counts. Shared nodes are sized once (memoised by id), so the check
    is linear in the file, not in the expansion."""
    sizes: dict[int, int] = {}
    active: set[int] = set()
    written = 1  # the values the file holds once each: the root and each distinct container's children

    def size(node: Any, depth: int) -> int:
        nonlocal written
        if not isinstance(node, (dict, list)):
            return 1
        ident = id(node)
        if ident in sizes:
            return sizes[ident]
        if ident in active:
            raise ConfigError(source, "", "no alias that refers to itself", "a recursive alias")
        if depth > MAX_DEPTH:
            raise ConfigError(source, "", f"YAML nested at most {MAX_DEPTH} levels deep", "deeper nesting")
        active.add(ident)
        children = [*node.keys(), *node.values()] if isinstance(node, dict) else node
        written += len(children)
        total = 1
        for child in children:
            total += size(child, depth + 1)
            if total - written > MAX_YAML_NODES:
                raise ConfigError(source, "", f"aliases that repeat at most {MAX_YAML_NODES:,} values",
                                  "more (an alias bomb?)")  # fmt: skip
        active.discard(ident)
        sizes[ident] = total
        return total

    size(value, 0)


def parse_value(text: str, source: str = "--set") -> Any:
    """A ``--set`` value is YAML: ``3``, ``[sword, shield]``, ``true``; text that is not YAML stays text. The
    limits of ``read_yaml`` hold (no duplicate keys, no alias bombs)."""
    try:
        return parse_yaml(text, source)
    except ConfigError as exc:
        if str(exc.found).startswith("a syntax error"):
            return text
        raise


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
    path = Path(path) if path else game_dir(game) / "rules.yaml"
    base, stripped = _stripped(str(path), _file_stamp(path))
    values, provenance = copy.deepcopy(base), list(stripped)
    for key, value in (overrides or {}).items():
        where = (override_sources or {}).get(key, "--set")
        if not isinstance(key, str) or not key:
            raise ConfigError(where, str(key), "a dotted rules key such as battle_die.faces", key)
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
            check_like(node[part], value, key, source)
            node[part] = copy.deepcopy(value)
        else:
            node = node[part]


MAX_RULE_INT = 10_000  # a rules whole number's cap: the largest printed one is 102; int64 tables hold far more
PROBABILITY_WORDS = ("probability", "prob", "fraction", "chance", "share")  # such values stay in [0, 1]
DIE_WORDS = ("die", "dice", "faces")  # a die's size stays ≥ 1 (a 0-sided die divides by zero)


def check_like(old: Any, new: Any, key: str, source: str) -> None:
    """An override keeps what the rules hold: a group stays a mapping, a list a list (and not empty when it had
    values, e.g. a die's faces) whose items keep their kind, a number a finite number of the same kind, a flag a
    flag, a name a name; a number that the rulebook gives as ≥ 0 (a cost, a count, a limit) stays ≥ 0, a whole
    number stays within ±``MAX_RULE_INT``, a probability or fraction within [0, 1] and a die's size ≥ 1. The game's
    loader checks the finer rules."""
    for kind, name in ((dict, "a mapping (set one of its keys, e.g. KEY.name)"), (list, "a list such as [a, b]")):
        if isinstance(old, kind) != isinstance(new, kind):
            expected = name if isinstance(old, kind) else "a single value, like the one it replaces"
            raise ConfigError(source, key, expected, new)
    if isinstance(old, dict):
        for name, value in new.items():  # a whole group replaced at once (a mapping inside a value)
            if name in old:
                check_like(old[name], value, f"{key}.{name}", source)
        return
    if isinstance(old, list):
        if old and not new:
            raise ConfigError(source, key, "a non-empty list", new)
        kinds = {_kind_of(item) for item in old}
        if len(kinds) == 1 and old:  # each item like the one it replaces (a new one like the first)
            for i, item in enumerate(new):
                check_like(old[i] if i < len(old) else old[0], item, f"{key}[{i}]", source)
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
        if isinstance(new, int) and abs(new) > MAX_RULE_INT:
            raise ConfigError(source, key, f"{_kind(old)} of at most {MAX_RULE_INT:,}", new)
        name = key.rsplit(".", 1)[-1]
        if 0 <= old <= 1 and any(w in name for w in PROBABILITY_WORDS) and not 0 <= new <= 1:
            raise ConfigError(source, key, "a probability or fraction in [0, 1]", new)
        if isinstance(old, int) and old >= 1 > new and any(w in name.split("_") for w in DIE_WORDS):
            raise ConfigError(source, key, "a die size ≥ 1", new)
    elif isinstance(old, str) and not isinstance(new, str):
        raise ConfigError(source, key, "a name, like the one it replaces", new)


def _kind_of(value: Any) -> str:
    for kind, name in (
        (bool, "flag"),
        (int, "number"),
        (float, "number"),
        (str, "name"),
        (list, "list"),
        (dict, "map"),
    ):
        if isinstance(value, kind):
            return name
    return "null"


def _kind(value: Any) -> str:
    return "a whole number" if isinstance(value, int) else "a number"


def parse_assignments(items: tuple[str, ...] | list[str], flag: str = "--set") -> dict[str, Any]:
    """``["a.b=3", "c=[x,y]"]`` → ``{"a.b": 3, "c": ["x", "y"]}``; a key given twice is an error, not "last wins"."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(flag, item, "KEY=VALUE", item)
        if key in out:
            raise ConfigError(flag, key, "each key once", item)
        out[key] = parse_value(text, f"{flag} {key}")
    return out


# --- every rules file of a game ----------------------------------------------------------------------------------


def game_dir(game: Any, config_dir: Path = CONFIG_DIR) -> Path:
    """``configs/<game>``: a game name is one folder directly under the configs (a name read from a saved file, such
    as ``../../etc``, never leads a read outside them)."""
    if not isinstance(game, str) or not game or game in (".", "..") or "/" in game or "\\" in game \
            or not (config_dir / game).is_dir():  # fmt: skip
        known = sorted(p.name for p in config_dir.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        raise ConfigError("game", "", f"one of {', '.join(known)} (a folder of {config_dir.name}/)", game)
    return config_dir / game


def rules_files(game: str, config_dir: Path = CONFIG_DIR) -> tuple[str, ...]:
    """The stems of a game's rules files (``configs/<game>/*.yaml``), ``rules`` (the battle rules) first."""
    stems = sorted(p.stem for p in game_dir(game, config_dir).glob("*.yaml"))
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


_check_shape = check_like  # the name other modules (and tests) knew it by


@contextlib.contextmanager
def blame_overrides(rules: Rules | None, blamed: str = "", source: str = "", keys: set | frozenset = frozenset()):
    """Inside the block, a ``ConfigError`` that a game's loader raised against the rules file (``rules.path``) for a
    value that an override set names the override's source (``--set``, ``FILE: rules``) instead of the file; one
    raised against ``blamed`` for one of ``keys`` names ``source``. The user changed that value, not the file."""
    try:
        yield
    except ConfigError as exc:
        head = exc.key.split("[")[0]
        if rules is not None and exc.source == rules.path and rules.origin(head) != rules.path:
            raise ConfigError(rules.origin(head), exc.key, exc.expected, exc.found) from None
        if blamed and exc.source == blamed and any(head == k or head.startswith(k + ".") for k in keys):
            raise ConfigError(source, exc.key, exc.expected, exc.found) from None
        raise
