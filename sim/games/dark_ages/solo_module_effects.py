"""The solo module-effects experiment (``mode: solo_module_effects``): each solo-allowed module on vs off, paired.

Deal ``g`` is played once with every module off and once per compared module with only that module on, each time
from stream ``(key, g)`` with the same Ruler, strategy and difficulty option (``solo_experiment.play_one``), so the
two plays of deal ``g`` differ only by the module: a paired observation (common random numbers), tallied with the
shared ``sim.module_effects``. The player's Ruler rotates over a fixed list of base-game Rulers (``rulers``, as in
``mode: solo``), never over the Module 3 Rulers: switching Grand Buildings on would otherwise change the rotation
and so the player's Ruler of a deal. Reported per module, with normal 95% intervals on the per-deal differences:
the change in the player's win rate (also by the player's strategy), in the VP margin (player minus Lordlings) and
in game length (turns). ``win_rate`` (faction ``player``) is the all-off baseline, for the ``sim run`` contract.
Per-deal rows: ruler, strategy, ``won_off``, ``margin_off`` and ``won_<module>``, ``margin_<module>``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim import module_effects as paired
from sim.errors import ConfigError
from sim.games.dark_ages.fast import solo_experiment as fast_solo
from sim.games.dark_ages.game import modules, solo_experiment
from sim.games.dark_ages.game.solo_loop import SOLO_TRIGGERS
from sim.module_effects import paired_ci
from sim.stats import mean_ci

KEYS = ("mode", "difficulty", "rulers", "strategies", "strategy_params", "max_turns", "rules", "modules")
FACTIONS = ("player",)


@dataclass(frozen=True)
class SoloModuleEffects:
    base: solo_experiment.SoloExperiment  # one difficulty option, no module on, base-game Rulers only
    compare: tuple[str, ...]  # the modules compared, each on alone vs all off
    engine: str = "reference"  # fast when every compared module is compiled (fast.dispatch.choose_engine)
    engine_reason: str = ""


@dataclass(frozen=True)
class SoloEffectsPayload:
    experiment: solo_experiment.SoloExperiment
    compare: tuple[str, ...]
    factions: tuple[str, ...] = FACTIONS
    engine: str = "reference"


def experiment_from_dict(raw: dict, source: str) -> SoloModuleEffects:
    """The solo keys with one ``difficulty`` (default ``standard``); ``modules: {name: true}`` names the modules
    to compare (default: every solo-allowed module, ``modules.SOLO_MODULES``); ``rulers`` are base-game Rulers."""
    for key in raw:
        if key not in KEYS:
            raise ConfigError(source, key, f"a solo module-effects key ({', '.join(KEYS)})", key)
    difficulty = raw.get("difficulty", solo_experiment.STANDARD)
    known = (solo_experiment.STANDARD, *solo_experiment.OPTIONS)
    if difficulty not in known:
        raise ConfigError(source, "difficulty", f"one difficulty option ({', '.join(known)})", difficulty)
    body = {k: v for k, v in raw.items() if k not in ("mode", "modules", "difficulty")}
    base = solo_experiment.experiment_from_dict({**body, "difficulties": [difficulty]}, source)  # base Rulers only
    switches = raw.get("modules") or dict.fromkeys(modules.SOLO_MODULES, True)
    compare = solo_experiment.check_modules({"modules": switches}, source)
    if not compare:
        raise ConfigError(source, "modules", "at least one solo module switched on to compare", raw.get("modules"))
    return SoloModuleEffects(base, compare)


def compile(e: SoloModuleEffects) -> SoloEffectsPayload:
    return SoloEffectsPayload(e.base, e.compare, engine=e.engine)


BY = "strategy_"  # prefix of the per-strategy tallies (the same shared tallies, one entry per strategy)


def _by_strategy(counts: dict) -> dict:
    return {k[len(BY) :]: v for k, v in counts.items() if k.startswith(BY)}


def _empty(payload: SoloEffectsPayload) -> dict[str, np.ndarray]:
    m = len(payload.compare)
    by = paired.win_counts(m, len(payload.experiment.strategies))
    return {
        **paired.win_counts(m, len(payload.factions)),  # wins, games, on_wins, d_win (shared with multiplayer)
        **{BY + k: v for k, v in by.items()},  # the same per strategy of the player
        "margin": np.zeros(2, np.int64), "turns": np.zeros(2, np.int64),  # all off: (sum, sum of squares)
        "win_type": np.zeros(len(SOLO_TRIGGERS), np.int64), "passes": np.zeros(1, np.int64),
        "d_margin": np.zeros((m, 2), np.int64), "d_turns": np.zeros((m, 2), np.int64),
        "on_margin": np.zeros(m, np.int64), "on_turns": np.zeros(m, np.int64),
    }  # fmt: skip


def _margin(o) -> int:
    return o.player["total"] - o.lordlings["total"]


def plays(payload: SoloEffectsPayload, key, start: int, count: int):
    """``play(g, mods)``: deal ``g`` with the modules ``mods``, as ``solo_experiment.play_one`` returns it; on the
    compiled engine each set of modules plays the whole chunk at once (``fast.solo_experiment.outcomes``)."""
    if payload.engine != "fast":
        inner = solo_experiment.SoloPayload(payload.experiment, payload.experiment.difficulties)
        return lambda g, mods: solo_experiment.play_one(inner, key, g, mods)
    return paired.chunk_plays(lambda mods: fast_solo.outcomes(payload.experiment, key, start, count, mods), start)


def play_chunk(payload: SoloEffectsPayload, key, start: int, count: int, keep_rows: bool):
    play = plays(payload, key, start, count)
    c = _empty(payload)
    rows: dict[str, list] = {k: [] for k in ("ruler", "strategy", "won_off", "margin_off")}
    for m in payload.compare:
        rows[f"won_{m}"], rows[f"margin_{m}"] = [], []
    strategy_index = {s: j for j, s in enumerate(payload.experiment.strategies)}
    by = _by_strategy(c)  # views on the arrays in c
    for g in range(start, start + count):
        _, ruler, name, off = play(g, ())
        paired.add_baseline(c, 0, off.won)
        paired.add_baseline(by, strategy_index[name], off.won)
        c["margin"] += [_margin(off), _margin(off) ** 2]
        c["turns"] += [off.turns, off.turns**2]
        c["win_type"][SOLO_TRIGGERS.index(off.trigger)] += 1
        c["passes"][0] += off.passes
        if keep_rows:
            for col, v in zip(rows, (ruler, name, off.won, _margin(off)), strict=False):
                rows[col].append(v)
        for k, m in enumerate(payload.compare):
            _, ruler_on, _, on = play(g, (m,))
            assert ruler_on == ruler  # the pairing keeps the player's Ruler
            paired.add_pair(c, k, 0, on.won, off.won)
            paired.add_pair(by, k, strategy_index[name], on.won, off.won)
            dm, dt = _margin(on) - _margin(off), on.turns - off.turns
            c["d_margin"][k] += [dm, dm * dm]
            c["d_turns"][k] += [dt, dt * dt]
            c["on_margin"][k] += _margin(on)
            c["on_turns"][k] += on.turns
            if keep_rows:
                rows[f"won_{m}"].append(on.won)
                rows[f"margin_{m}"].append(_margin(on))
    return c, ({k: np.array(v) for k, v in rows.items()} if keep_rows else None)


def summarize(counts: dict[str, np.ndarray], n: int, payload: SoloEffectsPayload) -> dict:
    win_rate, ci = paired.baseline_win_rate(counts, payload.factions)
    strategies = payload.experiment.strategies
    by = _by_strategy(counts)
    played = {s for j, s in enumerate(strategies) if by["games"][j]}  # a strategy with no deal has no rate

    def only_played(d: dict) -> dict:
        return {s: v for s, v in d.items() if s in played}

    by_rate, by_ci = map(only_played, paired.baseline_win_rate(by, strategies))
    effects = {}
    for k, m in enumerate(payload.compare):
        wins = paired.win_effects(counts, k, payload.factions)
        by_wins = paired.win_effects(by, k, strategies)
        margin, margin_ci = paired_ci(*counts["d_margin"][k], n)
        turns, turns_ci = paired_ci(*counts["d_turns"][k], n)
        effects[m] = {
            "win_rate_on": wins["win_rate_on"]["player"],
            "win_rate_change": wins["win_rate_change"]["player"],
            "win_rate_change_ci95": wins["win_rate_change_ci95"]["player"],
            "win_rate_change_by_strategy": only_played(by_wins["win_rate_change"]),
            "win_rate_change_by_strategy_ci95": only_played(by_wins["win_rate_change_ci95"]),
            "mean_margin_vp_on": float(counts["on_margin"][k]) / max(1, n),
            "margin_vp_change": margin,
            "margin_vp_change_ci95": margin_ci,
            "mean_turns_on": float(counts["on_turns"][k]) / max(1, n),
            "turns_change": turns,
            "turns_change_ci95": turns_ci,
        }
    margin = mean_ci(float(counts["margin"][0]), float(counts["margin"][1]), n)
    turns = mean_ci(float(counts["turns"][0]), float(counts["turns"][1]), n)
    return {
        "mode": "solo_module_effects",
        "difficulty": payload.experiment.difficulties[0],
        "factions": list(payload.factions),
        "win_rate": win_rate,  # all modules off
        "win_rate_ci95": ci,
        "win_rate_by_strategy": by_rate,  # all modules off
        "win_rate_by_strategy_ci95": by_ci,
        "win_type": {t: int(k) / n for t, k in zip(SOLO_TRIGGERS, counts["win_type"], strict=True) if k},
        "mean_rounds": float(counts["passes"][0]) / (2 * max(1, n)),  # as mode: solo (Passes / 2 sides)
        "mean_margin_vp": margin[0],
        "mean_margin_vp_ci95": [margin[1], margin[2]],
        "mean_turns": turns[0],
        "mean_turns_ci95": [turns[1], turns[2]],
        "compared_modules": list(payload.compare),
        "module_effects": effects,
    }
