"""`make demo`: one page, ``index.html``, that a co-designer can open cold. For each game it gives the battle odds,
the balance verdict in one sentence with its plot and how far to trust it, the module effects, and links to a
handful of reports (``DEMO``: the study, verdict and module-effects study of each game, its ``Game.demo``).

The three engines are compiled first, each in a process of its own, so a cold machine compiles them in parallel.
"""

from __future__ import annotations

import base64
import html
import json
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd

from reports.build import HEATMAP_TRIALS, build_report, from_scenario, heatmap_cells
from reports.experiment_report import build_experiment_report
from reports.page import CSS
from reports.plots import win_probability_plot
from reports.tables import battle_odds_table
from sim import numba_cache, studies
from sim import progress as bars
from sim.balance.report import balance_report, fair_share, searcher_gains
from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR
from sim.experiments import load_experiment, run_experiment
from sim.games import GAMES, having
from sim.games import name as game_name
from sim.results import write_csv, write_text
from sim.verdict.ladder import top_rung_holds

DEMO = {g.id: g.demo for g in GAMES.values() if g.demo}  # each game's part: its Game.demo (sim.games)
EFFECT_GAMES = 2_000


def run_demo(out: Path, trials: int, games_scale: float = 1.0, progress: bool = False) -> list[Path]:
    """Battles with ``trials`` trials each; full games with ``games_scale`` times each study's games (the verdicts'
    replays always play every shipped game). One progress bar covers the whole demo."""
    started = time.perf_counter()
    compile_engines(list(DEMO))
    scenarios = [p for game in having("battle") for p in sorted((CONFIG_DIR / game / "battles").glob("*.yaml"))]
    total = trials * (len(scenarios) + 2 * len(having("battle")))  # each study adds its games when it starts
    with bars.task(total, "trial", "demo", progress) as bar:
        written, sections, odds = _run_demo(out, trials, games_scale, bar)
    written.append(write_index(out, sections, odds, time.perf_counter() - started))
    return written


def _scaled(games: int, scale: float) -> int:
    return max(8, round(games * scale))


def compile_engines(games: list[str]) -> None:
    """Load or compile each game's full-game engine in a process of its own (one game each), in parallel: on a cold
    cache each says that it is compiling; afterwards every process of the demo loads the machine code."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=len(games), mp_context=context, initializer=_quiet_spinner) as pool:
        list(pool.map(_warm, games))


def _quiet_spinner() -> None:
    numba_cache.SPINNER["on"] = False  # three spinners on one terminal line would garble it; the lines still show


def _warm(game: str) -> None:
    path = CONFIG_DIR / game / "experiments" / DEMO[game].study
    run_experiment(load_experiment(path), source=str(path), games=1)


def _run_demo(out: Path, trials: int, scale: float, bar) -> tuple[list[Path], dict, pd.DataFrame]:
    results, paths = {}, {}
    for game in having("battle"):
        for path in sorted((CONFIG_DIR / game / "battles").glob("*.yaml")):
            results[path.stem] = run_battle(game, load_scenario(path), source=str(path), trials=trials, exact=True,
                                            workers=2)  # fmt: skip
            paths[path.stem] = path
    odds = battle_odds_table(results)
    written = [write_csv(out / "battle_odds.csv", odds), win_probability_plot(odds, out / "battle_odds.png")]
    sections = {}
    for game, demo in DEMO.items():
        section = sections[game] = {"links": []}
        mine = [name for name, r in results.items() if r.game == game]
        closest = min(mine, key=lambda name: abs(results[name].metrics["attacker_win"] - 0.5))
        inp = from_scenario(paths[closest], trials=trials, workers=2)
        bar.total += heatmap_cells(inp) * HEATMAP_TRIALS - trials
        written += _link(section, build_report(inp, out / "reports" / f"{game}-battle"),
                         f"Battle report: {results[closest].title or closest}")  # fmt: skip
        if not (demo.verdict or demo.ladder):  # no verdict yet: the scripted field is the game's balance answer
            study = CONFIG_DIR / game / "experiments" / demo.study
            result = _play(study, _scaled(demo.games, scale), bar, out / "reports" / f"{game}-study")
            written += _link(section, result.extra["report"], f"The scripted field: {result.title}")
        effects = CONFIG_DIR / game / "experiments" / demo.effects
        result = _play(effects, _scaled(EFFECT_GAMES, scale), bar, out / "reports" / f"{game}-effects")
        written += _link(section, result.extra["report"], f"What the modules change: {result.title}")
        section["effects"] = effects_table(result.metrics)
        if demo.verdict:
            directory = studies.study(game, demo.verdict).folder
            target = out / "reports" / f"{game}-verdict"
            written += _link(section, balance_report(directory, target), f"The balance verdict: {demo.verdict}")
            replay = _play(directory / "equilibrium.yaml", None, bar)  # its games again: the numbers must hold
            section["verdict"] = verdict_summary(directory, replay, target / "win_rates.png")
        if demo.ladder:
            folder = studies.study(game, demo.ladder).folder
            section["links"].insert(0, (_copy_report(folder, out / "reports" / f"{game}-ladder"),
                                        f"The verdict under strong play: {demo.ladder}"))  # fmt: skip
            section["ladder"] = ladder_summary(folder)
    return written, sections, odds


def _play(path: Path, games: int | None, bar, out: Path | None = None):
    """Play a study (``games``: its own number when None) and write its report to ``out``, when given
    (``result.extra["report"]``)."""
    raw = load_experiment(path)
    bar.total += games or raw.get("games", 0)
    result = run_experiment(raw, source=str(path), games=games, workers=2, keep_rows=out is not None)
    if out is not None:
        result.extra["report"] = build_experiment_report(result, raw, out, str(path))
    return result


def _link(section: dict, written: list[Path], label: str) -> list[Path]:
    page = next(p for p in written if p.name == "report.html")
    section["links"].append((page, label))
    return written


def effects_table(metrics: dict) -> pd.DataFrame:
    """Each module's (or variant's) paired change in each faction's win rate, points [95%], one row a change."""
    rows = []
    for module, e in (metrics.get("module_effects") or {}).items():
        for faction, change in e["win_rate_change"].items():
            lo, hi = e["win_rate_change_ci95"][faction]
            rows.append((module, faction, change, lo, hi))
    for variant, p in (metrics.get("paired") or {}).items():
        for faction, c in p["family_win_rate_change"].items():
            rows.append((f"{variant} (against {p['against']})", faction, c["change"], *c["ci95"]))
    frame = pd.DataFrame(rows, columns=["change", "faction", "points", "lo", "hi"])
    frame["faction"] = frame.faction.str.replace("_", " ").str.title()
    cells = [f"{100 * r.points:+.1f} [{100 * r.lo:+.1f}, {100 * r.hi:+.1f}]" for r in frame.itertuples()]
    table = frame.assign(cell=cells).pivot(index="change", columns="faction", values="cell")
    return table.rename_axis(index="module or variant", columns=None).reset_index()


def verdict_summary(directory: Path, replay, plot: Path) -> dict:
    """The verdict in one sentence, and how far to trust it, from the shipped study and its replayed games."""
    doc = json.loads((directory / "balance.json").read_text())
    rates = doc["win_rate"]
    fair = fair_share(directory, doc)
    top, low = max(rates, key=rates.get), min(rates, key=rates.get)
    name = lambda f: f.replace("_", " ").title()  # noqa: E731
    sentence = (f"When every faction plays its best scripted plans, {name(top)} wins {rates[top]:.1%} and "
                f"{name(low)} {rates[low]:.1%} of its games, against a fair share of {fair:.1%}.")  # fmt: skip
    gains = searcher_gains(directory)
    trust = f"No plan sim found gains more than {100 * max(doc['exploitability'].values()):.1f} points"
    if gains:
        g = [100 * x["gain"] for x in gains.values()]
        trust += (f", but a short lookahead beats these plans by {min(g):.0f} to {max(g):.0f} points in every seat: a "
                  "verdict on strong plans, not yet on strong play.")
    else:
        trust += "; how far the plans are from strong play is not measured yet."
    same = all(abs(replay.metrics["win_rate"][f] - rates[f]) < 1e-6 for f in rates)  # balance.json: 6 digits
    said = "give the same win rates." if same else "do NOT give the shipped win rates: the study is stale."
    return {"sentence": sentence, "trust": trust, "plot": plot, "replay": f"Its {replay.n:,} games, replayed, {said}"}


def ladder_summary(folder: Path) -> dict:
    """A shipped ladder verdict in a sentence, whether it converged, and a check of its top rung against its
    recorded games (the tests replay its games game for game; the demo does not search again)."""
    result = json.loads((folder / "verdict.json").read_text())
    h = studies.headline(folder)
    rates = h["win_rate"]
    name = lambda f: f.replace("_", " ").title()  # noqa: E731
    sentence = (f"With the same searcher in every seat at {h['budget']} playouts, {name(h['strongest'])} wins "
                f"{rates[h['strongest']]:.1%} and {name(h['weakest'])} {rates[h['weakest']]:.1%} of its games, "
                f"against a fair share of {h['fair_share']:.1%}.")  # fmt: skip
    holds = "give its win rates." if top_rung_holds(folder) else "do NOT give its win rates: the study is stale."
    return {"sentence": sentence, "verdict": result["verdict"]["text"], "converged": h["converged"],
            "plot": folder / "ladder.png",
            "replay": f"Its top rung, recomputed from its {h['games']:,} recorded games (no search again), {holds}"}


def _copy_report(folder: Path, target: Path) -> Path:
    """A shipped study's own report page, copied beside the demo's others (its plots are embedded)."""
    return write_text(target / "report.html", (folder / "report.html").read_text())


def write_index(out: Path, sections: dict, odds: pd.DataFrame, seconds: float) -> Path:
    """``index.html``: the battle odds of every bundled battle, then a section a game."""
    e = html.escape
    parts = [f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'><title>sim demo</title>"
             f"<style>{CSS}</style></head><body><h1>sim: three games at a glance</h1>",
             "<p class='summary'>Battle odds, the balance verdict and what the modules change, for Principes, Dark "
             "Ages: Holy Roman Empire and Winged Hussars and Cossacks. Every number comes with its 95% interval; "
             f"the whole page took {seconds:.0f} s to compute.</p>",
             "<h2>The balance verdicts</h2><ul>"
             + "".join(f"<li><strong>{e(game_name(g))}:</strong> "
                       + e((s.get("ladder") or s.get("verdict") or {}).get("sentence", "no balance verdict yet."))
                       + "</li>"
                       for g, s in sections.items())
             + "</ul><p>How far each can be trusted is said in its game's section below.</p>",
             "<h2>Battle odds</h2>", _odds_table(odds), _img(out / "battle_odds.png", "P(attacker wins)")]  # fmt: skip
    for game, s in sections.items():
        parts.append(f"<h2>{e(game_name(game))}</h2>")
        lad = s.get("ladder")
        if lad:
            settled = "It has converged." if lad["converged"] else "It has not converged yet."
            parts.append(f"<div class='verdict'><p><strong>Balance under strong play:</strong> {e(lad['sentence'])} "
                         f"{e(settled)}</p><p>{e(lad['verdict'])} {e(lad['replay'])}</p></div>"
                         + _img(lad["plot"], "Win rate against the searchers' budget"))  # fmt: skip
        v = s.get("verdict")
        if v:
            parts.append(f"<div class='verdict'><p><strong>Balance under the plans:</strong> {e(v['sentence'])}</p>"
                         f"<p><strong>How far to trust it:</strong> {e(v['trust'])} {e(v['replay'])}</p></div>"
                         + _img(v["plot"], "Win rates under the verdict"))  # fmt: skip
        elif not lad:
            parts.append("<div class='verdict'><p><strong>Balance:</strong> no balance verdict yet: the scripted "
                         "plans are far apart, so the study below measures the plans more than the game.</p></div>")
        parts.append("<h3>What the modules change under the scripted plans (win rate, points, paired games, "
                     "95% interval)</h3>")
        parts.append(s["effects"].to_html(index=False, border=0))
        parts.append("<h3>Reports</h3><ul>" + "".join(
            f"<li><a href='{e(str(p.relative_to(out)))}'>{e(label)}</a></li>" for p, label in s["links"]) + "</ul>")
    parts.append("</body></html>\n")
    return write_text(out / "index.html", "\n".join(parts))


def _odds_table(odds: pd.DataFrame) -> str:
    shown = pd.DataFrame({
        "game": odds.game.map(lambda g: game_name(g)), "battle": odds.title.fillna(odds.scenario),
        "P(attacker wins) [95%]": [f"{r.attacker_win:.1%} [{r.attacker_win_ci95_lo:.1%}, {r.attacker_win_ci95_hi:.1%}]"
                                   for r in odds.itertuples()],
        "exact": [f"{x:.2%}" if x == x and x is not None else "" for x in odds.attacker_win_exact],
        "attacker loses": odds.mean_lost_attacker.round(2), "defender loses": odds.mean_lost_defender.round(2),
    })  # fmt: skip
    return shown.to_html(index=False, border=0)


def _img(path: Path, alt: str) -> str:
    data = base64.b64encode(Path(path).read_bytes()).decode()
    return f"<figure><img alt='{html.escape(alt)}' src='data:image/png;base64,{data}'></figure>"
