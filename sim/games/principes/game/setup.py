"""Every Principes rules file → ``GameRules``, and the starting state of a 4-player game.

``load_game_rules(overrides)`` reads the whole rule set (``sim.config.load_ruleset``: rules.yaml, game.yaml,
map.yaml, history.yaml, neighbors.yaml, progress.yaml, princesses.yaml, players.yaml, solo.yaml), routes each dotted
override to the file that holds it, compiles the battle rules and the board, and checks the readings the engines
model (``readings``). Every module reads its values from ``state.rules``: nothing is read from disk behind it, so
an experiment's ``rules:`` and ``--set`` reach every rule of both engines.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass

from sim.config import CONFIG_DIR, RuleSet, load_ruleset
from sim.games.principes.game import cards, readings
from sim.games.principes.game.state import UNITS, State
from sim.games.principes.map import Board, compile_board
from sim.games.principes.rules import PrincipesRules, compile_rules

GAME_PATH = CONFIG_DIR / "principes" / "game.yaml"
FILES = ("rules", "game", "map", "history", "neighbors", "progress", "princesses", "players", "solo")


@dataclass(frozen=True)
class GameRules:
    """The values both engines read (names mirror the YAML), the battle rules, the board and the rule set."""

    values: dict  # the whole plain tree of game.yaml, for values not lifted below
    battle: PrincipesRules
    seats_clockwise: tuple[str, ...]
    first_princeps: str
    rounds: int
    rounds_per_period: int
    track_low: int
    track_high: int
    coins_gold: int
    hand_limit: int
    ruleset: RuleSet | None = None  # every file with its provenance; ``digest`` identifies the values
    board: Board | None = None  # map.yaml, compiled

    def file(self, stem: str) -> dict:
        """The plain values tree of one rules file (``history``, ``neighbors``, ``progress``, ...)."""
        return self.ruleset.values(stem)

    @property
    def digest(self) -> str:
        return self.ruleset.digest

    @property
    def cavalry(self) -> frozenset[str]:
        """Unit kinds of class cavalry (rules.yaml ``units.<kind>.class``): 3 Movement Points, 2 swords."""
        return frozenset(u.name for u in self.battle.units if u.cavalry)


def load_game_rules(overrides: dict | None = None, sources: dict | None = None) -> GameRules:
    """Every rules file with the dotted ``overrides`` (each routed to the file that holds it; ``sources`` names
    where each came from, for error messages), as the engines' GameRules; cached per distinct overrides."""
    return _load(json.dumps(overrides or {}, sort_keys=True, default=str), json.dumps(sources or {}, sort_keys=True))


@functools.lru_cache(maxsize=32)
def _load(overrides: str, sources: str) -> GameRules:
    ruleset = load_ruleset("principes", json.loads(overrides), json.loads(sources))
    values = ruleset.values("game")
    board_rules = ruleset["map"]
    rules = GameRules(
        values=values,
        battle=compile_rules(ruleset["rules"]),
        seats_clockwise=tuple(values["seats"]["clockwise"]),
        first_princeps=values["seats"]["first_princeps"],
        rounds=values["rounds"]["count"],
        rounds_per_period=values["rounds"]["per_period"],
        track_low=values["tracks"]["low"],
        track_high=values["tracks"]["high"],
        coins_gold=values["pools"]["coins_gold"],
        hand_limit=values["politics"]["hand_limit"],
        ruleset=ruleset,
        board=compile_board(board_rules.values, board_rules.path),
    )
    readings.check(rules)
    return rules


def initial_state(board: Board | None = None, rules: GameRules | None = None) -> State:
    """Round I before any action: the deployment, 5 gold each, tracks at their start, no cards in hand.

    Starting hands are dealt by the caller (``politics.draw``) because dealing needs the random stream."""
    rules = rules or load_game_rules()
    board = board or rules.board
    v = rules.values
    units: dict = {}
    pool = {}
    for p in board.principalities:
        on_map = {kind: 0 for kind in UNITS}
        for land, placed in board.deployment[p].items():
            units.setdefault(land, {})[p] = dict(placed)
            for kind, n in placed.items():
                on_map[kind] += n
        pool[p] = {kind: v["pools"][kind] - on_map[kind] for kind in UNITS}
    for land, placed in board.pomerania_units.items():
        units.setdefault(land, {})[land] = dict(placed)  # a Pomerania's units fight as the faction named after it
    supply = dict(board.token_count)
    supply.update({kind: v["pools"][kind] for kind in ("castle", "tiltyard", "abbey", "division")})
    supply["division"] -= len(board.division_tokens)
    decks = {kind: dict(v["cards"][f"{kind}_symbols"]) for kind in ("battle", "court", "neighbor")}
    princes = {}
    for p in board.principalities:
        split = {int(k): n for k, n in v["factions"][p]["prince_deck"].items()}
        split[1] -= 1  # the Period I Prince starts ruling
        princes[p] = split
    people0, clergy0 = v["tracks"]["start_people"], v["tracks"]["start_clergy"]
    return State(
        board=board,
        rules=rules,
        round=1,
        princeps=rules.first_princeps,
        clockwise=True,
        units=units,
        pool=pool,
        gold={p: v["seats"]["starting_gold"] for p in board.principalities},
        people={p: people0 for p in board.principalities},
        clergy={p: clergy0 for p in board.principalities},
        cities={},
        buildings={},
        division=set(board.division_tokens),
        supply=supply,
        hands={p: {} for p in board.principalities},
        decks=decks,
        pomerania_off={},
        reign={p: 1 for p in board.principalities},
        princes_left=princes,
        final_round=rules.rounds,
    )


def deal_starting_hands(state: State, rng: random.Random) -> State:
    """Each player draws the starting cards (game.yaml ``seats.starting_cards``), in the seat order."""
    out = state.copy()
    for player in out.players:
        for kind, n in out.rules.values["seats"]["starting_cards"].items():
            for _ in range(n):
                cards.draw_into(out, player, kind, rng)
    return out
