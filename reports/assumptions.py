"""The assumed rules values a result rests on: for a battle, those about the units, factions and rules in play
(the rest are counted); for a study, every assumed value of the rules files the study reads (board, game, the
modules switched on).
"""

from __future__ import annotations

import json

import pandas as pd

from sim.games import battle_module

FILE_TOPICS = {
    "rules": "battle rules", "game": "game rules", "map": "the board (assumed: the rulebook does not print it)",
    "board": "the board (assumed: the rulebook does not print it)", "history": "History Cards",
    "neighbors": "Neighbors", "progress": "Progress Tiles", "princesses": "Princesses", "players": "2-3 players",
    "solo": "the solo game", "modules": "the modules", "rulers": "Rulers", "titles": "Titles", "culture": "Culture",
    "tracks": "tracks",
}  # fmt: skip


def _frame(provenance, keys=None) -> pd.DataFrame:
    rows = [{"key": p.key if keys is None else keys(p), "value": json.dumps(p.value),
             "note": ("[override] " if p.source == "override" else "") + p.note} for p in provenance]  # fmt: skip
    return pd.DataFrame(rows, columns=["key", "value", "note"])


# ----- battles -----


def _battle_words(game: str, raw: dict, parsed) -> tuple[set[str], set[str]]:
    """(unit kinds in play, factions in play) of a validated battle scenario."""
    units: set[str] = set()
    factions: set[str] = set()
    if game == "principes":
        for side in (parsed.attacker, parsed.defender):
            units |= {u for u, n in side.units.items() if n}
    elif game == "dark_ages":
        for variant in parsed.variants:
            for army in variant.armies:
                units |= {g.kind for g in army.groups}
        for side in ("attacker", "defender"):
            if isinstance(raw.get(side), dict):
                factions.add(raw[side].get("faction") or "player")
        if any(k in raw for k in ("barbarian", "barbarian_token")):
            factions.add("raider")
    elif game == "hussars":
        for options in (parsed.attacker, parsed.defender):
            for _, army in options:
                units |= {t.unit for t in army}
    return units, factions


def _hussars_feature(key: str, raw: dict, parsed) -> bool:
    parts = key.split(".")
    c = parsed.conditions
    if parts[0] == "tactics":
        if parsed.mode != "full":
            return False
        if parts[1].startswith("fortress_"):
            return c.fortress == int(parts[1].removeprefix("fortress_"))
    if parts[0] == "simplified":
        return parsed.mode == "simplified"
    if parts[0] == "hands":
        return parsed.mode == "full" and parsed.hands == "random"
    if parts[0] == "inside_fortress_max_clashes":
        return c.inside_fortress
    return True


def _dark_ages_feature(key: str, raw: dict, parsed) -> bool:
    parts = key.split(".")
    against_barbarians = any(k in raw for k in ("barbarian", "barbarian_token"))
    if parts[0] == "barbarians":
        if parts[-1] == "skirmisher_tokens":
            return bool(raw.get("skirmishers"))
        if parts[-1] == "tokens":
            return "barbarian_token" in raw and not raw.get("skirmishers")
        return against_barbarians
    if parts[0] == "recruit_cost":
        return False  # recruiting happens outside a battle
    if parts[-1] == "max_neighbour_keeps":
        return any(isinstance(raw.get(s), dict) and raw[s].get("keeps") for s in ("attacker", "defender"))
    return True


FEATURES = {"hussars": _hussars_feature, "dark_ages": _dark_ages_feature}


def battle_assumptions(game: str, scenario: dict | None, rules) -> dict | None:
    """The assumed (and overridden) battle rules values about the units, factions and rules in play."""
    assumed = [p for p in rules.provenance if p.source != "rulebook"]
    if not assumed:
        return None
    if scenario is None:
        shown, rest = assumed, []
    else:
        body = {k: v for k, v in scenario.items() if k not in ("game", "trials", "seed", "rules", "title", "question")}
        parsed = battle_module(game).scenario_from_dict(body, "report", rules)
        units, factions = _battle_words(game, body, parsed)
        all_units = set()
        all_factions = set()
        tree = rules.values.get("units") or {}
        for name, node in tree.items():
            if isinstance(node, dict) and all(isinstance(v, dict) for v in node.values()) and game == "dark_ages":
                all_factions.add(name)
                all_units |= set(node)
            else:
                all_units.add(name)
        feature = FEATURES.get(game, lambda *_: True)

        def in_play(p) -> bool:
            parts = set(p.key.split("."))
            if p.source == "override":
                return True
            if parts & all_units and not parts & units:
                return False
            if parts & all_factions and not parts & factions:
                return False
            return feature(p.key, body, parsed)

        shown = [p for p in assumed if in_play(p)]
        rest = [p for p in assumed if not in_play(p)]
    intro = (f"{len(shown)} of the battle rules' values behind these odds are assumptions or overrides (the "
             "rulebook does not print them, or --set changed them); change any with --set KEY=VALUE and rerun.")
    groups = [(f"Battle rules (configs/{game}/rules.yaml)", _frame(shown))] if shown else []
    others = (f"{len(rest)} further assumed values concern units, factions or rules not in this battle "
              f"(sim rules {game} --assumed lists them all).") if rest else ""
    return {"groups": groups, "intro": intro, "others": len(rest), "others_text": others}


# ----- studies -----


def _study_files(game: str, fields: dict) -> dict[str, bool]:
    """Which rules files a study reads: True when in play."""
    variants = set(fields.get("variants") or ())
    modules = set(fields.get("modules") or ())
    if game == "principes":
        players = fields.get("players", 4)
        return {
            "history": bool(fields.get("history", True)), "neighbors": "neighbors" in variants,
            "progress": "tiles" in variants, "princesses": "princesses" in variants,
            "players": isinstance(players, int) and players < 4, "solo": "difficulty" in fields or "level" in fields,
        }  # fmt: skip
    if game == "dark_ages":
        return {"modules": bool(modules) or bool(fields.get("skirmishers")), "solo": "difficulties" in fields}
    return {}


def study_assumptions(game: str, fields: dict, overrides: dict | None = None, solo: bool = False) -> dict | None:
    """Every assumed value of the rules files the study reads, grouped by file; the files it does not read are
    counted."""
    from sim.config import CONFIG_DIR, load_ruleset

    if not (CONFIG_DIR / game).is_dir():  # a game without rules files (the toy game in tests/) assumes nothing
        return None
    ruleset = load_ruleset(game, overrides or None)
    files = _study_files(game, fields)
    if solo:
        files["solo"] = True
    groups, skipped = [], []
    for stem, loaded in ruleset.files.items():
        assumed = [p for p in loaded.provenance if p.source != "rulebook"]
        if not assumed:
            continue
        if not files.get(stem, True):
            skipped.append(f"{stem}.yaml ({len(assumed)})")
            continue
        topic = FILE_TOPICS.get(stem, stem)
        groups.append((f"{stem}.yaml: {topic} ({len(assumed)} assumed)",
                       _frame(assumed, lambda p, s=stem: ruleset.override_key(s, p.key))))  # fmt: skip
    shown = sum(len(f) for _, f in groups)
    intro = (f"The result rests on {shown} assumed values in the rules files this study reads "
             f"(configs/{game}/*.yaml): where the rulebook is silent, sim assumes, and says so here. Change any "
             "with --set KEY=VALUE (or rules: in the experiment file) and rerun.")  # fmt: skip
    others = f"Not read by this study (modules off): {', '.join(skipped)}." if skipped else ""
    return {"groups": groups, "intro": intro, "others": len(skipped), "others_text": others}
