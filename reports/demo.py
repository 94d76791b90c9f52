"""`make demo`: battle odds for every bundled scenario of every registered game, as CSV and one PNG, a
designer report for each game (its most evenly balanced bundled battle, the most informative picture), and a
report of each full-game balance study (``FULL_GAMES``: experiment file and games played)."""

from __future__ import annotations

from pathlib import Path

from reports.build import HEATMAP_TRIALS, build_report, from_scenario, heatmap_cells
from reports.experiment_report import report_experiment
from reports.plots import win_probability_plot
from reports.tables import battle_odds_table
from sim import progress as bars
from sim.balance.report import balance_report
from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR, read_yaml
from sim.games import BATTLE_MODULES
from sim.results import write_csv

# The full-game studies of the demo, both on the compiled engines (seconds once compiled; the first run compiles).
FULL_GAMES = {
    "principes": ("faction-balance-full.yaml", 20_000),  # every module on
    "dark_ages": ("ruler-balance.yaml", 20_000),
}


def run_demo(out: Path, trials: int, games_scale: float = 1.0, progress: bool = False) -> list[Path]:
    """Battles with ``trials`` trials each; full games with ``games_scale`` times each study's games. One progress
    bar (in battles; a full-game study's games count as ``GAME_WEIGHT`` battles each) covers the whole demo."""
    scenarios = [p for game in BATTLE_MODULES for p in sorted((CONFIG_DIR / game / "battles").glob("*.yaml"))]
    games = sum(max(8, round(g * games_scale)) for _, g in FULL_GAMES.values())
    total = trials * (len(scenarios) + 2 * len(BATTLE_MODULES)) + GAME_WEIGHT * games
    with bars.task(total, "trial", "demo", progress) as bar:
        return _run_demo(out, trials, games_scale, bar)


GAME_WEIGHT = 2_000  # a full game costs about as much as this many battles (for the demo's ETA)


def _run_demo(out: Path, trials: int, games_scale: float, bar) -> list[Path]:
    results, paths = {}, {}
    for game in BATTLE_MODULES:
        for path in sorted((CONFIG_DIR / game / "battles").glob("*.yaml")):
            scenario = load_scenario(path)
            results[path.stem] = run_battle(game, scenario, source=str(path), trials=trials, exact=True, workers=2)
            paths[path.stem] = path
    table = battle_odds_table(results)
    written = [write_csv(out / "battle_odds.csv", table), win_probability_plot(table, out / "battle_odds.png")]
    for game in BATTLE_MODULES:
        mine = [name for name, r in results.items() if r.game == game]
        if not mine:
            continue
        closest = min(mine, key=lambda name: abs(results[name].metrics["attacker_win"] - 0.5))
        inp = from_scenario(paths[closest], trials=trials, workers=2)
        bar.total += heatmap_cells(inp) * HEATMAP_TRIALS - trials
        report = build_report(inp, out / "reports" / game)
        written += [p for p in report if p.suffix == ".html"]
    for game, (name, games) in FULL_GAMES.items():
        path = CONFIG_DIR / game / "experiments" / name
        games = max(8, round(games * games_scale))
        bar.total += games * (1 - GAME_WEIGHT)  # the runner counts games, not battles
        report = report_experiment(path, out / "reports" / f"{game}-{path.stem}", games=games, workers=2)
        written += [p for p in report if p.suffix == ".html"]
    for study in shipped_balance():  # the shipped equilibrium's report, and its games replayed (nothing re-tuned)
        game, name = study.parent.name, study.name
        target = out / "reports" / f"{game}-balance-{name}"
        written += [p for p in balance_report(study, target) if p.suffix == ".html"]
        games = max(8, round(read_yaml(study / "equilibrium.yaml")["games"] * games_scale))
        bar.total += games
        replay = report_experiment(study / "equilibrium.yaml", target / "replay", games=games, workers=2)
        written += [p for p in replay if p.suffix == ".html"]
    return written


def shipped_balance() -> list[Path]:
    """The balance studies shipped with sim (``sim balance … --ship NAME``): studies/<game>/<NAME>/."""
    from sim.studies import STUDIES_DIR

    return sorted(p.parent for p in STUDIES_DIR.glob("*/*/balance.json"))
