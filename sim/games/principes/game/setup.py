"""game.yaml → ``GameRules``, and the starting state of a 4-player game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from sim.config import CONFIG_DIR, load_rules
from sim.games.principes.game import cards
from sim.games.principes.game.state import UNITS, State
from sim.games.principes.map import Board, load_board
from sim.games.principes.rules import PrincipesRules, compile_rules

GAME_PATH = CONFIG_DIR / "principes" / "game.yaml"


@dataclass(frozen=True)
class GameRules:
    """The full-game values the reference engine reads (names mirror game.yaml), plus the battle rules."""

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


def load_game_rules(
    path: str | Path | None = None, battle_path: str | Path | None = None, overrides: dict | None = None
) -> GameRules:
    """game.yaml (with dotted-key ``overrides``) and the battle rules, as the engine's GameRules."""
    values = load_rules("principes", overrides, path=path or GAME_PATH).values
    return GameRules(
        values=values,
        battle=compile_rules(load_rules("principes", path=battle_path)),
        seats_clockwise=tuple(values["seats"]["clockwise"]),
        first_princeps=values["seats"]["first_princeps"],
        rounds=values["rounds"]["count"],
        rounds_per_period=values["rounds"]["per_period"],
        track_low=values["tracks"]["low"],
        track_high=values["tracks"]["high"],
        coins_gold=values["pools"]["coins_gold"],
        hand_limit=values["politics"]["hand_limit"],
    )


def initial_state(board: Board | None = None, rules: GameRules | None = None) -> State:
    """Round I before any action: the deployment, 5 gold each, tracks at their start, no cards in hand.

    Starting hands are dealt by the caller (``politics.draw``) because dealing needs the random stream."""
    board = board or load_board()
    rules = rules or load_game_rules()
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
