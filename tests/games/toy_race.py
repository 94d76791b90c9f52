"""A toy game that proves "Adding a game" (README): a two-player dice race, registered in one place.

Red and blue take turns rolling a die (``die`` sides), red first; a plan rerolls once any roll below its
``reroll_below`` (the second roll stands). The first to reach ``target`` wins. The module is at once the game's
``GAME``, its study modes (``sim.experiments``' contract) and its balance adapter (``sim.balance.games``').
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.balance.games import Plan, _resolved, _seat, derived
from sim.balance.mix import Field
from sim.balance.space import parse_search
from sim.errors import ConfigError
from sim.games import Game
from sim.stats import wilson

GAME = Game(id="toy_race", name="Toy race", title="Toy dice race", factions=("red", "blue"),
            experiment="tests.games.toy_race", balance={"race": "tests.games.toy_race:Adapter"})  # fmt: skip
KEYS = ("target", "die", "seats")
PLANS = {"steady": 0, "bold": 3}  # plan → reroll_below
SEARCH = {"reroll_below": [0, 6]}  # what sim tune may change


@dataclass(frozen=True)
class Race:
    target: int = 20
    die: int = 6
    seats: tuple[str, str] = ("steady", "steady")  # each faction's plan label
    rerolls: tuple[int, int] = (0, 0)  # each faction's reroll_below
    factions: tuple[str, str] = GAME.factions


def resolve(spec) -> tuple[str, str, dict]:
    """A plan name, or ``{name, uses, params}`` → (label, plan it uses, parameters)."""
    if isinstance(spec, dict):
        label, uses = spec.get("name", spec.get("uses")), spec.get("uses", spec.get("name"))
        return str(label), uses, {**resolve(uses)[2], **(spec.get("params") or {})}
    if spec not in PLANS:
        raise ValueError(f"one of {', '.join(PLANS)}")
    return spec, spec, {"reroll_below": PLANS[spec]}


def experiment_from_dict(raw: dict, source: str) -> Race:
    for key in raw:
        if key not in (*KEYS, "mode"):
            raise ConfigError(source, key, f"a toy_race key ({', '.join(KEYS)})", key)
    target, die = raw.get("target", 20), raw.get("die", 6)
    for key, value, low in (("target", target, 1), ("die", die, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1000:
            raise ConfigError(source, key, f"a whole number {low}..1000", value)
    seats = raw.get("seats", {"red": "steady", "blue": "steady"})
    specs = [seats.get(f, "steady") for f in GAME.factions] if isinstance(seats, dict) else list(seats)
    plans = [_resolved(resolve, s, source, "seats", "toy_race") for s in specs]
    return Race(target, die, tuple(p[0] for p in plans), tuple(int(p[2]["reroll_below"]) for p in plans))


def compile(race: Race) -> Race:
    return race


def play_chunk(race: Race, key, start: int, count: int, keep_rows: bool):
    winner, rounds = np.zeros(count, np.int64), np.zeros(count, np.int64)
    for j in range(count):
        rng = np.random.default_rng([int(key), start + j])  # game i's own stream: any chunking, same numbers
        score, turn = [0, 0], 0
        while True:
            p = turn % 2
            roll = int(rng.integers(1, race.die + 1))
            if roll < race.rerolls[p]:
                roll = int(rng.integers(1, race.die + 1))
            score[p] += roll
            if score[p] >= race.target:
                winner[j], rounds[j] = p, turn // 2 + 1
                break
            turn += 1
    counts = {"wins": np.bincount(winner, minlength=2), "rounds": np.array([rounds.sum()])}
    rows = {"winner": winner, "win_type": np.zeros(count, np.int64), "rounds": rounds} if keep_rows else None
    return counts, rows


def summarize(counts: dict, n: int, race: Race) -> dict:
    wins = counts["wins"]
    return {"factions": list(race.factions),
            "win_rate": {f: float(wins[k] / n) for k, f in enumerate(race.factions)},
            "win_rate_ci95": {f: list(wilson(wins[k], n)) for k, f in enumerate(race.factions)},
            "win_type": {"race": 1.0}, "mean_rounds": float(counts["rounds"][0] / n)}  # fmt: skip


class Adapter:
    """``sim tune`` and ``sim balance`` for the toy race: one plan per faction, no rotation."""

    game = "toy_race"
    builtin = tuple(PLANS)
    win_types = ("race",)
    round_unit = 1
    runner = None

    def plan(self, spec, source: str, key: str = "plan"):
        label, uses, params = _resolved(resolve, spec, source, key, self.game)
        return Plan(label, spec, uses, params, parse_search(SEARCH, params, "toy_race"), "toy_race")

    def relevant(self, space, body):
        return space

    def derive(self, base, label, searched):
        return derived(base, label, searched)

    def field(self, body: dict, source: str):
        race = experiment_from_dict(body, source)
        seats = body.get("seats", {})
        plans: dict = {}
        entries = [seats.get(f, "steady") if isinstance(seats, dict) else seats[k] for k, f in enumerate(race.factions)]
        return Field(race.factions, tuple(_seat(self, e, source, f"seats.{f}", plans)
                                          for f, e in zip(race.factions, entries, strict=True))), plans  # fmt: skip

    def profile_body(self, body: dict, seats: dict) -> dict:
        return {**body, "seats": dict(seats)}

    def outcomes(self, rows: dict, payload, factions):
        winner = np.asarray(rows["winner"], np.int64)
        won = (winner[:, None] == np.arange(len(factions))[None, :]).astype(np.int8)
        return won, np.asarray(rows["win_type"], np.int64), np.asarray(rows["rounds"], np.int64)


def exact_red_win(race: Race) -> float:
    """P(red wins) by dynamic programming over (red's score, blue's score, whose turn): the toy's exact answer."""
    t, d = race.target, race.die

    def roll(below: int) -> np.ndarray:  # P(a turn adds k), k = 0..d
        p = np.zeros(d + 1)
        for first in range(1, d + 1):
            if first < below:
                p[1:] += 1 / d / d
            else:
                p[first] += 1 / d
        return p

    step = [roll(b) for b in race.rerolls]
    win = np.zeros((t + 1, t + 1, 2))  # P(red wins | scores, turn), scores capped at t
    for a in range(t - 1, -1, -1):
        for b in range(t - 1, -1, -1):
            win[a, b, 0] = sum(step[0][k] * (1.0 if a + k >= t else win[a + k, b, 1]) for k in range(1, d + 1))
            win[a, b, 1] = sum(step[1][k] * (0.0 if b + k >= t else win[a, b + k, 0]) for k in range(1, d + 1))
    return float(win[0, 0, 0])
