"""`make demo`: battle odds for every bundled scenario of every registered game, as CSV and one PNG."""

from __future__ import annotations

from pathlib import Path

from reports.plots import win_probability_plot
from reports.tables import battle_odds_table
from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR
from sim.games import BATTLE_MODULES
from sim.results import write_csv


def run_demo(out: Path, trials: int) -> list[Path]:
    results = {}
    for game in BATTLE_MODULES:
        for path in sorted((CONFIG_DIR / game / "battles").glob("*.yaml")):
            scenario = load_scenario(path)
            results[path.stem] = run_battle(game, scenario, source=str(path), trials=trials, exact=True, workers=2)
    table = battle_odds_table(results)
    return [write_csv(out / "battle_odds.csv", table), win_probability_plot(table, out / "battle_odds.png")]
