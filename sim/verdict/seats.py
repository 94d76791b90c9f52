"""Who sits where on the ladder: the searcher seat (``searcher``, the one function that builds it, so that a new
searcher needs a change here only), every seat of a study searched (``every_seat``), and each seat's policy: the
plan the searcher plays between its searched decisions and in its playouts.

A seat is a key of the study's ``seats`` mapping (a Principality or a Ruler); the study's own seating (Principes:
every Principality at the table; Dark Ages: its tables of Rulers and chairs) is kept, so the searchers sit where
the study's plans sat. A mixed seat (an equilibrium file of ``sim balance``) gives its searcher the plan of the
largest weight: the searcher is one agent per seat, not a mixture.
"""

from __future__ import annotations

from pathlib import Path

from sim.balance.mix import is_mix, parse_mix
from sim.errors import ConfigError
from sim.games import having


def planned_seats(raw: dict, source: str, who: str) -> list[str]:
    """The study's factions as its ``seats`` name them, each with a plan (``who``: "Ruler", "family")."""
    seats = raw.get("seats")
    if not isinstance(seats, dict):
        raise ConfigError(source, "seats", f"a plan per {who} (seats: {{{who.lower()}: plan}})", seats)
    return list(seats)


def searcher(budget: int, policy, determinize: bool = True) -> dict:
    """One seat's searcher: ``budget`` playouts per candidate, playing ``policy`` (a plan name, file or mapping)
    between its searched decisions and in its playouts; ``determinize``: each playout first resamples what the seat
    cannot see (false: it sees hidden cards, the cheating upper bound)."""
    return {"uses": "rollout", "params": {"rollouts": int(budget), "policy": policy, "determinize": bool(determinize)}}


def every_seat(raw: dict, policies: dict, budget: int, determinize: bool, strong: str | None = None) -> dict:
    """The study ``raw`` with every seat a searcher of ``budget`` playing its policy; seat ``strong`` (the skill
    trace) at twice the budget."""
    seats = {}
    for key, policy in policies.items():
        b = 2 * budget if key == strong else budget
        seats[key] = {"name": f"search{b}-{key}", **searcher(b, policy, determinize)}
    out = {**raw, "seats": seats}
    if raw.get("game") == "principes":
        out["rotate"] = False  # each Principality keeps its own searcher (its policy is its own plan)
    return out


def _plan(value, source: str, key: str):
    """A seat's plan for the searcher's policy: the plan itself, or a mixture's plan of the largest weight."""
    if is_mix(value):
        mix = parse_mix(value, source, key)
        return max(mix, key=lambda pw: pw[1])[0]
    if isinstance(value, dict) and value.get("uses") == "rollout":
        raise ConfigError(source, key, "a plan for the searcher to play (not a searcher)", "rollout")
    return value


def policies(raw: dict, source: str, policy: str | None, keys: list[str]) -> dict:
    """Each seat's policy (``keys``: the study's seats): the study's own seats (``policy`` None), the seats of an
    experiment or equilibrium file ``policy``, or the plan ``policy`` in every seat."""
    from sim.experiments import load_experiment

    seats, where = raw.get("seats"), source
    if policy is not None and Path(policy).suffix in (".yaml", ".yml") and Path(policy).is_file():
        other = load_experiment(policy)
        if isinstance(other.get("seats"), dict):
            seats, where, policy = other["seats"], policy, None
    if policy is not None:
        return dict.fromkeys(keys, policy)
    if not isinstance(seats, dict) or set(seats) != set(keys):
        raise ConfigError(where, "seats", f"a plan for each of {', '.join(keys)} for the searchers (or --policy PLAN)",
                          sorted(seats) if isinstance(seats, dict) else seats)  # fmt: skip
    return {k: _plan(seats[k], where, f"seats.{k}") for k in keys}


def check_game(raw: dict, source: str) -> str:
    """The study's game, if the searcher plays it."""
    game = raw.get("game")
    if game not in having("verdict"):  # the games today's searcher (``uses: rollout``) plays
        raise ConfigError(source, "game", f"a game the searcher plays ({', '.join(having('verdict'))})", game)
    return game
