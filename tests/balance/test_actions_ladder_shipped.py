"""The searcher weighing the choices inside its own Movement and Politics too (``sim ladder … --actions``), on the
lead every-module verdict: shipped as ``ladder-FACTION-actions.json`` beside the study's ``ladder-FACTION.json``
(the same command without ``--actions``). Both play the same games."""

import json

import pytest

from sim.studies import STUDIES_DIR

STUDY = STUDIES_DIR / "principes" / "faction-balance-full-pooled2-seed20260102"
FACTIONS = json.loads((STUDY / "balance.json").read_text())["factions"]


def ladders(faction: str) -> tuple[dict, dict]:
    return tuple(json.loads((STUDY / f"ladder-{faction}{s}.json").read_text()) for s in ("", "-actions"))


@pytest.mark.parametrize("faction", FACTIONS)
def test_the_actions_ladder_plays_the_plain_ladders_games(faction):
    plain, actions = ladders(faction)
    assert actions["actions"] and not plain.get("actions") and actions["determinize"] and plain["determinize"]
    for key in ("seat", "plan", "games", "seed", "plan_win_rate", "plan_win_ci95"):
        assert actions[key] == plain[key], key  # the same games: the seat's plan alone wins the same ones
    for r in actions["rungs"]:
        a = r["actions"]
        assert a["decisions"] == sum(a["by_action"].values()) and a["changed"] == sum(c["count"] for c in a["changes"])
        assert 0 < a["changed"] <= a["decisions"]


def test_weighing_the_actions_adds_to_the_searchers_gain_mostly_through_politics():
    added = [ladders(f)[1]["rungs"][-1]["win_rate"] - ladders(f)[0]["rungs"][-1]["win_rate"] for f in FACTIONS]
    assert min(added) > 0
    assert all(ladders(f)[1]["rungs"][-1]["actions"]["changes"][0]["action"] == "politics" for f in FACTIONS)
    assert min(ladders(f)[1]["rungs"][-1]["gain_ci95"][0] for f in FACTIONS) > 0
