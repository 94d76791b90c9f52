"""Full-game experiment reports: the page parses, every image is embedded and not blank, the numbers in the
summary and the tables are the experiment's, and `sim report EXPERIMENT.yaml` takes the experiment path."""

import pandas as pd
import pytest

from reports.experiment_report import build_experiment_report, is_experiment, win_rate_frame
from sim.cli import main
from sim.config import CONFIG_DIR
from sim.experiments import load_experiment, run_experiment
from tests.reports.html_check import assert_embedded_images, parse

PRINCIPES = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"
DARK_AGES = CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance.yaml"


@pytest.fixture(scope="module")
def principes_report(tmp_path_factory):
    raw = load_experiment(PRINCIPES)
    result = run_experiment(raw, games=40, seed=7, keep_rows=True)
    out = tmp_path_factory.mktemp("experiment")
    return result, raw, out, build_experiment_report(result, raw, out, str(PRINCIPES))


def test_html_parses_and_embeds_every_image(principes_report):
    _, _, out, written = principes_report
    names = {p.name for p in written}
    assert {"win_rates.png", "win_types.png", "game_length.png", "strategy_matrix.png"} <= names
    page = parse(out / "report.html")
    assert_embedded_images(page, 4)  # win rates, win types, length, strategy × faction
    markdown = (out / "report.md").read_text()
    for png in out.glob("*.png"):
        assert f"]({png.name})" in markdown and png.stat().st_size > 2_000


def test_summary_and_table_use_the_numbers(principes_report):
    result, raw, out, _ = principes_report
    frame = pd.read_csv(out / "win_rates.csv")
    assert dict(zip(frame["faction"], frame["win_rate"], strict=True)) == pytest.approx(result.metrics["win_rate"],
                                                                                        rel=1e-5)  # fmt: skip
    assert (frame["parity"] == 0.25).all()
    top = frame.loc[(frame["win_rate"] - 0.25).abs().idxmax()]
    text = " ".join(parse(out / "report.html").text)
    name = top.faction.replace("_", " ").title()  # Principalities' names have no "of" or "the"
    assert f"{name} wins {100 * top.win_rate:.1f}% ± " in text
    assert f"of its 4-player games, {abs(top.vs_parity_points):.1f} pts" in text
    assert "40 games on seed 7" in text
    matrix = pd.read_csv(out / "strategy_matrix.csv")
    cell = matrix.iloc[0]
    assert cell.win_rate == pytest.approx(result.metrics["strategy_matrix"][cell.strategy][cell.faction]["win_rate"])


def test_the_battles_section_shows_the_battle_statistics(principes_report):
    """``metrics["battles"]``: per battle kind the battles per game, the attacker's wins and the units lost; the
    share of each die face."""
    result, _, out, written = principes_report
    b = result.metrics["battles"]
    assert {"battles.csv", "battle_die.csv"} <= {p.name for p in written}
    kinds = pd.read_csv(out / "battles.csv")
    assert list(kinds["kind"]) == b["kinds"]
    assert kinds["battles per game"].tolist() == pytest.approx([b["per_game"][k] for k in b["kinds"]], abs=0.0051)
    text = " ".join(parse(out / "report.html").text)
    assert "Battles by kind" in text and "Battle Die faces rolled" in text
    player = b["attacker_win_rate"]["player"]
    assert f"{100 * player:.1f}%" in text and "Battles by kind" in (out / "report.md").read_text()


def test_rotated_rosters_get_their_own_parity():
    raw = load_experiment(DARK_AGES)
    result = run_experiment(raw, games=21, seed=3, keep_rows=True)
    frame = win_rate_frame(result, raw)
    assert set(frame["faction"]) == set(result.metrics["win_rate"])
    assert frame["parity"].between(1 / 4, 1 / 2).all()  # 2–4 players: between a quarter and a half
    for row in frame.itertuples():
        assert row.games == result.metrics["games_by_ruler"][row.faction]


def test_experiment_detection():
    assert is_experiment(load_experiment(PRINCIPES))
    assert not is_experiment({"game": "principes", "attacker": {}})
    assert not is_experiment({"game": "no_such_game"})


def test_cli_report_on_an_experiment(tmp_path):
    out = tmp_path / "r"
    main(["report", str(DARK_AGES), "--games", "14", "--seed", "1", "-o", str(out)])
    page = parse(out / "report.html")
    # win rates, win types, length, score by category, score distribution, strategy × Ruler
    assert_embedded_images(page, 6)
    assert "2–4-player games" in " ".join(page.text)


@pytest.fixture(scope="module")
def dark_ages_report(tmp_path_factory):
    raw = load_experiment(DARK_AGES)
    result = run_experiment(raw, games=28, seed=5, keep_rows=True)
    out = tmp_path_factory.mktemp("dark_ages")
    return result, out, build_experiment_report(result, raw, out, str(DARK_AGES))


def test_dark_ages_report_shows_score_by_category(dark_ages_report):
    result, out, written = dark_ages_report
    names = {p.name for p in written}
    assert {"score_by_category.png", "score_distribution.png", "score_by_category.csv",
            "score_by_strategy.csv", "strategy_matrix.png"} <= names  # fmt: skip
    page = parse(out / "report.html")
    assert_embedded_images(page, 6)
    text = " ".join(page.text)
    assert "Mean VP by scoring category" in text and "Mean VP by scoring category and strategy" in text
    frame = pd.read_csv(out / "score_by_category.csv").set_index("faction")
    by_ruler = result.metrics["score_by_ruler"]
    assert set(frame.index) == set(by_ruler)
    for ruler, row in frame.iterrows():
        assert row["total"] == pytest.approx(by_ruler[ruler]["total"], rel=1e-5)  # CSV: full precision
        cats = [c for c in frame.columns if c != "total"]
        assert {c: row[c] for c in cats} == pytest.approx({c: by_ruler[ruler][c] for c in cats}, rel=1e-5)
        assert sum(row[c] for c in cats) == pytest.approx(row["total"], abs=1e-3)  # only empty categories are left out
    assert list(frame["total"]) == sorted(frame["total"], reverse=True)
    markdown = (out / "report.md").read_text()
    assert "## Mean VP by scoring category" in markdown and "](score_distribution.png)" in markdown


def test_dark_ages_report_game_length_is_the_metric(dark_ages_report):
    result, out, _ = dark_ages_report
    mean = result.metrics["mean_rounds"]
    assert mean == pytest.approx(result.rows["rounds"].mean(), abs=1e-12)
    assert f"after {mean:.1f} rounds on average" in " ".join(parse(out / "report.html").text)


def test_solo_report_shows_the_players_score_by_category(tmp_path):
    path = CONFIG_DIR / "dark_ages" / "experiments" / "solo-difficulty.yaml"
    raw = load_experiment(path)
    result = run_experiment(raw, games=11, seed=2, keep_rows=True)
    written = {p.name for p in build_experiment_report(result, raw, tmp_path, str(path))}
    assert {"score_by_category.png", "score_by_category.csv", "game_length.png"} <= written
    frame = pd.read_csv(tmp_path / "score_by_category.csv").set_index("faction")
    by = result.metrics["player_score_by_category"]
    assert dict(frame["total"]) == pytest.approx({d: v["total"] for d, v in by.items()}, rel=1e-5)
    text = " ".join(parse(tmp_path / "report.html").text)
    assert "In solo games the player wins" in text and f"after {result.metrics['mean_rounds']:.1f} rounds" in text
    assert "parity" not in text  # the rows are one player's levels: no fair share to draw or quote
    rates = pd.read_csv(tmp_path / "win_rates.csv").set_index("level")
    assert dict(rates["games"]) == result.metrics["games_by_difficulty"] and rates["games"].sum() == 11
