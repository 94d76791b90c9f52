"""Principes solo experiments (``mode: solo``): the player's win rate by difficulty level and Principality
(rulebook "Solo Mode"; the engine is ``sim.games.principes.game.solo``).

Experiment keys (besides ``game``, ``games``, ``seed``, ``title``)::

    mode: solo
    difficulties: [normal, hard, legendary]        # the Combined Action levels compared (default: all 3)
    principalities: all                            # or a list: the player's Principality
    strategies: [solo]                             # the player's plan(s), as in a multiplayer ``seats`` entry
    history: true                                  # History Cards (with the 4 solo icons)
    princesses: false                              # true: the player's Princess goes on missions (solo rule:
                                                   # never to a non-player Principality's Capital)
    progress: generic                              # or tiles: the printed Progress Tiles, one copy of each
    strict: false                                  # true: a decision the engine rejects stops the run
    rules: {"tracks.start_people": 4}              # dotted game.yaml overrides, on top of solo.yaml's
    engine: auto                                   # or fast, reference (``fast.dispatch.solo_obstacles``)

Game ``i`` plays difficulty ``difficulties[i % k]`` of deal ``g = i // k`` on stream ``(key, g)``: the ``k`` levels
of one deal share their random stream (common random numbers). The deal fixes the Principality
``principalities[g % P]`` and the strategy ``strategies[(g // P) % S]``, so every cell gets the same share of games.

``--json``: ``win_rate`` and ``win_rate_ci95`` (Wilson) keyed by difficulty; ``win_rate_by_principality`` and its
``_ci95`` keyed by difficulty then Principality; ``games_by_difficulty`` and ``games_by_cell``; and graded measures
for when wins are rare: ``mean_score`` (the 3 track positions, 0-15 each, plus 3 per foreign Capital held; 54 at a
win) with its interval, ``mean_capitals``, ``tracks_reached`` (all 3 tracks at 15 at the end) and ``eliminated``.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from dataclasses import dataclass

import numpy as np

from sim.errors import ConfigError
from sim.games.principes.game import solo
from sim.games.principes.game.control import might_position
from sim.rng import trial_state
from sim.search.settings import seat_label
from sim.stats import mean_ci, wilson
from strategies.principes import make, resolve

KEYS = ("mode", "difficulties", "principalities", "strategies", "history", "princesses", "progress", "strict", "rules",
        "engine")  # fmt: skip
# the per-game table both engines fill (indices; ``outcome``: an index of OUTCOMES)
COLUMNS = ("difficulty", "principality", "strategy", "won", "outcome", "rounds", "score", "capitals", "might",
           "people", "clergy", "actions", "illegal")  # fmt: skip
OUTCOMES = ("won", "lost_eliminated", "lost_rounds")


@dataclass(frozen=True)
class SoloExperiment:
    difficulties: tuple[str, ...]
    principalities: tuple[str, ...]
    labels: tuple[str, ...]
    specs: tuple[tuple[str, dict], ...]  # (class reference, params) per strategy
    history: bool
    strict: bool
    rules: tuple[tuple[str, str], ...]  # extra game.yaml overrides (JSON values), hashable
    princesses: bool = False  # the player's Princess goes on missions (never to a non-player's Capital)
    tiles: bool = False  # the printed Progress Tiles (one copy of each), else the generic model
    rounds: int = 6  # game.yaml rounds.count of the rule set: the longest game (the Rounds histogram's width)
    engine: str = "reference"  # the engine that plays it: fast | reference (``fast.dispatch.choose_solo_engine``)
    engine_reason: str = ""  # why the reference engine plays it (empty on the fast engine)

    @property
    def factions(self) -> tuple[str, ...]:
        """The player's ``win_rate`` is keyed by difficulty (``sim.experiments`` reads ``payload.factions``)."""
        return self.difficulties


def experiment_from_dict(raw: dict, source: str) -> SoloExperiment:
    for key in raw:
        if key not in KEYS:
            raise ConfigError(source, key, f"a solo experiment key ({', '.join(KEYS)})", key)
    difficulties = raw.get("difficulties", list(solo.DIFFICULTIES))
    if not isinstance(difficulties, list) or not difficulties or any(d not in solo.DIFFICULTIES for d in difficulties):
        raise ConfigError(source, "difficulties", f"a list of {', '.join(solo.DIFFICULTIES)}", difficulties)
    if len(set(difficulties)) != len(difficulties):
        raise ConfigError(source, "difficulties", "each level once", difficulties)
    rules = raw.get("rules") or {}
    if not isinstance(rules, dict):
        raise ConfigError(source, "rules", "a mapping of dotted rules keys to values", rules)
    extra = tuple(sorted((k, json.dumps(v)) for k, v in rules.items()))
    rule_set = solo.solo_rules(tuple((k, v) for k, v in rules.items()), dict.fromkeys(rules, source))
    known = rule_set.board.principalities
    principalities = raw.get("principalities", "all")
    principalities = list(known) if principalities == "all" else principalities
    if not isinstance(principalities, list) or not principalities or any(p not in known for p in principalities):
        raise ConfigError(source, "principalities", f"'all' or a list of {', '.join(known)}", principalities)
    strategies = raw.get("strategies", ["solo"])
    if not isinstance(strategies, list) or not strategies:
        raise ConfigError(source, "strategies", "a list of strategies (see strategies/principes)", strategies)
    labels, specs = [], []
    for i, spec in enumerate(strategies):
        try:
            label, uses, params = resolve(spec)
        except (ValueError, ImportError, AttributeError, TypeError) as err:
            raise ConfigError(source, f"strategies[{i}]", "a strategy (see strategies/principes)", str(err)) from None
        label = seat_label(label, uses, params)  # a searcher that sees hidden cards says so wherever it is named
        if label in labels:
            raise ConfigError(source, "strategies", "each strategy once", label)
        if uses == "rollout" and (params.get("tactics") or params.get("actions")):  # fast.solo_search: plans only
            raise ConfigError(source, f"strategies[{i}]", "a solo searcher of the Round's plans (tactics: false, "
                              "actions: false)", "tactics" if params.get("tactics") else "actions")  # fmt: skip
        labels.append(label)
        specs.append((uses, params))
    for key in ("history", "princesses", "strict"):
        if key in raw and not isinstance(raw[key], bool):
            raise ConfigError(source, key, "true or false", raw[key])
    if raw.get("progress", "generic") not in ("generic", "tiles"):
        raise ConfigError(source, "progress", "generic or tiles", raw["progress"])
    experiment = SoloExperiment(
        difficulties=tuple(difficulties),
        principalities=tuple(principalities),
        labels=tuple(labels),
        specs=tuple(specs),
        history=raw.get("history", True),
        princesses=raw.get("princesses", False),
        tiles=raw.get("progress", "generic") == "tiles",
        strict=raw.get("strict", False),
        rules=extra,
        rounds=rule_set.rounds,
    )
    from sim.games.principes.fast.dispatch import choose_solo_engine

    engine, reason = choose_solo_engine(raw, experiment, source)
    return dataclasses.replace(experiment, engine=engine, engine_reason=reason)


def compile(experiment: SoloExperiment) -> SoloExperiment:
    return experiment


def deal(e: SoloExperiment, i: int) -> tuple[int, int, int, int]:
    """(difficulty index, deal index, Principality index, strategy index) of game ``i``."""
    k = len(e.difficulties)
    g = i // k
    p = len(e.principalities)
    return i % k, g, g % p, (g // p) % len(e.labels)


@functools.lru_cache(maxsize=4)
def _rules(extra: tuple[tuple[str, str], ...]):
    return solo.solo_rules(tuple((k, json.loads(v)) for k, v in extra))


def play_one(e: SoloExperiment, key, i: int) -> tuple[int, int, int, solo.SoloOutcome]:
    d, g, p, s = deal(e, i)
    rng = random.Random(int(trial_state(np.uint64(key), g)))
    strategy = make(*e.specs[s])
    outcome = solo.play_solo(
        e.principalities[p], strategy, e.difficulties[d], rng, _rules(e.rules).board, _rules(e.rules),
        strict=e.strict, history=e.history, princesses_on=e.princesses, printed_tiles=e.tiles,
    )  # fmt: skip
    return d, p, s, outcome


def game_row(e: SoloExperiment, key, i: int) -> list[int]:
    """One reference game as a row of ``COLUMNS``."""
    d, p, s, o = play_one(e, key, i)
    player, end = e.principalities[p], o.final
    tracks = (might_position(end, player), end.people[player], end.clergy[player])
    outcome = OUTCOMES.index("won" if o.won else f"lost_{o.lost_by}")
    return [d, p, s, o.won, outcome, o.rounds, o.score, o.capitals, *tracks, o.actions, o.illegal]


def play_chunk(payload: SoloExperiment, key, start: int, count: int, keep_rows: bool):
    if payload.engine == "fast":
        from sim.games.principes.fast import solo_experiment as fast  # numba loads only when the fast engine plays
        from sim.games.principes.fast import solo_search

        if solo_search.searching(payload):  # a searching player (``search:``): the searched games
            table = solo_search.run_games(payload, key, start, count)[0]
        else:
            table = fast.run_games(payload, key, start, count)
    else:
        table = np.array([game_row(payload, key, i) for i in range(start, start + count)], np.int64)
    return table_counts(table.reshape(count, len(COLUMNS)), payload, keep_rows)


def table_counts(table: np.ndarray, payload: SoloExperiment, keep_rows: bool):
    """The counts (and with ``keep_rows`` the rows) of a per-game table (``COLUMNS``), whichever engine filled it."""
    k, n_p, n_s = len(payload.difficulties), len(payload.principalities), len(payload.labels)
    col = {name: table[:, j] for j, name in enumerate(COLUMNS)}
    d, p, s = col["difficulty"], col["principality"], col["strategy"]
    top = _rules(payload.rules).values["politics"]["coronation_position"]
    reached = (col["might"] >= top) & (col["people"] >= top) & (col["clergy"] >= top)

    def cells(weights):
        out = np.zeros((k, n_p), np.int64)
        np.add.at(out, (d, p), weights)
        return out

    ones = np.ones(len(table), np.int64)
    strategy_games, strategy_wins = np.zeros((n_s, k), np.int64), np.zeros((n_s, k), np.int64)
    np.add.at(strategy_games, (s, d), ones)
    np.add.at(strategy_wins, (s, d), col["won"])
    c = {
        "wins": np.bincount(d, col["won"], k).astype(np.int64),
        "games": np.bincount(d, minlength=k).astype(np.int64),
        "cell_wins": cells(col["won"]),
        "cell_games": cells(ones),
        "cell_score": cells(col["score"]),
        "cell_score_sq": cells(col["score"] ** 2),
        "cell_capitals": cells(col["capitals"]),
        "cell_tracks": cells(reached.astype(np.int64)),
        "cell_eliminated": cells((col["outcome"] == OUTCOMES.index("lost_eliminated")).astype(np.int64)),
        "strategy_wins": strategy_wins,
        "strategy_games": strategy_games,
        "outcome": np.bincount(col["outcome"], minlength=len(OUTCOMES)).astype(np.int64),
        "rounds_hist": np.bincount(col["rounds"], minlength=payload.rounds + 1).astype(np.int64),
        "actions": np.array([col["actions"].sum()], np.int64),
        "illegal": np.array([col["illegal"].sum()], np.int64),
    }
    if not keep_rows:
        return c, None
    rows = {
        "difficulty": np.array([payload.difficulties[x] for x in d]),
        "principality": np.array([payload.principalities[x] for x in p]),
        "strategy": np.array([payload.labels[x] for x in s]),
        "won": col["won"].astype(bool),
        "outcome": np.array([OUTCOMES[x] for x in col["outcome"]]),
        **{name: col[name] for name in ("rounds", "score", "capitals", "might", "people", "clergy")},
    }
    return c, rows


def summarize(counts: dict, n: int, payload: SoloExperiment) -> dict:
    diffs, princ = payload.difficulties, payload.principalities

    def rate(w, g):
        return int(w) / int(g) if g else 0.0

    def ci(w, g):
        return [round(x, 6) for x in wilson(int(w), int(g))] if g else [0.0, 1.0]

    cw, cg = counts["cell_wins"], counts["cell_games"]
    score, score_ci = {}, {}
    for j, d in enumerate(diffs):
        score[d], score_ci[d] = {}, {}
        for q, p in enumerate(princ):
            g = int(cg[j, q])
            m = mean_ci(float(counts["cell_score"][j, q]), float(counts["cell_score_sq"][j, q]), g) if g else (0, 0, 0)
            score[d][p], score_ci[d][p] = m[0], [m[1], m[2]]
    hist = [int(x) for x in counts["rounds_hist"]]
    sw, sg = counts["strategy_wins"], counts["strategy_games"]
    return {
        "mode": "solo",
        "factions": list(diffs),
        "principalities": list(princ),
        "strategies": list(payload.labels),
        "win_rate": {d: rate(counts["wins"][j], counts["games"][j]) for j, d in enumerate(diffs)},
        "win_rate_ci95": {d: ci(counts["wins"][j], counts["games"][j]) for j, d in enumerate(diffs)},
        "win_rate_by_principality": {
            d: {p: rate(cw[j, q], cg[j, q]) for q, p in enumerate(princ)} for j, d in enumerate(diffs)
        },
        "win_rate_by_principality_ci95": {
            d: {p: ci(cw[j, q], cg[j, q]) for q, p in enumerate(princ)} for j, d in enumerate(diffs)
        },
        "games_by_difficulty": {d: int(counts["games"][j]) for j, d in enumerate(diffs)},
        "games_by_cell": {d: {p: int(cg[j, q]) for q, p in enumerate(princ)} for j, d in enumerate(diffs)},
        "mean_score": score,
        "mean_score_ci95": score_ci,
        "mean_capitals": {
            d: {p: rate(counts["cell_capitals"][j, q], cg[j, q]) for q, p in enumerate(princ)}
            for j, d in enumerate(diffs)
        },
        "tracks_reached": {
            d: {p: rate(counts["cell_tracks"][j, q], cg[j, q]) for q, p in enumerate(princ)}
            for j, d in enumerate(diffs)
        },
        "eliminated": {
            d: {p: rate(counts["cell_eliminated"][j, q], cg[j, q]) for q, p in enumerate(princ)}
            for j, d in enumerate(diffs)
        },
        "strategy_win_rate": {
            label: {d: rate(sw[i, j], sg[i, j]) for j, d in enumerate(diffs)} for i, label in enumerate(payload.labels)
        },
        "win_type": {t: int(x) / n for t, x in zip(OUTCOMES, counts["outcome"], strict=True)},
        "mean_rounds": sum(r * h for r, h in enumerate(hist)) / n,
        "mean_actions": int(counts["actions"][0]) / n,
        "illegal_actions": int(counts["illegal"][0]),
    }
