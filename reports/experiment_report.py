"""Designer reports for full-game experiments (``sim report EXPERIMENT.yaml``) and their paired comparisons
(``sim compare A.yaml B.yaml`` when A is an experiment), on the battle reports' page machinery.

The report shows each faction's win rate against its parity share (1 / players, averaged over the games the
faction played), how games end, how long they last, and the strategy × faction matrix where the game has one.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import yaml

from reports import plots
from reports.assumptions import study_assumptions
from reports.build import compare_table, question_of, render_html, render_markdown
from sim import __version__, echo, glossary
from sim.checkpoint import config_hash as checkpoint_hash
from sim.compare import ExperimentCompare, parity, per_game_wins
from sim.games import having
from sim.games import name as game_name
from sim.results import write_csv, write_text
from sim.schemas import RUN_ONLY_KEYS

QUESTION = "Which factions win more or less often than their fair share, and how do games end?"
SOLO_QUESTION = "How often does the player win at each level, and how do games end?"


def is_experiment(raw: Any) -> bool:
    """A YAML mapping is a full-game experiment when it is no battle and its game runs experiments."""
    return isinstance(raw, dict) and "attacker" not in raw and raw.get("game") in having("experiment")


def _name(faction: str) -> str:
    return glossary.plain(faction)


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
    text = (f"{_name(far.faction)} wins {100 * far.win_rate:.1f}% ± {half:.1f}% of its {who} games, "
            f"{abs(far.vs_parity_points):.1f} pts {side} its fair share of {100 * far.parity:.1f}%.")  # fmt: skip
    other, which = (frame.iloc[0], "highest") if frame.iloc[-1].faction == far.faction else (frame.iloc[-1], "lowest")
    if other.faction != far.faction:
        text += (f" The {which}, {_name(other.faction)}, wins {100 * other.win_rate:.1f}% "
                 f"({glossary.pts(other.vs_parity_points)} against its fair share).")  # fmt: skip
    clear = frame[(frame["ci95_lo"] > frame["parity"]) | (frame["ci95_hi"] < frame["parity"])]
    if len(clear):
        text += f" {len(clear)} of {len(frame)} factions' 95% intervals exclude their fair share."
    else:
        text += " Every faction's 95% interval includes its fair share: no imbalance is visible at this many games."
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
        text += f" {100 * types[top]:.0f}% of games end by {glossary.plain(top)}"
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


# --- Battles: ``metrics["battles"]`` of any game (``sim.games.principes.battle_stats`` documents the schema) -------


def _pct_or_dash(p) -> str:
    return "–" if p is None else f"{100 * p:.1f}%"


def battle_tables(metrics: dict) -> list[tuple[str, pd.DataFrame]]:
    """The Battles section: per battle kind the battles per game, the attacker's win rate with its 95% interval and
    the units each side lost per game; then the share of each Battle Die face (games that roll one). [] when the
    game reports no battles."""
    b = metrics.get("battles")
    if not b:
        return []
    ci = b.get("attacker_win_rate_ci95") or {}
    kinds = pd.DataFrame(
        {
            "kind": b["kinds"],
            "battles per game": [f"{b['per_game'][k]:.2f}" for k in b["kinds"]],
            "attacker wins": [_pct_or_dash(b["attacker_win_rate"][k]) for k in b["kinds"]],
            "95% interval": [
                "–" if ci.get(k) is None else f"[{100 * ci[k][0]:.1f}%, {100 * ci[k][1]:.1f}%]" for k in b["kinds"]
            ],
            "attacker units lost per game": [f"{b['units_lost_per_game']['attacker'][k]:.2f}" for k in b["kinds"]],
            "defender units lost per game": [f"{b['units_lost_per_game']['defender'][k]:.2f}" for k in b["kinds"]],
        }
    )
    if "die_faces" not in b:  # a game without a Battle Die (Hussars)
        return [("Battles by kind", kinds)]
    faces = pd.DataFrame(
        {"face": list(b["die_faces"]), "share of rolls": [_pct_or_dash(v) for v in b["die_faces"].values()]}
    )
    return [("Battles by kind", kinds), (f"Battle Die faces rolled ({b['dice_per_game']:.1f} rolls per game)", faces)]


def config_hash(raw: dict) -> str:
    """The fingerprint ``sim run --save`` records in its manifest: the game and the experiment keys."""
    body = {k: v for k, v in raw.items() if k not in RUN_ONLY_KEYS}
    return checkpoint_hash({"game": raw["game"], "experiment": body})


def verdict(result, frame: pd.DataFrame, raw: dict) -> tuple[str, list[str]]:
    """The balance verdict in one sentence, and the caveats it rests on."""
    who = players_text(raw, result.rows)
    caveats = ["The seats are played by scripted plans (strategies/), not by strong players: the win rates measure "
               "these plans as much as the game."]  # fmt: skip
    if "parity" not in frame.columns or frame["parity"].isna().all():
        best = frame.iloc[0]
        sentence = (f"The player wins at most {100 * best.win_rate:.1f}% (at {_name(best.iloc[0])}); the levels "
                    "order as the table shows.")  # fmt: skip
    else:
        clear = frame[(frame["ci95_lo"] > frame["parity"]) | (frame["ci95_hi"] < frame["parity"])]
        top, bottom = frame.iloc[0], frame.iloc[-1]
        if len(clear):
            sentence = (f"Not balanced under these plans: {_name(top.faction)} wins {100 * top.win_rate:.1f}% "
                        f"({glossary.pts(top.vs_parity_points)} against its fair share) and {_name(bottom.faction)} "
                        f"{100 * bottom.win_rate:.1f}% ({glossary.pts(bottom.vs_parity_points)}); {len(clear)} of "
                        f"{len(frame)} factions are clear of parity at 95%.")  # fmt: skip
        else:
            half = 100 * float(((frame["ci95_hi"] - frame["ci95_lo"]) / 2).max())
            sentence = (f"No imbalance visible at {result.n:,} games: every faction's 95% interval includes its fair "
                        f"share; a gap under ±{half:.1f} pts would not show.")  # fmt: skip
    if result.metrics.get("shared_win"):
        caveats.append(f"Tied winners each count a win ({100 * result.metrics['shared_win']:.1f}% of games were "
                       "shared), so the win rates add up to more than 100%.")  # fmt: skip
    if "–" in who:
        caveats.append(f"Games mix player counts ({who}): each faction's fair share is 1 / players averaged over the "
                       "games it played.")  # fmt: skip
    caveats.append("The board and much game data are assumed (the rulebook does not print them): see Assumed values.")
    return sentence, caveats


def _column_name(metric: str) -> str:
    return {"parity": "fair share", "vs_parity": "vs fair share"}.get(metric, glossary.plain(metric).lower())


def display_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The win-rate table for the page: plain names, percentages, the gap to parity in pts."""
    out = pd.DataFrame({
        frame.columns[0]: frame[frame.columns[0]].map(_name),
        "win rate": frame["win_rate"].map(lambda v: f"{100 * v:.1f}%"),
        "95% interval": [f"[{100 * a:.1f}%, {100 * b:.1f}%]" for a, b in zip(frame["ci95_lo"], frame["ci95_hi"],
                                                                            strict=True)],
    })  # fmt: skip
    if "parity" in frame.columns:
        out["fair share"] = frame["parity"].map(lambda v: f"{100 * v:.1f}%")
        out["vs fair share"] = frame["vs_parity_points"].map(glossary.pts)
    out["games"] = frame["games"].map(lambda v: f"{int(v):,}")
    return out


def _per_cell(games: pd.DataFrame) -> str:
    lo, hi = int(games.min().min()), int(games.max().max())
    return f"{lo:,} games per cell" if lo == hi else f"{lo:,}–{hi:,} games per cell"


def _config_as_run(result, raw: dict) -> dict:
    config = {**raw, "games": result.n, "seed": result.seed}
    if result.extra.get("engine"):
        config["engine"] = f"{result.extra['engine']}" + (f" (asked: {raw['engine']})" if raw.get("engine") else
                                                          " (auto)")  # fmt: skip
    return config


def build_experiment_report(result, raw: dict, out: str | Path, source: str, question: str | None = None) -> list[Path]:
    """report.html (images embedded), report.md beside its PNGs, win_rates.csv (and strategy_matrix.csv)."""
    out = Path(out)
    title = result.title or raw.get("title") or f"{game_name(result.game)} study"
    frame = win_rate_frame(result, raw)
    who = players_text(raw, result.rows)
    by = "level" if who == "solo" else "faction"
    summary = experiment_summary(result, frame, raw)
    figures = [(plots.win_rate_plot(frame.rename(columns={"ci95_lo": "lo", "ci95_hi": "hi"}), out / "win_rates.png",
                                    f"Win rate by {by}, {who} games ({result.n:,} games)"),
                "The player's win rate at each level with its 95% interval." if who == "solo" else
                "Each faction's win rate with its 95% interval; the dashed line is its fair share (1 / players); "
                "blue: at or above it, orange: below.")]  # fmt: skip
    if who == "solo":  # one player's levels: no parity columns
        frame = frame.drop(columns=["parity", "vs_parity_points"]).rename(columns={"faction": "level"})
        question = question or SOLO_QUESTION
    written = [write_csv(out / "win_rates.csv", frame)]
    types = result.metrics.get("win_type") or {}
    if types:
        path = plots.share_plot({glossary.plain(k): v for k, v in types.items()}, out / "win_types.png",
                                "% of games", "How games end")  # fmt: skip
        figures.append((path, "How games end: the share of each win type."))
    length = _length(result)
    if length is not None:
        path = plots.length_plot(length[0], out / "game_length.png", length[1], "Game length")
        figures.append((path, "The distribution of game lengths, with its mean."))
    notes, extra_tables = list(result.extra.get("notes") or []), []
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
        if {"titles", "title_claims"} <= set(cats):  # nearly equal columns that look like a double count
            notes.append("titles and title claims are two rulebook scorings of the same cards: "
                         + glossary.GLOSSARY["title_claims"] + " " + glossary.GLOSSARY["titles"])
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
    for name, table in battle_tables(result.metrics):  # the Battles section
        extra_tables.append((name, table))
        written.append(write_csv(out / ("battles.csv" if name.startswith("Battles") else "battle_die.csv"), table))
    matrix = strategy_matrix(result.metrics)
    if matrix is not None:
        rates, games = matrix
        path = plots.heatmap_plot(
            rates.rename(columns=_name, index=_name), out / "strategy_matrix.png", "faction", "strategy",
            "Win rate by strategy × faction", label="win rate, %",
        )  # fmt: skip
        figures.append((path, f"Win rate of each strategy played by each faction, in % ({_per_cell(games)})."))
        long = rates.stack().rename("win_rate").rename_axis(["strategy", "faction"]).reset_index()
        long["games"] = games.stack().to_numpy()
        written.append(write_csv(out / "strategy_matrix.csv", long))
    for heading, table in (result.metrics.get("report_tables") or {}).items():  # a game's own tables
        extra_tables.append((heading, pd.DataFrame(table)))
    from sim.output import strategy_rates

    strategies = strategy_rates(result.metrics)
    if strategies:
        extra_tables.insert(0, ("Win rate by strategy", pd.DataFrame(
            [{"strategy": _name(s), "win rate": f"{100 * p:.1f}%",
              "95% interval": f"[{100 * lo:.1f}%, {100 * hi:.1f}%]" if lo == lo else "", "seats": f"{n:,}"}
             for s, (p, lo, hi, n) in sorted(strategies.items(), key=lambda kv: -kv[1][0])])))  # fmt: skip
    engine = result.extra.get("engine")
    run = {
        "games": f"{result.n:,}", "seed": result.seed,
        "engine": echo.STUDY_ENGINES.get(engine, engine or "not recorded"),
        "sim version": result.extra.get("sim_version") or __version__,
        "config hash": config_hash(raw), "run time": f"{result.seconds:.2f} s", "source": source,
    }  # fmt: skip
    fields = echo.study_fields(result.extra.get("experiment"))
    sentence, caveats = verdict(result, frame, raw)
    overrides = raw.get("rules") if isinstance(raw.get("rules"), dict) else None
    doc = {
        "title": title, "question": question or question_of(raw, QUESTION), "summary": summary,
        "verdict": sentence, "caveats": caveats,
        "setup": [(k.replace("_", " "), echo.plain_value(v)) for k, v in fields.items()],
        "run": run, "table": display_frame(frame),
        "legend": glossary.legend(["win_rate"] if who == "solo" else ["win_rate", "parity", "vs_parity"], _column_name),
        "tables": extra_tables, "provenance": None, "figures": figures, "notes": notes,
        "assumptions": study_assumptions(result.game, fields, overrides, solo=who == "solo"),
        "config": yaml.safe_dump(_config_as_run(result, raw), sort_keys=False, allow_unicode=True),
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written + [path for path, _ in figures]


def report_experiment(path: str | Path, out: str | Path, games: int | None = None, seed: int | None = None,
                      workers: int = 1, sets: dict | None = None, echo=None) -> list[Path]:  # fmt: skip
    """``sim report EXPERIMENT.yaml``: run the experiment keeping per-game rows, then write the report
    (``echo``, when given, receives the study as understood, before the files are written)."""
    from sim.echo import study_line
    from sim.experiments import apply_sets, load_experiment, run_experiment

    raw = apply_sets(load_experiment(path), sets or {})
    result = run_experiment(raw, source=str(path), games=games, seed=seed, workers=workers, keep_rows=True)
    if echo is not None:
        echo(study_line(result))
    return build_experiment_report(result, raw, out, str(path))


def from_directory(path: str | Path):
    """(result, raw) of a ``sim run --save DIR`` folder: result.json, games.parquet and manifest.json, each checked
    (``sim.saved.open_run``) before anything is built from them."""
    from sim.experiments import ExperimentResult, experiment_module
    from sim.saved import open_run, read_table

    path = Path(path)
    saved = open_run(path, "run", having("experiment"))
    data = saved.result
    body = saved.config.get("experiment") or {}
    raw = {"game": data["game"], "title": data.get("title") or "", **body}
    if data.get("question"):
        raw["question"] = data["question"]
    meta = {"game", "games", "seed", "sim_version", "title", "question", "engine", "seconds"}
    metrics = {k: v for k, v in data.items() if k not in meta}
    rows = read_table(path / "games.parquet") if (path / "games.parquet").exists() else None
    where = str(path / "manifest.json")
    parsed = experiment_module(data["game"], where).experiment_from_dict(dict(body), where) if body else None
    result = ExperimentResult(data["game"], data.get("title") or "", metrics, int(data["games"]), int(data["seed"]),
                              float(data.get("seconds", 0.0)), rows,
                              {"engine": data.get("engine"), "experiment": parsed,
                               "sim_version": data.get("sim_version"),
                               "notes": [f"Read from the results directory {path} (sim run --save), not rerun."]})
    return result, raw


def is_experiment_directory(path: str | Path) -> bool:
    from sim.saved import is_saved

    return is_saved(path, "run")


def build_experiment_compare_report(result: ExperimentCompare, out: str | Path) -> list[Path]:
    """compare.csv, compare.png (paired against unpaired intervals per faction) and a report around them."""
    out = Path(out)
    table = result.table
    title = f"{game_name(result.a.game)}: win rates from A to B (paired game by game)"
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
        "run": run, "table": compare_table(table.rename(columns={}), "faction", _name, 1, 100.0),
        "legend": ["A, B, B − A and the intervals are win rates in %; paired: from per-game differences (game i of A "
                   "and of B share their dice), unpaired: as if the runs were independent."],
        "provenance": None, "notes": result.notes, "config": "",
        "figures": [(png, "B − A per faction with its 95% interval: paired (same games) and unpaired.")],
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(doc)))
    written.append(write_text(out / "report.md", render_markdown(doc)))
    return written
