"""Every kind of report, checked as a page: rendered by headless Chromium (where installed; .ci/run installs it),
the screenshot is not blank and the page is as long as its content; and what a co-designer reads on it: the
question, the verdict, plain names, the assumptions in play, the run facts actually used."""

import shutil
import subprocess

import matplotlib.image as mpimg
import pytest

from reports.build import build_report, from_directory, from_scenario
from reports.experiment_report import build_experiment_report
from sim.battles import load_scenario
from sim.cli import main
from sim.config import CONFIG_DIR
from sim.experiments import load_experiment, run_experiment
from tests.reports.html_check import parse

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
STORM = CONFIG_DIR / "principes" / "battles" / "knights-storm-castle.yaml"
HUSSARS = CONFIG_DIR / "hussars" / "battles" / "hussars_charge_tactics.yaml"
BALANCE = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"
RULERS = CONFIG_DIR / "dark_ages" / "experiments" / "ruler-balance.yaml"


def screenshot(page, out):
    """Render ``page`` headless; the PNG is kept beside the report (look at it: out/…/page.png)."""
    shot = out / "page.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         f"--user-data-dir={out / 'profile'}", f"--screenshot={shot}", "--window-size=1100,3000", page.as_uri()],
        check=True, timeout=120, capture_output=True,
    )  # fmt: skip
    pixels = mpimg.imread(shot)
    assert pixels.std() > 0.05  # text and plots, not a blank page
    rows = (pixels[..., :3].std(axis=1) > 0.01).any(axis=1)
    assert rows[:200].any() and rows.sum() > 400  # content from the top, and a page of it


def text_of(path) -> str:
    return " ".join(" ".join(parse(path).text).split())


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    root = tmp_path_factory.mktemp("pages")
    built = {}
    inp = from_scenario(STORM, trials=20_000)
    build_report(inp, root / "battle", heat_trials=1_000)
    built["battle"] = root / "battle"
    build_report(from_scenario(HUSSARS, trials=5_000), root / "hussars", heatmap=False)
    built["hussars"] = root / "hussars"
    raw = load_experiment(BALANCE)
    result = run_experiment(raw, games=400, seed=3, keep_rows=True)
    build_experiment_report(result, raw, root / "study", str(BALANCE))
    built["study"] = root / "study"
    main(["run", str(RULERS), "--games", "150", "--save", str(root / "saved"), "--no-progress"])
    main(["report", str(root / "saved"), "-o", str(root / "saved-report")])
    built["saved"] = root / "saved-report"
    main(["compare", str(CONFIG_DIR / "principes" / "battles" / "six-vs-six.yaml"), "--set",
          "attacker_bonus.swords=1", "--trials", "5000", "-o", str(root / "compare"), "--no-progress"])  # fmt: skip
    built["compare"] = root / "compare"
    main(["sweep", str(STORM), "--param", "defender_shields.castle=0..3", "--trials", "2000", "-o",
          str(root / "sweep"), "--no-progress"])  # fmt: skip
    built["sweep"] = root / "sweep"
    return built


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)")
@pytest.mark.parametrize("kind", ["battle", "hussars", "study", "saved", "compare", "sweep"])
def test_every_report_renders_as_a_page(pages, kind):
    screenshot(pages[kind] / "report.html", pages[kind])


def test_battle_page_reads_for_a_co_designer(pages):
    text = text_of(pages["battle"] / "report.html")
    for heading in ("Question:", "Answer:", "Verdict:", "What was simulated", "Assumed values this result rests on",
                    "Configuration as run"):  # fmt: skip
        assert heading in text
    assert "P(attacker wins)" in text and "units lost · attacker" in text
    assert "trials 20,000" in text and "seed 1" in text and "engine compiled Monte Carlo kernel" in text
    assert "attacker_win" not in text.split("Rules provenance")[0].split("Results")[1].split("Plots")[0].replace(
        "attacker_win:", "")  # the results table and legend use plain names


def test_hussars_battle_lists_only_the_assumptions_in_play(pages):
    text = text_of(pages["hussars"] / "report.html")
    assert "units.winged_hussar.movement" in text and "units.cossack" not in text.replace("units.cossack.", "!")
    assert "units.tatar_archer.kind" not in text.split("Rules provenance")[0]  # no Tatars in this battle
    assert "further assumed values concern units, factions or rules not in this battle" in text


def test_study_page_verdict_plain_names_and_run_facts(pages):
    text = text_of(pages["study"] / "report.html")
    assert "Verdict: Not balanced under these plans" in text and "scripted plans" in text
    assert "Polonia Minor" in text and "polonia_minor" not in text.split("Assumed values")[0]
    assert " pts" in text and "vs_parity_points" not in text
    assert "games 400" in text and "seed 3" in text and "engine compiled full-game engine (numba)" in text
    assert "map.yaml: the board" in text  # the assumed board the study rests on
    assert "Not read by this study (modules off)" in text and "history.yaml" in text
    assert "games: 400" in text  # the configuration as run, not the file's games: 20000
    assert "400–400" not in text


def test_saved_study_report_is_titled_from_its_run(pages):
    text = text_of(pages["saved"] / "report.html")
    assert text.startswith("Dark Ages: Ruler balance") and "saved-report" not in text.split("Question")[0]
    assert "not rerun" in text and "games 150" in text


def test_saved_battle_folder_is_titled_from_its_run(tmp_path):
    main(["battle", str(STORM), "--trials", "5000", "--save", str(tmp_path / "run"), "--no-progress"])
    inp = from_directory(tmp_path / "run")
    assert inp.title == "2 Knights and a Footman storm a City with a Castle held by a Knight"
    assert inp.question == load_scenario(STORM)["question"] and inp.echo.startswith("Principes battle:")


def test_no_one_more_at_certainty(tmp_path):
    from reports.build import plain_summary, size_grid

    sure = from_scenario(CONFIG_DIR / "hussars" / "battles" / "korecki_vs_wisniowiecki.yaml", trials=2_000)
    assert sure.metrics["attacker_win"] == 1.0
    text = plain_summary(sure, size_grid(sure, trials=500))
    assert "would make it 100.0%" not in text
