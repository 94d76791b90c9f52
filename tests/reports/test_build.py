"""Designer reports: the HTML parses, every image is embedded and non-empty, assumptions are listed, and
reports build from a scenario file, from a results directory, and for every registered game."""

import shutil
import subprocess

import matplotlib.image as mpimg
import pytest

from reports.build import build_report, from_directory, from_scenario, plain_summary
from sim.cli import main
from sim.config import CONFIG_DIR, load_rules
from sim.games import having
from tests.reports.html_check import PNG, assert_embedded_images, parse

STORM = CONFIG_DIR / "principes" / "battles" / "knights-storm-castle.yaml"


@pytest.fixture(scope="module")
def storm_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("storm")
    inp = from_scenario(STORM, trials=20_000)
    return inp, build_report(inp, out, heat_trials=2_000), out


def test_html_parses_and_embeds_every_image(storm_report):
    _, written, out = storm_report
    page = parse(out / "report.html")
    assert_embedded_images(page, 3)
    text = " ".join(page.text)
    for needed in ("seed", "sim version", "config hash", "trials", "run time", "Assumed values"):
        assert needed in text
    assert {p.name for p in written} >= {"report.html", "report.md", "heatmap.png", "losses.png", "survival.png",
                                         "summary.csv", "heatmap.csv", "provenance.csv"}  # fmt: skip


def test_every_assumed_value_is_listed(storm_report):
    _, _, out = storm_report
    html_text, md = (out / "report.html").read_text(), (out / "report.md").read_text()
    assumed = load_rules("principes").assumptions()
    assert assumed
    for p in assumed:
        assert p.key in html_text and p.key in md


def test_markdown_links_existing_pngs(storm_report):
    _, _, out = storm_report
    md = (out / "report.md").read_text()
    for name in ("heatmap.png", "losses.png", "survival.png"):
        assert f"]({name})" in md and (out / name).read_bytes().startswith(PNG)


def test_summary_paragraph_uses_the_numbers(storm_report):
    inp, _, _ = storm_report
    text = plain_summary(inp, None)
    assert f"{100 * inp.metrics['attacker_win']:.1f}%" in text and "exactly 22.22%" in text
    assert "2 assumed rules values bear on these odds" in text


def test_heatmap_cell_of_the_scenario_equals_the_run(storm_report):
    inp, _, out = storm_report
    import pandas as pd

    grid = pd.read_csv(out / "heatmap.csv").set_index("defender")
    # 2 knights against 1 knight is the scenario itself: same seed, fewer trials, same odds within noise
    assert abs(grid.loc[1, "2"] - inp.metrics["attacker_win"]) < 0.03


def test_report_from_results_directory(tmp_path):
    saved = tmp_path / "saved"
    main(["battle", str(STORM), "--trials", "5000", "--save", str(saved), "--no-progress"])
    inp = from_directory(saved)
    written = build_report(inp, tmp_path / "report")
    page = parse(tmp_path / "report" / "report.html")
    assert_embedded_images(page, len([p for p in written if p.suffix == ".png"]))
    assert inp.n == 5000 and inp.seed == 1 and inp.trials is not None


@pytest.mark.parametrize("game", sorted(having("battle")))
def test_every_registered_game_reports(tmp_path, game):
    scenario = sorted((CONFIG_DIR / game / "battles").glob("*.yaml"))[0]
    written = build_report(from_scenario(scenario, trials=2_000), tmp_path, heatmap=False)
    page = parse(tmp_path / "report.html")
    assert_embedded_images(page, len([p for p in written if p.suffix == ".png"]))
    assert page.images, f"{game}: no plots"


def test_cli_report(tmp_path, capsys):
    main(["report", str(STORM), "-o", str(tmp_path), "--trials", "2000", "--heatmap-trials", "500"])
    assert "report.html" in capsys.readouterr().out
    assert_embedded_images(parse(tmp_path / "report.html"), 3)


@pytest.mark.parametrize("target", ["no/such/dir", str(CONFIG_DIR / "principes" / "rules.yaml")])
def test_cli_report_bad_target_is_one_line(capsys, target):
    with pytest.raises(SystemExit) as exc:
        main(["report", target])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
def test_headless_screenshot_is_not_blank(storm_report, tmp_path):
    _, _, out = storm_report
    shot = tmp_path / "shot.png"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={shot}", "--window-size=1200,2400",
         (out / "report.html").as_uri()],
        check=True, timeout=120, capture_output=True,
    )  # fmt: skip
    assert mpimg.imread(shot).std() > 0.01


def test_question_comes_from_the_question_key_never_from_comments(storm_report):
    from sim.config import read_yaml

    inp, _, out = storm_report
    assert inp.question == read_yaml(STORM)["question"]
    page = (out / "report.html").read_text()
    assert inp.question in page and inp.title in page
    comment = STORM.read_text().splitlines()[0].lstrip("# ")
    assert comment not in page


def test_sweep_report_embeds_its_plot(tmp_path, capsys):
    main(["sweep", str(STORM), "--param", "defender_shields.castle=0..3", "--trials", "2000", "-o", str(tmp_path)])
    page = parse(tmp_path / "report.html")
    assert_embedded_images(page, 1)
    text = " ".join(page.text)
    assert "defender_shields.castle" in text and "ranges from" in text and "seed 1" in text


def test_results_directory_with_recorded_scenario_gets_every_plot(tmp_path):
    """When result.json records the scenario (and its title), the directory report equals a file report. Such a
    folder has no manifest (``sim.battles.save`` writes none) and no checksums (an older sim's, or hand-made)."""
    import json

    from sim.battles import load_scenario

    saved = tmp_path / "saved"
    main(["battle", str(STORM), "--trials", "5000", "--save", str(saved), "--no-progress"])
    (saved / "manifest.json").unlink()
    (saved / "checksums.json").unlink()
    data = json.loads((saved / "result.json").read_text())
    scenario = load_scenario(STORM)
    data |= {"scenario": {k: v for k, v in scenario.items() if k not in ("trials", "seed")}, "title": "Stormed"}
    (saved / "result.json").write_text(json.dumps(data))
    inp = from_directory(saved)
    build_report(inp, tmp_path / "report", heat_trials=500)
    page = parse(tmp_path / "report" / "report.html")
    assert_embedded_images(page, 3)
    assert inp.title == "Stormed" and [n for n in inp.notes if "not rerun" not in n] == []


def test_results_directory_with_manifest_recovers_scenario_and_overrides(tmp_path):
    """run_battle(save=...) writes manifest.json: the report recovers the scenario, the --set values and the
    run's own config hash from it."""
    import json

    from reports.build import config_hash
    from sim.battles import load_scenario, run_battle

    run_battle("principes", load_scenario(STORM), trials=5_000, save=tmp_path / "run",
               overrides={"defender_shields.castle": 1})  # fmt: skip
    inp = from_directory(tmp_path / "run")
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert inp.overrides == {"defender_shields.castle": 1} and inp.scenario["attacker"] == {"knight": 2, "footman": 1}
    assert config_hash(inp) == manifest["config_hash"]
    fresh = from_scenario(STORM, trials=5_000, overrides={"defender_shields.castle": 1})
    assert config_hash(fresh) == manifest["config_hash"]
    build_report(inp, tmp_path / "report", heat_trials=500)
    html_text = (tmp_path / "report" / "report.html").read_text()
    assert "defender_shields.castle = 1" in html_text and "[override]" in html_text
    assert_embedded_images(parse(tmp_path / "report" / "report.html"), 3)


def test_compare_report_embeds_its_plot(tmp_path, capsys):
    six = CONFIG_DIR / "principes" / "battles" / "six-vs-six.yaml"
    main(["compare", str(six), "--set", "attacker_bonus.swords=1", "--trials", "5000", "-o", str(tmp_path)])
    page = parse(tmp_path / "report.html")
    assert_embedded_images(page, 1)
    text = " ".join(page.text)
    assert "tighter than unpaired" in text and "attacker_bonus.swords=1" in text
    assert (tmp_path / "compare.csv").stat().st_size > 0
