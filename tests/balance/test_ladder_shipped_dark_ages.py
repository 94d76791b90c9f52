"""The searcher's ladder on the shipped 3-player Dark Ages equilibrium (studies/dark_ages/ruler-balance-3p/
ladder-RULER.json, written by ``sim ladder … --json``): one per Ruler, at 4, 16 and 64 playouts, seeing every hidden
card (the cheating upper bound) and determinized (``ladder-RULER-determinized.json``); a fresh run of the 4-playout rung
plays exactly the shipped games."""

import json

import pytest

from sim.experiments import load_experiment
from sim.games.dark_ages.ladder import ladder
from sim.studies import STUDIES_DIR

STUDY = STUDIES_DIR / "dark_ages" / "ruler-balance-3p"
RULERS = ("conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
          "pandulf_ironhead", "gero_the_great")  # fmt: skip


def _ladders(suffix: str = "") -> dict:
    return {r: json.loads((STUDY / f"ladder-{r}{suffix}.json").read_text()) for r in RULERS
            if (STUDY / f"ladder-{r}{suffix}.json").exists()}  # fmt: skip


def test_every_ruler_has_a_ladder_on_the_equilibrium():
    raw = load_experiment(STUDY / "equilibrium.yaml")
    cheating, determinized = _ladders(), _ladders("-determinized")
    assert set(cheating) == set(determinized) == set(RULERS)
    for suffix, ladders in (("", cheating), ("-determinized", determinized)):
        for ruler, lad in ladders.items():
            assert lad["seat"] == ruler and lad["determinize"] == bool(suffix) and lad["games"] == 100
            assert lad["plan"] == next(iter(raw["seats"][ruler]["mix"])) and lad["seed"] == raw["seed"]
            assert [r["rollouts"] for r in lad["rungs"]] == [4, 16, 64]
            for r in lad["rungs"]:
                assert r["win_rate"] - lad["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)
                assert 0 < r["changed"] <= r["decisions"]


@pytest.mark.parametrize(
    "ruler, determinize", [pytest.param("tomislav", False, marks=pytest.mark.full), ("tomislav", True)]
)  # make test: the determinized (default) one
def test_a_fresh_run_plays_the_shipped_games(ruler, determinize):
    """The plan alone and the searcher at 4 playouts on the shipped seed: the same wins, the same searched turns
    and the same changes, game for game (only the speed differs)."""
    shipped = _ladders("-determinized" if determinize else "")[ruler]
    raw = load_experiment(STUDY / "equilibrium.yaml")
    fresh = ladder(raw, ruler, [4], games=shipped["games"], seed=shipped["seed"], workers=1, determinize=determinize)
    assert fresh.plan_win_rate == shipped["plan_win_rate"]
    got, want = fresh.to_json()["rungs"][0], shipped["rungs"][0]
    for key in ("win_rate", "gain", "decisions", "changed", "changes"):
        assert got[key] == pytest.approx(want[key]) if isinstance(want[key], float) else got[key] == want[key], key




