"""The Principes module-effects experiment (``mode: module_effects``): each module on alone vs all off, paired.

Keys: those of a Principes experiment (``players``, ``seats``, ``rotate``, ``variant``, ``elimination``, ``rules``,
...), with every module off in the base, plus ``modules: {history: true, tiles: true, court: true, princesses:
true, neighbors: true}`` naming the modules to compare (default: all). ``history`` is the History Cards
(``history: true``), ``tiles`` the printed Progress Tiles (``progress: tiles``), the rest the switches of the same
names (``experiment._variants``). ``engine: auto`` (the default) plays every configuration on the compiled engine
when it can play them all (``fast.dispatch``: 2-4 players, built-in strategies; with ``history_cards`` the blanked
cards too: ``fast.setup.BLANKED``), else on the reference engine; ``engine: fast | reference`` as for an
experiment.

Game ``i`` is played with all modules off and once per compared module with only that module on, from stream
``(key, i)`` with the same seating (``sim.module_effects``): the change in each played Principality's win rate with
a paired 95% interval, and the change in game length (Rounds). ``win_rate``, ``win_type`` and ``mean_rounds`` are
the all-off baseline, for the ``sim run`` contract.

``modules: {history_cards: true}`` also measures the 18 History Cards one by one (``history_card_effects``): each
game with History on is replayed with that card's icons blanked (``history.deck.SKIP``; the same deal), and the
change is won with the card live minus won with it blank, over all games (0 where the card was not dealt or not
revealed, which needs no replay; ``games_resolved`` counts the others).

A seat may mix plans (``seats: {masovia: {mix: {plan: weight, ...}}}``, as ``sim balance`` writes an equilibrium):
game ``i`` draws each seat's plan as ``sim run`` does (``sim.balance.mix.Field.table``) and plays every
configuration with the same plans, so the comparison stays paired.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import numpy as np

from sim import module_effects as paired
from sim.balance.mix import Field, first_plans, has_mixture
from sim.engine_choice import ASKED
from sim.errors import ConfigError
from sim.games.principes import study
from sim.games.principes.driver import WIN_TYPES, play_game
from sim.games.principes.game.history.deck import SKIP, cards
from sim.rng import trial_state
from sim.stats import hist_mean_ci
from strategies.principes import make

MODULES = ("history", "tiles", "court", "princesses", "neighbors")
MODULE_KEYS = {"history": "history", "tiles": "progress", "court": "court", "princesses": "princesses",
               "neighbors": "neighbors"}  # fmt: skip


@dataclass(frozen=True)
class ModuleEffects:
    base: object  # experiment.Experiment with every module off
    compare: tuple[str, ...]
    cards: tuple[str, ...] = ()  # History Cards measured one by one (modules: {history_cards: true})
    engine: str = "reference"  # the engine every configuration plays on: fast | reference
    engine_reason: str = ""  # why the reference engine plays them (empty on the fast engine)
    field: Field | None = None  # mixed seats: each game's plans (ids into base.labels); None: base.seats every game


def experiment_from_dict(raw: dict, source: str) -> ModuleEffects:
    modules = raw.get("modules") or dict.fromkeys(MODULES, True)
    if not isinstance(modules, dict):
        raise ConfigError(source, "modules", f"a mapping of {', '.join(MODULES)} to true/false", modules)
    for name, on in modules.items():
        if name not in (*MODULES, "history_cards"):
            raise ConfigError(source, f"modules.{name}", f"one of {', '.join(MODULES)}, history_cards", name)
        if not isinstance(on, bool):
            raise ConfigError(source, f"modules.{name}", "true or false", on)
    compare = tuple(m for m in MODULES if modules.get(m))
    rules = raw.get("rules") or {}
    rule_set = study.load_game_rules(dict(rules), dict.fromkeys(rules, source)) if isinstance(rules, dict) else None
    one_by_one = tuple(cards(rule_set)) if modules.get("history_cards") else ()
    if not compare and not one_by_one:
        raise ConfigError(source, "modules", "at least one module switched on to compare", modules)
    body = {k: v for k, v in raw.items() if k not in ("mode", "modules")}
    for name, key in MODULE_KEYS.items():
        if key in body and body[key] not in (False, "generic"):
            raise ConfigError(source, key, f"off in the base (compare it via modules.{name})", body[key])
    wanted = body.get("engine", "auto")
    body.update(history=False)
    field = None
    if has_mixture(body):  # every plan of the mixtures in base.labels; each game's come from the field's table
        from sim.balance.games import adapter

        field, plans = adapter("principes", source).field(body, source)
        body = first_plans(body, source)
    base = study.experiment_from_dict(body, source)
    if field is not None:  # the field's plans are resolved already (class and every parameter)
        specs = tuple((plans[label].uses, plans[label].params) for label in field.labels)
        base = dataclasses.replace(base, labels=field.labels, specs=specs)
    if any(uses == "rollout" for uses, _ in base.specs):  # the compared games play on chunks, which never search
        raise ConfigError(source, "seats", "plans (module effects seat no rollout searcher)", "rollout")
    base = dataclasses.replace(base, engine="reference", engine_reason=ASKED)  # the payload's engine plays them all
    engine, reason = "reference", ASKED
    if wanted != "reference":  # every module of the comparison on at once (History too for the cards): all or none
        every = {**body, "engine": wanted, **{MODULE_KEYS[m]: "tiles" if m == "tiles" else True for m in compare}}
        on = study.experiment_from_dict({**every, **({"history": True} if one_by_one else {})}, source)
        engine, reason = on.engine, on.engine_reason
    return ModuleEffects(base, compare, one_by_one, engine, reason, field)


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


def _resolved(deck, rounds: int, final_round: int, rules) -> set[str]:
    """The History Cards whose icons may have resolved in a game: those revealed in the Rounds begun, the final
    Round's excepted unless history.yaml resolves it (blanking any other card replays the game exactly, so it needs
    no play)."""
    final = rules.file("history")["deck"]["resolve_in_final_round"]
    return set(deck[: rounds if final else min(rounds, final_round - 1)])


def _play(exp, players, key, game: int):
    ids = study.seat_strategies(exp, game)
    seated = {p: players[ids[j]] for j, p in enumerate(exp.factions)}
    rng = random.Random(int(trial_state(key, game)))
    rules = study.game_rules(exp.rules)
    return play_game(seated, rng, rules.board, rules, strict=exp.strict, history=exp.history,
                     variants=exp.variants)  # fmt: skip


def _outcomes(exp, players, key, games, fast: bool):
    """(winner index or -1, win type index, Rounds) arrays of the games ``games`` (indices) of ``exp``, and with
    History on each game's resolved cards (``_resolved``; else None)."""
    games = np.asarray(games, np.int64)
    if fast:
        from sim.games.principes.fast.chunk import run_listed  # numba loads only when the fast engine plays

        t, deals = run_listed(exp, key, games)  # deals: the deck (card indices) and the final Round
        if not exp.history:
            return t[:, 0], t[:, 1], t[:, 2], None  # winner, win_type, rounds: ``study.columns``
        rules = study.game_rules(exp.rules)
        names = tuple(cards(rules))
        live = [_resolved([names[c] for c in d[:-1]], r, d[-1], rules) for d, r in zip(deals, t[:, 2], strict=True)]
        return t[:, 0], t[:, 1], t[:, 2], live
    recs = [_play(exp, players, key, int(i)) for i in games]
    winner = np.array([exp.factions.index(r.winner) if r.winner else -1 for r in recs], np.int64)
    win_type = np.array([WIN_TYPES.index(r.win_type) for r in recs], np.int64)
    live = [_resolved(r.final.history, r.rounds, r.final.final_round, r.final.rules) for r in recs]
    return winner, win_type, np.array([r.rounds for r in recs], np.int64), live if exp.history else None


def _profiles(payload: ModuleEffects, key, start: int, count: int) -> list[tuple[object, np.ndarray]]:
    """(experiment, positions in the chunk) for each profile of plans the chunk's games seat: the base for all of
    them, or with mixed seats one profile per distinct row of the field's table."""
    if payload.field is None:
        return [(payload.base, np.arange(count))]
    rows, which = np.unique(payload.field.table(key, start, count), axis=0, return_inverse=True)
    which = which.ravel()
    return [(dataclasses.replace(payload.base, seats=tuple(int(x) for x in row), rotate=False),
             np.flatnonzero(which == k)) for k, row in enumerate(rows)]  # fmt: skip


def _chunk_outcomes(profiles, module, players, key, start: int, positions: np.ndarray, fast: bool):
    """``_outcomes`` of the chunk's games at ``positions`` (ascending) with ``module`` on, profile by profile."""
    winner, win_type, rounds = (np.zeros(len(positions), np.int64) for _ in range(3))
    live = [None] * len(positions)
    for exp, mine in profiles:
        mine = mine[np.isin(mine, positions)]
        if not len(mine):
            continue
        out = _outcomes(_with(exp, module), players, key, start + mine, fast)
        k = np.searchsorted(positions, mine)  # positions ascend
        winner[k], win_type[k], rounds[k] = out[0], out[1], out[2]
        for j, cards_live in zip(k, out[3] or [None] * len(k), strict=True):
            live[j] = cards_live
    return winner, win_type, rounds, live


def play_chunk(payload: ModuleEffects, key, start: int, count: int, keep_rows: bool):
    base, m, fast = payload.base, len(payload.compare), payload.engine == "fast"
    players = [make(uses, params) for uses, params in base.specs]
    f = len(base.factions)
    c = paired.win_counts(m, f)
    c.update(
        win_type=np.zeros(len(WIN_TYPES), np.int64),
        rounds_hist=np.zeros(base.rounds + 1, np.int64),
        on_win_type=np.zeros((m, len(WIN_TYPES)), np.int64),
        d_rounds=np.zeros((m, 2), np.int64),
        on_rounds=np.zeros(m, np.int64),
        card_on_wins=np.zeros((len(payload.cards), f), np.int64),
        card_d_win=np.zeros((len(payload.cards), f, 2), np.int64),
        card_resolved=np.zeros(len(payload.cards), np.int64),
    )
    profiles, every = _profiles(payload, key, start, count), np.arange(count)
    off, off_type, off_rounds, _ = _chunk_outcomes(profiles, None, players, key, start, every, fast)
    c["win_type"] += np.bincount(off_type, minlength=len(WIN_TYPES))
    c["rounds_hist"] += np.bincount(off_rounds, minlength=base.rounds + 1)
    for j in range(f):
        paired.add_baseline(c, j, off == j)
    rows: dict[str, np.ndarray] = {"winner_off": off, "rounds_off": off_rounds}
    full = None  # History on: each game's winner and resolved cards, for the cards one by one
    for k, name in enumerate(payload.compare):
        on, on_type, on_rounds, live = _chunk_outcomes(profiles, name, players, key, start, every, fast)
        full = (on, live) if name == "history" else full
        for j in range(f):
            paired.add_pair(c, k, j, on == j, off == j)
        c["on_win_type"][k] += np.bincount(on_type, minlength=len(WIN_TYPES))
        dr = on_rounds - off_rounds
        c["d_rounds"][k] += [int(dr.sum()), int((dr * dr).sum())]
        c["on_rounds"][k] += int(on_rounds.sum())
        rows[f"winner_{name}"], rows[f"rounds_{name}"] = on, on_rounds
    if payload.cards:  # each card: History on (won_on) vs History on with the card blanked (won_off)
        per_card = {"on_wins": c["card_on_wins"], "d_win": c["card_d_win"], "games": c["games"]}  # views: in place
        won, live = full or _chunk_outcomes(profiles, "history", players, key, start, every, fast)[::3]
        for q, card in enumerate(payload.cards):
            replay = np.array([g for g in range(count) if card in live[g]], np.int64)
            blank = won.copy()  # a card not resolved: the same game
            if len(replay):
                blank[replay] = _chunk_outcomes(profiles, SKIP + card, players, key, start, replay, fast)[0]
            c["card_resolved"][q] += len(replay)
            for j in range(f):
                paired.add_pair(per_card, q, j, won == j, blank == j)
    return c, (rows if keep_rows else None)


def summarize(counts: dict, n: int, payload: ModuleEffects) -> dict:
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
