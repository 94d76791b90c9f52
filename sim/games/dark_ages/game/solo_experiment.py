"""Dark Ages solo experiments (Module 1, ``mode: solo``): the player's win rate against the Lordlings for each
difficulty option, each option a separate switch ("standard" is none).

Difficulties share their dice: game ``i`` plays difficulty ``difficulties[i % k]`` on stream ``(key, i // k)``,
so the ``k`` variants of one deal see the same random stream (common random numbers). The player's Ruler and
strategy rotate with the deal: ``rulers[g % R]`` and ``strategies[(g // R) % S]`` for deal ``g = i // k``.

``modules: {name: true}`` switches on the modules playable solo (``modules.SOLO_MODULES``: those whose 'Supported
Player Counts' include 1, with their 'Solo Support' rules); any other module is a ConfigError naming the reason.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import numpy as np

from sim.errors import ConfigError
from sim.games.dark_ages import battle_stats
from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import MAX_TURNS
from sim.games.dark_ages.game.solo_loop import SOLO_TRIGGERS, play_solo
from sim.games.dark_ages.game.solo_setup import new_solo_game
from sim.games.dark_ages.game.solo_state import OPTIONS
from sim.games.dark_ages.study import check_common, strategy_object
from sim.games.dark_ages.study import check_modules as check_switches
from sim.rng import trial_state
from sim.stats import mean_ci, wilson
from strategies.dark_ages import NAMES as STRATEGY_NAMES

KEYS = ("mode", "difficulties", "rulers", "strategies", "strategy_params", "max_turns", "rules", "modules")
STANDARD = "standard"
PLAYER_CATEGORIES = ("technologies", "cities", "keeps", "culture", "warehouse", "farms", "titles", "gold",
                     "technology_bonus", "church", "barbarians", "title_claims", "capital_raids", "cognomens",
                     "cards", "raiders")  # fmt: skip
LORDLING_CATEGORIES = ("technologies", "keeps", "culture", "farms", "titles", "church", "research", "provinces",
                       "title_claims", "cognomens", "culture_red_spaces")  # fmt: skip


@dataclass(frozen=True)
class SoloExperiment:
    difficulties: tuple[str, ...]
    rulers: tuple[str, ...]
    strategies: tuple[str, ...]
    strategy_params: dict
    max_turns: int
    overrides: tuple
    modules: tuple[str, ...] = ()  # switched-on modules (game/modules.SOLO_MODULES)
    specs: tuple = ()  # with ``search:``: (rollout, its parameters as JSON) per strategy (``study.plan_specs``)
    engine: str = "reference"  # the engine that plays it: fast | reference (fast.dispatch.choose_engine)
    engine_reason: str = ""  # why the reference engine plays it (empty on the fast engine)


def categories(e: SoloExperiment) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The player's and the Lordlings' VP categories; "modules" only when a module is on (so the all-off output
    is unchanged)."""
    extra = ("modules",) if e.modules else ()
    return (*PLAYER_CATEGORIES, *extra), (*LORDLING_CATEGORIES, *extra)


def check_modules(raw: dict, source: str) -> tuple[str, ...]:
    """``modules: {name: true|false}`` for a solo game: only the modules whose 'Supported Player Counts' include
    1 (each has a 'Solo Support' section); the others are refused with the rulebook's reason."""
    mods = check_switches(raw, source, 8)  # names and values only: the solo rule below replaces player counts
    for name in mods:
        if name in modules.SOLO_REFUSED:
            raise ConfigError(source, f"modules.{name}", f"a module playable solo ({', '.join(modules.SOLO_MODULES)})",
                              f"{name}: {modules.SOLO_REFUSED[name]}")  # fmt: skip
    return mods


@dataclass(frozen=True)
class SoloPayload:
    experiment: SoloExperiment
    factions: tuple[str, ...]  # the difficulties: the player's win rate is keyed by them


def experiment_from_dict(raw: dict, source: str) -> SoloExperiment:
    for key in raw:
        if key not in KEYS:
            raise ConfigError(source, key, f"a solo experiment key ({', '.join(KEYS)})", key)
    difficulties = raw.get("difficulties", [STANDARD, *OPTIONS])
    known = (STANDARD, *OPTIONS)
    if not isinstance(difficulties, list) or not difficulties or any(d not in known for d in difficulties):
        raise ConfigError(source, "difficulties", f"a list of difficulty options ({', '.join(known)})", difficulties)
    if len(set(difficulties)) != len(difficulties):
        raise ConfigError(source, "difficulties", "each option once", difficulties)
    ctx = cached_context()
    mods = check_modules(raw, source)
    base = [r for r, ruler in ctx.board.rulers.items() if ruler.module in ("base", *mods)]  # Module 3's Rulers
    rulers = raw.get("rulers", "all")
    rulers = base if rulers == "all" else rulers
    if not isinstance(rulers, list) or not rulers or any(r not in base for r in rulers):
        raise ConfigError(source, "rulers", f"'all' or a list of base-game Rulers ({', '.join(base)})", rulers)
    strategies, params, max_turns, overrides = check_common(raw, source, STRATEGY_NAMES)
    return SoloExperiment(tuple(difficulties), tuple(rulers), tuple(strategies), params, max_turns, overrides,
                          mods)  # fmt: skip


def compile(experiment: SoloExperiment) -> SoloPayload:
    return SoloPayload(experiment, experiment.difficulties)


def deal(e: SoloExperiment, i: int) -> tuple[str, int, str, str]:
    """(difficulty, deal index, Ruler, strategy) of game ``i``."""
    k = len(e.difficulties)
    g = i // k
    return e.difficulties[i % k], g, e.rulers[g % len(e.rulers)], e.strategies[(g // len(e.rulers)) % len(e.strategies)]


def play_one(payload: SoloPayload, key, i: int, mods: tuple[str, ...] | None = None):
    """Game ``i`` with the experiment's modules, or with ``mods`` instead (the paired solo module comparison,
    ``solo_module_effects``)."""
    e = payload.experiment
    mods = e.modules if mods is None else mods
    difficulty, g, ruler, name = deal(e, i)
    rng = random.Random(int(trial_state(np.uint64(key), g)))
    options = frozenset() if difficulty == STANDARD else frozenset([difficulty])
    strategy = strategy_object(name, json.dumps(e.strategy_params.get(name), sort_keys=True))
    game = new_solo_game(cached_context(e.overrides), ruler, strategy, options, rng, mods)
    return difficulty, ruler, name, play_solo(game, max_turns=e.max_turns or MAX_TURNS)


def empty(payload: SoloPayload) -> dict[str, np.ndarray]:
    """The counts of a chunk (both engines fill the same ones)."""
    k = len(payload.factions)
    player_cats, lordling_cats = categories(payload.experiment)
    return {
        "wins": np.zeros(k, np.int64), "games": np.zeros(k, np.int64),
        "win_type": np.zeros(len(SOLO_TRIGGERS), np.int64), "turns": np.zeros(2, np.int64),
        "passes": np.zeros(1, np.int64), "raids": np.zeros(1, np.int64),
        "player": np.zeros((k, len(player_cats) + 1), np.int64),
        "lordlings": np.zeros((k, len(lordling_cats) + 1), np.int64),
        "margin": np.zeros((k, 2), np.int64),
        **battle_stats.empty(cached_context(payload.experiment.overrides).battle.faces),
    }  # fmt: skip


def play_chunk(payload: SoloPayload, key, start: int, count: int, keep_rows: bool):
    """Games ``start .. start+count-1`` on the reference engine: counts and per-game rows."""
    c = empty(payload)
    player_cats, lordling_cats = categories(payload.experiment)
    rows: dict[str, list] = {k_: [] for k_ in ("difficulty", "ruler", "strategy", "won", "trigger", "turns",
                                               "player_vp", "lordling_vp", "raider_attacks", "rounds")}  # fmt: skip
    logs = []
    for i in range(start, start + count):
        difficulty, ruler, name, o = play_one(payload, key, i)
        d = payload.factions.index(difficulty)
        battle_stats.add(c, o.battles)
        logs.append(o.battles)
        c["games"][d] += 1
        c["wins"][d] += o.won
        c["win_type"][SOLO_TRIGGERS.index(o.trigger)] += 1
        c["turns"] += [o.turns, o.turns**2]
        c["passes"][0] += o.passes
        c["raids"][0] += o.raider_attacks
        c["player"][d] += [o.player.get(cat, 0) for cat in player_cats] + [o.player["total"]]
        c["lordlings"][d] += [o.lordlings.get(cat, 0) for cat in lordling_cats] + [o.lordlings["total"]]
        margin = o.player["total"] - o.lordlings["total"]
        c["margin"][d] += [margin, margin**2]
        if keep_rows:
            for col, v in zip(rows, (difficulty, ruler, name, o.won, o.trigger, o.turns, o.player["total"],
                                     o.lordlings["total"], o.raider_attacks, o.passes / 2), strict=True):  # fmt: skip
                rows[col].append(v)
    if not keep_rows:
        return c, None
    return c, {**{k_: np.array(v) for k_, v in rows.items()}, **battle_stats.log_rows(battle_stats.SOLO_KINDS, logs)}


def summarize(counts: dict[str, np.ndarray], n: int, payload: SoloPayload) -> dict:
    player_cats, lordling_cats = categories(payload.experiment)
    win_rate, ci, margin, margin_ci = {}, {}, {}, {}
    games = np.maximum(counts["games"], 1)
    for d, name in enumerate(payload.factions):
        w, g = int(counts["wins"][d]), int(counts["games"][d])
        win_rate[name] = w / g if g else 0.0
        ci[name] = [round(x, 6) for x in wilson(w, g)]
        m = mean_ci(float(counts["margin"][d, 0]), float(counts["margin"][d, 1]), g)
        margin[name], margin_ci[name] = m[0], [m[1], m[2]]
    turns = mean_ci(float(counts["turns"][0]), float(counts["turns"][1]), n)
    return {
        "mode": "solo",
        "factions": list(payload.factions),
        "win_rate": win_rate,
        "win_rate_ci95": ci,
        "games_by_difficulty": {f: int(g) for f, g in zip(payload.factions, counts["games"], strict=True)},
        "win_type": {t: int(k) / n for t, k in zip(SOLO_TRIGGERS, counts["win_type"], strict=True) if k},
        "mean_rounds": float(counts["passes"][0]) / (2 * n),  # Passes / 2 sides per game, as the rows' rounds
        "mean_turns": turns[0],
        "mean_turns_ci95": [turns[1], turns[2]],
        "mean_raider_attacks": float(counts["raids"][0]) / n,
        "battles": battle_stats.summary(counts, n, battle_stats.SOLO_KINDS),
        "mean_margin_vp": margin,
        "mean_margin_vp_ci95": margin_ci,
        "player_score_by_category": {
            f: {cat: float(counts["player"][d, j]) / games[d] for j, cat in enumerate((*player_cats, "total"))}
            for d, f in enumerate(payload.factions)
        },
        "lordling_score_by_category": {
            f: {cat: float(counts["lordlings"][d, j]) / games[d] for j, cat in enumerate((*lordling_cats, "total"))}
            for d, f in enumerate(payload.factions)
        },  # fmt: skip
    }
