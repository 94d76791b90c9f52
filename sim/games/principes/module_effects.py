"""The Principes module-effects experiment (``mode: module_effects``): each module on alone vs all off, paired.

Keys: those of a Principes experiment (``players``, ``seats``, ``rotate``, ``variant``, ``elimination``, ``rules``,
...), with every module off in the base, plus ``modules: {history: true, tiles: true, court: true, princesses:
true, neighbors: true}`` naming the modules to compare (default: all). ``history`` is the History Cards
(``history: true``), ``tiles`` the printed Progress Tiles (``progress: tiles``), the rest the switches of the same
names (``experiment._variants``). Every game is played on the reference engine.

Game ``i`` is played with all modules off and once per compared module with only that module on, from stream
``(key, i)`` with the same seating (``sim.module_effects``): the change in each played Principality's win rate with
a paired 95% interval, and the change in game length (Rounds). ``win_rate``, ``win_type`` and ``mean_rounds`` are
the all-off baseline, for the ``sim run`` contract.

``modules: {history_cards: true}`` also measures the 18 History Cards one by one (``history_card_effects``): each
game with History on is replayed with that card's icons blanked (``history.deck.SKIP``; the same deal), and the
change is won with the card live minus won with it blank, over all games (0 where the card was not dealt or not
revealed, which needs no replay; ``games_resolved`` counts the others).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import numpy as np

from sim import module_effects as paired
from sim.errors import ConfigError
from sim.games.principes.game.history.deck import SKIP
from sim.rng import trial_state
from sim.stats import hist_mean_ci

MODULES = ("history", "tiles", "court", "princesses", "neighbors")
MODULE_KEYS = {"history": "history", "tiles": "progress", "court": "court", "princesses": "princesses",
               "neighbors": "neighbors"}  # fmt: skip


@dataclass(frozen=True)
class ModuleEffects:
    base: object  # experiment.Experiment with every module off, on the reference engine
    compare: tuple[str, ...]
    cards: tuple[str, ...] = ()  # History Cards measured one by one (modules: {history_cards: true})


def experiment_from_dict(raw: dict, source: str) -> ModuleEffects:
    from sim.games.principes import experiment
    from sim.games.principes.game.history.deck import cards

    modules = raw.get("modules") or dict.fromkeys(MODULES, True)
    if not isinstance(modules, dict):
        raise ConfigError(source, "modules", f"a mapping of {', '.join(MODULES)} to true/false", modules)
    for name, on in modules.items():
        if name not in (*MODULES, "history_cards"):
            raise ConfigError(source, f"modules.{name}", f"one of {', '.join(MODULES)}, history_cards", name)
        if not isinstance(on, bool):
            raise ConfigError(source, f"modules.{name}", "true or false", on)
    compare = tuple(m for m in MODULES if modules.get(m))
    one_by_one = tuple(cards()) if modules.get("history_cards") else ()
    if not compare and not one_by_one:
        raise ConfigError(source, "modules", "at least one module switched on to compare", modules)
    body = {k: v for k, v in raw.items() if k not in ("mode", "modules")}
    for name, key in MODULE_KEYS.items():
        if key in body and body[key] not in (False, "generic"):
            raise ConfigError(source, key, f"off in the base (compare it via modules.{name})", body[key])
    body.update(history=False, engine="reference")
    return ModuleEffects(experiment.experiment_from_dict(body, source), compare, one_by_one)


def compile(e: ModuleEffects) -> ModuleEffects:
    return e


def _with(base, module: str | None):
    if module is None:
        return base
    if module == "history":
        return dataclasses.replace(base, history=True)
    if module.startswith(SKIP):  # History on, this card's icons blanked
        return dataclasses.replace(base, history=True, variants=base.variants | {module})
    return dataclasses.replace(base, variants=base.variants | {module})


def _resolved(record) -> set[str]:
    """The History Cards whose icons may have resolved in a game: those revealed in the Rounds begun, Round VI's
    excepted (blanking any other card replays the game exactly, so it needs no play)."""
    from sim.games.principes.experiment import MAX_ROUNDS

    return set(record.final.history[: min(record.rounds, MAX_ROUNDS - 1)])  # never icons in Round VI


def _play(exp, players, key, game: int):
    from sim.games.principes.driver import play_game
    from sim.games.principes.experiment import _board, _game_rules, seat_strategies

    ids = seat_strategies(exp, game)
    seated = {p: players[ids[j]] for j, p in enumerate(exp.factions)}
    rng = random.Random(int(trial_state(key, game)))
    return play_game(seated, rng, _board(), _game_rules(exp.rules), strict=exp.strict, history=exp.history,
                     variants=exp.variants)  # fmt: skip


def play_chunk(payload: ModuleEffects, key, start: int, count: int, keep_rows: bool):
    from sim.games.principes.driver import WIN_TYPES
    from sim.games.principes.experiment import MAX_ROUNDS
    from strategies.principes import make

    base, m = payload.base, len(payload.compare)
    players = [make(uses, params) for uses, params in base.specs]
    c = paired.win_counts(m, len(base.factions))
    c.update(
        win_type=np.zeros(len(WIN_TYPES), np.int64),
        rounds_hist=np.zeros(MAX_ROUNDS + 1, np.int64),
        on_win_type=np.zeros((m, len(WIN_TYPES)), np.int64),
        d_rounds=np.zeros((m, 2), np.int64),
        on_rounds=np.zeros(m, np.int64),
        card_on_wins=np.zeros((len(payload.cards), len(base.factions)), np.int64),
        card_d_win=np.zeros((len(payload.cards), len(base.factions), 2), np.int64),
        card_resolved=np.zeros(len(payload.cards), np.int64),
    )
    per_card = {"on_wins": c["card_on_wins"], "d_win": c["card_d_win"], "games": c["games"]}  # views: in place
    rows: dict[str, list] = {"winner_off": [], "rounds_off": []}
    for name in payload.compare:
        rows[f"winner_{name}"], rows[f"rounds_{name}"] = [], []
    for i in range(start, start + count):
        off = _play(base, players, key, i)
        c["win_type"][WIN_TYPES.index(off.win_type)] += 1
        c["rounds_hist"][off.rounds] += 1
        for j, p in enumerate(base.factions):
            paired.add_baseline(c, j, off.winner == p)
        if keep_rows:
            rows["winner_off"].append(base.factions.index(off.winner) if off.winner else -1)
            rows["rounds_off"].append(off.rounds)
        full = None
        for k, name in enumerate(payload.compare):
            on = _play(_with(base, name), players, key, i)
            full = on if name == "history" else full
            for j, p in enumerate(base.factions):
                paired.add_pair(c, k, j, on.winner == p, off.winner == p)
            c["on_win_type"][k, WIN_TYPES.index(on.win_type)] += 1
            dr = on.rounds - off.rounds
            c["d_rounds"][k] += [dr, dr * dr]
            c["on_rounds"][k] += on.rounds
            if keep_rows:
                rows[f"winner_{name}"].append(base.factions.index(on.winner) if on.winner else -1)
                rows[f"rounds_{name}"].append(on.rounds)
        if payload.cards:  # each card: History on (won_on) vs History on with the card blanked (won_off)
            full = full or _play(_with(base, "history"), players, key, i)
            live = _resolved(full)
            for q, card in enumerate(payload.cards):
                blank = _play(_with(base, SKIP + card), players, key, i) if card in live else full
                c["card_resolved"][q] += card in live
                for j, p in enumerate(base.factions):
                    paired.add_pair(per_card, q, j, full.winner == p, blank.winner == p)
    return c, ({k: np.array(v) for k, v in rows.items()} if keep_rows else None)


def summarize(counts: dict, n: int, payload: ModuleEffects) -> dict:
    from sim.games.principes.driver import WIN_TYPES

    factions = payload.base.factions
    win_rate, ci = paired.baseline_win_rate(counts, factions)
    rounds = hist_mean_ci([int(x) for x in counts["rounds_hist"]])
    effects = {}
    for k, name in enumerate(payload.compare):
        change, change_ci = paired.paired_ci(*counts["d_rounds"][k], n)
        effects[name] = {
            **paired.win_effects(counts, k, factions),
            "win_type_on": {t: int(x) / max(1, n) for t, x in zip(WIN_TYPES, counts["on_win_type"][k], strict=True)},
            "mean_rounds_on": float(counts["on_rounds"][k]) / max(1, n),
            "rounds_change": change,
            "rounds_change_ci95": change_ci,
        }
    per_card = {"on_wins": counts["card_on_wins"], "d_win": counts["card_d_win"], "games": counts["games"]}
    cards = {
        card: {**paired.win_effects(per_card, q, factions), "games_resolved": int(counts["card_resolved"][q])}
        for q, card in enumerate(payload.cards)
    }
    return {
        "factions": list(factions),
        "strategies": list(payload.base.labels),
        "win_rate": win_rate,  # every module off
        "win_rate_ci95": ci,
        "win_type": {t: int(x) / max(1, n) for t, x in zip(WIN_TYPES, counts["win_type"], strict=True)},
        "mean_rounds": rounds[0],
        "mean_rounds_ci95": [rounds[1], rounds[2]],
        "compared_modules": list(payload.compare),
        "module_effects": effects,
        **({"history_card_effects": cards} if cards else {}),
    }
