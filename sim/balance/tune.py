"""``sim tune``: search one seat's plan against the field an experiment defines, then check it on held-out games.

1. **Base plan**: ``--plan`` or, by default, the seat's own plan when it has a search space; when the seat rotates
   or mixes plans, the best of its plans and the game's built-in plans on a short screening (part of the budget).
2. **Search**: an optimizer over the base plan's ``search:`` space (``OPTIMIZERS``; TPE by default, see the README),
   starting from the base plan's own point. Every candidate plays the same games (common random numbers: the
   same dice, the same opponents' plans), so candidates differ only by their plan.
3. **Race**: the best candidates and the base plan replay fresh games; the best of the race wins (picking the best
   of many noisy scores overrates it, so the race decides on games the search did not use).
4. **Held-out check**: the winner and the baseline (the base plan, or a given mixture) play games neither the
   search nor the race saw, game by game on the same dice; the gain has a paired 95% interval (``sim.compare``).

``--budget`` counts the games of steps 1-3; step 4 plays ``--holdout`` games for each side. Each evaluated
candidate is checkpointed (``--save DIR``); ``--resume`` reads them back and asks the optimizer the same questions,
so the result equals an uninterrupted run's.
"""

from __future__ import annotations

import json
import math
import time
import warnings
from dataclasses import dataclass, field

import numpy as np
from tqdm import tqdm

from sim.balance.evaluate import RUN_KEYS, field_payload, objective_count, objective_rows, run_field
from sim.balance.games import Plan, adapter
from sim.balance.mix import Field, Seat
from sim.balance.space import Int, Real, Space
from sim.balance.store import RunStore, derive_seed
from sim.errors import ConfigError, SimError

DEFAULT_BUDGET = 60_000
DEFAULT_HOLDOUT = 20_000
DEFAULT_CANDIDATES = 40
RACE_SHARE, RACE_SIZE = 0.25, 4  # budget share of the race, candidates raced besides the base plan
SCREEN_SHARE = 0.15  # budget share of the screening of base plans (only when the seat has no single plan)
MIN_GAMES = 20  # games per candidate below which a budget is refused
CANDIDATE = "@candidate"


# --- optimizers: ask for a point, tell its score (higher is better) -------------------------------------------


class _Start:
    """The optimizer's first point is the plan's own (``start``); the rest are its own choices."""

    first = None

    def start(self, point: dict) -> None:
        self.first = point

    def _first(self):
        point, self.first = self.first, None
        return point


class TPE:
    """optuna's Tree-structured Parzen Estimator (multivariate), seeded."""

    def __init__(self, space: Space, seed: int, budget: int):
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # multivariate TPE is flagged experimental
            sampler = optuna.samplers.TPESampler(seed=seed % 2**32, multivariate=True,
                                                 n_startup_trials=max(5, budget // 5))  # fmt: skip
        self.study = optuna.create_study(direction="maximize", sampler=sampler)
        self.coords = space.coords()

    def start(self, point: dict) -> None:
        self.study.enqueue_trial(point)

    def ask(self):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            trial = self.study.ask()
            point = {}
            for name, c in self.coords.items():
                if isinstance(c, Int):
                    point[name] = trial.suggest_int(name, c.lo, c.hi)
                elif isinstance(c, Real):
                    point[name] = trial.suggest_float(name, c.lo, c.hi, log=c.log)
                else:
                    point[name] = trial.suggest_categorical(name, list(range(c.n)))
        return trial, point

    def tell(self, handle, value: float) -> None:
        self.study.tell(handle, value)


class NGOpt(_Start):
    """nevergrad's NGOpt (its own choice of algorithm for the space and budget), seeded."""

    def __init__(self, space: Space, seed: int, budget: int):
        import nevergrad as ng

        parts = {}
        for name, c in space.coords().items():
            if isinstance(c, Int):
                parts[name] = ng.p.Scalar(lower=c.lo, upper=c.hi).set_integer_casting()
            elif isinstance(c, Real):
                parts[name] = (ng.p.Log if c.log else ng.p.Scalar)(lower=c.lo, upper=c.hi)
            else:
                parts[name] = ng.p.Choice(list(range(c.n)))
        param = ng.p.Dict(**parts)
        param.random_state = np.random.RandomState(seed % 2**32)
        self.opt = ng.optimizers.NGOpt(parametrization=param, budget=budget, num_workers=1)

    def ask(self):
        if self.first is not None:
            cand = self.opt.parametrization.spawn_child(new_value=self._first())
            return cand, dict(cand.value)
        cand = self.opt.ask()
        return cand, dict(cand.value)

    def tell(self, handle, value: float) -> None:
        self.opt.tell(handle, -value)


class RandomSearch(_Start):
    """Uniform random points: the yardstick the optimizers are measured against."""

    def __init__(self, space: Space, seed: int, budget: int):
        self.rng = np.random.default_rng(seed)
        self.coords = space.coords()

    def ask(self):
        if self.first is not None:
            return None, self._first()
        point = {}
        for name, c in self.coords.items():
            if isinstance(c, Int):
                point[name] = int(self.rng.integers(c.lo, c.hi + 1))
            elif isinstance(c, Real):
                lo, hi = (math.log(c.lo), math.log(c.hi)) if c.log else (c.lo, c.hi)
                v = float(self.rng.uniform(lo, hi))
                point[name] = math.exp(v) if c.log else v
            else:
                point[name] = int(self.rng.integers(c.n))
        return None, point

    def tell(self, handle, value: float) -> None:
        pass


OPTIMIZERS = {"tpe": TPE, "ngopt": NGOpt, "random": RandomSearch}


def optimize(space: Space, score, candidates: int, optimizer: str = "tpe", seed: int = 0, start: dict | None = None):
    """Ask ``optimizer`` for ``candidates`` points of ``space`` (the first: ``start``'s), scoring each ``params``
    with ``score`` (higher is better); returns [(score, params)] in the order asked."""
    opt = OPTIMIZERS[optimizer](space, seed, candidates)
    if start is not None:
        opt.start(space.encode(start))
    out = []
    for _ in range(candidates):
        handle, point = opt.ask()
        params = space.decode(point)
        value = score(params)
        opt.tell(handle, value)
        out.append((value, params))
    return out


# --- the tuning run -----------------------------------------------------------------------------------------


@dataclass
class TuneResult:
    game: str
    seat: str
    objective: str
    base: str  # the base plan's label
    baseline: dict  # the baseline seat: {label: weight}
    plan: Plan  # the tuned plan
    searched: dict  # its searched parameters
    baseline_win_rate: float
    tuned_win_rate: float
    gain: float
    gain_ci95: tuple[float, float]
    holdout_games: int
    budget: int
    seconds: float
    seed: int
    candidates: list = field(default_factory=list)  # {phase, index, params, score, games}

    def to_json(self) -> dict:
        return {
            "game": self.game, "seat": self.seat, "objective": self.objective, "base_plan": self.base,
            "baseline": self.baseline, "tuned_plan": self.plan.label, "params": self.searched,
            "baseline_win_rate": self.baseline_win_rate, "tuned_win_rate": self.tuned_win_rate,
            "gain": self.gain, "gain_ci95": list(self.gain_ci95), "holdout_games": self.holdout_games,
            "budget": self.budget, "seed": self.seed, "candidates": len(self.candidates),
            "seconds": round(self.seconds, 3),
        }  # fmt: skip


def check_objective(objective: str, a, source: str = "--objective") -> str:
    """``objective``, when the game of adapter ``a`` has it: win, a win type, or (a scored game) score."""
    scored = getattr(a, "scored", False)
    if objective not in ("win", *a.win_types, *(("score",) if scored else ())):
        expected = f"win or a win type ({', '.join(a.win_types)})" + (" or score" if scored else "")
        raise ConfigError(source, "", expected, objective)
    return objective


def check_budget(value, name: str, least: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(name, "", f"a number of games ≥ {least}", value)
    return value


def tune(
    raw: dict,
    seat: str,
    *,
    plan=None,
    budget: int = DEFAULT_BUDGET,
    seed: int | None = None,
    objective: str = "win",
    holdout: int = DEFAULT_HOLDOUT,
    candidates: int = DEFAULT_CANDIDATES,
    optimizer: str = "ngopt",
    label: str | None = None,
    against: tuple[Field, dict[str, Plan]] | None = None,
    baseline: Seat | None = None,
    workers: int = 1,
    progress: bool = False,
    save=None,
    resume: bool = False,
    source: str = "arguments",
) -> TuneResult:
    """Tune the plan of ``seat`` in the experiment ``raw`` (or against the field ``against``, e.g. the other
    factions' equilibrium mixtures) and check it against ``baseline`` (default: the base plan) on held-out games."""
    from sim.compare import paired_ci
    from sim.experiments import DEFAULT_SEED

    started = time.perf_counter()
    game = raw.get("game")
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    a = adapter(game, source, body)
    fld, plans = against if against is not None else a.field(body, source)
    plans = dict(plans)
    if seat not in fld.factions:
        raise ConfigError("--seat", "", f"a faction of the experiment ({', '.join(fld.factions)})", seat)
    check_objective(objective, a)
    check_budget(budget, "--budget")
    check_budget(holdout, "--holdout")
    check_budget(candidates, "--candidates", 2)
    if optimizer not in OPTIMIZERS:
        raise ConfigError("--optimizer", "", " | ".join(OPTIMIZERS), optimizer)
    root = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    if isinstance(root, bool) or not isinstance(root, int) or root < 0:
        raise ConfigError("--seed", "", "a whole number ≥ 0", root)
    j = fld.factions.index(seat)
    label = label or f"tuned-{seat}"
    base_given = a.plan(plan, "--plan") if plan is not None else None
    if base_given is not None and base_given.space is None:
        raise ConfigError("--plan", "search", "a plan with a search: block (its own or its uses: plan's)", plan)
    screen = 0 if base_given is not None or _own_plan(fld, plans, seat) is not None else int(budget * SCREEN_SHARE)
    race = int(budget * RACE_SHARE)
    per = (budget - screen - race) // candidates
    if per < MIN_GAMES:
        need = math.ceil(MIN_GAMES * candidates / (1 - RACE_SHARE - (SCREEN_SHARE if screen else 0)))
        raise ConfigError("--budget", "", f"at least {need:,} games for {candidates} candidates", budget)
    manifest = {"game": game, "experiment": body, "seat": seat, "plan": plan, "budget": budget, "seed": root,
                "objective": objective, "holdout": holdout, "candidates": candidates, "optimizer": optimizer,
                "against": _describe(against), "baseline": _seat_json(baseline), "label": label}  # fmt: skip
    store = RunStore(save, manifest, resume, "tune")
    bar = tqdm(total=budget + 2 * holdout, unit="game", unit_scale=True, delay=2.0, disable=not progress, leave=False)
    records: list = []

    def score(cand: Plan, games: int, phase: str, index: int) -> float:
        name = f"{phase}-{index:04d}"
        saved = store.get(name)
        searched = {k: cand.params[k] for k in (cand.space.names if cand.space else ())}
        searched = {k: v for k, v in searched.items() if k in relevant}
        if saved is not None:
            if saved["params"] != _jsonable(searched) or saved["plan"] != cand.label:
                raise SimError(f"{save}: refusing to resume: step {name} was saved for other parameters")
            hits, n = saved["hits"], saved["games"]
        else:
            p = {**plans, CANDIDATE: cand}
            payload = field_payload(game, body, fld.with_seat(seat, Seat((CANDIDATE,), (1.0,))), p)
            out = run_field(payload, games, derive_seed(root, "tune", seat, phase), workers=workers)
            hits, n = objective_count(out.counts, j, objective, a.win_types)
            store.put(name, {"plan": cand.label, "params": _jsonable(searched), "hits": hits, "games": n})
        bar.update(games)
        records.append({"phase": phase, "index": index, "plan": cand.label, "params": searched,
                        "score": hits / n, "games": n})  # fmt: skip
        return hits / n

    relevant: set = set()
    try:
        base = base_given or _own_plan(fld, plans, seat)
        if base is None:  # the seat rotates or mixes: screen its plans and the built-in ones
            options = _screen_options(a, fld, plans, seat)
            each = max(MIN_GAMES, screen // len(options))
            scores = [score(o, each, "screen", k) for k, o in enumerate(options)]
            base = options[int(np.argmax(scores))]
        space = a.relevant(base.space, body)
        relevant |= set(space.names)
        if not space.dims:
            raise ConfigError(base.source, "search", "a parameter this experiment's game reads", "none")
        count = iter(range(candidates))
        found = optimize(space, lambda params: score(a.derive(base, label, params), per, "search", next(count)),
                         candidates, optimizer, derive_seed(root, "optimizer", seat), base.params)  # fmt: skip
        top = _distinct_best([(v, k, a.derive(base, label, p)) for k, (v, p) in enumerate(found)], RACE_SIZE)
        field_race = [a.derive(base, label, {n: base.params[n] for n in space.names}), *top]
        race_games = max(MIN_GAMES, race // len(field_race))
        raced = [(score(c, race_games, "race", k), -k, c) for k, c in enumerate(field_race)]
        best = max(raced, key=lambda t: (t[0], t[1]))[2]
        # held-out check: tuned against the baseline on the same dice, game by game
        base_seat = baseline or Seat((base.label,), (1.0,))
        tuned_rows = _holdout(store, "holdout-tuned", game, body, fld, {**plans, CANDIDATE: best},
                              seat, Seat((CANDIDATE,), (1.0,)), holdout, root, workers, objective, a, bar)  # fmt: skip
        base_plans = {**plans, **({base.label: base} if baseline is None else {})}
        base_rows = _holdout(store, "holdout-baseline", game, body, fld, base_plans, seat, base_seat, holdout, root,
                             workers, objective, a, bar)  # fmt: skip
    finally:
        bar.close()
    mask = ~np.isnan(tuned_rows) & ~np.isnan(base_rows)
    t, b = tuned_rows[mask], base_rows[mask]
    if not len(t):
        raise SimError(f"{seat} played none of the {holdout:,} held-out games")
    lo, hi = paired_ci(b, t)
    searched = {n: best.params[n] for n in space.names}
    return TuneResult(
        game, seat, objective, base.label, dict(zip(base_seat.labels, base_seat.weights, strict=True)), best,
        searched, float(b.mean()), float(t.mean()), float((t - b).mean()), (lo, hi), int(mask.sum()), budget,
        time.perf_counter() - started, root, records,
    )  # fmt: skip


def _holdout(store, name, game, body, fld, plans, seat, seat_plan, games, root, workers, objective, a, bar):
    saved = store.get(name)
    if saved is not None:
        bar.update(games)
        return np.array([math.nan if v is None else v for v in saved["rows"]])
    payload = field_payload(game, body, fld.with_seat(seat, seat_plan), plans)
    out = run_field(payload, games, derive_seed(root, "tune", seat, "holdout"), workers=workers, keep_rows=True)
    rows = objective_rows(out.trials, seat, objective, a.win_types)
    store.put(name, {"rows": [None if math.isnan(v) else v for v in rows.tolist()]})
    bar.update(games)
    return rows


def _own_plan(fld: Field, plans: dict, seat: str) -> Plan | None:
    """The seat's one plan, when it plays a single plan in every game and that plan has a search space."""
    s = fld.seat_of(seat)
    if s is None or not s.fixed:
        return None
    plan = plans[s.labels[0]]
    return plan if plan.space is not None else None


def _screen_options(a, fld: Field, plans: dict, seat: str) -> list[Plan]:
    s = fld.seat_of(seat)
    labels = list(s.labels) if s is not None else list(fld.labels)
    options = {lab: plans[lab] for lab in labels if plans[lab].space is not None}
    for name in a.builtin:
        p = a.plan(name, "built-in plans")
        options.setdefault(p.label, p)
    return list(options.values())


def _distinct_best(found, size):
    out, seen = [], set()
    for _, _, cand in sorted(found, key=lambda t: (-t[0], t[1])):
        key = repr(sorted(cand.params.items()))
        if key not in seen:
            seen.add(key)
            out.append(cand)
        if len(out) == size:
            break
    return out


def _jsonable(value):
    return json.loads(json.dumps(value))


def _seat_json(seat: Seat | None):
    return None if seat is None else dict(zip(seat.labels, seat.weights, strict=True))


def _describe(against):
    if against is None:
        return None
    fld, plans = against
    return {"field": repr(fld), "plans": {k: [p.spec, p.params] for k, p in sorted(plans.items())}}
