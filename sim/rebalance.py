"""The smallest rules change that balances a study's factions (``sim rebalance``).

nevergrad (as ``sim tune`` uses it) searches the named rules values (knobs) within their ranges. A candidate's
score is the largest distance of any faction's win rate from its fair share, plus a small cost for each value it
changes and for each notch it moves one (a whole step, or 20% of a real), so of two equally fair changes the
smaller wins; a tenth of the mean distance breaks ties when no knob moves the farthest faction. Every candidate
plays the same games (common random numbers); the winner is confirmed against the shipped rules on held-out games,
paired game by game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.errors import ConfigError
from sim.sensitivity import (
    NOTCH,
    Player,
    PointStore,
    Record,
    accepts,
    check_count,
    paired_change,
    replaced,
    rules_numbers,
    study_body,
    with_rules,
)

COST_PER_VALUE = 0.005  # half a point of win rate for each value changed
COST_PER_NOTCH = 0.0025  # and a quarter point for each notch it moves
MEAN_WEIGHT = 0.1  # a tenth of the mean distance: when no knob moves the farthest faction, the others still count
IMPLIED_STEPS = 2  # a knob without a range: two whole steps (or 2 × 20% of a real) either side, as the rules allow


@dataclass(frozen=True)
class Knob:
    label: str
    override: str
    whole: object
    where: tuple
    base: float
    lo: float
    hi: float

    @property
    def integer(self) -> bool:
        return isinstance(self.base, int)

    def notches(self, value: float) -> float:
        step = 1 if self.integer else NOTCH * abs(self.base) or NOTCH
        return abs(value - self.base) / step


def changes(knobs: list[Knob], values: dict[str, float]) -> dict:
    """The rules overrides for knob values (numbers inside one list or mapping share its key)."""
    out: dict = {}
    for k in knobs:
        if values[k.label] != k.base:
            out[k.override] = replaced(out.get(k.override, k.whole), k.where, values[k.label])
    return out


def cost(knobs: list[Knob], values: dict[str, float]) -> float:
    moved = [k.notches(values[k.label]) for k in knobs if values[k.label] != k.base]
    return COST_PER_VALUE * len(moved) + COST_PER_NOTCH * sum(moved)


def _number(text: str, knob: str, integer: bool):
    from sim.config import parse_value

    value = parse_value(text, f"--knobs {knob}")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (integer and not isinstance(value, int)):
        raise ConfigError("--knobs", knob, "a whole number" if integer else "a number", text)
    return value


def parse_knobs(text: str, raw: dict, source: str) -> list[Knob]:
    """``KEY[=LO..HI],…`` → knobs; a range the user leaves out is implied (``IMPLIED_STEPS`` either side, as far as
    the rules' loader accepts)."""
    items = [t.strip() for t in (text or "").split(",") if t.strip()]
    if not items:
        raise ConfigError("--knobs", "", "KEY[=LO..HI][,KEY…] (keys as sim rules GAME prints them)", text)
    known = {label: rest for label, *rest in rules_numbers(raw)}
    knobs = []
    for item in items:
        label, sep, span = item.partition("=")
        label = label.strip()
        if label not in known:
            raise ConfigError("--knobs", label, f"a number of {raw['game']}'s rules (sim rules {raw['game']} lists "
                              "them; an item of a list as KEY[i])", label)  # fmt: skip
        key, p, where, x, stem, read = known[label]
        if not read:
            raise ConfigError("--knobs", label, "a value this study reads",
                              f"a value of configs/{raw['game']}/{stem}.yaml, which it does not read")  # fmt: skip
        integer = isinstance(x, int)
        if sep:
            lo_text, dots, hi_text = span.partition("..")
            if not dots:
                raise ConfigError("--knobs", label, "a range LO..HI", span)
            lo, hi = _number(lo_text, label, integer), _number(hi_text, label, integer)
            if not lo < hi:
                raise ConfigError("--knobs", label, "a range LO..HI that is not empty (LO < HI)", span)
            for end in (lo, hi):
                if end != x and not accepts(raw, {key: replaced(p.value, where, end)}, source):
                    raise ConfigError("--knobs", label, "a range whose ends the rules accept", end)
        else:
            step = 1 if integer else NOTCH * abs(x)
            lo, hi = x, x
            for i in range(IMPLIED_STEPS, 0, -1):  # the widest range the loader accepts on each side
                down, up = x - i * step, x + i * step
                if lo == x and accepts(raw, {key: replaced(p.value, where, down)}, source):
                    lo = down
                if hi == x and accepts(raw, {key: replaced(p.value, where, up)}, source):
                    hi = up
            if lo == hi:
                raise ConfigError("--knobs", label, "a value the rules let move (give KEY=LO..HI)", x)
        knobs.append(Knob(label, key, p.value, where, x, lo, hi))
    return knobs


@dataclass
class Rebalance:
    game: str
    title: str
    knobs: list[Knob]
    values: dict[str, float]  # the winner
    overrides: dict  # its rules overrides
    search: list[dict]  # every candidate: values, unfairness, score
    before: Record  # held-out games, shipped rules
    after: Record  # the same held-out games, the winner's rules
    target: float
    holdout: int
    games_played: int

    @property
    def within(self) -> bool:
        fair = self.after.fair
        return all(abs(p - fair[k]) <= self.target + 1e-12 for k, p in self.after.win_rate.items())

    def to_json(self) -> dict:
        change = paired_change(self.before, self.after)
        return {
            "game": self.game, "title": self.title, "target": self.target, "holdout_games": self.holdout,
            "games_played": self.games_played,
            "change_set": {k.label: {"from": k.base, "to": self.values[k.label]} for k in self.knobs
                           if self.values[k.label] != k.base},
            "rules": self.overrides,
            "before": {k: {"win_rate": v, "ci95": interval(self.before, k)} for k, v in self.before.win_rate.items()},
            "after": {k: {"win_rate": v, "ci95": interval(self.after, k), "paired_change": change[k]}
                      for k, v in self.after.win_rate.items()},
            "unfairness_before": self.before.unfairness(), "unfairness_after": self.after.unfairness(),
            "within_target": self.within, "search": self.search,
        }  # fmt: skip


def interval(rec: Record, faction: str) -> list[float]:
    from sim.stats import wilson

    games = rec.wins.get(faction)
    if games is None:
        return [math.nan, math.nan]
    played = games[~np.isnan(games)]
    return list(wilson(float(played.sum()), len(played)))


def rebalance(
    raw: dict,
    knobs_text: str,
    *,
    source: str = "study",
    field_raw: dict | None = None,
    target: float = 0.02,
    budget: int = 20_000,
    games: int = 1_000,
    holdout: int = 4_000,
    seed: int | None = None,
    workers: int = 1,
    save: str | Path | None = None,
    play_factory=None,
) -> Rebalance:
    """Search the knobs for the fairest small change; ``target`` in win-rate (0.02 = 2 points)."""
    from sim.experiments import DEFAULT_SEED

    if isinstance(target, bool) or not isinstance(target, (int, float)) or not 0 <= target < 1 or target != target:
        raise ConfigError("--target", "", "points of win rate ≥ 0 (e.g. 2)", target * 100)
    check_count(games, "--games")
    check_count(holdout, "--holdout")
    check_count(budget, "--budget", 2 * games)
    raw = study_body(raw, field_raw)
    knobs = parse_knobs(knobs_text, raw, source)
    seed = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    store = PointStore(save)
    make = play_factory or (lambda r, g, s: Player(r, source, g, s, workers, store))
    play = make(raw, games, seed)
    opt = optimizer(knobs, seed, budget // games)
    search, seen = [], {}
    for i in range(MAX_ASKS * (budget // games)):  # CRN makes a point's score exact: a repeat costs no games
        if len(seen) >= budget // games:
            break
        cand = opt.parametrization.spawn_child(new_value={k.label: k.base for k in knobs}) if i == 0 else opt.ask()
        values = {k.label: (int(round(v)) if k.integer else float(v)) for k, v in zip(knobs, cand.value.values(),
                                                                                      strict=True)}  # fmt: skip
        key = json_key(values)
        if key not in seen:
            try:
                distances = play(changes(knobs, values)).distances()
                unfair, mean = max(distances), sum(distances) / len(distances)
            except ConfigError:  # the loader refuses this combination (each knob alone was fine)
                unfair = mean = math.inf
            seen[key] = unfair + MEAN_WEIGHT * mean + cost(knobs, values)
            search.append({"values": values, "unfairness": unfair, "score": seen[key]})
        opt.tell(cand, seen[key] if math.isfinite(seen[key]) else 10.0)
    best = min(search, key=lambda s: (s["score"], json_key(s["values"])))
    overrides = changes(knobs, best["values"])
    held = make(raw, holdout, held_out_seed(seed))
    before, after = held({}), held(overrides)
    played = getattr(play, "played", 0) + getattr(held, "played", 0)
    result = Rebalance(raw["game"], raw.get("title", ""), knobs, best["values"], overrides, search, before, after,
                       float(target), holdout, played)  # fmt: skip
    if save is not None:
        from sim.results import write_json

        write_json(Path(save) / "rebalance.json", result.to_json())
        write_rules_file(raw, result, Path(save) / "rebalanced.yaml")
    return result


MAX_ASKS = 20  # asks per distinct candidate at most (a small discrete space runs out of new points)


def optimizer(knobs: list[Knob], seed: int, candidates: int):
    """nevergrad's NGOpt over the knobs: a whole number with few values as an ordered choice (a small discrete
    space, where a cast continuous scalar would keep asking the same point), otherwise a bounded scalar."""
    import nevergrad as ng

    parts = {}
    for k in knobs:
        if k.integer and k.hi - k.lo <= 50:
            parts[k.label] = ng.p.TransitionChoice(list(range(int(k.lo), int(k.hi) + 1)))
        else:
            scalar = ng.p.Scalar(init=k.base, lower=k.lo, upper=k.hi)
            parts[k.label] = scalar.set_integer_casting() if k.integer else scalar
    param = ng.p.Dict(**parts)
    param.random_state = np.random.RandomState(seed % 2**32)
    return ng.optimizers.NGOpt(parametrization=param, budget=MAX_ASKS * candidates, num_workers=1)


def json_key(values: dict) -> str:
    import json

    return json.dumps(values, sort_keys=True)


def held_out_seed(seed: int) -> int:
    """Games none of the candidates played: another root seed, derived from the study's."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % 2**64


def write_rules_file(raw: dict, result: Rebalance, path: str | Path) -> Path:
    """The study with the winner's rules, as an experiment file ``sim run``, ``sim compare`` and ``sim report``
    accept."""
    import yaml

    from sim.results import write_text

    body = with_rules(raw, result.overrides)
    body = {**body, "title": f"{raw.get('title') or raw['game']} (rebalanced)"}
    change = ", ".join(f"{k.label} {k.base} → {result.values[k.label]}" for k in result.knobs
                       if result.values[k.label] != k.base) or "none"  # fmt: skip
    head = (
        f"# sim rebalance: {change}; every faction within {result.target * 100:g} points of its fair share on "
        f"{result.holdout:,} held-out games: {'yes' if result.within else 'no'}\n"
    )
    return write_text(path, head + yaml.safe_dump(body, sort_keys=False, allow_unicode=True))


def format_rebalance(result: Rebalance) -> str:
    from sim.glossary import plain

    out = result.to_json()
    lines = [f"{result.title or result.game}: rebalance over {', '.join(k.label for k in result.knobs)} "
             f"({len(result.search)} candidates, {result.games_played:,} games played)"]  # fmt: skip
    if out["change_set"]:
        lines.append("  change set: " + ", ".join(f"{k} {v['from']:g} → {v['to']:g}" for k, v in
                                                  out["change_set"].items()))  # fmt: skip
    else:
        lines.append("  change set: none (no candidate was fairer than the shipped rules)")
    lines.append(f"  held-out games ({result.holdout:,} each side, paired):")
    for k, after in out["after"].items():
        b = out["before"][k]
        c = after["paired_change"]
        lines.append(f"    {plain(k):<22} {b['win_rate']:6.1%} [{b['ci95'][0]:.1%}, {b['ci95'][1]:.1%}] → "
                     f"{after['win_rate']:6.1%} [{after['ci95'][0]:.1%}, {after['ci95'][1]:.1%}]  "
                     f"change {c['diff']:+.1%} [{c['lo']:+.1%}, {c['hi']:+.1%}]")  # fmt: skip
    verdict = "yes" if result.within else "no"
    lines.append(
        f"  largest distance from a fair share: {out['unfairness_before']:.1%} → "
        f"{out['unfairness_after']:.1%}; every faction within {result.target * 100:g} points: {verdict}"
    )
    return "\n".join(lines)
