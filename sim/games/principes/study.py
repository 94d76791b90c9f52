"""A Principes full-game study (2, 3 or 4 players): the experiment keys → ``Experiment``, and the per-game table
both engines fill.

``experiment_from_dict`` validates the keys of ``sim.games.principes.experiment`` (``mode: multiplayer``), checks
``rules:`` against every rules file (``setup.load_game_rules``: a bad key, type or range is a one-line error naming
the experiment file) and picks the engine (``fast.dispatch``). Each game, on either engine, becomes one int64 row
of ``columns(payload)``; ``table_counts`` turns rows into the order-independent counts of ``sim.experiments`` and the
per-game rows ``--save`` keeps, and ``summarize`` the counts into ``--json`` (battle statistics: ``battle_stats``).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import numpy as np

from sim.errors import ConfigError
from sim.games.principes import battle_stats, player_count
from sim.games.principes.driver import WIN_TYPES
from sim.games.principes.fast.dispatch import choose_engine
from sim.games.principes.game.battles import KINDS
from sim.games.principes.game.setup import GameRules, load_game_rules
from sim.games.principes.rules import SYMBOLS
from sim.search.settings import seat_label
from sim.stats import hist_mean_ci, wilson
from strategies.principes import resolve

KEYS = ("players", "seats", "rotate", "strict", "rules", "history", "progress", "court", "princesses", "neighbors")
PROGRESS_MODELS = ("generic", "tiles")
KEYS = (*KEYS, "engine")  # auto | fast | reference: sim.games.principes.fast.dispatch
KEYS = (*KEYS, *player_count.KEYS)  # variant: passive | active, elimination: sim.games.principes.player_count
TRACK_COLUMNS = ("might", "people", "clergy", "gold")
TALLIES = ("battles", "attacker_wins", "attacker_lost", "defender_lost")  # per battle kind (``game.battles.KINDS``)


@dataclass(frozen=True)
class Experiment:
    factions: tuple[str, ...]
    labels: tuple[str, ...]  # distinct strategy labels; a strategy id indexes this
    specs: tuple[tuple[str, dict], ...]  # (class reference, params) per strategy id
    seats: tuple[int, ...]  # strategy id of each Principality before rotation
    rotate: bool
    strict: bool
    rules: tuple[tuple[str, object], ...]  # dotted overrides of any rules file, hashable
    history: bool = True  # History Cards on
    engine: str = "reference"  # the engine that plays it: fast | reference (fast.dispatch.choose_engine)
    engine_reason: str = ""  # why the reference engine plays it (empty on the fast engine)
    variants: frozenset[str] = frozenset()  # optional rules on: tiles, court, princesses, neighbors (driver.play_game)
    rounds: int = 6  # game.yaml rounds.count of the rule set: the longest game (the Rounds histogram's width)


def experiment_from_dict(raw: dict, source: str) -> Experiment:
    """The multiplayer study of ``raw`` (``mode`` already taken off)."""
    unknown = set(raw) - set(KEYS)
    if unknown:
        raise ConfigError(source, sorted(unknown)[0], f"one of {', '.join(KEYS)}", sorted(unknown)[0])
    rules = raw.get("rules") or {}
    if not isinstance(rules, dict):
        raise ConfigError(source, "rules", "a mapping of dotted rules keys to values", rules)
    game_rules = load_game_rules(dict(rules), dict.fromkeys(rules, source))  # every file; errors name ``source``
    factions = game_rules.board.principalities
    factions = player_count.played_factions(raw, factions, source)  # players: 2 | 3 | 4; the others non-players
    seats = raw.get("seats", ["builder", "conqueror", "politician", "random"])
    if isinstance(seats, dict):
        missing = [f for f in factions if f not in seats]
        extra = [f for f in seats if f not in factions]
        if missing or extra:
            raise ConfigError(source, "seats", f"a strategy for each of {', '.join(factions)}", sorted(seats))
        seats = [seats[f] for f in factions]
    if not isinstance(seats, list) or len(seats) != len(factions):
        raise ConfigError(source, "seats", f"a list of {len(factions)} strategies (seat order)", seats)
    resolved = []
    for i, spec in enumerate(seats):
        try:
            resolved.append(resolve(spec))
        except (ValueError, ImportError, AttributeError, TypeError) as err:
            raise ConfigError(source, f"seats[{i}]", "a strategy (see strategies/principes)", str(err)) from None
    labels: list[str] = []
    specs: list[tuple[str, dict]] = []
    ids = []
    for label, uses, params in resolved:
        label = seat_label(label, uses, params)  # a searcher that sees hidden cards says so wherever it is named
        if label in labels and specs[labels.index(label)] != (uses, params):
            raise ConfigError(source, "seats", "one definition per strategy name", label)
        if label not in labels:
            labels.append(label)
            specs.append((uses, params))
        ids.append(labels.index(label))
    for key in ("rotate", "strict", "history", "court", "princesses", "neighbors"):
        if key in raw and not isinstance(raw[key], bool):
            raise ConfigError(source, key, "true or false", raw[key])
    experiment = Experiment(
        factions=factions,
        labels=tuple(labels),
        specs=tuple(specs),
        seats=tuple(ids),
        rotate=raw.get("rotate", True),
        strict=raw.get("strict", False),
        rules=tuple(sorted((k, json.dumps(v)) for k, v in rules.items())),
        history=raw.get("history", True),
        variants=_variants(raw, source) | player_count.variants(raw, source, len(factions)),
        rounds=game_rules.rounds,
    )
    engine, reason = choose_engine(raw, experiment, source)
    return dataclasses.replace(experiment, engine=engine, engine_reason=reason)


def _variants(raw: dict, source: str) -> frozenset[str]:
    model = raw.get("progress", "generic")
    if model not in PROGRESS_MODELS:
        raise ConfigError(source, "progress", " or ".join(PROGRESS_MODELS), model)
    on = {"tiles"} if model == "tiles" else set()
    on |= {key for key in ("court", "princesses", "neighbors") if raw.get(key, False)}
    return frozenset(on)


def game_rules(overrides: tuple[tuple[str, str], ...]) -> GameRules:
    """The rule set of an experiment's ``rules`` (JSON values, as ``Experiment.rules`` holds them); cached."""
    return load_game_rules({k: json.loads(v) for k, v in overrides})


def seat_strategies(payload: Experiment, game: int) -> tuple[int, ...]:
    """Strategy id of each Principality in game ``game``: the seat list shifted by ``game mod R``."""
    r = len(payload.factions)
    shift = game % r if payload.rotate else 0
    return tuple(payload.seats[(j + shift) % r] for j in range(r))


# --- the per-game table ------------------------------------------------------------------------------------------


def columns(n_factions: int) -> tuple[str, ...]:
    """The int64 per-game table: the result, the seats' strategies, the final tracks, eliminations, and the game's
    battle statistics (battles, attacker wins, units toppled by kind; Battle Die rolls by face)."""
    per = [f"{t}_{j}" for t in (*TRACK_COLUMNS, "eliminated") for j in range(n_factions)]
    tallies = [f"{t}_{k}" for t in TALLIES for k in KINDS]
    return ("winner", "win_type", "rounds", "actions", "illegal", "bad",
            *[f"strategy_{j}" for j in range(n_factions)], *per, *tallies, *[f"die_{s}" for s in SYMBOLS])  # fmt: skip


def table_counts(t: np.ndarray, payload: Experiment, keep_rows: bool):
    """(counts, rows) of ``sim.experiments`` from the per-game table ``t`` (games, len(columns)) int64."""
    col = {name: i for i, name in enumerate(columns(len(payload.factions)))}
    f, s = len(payload.factions), len(payload.labels)

    def block(name: str, n: int) -> np.ndarray:
        return t[:, col[f"{name}_0"] : col[f"{name}_0"] + n]

    winner, wt, rounds, actions = t[:, col["winner"]], t[:, col["win_type"]], t[:, col["rounds"]], t[:, col["actions"]]
    ids = block("strategy", f)
    tracks = {name: block(name, f) for name in (*TRACK_COLUMNS, "eliminated")}
    won = winner >= 0
    strategy_wins = np.zeros((s, f), np.int64)
    np.add.at(strategy_wins, (ids[won, winner[won]], winner[won]), 1)
    strategy_games = np.zeros((s, f), np.int64)
    for j in range(f):
        np.add.at(strategy_games[:, j], ids[:, j], 1)
    tallies = {name: t[:, [col[f"{name}_{k}"] for k in KINDS]] for name in TALLIES}
    die = t[:, [col[f"die_{s}"] for s in SYMBOLS]]
    counts = {
        "wins": np.bincount(winner[won], minlength=f).astype(np.int64),
        "draws": np.array([int((~won).sum())], np.int64),
        "win_type": np.bincount(wt, minlength=len(WIN_TYPES)).astype(np.int64),
        "rounds_hist": np.bincount(rounds, minlength=payload.rounds + 1).astype(np.int64),
        "actions": np.array([int(actions.sum())], np.int64),
        "actions_sq": np.array([int((actions * actions).sum())], np.int64),
        "illegal": np.array([int(t[:, col["illegal"]].sum())], np.int64),
        "eliminated": tracks["eliminated"].sum(axis=0).astype(np.int64),
        "strategy_wins": strategy_wins,
        "strategy_games": strategy_games,
        **{f"final_{name}": tracks[name].sum(axis=0).astype(np.int64) for name in TRACK_COLUMNS},
        **battle_stats.counts(
            tallies["battles"], tallies["attacker_wins"], tallies["attacker_lost"], tallies["defender_lost"], die
        ),  # fmt: skip
    }
    rows = None
    if keep_rows:
        rows = {
            "winner": winner.astype(np.int8),
            "win_type": wt.astype(np.int8),
            "rounds": rounds.astype(np.int8),
            "actions": actions.astype(np.int16),
            **{f"strategy_{p}": ids[:, j].astype(np.int8) for j, p in enumerate(payload.factions)},
            **{
                f"{name}_{p}": tracks[name][:, j].astype(np.int16)
                for name in TRACK_COLUMNS
                for j, p in enumerate(payload.factions)
            },
            **{f"eliminated_{p}": tracks["eliminated"][:, j].astype(np.bool_) for j, p in enumerate(payload.factions)},
            **{f"{name}_{k}": tallies[name][:, i].astype(np.int16) for name in TALLIES for i, k in enumerate(KINDS)},
            **{f"die_{s}": die[:, i].astype(np.int16) for i, s in enumerate(SYMBOLS)},
        }
    return counts, rows


def summarize(counts: dict, n: int, payload: Experiment) -> dict:
    """Win rates with Wilson intervals, win types, game length, final tracks, strategy × Principality, balance, and
    the battle statistics (``battles``: ``battle_stats.summary``)."""
    factions, labels = payload.factions, payload.labels
    wins = [int(w) for w in counts["wins"]]
    draws = int(counts["draws"][0])
    rate = {p: wins[j] / n for j, p in enumerate(factions)}
    rounds_hist = [int(c) for c in counts["rounds_hist"]]
    mean_rounds = hist_mean_ci(rounds_hist)
    actions = int(counts["actions"][0])
    sw, sg = counts["strategy_wins"], counts["strategy_games"]
    matrix = {
        label: {
            p: {"games": int(sg[i, j]), "win_rate": (int(sw[i, j]) / int(sg[i, j])) if sg[i, j] else None}
            for j, p in enumerate(factions)
        }
        for i, label in enumerate(labels)
    }
    played = sg.sum(axis=1)
    gaps = [abs(a - b) for a in rate.values() for b in rate.values()]
    return {
        "factions": list(factions),
        "strategies": list(labels),
        "rotate": payload.rotate,
        "win_rate": rate,
        "win_rate_ci95": {p: list(wilson(wins[j], n)) for j, p in enumerate(factions)},
        "draw_rate": draws / n,
        "win_type": {t: int(c) / n for t, c in zip(WIN_TYPES, counts["win_type"], strict=True)},
        "mean_rounds": mean_rounds[0],
        "mean_rounds_ci95": [mean_rounds[1], mean_rounds[2]],
        "rounds_hist": {r: rounds_hist[r] / n for r in range(1, payload.rounds + 1)},
        "mean_actions": actions / n,
        "final_tracks": {
            p: {t: int(counts[f"final_{t}"][j]) / n for t in TRACK_COLUMNS} for j, p in enumerate(factions)
        },
        "eliminated": {p: int(counts["eliminated"][j]) / n for j, p in enumerate(factions)},
        "strategy_matrix": matrix,
        "strategy_win_rate": {
            label: (int(sw[i].sum()) / int(played[i])) if played[i] else None for i, label in enumerate(labels)
        },
        # Ludii's outcome metrics (Evaluation/src/metrics/single/outcome): Balance = 1 − the largest gap between
        # two players' win rates; Completion = share of games with a winner; Drawishness = share of draws;
        # Duration = mean moves per game (here: actions resolved).
        "balance": {
            "balance": 1.0 - max(gaps),
            "completion": (n - draws) / n,
            "drawishness": draws / n,
            "duration": actions / n,
        },
        "illegal_actions": int(counts["illegal"][0]),
        "battles": battle_stats.summary(counts, n, KINDS, SYMBOLS),
    }
