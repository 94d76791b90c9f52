"""Paired what-if comparisons: run A and B on the same seed (common random numbers) and difference them
trial by trial. The paired interval is usually far tighter than the unpaired one, because both variants
see the same dice; both are reported so the gain is visible.

Pairing needs per-trial columns (``attacker_win``, ``attacker_lost`` or ``standing_attacker``, …) in the
game's trials table; a metric without one falls back to an unpaired interval from the two runs' intervals.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from scipy import stats

from sim.armies import SIDES, army_size
from sim.battles import DEFAULT_SEED, DEFAULT_TRIALS, BattleResult, _flatten, run_battle
from sim.errors import ConfigError

METRICS = ("attacker_win", "defender_win", "mean_lost.attacker", "mean_lost.defender")


def per_trial(result: BattleResult) -> dict[str, np.ndarray]:
    """Per-trial values of the compared metrics, kept only where their mean reproduces the metric."""
    t = result.trials
    if t is None:
        return {}
    out: dict[str, np.ndarray] = {}
    for name in ("attacker_win", "defender_win"):
        if name in t.columns:
            out[name] = t[name].to_numpy().astype(float)
    if "attacker_win" in out and "defender_win" not in out:
        out["defender_win"] = 1 - out["attacker_win"]  # valid only without draws: the mean check below tests it
    for side in SIDES:
        size = army_size(result.scenario, side)
        if f"{side}_lost" in t.columns:
            out[f"mean_lost.{side}"] = t[f"{side}_lost"].to_numpy().astype(float)
        elif f"standing_{side}" in t.columns and size is not None:
            out[f"mean_lost.{side}"] = size - t[f"standing_{side}"].to_numpy().astype(float)
    flat = _flatten(result.metrics)
    return {k: v for k, v in out.items() if k in flat and math.isclose(v.mean(), flat[k], rel_tol=1e-9, abs_tol=1e-9)}


def paired_ci(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """95% interval of mean(b - a) from the per-trial differences."""
    d = b - a
    if np.ptp(d) == 0:  # every trial differs by the same amount: no spread, and scipy would warn
        return (float(d[0]), float(d[0]))
    with warnings.catch_warnings():  # near-constant columns only cost precision in digits we do not print
        warnings.simplefilter("ignore", RuntimeWarning)
        lo, hi = stats.ttest_rel(b, a).confidence_interval(0.95)
    return (float(lo), float(hi))


def unpaired_ci(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """95% interval of mean(b) - mean(a) treating the runs as independent (Welch)."""
    if np.ptp(a) == 0 and np.ptp(b) == 0:
        return (float(b[0] - a[0]), float(b[0] - a[0]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        lo, hi = stats.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
    return (float(lo), float(hi))


def _halfwidth(flat: dict, name: str) -> float | None:
    ci = flat.get(name + "_ci95") or flat.get(name.replace(".", "_ci95.", 1))
    return (ci[1] - ci[0]) / 2 if isinstance(ci, (list, tuple)) and len(ci) == 2 else None


@dataclass
class CompareResult:
    a: BattleResult
    b: BattleResult
    label_a: str
    label_b: str
    table: pd.DataFrame  # metric, a, b, diff, paired lo/hi, unpaired lo/hi, tighter, exact_diff
    notes: list[str] = field(default_factory=list)


def compare_results(a: BattleResult, b: BattleResult, label_a: str = "A", label_b: str = "B") -> CompareResult:
    """The difference B − A of each metric with its paired and unpaired 95% intervals."""
    ta, tb = per_trial(a), per_trial(b)
    fa, fb = _flatten(a.metrics), _flatten(b.metrics)
    ea, eb = _flatten(a.exact or {}), _flatten(b.exact or {})
    rows, notes = [], []
    for name in METRICS:
        if name not in fa or name not in fb:
            continue
        diff = fb[name] - fa[name]
        paired = (math.nan, math.nan)
        if name in ta and name in tb and len(ta[name]) == len(tb[name]):
            paired = paired_ci(ta[name], tb[name])
            unpaired = unpaired_ci(ta[name], tb[name])
        else:
            ha, hb = _halfwidth(fa, name), _halfwidth(fb, name)
            half = math.hypot(ha, hb) if ha is not None and hb is not None else math.nan
            unpaired = (diff - half, diff + half)
            notes.append(f"{name}: no per-trial column, so only the unpaired interval")
        width_p, width_u = paired[1] - paired[0], unpaired[1] - unpaired[0]
        tighter = width_u / width_p if width_p > 0 else (math.inf if width_u > 0 and width_p == 0 else math.nan)
        exact = eb[name] - ea[name] if name in ea and name in eb else None
        rows.append(
            {"metric": name, "a": fa[name], "b": fb[name], "diff": diff, "paired_lo": paired[0],
             "paired_hi": paired[1], "unpaired_lo": unpaired[0], "unpaired_hi": unpaired[1],
             "tighter": tighter, "exact_diff": exact}
        )  # fmt: skip
    return CompareResult(a, b, label_a, label_b, pd.DataFrame(rows), notes)


def run_compare(
    scenario_a: dict,
    scenario_b: dict,
    *,
    source_a: str = "A",
    source_b: str = "B",
    overrides_a: dict | None = None,
    overrides_b: dict | None = None,
    trials: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    exact: bool = False,
    progress: bool = False,
) -> CompareResult:
    """Run A and B with the same seed and trial count (A's unless given) and compare them trial by trial."""
    game = scenario_a["game"]
    if scenario_b.get("game") != game:
        raise ConfigError(source_b, "game", f"the same game as {source_a} ({game})", scenario_b.get("game"))
    seed = seed if seed is not None else scenario_a.get("seed", DEFAULT_SEED)
    trials = trials if trials is not None else scenario_a.get("trials", DEFAULT_TRIALS)
    common = dict(trials=trials, seed=seed, workers=workers, exact=exact, keep_trials=True, progress=progress)
    a = run_battle(game, scenario_a, source=source_a, overrides=overrides_a, **common)
    b = run_battle(game, scenario_b, source=source_b, overrides=overrides_b, **common)
    return compare_results(a, b, source_a, source_b)


def _format_table(head: str, result, name: str, digits: int) -> str:
    """The shared B − A table: A, B, the difference, its paired and unpaired 95% intervals, how much tighter."""
    w, iw = digits + 5, 4 * digits + 5
    lines = [
        head,
        f"  A = {result.label_a}",
        f"  B = {result.label_b}",
        f"  {name:<20} {'A':>{w}} {'B':>{w}} {'B − A':>{w}}  {'paired 95%':>{iw}}  {'unpaired 95%':>{iw}}  tighter",
    ]
    from sim.glossary import plain

    for r in result.table.itertuples():
        label = plain(getattr(r, name)) if name == "faction" else getattr(r, name)
        paired = f"[{r.paired_lo:+.{digits}f}, {r.paired_hi:+.{digits}f}]" if r.paired_lo == r.paired_lo else "n/a"
        tighter = f"{r.tighter:.1f}×" if math.isfinite(r.tighter) else ("∞ (no spread)" if r.tighter > 0 else "")
        lines.append(
            f"  {label:<20} {r.a:>{w}.{digits}f} {r.b:>{w}.{digits}f} {r.diff:>+{w}.{digits}f}  "
            f"{paired:>{iw}}  [{r.unpaired_lo:+.{digits}f}, {r.unpaired_hi:+.{digits}f}]  {tighter}"
        )
    lines += [f"  note: {n}" for n in result.notes]
    return "\n".join(lines)


def format_compare(result: CompareResult) -> str:
    head = f"{result.a.game}: B − A, paired on common random numbers ({result.a.n:,} trials each, seed {result.a.seed})"
    return _format_table(head, result, "metric", 4)


# --- full-game experiments: each faction's win rate, paired game by game -------------------------------


def per_game_wins(metrics: dict, rows) -> dict[str, np.ndarray]:
    """1.0/0.0 per game for each faction's win, NaN in games the faction did not play (rotated rosters).

    Works from the rows' ``winner`` (a faction index into ``metrics["factions"]`` or a faction name) and, where
    the game seats a subset of factions, its ``seat*_ruler`` / ``seat*_faction`` columns; ``seat*_won`` columns
    (with ``seat*_ruler``), where present, count every tied winner, not only the ``winner``. A faction is kept only
    where the mean reproduces its ``win_rate`` metric, so a game with another row layout falls back to unpaired."""
    if rows is None or "winner" not in rows.columns:
        return {}
    factions = list(metrics.get("win_rate", {}))
    order = list(metrics.get("factions") or factions)
    winner = rows["winner"].to_list()
    if rows.schema["winner"].is_integer():
        winner = [order[w] if 0 <= w < len(order) else None for w in winner]
    seats = [c for c in rows.columns if c.startswith("seat") and c.endswith(("_ruler", "_faction"))]
    seated = [set(r) for r in zip(*(rows[c].to_list() for c in seats), strict=True)] if seats else None
    out: dict[str, np.ndarray] = {}
    seat_won = [c[: -len("_won")] for c in rows.columns if c.startswith("seat") and c.endswith("_won")]
    for f in factions:
        won = np.array([1.0 if w == f else 0.0 for w in winner])
        if f"won_{f}" in rows.columns:  # a mixed field's rows (sim.balance.evaluate): 1 won, 0 lost, -1 not seated
            won = rows[f"won_{f}"].to_numpy().astype(float)
            won[won < 0] = np.nan
        elif seat_won and all(f"{s}_ruler" in rows.columns for s in seat_won):  # per-seat wins: shared victories too
            won = np.zeros(rows.height)
            for s in seat_won:
                won[np.asarray(rows[f"{s}_won"].to_list(), bool) & (rows[f"{s}_ruler"].to_numpy() == f)] = 1.0
        if seated is not None and f"won_{f}" not in rows.columns:
            won[[f not in s for s in seated]] = np.nan
        if np.isnan(won).all():
            continue
        if math.isclose(float(np.nanmean(won)), metrics["win_rate"][f], rel_tol=1e-9, abs_tol=1e-9):
            out[f] = won
    return out


def parity(metrics: dict, rows, players=None) -> dict[str, float]:
    """Each faction's fair share of wins: the mean of 1/players over the games it played."""
    factions = list(metrics.get("win_rate", {}))
    if rows is not None and "players" in rows.columns:
        inv = 1.0 / rows["players"].to_numpy().astype(float)
        games = per_game_wins(metrics, rows)
        return {f: float(inv[~np.isnan(games[f])].mean()) if f in games else float(inv.mean()) for f in factions}
    n = players if isinstance(players, int) else len(factions)
    return dict.fromkeys(factions, 1.0 / n)


@dataclass
class ExperimentCompare:
    a: object  # sim.experiments.ExperimentResult
    b: object
    label_a: str
    label_b: str
    table: pd.DataFrame  # faction, a, b, diff, paired lo/hi, unpaired lo/hi, tighter, games
    notes: list[str] = field(default_factory=list)


def compare_experiment_results(a, b, label_a: str = "A", label_b: str = "B") -> ExperimentCompare:
    """Win rate B − A per faction with the paired 95% interval from per-game differences (game i of A and of B
    share their random stream) and the unpaired (Welch) one, as for battles."""
    wa, wb = per_game_wins(a.metrics, a.rows), per_game_wins(b.metrics, b.rows)
    rows, notes = [], []
    for f, pa in a.metrics["win_rate"].items():
        if f not in b.metrics["win_rate"]:
            continue
        pb = b.metrics["win_rate"][f]
        paired = (math.nan, math.nan)
        games = 0
        if f in wa and f in wb and len(wa[f]) == len(wb[f]):
            ma, mb = ~np.isnan(wa[f]), ~np.isnan(wb[f])
            unpaired = unpaired_ci(wa[f][ma], wb[f][mb])
            if (ma == mb).all():
                paired, games = paired_ci(wa[f][ma], wb[f][mb]), int(ma.sum())
            else:
                notes.append(f"{f}: plays different games in A and B, so only the unpaired interval")
        else:
            ha, hb = ((ci[1] - ci[0]) / 2 for ci in (a.metrics["win_rate_ci95"][f], b.metrics["win_rate_ci95"][f]))
            half = math.hypot(ha, hb)
            unpaired = (pb - pa - half, pb - pa + half)
            notes.append(f"{f}: no per-game rows, so only the unpaired interval")
        width_p, width_u = paired[1] - paired[0], unpaired[1] - unpaired[0]
        tighter = width_u / width_p if width_p > 0 else (math.inf if width_u > 0 and width_p == 0 else math.nan)
        rows.append(
            {"faction": f, "a": pa, "b": pb, "diff": pb - pa, "paired_lo": paired[0], "paired_hi": paired[1],
             "unpaired_lo": unpaired[0], "unpaired_hi": unpaired[1], "tighter": tighter, "games": games}
        )  # fmt: skip
    return ExperimentCompare(a, b, label_a, label_b, pd.DataFrame(rows), notes)


def run_compare_experiments(
    raw_a: dict,
    raw_b: dict,
    *,
    source_a: str = "A",
    source_b: str = "B",
    games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    run_a=None,
) -> ExperimentCompare:
    """Run experiments A and B on the same seed and game count (A's unless given), keeping per-game rows. ``run_a``
    plays A in place of ``run_experiment`` (same arguments): ``sim serve`` keeps A's run for the next what-if."""
    from sim.experiments import DEFAULT_GAMES, run_experiment
    from sim.experiments import DEFAULT_SEED as EXPERIMENT_SEED

    if raw_b.get("game") != raw_a["game"]:
        raise ConfigError(source_b, "game", f"the same game as {source_a} ({raw_a['game']})", raw_b.get("game"))
    games = games if games is not None else raw_a.get("games", DEFAULT_GAMES)
    seed = seed if seed is not None else raw_a.get("seed", EXPERIMENT_SEED)
    raw_a, raw_b, note = same_engine(raw_a, raw_b, source_a)
    common = dict(games=games, seed=seed, workers=workers, keep_rows=True)
    a = (run_a or run_experiment)(raw_a, source=source_a, **common)
    b = run_experiment(raw_b, source=source_b, **common)
    result = compare_experiment_results(a, b, source_a, source_b)
    if note:
        result.notes.insert(0, note)
    return result


def same_engine(raw_a: dict, raw_b: dict, source: str) -> tuple[dict, dict, str]:
    """Games pair only when A and B play on the same engine (the compiled and the reference engines draw
    differently from game i's stream). When B needs the reference engine (a module the compiled engine does not
    play) and A would take the compiled one, A plays on the reference too, and the note says so."""
    from sim.experiments import RUN_KEYS, experiment_module

    def engine(raw: dict):
        from sim.balance.mix import first_plans

        module = experiment_module(raw["game"], source)
        body = {k: v for k, v in first_plans(raw, source).items() if k not in RUN_KEYS}  # mixed seats: one engine
        return getattr(module.experiment_from_dict(body, source), "engine", None)

    ea, eb = engine(raw_a), engine(raw_b)
    if ea == eb:
        return raw_a, raw_b, ""
    slow = {**raw_a, "engine": "reference"} if eb == "reference" else raw_a
    fast = {**raw_b, "engine": "reference"} if ea == "reference" else raw_b
    return slow, fast, (f"A and B both play on the reference engine (B alone could not take the compiled one: "
                        f"A would have played {ea}, B {eb}), so game i of A and of B share their dice")  # fmt: skip


def format_experiment_compare(result: ExperimentCompare) -> str:
    head = (
        f"{result.a.game}: win rate B − A per faction, paired game by game ({result.a.n:,} games each, "
        f"seed {result.a.seed})"
    )
    return _format_table(head, result, "faction", 3)
