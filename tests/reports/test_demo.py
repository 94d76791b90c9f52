"""`make demo` writes the battle-odds CSV and PNG, one designer report per registered game and one per study."""

import pytest

from reports.demo import FULL_GAMES, run_demo
from sim.games import BATTLE_MODULES


@pytest.mark.slow
def test_demo_writes_one_report_per_game(tmp_path):
    written = run_demo(tmp_path, 2_000, games_scale=0.002)
    assert (tmp_path / "battle_odds.csv").exists() and (tmp_path / "battle_odds.png").exists()
    for game in BATTLE_MODULES:
        report = tmp_path / "reports" / game / "report.html"
        assert report in written and report.stat().st_size > 10_000
    for game, (name, _) in FULL_GAMES.items():
        report = tmp_path / "reports" / f"{game}-{name.removesuffix('.yaml')}" / "report.html"
        assert report in written and "win rate" in report.read_text().lower()
    from reports.demo import shipped_balance

    for study in shipped_balance():  # each shipped equilibrium: its balance report and its replay
        game = study.parent.name
        report = tmp_path / "reports" / f"{game}-balance-{study.name}"
        assert report / "report.html" in written and "exploitability" in (report / "report.html").read_text()
        assert report / "replay" / "report.html" in written
