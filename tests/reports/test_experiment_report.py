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
    assert dict(zip(frame["faction"], frame["win_rate"], strict=True)) == pytest.approx(result.metrics["win_rate"])
    assert (frame["parity"] == 0.25).all()
    top = frame.loc[(frame["win_rate"] - 0.25).abs().idxmax()]
    text = " ".join(parse(out / "report.html").text)
    name = top.faction.replace("_", " ").title()  # Principalities' names have no "of" or "the"
    assert f"{name} wins {100 * top.win_rate:.1f}% ± " in text
    assert f"of 4-player games, {abs(top.vs_parity_points):.1f} points" in text
    assert "40 games on seed 7" in text
    matrix = pd.read_csv(out / "strategy_matrix.csv")
    cell = matrix.iloc[0]
    assert cell.win_rate == pytest.approx(result.metrics["strategy_matrix"][cell.strategy][cell.faction]["win_rate"])


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
    assert_embedded_images(page, 3)  # no strategy matrix in Dark Ages' metrics
    assert "2–4-player games" in " ".join(page.text)
