"""Winged Hussars and Cossacks battles, simplified or full (Tactic-card) rules: the ``sim battle`` contract."""

from __future__ import annotations

from typing import Any

import click
import numpy as np

from sim.config import Rules
from sim.errors import ConfigError
from sim.games.hussars import kernel
from sim.games.hussars.army import describe
from sim.games.hussars.cases import Cases, enumerate_cases
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY
from sim.games.hussars.rules import build
from sim.games.hussars.scenario import HANDS, MODES, OBJECTIVES, SIDES, Scenario
from sim.games.hussars.scenario import scenario_from_dict as _parse
from sim.stats import mean_ci, wilson


def scenario_from_dict(raw: dict, source: str, rules: Rules) -> Scenario:
    built = build(rules)
    if built.values["simplified"]["tie"] != "both_take_hits":  # a lone battle has no Turn Order Track to decide
        raise ConfigError(rules.origin("simplified.tie"), "simplified.tie",
                          "both_take_hits (turn_order needs the game's Turn Order Track: sim run)", "turn_order")
    return _parse(raw, source, built)


def compile(rules: Rules, scenario: Scenario) -> dict:
    """Enumerate every ending exactly; the kernel only needs the cumulative probabilities."""
    cases = enumerate_cases(build(rules), scenario, scenario.source)
    return {"scenario": scenario, "cases": cases, "limits": kernel.thresholds(cases.probs)}


def _case_columns(cases: Cases) -> dict[str, np.ndarray]:
    out = cases.outcomes
    return {
        "winner": np.array([o.winner for o in out], dtype=np.int8),
        "attacker_lost": np.array([o.attacker_lost for o in out], dtype=np.int64),
        "defender_lost": np.array([o.defender_lost for o in out], dtype=np.int64),
    }


def run_chunk(payload: dict, key, start: int, count: int, keep_trials: bool):
    picked = np.empty(count, dtype=np.int64)
    kernel.sample_cases(payload["limits"], np.uint64(key), start, count, picked)
    cols = _case_columns(payload["cases"])
    hits = np.bincount(picked, minlength=len(payload["cases"].outcomes)).astype(np.int64)
    counts = {"case_hits": hits, "attacker_win": np.array(int(hits[cols["winner"] == ATTACKER].sum()))}
    trials = None
    if keep_trials:
        trials = {"case": picked.astype(np.int32)} | {name: col[picked] for name, col in cols.items()}
        trials["attacker_win"] = trials["winner"] == ATTACKER  # the column paired comparisons difference
    return counts, trials


def _expected_army(weights: np.ndarray, armies: list) -> dict[str, float]:
    total: dict[str, float] = {}
    for w, army in zip(weights, armies, strict=True):
        for name, n in describe(army).items():
            total[name] = total.get(name, 0.0) + w * n
    return {name: round(float(v), 6) for name, v in sorted(total.items())}


def _swaps(weights: np.ndarray, swaps: list[str]) -> dict[str, float]:
    """P(each veteran swap) for one side ("" = none possible)."""
    total: dict[str, float] = {}
    for w, swap in zip(weights, swaps, strict=True):
        if swap:
            total[swap] = total.get(swap, 0.0) + float(w)
    return dict(sorted(total.items()))


def _point_metrics(weights: np.ndarray, cases: Cases) -> dict[str, Any]:
    """Metrics that are weighted sums over cases (weights: probabilities, or hit frequencies)."""
    cols = _case_columns(cases)
    out = cases.outcomes
    return {
        "attacker_win": float(weights[cols["winner"] == ATTACKER].sum()),
        "defender_win": float(weights[cols["winner"] == DEFENDER].sum()),
        "no_winner": float(weights[cols["winner"] == NOBODY].sum()),
        "mean_lost": {"attacker": float(weights @ cols["attacker_lost"]),
                      "defender": float(weights @ cols["defender_lost"])},
        "mean_spoils": {side: float(sum(w * o.spoils[i] for w, o in zip(weights, out, strict=True)))
                        for i, side in enumerate(SIDES)},
        "mean_captured_artillery": {side: float(sum(w * o.captured[i] for w, o in zip(weights, out, strict=True)))
                                    for i, side in enumerate(SIDES)},
        "tabor_siege": float(sum(w for w, o in zip(weights, out, strict=True) if o.tabor_siege)),
        "promotion": {side: _swaps(weights, [o.promoted[i] for o in out]) for i, side in enumerate(SIDES)},
        "attacker_after": _expected_army(weights, [o.attacker_after for o in out]),
        "defender_after": _expected_army(weights, [o.defender_after for o in out]),
    }


def _equilibrium(cases: Cases) -> dict | None:
    """The optimal mixed strategies when there is one battle to solve (the defender's: over its types)."""
    if len(cases.games) != 1:
        return None
    solved = cases.games[0]
    rows = solved.types[0][2].rows
    defender: dict[str, float] = {}
    for (p, _, game), col in zip(solved.types, solved.eq.cols, strict=True):
        for t, q in zip(game.cols, col, strict=True):
            defender[t] = defender.get(t, 0.0) + p * float(q)
    return {
        "attacker": {t: round(float(p), 6) for t, p in zip(rows, solved.eq.row, strict=True)},
        "defender": {t: round(q, 6) for t, q in defender.items()},
        "value": round(solved.eq.value, 6),
    }


def summarize(counts: dict, n: int, payload: dict) -> dict:
    cases: Cases = payload["cases"]
    hits = np.asarray(counts["case_hits"], dtype=np.int64)
    metrics = _point_metrics(hits / max(n, 1), cases)
    cols = _case_columns(cases)
    for name, code in (("attacker_win", ATTACKER), ("defender_win", DEFENDER), ("no_winner", NOBODY)):
        metrics[f"{name}_ci95"] = list(wilson(int(hits[cols["winner"] == code].sum()), n))
    metrics["mean_lost_ci95"] = {}
    for side in SIDES:
        col = cols[f"{side}_lost"]
        _, lo, hi = mean_ci(float(hits @ col), float(hits @ (col * col)), n)
        metrics["mean_lost_ci95"][side] = [lo, hi]
    metrics["endings"] = len(cases.outcomes)
    eq = _equilibrium(cases)
    if eq is not None:
        metrics["equilibrium"] = eq
    return metrics


def exact(payload: dict) -> dict:
    cases: Cases = payload["cases"]
    return _point_metrics(np.asarray(cases.probs, dtype=np.float64), cases)


def cli_options() -> list[click.Option]:
    side = click.Choice(SIDES)
    return [
        click.Option(["--mode"], type=click.Choice(MODES), default=None, help="simplified (default) or full rules"),
        click.Option(["--attacker"], default=None, help="army, e.g. winged_hussar=1,pancerni=1,light_cavalry=1"),
        click.Option(["--defender"], default=None, help="army; counts may be ranges (cossack=2..5) or a/b/c lists"),
        click.Option(["--veteran"], type=side, multiple=True, help="every unit of this side is veteran ★"),
        click.Option(["--terrain"], default=None, help="comma list of forest, river, peasants, wasteland"),
        click.Option(["--loose-columns"], type=side, multiple=True, help="this side is in Loose Columns"),
        click.Option(["--fortress"], type=click.IntRange(0, 2), default=None, help="the defender's fortress level"),
        click.Option(["--famine"], type=click.IntRange(0), default=None, help="famine markers on the garrison"),
        click.Option(["--inside-fortress"], is_flag=True, default=False, help="combat inside the fortress"),
        click.Option(["--attacker-moved"], type=click.IntRange(0), default=None, help="Movement Points used"),
        click.Option(["--defender-moved"], type=click.IntRange(0), default=None, help="Movement Points used"),
        click.Option(["--attacker-tactics"], default=None, help="full rules: the attacker's cards, comma list"),
        click.Option(["--defender-tactics"], default=None, help="full rules: the defender's cards, comma list"),
        click.Option(["--hands"], type=click.Choice(HANDS), default=None,
                     help="full rules: all cards, or random Scenario S hands"),
        click.Option(["--objective"], type=click.Choice(OBJECTIVES), default=None,
                     help="what the equilibrium optimises: P(win), P(win)-P(loss), token difference"),
        click.Option(["--cannot-retreat"], type=side, multiple=True, help="this side has nowhere to retreat"),
    ]


def scenario_from_cli(options: dict) -> dict:
    """The flags as the mapping a scenario YAML would hold (unset flags are left out)."""
    raw: dict[str, Any] = {}
    for name in ("mode", "attacker", "defender", "fortress", "famine", "hands", "objective"):
        if options.get(name) is not None:
            raw[name] = options[name]
    for name in ("veteran", "loose_columns", "cannot_retreat"):
        if options.get(name):
            raw[name] = list(options[name])
    if options.get("terrain"):
        raw["terrain"] = [t.strip() for t in options["terrain"].split(",") if t.strip()]
    if options.get("inside_fortress"):
        raw["inside_fortress"] = True
    moved = {s: options[f"{s}_moved"] for s in SIDES if options.get(f"{s}_moved") is not None}
    if moved:
        raw["moved"] = moved
    tactics = {s: options[f"{s}_tactics"] for s in SIDES if options.get(f"{s}_tactics")}
    if tactics:
        raw["tactics"] = tactics
    return raw
