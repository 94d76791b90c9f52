"""Dark Ages multiplayer studies (2-4 players, ``sim run``): the experiment, seating, the reference engine's
chunk, and the summary. The contract is ``sim.experiments``'; ``experiment`` dispatches between study modes and
engines.

Game ``i`` draws only from stream ``(key, i)``. Rulers and strategies are rotated by game index so each Ruler sits in
every seat and plays every strategy equally often: with ``k`` Rulers and ``s`` strategies, seat ``j`` of game ``i``
plays Ruler ``rulers[(i + j) % k]`` with strategy ``strategies[(i // k + j) % s]``, and the player count cycles through
``players``. That rotation (``tables: rotation``, the default) seats only k of the C(k, n) tables of n Rulers; ``tables:
every`` seats instead every ordered table in turn (``every_table``): game ``i`` of the ``n``-player games (the ``m = i
// P``-th, with P player counts) takes ordered table ``m`` mod k!/(k-n)!, so every set of Rulers meets, each in every
chair order, equally often. ``seats: {ruler: plan}`` instead (a plan per Ruler in play, named as
``strategies.dark_ages.resolve`` reads it) seats on each chair the plan of the Ruler it draws; ``strategies`` then holds
the plans' labels and ``specs`` what each label runs. A Ruler's win rate is its wins over the games it played; tied
winners share victory and each counts a win (``shared_win`` reports how often that happens). ``modules: {name: true}``
switches modules on (``game/modules``; Module 3 also adds its two Rulers to ``rulers: all``); ``mode: module_effects``
runs the paired on/off comparison (``module_effects``), ``mode: solo_module_effects`` the solo one
(``solo_module_effects``).

A round is a game's Passes / players (``round_twelfths``): ``mean_rounds`` is the mean over games of the per-game
``rounds`` column. Per-game rows (``--save``, reports) hold players, trigger, turns, rounds, winner, shared and, per
seat ``j``, ``seat{j}_ruler``, ``_strategy``, ``_won``, ``_vp`` and the VP by scoring category (``CATEGORIES``).

``engine: auto | fast | reference`` (``fast.dispatch``): auto plays multiplayer games without modules, Skirmishers
or rules overrides, with built-in strategies, on the compiled engine (``sim/games/dark_ages/fast``): game ``i`` then
draws from the counter-based stream ``trial_state(key, i)`` itself instead of ``random.Random`` seeded with it, so
the games differ from the reference's but follow the same rules (the fast engine plays the reference's games
exactly when the reference draws from ``sim.lockstep.LockstepRandom``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random
from dataclasses import dataclass

import numpy as np

from sim.engine_choice import requested
from sim.errors import ConfigError
from sim.games.dark_ages import battle_stats
from sim.games.dark_ages.fast.dispatch import choose_engine
from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import IN_GAME, TRIGGERS
from sim.games.dark_ages.game.loop import play
from sim.games.dark_ages.game.setup import PLAYER_COUNTS, new_game
from sim.games.dark_ages.scoring import CATEGORIES as FINAL_CATEGORIES
from sim.games.dark_ages.study import check_common, check_modules, plan_specs, strategy_object
from sim.rng import trial_state
from sim.search.settings import seat_label
from sim.stats import mean_ci, wilson
from strategies.dark_ages import NAMES as STRATEGY_NAMES
from strategies.dark_ages import resolve

KEYS = ("mode", "players", "rulers", "tables", "strategies", "strategy_params", "seats", "skirmishers", "modules",
        "max_turns", "rules", "engine")  # fmt: skip
TABLES = ("rotation", "every")  # which tables of Rulers an experiment seats (``seating``)
PLAN_HELP = "a plan: a name under configs/dark_ages/strategies, a plan file (.yaml), or {name, uses, params}"
CATEGORIES = (*FINAL_CATEGORIES, "technology_bonus", *IN_GAME, "modules")  # "modules": 0 with every module off
MAX_SEATS = 4
TWELFTHS = 12  # every player count (2-4, and solo's 2 sides) divides it: game lengths in rounds sum exactly


def round_twelfths(passes: int, players: int) -> int:
    """A game's length in twelfths of a round. The one definition of a round, used by ``mean_rounds``, the
    per-game ``rounds`` column and the reports: Passes by all players / players (each player's Passes, including
    the whole-table Pass at the end trigger and the final Pass, averaged over the table)."""
    return passes * (TWELFTHS // players)


@dataclass(frozen=True)
class Experiment:
    players: tuple[int, ...]
    rulers: tuple[str, ...]
    strategies: tuple[str, ...]
    strategy_params: dict
    skirmishers: bool
    max_turns: int
    overrides: tuple  # rules: dotted keys of any rules file → values, as sorted pairs (study.check_rules)
    modules: tuple[str, ...] = ()  # switched-on modules (game/modules.NAMES)
    engine: str = "reference"  # the engine that plays it: fast | reference (fast.dispatch.choose_engine)
    seats: dict = dataclasses.field(default_factory=dict)  # seats: Ruler → its plan's label (one of ``strategies``)
    specs: tuple = ()  # seats: (uses, params JSON) for each label of ``strategies``; empty: each strategy runs itself
    engine_reason: str = ""  # why the reference engine plays it (empty on the fast engine)
    tables: str = "rotation"  # rotation: Rulers (i + j) mod k; every: every ordered table in turn (``seating``)


@dataclass(frozen=True)
class Payload:
    experiment: Experiment
    factions: tuple[str, ...]  # the Rulers, in win-count order


def experiment_from_dict(raw: dict, source: str) -> Experiment:
    """2-4 player games (``mode: multiplayer``, the default); the engine that plays them is chosen by
    ``fast.dispatch.choose_engine``."""
    for key in raw:
        if key not in KEYS:
            raise ConfigError(source, key, f"an experiment key ({', '.join(KEYS)})", key)
    players = raw.get("players", 3)
    players = [players] if isinstance(players, int) and not isinstance(players, bool) else players
    if not isinstance(players, list) or not players or any(p not in PLAYER_COUNTS for p in players):
        raise ConfigError(source, "players", "a player count 2, 3 or 4, or a list of them", raw.get("players"))
    ctx = cached_context()
    mods = check_modules(raw, source, min(players))
    base = [r for r, ruler in ctx.board.rulers.items() if ruler.module in ("base", *mods)]  # Module 3's Rulers
    rulers = raw.get("rulers", "all")
    rulers = base if rulers == "all" else rulers
    if not isinstance(rulers, list) or len(set(rulers)) != len(rulers) or any(r not in base for r in rulers):
        raise ConfigError(source, "rulers", f"'all' or a list of distinct Rulers in play ({', '.join(base)})",
                          raw.get("rulers"))  # fmt: skip
    if len(rulers) < max(players):
        raise ConfigError(source, "rulers", f"at least {max(players)} Rulers for {max(players)} players", rulers)
    seated = check_seats(raw, source, rulers) if "seats" in raw else None
    strategies, params, max_turns, overrides = check_common(raw, source, STRATEGY_NAMES)
    skirmishers = raw.get("skirmishers", False)
    if not isinstance(skirmishers, bool):
        raise ConfigError(source, "skirmishers", "true or false (Module 7)", skirmishers)
    tables = raw.get("tables", "rotation")
    if tables not in TABLES:
        raise ConfigError(source, "tables", "rotation (Rulers rotate by game) or every (every table in turn)", tables)
    requested(raw, source)
    e = Experiment(tuple(players), tuple(rulers), tuple(strategies), params, skirmishers, max_turns, overrides,
                   mods, tables=tables)  # fmt: skip
    if seated:
        labels, specs, by_ruler = seated
        e = dataclasses.replace(e, strategies=labels, seats=by_ruler, specs=specs)
    engine, reason = choose_engine(raw, e, source)
    return dataclasses.replace(e, engine=engine, engine_reason=reason)


def check_seats(raw: dict, source: str, rulers: list[str]) -> tuple[tuple, tuple, dict]:
    """``seats: {ruler: plan}`` → (labels, (uses, params JSON) per label, {ruler: label})."""
    seats = raw["seats"]
    for key in ("strategies", "strategy_params"):
        if key in raw:
            raise ConfigError(source, key, "seats or strategies/strategy_params, not both", raw[key])
    if not isinstance(seats, dict) or set(seats) != set(rulers):
        missing = sorted(set(rulers) - set(seats)) if isinstance(seats, dict) else rulers
        extra = sorted(set(seats) - set(rulers)) if isinstance(seats, dict) else []
        why = (f"missing {', '.join(missing)}" if missing else "") + ("; " if missing and extra else "")
        why += f"not in play: {', '.join(extra)}" if extra else ""
        raise ConfigError(source, "seats", f"a mapping {{ruler: plan}} for every Ruler in play ({why})",
                          seats if not isinstance(seats, dict) else sorted(seats))  # fmt: skip
    labels: dict[str, tuple[str, str]] = {}
    by_ruler = {}
    for ruler in rulers:
        try:
            label, uses, params = resolve(seats[ruler])
        except (ValueError, ConfigError) as err:
            raise ConfigError(source, f"seats.{ruler}", PLAN_HELP, str(err)) from None
        label = seat_label(label, uses, params)  # a searcher that sees hidden cards says so wherever it is named
        spec = (uses, json.dumps(params, sort_keys=True))
        if labels.setdefault(label, spec) != spec:
            raise ConfigError(source, f"seats.{ruler}", "one definition per plan name", label)
        by_ruler[ruler] = label
    return tuple(labels), tuple(labels.values()), by_ruler


def ruler_plans(e: Experiment) -> tuple[int, ...]:
    """Under ``seats``: each Ruler's plan (index into ``strategies``), in ``rulers`` order; else empty."""
    return tuple(e.strategies.index(e.seats[r]) for r in e.rulers) if e.seats else ()


def compile(experiment: Experiment) -> Payload:
    return Payload(experiment, experiment.rulers)


@functools.cache
def every_table(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """Every ordered table of ``n`` of ``k`` Rulers (indices into ``rulers``), in the order ``tables: every`` seats
    them: each set of Rulers (``combinations`` order), then its chair orders, so the sets come up evenly early on."""
    sets = list(itertools.combinations(range(k), n))
    orders = list(itertools.permutations(range(n)))
    return tuple(tuple(sets[m % len(sets)][o] for o in orders[m // len(sets)]) for m in range(len(sets) * len(orders)))


def table_of(e: Experiment, i: int) -> tuple[int, ...]:
    """Game ``i``'s Rulers by seat, as indices into ``e.rulers`` (``tables``: rotation or every)."""
    n = e.players[i % len(e.players)]
    k = len(e.rulers)
    if e.tables == "every":
        tables = every_table(k, n)
        return tables[(i // len(e.players)) % len(tables)]
    return tuple((i + j) % k for j in range(n))


def seating(e: Experiment, i: int) -> tuple[list[str], list[str]]:
    """Game ``i``'s Rulers and strategies (labels under ``seats``) by seat (seat 0 starts)."""
    n = e.players[i % len(e.players)]
    k, s = len(e.rulers), len(e.strategies)
    rulers = [e.rulers[r] for r in table_of(e, i)]
    if e.seats:  # the plan follows the Ruler
        return rulers, [e.seats[r] for r in rulers]
    return rulers, [e.strategies[(i // k + j) % s] for j in range(n)]


def faces(e) -> int:
    """The faces of the experiment's battle die (its rule set, overrides applied)."""
    return cached_context(e.overrides, e.skirmishers or "skirmishers" in e.modules).battle.faces


def _empty(payload: Payload) -> dict[str, np.ndarray]:
    r, s = len(payload.factions), len(payload.experiment.strategies)
    return {
        **battle_stats.empty(faces(payload.experiment)),
        "wins": np.zeros(r, np.int64), "games": np.zeros(r, np.int64),
        "strategy_wins": np.zeros(s, np.int64), "strategy_games": np.zeros(s, np.int64),
        "matrix": np.zeros((s, r, 2), np.int64),  # strategy × Ruler: (games, wins)
        "seat_wins": np.zeros(MAX_SEATS, np.int64), "seat_games": np.zeros(MAX_SEATS, np.int64),
        "win_type": np.zeros(len(TRIGGERS), np.int64), "shared": np.zeros(1, np.int64),
        "turns": np.zeros(2, np.int64), "rounds": np.zeros(2, np.int64),  # (sum, sum of squares); rounds in 12ths
        "rounds_by_players": np.zeros((MAX_SEATS + 1, 2), np.int64),  # player count → (games, rounds in 12ths)
        "strategy_score": np.zeros((s, len(CATEGORIES) + 1), np.int64),  # by category, then total
        "score": np.zeros((r, len(CATEGORIES)), np.int64), "total": np.zeros((r, 2), np.int64),
        "winner_total": np.zeros(2, np.int64), "margin": np.zeros(2, np.int64),
    }  # fmt: skip


def play_one(payload: Payload, key, i: int, mods: tuple[str, ...] | None = None):
    """Game ``i`` with the experiment's modules, or with ``mods`` instead (the paired module comparison)."""
    e = payload.experiment
    mods = e.modules if mods is None else mods
    rulers, names = seating(e, i)
    rng = random.Random(int(trial_state(np.uint64(key), i)))
    ctx = cached_context(e.overrides, e.skirmishers or "skirmishers" in mods)
    specs = plan_specs(e)
    strategies = [strategy_object(*specs[e.strategies.index(name)]) for name in names]
    game = new_game(ctx, rulers, strategies, rng)
    if mods:
        modules.install(game, mods)
    outcome = play(game, max_turns=e.max_turns)
    return rulers, names, outcome


def play_chunk(payload: Payload, key, start: int, count: int, keep_rows: bool):
    """Games ``start .. start+count-1`` on the reference engine: counts and per-game rows."""
    e = payload.experiment
    c = _empty(payload)
    ruler_index = {r: j for j, r in enumerate(payload.factions)}
    strategy_index = {s: j for j, s in enumerate(e.strategies)}
    rows: dict[str, list] = {k: [] for k in ("players", "trigger", "turns", "rounds", "winner", "shared")}
    for j in range(MAX_SEATS):
        for col in ("ruler", "strategy", "won", "vp", *CATEGORIES):
            rows[f"seat{j}_{col}"] = []
    logs = []
    for i in range(start, start + count):
        rulers, names, o = play_one(payload, key, i)
        battle_stats.add(c, o.battles)
        logs.append(o.battles)
        totals = [s["total"] for s in o.scores]
        for seat, (ruler, name) in enumerate(zip(rulers, names, strict=True)):
            won = seat in o.winners
            r, s = ruler_index[ruler], strategy_index[name]
            c["games"][r] += 1
            c["wins"][r] += won
            c["strategy_games"][s] += 1
            c["strategy_wins"][s] += won
            c["matrix"][s, r] += [1, won]
            c["seat_games"][seat] += 1
            c["seat_wins"][seat] += won
            c["score"][r] += [o.scores[seat].get(cat, 0) for cat in CATEGORIES]
            c["strategy_score"][s] += [o.scores[seat].get(cat, 0) for cat in CATEGORIES] + [totals[seat]]
            c["total"][r] += [totals[seat], totals[seat] ** 2]
        c["win_type"][TRIGGERS.index(o.trigger)] += 1
        c["shared"][0] += len(o.winners) > 1
        c["turns"] += [o.turns, o.turns**2]
        length = round_twelfths(o.passes, len(rulers))
        c["rounds"] += [length, length**2]
        c["rounds_by_players"][len(rulers)] += [1, length]
        ordered = sorted(totals, reverse=True)
        c["winner_total"] += [ordered[0], ordered[0] ** 2]
        c["margin"] += [ordered[0] - ordered[1], (ordered[0] - ordered[1]) ** 2]
        if keep_rows:
            rows["players"].append(len(rulers))
            rows["trigger"].append(o.trigger)
            rows["turns"].append(o.turns)
            rows["rounds"].append(length / TWELFTHS)
            rows["winner"].append(rulers[o.winners[0]])
            rows["shared"].append(len(o.winners) > 1)
            for j in range(MAX_SEATS):
                here = j < len(rulers)
                rows[f"seat{j}_ruler"].append(rulers[j] if here else "")
                rows[f"seat{j}_strategy"].append(names[j] if here else "")
                rows[f"seat{j}_won"].append(here and j in o.winners)  # tied winners share victory: each won
                rows[f"seat{j}_vp"].append(totals[j] if here else -1)
                for cat in CATEGORIES:  # VP by scoring category (sums to vp); -1 for an empty seat
                    rows[f"seat{j}_{cat}"].append(o.scores[j].get(cat, 0) if here else -1)
    if not keep_rows:
        return c, None
    return c, {**{k: np.array(v) for k, v in rows.items()}, **battle_stats.log_rows(battle_stats.MULTIPLAYER_KINDS,
                                                                                   logs)}  # fmt: skip


def mean_rounds(counts: dict[str, np.ndarray], n: int) -> dict:
    """``mean_rounds`` (each game weighs one, like the per-game ``rounds`` column), its 95% interval, and the
    mean by player count."""
    mean, lo, hi = mean_ci(float(counts["rounds"][0]), float(counts["rounds"][1]), n)
    by_players = counts["rounds_by_players"]
    return {
        "mean_rounds": mean / TWELFTHS,
        "mean_rounds_ci95": [lo / TWELFTHS, hi / TWELFTHS],
        "mean_rounds_by_players": {
            str(k): float(by_players[k, 1]) / TWELFTHS / int(by_players[k, 0])
            for k in range(len(by_players))
            if by_players[k, 0]
        },
    }


def _rate(wins, games) -> tuple[float, list[float]]:
    w, g = int(wins), int(games)
    lo, hi = wilson(w, g)
    return (w / g if g else 0.0), [round(lo, 6), round(hi, 6)]


def summarize(counts: dict[str, np.ndarray], n: int, payload: Payload) -> dict:
    e = payload.experiment
    win_rate, ci = {}, {}
    for j, ruler in enumerate(payload.factions):
        win_rate[ruler], ci[ruler] = _rate(counts["wins"][j], counts["games"][j])
    by_strategy = {
        s: _rate(counts["strategy_wins"][j], counts["strategy_games"][j]) for j, s in enumerate(e.strategies)
    }
    by_seat = {str(j): _rate(counts["seat_wins"][j], counts["seat_games"][j])
               for j in range(MAX_SEATS) if counts["seat_games"][j]}  # fmt: skip
    seats = int(counts["games"].sum())
    turns = mean_ci(float(counts["turns"][0]), float(counts["turns"][1]), n)
    winner = mean_ci(float(counts["winner_total"][0]), float(counts["winner_total"][1]), n)
    margin = mean_ci(float(counts["margin"][0]), float(counts["margin"][1]), n)
    score = counts["score"]
    games = np.maximum(counts["games"], 1)
    return {
        "factions": list(payload.factions),
        "win_rate": win_rate,
        "win_rate_ci95": ci,
        "games_by_ruler": {r: int(g) for r, g in zip(payload.factions, counts["games"], strict=True)},
        "win_rate_by_strategy": {s: v[0] for s, v in by_strategy.items()},
        "win_rate_by_strategy_ci95": {s: v[1] for s, v in by_strategy.items()},
        "win_rate_by_seat": {s: v[0] for s, v in by_seat.items()},
        "win_rate_by_seat_ci95": {s: v[1] for s, v in by_seat.items()},
        "win_type": {t: int(k) / n for t, k in zip(TRIGGERS, counts["win_type"], strict=True) if k},
        "shared_win": int(counts["shared"][0]) / n,
        **mean_rounds(counts, n),
        "mean_turns": turns[0],
        "mean_turns_ci95": [turns[1], turns[2]],
        "mean_winner_vp": winner[0],
        "mean_margin_vp": margin[0],
        "mean_margin_vp_ci95": [margin[1], margin[2]],
        "mean_vp": float(counts["total"][:, 0].sum()) / max(1, seats),
        "score_by_category": {cat: float(score[:, k].sum()) / max(1, seats) for k, cat in enumerate(CATEGORIES)},
        "score_by_ruler": {
            r: {
                "total": float(counts["total"][j, 0]) / games[j],
                **{cat: float(score[j, k]) / games[j] for k, cat in enumerate(CATEGORIES)},
            }
            for j, r in enumerate(payload.factions)
        },  # fmt: skip
        "score_by_strategy": {
            name: {
                "total": float(counts["strategy_score"][k, -1]) / max(1, int(counts["strategy_games"][k])),
                **{
                    cat: float(counts["strategy_score"][k, c]) / max(1, int(counts["strategy_games"][k]))
                    for c, cat in enumerate(CATEGORIES)
                },
            }
            for k, name in enumerate(e.strategies)
        },
        "battles": battle_stats.summary(counts, n, battle_stats.MULTIPLAYER_KINDS),
        "strategy_matrix": {
            name: {
                r: {
                    "games": int(counts["matrix"][k, j, 0]),
                    "win_rate": int(counts["matrix"][k, j, 1]) / int(counts["matrix"][k, j, 0])
                    if counts["matrix"][k, j, 0]
                    else None,
                }
                for j, r in enumerate(payload.factions)
            }
            for k, name in enumerate(e.strategies)
        },
    }
