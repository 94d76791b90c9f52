"""Hypothesis strategies for sim's inputs, drawn from the declared schemas (``sim.schemas``), and their mutations.

``from_schema`` turns a model's JSON schema into a strategy of valid-looking documents (small numbers more often
than large ones, names from the games' own vocabulary); ``mutated`` then breaks some of them the way a careless or
hostile user would: a key dropped or misspelt, a value of the wrong kind, a huge or non-finite number, a unicode
digit, a deep or self-referencing structure. The command must answer every one with exit 0 or a one-line error.
"""

from __future__ import annotations

import math

import yaml
from hypothesis import strategies as st

from sim.config import load_ruleset

WEIRD_TEXT = ["", " ", "²", "٣", "1e400", "nan", "-inf", "0x10", "1_000", "..", "1..", "..3", "3..1", "a=b=c",
              "knight=1,knight=2", "../../etc/passwd", "~", "$HOME", "%s%s", "\x00", "\u202e", "🐎", "x" * 300,
              "[1, 2", "{a: 1", "*a", "&a", "!!python/object:os.system", "- a", "? a"]  # fmt: skip
WEIRD_NUMBERS = [-1, -(2**63), 2**31, 2**63, 2**64, 2**64 + 1, 10**20, 10**400, 0.5, -0.0, 1e308,
                 math.inf, -math.inf, math.nan]  # fmt: skip


def vocabulary(game: str) -> list[str]:
    """Ids a user would type for ``game``: unit names (with Hussars' flags), rules groups."""
    rules = load_ruleset(game, read=("rules",))["rules"].values
    units = rules.get("units", {})
    names = list(units.get("player", units)) if isinstance(units, dict) else []
    if game == "principes":
        names = [u["name"] for u in units] if isinstance(units, list) else names
    if game == "hussars":
        names += [f"{n}:veteran" for n in names[:3]] + [f"{n}:wounded" for n in names[:2]]
    return [str(n) for n in names] or ["knight"]


def _ints(lo: int | None, hi: int | None) -> st.SearchStrategy:
    """Mostly small values (1..3 where allowed: armies of nothing are valid-looking but always refused)."""
    lo = -(2**70) if lo is None else lo
    hi = 2**70 if hi is None else hi
    if lo > hi:
        return st.nothing()
    small_lo = 1 if lo <= 1 <= hi else lo
    small = st.integers(small_lo, min(hi, small_lo + 2))
    return st.one_of(small, small, small, st.integers(lo, hi))


def _count_spec() -> st.SearchStrategy:
    """Hussars army counts: N, "a..b", "a/b/c" or {count: probability}."""
    n = st.integers(1, 3)
    return st.one_of(
        n,
        st.builds(lambda a, b: f"{a}..{a + b}", n, st.integers(0, 3)),
        st.lists(n, min_size=1, max_size=3).map(lambda xs: "/".join(map(str, xs))),
        st.dictionaries(n, st.floats(0.05, 1), min_size=1, max_size=3),
    )


def from_schema(schema: dict, names: list[str], node: dict | None = None, depth: int = 0) -> st.SearchStrategy:
    """A strategy of documents that follow ``node`` of ``schema`` (a pydantic model's JSON schema)."""
    node = schema if node is None else node
    if "$ref" in node:
        return from_schema(schema, names, schema["$defs"][node["$ref"].rsplit("/", 1)[-1]], depth)
    if "anyOf" in node or "oneOf" in node:
        options = node.get("anyOf") or node.get("oneOf")
        return st.one_of(*[from_schema(schema, names, o, depth) for o in options])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "const" in node:
        return st.just(node["const"])
    kind = node.get("type")
    if kind is None:
        if "range a..b" in node.get("description", ""):
            return _count_spec()
        return st.one_of(st.integers(0, 5), st.booleans(), st.sampled_from(names))
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return _ints(node.get("minimum"), node.get("maximum"))
    if kind == "number":
        lo, hi = node.get("minimum", -1e6), node.get("maximum", 1e6)
        return st.floats(lo, hi, allow_nan=False, allow_infinity=False)
    if kind == "string":
        if node.get("pattern") == r"^[^\s.]+(\.[^\s.]+)*$":  # a dotted rules key
            return st.sampled_from(RULES_KEYS)
        return st.one_of(st.sampled_from(names), st.text(min_size=1, max_size=12))
    if kind == "array":
        items = from_schema(schema, names, node.get("items", {}), depth + 1)
        lo = node.get("minItems", 0)
        return st.lists(items, min_size=lo, max_size=max(lo, min(node.get("maxItems", 4), 4)))
    if kind == "object":
        props = node.get("properties")
        if props:
            required = set(node.get("required", []))
            fixed = {k: from_schema(schema, names, v, depth + 1) for k, v in props.items() if k in required}
            optional = {k: from_schema(schema, names, v, depth + 1) for k, v in props.items() if k not in required}
            return st.fixed_dictionaries(fixed, optional=optional)
        values = node.get("additionalProperties") or next(iter((node.get("patternProperties") or {}).values()), {})
        key_names = (node.get("propertyNames") or {}).get("enum")
        keys = st.sampled_from(key_names) if key_names else st.sampled_from(names)
        lo = node.get("minProperties", 1 if node.get("minLength") or "army" in node.get("description", "") else 0)
        return st.dictionaries(keys, from_schema(schema, names, values or {}, depth + 1), min_size=lo, max_size=3)
    return st.none()


def rules_values(game: str, stem: str = "rules") -> list[tuple[str, str]]:
    """(override key, its current value as YAML) for a game's rules file: the valid end of ``--set``."""
    ruleset = load_ruleset(game, read=(stem,))
    return [(ruleset.override_key(stem, p.key), yaml.safe_dump(p.value, default_flow_style=True).strip())
            for p in ruleset[stem].provenance]  # fmt: skip


RULES_KEYS = [key for game in ("principes", "dark_ages", "hussars") for key, _ in rules_values(game)]


junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.sampled_from(WEIRD_NUMBERS), st.integers(), st.sampled_from(WEIRD_TEXT),
              st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5) | st.integers(), inner,
                                                                         max_size=3)),
    max_leaves=8,
)  # fmt: skip


@st.composite
def mutated(draw, documents: st.SearchStrategy, names: list[str]) -> dict:
    """A document, then up to three breakages of it."""
    doc = draw(documents)
    if not isinstance(doc, dict):
        return doc
    doc = dict(doc)
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))):  # half the documents stay valid
        paths = list(_paths(doc))
        op = draw(st.sampled_from(["drop", "unknown", "junk", "number", "text", "rename", "nest"]))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _parent(doc, path)
        if op == "drop":
            del parent[key]
        elif op == "unknown":
            extra = draw(st.sampled_from(["nope", "Attacker", "attacker ", "trials", "seed", "game", "rules"]))
            if isinstance(parent, dict):
                parent[extra] = draw(junk)
            else:
                parent.append(draw(junk))
        elif op == "junk":
            parent[key] = draw(junk)
        elif op == "number":
            parent[key] = draw(st.sampled_from(WEIRD_NUMBERS))
        elif op == "text":
            parent[key] = draw(st.sampled_from(WEIRD_TEXT + names))
        elif op == "rename" and isinstance(parent, dict) and isinstance(key, str):
            parent[key + draw(st.sampled_from(["s", "_", "2"]))] = parent.pop(key)
        elif op == "nest":
            parent[key] = {"value": parent[key]} if draw(st.booleans()) else [parent[key]]
    return doc


def _paths(doc, prefix=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


def _parent(doc, path):
    node = doc
    for part in path[:-1]:
        node = node[part]
    return node, path[-1]


def army_text(names: list[str]) -> st.SearchStrategy:
    """``--attacker`` values: mostly well formed, often not."""
    good = st.builds(lambda n, c: f"{n}={c}", st.sampled_from(names), st.integers(1, 3))
    count = st.one_of(st.integers(0, 5).map(str), st.sampled_from(["²", "-1", "1.5", "", "x", "10" * 12, "2..4",
                                                                   "3/4", "1e3", " 2 ", "０"]))  # fmt: skip
    bad = st.one_of(
        st.builds(lambda n, c: f"{n}={c}", st.sampled_from(names), count),
        st.sampled_from(names),
        st.text(alphabet="=,.:²abc 01", max_size=6),
    )
    item = st.one_of(good, good, good, good, good, bad)
    return st.one_of(st.lists(good, min_size=1, max_size=3), st.lists(item, max_size=3)).map(",".join)
