"""Search spaces: every bundled plan declares one that holds its own parameters; points map to params and back;
any point is a plan the compiled Principes engine plays; bad ranges are one clean error."""

import random

import pytest

from sim.balance.games import adapter
from sim.balance.space import parse_search
from sim.config import CONFIG_DIR, read_yaml
from sim.errors import ConfigError

PRINCIPES_PLANS = ("builder", "conqueror", "politician", "solo")
DARK_AGES_PLANS = ("culture", "expansion", "military")
PARAMS = {"army_target": 4, "attack_ratio": 1.5, "priorities": ["a", "b", "c"], "block": True, "wish": ["x", "z"],
          "target": "leader"}  # fmt: skip


def _random_point(space, rng):
    point = {}
    for name, c in space.coords().items():
        kind = type(c).__name__
        if kind == "Int":
            point[name] = rng.randint(c.lo, c.hi)
        elif kind == "Real":
            point[name] = rng.uniform(c.lo, c.hi)
        else:
            point[name] = rng.randrange(c.n)
    return point


def test_every_kind_round_trips():
    search = {"army_target": [2, 8], "attack_ratio": [0.5, 3.0], "priorities": "permutation", "block": "bool",
              "wish": {"subset_of": ["x", "y", "z"], "ordered": True}, "target": ["leader", "weakest"]}  # fmt: skip
    space = parse_search(search, PARAMS, "t.yaml")
    kinds = {d.name: d.kind for d in space.dims}
    assert kinds == {"army_target": "int", "attack_ratio": "real", "priorities": "permutation", "block": "bool",
                     "wish": "subset", "target": "choice"}  # fmt: skip
    assert space.decode(space.encode(PARAMS)) == {k: PARAMS[k] for k in search}
    rng = random.Random(1)
    for _ in range(200):
        params = space.decode(_random_point(space, rng))
        assert 2 <= params["army_target"] <= 8 and isinstance(params["army_target"], int)
        assert 0.5 <= params["attack_ratio"] <= 3.0
        assert sorted(params["priorities"]) == ["a", "b", "c"]
        assert set(params["wish"]) <= {"x", "y", "z"} and len(set(params["wish"])) == len(params["wish"])
        assert space.decode(space.encode({**PARAMS, **params})) == params  # every decoded point encodes back


def test_unordered_subset_keeps_the_listed_order_and_size_bounds():
    space = parse_search({"wish": {"subset_of": ["x", "y", "z"], "ordered": False, "min": 1, "max": 2}}, PARAMS, "t")
    assert space.decode({"wish[0]": 0.9, "wish[1]": 0.9, "wish[2]": 0.8}) == {
        "wish": ["z"]
    }  # too few in: the lowest key
    assert space.decode({"wish[0]": 0.3, "wish[1]": 0.1, "wish[2]": 0.2}) == {
        "wish": ["y", "z"]
    }  # at most 2, listed order


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ({"army_target": [5, 5]}, "lo < hi"),  # empty
        ({"army_target": [8, 2]}, "lo < hi"),  # reversed
        ({"army_target": {"range": [2, "x"]}}, "two numbers"),  # wrong type
        ({"army_target": [6, 9]}, "the plan's own value"),  # leaves out the plan's value (4)
        ({"army_target": "permutation"}, "permutation of a list"),
        ({"attack_ratio": {"range": [0, 3], "log": True}}, "log range above 0"),
        ({"block": "maybe"}, "one of"),
        ({"wish": {"subset_of": []}}, "non-empty list"),
        ({"wish": {"subset_of": ["x"], "ordered": True}}, "own value"),  # z is not among the items
        ({"unknown": [1, 2]}, "a parameter of the plan"),
        ({"target": ["leader"]}, "2 or more distinct"),
        ({}, "a mapping"),
    ],
)
def test_bad_ranges_are_config_errors(search, expected):
    with pytest.raises(ConfigError, match=expected) as err:
        parse_search(search, PARAMS, "plan.yaml")
    assert str(err.value).startswith("plan.yaml: search")


@pytest.mark.parametrize("name", PRINCIPES_PLANS)
def test_principes_plans_declare_a_space_that_plays_on_the_compiled_engine(name):
    from sim.games.principes.fast.policy.params import compile_strategy

    plan = adapter("principes", "t").plan(name, "t")
    assert plan.space is not None and len(plan.space.dims) >= 8
    assert plan.space.decode(plan.space.encode(plan.params)) == {n: plan.params[n] for n in plan.space.names}
    rng = random.Random(name)
    for _ in range(30):
        params = {**plan.params, **plan.space.decode(_random_point(plan.space, rng))}
        if plan.uses in ("builder", "conqueror", "politician"):
            compile_strategy(plan.uses, params)  # raises Unsupported for a point the engine cannot play


def test_a_tuned_plan_file_inherits_its_base_plans_space(tmp_path):
    path = tmp_path / "tuned-masovia.yaml"
    path.write_text("uses: politician\nparams: {army_target: 7}\n")
    plan = adapter("principes", "t").plan(str(path), "t")
    assert plan.label == "tuned-masovia" and plan.params["army_target"] == 7
    assert plan.space is not None and plan.source.endswith("politician.yaml")


@pytest.mark.parametrize("name", DARK_AGES_PLANS)
def test_dark_ages_plans_declare_a_space_over_their_params(name):
    from sim.games.dark_ages.fast.strategies import compile_strategy
    from strategies.dark_ages.scripted import load_plan

    raw = read_yaml(CONFIG_DIR / "dark_ages" / "strategies" / f"{name}.yaml")
    params = load_plan(name)["params"]  # the loader ignores search:
    space = parse_search(raw["search"], params, name)
    rng = random.Random(name)
    for _ in range(30):
        compile_strategy(name, {**params, **space.decode(_random_point(space, rng))})


def test_parameters_of_modules_left_off_are_not_searched():
    a = adapter("principes", "t")
    space = a.plan("builder", "t").space
    part1 = set(a.relevant(space, {"history": False}).names)
    full = set(a.relevant(space, {"progress": "tiles", "court": True, "princesses": True, "neighbors": True}).names)
    assert {"tile_wishlist", "princess", "court_text_max", "neighbor_reserve"} <= full - part1
    assert {"priorities", "army_target", "attack_ratio"} <= part1 and full == set(space.names)
