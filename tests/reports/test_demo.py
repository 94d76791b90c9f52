"""`make demo` writes one page, index.html: the battle odds, and per game its verdict, module effects and reports."""

import pytest

from reports.demo import DEMO, run_demo


@pytest.mark.slow
def test_demo_writes_one_page_that_links_every_report(tmp_path):
    written = run_demo(tmp_path, 2_000, games_scale=0.002)
    index = tmp_path / "index.html"
    assert index in written and (tmp_path / "battle_odds.csv").exists()
    page = index.read_text()
    reports = sorted(tmp_path.glob("reports/**/report.html"))
    assert 0 < len(reports) <= 12  # the issue: links to at most a dozen reports
    for report in reports:  # every report is linked from the page, in the study reports' one style
        assert f"href='{report.relative_to(tmp_path)}'" in page
        assert "<style>" in report.read_text()
    for game, demo in DEMO.items():
        assert (tmp_path / "reports" / f"{game}-effects" / "report.html").exists()
        if demo.verdict:  # the shipped verdict's games replay to its numbers
            assert "replayed, give the same win rates" in page
        if demo.ladder:  # and the shipped ladder's top rung is its recorded games'
            assert "recorded games (no search again), give its win rates" in page
    verdicts = sum(max(1, bool(d.verdict) + bool(d.ladder)) for d in DEMO.values())  # a game without either: one line
    assert page.count("<div class='verdict'>") == verdicts
