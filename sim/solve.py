"""How big an army is needed? The smallest army reaching a target P(its side wins).

The target is the searched side's win probability: P(attacker wins) for ``attacker.*`` keys, P(defender wins) for
``defender.*`` keys (all keys of one search name the same side).

The search adds units of the chosen type(s) to the scenario's army, smallest total first, every army on
the same seed (common random numbers, so neighbouring armies are compared on the same dice). With several
unit types, the best mix of each total is kept. Win chances need not grow with every added unit, so the
search is a plain scan, not a bisection.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from sim.armies import SIDES, get_key, with_key
from sim.battles import BattleResult, run_battle
from sim.config import parse_assignments
from sim.errors import ConfigError
from sim.results import dumps
from sim.sweep import check

MAX_UNITS = 20  # per search: no board game army in sim comes near this


@dataclass
class Candidate:
    army: dict[str, int]  # searched key → count
    result: BattleResult
    side: str = "attacker"  # whose win probability the search targets

    @property
    def metric(self) -> str:
        return f"{self.side}_win"

    @property
    def exact(self) -> float | None:
        value = (self.result.exact or {}).get(self.metric)
        return None if value is None else float(value)

    @property
    def estimate(self) -> float:
        """The exact value where it was computed, else the Monte Carlo estimate: what the search decides on."""
        return self.exact if self.exact is not None else float(self.result.metrics[self.metric])

    @property
    def interval(self) -> tuple[float, float]:
        lo, hi = self.result.metrics[f"{self.metric}_ci95"]
        return (float(lo), float(hi))

    def describe(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.army.items())

    def to_json(self) -> dict:
        out: dict[str, Any] = {"army": self.army, self.metric: self.result.metrics[self.metric]}
        out[f"{self.metric}_ci95"] = list(self.interval)
        if self.result.exact is not None:
            out[f"{self.metric}_exact"] = self.exact
        return out


@dataclass
class SolveResult:
    game: str
    keys: list[str]
    target: float
    tried: list[Candidate]  # the best army of each total, smallest first
    best: Candidate | None
    previous: Candidate | None
    note: str = ""

    @property
    def side(self) -> str:
        return side_of(self.keys)

    def to_json(self) -> dict:
        first = self.tried[0].result if self.tried else None
        return {
            "game": self.game, "solve_for": self.keys, "side": self.side, "target": self.target,
            "trials": first.n if first else None, "seed": first.seed if first else None,
            "best": self.best.to_json() if self.best else None,
            "previous": self.previous.to_json() if self.previous else None,
            "tried": [c.to_json() for c in self.tried], "note": self.note,
        }  # fmt: skip


def parse_keys(text: str | list[str] | tuple[str, ...]) -> list[str]:
    items = text.split(",") if isinstance(text, str) else list(text)
    keys = [k.strip() for k in items if k.strip()]
    for key in keys:
        side, _, unit = key.partition(".")
        if side not in SIDES or not unit or "." in unit:
            raise ConfigError("--solve-for", key, "SIDE.UNIT such as attacker.knight (comma-separated)", key)
    if not keys or len(set(keys)) != len(keys):
        raise ConfigError("--solve-for", ",".join(keys), "one or more distinct SIDE.UNIT keys", text)
    if len({key.partition(".")[0] for key in keys}) > 1:  # the target is one side's win probability
        raise ConfigError("--solve-for", ",".join(keys), "keys of one side (its win probability is --target)", text)
    return keys


def side_of(keys: list[str]) -> str:
    return keys[0].partition(".")[0] if keys else "attacker"


def _mixes(total: int, parts: int):
    """Every way to split ``total`` units over ``parts`` unit types."""
    for cuts in itertools.combinations_with_replacement(range(total + 1), parts - 1):
        bounds = (0, *cuts, total)
        yield tuple(bounds[i + 1] - bounds[i] for i in range(parts))


def solve_for(
    game: str,
    scenario: dict,
    keys: str | list[str],
    target: float,
    *,
    source: str = "arguments",
    trials: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    exact: bool = False,
    overrides: dict | None = None,
    progress: bool = False,
    precision: float | None = None,
    max_units: int = MAX_UNITS,
) -> SolveResult:
    """Scan armies by total searched units (0, 1, 2, …) until the best of a total reaches ``target``."""
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not 0 < target <= 1:
        raise ConfigError("--target", "", "a win probability in (0, 1]", target)
    keys = parse_keys(keys)
    scenario = {**scenario, "game": game}
    for key in keys:  # a misspelt unit fails here, before any run
        if get_key(scenario, key) is None:
            check(game, with_key(scenario, key, 1), dict(overrides or {}), f"--solve-for {key}")
    tried: list[Candidate] = []
    note = f"not reached with up to {max_units} units of {', '.join(keys)}"
    for total in range(max_units + 1):
        best: Candidate | None = None
        for mix in _mixes(total, len(keys)):
            variant = scenario
            for key, count in zip(keys, mix, strict=True):
                variant = with_key(variant, key, count)
            try:
                r = run_battle(
                    game, variant, source=source, trials=trials, seed=seed, workers=workers, exact=exact,
                    overrides=overrides, progress=progress, precision=precision,
                )  # fmt: skip
            except ConfigError as exc:
                if total == 0:
                    continue  # an empty army is not a battle
                if tried:  # the game caps army sizes: the scan ends here
                    note = f"not reached; larger armies are invalid ({exc})"
                    return SolveResult(game, keys, target, tried, None, None, note)
                raise
            candidate = Candidate(dict(zip(keys, mix, strict=True)), r, side_of(keys))
            if best is None or candidate.estimate > best.estimate:
                best = candidate
        if best is None:
            continue
        tried.append(best)
        if best.estimate >= target:
            previous = tried[-2] if len(tried) > 1 else None
            return SolveResult(game, keys, target, tried, best, previous)
    return SolveResult(game, keys, target, tried, None, None, note)


def format_solve(result: SolveResult) -> str:
    first = result.tried[0].result if result.tried else None
    same_n = len({c.result.n for c in result.tried}) <= 1  # --precision stops each army at its own count
    head = f"{result.game}: smallest {' + '.join(result.keys)} for P({result.side} wins) ≥ {result.target:g}"
    if first is not None:
        head += f" ({first.n:,} trials per army, seed {first.seed})" if same_n else f" (seed {first.seed})"
    lines = [head]
    width = max([len(c.describe()) for c in result.tried] + [10])

    def row(c: Candidate, tag: str) -> str:
        lo, hi = c.interval
        exact = c.exact
        text = f"  {c.describe():<{width}}  {c.result.metrics[c.metric]:.4f}  [{lo:.4f}, {hi:.4f}]"
        text += f"  exact {exact:.4f}" if exact is not None else ""
        return text + ("" if same_n else f"  {c.result.n:,} trials") + f"  {tag}"

    if result.best is None:
        lines.append(f"  {result.note}")
        if result.tried:
            lines.append(row(max(result.tried, key=lambda c: c.estimate), "← best found"))
        return "\n".join(lines)
    lines.append(row(result.best, "← reaches the target"))
    if result.previous is not None:
        lines.append(row(result.previous, "← one unit fewer"))
    lo, hi = result.best.interval
    if result.best.result.exact is None and lo < result.target:
        lines.append(f"  note: the 95% interval includes {result.target:g}; run more --trials to be sure")
    prev = result.previous
    if prev is not None and prev.result.exact is None and prev.interval[1] >= result.target:
        lines.append("  note: the smaller army's interval also reaches the target; run more --trials to be sure")
    return "\n".join(lines)


def solve_from_options(game: str, scenario: dict, source: str, opts: dict) -> str:
    """``sim battle … --solve-for KEY --target P``: the printed answer (a table, or JSON with --json)."""
    if not opts.get("solve_for") or opts.get("target") is None:
        raise ConfigError("--solve-for", "", "--solve-for SIDE.UNIT together with --target P", "only one of them")
    if opts.get("save"):
        raise ConfigError("--save", "", "no --save with --solve-for (it runs many armies)", opts["save"])
    result = solve_for(
        game, scenario, opts["solve_for"], opts["target"], source=source, trials=opts["trials"], seed=opts["seed"],
        workers=opts["workers"], exact=opts["exact"], overrides=parse_assignments(opts["overrides"]),
        progress=opts["progress"], precision=opts.get("precision"),
    )  # fmt: skip
    return dumps(result.to_json()) if opts["as_json"] else format_solve(result)
