"""Rules files: provenance on every value, overrides by dotted path, errors with key paths."""

import pytest

from sim.config import load_rules, parse_assignments
from sim.errors import ConfigError


def write(tmp_path, text):
    path = tmp_path / "rules.yaml"
    path.write_text(text)
    return path


def test_values_and_provenance(tmp_path):
    path = write(
        tmp_path,
        "game: g\na:\n  b: {value: 3, source: rulebook, ref: p. 4}\n"
        "c: {value: [x, y], source: assumed, reason: not printed}\n",
    )
    rules = load_rules("g", path=path)
    assert rules.values == {"a": {"b": 3}, "c": ["x", "y"]}
    assert [(p.key, p.source) for p in rules.assumptions()] == [("c", "assumed")]


def test_every_value_needs_provenance(tmp_path):
    with pytest.raises(ConfigError, match=r"a\.b: expected a value with provenance"):
        load_rules("g", path=write(tmp_path, "a:\n  b: 3\n"))
    with pytest.raises(ConfigError, match=r"c\.reason"):
        load_rules("g", path=write(tmp_path, "c: {value: 1, source: assumed}\n"))
    with pytest.raises(ConfigError, match=r"c\.source"):
        load_rules("g", path=write(tmp_path, "c: {value: 1, source: folklore, reason: x}\n"))


def test_override_replaces_value_and_provenance(tmp_path):
    path = write(tmp_path, "a:\n  b: {value: 3, source: rulebook, ref: p. 4}\n")
    rules = load_rules("g", {"a.b": 5}, path=path)
    assert rules.values["a"]["b"] == 5
    assert [(p.key, p.source) for p in rules.provenance] == [("a.b", "override")]
    with pytest.raises(ConfigError, match=r"a\.x"):
        load_rules("g", {"a.x": 1}, path=path)


def test_parse_assignments():
    assert parse_assignments(["a.b=3", "c=[x, y]", "d=true"]) == {"a.b": 3, "c": ["x", "y"], "d": True}
    with pytest.raises(ConfigError):
        parse_assignments(["novalue"])


def test_bundled_principes_rules_are_complete():
    rules = load_rules("principes")
    keys = {p.key for p in rules.assumptions()}
    assert keys == {"battle_die.faces", "battle_die.opposite"}


def test_override_keeps_the_shape_of_what_it_replaces(tmp_path):
    path = write(
        tmp_path, "a:\n  b: {value: 3, source: rulebook, ref: p. 4}\nc: {value: [x], source: assumed, reason: r}\n"
    )
    with pytest.raises(ConfigError, match="expected a mapping"):
        load_rules("g", {"a": 3}, path=path)
    with pytest.raises(ConfigError, match="expected a list"):
        load_rules("g", {"c": "x"}, path=path)
    with pytest.raises(ConfigError, match="a single value"):
        load_rules("g", {"a.b": [1]}, path=path)
    assert load_rules("g", {"c": ["y", "z"]}, path=path).values["c"] == ["y", "z"]
