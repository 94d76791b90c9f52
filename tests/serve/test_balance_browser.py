"""The balance page in a real browser (headless Chromium from Debian's packages, driven by Playwright, as
test_browser.py drives the calculator pages): the verdict loads, a module toggle shows exactly what ``sim compare``
answers for the downloaded study, the page's link reopens the same question, and a bad value shows its message.
SIM_SERVE_SCREENSHOTS=DIR also writes the pages' screenshots there (docs/serve-balance-GAME.png).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sim.cli import main
from tests.serve.test_browser import CHROMIUM, browser  # noqa: F401 - the shared Chromium fixture

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="no Chromium: apt-get install chromium (Debian's package; .ci/run does this)"
)
GAMES = 500  # the page's first refinement; the URL's games=500 stops it there


def tall(context):
    page = context.new_page()
    page.set_viewport_size({"width": 1280, "height": 1600})
    return page


def done(page, timeout=120_000) -> None:
    page.wait_for_function("['done', 'error'].includes(document.getElementById('wi-status').dataset.state)",
                           timeout=timeout)  # fmt: skip


def shown(page) -> dict:
    cells = page.locator("#wi-table td.diff")
    return {cells.nth(i).get_attribute("data-faction"): [float(cells.nth(i).get_attribute(k))
                                                        for k in ("data-value", "data-lo", "data-hi")]
            for i in range(cells.count())}  # fmt: skip


def screenshot(page, name: str, tmp_path: Path) -> None:
    shot = tmp_path / name
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000  # a drawn page, not a blank one
    if os.environ.get("SIM_SERVE_SCREENSHOTS"):  # the README's pictures: 128 colours keep them small
        from PIL import Image

        small = Image.open(shot).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        small.save(Path(os.environ["SIM_SERVE_SCREENSHOTS"]) / name, optimize=True)


@pytest.mark.parametrize("game,factions", [("principes", 4), pytest.param("dark_ages", 7, marks=pytest.mark.full),
                                           pytest.param("hussars", 4, marks=pytest.mark.full)])  # fmt: skip
def test_verdict_page_loads(browser, server, tmp_path, game, factions):  # noqa: F811
    page = tall(browser)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/balance/{game}")
    page.wait_for_function(f"document.getElementById('v-chart').dataset.factions === '{factions}'", timeout=120_000)
    answer = page.inner_text("#v-answer")
    if game == "hussars":  # no strong-play verdict yet: its plans' field, said to be plans only
        assert "No strong-play verdict" in page.inner_text("#v-question") and "scripted plans" in answer
    else:
        assert "strongest" in answer and "playouts" in answer
        page.wait_for_function("document.getElementById('v-plot').complete && "
                               "document.getElementById('v-plot').naturalWidth > 0")  # the shipped ladder plot
        assert page.locator("#v-report").get_attribute("href").endswith("/report.html")
    page.fill("#wi-search", "assumed")
    assert page.locator("#wi-rules li[data-key]").count() > 0
    page.fill("#wi-search", "")
    assert not errors
    screenshot(page, f"serve-balance-{game}.png", tmp_path)
    page.close()


def test_module_toggle_equals_sim_compare_and_its_link_reopens_it(browser, server, tmp_path, capsys):  # noqa: F811
    page = tall(browser)
    page.goto(f"{server.url}/balance/principes?field=verdict&players=4&games={GAMES}")
    page.select_option("#wi-m-history", "false")  # the History Cards off
    done(page)
    assert page.get_attribute("#wi-status", "data-state") == "done", page.inner_text("#wi-error")
    numbers = shown(page)
    assert len(numbers) == 4
    with page.expect_download() as download:
        page.click("#wi-download")
    study = tmp_path / "principes-whatif.yaml"
    study.write_text(Path(download.value.path()).read_text())
    try:
        main(["compare", str(study), "--set", "history=false", "--json", "--no-progress"])
    except SystemExit as exc:
        assert exc.code == 0, capsys.readouterr().err
    cli = json.loads(capsys.readouterr().out)
    assert cli["games"] == GAMES
    assert numbers == {r["faction"]: [r["diff"], r["paired_lo"], r["paired_hi"]] for r in cli["factions"]}
    url = page.url
    assert "set=history%3Dfalse" in url
    again = tall(browser)
    again.goto(url)  # a copied link reopens the same question
    done(again)
    assert again.input_value("#wi-m-history") == "false" and shown(again) == numbers
    screenshot(again, "serve-balance-whatif.png", tmp_path)
    page.close()
    again.close()


def test_bad_value_shows_its_message(browser, server):  # noqa: F811
    page = browser.new_page()
    page.goto(f"{server.url}/balance/principes?field=rotated&players=4&games={GAMES}")
    page.fill("#wi-search", "taxes.people_cost")
    page.click("#wi-rules li[data-key='taxes.people_cost']")
    page.fill("#wi-changes input[data-key='taxes.people_cost']", "two")
    page.press("#wi-changes input[data-key='taxes.people_cost']", "Enter")
    page.wait_for_function("document.getElementById('wi-status').dataset.state === 'error'", timeout=60_000)
    assert "taxes.people_cost" in page.inner_text("#wi-error") and "whole number" in page.inner_text("#wi-error")
    assert "bad" in page.get_attribute("#wi-changes input[data-key='taxes.people_cost']", "class")
    assert page.locator("#wi-table td.diff").count() == 0  # no stale numbers beside an error
    page.close()
