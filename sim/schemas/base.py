"""The shared pieces of every schema: strict models, capped counts, seeds, probabilities, and the translation of a
pydantic error into the one-line ``ConfigError`` (source, key path, expected, found).

A field's ``description`` is what "expected" says; without one, the error type says it ("a whole number ≤ 10").
Models are strict (no "3" → 3, no 1.0 → 1, no true → 1) and refuse unknown keys.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic_core import PydanticCustomError

from sim.errors import NOTHING, ConfigError

MAX_SEED = 2**64 - 1
MAX_TRIALS = 10**20  # a run this long starts at once (chunks are planned lazily) and stops cleanly on Ctrl-C
MAX_GAMES = 10**20
MAX_TEXT = 1_000  # a title or a name


class Strict(BaseModel):
    """A mapping with a fixed set of typed keys."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, hide_input_in_errors=True)


def count(cap: int, what: str = "a whole number") -> Any:
    """A whole number 0..cap: the cap is what the kernels hold (and far above what the rulebook allows)."""
    return Annotated[int, Field(ge=0, le=cap, description=f"{what} 0..{cap:,}")]


def whole(lo: int, hi: int, what: str = "a whole number") -> Any:
    return Annotated[int, Field(ge=lo, le=hi, description=f"{what} {lo:,}..{hi:,}")]


Seed = Annotated[int, Field(ge=0, le=MAX_SEED, description="a seed 0..2^64−1")]
Trials = Annotated[int, Field(ge=1, le=MAX_TRIALS, description="a whole number of trials 1..10^20")]
Games = Annotated[int, Field(ge=1, le=MAX_GAMES, description="a whole number of games 1..10^20")]
Probability = Annotated[float, Field(ge=0, le=1, allow_inf_nan=False, description="a probability in [0, 1]")]
Text = Annotated[str, Field(max_length=MAX_TEXT, description="text")]
Name = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^\S+$", description="a name")]
DottedKey = Annotated[
    str, Field(min_length=1, max_length=300, pattern=r"^[^\s.]+(\.[^\s.]+)*$", description="a dotted rules key")
]
RulesOverrides = Annotated[
    dict[DottedKey, Any], Field(description="a mapping of dotted rules keys to values, e.g. {battle_die.faces: [...]}")
]


def _listify(value: Any) -> Any:
    """``x`` or ``"a,b"`` → a list (the short forms some keys accept)."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


def names(*choices: str, what: str = "") -> Any:
    """A list of names from ``choices`` (a single name, or a comma list as one text, also works)."""
    literal = Literal[choices]  # type: ignore[valid-type]
    text = what or f"a list of {', '.join(choices)}"
    return Annotated[list[literal], BeforeValidator(_listify), Field(max_length=len(choices) * 4, description=text)]


def choice(*choices: Any) -> Any:
    """One of ``choices``; whole-number choices take whole numbers only (a Literal alone takes true for 1 and 1.0
    for 1, as Python's ``==`` does)."""
    literal = Literal[choices]  # type: ignore[valid-type]
    if all(isinstance(c, int) and not isinstance(c, bool) for c in choices):
        return Annotated[literal, BeforeValidator(_whole_only)]
    return literal


def _whole_only(value: Any) -> Any:
    if isinstance(value, (bool, float)):
        raise PydanticCustomError("sim_whole", "a whole number")
    return value


class RunKeys(Strict):
    """The keys every scenario or experiment file may hold besides its game's own."""

    game: Name
    title: Text = ""
    question: Text = ""
    seed: Seed | None = None
    rules: RulesOverrides | None = None


# ---- errors ---------------------------------------------------------------------------------------------------

_BY_TYPE = {
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "int_parsing": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "string_type": "text (a name)",
    "float_type": "a number",
    "float_parsing": "a number",
    "finite_number": "a finite number",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "list_type": "a list",
    "tuple_type": "a list",
    "none_required": "nothing (null)",
    "missing": "a value (it is required)",
}


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


_JSON_KIND = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"), (list, "array"),
              (dict, "object"), (type(None), "null"))  # fmt: skip


def _kind(value: Any) -> str:
    return next(name for kind, name in _JSON_KIND if isinstance(value, kind))


def _member(schema: dict, node: dict, value: Any) -> dict | None:
    """The member of a union that takes values of ``value``'s kind (None: several, or none)."""
    options = [_resolve(schema, o) for o in node.get("anyOf", node.get("oneOf", []))]
    kind = _kind(value)
    same = [
        o
        for o in options
        if o.get("type") == kind
        or ("enum" in o and kind == "string" and o.get("type") is None)
        or (kind == "integer" and o.get("type") == "number")
        or (kind == "object" and "properties" in o)
    ]
    if len(same) == 1:
        return {**same[0], **{k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}}
    return None


def _at(schema: dict, loc: tuple, data: Any = None) -> tuple[dict, int, dict | None]:
    """The JSON-schema node of ``loc`` (a pydantic error location without its union tags), how many loc items
    lead there, and the node's parent. A union is followed into the member of the input's kind; when the input
    could be several members, the walk stops there and the union's own description speaks for all of them."""
    node, parent, used = _resolve(schema, schema), None, 0
    for part in loc:
        node = _optional(schema, node)
        if "anyOf" in node or "oneOf" in node:
            member = _member(schema, node, data)
            if member is None:
                break
            node = member
        if part == "[key]":
            used += 1
            break
        if node.get("type") == "object" or "properties" in node or "additionalProperties" in node:
            props = node.get("properties", {})
            child = props.get(part) if isinstance(part, str) else None
            if child is None:
                extra = node.get("additionalProperties")
                if not isinstance(extra, dict) and node.get("patternProperties"):
                    extra = next(iter(node["patternProperties"].values()))
                if not isinstance(extra, dict):
                    break
                child = extra
            parent, node, used = node, _resolve(schema, child), used + 1
        elif node.get("type") == "array" and isinstance(part, int):
            prefix = node.get("prefixItems") or [{}]
            items = node.get("items") or prefix[min(part, len(prefix) - 1)]
            parent, node, used = node, _resolve(schema, items), used + 1
        else:
            break
        data = data.get(part) if isinstance(data, dict) else (
            data[part] if isinstance(data, list) and isinstance(part, int) and part < len(data) else None)  # fmt: skip
    node = _optional(schema, node)
    if ("anyOf" in node or "oneOf" in node) and _member(schema, node, data) is not None:
        node = _member(schema, node, data)
    return node, used, parent


def _untagged(loc: tuple, data: Any) -> tuple[tuple, bool]:
    """``loc`` without pydantic's union tags (``'list[...]'``, ``'function-after[...]'``): the parts that are not
    keys of the data; and whether every tag names the kind of the input where it stands."""
    out, matches = [], True
    for part in loc:
        if part == "[key]":
            out.append(part)
            continue
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        elif isinstance(part, str) and (part.endswith("]") or part in ("int", "str", "bool", "float", "none")
                                        or part[:1].isupper()):  # fmt: skip
            kind = _kind(data)
            tag = part.split("[", 1)[0]
            scalar = kind if kind not in ("array", "object") else "scalar"
            wanted = {
                "list": "array",
                "tuple": "array",
                "dict": "object",
                "int": "integer",
                "str": "string",
                "bool": "boolean",
                "float": "number",
                "literal": scalar,
                "constrained-str": "string",
            }
            matches &= wanted.get(tag, "object" if part[:1].isupper() else kind) == kind  # fmt: skip
            continue
        out.append(part)
    return tuple(out), matches


def _optional(schema: dict, node: dict) -> dict:
    """``X | None`` is ``X`` (its own keys and the wrapper's description)."""
    if "anyOf" in node or "oneOf" in node:
        options = [_resolve(schema, o) for o in node.get("anyOf", node.get("oneOf"))]
        plain = [o for o in options if o.get("type") != "null"]
        if len(plain) == 1:
            return {**plain[0], **{k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}}
    return node


def _path(loc: tuple) -> str:
    text = ""
    for part in loc:
        if part == "[key]":
            continue
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _expected(error: dict, node: dict, parent: dict | None, whole_union: bool) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    described = node.get("description")
    if kind == "missing":
        return described or "a value (it is required)"
    if whole_union or kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than", "literal_error",
                               "string_pattern_mismatch", "too_long", "too_short", "enum"):  # fmt: skip
        if described:
            return described
    if kind == "literal_error":
        return f"one of {ctx.get('expected', '')}".replace("'", "")
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        sign = {"greater_than_equal": "≥", "less_than_equal": "≤", "greater_than": ">", "less_than": "<"}[kind]
        bound = next(iter(ctx.values()), "?")
        return f"a number {sign} {bound}"
    if kind == "too_long":
        return f"at most {ctx.get('max_length')} items or characters"
    if kind == "too_short":
        return f"at least {ctx.get('min_length')} items or characters"
    if kind == "sim_whole" and node.get("enum"):
        return f"one of {', '.join(map(str, node['enum']))}"
    if kind in ("value_error", "assertion_error") or kind.startswith("sim_"):
        return str(error.get("msg", "")).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    return _BY_TYPE.get(kind) or described or str(error.get("msg", "a valid value"))


@functools.lru_cache(maxsize=64)
def _json_schema(model: type[BaseModel]) -> dict:
    return model.model_json_schema()


def validate(model: type[BaseModel], data: Any, source: str, prefix: str = "") -> BaseModel:
    """``data`` checked against ``model``, or the first problem as a ``ConfigError`` naming ``source`` and the
    key path (``prefix`` goes in front, e.g. ``seats[0].params``)."""
    try:
        return model.model_validate(data, context={"source": source})
    except ValidationError as exc:
        raise to_config_error(exc, model, data, source, prefix) from None


def to_config_error(exc: ValidationError, model: type[BaseModel], data: Any, source: str, prefix: str = ""):
    errors = exc.errors(include_url=False, include_input=True)
    located = [(e, *_untagged(tuple(e["loc"]), data)) for e in errors]
    error, loc, _ = next((x for x in located if x[2]), located[0])  # the union member of the input's kind
    schema = _json_schema(model)
    if error["type"] == "extra_forbidden":  # an unknown key: name the keys its mapping does have
        node, _, _ = _at(schema, loc[:-1], data)
        keys = sorted(node.get("properties", {}))
        expected = f"one of {', '.join(keys)}" if keys else "no such key"
        return ConfigError(source, _joined(prefix, _path(loc)), expected, loc[-1])
    if "[key]" in loc:  # a mapping's key is wrong (not its value): say what keys it takes
        at = loc.index("[key]") - 1
        node, _, _ = _at(schema, loc[:at], data)
        names = node.get("propertyNames", {})
        options = names.get("enum") or [o.get("const") for o in names.get("anyOf", []) if "const" in o]
        described = f"a key that is {names.get('description', 'a name')}"
        expected = f"one of {', '.join(map(str, options))}" if options else described
        key = _joined(_path(loc[:at]), str(loc[at])) if loc[:at] else str(loc[at])
        return ConfigError(source, _joined(prefix, key), expected, loc[at])
    node, used, parent = _at(schema, loc, data)
    whole_union = used < len([p for p in loc if p != "[key]"]) or "anyOf" in node  # stopped at a union: report it
    if whole_union:
        loc = loc[:used]
        found = _lookup(data, loc)
    else:
        found = NOTHING if error["type"] == "missing" else error.get("input")
    return ConfigError(source, _joined(prefix, _path(loc)), _expected(error, node, parent, whole_union), found)


def _joined(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix and key else (prefix or key)


def _lookup(data: Any, loc: tuple) -> Any:
    for part in loc:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return data
    return data
