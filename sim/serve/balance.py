"""The balance page of each game, as data: the shipped verdict (read from the shipped studies) and what the page's
what-ifs may change (the field, the player count, module toggles and every rules value ``sim rules`` lists).

A question (``Question``) is what ``sim compare FILE --set KEY=VALUE … --games N --seed S`` is asked: FILE is the
field's experiment with the question's player count (``study``), the ``--set`` items are the changes. The worker task
(``sim.serve.work.whatif``) answers it with ``sim.compare.run_compare_experiments``, as ``sim compare`` does.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from sim.config import CONFIG_DIR, parse_assignments, read_yaml
from sim.errors import ConfigError
from sim.games import name as game_name
from sim.studies import STUDIES_DIR, answer, command_option, studies, study

SOURCE = "request"
STEPS = (500, 2_000, 10_000)  # the page's refinements: each answer is a full paired run on the same games


@dataclass(frozen=True)
class Page:
    """What a game's balance page rests on: its verdict study (None: no strong-play verdict yet) and the fields
    a what-if may play: ``verdict`` (the verdict's plans: the equilibrium its ladder started from) and ``rotated``
    (the scripted plans rotated over the seats)."""

    verdict: str | None
    rotated: str  # an experiment file under configs/
    players: tuple[int, ...]
    modules: tuple[tuple[str, tuple, str], ...]  # (experiment key, its values, label); values[0]: its default


_DA_MODULES = ("alchemists", "alliances", "tribute", "pope", "benjamin", "crusades", "ages_of_war", "distant_campaigns",
               "grand_buildings", "commanders", "wyrd", "rise_of_poland")  # fmt: skip

PAGES = {
    "principes": Page("faction-balance-full-ladder", "principes/experiments/faction-balance-full.yaml", (2, 3, 4), (
        ("history", (True, False), "History Cards"),
        ("neighbors", (False, True), "Neighbor Cards"),
        ("progress", ("generic", "tiles"), "Progress Tiles (printed)"),
        ("court", (False, True), "Court Cards (assumed text effect)"),
        ("princesses", (False, True), "Princesses"),
    )),
    "dark_ages": Page("ruler-balance-3p-ladder", "dark_ages/experiments/three-players.yaml", (2, 3, 4), (
        ("skirmishers", (False, True), "Module 7: Skirmishers"),
        *((f"modules.{m}", (False, True), m.replace("_", " ").capitalize()) for m in _DA_MODULES),
    )),
    "hussars": Page(None, "hussars/experiments/family-balance.yaml", (2, 3, 4), (
        ("battles", ("simplified", "full"), "Battles (full: Tactic cards)"),
        ("rounds", (2, 3), "Rounds (3: Long Scenario)"),
    )),
}  # fmt: skip


def _policy(game: str, name: str) -> Path:
    """The equilibrium a ladder verdict started its searchers from (``--policy`` of its command)."""
    return Path(command_option(study(game, name), "--policy"))


def field_file(game: str, field: str) -> Path:
    page = PAGES[game]
    if field == "verdict" and page.verdict is not None:
        return STUDIES_DIR.parent / _policy(game, page.verdict)
    if field == "rotated":
        return CONFIG_DIR / page.rotated
    fields = "verdict or rotated" if page.verdict else "rotated (no verdict shipped yet)"
    raise ConfigError(SOURCE, "field", fields, field)


# --- the question --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    game: str
    field: str
    players: int
    changes: tuple[str, ...]  # KEY=VALUE items, as sim compare --set takes them
    games: int
    seed: int | None  # None: the field file's

    def study(self) -> dict:
        """Experiment A: the field's file with the question's player count, games and seed."""
        raw = copy.deepcopy(read_yaml(field_file(self.game, self.field)))
        raw["players"] = self.players if not isinstance(raw.get("players"), list) else [self.players]
        if self.game == "principes" and self.players < 4:  # the first Principalities in board order play
            raw["seats"] = principes_seats(raw.get("seats"), self.players)
        for key in ("families", "plans"):  # Hussars: the first families of the list sit at the table, with their plans
            if isinstance(raw.get(key), list):
                raw[key] = raw[key][: self.players]
        raw["games"] = self.games
        if self.seed is not None:
            raw["seed"] = self.seed
        return raw

    def label_b(self, file: str) -> str:
        """B's label as sim compare prints it: the file and each ``--set`` item."""
        return file + "".join(f" --set {item}" for item in self.changes)

    def command(self, file: str) -> str:
        sets = "".join(f" --set '{item}'" for item in self.changes)
        return f"sim compare {file}{sets}"


def principes_seats(seats, players: int) -> dict:
    """A Principes field at 2-3 players: the first ``players`` Principalities in board order play, each with its
    seat of the 4-player field (a list of plans is laid on them in order); the others are neutral."""
    from sim.games.principes.rules import FACTIONS

    if isinstance(seats, list):
        seats = dict(zip(FACTIONS, seats, strict=False))
    return {f: seats[f] for f in FACTIONS[:players]}


def question(game: str, body: dict, max_games: int) -> Question:
    """The question a request body asks: ``{"field", "players", "set": ["KEY=VALUE", …], "games", "seed"}``. A bad
    key or value raises ``ConfigError`` naming it (the rules values themselves are checked when B is built)."""
    page = PAGES[game]
    known = {"field", "players", "set", "games", "seed"}
    for key in body:
        if key not in known:
            raise ConfigError(SOURCE, key, f"one of {', '.join(sorted(known))}", key)
    field = body.get("field", "verdict" if page.verdict else "rotated")
    field_file(game, field)
    players = body.get("players", default_players(game, field))
    if isinstance(players, bool) or players not in page.players:
        raise ConfigError(SOURCE, "players", f"one of {', '.join(map(str, page.players))}", players)
    games = body.get("games", STEPS[0])
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= max_games:
        raise ConfigError(SOURCE, "games", f"an integer in 1..{max_games:,} on this server", games)
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise ConfigError(SOURCE, "seed", "an integer in 0..2^64−1", seed)
    changes = body.get("set", [])
    if not isinstance(changes, list) or not all(isinstance(c, str) for c in changes):
        raise ConfigError(SOURCE, "set", "a list of KEY=VALUE strings (as sim compare --set takes them)", changes)
    parse_assignments(changes, "set")  # KEY=VALUE each, each key once: a bad item names itself
    own = _experiment_keys(game)
    modules = {k for k, _, _ in page.modules}
    for item in changes:  # who plays is the field's: no seats, plans or searchers from a request
        key = item.split("=", 1)[0].strip()
        if key.split(".")[0] in own and key not in modules:
            expected = f"a rules value (sim rules {game}) or a module ({', '.join(sorted(modules))})"
            raise ConfigError(SOURCE, f"set.{key}", expected, item)
    return Question(game, field, players, tuple(changes), games, seed)


@cache
def _experiment_keys(game: str) -> frozenset[str]:
    """The experiment keys of ``game`` (every other ``--set`` key is a rules value)."""
    from sim.experiments import RUN_KEYS, experiment_module

    return frozenset({*RUN_KEYS, *experiment_module(game, SOURCE).KEYS, "mode", "engine"} - {"rules"})


def default_players(game: str, field: str) -> int:
    players = read_yaml(field_file(game, field)).get("players", 4)
    return players[0] if isinstance(players, list) else players


def study_yaml(q: Question) -> str:
    """The study file that ``sim compare FILE --set …`` answers with the page's numbers."""
    name = f"{q.game}-whatif.yaml"
    head = (
        f"# sim serve balance what-if: the baseline study (A). The page's numbers are:\n#   {q.command(name)}\n"
        f"# (B is A with each --set change; {q.games:,} games each, paired game by game on the same seed)\n"
    )
    return head + yaml.safe_dump(q.study(), sort_keys=False, allow_unicode=True, width=116)


# --- what the page shows -------------------------------------------------------------------------------------


def _ladder(game: str, name: str) -> dict:
    folder = STUDIES_DIR / game / name
    doc = json.loads((folder / "verdict.json").read_text())
    top = doc["rungs"][-1]
    manifest = next(s for s in studies(game) if s.name == name).manifest
    base = f"/studies/{game}/{name}"
    return {
        "kind": "ladder", "study": name, "question": doc["question"], "title": doc["title"],
        "answer": answer(manifest["headline"]), "fair_share": doc["fair_share"],
        "factions": {f: {"win_rate": v["win_rate"], "ci95": v["win_ci95"], "games": v["games"]}
                     for f, v in top["factions"].items()},
        "ends": top["ends"], "length": top["length"], "length_unit": doc.get("length_unit", "rounds"),
        "players": "searchers in every seat", "budget": top["budget"], "budgets": doc["budgets"],
        "games": top["games"], "seed": doc["seed"], "sees": doc["searcher"]["sees"],
        "policies": doc["searcher"]["policies"], "converged": doc["verdict"]["converged"],
        "verdict_text": doc["verdict"]["text"], "against_plans": manifest.get("against_plans"),
        "command": doc["command"],
        "links": {"report": f"{base}/report.html", "plot": f"{base}/ladder.png", "trace": f"{base}/skill-trace.png",
                  "manifest": f"{base}/manifest.yaml"},
    }  # fmt: skip


def _plans_study(game: str) -> dict | None:
    """The plan-equilibrium study the verdict's searchers start from (its ``--policy``), or None without a verdict."""
    if PAGES[game].verdict is None:
        return None
    name = _policy(game, PAGES[game].verdict).parent.name
    s = next(s for s in studies(game) if s.name == name)
    return {"study": s.name, "question": s.question, "answer": answer(s.headline), "headline": s.headline,
            "links": {"manifest": f"/studies/{game}/{s.name}/manifest.yaml"}}  # fmt: skip


@cache
def rules_list(game: str) -> list[dict]:
    """Every rules value ``sim rules GAME`` lists: its override key, value, source and note (assumed first)."""
    from sim.config import load_ruleset

    order = {"assumed": 0, "override": 1, "rulebook": 2}
    entries = sorted(load_ruleset(game).entries(), key=lambda e: order[e[1].source])
    return [{"key": k, "value": p.value, "source": p.source, "note": p.note} for k, p in entries]


def page(game: str) -> dict:
    """Everything the balance page draws before any what-if is asked."""
    spec = PAGES[game]
    fields = {}
    for name in ("verdict", "rotated") if spec.verdict else ("rotated",):
        path = field_file(game, name)
        raw = read_yaml(path)
        fields[name] = {"file": str(path.relative_to(STUDIES_DIR.parent)), "title": raw.get("title", ""),
                        "players": default_players(game, name), "seed": raw.get("seed"),
                        "modules": {k: _value(raw, k) for k, _, _ in spec.modules}}  # fmt: skip
    rules = rules_list(game)
    return {
        "game": game, "title": game_name(game),
        "verdict": _ladder(game, spec.verdict) if spec.verdict else None,
        "plans": _plans_study(game),
        "fields": fields, "players": list(spec.players),
        "modules": [{"key": k, "values": list(v), "label": label} for k, v, label in spec.modules],
        "rules": rules, "assumed": sum(r["source"] == "assumed" for r in rules),
        "steps": list(STEPS),
    }  # fmt: skip


def _value(raw: dict, key: str):
    node = raw
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return next(v for k, v, _ in PAGES[raw["game"]].modules if k == key)[0] if node is None else node
