"""Solo against the rulebook's claim, with plans tuned per cell (studies/principes/solo-tuned/solo-tuned.json, and
studies/dark_ages/solo-tuned/solo-tuned.json): every cell's plan file is the tuned one, one cell replays exactly, and
what the records hold against the rulebook. Rulebook (Principes, Solo Mode): "in general … easier to
win with Silesia or Polonia Maior, and harder with Masovia or Polonia Minor"."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.experiments import run_experiment
from sim.studies import STUDIES_DIR, study_plan

PRINCIPES = json.loads((STUDIES_DIR / "principes" / "solo-tuned" / "solo-tuned.json").read_text())["cells"]
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
        plan = study_plan("principes", c["plan"]).read_text()
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


def test_no_tuned_plan_wins_and_the_easier_principalities_score_more():
    assert sum(round(c["run"]["win_rate"] * c["run"]["games"]) for c in PRINCIPES.values()) == 0
    assert len(principes_rows()) == 4
    by = {(c["principality"], c["level"]): c["run"]["mean_score"] for c in PRINCIPES.values()}
    for lv in LEVELS:  # "the two easier Principalities score more than the two harder at every level"
        assert min(by["silesia", lv], by["polonia_maior", lv]) > max(by["masovia", lv], by["polonia_minor", lv])


DARK_AGES = json.loads((STUDIES_DIR / "dark_ages" / "solo-tuned" / "solo-tuned.json").read_text())["cells"]
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


def test_dark_ages_every_option_is_tuned_and_the_easier_options_are_easier():
    assert set(DARK_AGES) == {"standard", *EASIER, "raider_cards_harder", "lordling_title_vp", "lordling_culture_3",
                              "lordling_red_space_vp", "lordling_cognomen_10", "raiders_attack_at_trigger",
                              "barbarians_cumulative", "raider_upgrade_on_loss"}  # fmt: skip
    for option, c in DARK_AGES.items():
        exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
        assert exp["difficulties"] == [option] and c["tune"]["budget"] == 60000 and c["tune"]["holdout_games"] == 20000
        plan = study_plan("dark_ages", c["plan"]).read_text()
        assert f"sim tune {c['experiment']} --seat player" in plan
    rate = {o: c["tune"]["tuned_win_rate"] for o, c in DARK_AGES.items()}
    assert len(dark_ages_rows()) == 11 and min(c["tune"]["gain_ci95"][0] for c in DARK_AGES.values()) > 0
    assert min(rate[o] for o in EASIER) > rate["standard"]  # "both easier options are easier"
    not_harder = sorted(o for o in set(rate) - {"standard", *EASIER} if rate[o] >= rate["standard"])
    harder = sorted(set(rate) - {"standard", *EASIER} - set(not_harder))
    assert min(rate[o] for o in harder) == rate["lordling_cognomen_10"]
    same = [o for o in not_harder if f"{rate[o]:.3f}" == f"{rate['standard']:.3f}"]
    assert len(same) == 3
