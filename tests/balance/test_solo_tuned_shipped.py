"""Solo against the rulebook's claim, with plans tuned per cell (studies/principes/solo-tuned/solo-tuned.json, and
studies/dark_ages/solo-tuned/solo-tuned.json): every cell's plan file is the tuned one, one cell replays exactly, and
the README's tables and prose show the shipped numbers. Rulebook (Principes, Solo Mode): "in general … easier to
win with Silesia or Polonia Maior, and harder with Masovia or Polonia Minor"."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.experiments import run_experiment
from tests.balance.shipped_studies import README, readme_rows

PRINCIPES = json.loads((CONFIG_DIR / "principes" / "balance" / "solo-tuned.json").read_text())["cells"]
LEVELS = ("normal", "hard", "legendary")
ORDER = ("silesia", "polonia_maior", "masovia", "polonia_minor")


def principes_cell(c: dict) -> str:
    lo, hi = c["run"]["win_rate_ci95"]
    return f"{c['run']['win_rate']:.1%} [{lo:.1%}, {hi:.2%}]; score {c['run']['mean_score']:.1f}"


def principes_rows() -> dict:
    by = {(c["principality"], c["level"]): c for c in PRINCIPES.values()}
    return {p.replace("_", " ").title(): [principes_cell(by[p, lv]) for lv in LEVELS] for p in ORDER}


def test_every_cell_is_tuned_and_shipped():
    assert len(PRINCIPES) == 12 and {(c["principality"], c["level"]) for c in PRINCIPES.values()} == {
        (p, lv) for p in ORDER for lv in LEVELS}  # fmt: skip
    for c in PRINCIPES.values():
        plan = (CONFIG_DIR / "principes" / "strategies" / f"{c['plan']}.yaml").read_text()
        assert f"sim tune {c['experiment']} --seat player --objective score" in plan
        exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
        assert exp["principalities"] == [c["principality"]] and exp["difficulties"] == [c["level"]]
        assert c["tune"]["budget"] == 60000 and c["tune"]["holdout_games"] == 20000 and c["run"]["games"] == 12000


def test_a_cell_replays_exactly():
    c = PRINCIPES["polonia_minor-legendary"]
    exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
    again = run_experiment({**exp, "strategies": [c["plan"]]}, source=c["experiment"])
    assert again.metrics["mean_score"]["legendary"]["polonia_minor"] == pytest.approx(c["run"]["mean_score"], abs=5e-5)
    assert again.metrics["win_rate"]["legendary"] == c["run"]["win_rate"]


def test_the_readme_table_and_prose_show_the_shipped_numbers():
    assert readme_rows("solo-tuned principes", "solo-tuned") == principes_rows()
    text = " ".join(README.split("<!-- /solo-tuned -->", 1)[1].strip().split("\n\n", 1)[0].split())
    wins = sum(round(c["run"]["win_rate"] * c["run"]["games"]) for c in PRINCIPES.values())
    games = sum(c["run"]["games"] for c in PRINCIPES.values())
    assert f"{wins} of the {games:,} games" in text
    by = {(c["principality"], c["level"]): c["run"]["mean_score"] for c in PRINCIPES.values()}
    for lv in LEVELS:  # "the two easier Principalities score more than the two harder at every level"
        assert min(by["silesia", lv], by["polonia_maior", lv]) > max(by["masovia", lv], by["polonia_minor", lv])
    gaps = [min(by["silesia", lv], by["polonia_maior", lv]) - max(by["masovia", lv], by["polonia_minor", lv])
            for lv in LEVELS]  # fmt: skip
    assert f"by {min(gaps):.1f} to {max(gaps):.1f} points" in text


DARK_AGES = json.loads((CONFIG_DIR / "dark_ages" / "balance" / "solo-tuned.json").read_text())["cells"]
# Rulebook, Module 1, "Adjusting the Difficulty": "Decreasing the Difficulty" lists the first two, "Increasing the
# Difficulty" the other eight.
EASIER = ("lordling_city_vp_only", "lordling_tech_1vp")


def dark_ages_rows() -> dict:
    from sim.stats import wilson

    rows = {}
    for option in ("standard", *EASIER, *sorted(set(DARK_AGES) - {"standard", *EASIER})):
        t = DARK_AGES[option]["tune"]
        lo, hi = wilson(round(t["tuned_win_rate"] * t["holdout_games"]), t["holdout_games"])
        says = "" if option == "standard" else "easier" if option in EASIER else "harder"
        gain = f"{100 * t['gain']:+.1f} [{100 * t['gain_ci95'][0]:+.1f}, {100 * t['gain_ci95'][1]:+.1f}]"
        rows[f"`{option}`"] = [
            says,
            f"{t['baseline_win_rate']:.1%}",
            f"{t['tuned_win_rate']:.1%} [{lo:.1%}, {hi:.1%}]",
            gain,
        ]
    return rows


def test_dark_ages_every_option_is_tuned_and_the_readme_shows_it():
    assert set(DARK_AGES) == {"standard", *EASIER, "raider_cards_harder", "lordling_title_vp", "lordling_culture_3",
                              "lordling_red_space_vp", "lordling_cognomen_10", "raiders_attack_at_trigger",
                              "barbarians_cumulative", "raider_upgrade_on_loss"}  # fmt: skip
    for option, c in DARK_AGES.items():
        exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
        assert exp["difficulties"] == [option] and c["tune"]["budget"] == 60000 and c["tune"]["holdout_games"] == 20000
        plan = (CONFIG_DIR / "dark_ages" / "strategies" / f"{c['plan']}.yaml").read_text()
        assert f"sim tune {c['experiment']} --seat player" in plan
    assert readme_rows("solo-tuned dark_ages", "solo-tuned dark_ages") == dark_ages_rows()
    text = " ".join(README.split("<!-- /solo-tuned dark_ages -->", 1)[1].strip().split("\n\n", 1)[0].split())
    rate = {o: c["tune"]["tuned_win_rate"] for o, c in DARK_AGES.items()}
    gains = [100 * c["tune"]["gain"] for c in DARK_AGES.values()]
    assert f"gains {min(gains):.1f} to {max(gains):.1f} points" in text
    assert min(rate[o] for o in EASIER) > rate["standard"]  # "both easier options are easier"
    not_harder = sorted(o for o in set(rate) - {"standard", *EASIER} if rate[o] >= rate["standard"])
    assert "not below the standard game: " + ", ".join(f"`{o}`" for o in not_harder) in text
    harder = sorted(set(rate) - {"standard", *EASIER} - set(not_harder))
    words = {4: "four", 8: "eight"}
    assert f'{words[len(harder)]} of the eight it lists under "Increasing the Difficulty" are harder' in text
    assert f"the 10-VP Cognomen most ({rate['lordling_cognomen_10']:.1%})" in text
    assert min(rate[o] for o in harder) == rate["lordling_cognomen_10"]
    same = [o for o in not_harder if f"{rate[o]:.3f}" == f"{rate['standard']:.3f}"]
    assert len(same) == 3 and f"is, if anything, easier ({rate['raider_cards_harder']:.1%})" in text
    assert f"the tuned player wins about {rate['standard']:.0%} of standard games" in text
