"""The calculator page of each game, described as data: sections of fields, each naming its scenario key.

The page (static/app.js) draws these fields and builds the scenario mapping from them: a field's ``key`` is a
dotted path into the scenario file's mapping (``attacker.knight``, ``attacker.units.infantry``), ``item``
fields add one entry to a list (``terrain: [river]``), and fields without a key only steer the page. A field
whose value is its default is left out of the scenario and of the page's URL (``always`` fields are kept).
``when`` shows a field only while other fields hold the given values. Unit names and options come from the
games' rules and scenario modules, so the page offers what the engine accepts.
"""

from __future__ import annotations

from typing import Any

from sim.battles import DEFAULT_SEED, battle_rules
from sim.games import GAMES
from sim.games.dark_ages.army import REINFORCE
from sim.games.dark_ages.rules import FACTIONS as DA_FACTIONS
from sim.games.dark_ages.rules import POLICIES, TYPES, validate
from sim.games.hussars.rules import build as hussars_rules
from sim.games.hussars.scenario import HANDS, MODES, OBJECTIVES, TERRAIN
from sim.games.principes.battle import CARD_KINDS
from sim.games.principes.rules import FACTIONS, SITES, compile_rules

SIDES = ("attacker", "defender")
TARGET = 0.8  # the solver's default target win rate


def _label(name: str) -> str:
    return name.replace("_", " ").replace("-", " ").capitalize()


def field(kind: str, id: str, label: str, key: str | None = None, default: Any = 0, **extra: Any) -> dict:
    return {"type": kind, "id": id, "key": key, "label": label, "default": default, **extra}


def count(id: str, label: str, key: str | None = None, default: int = 0, hi: int = 20, **extra: Any) -> dict:
    return field("count", id, label, key or id, default, min=0, max=hi, **extra)


def choice(id: str, label: str, options: list, key: str | None = None, default: Any = None, **extra: Any) -> dict:
    """``options``: values, or [value, label] pairs."""
    pairs = [o if isinstance(o, (list, tuple)) else (o, _label(str(o))) for o in options]
    first = pairs[0][0] if default is None else default
    return field("select", id, label, key, first, options=[list(p) for p in pairs], **extra)


def flag(id: str, label: str, key: str | None = None, **extra: Any) -> dict:
    return field("bool", id, label, key or id, False, **extra)


def item(id: str, label: str, key: str, value: str, **extra: Any) -> dict:
    return field("item", id, label, key, False, item=value, **extra)


def section(title: str, *columns: tuple[str, list[dict]], note: str = "", stack: bool = False) -> dict:
    """A box of fields; its columns stand side by side (or one above the other with ``stack``)."""
    return {"title": title, "note": note, "stack": stack,
            "columns": [{"title": t, "fields": f} for t, f in columns]}  # fmt: skip


def run_section(solve: list[dict] | None) -> dict:
    fields = [field("int", "seed", "Seed", "seed", DEFAULT_SEED, min=0, always=True)]
    if solve:
        fields += solve
    return section("Run", ("", fields), note="Same seed, same numbers: the answer refines on the same dice.")


def solver(units: list[str], first: str) -> list[dict]:
    """The smallest added unit reaching a target win rate (``--solve-for SIDE.UNIT --target P``)."""
    keys = [[f"{side}.{u}", f"{side} {_label(u).lower()}"] for side in SIDES for u in units]
    return [
        field("select", "solve_for", "Smallest army of", None, f"attacker.{first}", options=keys),
        field("number", "target", "reaching P(its side wins) ≥", None, TARGET, min=0.01, max=1, step=0.05),
    ]


def principes() -> dict:
    rules = compile_rules(battle_rules("principes"))
    units = [u.name for u in rules.units]
    factions = [["", "no faction ability"], *[[f, _label(f)] for f in FACTIONS], ["neutral", "Neutral (no cards)"]]
    defaults = {"attacker": {"knight": 2, "footman": 1}, "defender": {"knight": 1}}
    columns = []
    for side in SIDES:
        fields = [count(f"{side}.{u}", _label(u), default=0, initial=defaults[side].get(u, 0)) for u in units]
        fields += [count(f"{side}_cards.{c}", f"Card: {c}", hi=12) for c in CARD_KINDS]
        fields += [
            choice(f"{side}_faction", "Faction", factions, key=f"{side}_faction", default=""),
            item(f"{side}_tiles.learning_chess", "Learning Chess (flip the die)", f"{side}_tiles", "learning_chess"),
            count(f"{side}_bonus.swords", "Fixed extra swords", hi=10),
            count(f"{side}_bonus.shields", "Fixed extra shields", hi=10),
        ]
        columns.append((_label(side), fields))
    site = [
        choice("site", "Settlement", list(SITES), key="site", default="gord", initial="city"),
        choice("settlements", "Settlements", [[1, "1"], [2, "2 (Western Pomerania)"]], key="settlements", default=1),
        flag("castle", f"Castle (+{rules.castle_shields} shields)", initial=True),
    ]
    return {
        "game": "principes",
        "title": "Principes",
        "solve_exact": True,
        "sections": [
            section("Armies", *columns),
            section("Battlefield", ("", site)),
            run_section(solver(units, "knight")),
        ],
    }


def _da_side(side: str, rules, when: dict | None = None) -> list[dict]:
    top = max(rules.max_level(f) for f in DA_FACTIONS)
    fields = [count(f"{side}.units.{t}", _label(t), when=when) for t in TYPES]
    levels = list(range(1, top + 1))
    fields += [choice(f"{side}.tech.{t}", f"{_label(t)} level", levels, key=f"{side}.tech.{t}", default=1, when=when)
               for t in TYPES]  # fmt: skip
    fields += [
        choice(f"{side}.faction", "Faction", list(DA_FACTIONS), key=f"{side}.faction", default="player", when=when),
        count(f"{side}.keeps", "Keep levels next to the Province (melee +1s)", hi=rules.max_neighbour_keeps, when=when),
        choice(f"{side}.policy", "Hit allocation", list(POLICIES), key=f"{side}.policy", default="solo", when=when),
    ]
    return fields


def dark_ages() -> dict:
    rules = validate(battle_rules("dark_ages"))
    player, army, token = {"opponent": "player"}, {"opponent": "barbarian"}, {"opponent": "token"}
    pool = max(len(rules.tokens), len(rules.skirmisher_tokens))
    tokens = [["random", "random (odds over the pool)"]]
    for i in range(pool):
        faces = [f"{n} {k}" for k, n in rules.tokens[i].units.items()] if i < len(rules.tokens) else []
        tokens.append([i + 1, f"token {i + 1}" + (f": {', '.join(faces)}" if faces else "")])
    attacker = _da_side("attacker", rules)
    attacker[0] = {**attacker[0], "initial": 3}
    attacker[2] = {**attacker[2], "initial": 1}
    opponent = [
        choice("opponent", "Defender", [["player", "a player"], ["barbarian", "a Barbarian army"],
                                        ["token", "a Barbarian token"]], default="player"),
    ]  # fmt: skip
    defender = _da_side("defender", rules, player)
    defender[0] = {**defender[0], "initial": 2}
    # the first Barbarian count is always sent, so a Barbarian army without units is still one (the attacker wins)
    defender += [
        count(f"barbarian.{t}", f"Barbarian {t}", when=army, **({"initial": 1, "always": True} if i == 0 else {}))
        for i, t in enumerate(TYPES)
    ]
    defender += [
        choice("barbarian_token", "Barbarian token", tokens, key="barbarian_token", default="random", when=token,
               always=True),
        flag("skirmishers", "Skirmisher tokens (module 7)", when=token),
        count("trophies", "Trophies already won", hi=9, when={"opponent": ["barbarian", "token"]}),
        choice("barbarian_policy", "Barbarian hit allocation", list(POLICIES), key="barbarian_policy",
               default="solo", when={"opponent": ["barbarian", "token"]}),
    ]  # fmt: skip
    province = [
        count("farms", "Farms (1 transient Infantry each)", hi=rules.max_farms, when=player),
        flag("city", "City (1 transient Archer)", when=player),
        count("keep", "Defender's Keep level in the City", hi=rules.max_keep, when={**player, "city": True}),
        choice("reinforce", "Reinforce card", list(REINFORCE), key="reinforce", default="none"),
    ]
    sections = [
        section("Armies", ("Attacker", attacker), ("Defender", opponent + defender)),
        section("Province", ("", province)),
        run_section(solver(list(TYPES), "cavalry")),
    ]
    return {"game": "dark_ages", "title": "Dark Ages: Holy Roman Empire", "solve_exact": False, "sections": sections}


STATES = (("", "regular"), (":veteran", "★ veteran"), (":wounded", "wounded"), (":veteran:wounded", "★ wounded"))


def hussars() -> dict:
    rules = hussars_rules(battle_rules("hussars"))
    full = {"mode": "full"}
    defaults = {"attacker": {"winged_hussar:veteran": 1, "pancerni:veteran": 1, "light_cavalry": 1},
                "defender": {"cossack": 4}}  # fmt: skip
    columns = []
    for side in SIDES:
        rows = []
        for name, kind in rules.units.items():
            cells = []
            for suffix, _ in STATES:
                veteran = "veteran" in suffix
                # a unit that exists only as a veteran (Pancerni, Hussars) is listed under ★ only
                ok = kind.exists(veteran)
                key = f"{side}.{name}{suffix}"
                cells.append(count(key, f"{_label(name)} {suffix[1:]}".strip(), initial=defaults[side].get(
                    f"{name}{suffix}", 0), hi=12) if ok else None)  # fmt: skip
            rows.append({"label": _label(name), "cells": cells})
        grid = {"type": "table", "id": f"{side}.grid", "headers": [s for _, s in STATES], "rows": rows}
        fields = [
            grid,
            item(f"loose_columns.{side}", "Loose Columns", "loose_columns", side),
            item(f"cannot_retreat.{side}", "Cannot retreat", "cannot_retreat", side),
            count(f"moved.{side}", "Movement Points used", hi=12),
        ]
        columns.append((_label(side), fields))
    field_ = [
        choice("mode", "Rules", list(MODES), key="mode", default="simplified"),
        choice(
            "hands",
            "Tactic hands",
            [["all", "every card"], ["random", "random (Scenario S)"]],
            key="hands",
            default=HANDS[0],
            when=full,
        ),
        choice("objective", "Equilibrium objective", list(OBJECTIVES), key="objective", default="win", when=full),
        *[item(f"terrain.{t}", _label(t), "terrain", t) for t in TERRAIN],
        choice(
            "fortress",
            "Defender's fortress",
            [[0, "none (field battle)"], [1, "level 1"], [2, "level 2"]],
            key="fortress",
            default=0,
        ),
        count("famine", "Famine markers", hi=rules.values["famine"]["surrender_markers"], when={"fortress": [1, 2]}),
        flag("inside_fortress", "Combat inside the fortress", when={"fortress": [1, 2]}),
    ]
    sections = [section("Armies", *columns, stack=True), section("Battlefield", ("", field_)), run_section(None)]
    return {"game": "hussars", "title": "Winged Hussars and Cossacks", "sections": sections,
            "tactics": True}  # fmt: skip


FORMS = {g.id: g.load("form") for g in GAMES.values() if g.form}  # each game's Game.form (sim.games)
