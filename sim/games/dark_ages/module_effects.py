"""The module-effects experiment (``mode: module_effects``): each module on vs off, paired on the same seeds.

Game ``i`` is played once with every module off and once per compared module with only that module on, each time
from stream ``(key, i)`` and with the same seating, so the difference between the two plays of game ``i`` is a
paired observation (common random numbers). Reported per module, with normal 95% intervals on the per-game (per
Ruler-seat, for win rates) differences: the change in each Ruler's win rate, in game length (turns) and in score
spread (the highest minus the lowest final VP of the game). ``win_rate`` is the all-off baseline, for the
``sim run`` contract.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim import module_effects as paired
from sim.errors import ConfigError
from sim.games.dark_ages import multiplayer
from sim.games.dark_ages.fast import experiment as fast_experiment
from sim.games.dark_ages.game import modules
from sim.games.dark_ages.multiplayer import mean_rounds, play_one, round_twelfths
from sim.games.dark_ages.study import check_modules
from sim.module_effects import paired_ci
from sim.stats import mean_ci


@dataclass(frozen=True)
class ModuleEffects:
    base: object  # experiment.Experiment with no module on
    compare: tuple[str, ...]  # the modules compared, each on alone vs all off
    engine: str = "reference"  # fast when every compared module is compiled (fast.dispatch.choose_engine)
    engine_reason: str = ""


@dataclass(frozen=True)
class EffectsPayload:
    experiment: object  # the base experiment.Experiment
    compare: tuple[str, ...]
    factions: tuple[str, ...]
    engine: str = "reference"


def experiment_from_dict(raw: dict, source: str) -> ModuleEffects:
    """The multiplayer keys; ``modules: {name: true}`` names the modules to compare (default: all implemented)."""
    body = {k: v for k, v in raw.items() if k not in ("mode", "modules")}
    if body.get("skirmishers"):
        raise ConfigError(source, "skirmishers", "false: compare Module 7 via modules.skirmishers", True)
    base = multiplayer.experiment_from_dict(body, source)
    compare = check_modules({"modules": raw.get("modules") or dict.fromkeys(modules.NAMES, True)},
                                       source, min(base.players))  # fmt: skip
    if not compare:
        raise ConfigError(source, "modules", "at least one module switched on to compare", raw.get("modules"))
    return ModuleEffects(base, compare)


def compile(e: ModuleEffects) -> EffectsPayload:
    return EffectsPayload(e.base, e.compare, e.base.rulers, e.engine)


def _empty(payload: EffectsPayload) -> dict[str, np.ndarray]:
    m, r = len(payload.compare), len(payload.factions)
    return {
        "wins": np.zeros(r, np.int64), "games": np.zeros(r, np.int64),  # the all-off baseline
        "on_wins": np.zeros((m, r), np.int64),
        "d_win": np.zeros((m, r, 2), np.int64),  # per Ruler-seat: sum of (won on - won off) and of its square
        "d_turns": np.zeros((m, 2), np.int64), "d_spread": np.zeros((m, 2), np.int64),
        "turns": np.zeros(2, np.int64), "spread": np.zeros(2, np.int64), "rounds": np.zeros(2, np.int64),
        "rounds_by_players": np.zeros((5, 2), np.int64),  # as in experiment.mean_rounds, all modules off
        "on_turns": np.zeros(m, np.int64), "on_spread": np.zeros(m, np.int64),
    }  # fmt: skip


def _spread(outcome) -> int:
    totals = [s["total"] for s in outcome.scores]
    return max(totals) - min(totals)


def plays(payload: EffectsPayload, key, start: int, count: int):
    """``play(i, mods)``: game ``i`` (of ``start .. start+count-1``) with the modules ``mods``, as ``play_one``
    returns it; on the compiled engine each set of modules plays the whole chunk at once (``fast.experiment``)."""
    if payload.engine != "fast":
        return lambda i, mods: play_one(payload, key, i, mods)
    return paired.chunk_plays(lambda mods: fast_experiment.outcomes(payload, key, start, count, mods), start)


def play_chunk(payload: EffectsPayload, key, start: int, count: int, keep_rows: bool):
    play = plays(payload, key, start, count)
    c = _empty(payload)
    index = {r: j for j, r in enumerate(payload.factions)}
    rows: dict[str, list] = {"players": [], "turns_off": [], "spread_off": []}
    for m in payload.compare:
        rows[f"turns_{m}"], rows[f"spread_{m}"] = [], []
    for i in range(start, start + count):
        rulers, _, off = play(i, ())
        won_off = [seat in off.winners for seat in range(len(rulers))]
        for seat, ruler in enumerate(rulers):
            c["games"][index[ruler]] += 1
            c["wins"][index[ruler]] += won_off[seat]
        c["turns"] += [off.turns, off.turns**2]
        c["spread"] += [_spread(off), _spread(off) ** 2]
        length = round_twelfths(off.passes, len(rulers))
        c["rounds"] += [length, length**2]
        c["rounds_by_players"][len(rulers)] += [1, length]
        if keep_rows:
            rows["players"].append(len(rulers))
            rows["turns_off"].append(off.turns)
            rows["spread_off"].append(_spread(off))
        for k, m in enumerate(payload.compare):
            _, _, on = play(i, (m,))
            for seat, ruler in enumerate(rulers):
                d = int(seat in on.winners) - int(won_off[seat])
                c["on_wins"][k, index[ruler]] += seat in on.winners
                c["d_win"][k, index[ruler]] += [d, d * d]
            dt, ds = on.turns - off.turns, _spread(on) - _spread(off)
            c["d_turns"][k] += [dt, dt * dt]
            c["d_spread"][k] += [ds, ds * ds]
            c["on_turns"][k] += on.turns
            c["on_spread"][k] += _spread(on)
            if keep_rows:
                rows[f"turns_{m}"].append(on.turns)
                rows[f"spread_{m}"].append(_spread(on))
    return c, ({k: np.array(v) for k, v in rows.items()} if keep_rows else None)


_ci = paired_ci  # the paired difference's mean and 95% interval, shared with Principes (sim.module_effects)


def summarize(counts: dict[str, np.ndarray], n: int, payload: EffectsPayload) -> dict:
    win_rate, ci = paired.baseline_win_rate(counts, payload.factions)  # shared with Principes: sim.module_effects
    effects = {}
    for k, m in enumerate(payload.compare):
        turns, turns_ci = _ci(*counts["d_turns"][k], n)
        spread, spread_ci = _ci(*counts["d_spread"][k], n)
        effects[m] = {
            **paired.win_effects(counts, k, payload.factions),  # win_rate_on, win_rate_change(_ci95)
            "mean_turns_on": float(counts["on_turns"][k]) / max(1, n),
            "turns_change": turns,
            "turns_change_ci95": turns_ci,
            "mean_spread_on": float(counts["on_spread"][k]) / max(1, n),
            "spread_change": spread,
            "spread_change_ci95": spread_ci,
        }
    turns = mean_ci(float(counts["turns"][0]), float(counts["turns"][1]), n)
    spread = mean_ci(float(counts["spread"][0]), float(counts["spread"][1]), n)
    return {
        "factions": list(payload.factions),
        "win_rate": win_rate,  # all modules off
        "win_rate_ci95": ci,
        "win_type": {},
        **mean_rounds(counts, n),  # all modules off
        "mean_turns": turns[0],
        "mean_turns_ci95": [turns[1], turns[2]],
        "mean_spread": spread[0],
        "mean_spread_ci95": [spread[1], spread[2]],
        "compared_modules": list(payload.compare),
        "module_effects": effects,
    }
