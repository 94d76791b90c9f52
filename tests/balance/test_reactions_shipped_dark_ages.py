"""The Dark Ages searcher with its reactions searched (``reactions: true``, ``sim ladder … --tactics``) on the Dark
Ages verdict (studies/dark_ages/ruler-balance-3p-pooled/ladder-RULER-determinized-reactions.json): the same
games as the shipped ladders without it, and a fresh run of the 4-playout rung plays the shipped games."""

import json

import pytest

from sim.experiments import load_experiment
from sim.games.dark_ages.ladder import ladder
from sim.studies import STUDIES_DIR
from tests.balance.shipped_studies import balance_doc

STUDY = STUDIES_DIR / "dark_ages" / "ruler-balance-3p-pooled"
RULERS = tuple(balance_doc(STUDY)["factions"])


def _pair(ruler: str) -> tuple[dict, dict]:
    """(the shipped ladder without reactions searched, with them)."""
    return tuple(json.loads((STUDY / f"ladder-{ruler}-determinized{s}.json").read_text()) for s in ("", "-reactions"))


@pytest.mark.parametrize("ruler", RULERS)
def test_the_reaction_ladder_plays_the_same_games_as_the_ladder_without(ruler):
    without, with_ = _pair(ruler)
    assert with_["tactics"] and with_["determinize"] and not without["tactics"]
    for key in ("games", "seed", "plan", "plan_win_rate"):
        assert with_[key] == without[key], key
    assert [r["rollouts"] for r in with_["rungs"]] == [4, 16, 64]
    for r in with_["rungs"]:
        assert 0 <= r["reactions"]["changed"] <= r["reactions"]["decisions"]


def test_a_fresh_run_plays_the_shipped_games():
    """Boleslaus's 4-playout rung on the shipped seed: the same wins, turns and reactions searched and changed."""
    shipped = _pair("boleslaus_the_cruel")[1]
    raw = load_experiment(STUDY / "equilibrium.yaml")
    fresh = ladder(raw, "boleslaus_the_cruel", [4], games=shipped["games"], seed=shipped["seed"], determinize=True,
                   tactics=True).to_json()["rungs"][0]  # fmt: skip
    want = shipped["rungs"][0]
    for key in ("win_rate", "decisions", "changed", "changes", "reactions"):
        assert fresh[key] == want[key], key


def test_searching_the_reactions_changes_few_of_them():
    share = [r["rungs"][-1]["reactions"] for r in (_pair(x)[1] for x in RULERS)]
    assert all(0 < s["changed"] / s["decisions"] < 0.5 for s in share)
    assert min(_pair(r)[1]["rungs"][-1]["gain_ci95"][0] for r in RULERS) > 0  # the searcher still gains everywhere
