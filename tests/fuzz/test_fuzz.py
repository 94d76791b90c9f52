"""Fuzzing every input: army strings, flag values, YAML scenarios, experiments, plans and rules overrides.

For every generated input the command ends within ``BOUND`` seconds, exits 0 or 2 (a one-line error), never
prints a traceback or "internal error", and leaves no file outside the output path it was given. Inputs come
from the declared schemas (``sim.schemas``) and from mutations of them (``generate.py``). The default suite runs
a fixed, derandomised sample in-process (``SIM_FUZZ_EXAMPLES`` scales it); ``make fuzz`` runs a long random search.
"""

from __future__ import annotations

import os

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sim.games import GAMES, having
from tests.fuzz.generate import (
    WEIRD_NUMBERS,
    WEIRD_TEXT,
    army_text,
    from_schema,
    junk,
    mutated,
    rules_values,
    vocabulary,
)
from tests.fuzz.harness import invoke, problems, sandbox

SCALE = float(os.environ.get("SIM_FUZZ_EXAMPLES", "1"))
LONG = os.environ.get("SIM_FUZZ") == "long"
BOUND = 30.0  # seconds a command may take on this machine (the slowest valid fuzzed input takes a few)
NAMES = {game: vocabulary(game) for game in having("scenario_schema")}


def fuzz_settings(examples: int):
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        derandomize=not LONG,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


def check(argv: list[str]) -> None:
    with sandbox() as box:
        code, out, err, seconds = invoke(box.argv(list(argv)), BOUND)
    found = problems(code, out, err, seconds, BOUND)
    if box.strays:
        found.append(f"files outside the output path: {box.strays[:5]}")
    assert not found, f"sim {' '.join(map(repr, argv))}: {'; '.join(found)}"


def check_file(body, command: str, *flags: str) -> None:
    """Write ``body`` (a document, YAML text or bytes) as the input file of ``sim COMMAND FILE FLAGS…`` and check it."""
    with sandbox() as box:
        path = box.input("input.yaml")
        if isinstance(body, bytes):
            path.write_bytes(body)
        else:
            path.write_text(body if isinstance(body, str) else _dump(body))
        code, out, err, seconds = invoke([command, str(path), *flags, "--no-progress"], BOUND)
    found = problems(code, out, err, seconds, BOUND) + [f"files outside the output path: {box.strays[:5]}"] * bool(
        box.strays
    )
    assert not found, f"{body!r:.600}: {'; '.join(found)}"


@pytest.fixture(scope="module", autouse=True)
def warm():
    """Compile (or load from numba's cache) each game's battle kernels before the timed examples."""
    for game, army in (("principes", "knight=1"), ("dark_ages", "infantry=1"), ("hussars", "cossack=1")):
        code, _, err, _ = invoke(["battle", game, "--attacker", army, "--defender", army, "--trials", "100",
                                  "--no-progress"])  # fmt: skip
        assert code == 0, err


# ---- army strings ----


@pytest.mark.parametrize("game", sorted(having("scenario_schema")))
@fuzz_settings(25)
@given(data=st.data())
def test_army_strings(game, data):
    names = NAMES[game]
    attacker = data.draw(army_text(names), "attacker")
    defender = data.draw(army_text(names), "defender")
    check(["battle", game, "--attacker", attacker, "--defender", defender, "--trials", "500", "--no-progress"])


# ---- flag values ----

FLAG_VALUES = st.one_of(st.sampled_from(WEIRD_TEXT), st.sampled_from([str(n) for n in WEIRD_NUMBERS]),
                        st.integers(-3, 3).map(str), st.text(max_size=6))  # fmt: skip
FLAGS = ["--trials", "--seed", "--workers", "--chunk", "--precision", "--target", "--site", "--settlements",
         "--attacker-faction", "--attacker-tiles", "--attacker-cards", "--defender-bonus", "--set", "--save",
         "--solve-for"]  # fmt: skip


GOOD = {"--trials": ["1000"], "--seed": ["0", "5", str(2**64 - 1)], "--workers": ["1"], "--chunk": ["100"],
        "--precision": ["0.05"], "--target": ["0.5"], "--site": ["city", "gord"], "--settlements": ["1", "2"],
        "--attacker-faction": ["masovia", "neutral"], "--attacker-tiles": ["learning_chess"],
        "--attacker-cards": ["sword=1"], "--defender-bonus": ["shields=1"], "--set": ["defender_shields.castle=1"],
        "--save": ["out"], "--solve-for": ["attacker.knight"]}  # fmt: skip
FLAG = st.sampled_from(FLAGS).flatmap(
    lambda flag: st.tuples(st.just(flag), st.one_of(st.sampled_from(GOOD[flag]), st.sampled_from(GOOD[flag]),
                                                    FLAG_VALUES))
)  # fmt: skip


@fuzz_settings(40)
@given(flags=st.lists(FLAG, max_size=3))
def test_flag_values(flags):
    argv = ["battle", "principes", "--attacker", "knight=2", "--defender", "knight=1", "--trials", "500"]
    for flag, value in flags:
        argv += [flag, value]
    # a valid long run (--trials 10^20) runs for ages, by design: the audit checks that it starts and stops cleanly
    assume(not any(f == "--trials" and v.isascii() and v.isdigit() and int(v) > 10**7 for f, v in flags))
    if "--precision" in argv or "--solve-for" in argv:
        argv += ["--trials", "20000"]  # the cap keeps a fuzzed precision or army search short
    check([*argv, "--no-progress"])


@fuzz_settings(20)
@given(flags=st.lists(st.tuples(st.sampled_from(["--xl", "--threat", "--health", "--rounds", "--turns",
                                                  "--fortress", "--attacker", "--defender", "--plot"]),
                                 FLAG_VALUES), max_size=3),
       kind=st.sampled_from(["capture", "death", "siege", "nope"]))  # fmt: skip
def test_odds_flags(flags, kind):
    argv = ["odds", "hussars", kind, "--attacker", "cossack=2", "--defender", "cossack=1"]
    for flag, value in flags:
        argv += [flag, value]
    check(argv)


# ---- YAML scenarios, from the schemas and mutated ----


def consistent(game: str, doc: dict) -> dict:
    """Resolve the rules a schema cannot say (one opponent in Dark Ages; Tactic keys only in full Hussars
    battles), so that many generated scenarios run to the end instead of stopping at the first conflict."""
    doc = dict(doc)
    if game == "dark_ages":
        opponents = [k for k in ("defender", "barbarian", "barbarian_token") if doc.get(k) is not None]
        keep = opponents[0] if opponents else "barbarian_token"
        for key in ("defender", "barbarian", "barbarian_token"):
            doc.pop(key, None) if key != keep else None
        doc.setdefault(keep, "random" if keep == "barbarian_token" else {"units": {"infantry": 1}})
        if keep == "defender":
            for key in ("trophies", "skirmishers", "barbarian_policy"):
                doc.pop(key, None)
            if doc.get("keep"):
                doc["city"] = True
        else:
            for key in ("farms", "city", "keep", "capital"):
                doc.pop(key, None)
        for side in ("attacker", "defender"):
            if isinstance(doc.get(side), dict) and not (doc[side].get("units") or {}):
                doc[side] = {**doc[side], "units": {"infantry": 1}}
    if game == "hussars":
        if doc.get("mode") != "full":
            for key in ("tactics", "hands", "objective"):
                doc.pop(key, None)
        if not doc.get("fortress"):
            doc.pop("inside_fortress", None)
            doc.pop("famine", None)
        if doc.get("hands") == "random":
            doc.pop("tactics", None)
    return doc


def _scenario_docs(game: str):
    schema = GAMES[game].load("scenario_schema").model_json_schema()
    body = from_schema(schema, NAMES[game]).map(lambda d: consistent(game, d))
    doc = body.map(lambda d: {"game": game, **d})
    return mutated(doc, NAMES[game])


def _dump(doc) -> str:
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


TEXT_EDITS = ["none", "duplicate-line", "truncate", "nul", "utf16", "tab", "alias", "bomb", "deep"]


def _edit(text: str, edit: str, at: int) -> bytes | str:
    lines = text.splitlines(keepends=True) or ["\n"]
    i = at % len(lines)
    if edit == "duplicate-line":
        return "".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :])
    if edit == "truncate":
        return text[: at % max(1, len(text))]
    if edit == "nul":
        return text[:i] + "\x00" + text[i:]
    if edit == "utf16":
        return text.encode("utf-16")
    if edit == "tab":
        return "\t" + text
    if edit == "alias":
        return "anchor: &a [1, 2]\n" + text + "again: *a\n"
    if edit == "bomb":
        bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
            for p, c in zip("abcdef", "bcdefg", strict=True)
        )
        return text + bomb
    if edit == "deep":
        return text + "deep: " + "[" * 300 + "]" * 300 + "\n"
    return text


@pytest.mark.parametrize("game", sorted(having("scenario_schema")))
@fuzz_settings(30)
@given(data=st.data())
def test_scenario_files(game, data):
    doc = data.draw(_scenario_docs(game), "scenario")
    edit = data.draw(st.sampled_from(TEXT_EDITS), "edit")
    check_file(_edit(_dump(doc), edit, data.draw(st.integers(0, 10_000), "at")), "battle", "--trials", "500")


# ---- experiments (full games), from the schemas and mutated ----


def _experiment_docs(game: str):
    modes = GAMES[game].load("modes")
    names = NAMES[game]

    def with_game(doc, mode):
        if isinstance(doc, dict):
            doc = {"game": game, **doc}
            if (game == "dark_ages" or mode != "solo") and not LONG:
                doc["engine"] = "reference"  # the default suite stays off the compiled engines' first compile
        return doc

    return st.sampled_from(sorted(modes)).flatmap(
        lambda mode: mutated(from_schema(modes[mode].model_json_schema(), names), names).map(
            lambda d: with_game(d, mode)
        )
    )


@pytest.mark.parametrize("game", sorted(having("modes")))
@fuzz_settings(12)
@given(data=st.data())
def test_experiment_files(game, data):
    check_file(data.draw(_experiment_docs(game), "experiment"), "run", "--games", "2")


# ---- plans: a seat's parameters ----

PLAN_PARAMS = ["gold_reserve", "army_target", "priorities", "tax_min_people", "max_buildings", "attack_ratio",
               "neighbor_target", "nope"]  # fmt: skip


@fuzz_settings(15)
@given(params=st.dictionaries(st.sampled_from(PLAN_PARAMS), junk, max_size=2),
       plan=st.sampled_from(["builder", "conqueror", "politician", "random", "nope"]))  # fmt: skip
def test_plan_parameters(params, plan):
    doc = {
        "game": "principes",
        "engine": "reference",
        "history": False,
        "seats": [{"name": "fuzzed", "uses": plan, "params": params}, "builder", "conqueror", "politician"],
    }
    check_file(doc, "run", "--games", "1")


@fuzz_settings(10)
@given(params=st.dictionaries(st.sampled_from(["attack_margin", "reactions", "settle", "commander", "wyrd",
                                               "pass_at_nobles", "nope"]), junk, max_size=2),
       plan=st.sampled_from(["culture", "expansion", "military", "random_legal"]))  # fmt: skip
def test_dark_ages_plan_parameters(params, plan):
    doc = {"game": "dark_ages", "engine": "reference", "players": 2, "strategies": [plan, "culture"],
           "strategy_params": {plan: params}}  # fmt: skip
    check_file(doc, "run", "--games", "1")


# ---- rules overrides: --set KEY=VALUE ----

SET_VALUES = st.one_of(
    st.sampled_from(WEIRD_TEXT),
    st.sampled_from([str(n) for n in WEIRD_NUMBERS]),
    st.sampled_from(["[]", "[1, 2]", "{a: 1}", "true", "null", "-7", "[sword, axe]", "0", "1", "2.5", "[[1]]"]),
)


RULES = {game: rules_values(game) for game in having("scenario_schema")}


@st.composite
def overrides(draw, game: str) -> str:
    key, current = draw(st.sampled_from(RULES[game] + [("nope", "1"), ("battle_die", "1"), ("a..b", "1"), ("", "1")]))
    value = draw(st.one_of(st.just(current), st.just(current), SET_VALUES))
    return f"{key}={value}"


@fuzz_settings(40)
@given(data=st.data(), game=st.sampled_from(["principes", "dark_ages", "hussars"]))
def test_rules_overrides(data, game):
    army = {"principes": "knight=1", "dark_ages": "infantry=1", "hussars": "cossack=1"}[game]
    sets = data.draw(st.lists(overrides(game), min_size=1, max_size=2), "sets")
    argv = ["battle", game, "--attacker", army, "--defender", army, "--trials", "500", "--no-progress"]
    check(argv + [x for item in sets for x in ("--set", item)])


@fuzz_settings(8)
@given(key=st.sampled_from(["taxes.people_cost", "history", "seats", "rotate", "rules.taxes.min_people", "nope"]),
       value=SET_VALUES)  # fmt: skip
def test_experiment_sets(key, value):
    doc = {"game": "principes", "engine": "reference", "history": False}
    check_file(doc, "run", "--games", "1", "--set", f"{key}={value}")
