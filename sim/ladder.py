"""``sim ladder``: the rollout searcher at doubling budgets in one seat against an experiment's field, and how much
it gains over the seat's own plan, for every game with a searcher (its ``Game.ladder``: ``sim.games.principes.ladder``,
``sim.games.dark_ages.ladder``; the experiment's ``game:`` picks one). This module holds what they share: the
result's shape (``Ladder`` of ``Rung``), a budget's numbers from its per-game wins (``rung``), the profiles of mixed
seats and their shares of the games, and the command.

Mixed seats (an equilibrium file of ``sim balance``: ``seats: {faction: {mix: {plan: weight}}}``): each profile of
plans the mixtures can draw (one plan per faction, its probability the product of the weights) plays its share of
the games (largest remainder), from a seed of its own. The games of all profiles are then one sample: with
proportional shares its mean is the mixture's win rate.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import asdict, dataclass, field

import click
import numpy as np

from sim.balance.mix import has_mixture, is_mix, parse_mix
from sim.balance.store import derive_seed
from sim.cli_types import SEED
from sim.compare import paired_ci
from sim.config import MAX_DIGITS
from sim.errors import ConfigError
from sim.experiments import load_experiment
from sim.games import GAMES, having
from sim.results import dumps
from sim.runner import run
from sim.search.settings import SEES_HIDDEN
from sim.stats import wilson

DEFAULT_GAMES = 200


@dataclass
class Rung:
    rollouts: int
    games: int
    win_rate: float
    win_ci95: tuple[float, float]
    gain: float  # win rate minus the plan's on the same games
    gain_ci95: tuple[float, float]
    games_per_s: float
    decisions: int  # searched decisions
    changed: int  # of which the searcher changed the policy's choice
    changes: list[dict] = field(default_factory=list)  # most frequent: {from, to, count}
    tactics: list[dict] = field(default_factory=list)  # Principes with --tactics, each chosen: {tactic, count}
    reactions: dict = field(default_factory=dict)  # Dark Ages with --tactics: {decisions, changed, changes}
    actions: dict = field(default_factory=dict)  # Principes with --actions: {decisions, changed, changes}


@dataclass
class Ladder:
    seat: str
    plan: str
    games: int
    seed: int
    plan_win_rate: float
    plan_win_ci95: tuple[float, float]
    rungs: list[Rung]
    determinize: bool = True  # the searcher resamples what it cannot see (else: the cheating upper bound)
    tactics: bool = False  # the searcher also weighs the Round's tactics (Principes), its reactions (Dark Ages)
    actions: bool = False  # the searcher also weighs the choices inside its Movement and Politics (Principes)
    allocation: str | None = None  # None: each budget is playouts per candidate (rollouts); else per decision, so spent

    def to_json(self) -> dict:
        return asdict(self)


def rung(rollouts: int, won: np.ndarray, plan_won: np.ndarray, seconds: float, decisions: int, changed: int,
         changes: list[dict], tactics: list[dict] | None = None, reactions: dict | None = None,
         actions: dict | None = None) -> Rung:  # fmt: skip
    """A budget's numbers from the searcher's and the plan's per-game wins on the same games (paired)."""
    games = len(won)
    return Rung(rollouts=rollouts, games=games, win_rate=float(won.mean()), win_ci95=wilson(won.sum(), games),
                gain=float((won - plan_won).mean()), gain_ci95=paired_ci(plan_won, won),
                games_per_s=games / seconds if seconds > 0 else float("inf"), decisions=int(decisions),
                changed=int(changed), changes=changes, tactics=tactics or [], reactions=reactions or {},
                actions=actions or {})  # fmt: skip


def budget_settings(n: int, allocation: str | None) -> dict:
    """A rung's searcher settings for its budget ``n``: ``rollouts`` (per candidate), or with an ``allocation``
    (``sim.search``) ``budget`` per decision spent by it."""
    return {"rollouts": n} if allocation is None else {"budget": n, "allocation": allocation}


def format_ladder(result: Ladder, change_text) -> str:
    """The ladder as a plain-text table, then each budget's most frequent changes (``change_text``: the game's words
    for one) and, with tactics, the tactics chosen."""
    pct = lambda x: f"{100 * x:5.1f}"  # noqa: E731
    lines = [
        f"Rollout searcher in {result.seat} (policy {result.plan}), {result.games:,} games, seed {result.seed}, "
        + ("determinized" if result.determinize else SEES_HIDDEN)
        + (", with tactics" if result.tactics else "")
        + (", searching inside Movement and Politics" if result.actions else "")
        + (f", budget per decision by {result.allocation} allocation" if result.allocation else ""),
        f"  plan alone: win {pct(result.plan_win_rate)}% [{pct(result.plan_win_ci95[0])}, "
        f"{pct(result.plan_win_ci95[1])}]",
        f"  {'rollouts':>8}  {'win %':>6}  {'95% CI':>15}  {'gain (points)':>14}  {'95% CI':>15}  {'games/s':>8}  "
        f"{'changed':>11}",
    ]
    for r in result.rungs:
        lines.append(
            f"  {r.rollouts:>8}  {pct(r.win_rate):>6}  [{pct(r.win_ci95[0])}, {pct(r.win_ci95[1])}]  "
            f"{100 * r.gain:>+14.1f}  [{100 * r.gain_ci95[0]:+5.1f}, {100 * r.gain_ci95[1]:+5.1f}]  "
            f"{r.games_per_s:>8.1f}  {r.changed:>5}/{r.decisions:<5}"
        )
    for r in result.rungs:
        if r.changes:
            said = ", ".join(f"{change_text(c)} ({c['count']})" for c in r.changes)
            lines.append(f"  {r.rollouts} rollouts, most frequent changes: {said}")
        if r.tactics:
            said = ", ".join(f"{t['tactic']} ({t['count']})" for t in r.tactics)
            lines.append(f"  {r.rollouts} rollouts, tactics chosen: {said}")
        if r.reactions:
            said = "".join(f", {change_text(c)} ({c['count']})" for c in r.reactions["changes"])
            lines.append(f"  {r.rollouts} rollouts, reactions changed: {r.reactions['changed']} of "
                         f"{r.reactions['decisions']}{said}")  # fmt: skip
        if r.actions:
            said = "".join(f", {c['action']} {c['change']} ({c['count']})" for c in r.actions["changes"])
            lines.append(f"  {r.rollouts} rollouts, Movement and Politics choices changed: {r.actions['changed']} of "
                         f"{r.actions['decisions']}{said}")  # fmt: skip
    if not result.determinize:  # the cheating upper bound: every line it touches says so
        lines = [line if SEES_HIDDEN in line else f"{line}  ({SEES_HIDDEN})" for line in lines]
    return "\n".join(lines)


def profiles(raw: dict, source: str) -> list[tuple[object, float]]:
    """Each profile of plans the experiment's seats can draw, with its probability (one profile, 1.0, without
    mixtures)."""
    seats = raw.get("seats")
    if not has_mixture(raw):
        return [(seats, 1.0)]
    if not isinstance(seats, dict):
        raise ConfigError(source, "seats", "mixtures per faction (seats: {faction: {mix: ...}}) for the ladder",
                          "a list")  # fmt: skip
    options = [[(f, p, w) for p, w in parse_mix(v, source, f"seats.{f}")] if is_mix(v) else [(f, v, 1.0)]
               for f, v in seats.items()]  # fmt: skip
    return [({f: p for f, p, _ in combo}, math.prod(w for *_, w in combo)) for combo in itertools.product(*options)]


def shares(games: int, weights: list[float]) -> list[int]:
    """``games`` split in proportion to ``weights`` (largest remainder; ties to the earlier profile)."""
    exact = [games * w / sum(weights) for w in weights]
    out = [math.floor(x) for x in exact]
    for k in sorted(range(len(exact)), key=lambda k: (out[k] - exact[k], k))[: games - sum(out)]:
        out[k] += 1
    return out


def chunk_size(games: int, workers: int, most: int) -> int:
    """Searched games per chunk: at most ``most``, and few enough that every worker gets one (a mixture's profile may
    play only a few dozen games)."""
    return max(1, min(most, -(-games // max(1, workers))))


def budgets(text: str, flag: str = "--rollouts") -> list[int]:
    """``4,16,64`` → [4, 16, 64]; a one-line error naming ``flag`` for anything but whole numbers ≥ 0."""
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isascii() and p.isdigit() and len(p) <= MAX_DIGITS for p in parts):
        raise ConfigError(flag, "", "a comma list of whole numbers ≥ 0 (4,16,64)", text)
    return [int(p) for p in parts]


def run_ladder(L, raw: dict, seat: str, budgets: list[int], *, games: int = DEFAULT_GAMES, seed: int | None = None,
               workers: int = 1, progress: bool = False, source: str = "arguments", determinize: bool = True,
               allocation: str | None = None, **options) -> Ladder:  # fmt: skip
    """The searcher at each of ``budgets`` in ``seat`` against the experiment ``raw``'s field, for the game whose
    ladder module is ``L`` (``options``: its own, such as ``tactics``). ``L`` provides ``check(raw, source)``,
    ``experiment(raw, seats, source)``, ``check_seat(base, seat, source)``, ``field(base)`` ({seat: plan mapping}),
    ``seat_key(experiment, seat)``, ``ladder_chunk`` (the runner's kernel on (experiment, seat key)), ``CHUNK``,
    ``search_options(options)`` (the searcher's own parameters) and ``rung_parts(stats, options)`` (a rung's
    decisions, changed, changes, tactics, reactions or actions from its summed search statistics)."""
    L.check(raw, source)
    seed = raw.get("seed", 1) if seed is None else seed
    found = profiles(raw, source)
    parts = [_ladder_profile(L, raw, seats, seat, budgets, n, seed if len(found) == 1 else
                             derive_seed(seed, "profile", k), workers, progress, source, determinize, allocation,
                             options)
             for k, ((seats, _), n) in enumerate(zip(found, shares(games, [w for _, w in found]), strict=True))
             if n]  # fmt: skip
    plans = Counter()  # the seat's own plan -> its games
    for label, won, _ in parts:
        plans[label] += len(won)
    label = ", ".join(f"{k} {n / games:.2f}" for k, n in plans.items()) if len(plans) > 1 else next(iter(plans))
    plan_won = np.concatenate([p[1] for p in parts])
    rungs = []
    for r, n in enumerate(budgets):
        won = np.concatenate([p[2][r][0] for p in parts])
        stats = sum(p[2][r][1] for p in parts)
        seconds = sum(p[2][r][2] for p in parts)
        rungs.append(rung(n, won, plan_won, seconds, **L.rung_parts(stats, options)))
    return Ladder(seat, label, games, int(seed), float(plan_won.mean()), wilson(plan_won.sum(), games), rungs,
                  determinize, bool(options.get("tactics")), bool(options.get("actions")), allocation)  # fmt: skip


def _ladder_profile(L, raw, seats, seat, budgets, games, seed, workers, progress, source, determinize, allocation,
                    options):  # fmt: skip
    """One profile's games: (the seat's plan label, its per-game wins, [(searcher's wins, search statistics,
    seconds) per budget])."""
    base = L.experiment(raw, seats, source)
    L.check_seat(base, seat, source)
    if base.engine != "fast":
        raise ConfigError(source, "engine", "an experiment the compiled engine plays (the searcher's playouts)",
                          base.engine)  # fmt: skip
    field = L.field(base)
    policy = field[seat]
    if policy["uses"] == "rollout":
        raise ConfigError(source, f"seats.{seat}", "a plan for the ladder to search with", "rollout")

    def play(experiment):
        out = run(L.ladder_chunk, (experiment, L.seat_key(experiment, seat)), games, seed, workers, keep_trials=True,
                  progress=progress, chunk=chunk_size(games, workers, L.CHUNK), unit="game")  # fmt: skip
        return out, out.trials["won"].astype(float)

    _, plan_won = play(base)
    rungs = []
    for n in budgets:
        settings = {**budget_settings(n, allocation), "policy": policy, "determinize": determinize,
                    **L.search_options(options)}  # fmt: skip
        searcher = {"name": f"{policy['name']}+rollout{n}", "uses": "rollout", "params": settings}
        out, won = play(L.experiment(raw, {**field, seat: searcher}, source))
        rungs.append((won, out.counts["stats"], out.seconds))
    return policy["name"], plan_won, rungs


def game_module(raw: dict, source: str):
    """The ladder module of the experiment's ``game:``."""
    game = raw.get("game")
    if game not in having("ladder"):
        raise ConfigError(source, "game", f"one of {', '.join(having('ladder'))} (the games with a rollout searcher)",
                          game)  # fmt: skip
    return GAMES[game].load("ladder")


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", required=True, metavar="SEAT", help="The faction (Principes) or Ruler (Dark Ages) searched.")
@click.option("--rollouts", default="4,16,64", show_default=True, help="Playouts per candidate, each budget.")
@click.option("--budget", "per_decision", default=None, help="Playouts per decision instead, each budget (4,16,64), "
              "spent by --allocation.")  # fmt: skip
@click.option("--allocation", type=click.Choice(["halving", "uniform"]), default="halving", show_default=True,
              help="How --budget is spent over the candidates (sequential halving, or evenly).")
@click.option("--games", type=int, default=None, help="Games at each budget (default 200).")
@click.option("--seed", type=SEED, help="Root seed (default: the experiment's).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes.")
@click.option("--determinize/--sees-hidden", default=True, show_default=True,
              help="Resample what the searcher cannot see before each playout (the default), or let its playouts "
              "see the hidden cards (the cheating upper bound).")  # fmt: skip
@click.option("--tactics", is_flag=True, help="Also weigh how the Round is carried out (Principes) or the reactions "
              "(Dark Ages).")  # fmt: skip
@click.option("--actions", is_flag=True, help="Also weigh the choices inside the searcher's Movement and Politics "
              "actions one by one (Principes).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--progress/--no-progress", default=True, help="Show a progress bar with the time left.")
def ladder(file, seat, rollouts, per_decision, allocation, games, seed, workers, determinize, tactics, actions, as_json,
           progress):  # fmt: skip
    """The rollout searcher at each budget in one seat against the experiment's field: win rate, paired gain over
    the seat's own plan, games/s, and the choices it changes most often."""
    steps = budgets(rollouts) if per_decision is None else budgets(per_decision, "--budget")
    if games is not None and (isinstance(games, bool) or games < 2):
        raise ConfigError("--games", "", "a number of games ≥ 2", games)
    raw = load_experiment(file)
    L = game_module(raw, file)
    if actions and raw.get("game") != "principes":
        raise ConfigError("--actions", "", "a Principes experiment (the Movement and Politics choices)",
                          raw.get("game"))  # fmt: skip
    options = {k: v for k, v in (("tactics", tactics), ("actions", actions)) if v}
    if per_decision is not None:
        options["allocation"] = allocation
    result = L.ladder(raw, seat, steps, games=games or DEFAULT_GAMES, seed=seed, workers=workers, progress=progress,
                      source=file, determinize=determinize, **options)  # fmt: skip
    click.echo(dumps(result.to_json()) if as_json else format_ladder(result, L.change_text))


commands = [ladder]
