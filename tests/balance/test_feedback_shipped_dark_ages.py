"""The Dark Ages feedback study (issue 20): the 3-player Ruler study run again with the plans' research rule
(``research_after_passes``) in the built-in plans' search spaces, shipped as
studies/dark_ages/ruler-balance-3p-rules/ (``sim balance … --ship``), and the searcher's ladder on its
equilibrium beside it (ladder-RULER.json, ``sim ladder … --json``): one per Ruler, seeing every card as the first
study's ladders do, at 4, 16 and 64 playouts. The README's tables show the shipped numbers."""

import json

import pytest
import yaml

from sim.balance.space import parse_search
from sim.cli import main
from sim.config import CONFIG_DIR, read_yaml
from sim.games.dark_ages import multiplayer as X
from sim.games.dark_ages.experiment import experiment_from_dict
from sim.games.dark_ages.ladder import change_text
from sim.games.dark_ages.ladder import ladder as run_ladder
from strategies.dark_ages.scripted import SCRIPTED, load_plan
from tests.balance.shipped_studies import README, balance_doc, points, readme_rows, study_ladders

BALANCE = CONFIG_DIR / "dark_ages" / "balance"
OLD, NEW = BALANCE / "ruler-balance-3p", BALANCE / "ruler-balance-3p-rules"


def _plan(label: str) -> dict:
    if label in SCRIPTED:
        return load_plan(label)["params"]
    raw = yaml.safe_load((CONFIG_DIR / "dark_ages" / "strategies" / f"ruler-balance-3p-rules-{label}.yaml").read_text())
    return load_plan(raw["uses"], raw["params"])["params"]


@pytest.mark.parametrize("name", SCRIPTED)
def test_the_rule_is_in_every_built_in_plans_search_space_and_off_by_default(name):
    raw = yaml.safe_load((CONFIG_DIR / "dark_ages" / "strategies" / f"{name}.yaml").read_text())
    params = load_plan(name)["params"]
    assert params["research_after_passes"] == 0
    assert "research_after_passes" in {d.name for d in parse_search(raw["search"], params, name).dims}


def test_the_study_was_found_with_the_same_experiment_and_seed_as_the_old_one():
    old, new = balance_doc(OLD), balance_doc(NEW)
    assert new["seed"] == old["seed"] and new["factions"] == old["factions"] and len(new["rounds"]) == 3
    first = (NEW / "equilibrium.yaml").read_text().splitlines()[0]
    assert "ruler-balance-3p.yaml" in first and "--ship ruler-balance-3p-rules" in first


def test_every_ruler_has_a_ladder_on_the_equilibrium():
    """(Its plan-alone games are not the study's: the ladder seats every table, the study 7 of them; see the last
    test.)"""
    plans = {r: next(iter(m)) for r, m in balance_doc(NEW)["equilibrium"].items()}
    for ruler, ladder in study_ladders(NEW).items():
        assert ladder["seat"] == ruler and not ladder["determinize"] and not ladder["tactics"]
        assert ladder["plan"] in (plans[ruler], f"ruler-balance-3p-rules-{plans[ruler]}")
        assert [r["rollouts"] for r in ladder["rungs"]] == [4, 16, 64] and ladder["games"] == 100
        for r in ladder["rungs"]:
            assert r["win_rate"] - ladder["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)


def test_the_readme_ladder_table_shows_the_shipped_numbers():
    rows = readme_rows("ladder dark_ages/ruler-balance-3p-rules", "ladder")
    ladders = study_ladders(NEW)
    assert len(rows) == len(ladders)
    for ruler, ladder in ladders.items():
        cells = rows[ruler.replace("_", " ").title()]
        assert cells[:3] == ["all", f"{ladder['games']:,}", f"{ladder['plan_win_rate']:.1%}"]
        for cell, r in zip(cells[3:6], ladder["rungs"], strict=True):
            assert cell == f"{r['win_rate']:.1%} ({points(r['gain'], r['gain_ci95'])})"
        last = ladder["rungs"][-1]
        top = last["changes"][0]
        assert cells[6] == f"{change_text(top)} ({top['count']} of {last['decisions']:,} turns)"


def test_the_readme_before_and_after_table_shows_the_shipped_numbers():
    rows = readme_rows("feedback dark_ages/ruler-balance-3p-rules", "feedback")
    old, new = balance_doc(OLD), balance_doc(NEW)
    before, after = study_ladders(OLD), study_ladders(NEW)
    assert len(rows) == len(new["factions"]) and old["verdict_round"] == new["verdict_round"] == 3
    for f in new["factions"]:
        cells = rows[f.replace("_", " ").title()]
        assert cells[0] == points(old["exploitability"][f], old["exploitability_ci95"][f])
        assert cells[1] == points(new["exploitability"][f], new["exploitability_ci95"][f])
        o, n = before[f]["rungs"][-1], after[f]["rungs"][-1]
        assert cells[2] == points(o["gain"], o["gain_ci95"]) and cells[3] == points(n["gain"], n["gain_ci95"])
    section = README.split("<!-- feedback dark_ages/ruler-balance-3p-rules -->", 1)[1].split("<!-- /feedback")[0]
    said = f"nash_conv {100 * old['nash_conv']:.1f} points before, {100 * new['nash_conv']:.1f} after, both at round 3."
    assert said in section


def test_the_readme_says_which_equilibrium_plans_use_the_rule():
    doc = balance_doc(NEW)
    k = {}
    for ruler, mix in doc["equilibrium"].items():
        ((label, weight),) = mix.items()  # a pure equilibrium
        assert weight == 1.0
        k[ruler] = _plan(label)["research_after_passes"]
    text = " ".join(README.split("**Feeding the changes back (Dark Ages).**", 1)[1].split("<!-- ladder", 1)[0].split())
    users = sorted((r for r in k if k[r]), key=lambda r: (-k[r], r))
    said = "; ".join(
        f"{r.replace('_', ' ').title()}'s from its {k[r]}{'rd' if k[r] == 3 else 'th'} Pass" for r in users
    )
    assert said in text, said
    others = ", ".join(r.replace("_", " ").title() for r in doc["factions"] if not k[r])
    assert f"({others}: off)" in text


def _text() -> str:
    return " ".join(README.split("**Feeding the changes back (Dark Ages).**", 1)[1].split("<!-- ladder", 1)[0].split())


def test_the_readme_prose_shows_the_shipped_numbers():
    old, new = balance_doc(OLD), balance_doc(NEW)
    text = _text()
    w = lambda d, r: f"{d['win_rate'][r]:.1%}"  # noqa: E731
    assert f"Conrad the Red wins {w(new, 'conrad_the_red')} of his games, not {w(old, 'conrad_the_red')}" in text
    assert f"Gero the Great {w(new, 'gero_the_great')}, not {w(old, 'gero_the_great')}" in text
    for doc in (old, new):  # "Boleslaus stays the strongest and Tomislav the weakest"
        ranked = sorted(doc["factions"], key=lambda r: -doc["win_rate"][r])
        assert ranked[0] == "boleslaus_the_cruel" and ranked[-1] == "tomislav"
    rank = {name: sorted(d["factions"], key=lambda r: -d["win_rate"][r]).index("conrad_the_red")
            for name, d in (("old", old), ("new", new))}  # fmt: skip
    assert rank == {"old": 4, "new": 1}  # "Conrad the Red moved from fifth to second" (the first study's prose)
    assert "Conrad the Red moved from fifth to second" in " ".join(README.split())
    worst = max(new["exploitability"], key=new["exploitability"].get)
    assert worst == "boleslaus_the_cruel" and f"still gains {100 * new['exploitability'][worst]:.1f} points" in text
    assert f"(3 rounds, {round(new['seconds'] / 60)} minutes on one worker)" in text
    for name in SCRIPTED:
        raw = yaml.safe_load((CONFIG_DIR / "dark_ages" / "strategies" / f"{name}.yaml").read_text())
        assert raw["search"]["research_after_passes"] == [0, 6]
    assert "`k` from 0 to 6" in text
    users = sum(_plan(next(iter(mix)))["research_after_passes"] > 0 for mix in new["equilibrium"].values())
    assert users == 4 and "Four of the seven equilibrium plans use the rule" in text
    after = " ".join(
        README.split("<!-- /feedback -->", 1)[1].split("**What the Dark Ages tables cover.**", 1)[0].split()
    )
    gains = [100 * lad["rungs"][-1]["gain"] for lad in study_ladders(NEW).values()]
    assert f"still gains {min(gains):.0f}–{max(gains):.0f} points for every Ruler" in after and min(gains) > 3


def test_the_ladder_field_is_every_table_and_the_readme_says_what_that_changes():
    """The study seats 7 consecutive tables of the 35; the ladder every pair of the other six in every chair. Gero's
    equilibrium plan alone over the ladder's field wins what the README says, well below its study win rate."""
    raw = read_yaml(OLD / "equilibrium.yaml")
    lad = run_ladder(raw, "gero_the_great", [0], games=900, workers=1).to_json()
    lo, hi = lad["plan_win_ci95"]
    study = balance_doc(OLD)["win_rate"]["gero_the_great"]
    text = " ".join(README.split("**What the Dark Ages tables cover.**", 1)[1].split("\n\n", 1)[0].split())
    assert (
        f"wins {lad['plan_win_rate']:.1%} [{lo:.1%}, {hi:.1%}] of 900 games, against {study:.1%} in the study" in text
    )
    assert hi < study  # the two fields differ, beyond the ladder's interval


def test_the_study_seats_seven_of_the_35_tables():
    """The README's "7 of the 35 possible tables ... Tomislav, for one, never sits with Conrad or Arnulf"."""
    raw = read_yaml(OLD / "equilibrium.yaml")
    seats = {r: "culture" for r in raw["seats"]}  # the seating follows the Rulers, not their plans
    e = experiment_from_dict({"players": raw["players"], "rulers": raw["rulers"], "seats": seats}, "eq.yaml")
    tables = {frozenset(X.seating(e, i)[0]) for i in range(2000)}
    assert len(e.rulers) == 7 and len(tables) == 7
    met = set().union(*(t for t in tables if "tomislav" in t)) - {"tomislav"}
    assert not met & {"conrad_the_red", "arnulf_the_bad"} and len(met) == 4


def test_the_readme_quotes_the_feedback_ladders_speed():
    rates = {n: [r["games_per_s"] for lad in study_ladders(NEW).values() for r in lad["rungs"] if r["rollouts"] == n]
             for n in (16, 64)}  # fmt: skip
    text = " ".join(README.split("A searched game weighs up to 7 candidates", 1)[1].split("\n\n", 1)[0].split())
    assert (f"{min(rates[16]):.1f}–{max(rates[16]):.1f} at 16 playouts and {min(rates[64]):.2f}–{max(rates[64]):.2f} "
            "at 64") in text  # fmt: skip


def test_the_readme_replays_both_equilibria_over_every_table(capsys):
    """The README's every-table table: each shipped equilibrium replayed with ``--set tables=every`` (the command
    it shows), beside the study's own win rates; and its claims about what moves."""
    rows = readme_rows("every-table", "every-table")
    moved = {}
    for col, study in enumerate((OLD, NEW)):
        main(["run", str(study / "equilibrium.yaml"), "--set", "tables=every", "--games", "21000", "--json",
              "--no-progress"])  # fmt: skip
        out = json.loads(capsys.readouterr().out)
        assert out["games"] == 21000 and out["engine"] == "fast"
        study_rate = balance_doc(study)["win_rate"]
        for ruler, rate in out["win_rate"].items():
            lo, hi = out["win_rate_ci95"][ruler]
            assert rows[ruler][2 * col] == f"{100 * study_rate[ruler]:.1f}%"
            assert rows[ruler][2 * col + 1] == f"{100 * rate:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            moved[(study.name, ruler)] = 100 * (rate - study_rate[ruler])
        ranked = sorted(out["win_rate"], key=out["win_rate"].get)
        assert ranked[0] == min(study_rate, key=study_rate.get) == "tomislav"
        assert ranked[-1] == max(study_rate, key=study_rate.get) == "boleslaus_the_cruel"
    text = README.split("Boleslaus stays the strongest and Tomislav the weakest", 1)[1].split("\n\n")[0]
    text = " ".join(text.split())
    assert f"up to {max(abs(v) for v in moved.values()):.1f} points" in text
    gains = " and ".join(f"{moved[(s.name, 'berengar_of_ivrea')]:.1f}" for s in (OLD, NEW))
    losses = " and ".join(f"{-moved[(s.name, 'pandulf_ironhead')]:.1f}" for s in (OLD, NEW))
    assert f"Berengar gains {gains}, Pandulf loses {losses}" in text
