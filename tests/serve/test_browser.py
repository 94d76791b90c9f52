"""A real browser on each game's page: headless Chromium from Debian's packages, driven by Playwright.

The test clicks a unit in, reads the odds the page shows and checks them against the engine (the exact value,
and the Monte Carlo estimate on the page's seed and trial count), reloads the shared URL and gets the same
answer, and saves a screenshot of each page (SIM_SERVE_SCREENSHOTS=DIR also writes them there: docs/).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml

from sim.battles import run_battle
from sim.solve import solve_for

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]  # fmt: skip
REFINED = 1_000_000  # the page's last refinement

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="no Chromium: apt-get install chromium (Debian's package; .ci/run does this)"
)

# (game, the URL's state, the stepper clicked, the scenario the page must then ask about)
PAGES = [
    ("principes", "attacker.knight=1&attacker.footman=1&defender.knight=1&site=city&castle=1&seed=1",
     "attacker.knight", {"attacker": {"footman": 1, "knight": 2}, "defender": {"knight": 1}, "site": "city",
                         "castle": True, "seed": 1}),  # the README's worked example: exactly 2/9
    ("dark_ages", "attacker.units.infantry=3&attacker.units.cavalry=1&defender.units.infantry=1&farms=1&city=1"
     "&keep=1&seed=1", "defender.units.infantry",
     {"attacker": {"units": {"infantry": 3, "cavalry": 1}}, "defender": {"units": {"infantry": 2}}, "farms": 1,
      "city": True, "keep": 1, "seed": 1}),
    ("hussars", "mode=full&hands=random&attacker.winged_hussar:veteran=1&attacker.pancerni:veteran=2"
     "&attacker.light_cavalry=1&defender.cossack=3&terrain.river=1&seed=1", "defender.cossack",
     {"mode": "full", "hands": "random", "attacker": {"winged_hussar:veteran": 1, "pancerni:veteran": 2,
      "light_cavalry": 1}, "defender": {"cossack": 4}, "terrain": ["river"], "seed": 1}),
]  # fmt: skip


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1280, "height": 900}, accept_downloads=True,
        )  # fmt: skip
        yield context
        context.close()


def settled(page) -> dict:
    """Wait until the page shows its exact answer and its last Monte Carlo refinement; return what it shows."""
    page.wait_for_function(
        f"""() => {{ const s = document.getElementById('status'), t = document.getElementById('trials');
                    return s.dataset.state === 'done' && t.dataset.trials === '{REFINED}'; }}""",
        timeout=60_000,
    )
    return {
        "exact": page.inner_text("#win-exact"),
        "exact_value": page.get_attribute("#win-exact", "data-value"),
        "mc": float(page.get_attribute("#win", "data-value")),
        "trials": int(page.get_attribute("#trials", "data-trials")),
    }


@pytest.mark.parametrize("game,state,stepper,expected", PAGES, ids=[p[0] for p in PAGES])
def test_page_shows_the_engines_odds_and_reloads_from_its_url(browser, server, tmp_path, game, state, stepper,
                                                              expected):  # fmt: skip
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/{game}?{state}")
    settled(page)
    page.click(f"button[data-field='{stepper}'][data-step='1']")
    shown = settled(page)
    truth = run_battle(game, dict(expected), trials=REFINED, exact=True)
    assert shown["exact"] == f"{100 * truth.exact['attacker_win']:.2f}%"
    assert shown["mc"] == truth.metrics["attacker_win"] and shown["trials"] == truth.n  # same seed, same numbers
    assert page.locator("#charts svg").count() == 2
    if game == "hussars":
        assert page.locator("#tactics table.matrix").is_visible()
    timings = page.evaluate("window.simTimings")
    url = page.url
    assert stepper.replace(":", "%3A") + "=" in url
    again = browser.new_page()
    again.goto(url)  # the shared link reopens the same question
    assert settled(again) == shown
    shot = tmp_path / f"serve-{game}.png"
    again.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000  # a drawn page, not a blank one
    if os.environ.get("SIM_SERVE_SCREENSHOTS"):  # the README's pictures: 128 colours keep them small
        from PIL import Image

        small = Image.open(shot).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
        small.save(Path(os.environ["SIM_SERVE_SCREENSHOTS"]) / shot.name, optimize=True)
    print(f"{game}: first estimate {timings[-1]['first_ms']:.0f} ms, exact {timings[-1]['exact_ms']:.0f} ms")
    assert not errors
    page.close()
    again.close()


def test_download_solve_and_report_buttons(browser, server):
    page = browser.new_page()
    page.goto(f"{server.url}/principes?attacker.knight=2&defender.knight=1&seed=4")
    shown = settled(page)
    with page.expect_download() as download:
        page.click("#download")
    text = Path(download.value.path()).read_text()
    scenario = yaml.safe_load(text)
    assert scenario == {"game": "principes", "attacker": {"knight": 2}, "defender": {"knight": 1}, "seed": 4,
                        "trials": REFINED}  # fmt: skip
    assert run_battle("principes", scenario).metrics["attacker_win"] == shown["mc"]  # sim battle FILE: the same
    page.click("#solve-button")  # the smallest army of Knights for P(win) ≥ 0.8 (the defaults under Run)
    page.wait_for_function("document.getElementById('solve-answer').textContent.includes('reaches')")
    solved = solve_for("principes", {k: v for k, v in scenario.items() if k != "trials"}, "attacker.knight", 0.8,
                       trials=20_000, exact=True)  # fmt: skip
    assert f"{solved.best.army['attacker.knight']} × knight" in page.inner_text("#solve-answer")
    with page.expect_popup(timeout=120_000) as popup:
        page.click("#report")
    report = popup.value
    report.wait_for_load_state()
    assert "/reports/principes-" in report.url and report.locator("h1").count() == 1
    assert "Assumed values" in report.content()
    page.close()


def test_bad_field_is_shown_and_marked(browser, server):
    page = browser.new_page()
    page.goto(f"{server.url}/dark_ages?attacker.units.infantry=2&defender.units.infantry=1&seed=1")
    settled(page)
    page.select_option("#f-attacker\\.tech\\.infantry", "4")  # players have levels 1-3
    page.wait_for_function("document.getElementById('status').dataset.state === 'error'")
    assert "attacker.tech.infantry" in page.inner_text("#error")
    assert "bad" in page.get_attribute("#f-attacker\\.tech\\.infantry", "class")
    assert page.inner_text("#win-exact") == "—"  # no stale odds beside an error
    page.goto(f"{server.url}/")
    assert page.locator("#landing").is_visible() and not page.locator("#calculator").is_visible()
    page.close()
