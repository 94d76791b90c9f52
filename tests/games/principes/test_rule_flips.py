"""Every rules value reaches both engines: flip each value of every Principes rules file and watch the games.

A flipped value is either refused when the rules load (a reading the engines model only one way, or a fact they
check: ``game.readings``, the map loader: one line naming the key), or it changes the full games where it is
reachable: the compiled engine's games differ from those with the value unflipped, and the reference plays the
first changed game exactly as the compiled engine does (lockstep, state by state), so both engines moved in
lockstep. The flips try candidates in order (an int: +1, then -1; a count table: one moved from its largest entry
to its smallest; a list: reversed; a string: another valid name; some values together with the value they must
agree with, ``special``) until one loads and changes a game. A value the flips never make change a game is in
``UNREACHED`` with the reason; players.yaml and solo.yaml hold values of 2-3 players and solo, which the full game
never reads (``OTHER_MODES``: the flip must reach the rule set). ``make test`` flips ``SAMPLE``; every value is
flipped behind the ``full`` marker.
"""

from __future__ import annotations

import copy
import fnmatch

import pytest

from sim.errors import ConfigError
from sim.games.principes import study
from sim.games.principes.fast import chunk
from sim.games.principes.fast.state import STATE
from sim.games.principes.game.setup import load_game_rules
from sim.rng import experiment_key
from tests.games.principes.fast.lockstep_helpers import lockstep

SEATS = ["builder", "conqueror", "politician", "random"]
TWEAKED = [  # seats that reach the rarer rules: destroying on the march, Learning Chess, Council blocking
    {"name": "raider", "uses": "conqueror", "params": {"destroy": True, "tile_wishlist": ["learning_chess"]}},
    {"name": "chess", "uses": "builder", "params": {"tile_wishlist": ["learning_chess", "german_settlers"]}},
    {"name": "razer", "uses": "politician", "params": {"destroy": True, "indulgence": True}},
    "random",
]
MODULES = {"history": True, "neighbors": True, "court": True, "princesses": True, "progress": "tiles"}
CONFIGS = {
    "all": {"seats": SEATS, **MODULES},  # every module on
    "plain": {"seats": SEATS, "history": True},  # part 1's game with History: generic tiles, bare symbols
    "tweaked": {"seats": TWEAKED, **MODULES},
}
KEY = experiment_key(77)
GAMES = 24  # compiled games compared per configuration

OTHER_MODES = {"players": "2-3 players (not read by a 4-player game)", "solo": "solo mode (reference engine only)"}
UNREACHED = {  # override key (fnmatch pattern) -> why no flip of it changes a 4-player game
    "lands.*.name": "the land's display name",
    "solo.overrides.*": "solo.yaml's overrides of game.yaml, applied by solo mode from the bundled file",
    "cards.neutral_use_cards": "neutral armies never hold cards in the 4-player game",
    "loot.neutral_vs_neutral_ignored": "no battle between two neutral armies happens in the 4-player game",
    "tracks.might_uncapped": "no player's Might passes the track's top in the sampled games",
    "lands.gnesna.rulebook": "its flip is the star (Elder Blood), a mark no modelled rule reads",
    "facts.central_lands": "a set of names: another order is the same set, one fewer is refused",
    "facts.pomeranias": "a set of names: another order is the same set, one fewer is refused",
    "facts.off_map_areas": "a set of names: another order is the same set, one fewer is refused",
    "deployment.division_tokens": "a set of lands: another order is the same set, one fewer is refused",
}
SAMPLE = ["battle_die.faces", "units.knight.swords", "assembly.footman_cost", "taxes.people_cost",
          "defender_shields.city"]  # fmt: skip


def leaves() -> dict[str, tuple[str, object]]:
    """Override key -> (file stem, value) of every value of every rules file."""
    rs = load_game_rules().ruleset
    return {rs.override_key(stem, p.key): (stem, p.value) for stem, r in rs.files.items() for p in r.provenance}


LEAVES = leaves()
VALUES = {stem: r.values for stem, r in load_game_rules().ruleset.files.items()}


def _moved(counts: dict) -> dict:
    """One moved from the largest entry of a count table to its smallest (first and last when all are equal)."""
    out = dict(counts)
    keys = list(out)
    big, small = max(keys, key=out.get), min(keys, key=out.get)
    if big == small:
        big, small = keys[0], keys[-1]
    out[big], out[small] = out[big] - 1, out[small] + 1
    return out


def _int_table(value) -> bool:
    return isinstance(value, dict) and bool(value) and all(type(v) is int for v in value.values())


def generic(value) -> list:
    """Candidate values of the same shape."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return list(dict.fromkeys([value + 1, value - 1, value // 2]))
    if isinstance(value, float):
        return [value / 2, min(1.0, value + 0.25)]
    if isinstance(value, str):
        return [value + "_other"]
    if isinstance(value, list) and len(set(map(repr, value))) > 1:
        return [value[::-1], value[:-1]]  # another order, one fewer
    if _int_table(value):
        return [_moved(value)] + ([{k: v + 1 for k, v in value.items()}] if len(value) == 1 else [])
    if isinstance(value, dict):  # the first number inside, +1
        for k, v in value.items():
            for alt in generic(v) if type(v) in (int, bool) or _int_table(v) else []:
                return [{**value, k: alt}]
    return []


def _others(stem: str, prefix: str, field: str, key: str) -> list[tuple[str, object]]:
    """(override key, field value) of the other entries of ``prefix`` in file ``stem``."""
    out = []
    for name, spec in VALUES[stem][prefix].items():
        k = f"{prefix}.{name}.{field}" if field else f"{prefix}.{name}"
        if k != key and k in LEAVES:
            out.append((k, spec[field] if field else spec))
    return out


def special(key: str, stem: str, value) -> list[dict] | None:
    """Candidate overrides (several keys together) for the values whose plain flips only break a check."""
    parts = key.split(".")
    if stem == "progress" and key.startswith("tiles.") and parts[-1] == "colour":  # two tiles swap colours
        return [{key: c, k: value} for k, c in _others(stem, "tiles", "colour", key) if c != value][:1]
    if stem == "progress" and key.startswith("tiles.") and parts[-1] == "effect":
        bumped = generic({k: v for k, v in value.items() if k != "kind"})
        other = [e for _, e in _others(stem, "tiles", "effect", key) if e["kind"] != value["kind"]]
        return [{key: {"kind": value["kind"], **b}} for b in bumped] + [{key: copy.deepcopy(e)} for e in other[:1]]
    if stem == "history" and key.startswith("cards."):  # two cards swap their icons
        swap = [(k, c) for k, c in _others(stem, "cards", "", key) if c["icons"] != value["icons"]]
        return [{key: {**value, "icons": c["icons"]}, k: {**c, "icons": value["icons"]}} for k, c in swap[:1]]
    if stem == "history" and key.startswith("invaders.") and parts[-1] == "area":
        return [{key: a} for a in VALUES["map"]["facts"]["off_map_areas"] if a != value][:2]
    if stem == "neighbors" and key.startswith("neighbors.") and parts[-1] == "spots":  # two Neighbors swap areas
        areas = VALUES["map"]["facts"]["off_map_areas"]
        swap = [(k, s) for k, s in _others(stem, "neighbors", "spots", key) if s in areas]
        return [{key: s, k: value} for k, s in swap[:1]]
    if stem == "neighbors" and key.startswith("cards.") and parts[-1] == "neighbor":
        return [{key: n} for n in ("german_marches", "rus_duchies", "any") if n != value][:2]
    if stem == "neighbors" and key.startswith("cards.") and parts[-1] == "support":
        cycle = ["people", "clergy", "either"]
        return [{key: cycle[(cycle.index(value) + 1) % 3]}]
    if stem == "map" and key.startswith("lands.") and parts[-1] == "board":
        return [{key: {**value, "might": value["might"] + 1}}, {key: {**value, "people": value["people"] + 1}}]
    if stem == "map" and key.startswith("deployment.principalities."):  # one more Footman on the first land
        land = next(iter(value))
        return [{key: {**value, land: {**value[land], "footman": value[land].get("footman", 0) + 1}}}]
    if stem == "map" and key.startswith("deployment.pomerania_units."):  # with the Neighbor's own units
        return [{key: _moved(value), f"neighbors.{parts[-1]}.units": _moved(value)}]
    if stem == "rules" and key.startswith("units.") and parts[-1] == "damage_order":  # two kinds swap places
        swap = [(k, o) for k, o in _others(stem, "units", "damage_order", key) if o != value]
        return [{key: o, k: value} for k, o in swap[:2]]
    if key == "units.knight.class":
        return [{key: "infantry"}]
    if key in ("units.footman.class", "units.prince.class"):
        return [{key: "cavalry" if value == "infantry" else "infantry"}]
    if key == "seats.first_princeps":
        return [{key: p} for p in VALUES["game"]["seats"]["clockwise"] if p != value][:1]
    return None


def candidates(key: str, stem: str, value) -> list[dict]:
    found = special(key, stem, value)
    return found if found is not None else [{key: v} for v in generic(value) if v != value]


def _changed(a, b) -> list[int]:
    pairs = enumerate(zip(a, b, strict=True))
    return [g for g, (x, y) in pairs if len(x) != len(y) or (STATE.flat(x) != STATE.flat(y)).any()]


_BASE: dict[str, list] = {}


def _traces(ex) -> list:
    return [chunk.trace_game(ex, KEY, g)[1] for g in range(GAMES)]


def outcome(key: str) -> tuple[str, str]:
    """("refused" | "lockstep" | "unchanged", detail) of flipping ``key``."""
    stem, value = LEAVES[key]
    refused, tried = [], []
    for overrides in candidates(key, stem, value):
        try:
            load_game_rules(overrides, dict.fromkeys(overrides, "flip"))
        except ConfigError as err:
            message = str(err)
            assert "\n" not in message, message  # one line, naming the file and the key that disagrees
            refused.append(message)
            continue
        tried.append(overrides)
        for name, config in CONFIGS.items():
            ex = study.experiment_from_dict({**config, "rules": overrides}, "flip")
            assert ex.engine == "fast", f"{key}: {overrides} plays on the reference engine"
            if name not in _BASE:
                _BASE[name] = _traces(study.experiment_from_dict(config, "flip"))
            changed = _changed(_BASE[name], _traces(ex))
            if changed:
                lockstep(ex, KEY, changed[:1])
                return "lockstep", f"{overrides} in {name}: {len(changed)} of {GAMES} games changed"
    if not tried:
        return "refused", "; ".join(refused)
    return "unchanged", f"{tried}"


def check(key: str) -> None:
    stem, value = LEAVES[key]
    reason = next((why for pattern, why in UNREACHED.items() if fnmatch.fnmatchcase(key, pattern)), None)
    if reason is None and stem in OTHER_MODES:  # not read by the 4-player game: the flip must reach the rule set
        for overrides in candidates(key, stem, value):
            try:
                rules = load_game_rules(overrides, dict.fromkeys(overrides, "flip"))
            except ConfigError:
                continue
            node = rules.file(stem)
            for part in key.removeprefix(f"{stem}.").split("."):
                node = node[part]
            assert node == overrides[key]
            return
        return
    kind, detail = outcome(key)
    if reason is not None:
        assert kind != "lockstep", f"{key} changes the games ({detail}): drop it from UNREACHED ({reason})"
    else:
        assert kind != "unchanged", f"flipping {key} changed no game: {detail}"


@pytest.mark.parametrize("key", SAMPLE)
def test_a_flipped_rules_value_changes_both_engines_in_lockstep(key):
    check(key)


@pytest.mark.full
@pytest.mark.parametrize("key", sorted(set(LEAVES) - set(SAMPLE)))
def test_every_flipped_rules_value_changes_both_engines_in_lockstep(key):
    check(key)
