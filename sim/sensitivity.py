"""Which rules values a study's verdict depends on (``sim sensitivity``).

Every number the study reads (assumed values; rulebook ones too with ``include_rulebook``) is a factor with three
settings: one notch down, as shipped, one notch up (a whole number: the next value; a real: ±20%). A setting the
game's loader refuses is left at the shipped value, and a factor with neither side valid is reported as not
perturbable here. SALib's Morris method screens all factors on the same games (one seed: common random numbers),
then the top factors are confirmed one at a time: each side against the shipped rules, paired game by game.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from sim.compare import paired_ci, parity, per_game_wins
from sim.errors import ConfigError

NOTCH = 0.2  # a real value's perturbation: ±20%
LEVELS = 4  # Morris grid levels 0, 1/3, 2/3, 1 → down, shipped, shipped, up; a move of 2/3 is one notch
DELTA = LEVELS / (2 * (LEVELS - 1))


@dataclass(frozen=True)
class Factor:
    """One number of the rules: ``label`` names it (``rulers.tomislav.settle_costs[1]``); ``override`` is the
    ``rules:`` key that sets it, ``whole`` that key's shipped value and ``where`` the number's place inside it (a
    list's index, a mapping's key); ``low``/``base``/``high`` the number one notch down, shipped and up."""

    label: str
    override: str
    source: str
    whole: object
    where: tuple
    base: float
    low: float
    high: float

    def value(self, notch: int) -> float:
        return self.low if notch < 0 else self.high if notch > 0 else self.base

    def setting(self, notch: int) -> dict:
        """The override for notch -1 (down), 0 (shipped) or +1 (up) of this number alone."""
        return settings([(self, notch)])

    @property
    def shown(self) -> str:
        """The label with the id of each list item on the way (``common_technology[2]`` is card ``C005``)."""
        node, ids = self.whole, []
        for part in self.where:
            node = node[part]
            if isinstance(part, int) and isinstance(node, dict) and isinstance(node.get("id"), str):
                ids.append(node["id"])
        return f"{self.label} ({', '.join(ids)})" if ids else self.label

    def value_in(self, overrides: dict) -> float:
        """The number as ``overrides`` set it (shipped when they leave it alone)."""
        node = overrides.get(self.override, self.whole)
        for part in self.where:
            node = node[part]
        return node


def settings(choices) -> dict:
    """The rules overrides for several (factor, notch) at once: numbers inside one list or mapping share its key."""
    out: dict = {}
    for f, notch in choices:
        value = f.value(notch)
        if value != f.base:
            out[f.override] = replaced(out.get(f.override, f.whole), f.where, value)
    return out


def numbers(value, path: str = ""):
    """(suffix, path tuple, number) of every number inside a rules value (flags are not numbers)."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float)):
        yield path, (), value
    elif isinstance(value, dict):
        for k, v in value.items():
            for suffix, where, x in numbers(v, f"{path}.{k}"):
                yield suffix, (k, *where), x
    elif isinstance(value, list):
        for i, v in enumerate(value):
            for suffix, where, x in numbers(v, f"{path}[{i}]"):
                yield suffix, (i, *where), x


def replaced(value, where: tuple, new):
    """``value`` (a number, list or mapping) with the number at ``where`` set to ``new``, as a new value."""
    if not where:
        return new
    out = copy.deepcopy(value)
    node = out
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = new
    return out


def neighbours(x) -> tuple:
    """One notch down and up: the next whole number, or ±20% of a real."""
    if isinstance(x, int):
        return x - 1, x + 1
    return x * (1 - NOTCH), x * (1 + NOTCH)


def study_body(raw: dict, field_raw: dict | None = None, source: str = "--field") -> dict:
    """The study's experiment, its players (seats, strategies) replaced by the field's when one is named."""
    if field_raw is None:
        return raw
    if field_raw.get("game") != raw.get("game"):
        raise ConfigError(source, "game", f"the study's game ({raw.get('game')})", field_raw.get("game"))
    out = {k: v for k, v in raw.items() if k not in ("seats", "strategies")}
    return {**out, **{k: field_raw[k] for k in ("seats", "strategies") if k in field_raw}}


def with_rules(raw: dict, overrides: dict) -> dict:
    return {**raw, "rules": {**(raw.get("rules") or {}), **overrides}} if overrides else raw


def accepts(raw: dict, overrides: dict, source: str) -> bool:
    """Whether the game's loader takes the study with these rules overrides (its consistency checks included)."""
    from sim.balance.mix import first_plans
    from sim.experiments import RUN_KEYS, experiment_module

    body = {k: v for k, v in first_plans(with_rules(raw, overrides), source).items() if k not in RUN_KEYS}
    try:
        if raw["game"] == "dark_ages":  # its rules check alone: a third of the whole experiment's
            from sim.games.dark_ages.study import check_rules

            check_rules(body, source, bool(body.get("skirmishers")))
        else:
            experiment_module(raw["game"], source).experiment_from_dict(body, source)
    except ConfigError:
        return False
    return True


def read_files(raw: dict) -> dict[str, bool]:
    """Which rules files the study reads (reports.assumptions knows it per game)."""
    from reports.assumptions import _study_files

    return _study_files(raw["game"], raw)


def rules_numbers(raw: dict):
    """(label, override key, provenance, place, number, file stem, read) of every number in the game's rules files,
    with the study's own ``rules:`` applied; ``read`` says whether the study reads that file."""
    from sim.config import load_ruleset

    ruleset = load_ruleset(raw["game"], raw.get("rules") or None)
    files = read_files(raw)
    for stem, loaded in ruleset.files.items():
        for p in loaded.provenance:
            key = ruleset.override_key(stem, p.key)
            for suffix, where, x in numbers(p.value):
                yield key + suffix, key, p, where, x, stem, files.get(stem, True)


def factors(raw: dict, source: str, include_rulebook: bool = False, only: str | None = None):
    """(factors, not perturbable labels) of every number the study reads; ``only`` keeps labels starting so."""
    out, stuck = [], []
    for label, key, p, where, x, _stem, read in rules_numbers(raw):
        if not read or (p.source == "rulebook" and not include_rulebook) or (only and not label.startswith(only)):
            continue
        low, high = neighbours(x)
        ok_low = low != x and accepts(raw, {key: replaced(p.value, where, low)}, source)
        ok_high = high != x and accepts(raw, {key: replaced(p.value, where, high)}, source)
        if not ok_low and not ok_high:
            stuck.append(label)
            continue
        low, high = (low if ok_low else x), (high if ok_high else x)
        out.append(Factor(label, key, p.source, p.value, where, x, low, high))
    return out, stuck


# --- playing a point: its per-game wins, checkpointed ----------------------------------------------------------


@dataclass
class Record:
    """One point's outcome: each faction's win rate and, per game, 1/0 (NaN where it did not play)."""

    win_rate: dict[str, float]
    wins: dict[str, np.ndarray] = field(default_factory=dict)
    fair: dict[str, float] = field(default_factory=dict)  # each faction's fair share of wins

    def distances(self) -> list[float]:
        """Each faction's distance of its win rate from its fair share."""
        return [abs(p - self.fair.get(k, 1 / len(self.win_rate))) for k, p in self.win_rate.items()]

    def unfairness(self) -> float:
        """The largest distance of any faction's win rate from its fair share."""
        return max(self.distances())


class PointStore:
    """Each point's record in its own file, named by the hash of everything that decides it, written atomically:
    a rerun with the same directory plays only the points it lacks."""

    def __init__(self, directory: str | Path | None):
        self.directory = Path(directory) / "points" if directory is not None else None
        self.memory: dict[str, Record] = {}

    def get(self, key: str) -> Record | None:
        if key in self.memory:
            return self.memory[key]
        if self.directory is not None and (self.directory / f"{key}.npz").exists():
            with np.load(self.directory / f"{key}.npz") as data:
                names = [str(n) for n in data["factions"]]
                rec = Record(
                    dict(zip(names, map(float, data["win_rate"]), strict=True)),
                    {n: data["wins"][i] for i, n in enumerate(names) if not np.isnan(data["wins"][i]).all()},
                    dict(zip(names, map(float, data["fair"]), strict=True)),
                )
            self.memory[key] = rec
            return rec
        return None

    def put(self, key: str, rec: Record, games: int) -> None:
        from sim.results import atomic_write

        self.memory[key] = rec
        if self.directory is None:
            return
        names = list(rec.win_rate)
        wins = np.stack([rec.wins.get(n, np.full(games, np.nan)) for n in names])

        def write(tmp: str) -> None:
            with open(tmp, "wb") as f:
                np.savez(f, factions=np.array(names), win_rate=np.array([rec.win_rate[n] for n in names]), wins=wins,
                         fair=np.array([rec.fair.get(n, np.nan) for n in names]))  # fmt: skip

        atomic_write(self.directory / f"{key}.npz", write)


def mixed_wins(metrics: dict, rows) -> dict[str, np.ndarray]:
    """Per-game wins of a field of mixed plans (``won_<faction>``: 1, 0, or -1 where it did not sit), each kept only
    where its mean reproduces the faction's win rate."""
    out = {}
    for name, rate in metrics.get("win_rate", {}).items():
        if rows is None or f"won_{name}" not in rows.columns:
            continue
        won = rows[f"won_{name}"].to_numpy().astype(float)
        won[won < 0] = np.nan
        if not np.isnan(won).all() and math.isclose(float(np.nanmean(won)), rate, rel_tol=1e-9, abs_tol=1e-9):
            out[name] = won
    return out


def point_key(raw: dict, overrides: dict, games: int, seed: int) -> str:
    text = json.dumps({"raw": with_rules(raw, overrides), "games": games, "seed": seed}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


class Player:
    """Plays the study with rules overrides on ``games`` games of ``seed`` (every point the same games)."""

    def __init__(self, raw: dict, source: str, games: int, seed: int, workers: int, store: PointStore):
        self.raw, self.source, self.games, self.seed = raw, source, games, seed
        self.workers, self.store = workers, store
        self.played = 0

    def __call__(self, overrides: dict, games: int | None = None, seed: int | None = None) -> Record:
        from sim.experiments import run_experiment

        games, seed = games or self.games, self.seed if seed is None else seed
        key = point_key(self.raw, overrides, games, seed)
        rec = self.store.get(key)
        if rec is None:
            result = run_experiment(with_rules(self.raw, overrides), source=self.source, games=games, seed=seed,
                                    workers=self.workers, keep_rows=True)  # fmt: skip
            fair = parity(result.metrics, result.rows, self.raw.get("players"))
            wins = per_game_wins(result.metrics, result.rows) or mixed_wins(result.metrics, result.rows)
            rec = Record(dict(result.metrics["win_rate"]), wins, fair)
            self.store.put(key, rec, games)
            self.played += games
        return rec


# --- the screen and the confirmation -------------------------------------------------------------------------


def gap(win_rate: dict[str, float]) -> float:
    """The distance between the strongest and the weakest faction's win rate."""
    return max(win_rate.values()) - min(win_rate.values())


def morris_screen(facs: list[Factor], play, trajectories: int, seed: int) -> tuple[list[dict], int]:
    """Morris elementary effects of each factor on each faction's win rate and on the gap, per notch; the factors
    ranked by the largest mean absolute effect on any faction (mu*), and how many points the loader refused in
    part (see ``play_what_loads``)."""
    from SALib.analyze import morris as analyze
    from SALib.sample import morris as sample

    problem = {"num_vars": len(facs), "names": [f.label for f in facs], "bounds": [[0.0, 1.0]] * len(facs)}
    x = sample.sample(problem, trajectories, num_levels=LEVELS, seed=seed % 2**32)
    notches = np.where(x < 0.25, -1, np.where(x > 0.75, 1, 0))
    recs = []
    refused = 0
    for row in notches:
        rec, dropped = play_what_loads(play, settings(zip(facs, map(int, row), strict=True)))
        recs.append(rec)
        refused += bool(dropped)
    factions = list(recs[0].win_rate)
    outputs = {name: np.array([r.win_rate[name] for r in recs]) for name in factions}
    outputs["gap"] = np.array([gap(r.win_rate) for r in recs])
    mu = {}
    for name, y in outputs.items():
        res = analyze.analyze(problem, x, y, num_levels=LEVELS, seed=seed % 2**32, print_to_console=False)
        mu[name] = np.asarray(res["mu_star"]) * DELTA  # per notch, in win-rate points
    ranked = []
    for i, f in enumerate(facs):
        per = {name: float(mu[name][i]) for name in factions}
        ranked.append({"factor": f, "mu_star": max(per.values()), "mu_star_gap": float(mu["gap"][i]), "per": per})
    ranked.sort(key=lambda r: (-r["mu_star"], -r["mu_star_gap"], r["factor"].label))
    return ranked, refused


def play_what_loads(play, overrides: dict) -> tuple[Record, list[str]]:
    """Play ``overrides``; where the loader refuses a combination (two numbers of one list that each moved within
    the rules, e.g. settle costs [2, 1, 2]), that value stays as shipped at this point. Returns what was dropped."""
    overrides, dropped = dict(overrides), []
    while True:
        try:
            return play(overrides), dropped
        except ConfigError as exc:
            where = "." + exc.key.replace("[", ".[") + "."  # the error may name the key with its file's stem
            culprit = [k for k in overrides if "." + k.replace("[", ".[") + "." in where]
            if not culprit:
                raise
            dropped.append(culprit[0])
            del overrides[culprit[0]]


def paired_change(base: Record, point: Record) -> dict[str, dict]:
    """Each faction's win-rate change point − base with its paired 95% interval (game i of both shares dice)."""
    out = {}
    for name, p in point.win_rate.items():
        lo = hi = math.nan
        if name in base.wins and name in point.wins:
            mask = ~np.isnan(base.wins[name])
            if (mask == ~np.isnan(point.wins[name])).all():
                lo, hi = paired_ci(base.wins[name][mask], point.wins[name][mask])
        out[name] = {"diff": p - base.win_rate[name], "lo": lo, "hi": hi}
    return out


def confirm(f: Factor, play, base: Record) -> dict:
    """Both sides of one factor against the shipped rules, paired."""
    sides = {}
    for name, notch, value in (("down", -1, f.low), ("up", 1, f.high)):
        setting = f.setting(notch)
        if not setting:
            continue
        rec = play(setting)
        sides[name] = {"value": value, "win_rate": rec.win_rate, "change": paired_change(base, rec),
                       "gap_move": gap(rec.win_rate) - gap(base.win_rate)}  # fmt: skip
    return sides


@dataclass
class Sensitivity:
    game: str
    title: str
    games: int
    seed: int
    base: Record
    ranked: list[dict]  # the screen, best first
    confirmed: list[dict]  # {factor, sides} for the top values
    stuck: list[str]
    games_played: int
    refused: int = 0  # screen points where the loader refused a combination, so one value stayed as shipped
    points: int = 0  # screen points in all

    def answer(self) -> str:
        """The one-sentence answer: the confirmed values, largest change of any faction's win rate first."""
        if not self.confirmed:
            return "No value of the study could be perturbed."
        shown = sorted(self.confirmed, key=lambda c: -abs(largest_change(c)[2]))
        top = [f"{c['factor'].label} ({_pts(largest_change(c)[2])} points for {_plain(largest_change(c)[0])})"
               for c in shown[:3]]  # fmt: skip
        return "The verdict depends most on " + ", then ".join(top) + "."

    def to_json(self) -> dict:
        def fac(f: Factor) -> dict:
            return {"key": f.label, "override": f.override, "source": f.source, "value": f.base,
                    "range": [f.low, f.high]}  # fmt: skip

        return {
            "game": self.game, "title": self.title, "games": self.games, "seed": self.seed,
            "games_played": self.games_played, "base": self.base.win_rate, "answer": self.answer(),
            "screen": [{**fac(r["factor"]), "mu_star": r["mu_star"], "mu_star_gap": r["mu_star_gap"],
                        "per_faction": r["per"]} for r in self.ranked],
            "confirmed": [{**fac(c["factor"]), "largest_change": dict(zip(("faction", "side", "change", "lo", "hi"),
                                                                          largest_change(c), strict=True)),
                           "largest_gap_move": largest_move(c), "sides": c["sides"]} for c in self.confirmed],
            "not_perturbable": self.stuck, "screen_points": self.points, "screen_points_refused_in_part": self.refused,
        }  # fmt: skip


def largest_change(c: dict) -> tuple[str, str, float, float, float]:
    """(faction, side, change, lo, hi) of the largest change of any faction's win rate over both sides."""
    found = ("", "", 0.0, math.nan, math.nan)
    for side, s in c["sides"].items():
        for name, v in s["change"].items():
            if abs(v["diff"]) > abs(found[2]):
                found = (name, side, v["diff"], v["lo"], v["hi"])
    return found


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}" if x == x else "n/a"


def _plain(name: str) -> str:
    from sim.glossary import plain

    return plain(name) if name else "none"


def largest_move(c: dict) -> float:
    moves = [s["gap_move"] for s in c["sides"].values()]
    return max(moves, key=abs) if moves else 0.0


def check_count(value, name: str, least: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(name, "", f"a whole number ≥ {least}", value)
    return value


def sensitivity(
    raw: dict,
    *,
    source: str = "study",
    field_raw: dict | None = None,
    include_rulebook: bool = False,
    only: str | None = None,
    games: int = 500,
    trajectories: int = 4,
    top: int = 5,
    confirm_games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    save: str | Path | None = None,
    play_factory=None,
) -> Sensitivity:
    """Screen every number the study reads, then confirm the ``top`` ones (see the module docstring).
    ``play_factory(raw, games, seed)`` may replace the game (tests pass a synthetic one)."""
    from sim.experiments import DEFAULT_SEED

    check_count(games, "--games")
    check_count(trajectories, "--trajectories", 2)
    check_count(top, "--top", 0)
    confirm_games = check_count(confirm_games if confirm_games is not None else 4 * games, "--confirm-games")
    raw = study_body(raw, field_raw)
    seed = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    facs, stuck = factors(raw, source, include_rulebook, only)
    if not facs:
        raise ConfigError(source, only or "", "a study that reads at least one perturbable number", "none")
    store = PointStore(save)
    make = play_factory or (lambda r, g, s: Player(r, source, g, s, workers, store))
    screen_play = make(raw, games, seed)
    ranked, refused = morris_screen(facs, screen_play, trajectories, seed)
    confirm_play = make(raw, confirm_games, seed)
    base = confirm_play({})
    confirmed = [{"factor": r["factor"], "sides": confirm(r["factor"], confirm_play, base)} for r in ranked[:top]]
    played = getattr(screen_play, "played", 0) + getattr(confirm_play, "played", 0)
    result = Sensitivity(raw["game"], raw.get("title", ""), confirm_games, seed, base, ranked, confirmed, stuck, played,
                         refused, len(ranked) and (len(facs) + 1) * trajectories)  # fmt: skip
    if save is not None:
        from sim.results import write_json

        write_json(Path(save) / "sensitivity.json", result.to_json())
        tornado(result, Path(save) / "tornado.png")
    return result


def tornado(result: Sensitivity, path: str | Path) -> Path:
    """Each confirmed value's move of the gap between strongest and weakest, one notch down and up."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sim.results import atomic_write

    rows = sorted(result.confirmed, key=lambda c: abs(largest_move(c)))
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(rows) + 1.5))
    for i, c in enumerate(rows):
        for side, colour, shift in (("down", "tab:blue", -0.2), ("up", "tab:red", 0.2)):  # side by side: both show
            if side in c["sides"]:
                ax.barh(i + shift, 100 * c["sides"][side]["gap_move"], height=0.4, color=colour, label=side)
    ax.set_yticks(range(len(rows)), [c["factor"].shown for c in rows], fontsize=8)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("change of the gap between strongest and weakest (points)")
    ax.set_title(f"{result.title or result.game}\nsensitivity, {result.games:,} games a side", fontsize=9)
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))  # one entry a side
    if unique:
        ax.legend(list(unique.values()), list(unique), fontsize=8)
    fig.tight_layout()
    out = atomic_write(path, lambda tmp: fig.savefig(tmp, format="png", dpi=110))
    plt.close(fig)
    return out


def format_sensitivity(result: Sensitivity) -> str:
    """The ranked table (largest change of a faction's win rate first), each side's changes, the screen's next
    values, the values the loader would not let move, and the one-sentence answer; changes in points."""
    lines = [
        f"{result.title or result.game}: sensitivity of the verdict, {result.games:,} games a side, seed "
        f"{result.seed} ({result.games_played:,} games played)",
        "  shipped: "
        + ", ".join(f"{_plain(k)} {v:.1%}" for k, v in sorted(result.base.win_rate.items(), key=lambda kv: -kv[1])),
        f"  {'value [source]':<48} {'range':<14} {'largest change of a win rate (95%), pts':<46} gap move",
    ]
    for c in sorted(result.confirmed, key=lambda c: -abs(largest_change(c)[2])):
        f = c["factor"]
        name, side, diff, lo, hi = largest_change(c)
        span = f"{f.low:g}..{f.base:g}..{f.high:g}"
        change = f"{_plain(name)} {_pts(diff)} [{_pts(lo)}, {_pts(hi)}] ({side})"
        lines.append(f"  {f.shown + ' [' + f.source + ']':<48} {span:<14} {change:<46} {_pts(largest_move(c))}")
        for side, s in c["sides"].items():
            moved = sorted(s["change"].items(), key=lambda kv: -abs(kv[1]["diff"]))
            parts = [f"{_plain(k)} {_pts(v['diff'])} [{_pts(v['lo'])}, {_pts(v['hi'])}]" for k, v in moved]
            lines.append(f"      {side} to {s['value']:g}: " + "; ".join(parts))
    if len(result.ranked) > len(result.confirmed):
        rest = result.ranked[len(result.confirmed) :][:10]
        lines.append("  next in the screen (Morris mu*, pts a notch): "
                     + ", ".join(f"{r['factor'].label} {100 * r['mu_star']:.1f}" for r in rest))  # fmt: skip
    if result.refused:
        lines.append(f"  {result.refused} of {result.points} screen points combined values the loader refuses (e.g. "
                     "settle costs that fall); there the refused value stayed as shipped")  # fmt: skip
    if result.stuck:
        lines.append(f"  not perturbable here ({len(result.stuck)}: the rules' loader refuses both neighbours): "
                     + ", ".join(result.stuck[:8]) + (" …" if len(result.stuck) > 8 else ""))  # fmt: skip
    lines.append(result.answer())
    return "\n".join(lines)
