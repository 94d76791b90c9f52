"""The Dark Ages feedback study (issue 20): the 3-player Ruler study run again with the plans' research rule
(``research_after_passes``) in the built-in plans' search spaces, shipped as
studies/dark_ages/ruler-balance-3p-rules/ (``sim balance … --ship``), and the searcher's ladder on its
equilibrium beside it (ladder-RULER.json, ``sim ladder … --json``): one per Ruler, seeing every card as the first
study's ladders do, at 4, 16 and 64 playouts."""


import pytest
import yaml

from sim.balance.space import parse_search
from sim.config import CONFIG_DIR, read_yaml
from sim.games.dark_ages import multiplayer as X
from sim.games.dark_ages.experiment import experiment_from_dict
from sim.studies import STUDIES_DIR
from strategies.dark_ages.scripted import SCRIPTED, load_plan
from tests.balance.shipped_studies import balance_doc, study_ladders

BALANCE = STUDIES_DIR / "dark_ages"
OLD, NEW = BALANCE / "ruler-balance-3p", BALANCE / "ruler-balance-3p-rules"


def _plan(label: str) -> dict:
    if label in SCRIPTED:
        return load_plan(label)["params"]
    name = label if "/" in label else f"{NEW.name}/{label}"
    raw = yaml.safe_load((NEW / "plans" / f"{name.split('/')[1]}.yaml").read_text())
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
        assert ladder["plan"] in (plans[ruler], f"ruler-balance-3p-rules/{plans[ruler]}")
        assert [r["rollouts"] for r in ladder["rungs"]] == [4, 16, 64] and ladder["games"] == 100
        for r in ladder["rungs"]:
            assert r["win_rate"] - ladder["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)


def test_the_rule_keeps_the_ends_and_the_searcher_still_gains_for_every_ruler():
    old, new = balance_doc(OLD), balance_doc(NEW)
    for doc in (old, new):  # Boleslaus stays the strongest and Tomislav the weakest
        ranked = sorted(doc["factions"], key=lambda r: -doc["win_rate"][r])
        assert ranked[0] == "boleslaus_the_cruel" and ranked[-1] == "tomislav"
    assert old["verdict_round"] == new["verdict_round"] == 3
    users = [r for r, mix in new["equilibrium"].items() if _plan(next(iter(mix)))["research_after_passes"] > 0]
    assert 0 < len(users) < len(new["factions"])  # some equilibrium plans use the rule, not all
    assert min(lad["rungs"][-1]["gain"] for lad in study_ladders(NEW).values()) > 0.03


def test_the_study_seats_seven_of_the_35_tables():
    """7 of the 35 possible tables: Tomislav, for one, never sits with Conrad or Arnulf."""
    raw = read_yaml(OLD / "equilibrium.yaml")
    seats = {r: "culture" for r in raw["seats"]}  # the seating follows the Rulers, not their plans
    e = experiment_from_dict({"players": raw["players"], "rulers": raw["rulers"], "seats": seats}, "eq.yaml")
    tables = {frozenset(X.seating(e, i)[0]) for i in range(2000)}
    assert len(e.rulers) == 7 and len(tables) == 7
    met = set().union(*(t for t in tables if "tomislav" in t)) - {"tomislav"}
    assert not met & {"conrad_the_red", "arnulf_the_bad"} and len(met) == 4


