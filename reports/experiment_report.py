"""Designer reports for full-game experiments (``sim report EXPERIMENT.yaml``) and their paired comparisons
(``sim compare A.yaml B.yaml`` when A is an experiment), on the battle reports' page machinery.

The report shows each faction's win rate against its parity share (1 / players, averaged over the games the
faction played), how games end, how long they last, and the strategy × faction matrix where the game has one.
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import yaml

from reports import plots
from reports.build import file_question, render_html, render_markdown
from sim import __version__
from sim.compare import ExperimentCompare, parity, per_game_wins
from sim.results import write_csv, write_text

QUESTION = "Which factions win more or less often than their fair share, and how do games end?"
SOLO_QUESTION = "How often does the player win at each level, and how do games end?"


def is_experiment(raw: Any) -> bool:
    """A YAML mapping is a full-game experiment when it is no battle and its game runs experiments."""
    from sim.experiments import EXPERIMENT_MODULES

    return isinstance(raw, dict) and "attacker" not in raw and raw.get("game") in EXPERIMENT_MODULES


def _name(faction: str) -> str:
    words = str(faction).split("_")
    return " ".join(w if w in ("of", "the", "von", "de") and i else w.capitalize() for i, w in enumerate(words))


def players_text(raw: dict, rows=None) -> str:
    """'4-player' or '2–4-player', from the experiment (or the rows' player counts); 'solo' for Module 1."""
    if raw.get("mode") == "solo":
        return "solo"
    counts = raw.get("players")
    if rows is not None and "players" in rows.columns:
        counts = sorted(set(rows["players"].to_list()))
    if isinstance(counts, list | tuple) and counts:
        lo, hi = min(counts), max(counts)
        return f"{lo}-player" if lo == hi else f"{lo}–{hi}-player"
    return f"{counts}-player" if isinstance(counts, int) else "multi-player"


def win_rate_frame(result, raw: dict) -> pd.DataFrame:
    """faction, win_rate, ci95_lo, ci95_hi, parity, vs_parity_points, games: sorted by win rate, highest first."""
    m = result.metrics
    fair = parity(m, result.rows, raw.get("players"))
    if raw.get("mode") == "solo":  # the rows are one player's difficulty levels: there is no fair share
        fair = dict.fromkeys(fair, math.nan)
    wins = per_game_wins(m, result.rows)
    rows = []
    for f, p in m["win_rate"].items():
        lo, hi = m["win_rate_ci95"][f]
        games = (m.get("games_by_ruler") or m.get("games_by_difficulty") or {}).get(f)  # solo: by difficulty
        if games is None:
            games = int((~np.isnan(wins[f])).sum()) if f in wins else result.n
        rows.append({"faction": f, "win_rate": p, "ci95_lo": lo, "ci95_hi": hi, "parity": fair[f],
                     "vs_parity_points": 100 * (p - fair[f]), "games": games})  # fmt: skip
    return pd.DataFrame(rows).sort_values("win_rate", ascending=False, kind="stable").reset_index(drop=True)


def strategy_matrix(metrics: dict) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """(win rates, games) with strategies as rows and factions as columns, or None without a matrix."""
    matrix = metrics.get("strategy_matrix")
    if not isinstance(matrix, dict) or not matrix:
        return None
    factions = list(dict.fromkeys(f for cells in matrix.values() for f in cells))
    rates = pd.DataFrame(
        [[matrix[s].get(f, {}).get("win_rate", math.nan) for f in factions] for s in matrix],
        index=list(matrix), columns=factions, dtype=float,
    )  # fmt: skip
    games = pd.DataFrame([[matrix[s].get(f, {}).get("games", 0) for f in factions] for s in matrix],
                         index=list(matrix), columns=factions)  # fmt: skip
    return rates, games


def _parity_text(frame: pd.DataFrame, who: str) -> str:
    """The faction furthest from parity, the other extreme, and how many intervals exclude parity."""
    far = frame.loc[(frame["win_rate"] - frame["parity"]).abs().idxmax()]
    half = 100 * (far.ci95_hi - far.ci95_lo) / 2
    side = "above" if far.vs_parity_points >= 0 else "below"
    text = (f"{_name(far.faction)} wins {100 * far.win_rate:.1f}% ± {half:.1f}% of {who} games, "
            f"{abs(far.vs_parity_points):.1f} points {side} parity.")  # fmt: skip
    other, which = (frame.iloc[0], "highest") if frame.iloc[-1].faction == far.faction else (frame.iloc[-1], "lowest")
    if other.faction != far.faction:
        text += (f" The {which}, {_name(other.faction)}, wins {100 * other.win_rate:.1f}% "
                 f"({other.vs_parity_points:+.1f} points against parity).")  # fmt: skip
    clear = frame[(frame["ci95_lo"] > frame["parity"]) | (frame["ci95_hi"] < frame["parity"])]
    if len(clear):
        text += f" {len(clear)} of {len(frame)} factions' 95% intervals exclude parity."
    else:
        text += " Every faction's 95% interval includes parity: no imbalance is visible at this many games."
    return text


def experiment_summary(result, frame: pd.DataFrame, raw: dict) -> str:
    """One paragraph: the faction furthest from parity, the weakest, how games end and how long they last."""
    who = players_text(raw, result.rows)
    if frame["parity"].isna().all():  # solo: the player's win rate by level, no fair share
        levels = ", ".join(
            f"{100 * r.win_rate:.1f}% [{100 * r.ci95_lo:.1f}, {100 * r.ci95_hi:.1f}] at {_name(r.faction)}"
            for r in frame.itertuples()
        )
        text = f"In {who} games the player wins {levels} (95% intervals)."
    else:
        text = _parity_text(frame, who)
    types = result.metrics.get("win_type") or {}
    if types:
        top = max(types, key=types.get)
        text += f" {100 * types[top]:.0f}% of games end by {top.replace('_', ' ')}"
        length = _length(result)  # the rows' mean, as in the length plot, else the metric
        mean = result.metrics.get("mean_rounds")  # one definition: the mean of the rows' per-game rounds
        if mean is None and length is not None:
            mean = float(length[0].mean())
        text += f", after {mean:.1f} rounds on average." if mean is not None else "."
    return text + f" {result.n:,} games on seed {result.seed}."


def score_frame(metrics: dict) -> pd.DataFrame | None:
    """Mean VP by scoring category (columns, plus ``total``) per faction (rows, highest total first), from the
    metrics' ``score_by_ruler`` (solo: the player's, by difficulty); categories nobody scored in are left out.
    None when the game has no such split."""
    by = metrics.get("score_by_ruler") or metrics.get("player_score_by_category")
    if not isinstance(by, dict) or not by:
        return None
    frame = pd.DataFrame.from_dict(by, orient="index").fillna(0.0)
    cats = [c for c in frame.columns if c != "total" and frame[c].abs().sum() > 0]
    if "total" not in frame.columns:
        frame["total"] = frame[cats].sum(axis=1)
    frame = frame[[*cats, "total"]].sort_values("total", ascending=False, kind="stable")
    frame.index.name = "faction"
    return frame


def score_samples(rows, categories: list[str]) -> dict[str, np.ndarray] | None:
    """Each scoring category's VP over every player-game (the rows' ``seat{j}_{category}`` columns; empty seats,
    -1, left out), or None when the rows do not carry the split."""
    if rows is None or not categories or f"seat0_{categories[0]}" not in rows.columns:
        return None
    seats = sorted({int(c[4:].split("_", 1)[0]) for c in rows.columns if c.startswith("seat") and c[4:5].isdigit()})
    out = {}
    for cat in categories:
        parts = [rows[f"seat{j}_{cat}"].to_numpy() for j in seats if f"seat{j}_{cat}" in rows.columns]
        values = np.concatenate(parts) if parts else np.array([])
        out[cat] = values[values >= 0]
    return out


def _score_table(frame: pd.DataFrame) -> pd.DataFrame:
    """The page's table: categories as rows, factions as columns, mean VP to one decimal."""
    shown = frame.T.rename(columns=_name)
    shown = shown.map(lambda v: f"{v:.1f}")
    return shown.rename_axis("category").reset_index().assign(category=lambda f: f["category"].str.replace("_", " "))


def _length(result) -> tuple[np.ndarray, str] | None:
    rows = result.rows
    if rows is not None and "rounds" in rows.columns:
        return rows["rounds"].to_numpy().astype(float), "game length, rounds"
    return None


def config_hash(raw: dict) -> str:
    body = {k: v for k, v in raw.items() if k != "title"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:12]


def build_experiment_report(result, raw: dict, out: str | Path, source: str, question: str | None = None) -> list[Path]:
    """report.html (images embedded), report.md beside its PNGs, win_rates.csv (and strategy_matrix.csv)."""
    out = Path(out)
    title = result.title or raw.get("title") or f"{result.game} experiment"
    frame = win_rate_frame(result, raw)
    who = players_text(raw, result.rows)
    by = "level" if who == "solo" else "faction"
    summary = experiment_summary(result, frame, raw)
    figures = [(plots.win_rate_plot(frame.rename(columns={"ci95_lo": "lo", "ci95_hi": "hi"}), out / "win_rates.png",
                                    f"Win rate by {by}, {who} games ({result.n:,} games)"),
                "The player's win rate at each level with its 95% interval." if who == "solo" else
                "Each faction's win rate with its 95% interval; the dashed line is its parity share (1 / players); "
                "blue: at or above parity, orange: below.")]  # fmt: skip
    if who == "solo":  # one player's levels: no parity columns
        frame = frame.drop(columns=["parity", "vs_parity_points"]).rename(columns={"faction": "level"})
        question = question or SOLO_QUESTION
    written = [write_csv(out / "win_rates.csv", frame)]
    types = result.metrics.get("win_type") or {}
    if types:
        path = plots.share_plot(types, out / "win_types.png", "% of games", "How games end")
        figures.append((path, "How games end: the share of each win type."))
    length = _length(result)
    if length is not None:
        path = plots.length_plot(length[0], out / "game_length.png", length[1], "Game length")
        figures.append((path, "The distribution of game lengths, with its mean."))
    notes, extra_tables = [], []
    if length is None:
        notes.append("No per-game rows, so no game-length distribution.")
    scores = score_frame(result.metrics)
    if scores is not None:
        cats = [c for c in scores.columns if c != "total"]
        path = plots.score_category_plot(scores[cats].rename(index=_name), out / "score_by_category.png",
                                         f"Mean VP by scoring category, {who} games")  # fmt: skip
        figures.append((path, "Where each faction's VP come from: the mean VP per game in each scoring category, "
                              "stacked; the label is the mean total."))  # fmt: skip
        written.append(write_csv(out / "score_by_category.csv", scores.reset_index()))
        extra_tables.append(("Mean VP by scoring category", _score_table(scores)))
        by_strategy = score_frame({"score_by_ruler": result.metrics.get("score_by_strategy")})
        if by_strategy is not None:
            written.append(write_csv(out / "score_by_strategy.csv", by_strategy.rename_axis("strategy").reset_index()))
            extra_tables.append(("Mean VP by scoring category and strategy", _score_table(by_strategy)))
        samples = score_samples(result.rows, cats)
        if samples is not None:
            path = plots.score_distribution_plot(samples, out / "score_distribution.png",
                                                 "VP by scoring category, one player in one game")  # fmt: skip
            caption = ("The distribution of a player's VP in each scoring category over every player-game: "
                       "box = quartiles, whiskers = 5th–95th percentile, diamond = mean.")  # fmt: skip
            figures.append((path, caption))
        else:
            notes.append("No per-game score columns, so no score distribution by category.")
    matrix = strategy_matrix(result.metrics)
    if matrix is not None:
        rates, games = matrix
        path = plots.heatmap_plot(
            rates.rename(columns=_name), out / "strategy_matrix.png", "faction", "strategy",
            "Win rate by strategy × faction", label="win rate, %",
        )  # fmt: skip
        figures.append((path, f"Win rate of each strategy played by each faction, in % "
                              f"({int(games.min().min())}–{int(games.max().max())} games per cell)."))  # fmt: skip
        long = rates.stack().rename("win_rate").rename_axis(["strategy", "faction"]).reset_index()
        long["games"] = games.stack().to_numpy()
        written.append(write_csv(out / "strategy_matrix.csv", long))
    for heading, table in (result.metrics.get("report_tables") or {}).items():  # a game's own tables
        extra_tables.append((heading, pd.DataFrame(table)))
    run = {
        "game": result.game, "source": source, "seed": result.seed, "games": f"{result.n:,}",
        "run time": f"{result.seconds:.2f} s", "sim version": __version__, "config hash": config_hash(raw),
    }  # fmt: skip
    doc = {
        "title": title, "question": question or QUESTION, "summary": summary,
        "run": run, "table": frame, "tables": extra_tables, "provenance": None, "figures": figures, "notes": notes,
        "config": yaml.safe_dump(raw, sort_keys=False, allow_unicode=True),
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written + [path for path, _ in figures]


def report_experiment(path: str | Path, out: str | Path, games: int | None = None, seed: int | None = None,
                      workers: int = 1, sets: dict | None = None) -> list[Path]:  # fmt: skip
    """``sim report EXPERIMENT.yaml``: run the experiment keeping per-game rows, then write the report."""
    from sim.experiments import apply_sets, load_experiment, run_experiment

    raw = apply_sets(load_experiment(path), sets or {})
    result = run_experiment(raw, source=str(path), games=games, seed=seed, workers=workers, keep_rows=True)
    return build_experiment_report(result, raw, out, str(path), file_question(path))


def build_experiment_compare_report(result: ExperimentCompare, out: str | Path) -> list[Path]:
    """compare.csv, compare.png (paired against unpaired intervals per faction) and a report around them."""
    out = Path(out)
    table = result.table
    title = f"{result.a.game}: win rates from A to B (paired game by game)"
    shown = table.assign(metric=table["faction"] + "_win", exact_diff=None)
    png = plots.compare_plot(shown, out / "compare.png", title)
    written = [write_csv(out / "compare.csv", table), png]
    summary = f"A = {result.label_a}; B = {result.label_b}. "
    big = table.loc[table["diff"].abs().idxmax()] if len(table) else None
    if big is not None:
        summary += f"The largest change: {_name(big.faction)} goes from {100 * big.a:.1f}% to {100 * big.b:.1f}% "
        summary += f"({100 * big['diff']:+.1f} points"
        if big.paired_lo == big.paired_lo:
            summary += f", paired 95% interval {100 * big.paired_lo:+.1f} to {100 * big.paired_hi:+.1f}"
            summary += f", {big.tighter:.1f}× tighter than unpaired" if math.isfinite(big.tighter) else ""
        summary += "). "
    summary += f"Both ran {result.a.n:,} games on seed {result.a.seed}: game i of A and of B share their dice."
    run = {
        "game": result.a.game, "A": result.label_a, "B": result.label_b, "seed": result.a.seed,
        "games": f"{result.a.n:,} each", "run time": f"{result.a.seconds + result.b.seconds:.2f} s",
        "sim version": __version__,
    }  # fmt: skip
    doc = {
        "title": title, "question": "What changes from A to B, and is the difference real?", "summary": summary,
        "run": run, "table": table, "provenance": None, "notes": result.notes, "config": "",
        "figures": [(png, "B − A per faction with its 95% interval: paired (same games) and unpaired.")],
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written
