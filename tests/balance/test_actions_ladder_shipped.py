"""The searcher weighing the choices inside its own Movement and Politics too (``sim ladder … --actions``), on the
lead every-module verdict: shipped as ``ladder-FACTION-actions.json`` beside the study's ``ladder-FACTION.json``
(the same command without ``--actions``). Both play the same games, and the README's table shows the shipped
numbers."""

import json

import pytest

from sim.config import CONFIG_DIR
from tests.balance.test_ladder_shipped import README

STUDY = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-pooled2-seed20260102"
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


def test_the_readme_actions_table_shows_the_shipped_numbers():
    section = README.split(f"<!-- actions principes/{STUDY.name} -->", 1)[1].split("<!-- /actions -->", 1)[0]
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.strip("|").split("|")[1:]]
            for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Faction")}  # fmt: skip
    assert len(rows) == len(FACTIONS)
    for faction in FACTIONS:
        plain, actions = ladders(faction)
        cells = rows[faction.replace("_", " ").title()]
        top, old = actions["rungs"][-1], plain["rungs"][-1]
        lo, hi = top["gain_ci95"]
        assert cells[0] == f"{plain['plan_win_rate']:.1%}" and cells[1] == f"{old['win_rate']:.1%}"
        assert cells[2] == f"{top['win_rate']:.1%} ({100 * top['gain']:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}])"
        a = top["actions"]
        assert cells[3] == f"{a['by_action']['movement']:,} / {a['by_action']['politics']:,}"
        assert cells[4] == f"{a['changed']:,}"
        first = a["changes"][0]
        assert cells[5] == f"{first['action'].title()}: {first['change']} ({first['count']:,})"


def test_the_readme_sentence_under_the_table_shows_the_shipped_numbers():
    text = " ".join(README.split("<!-- /actions -->", 1)[1].split("\n\n", 2)[1].split())
    added = [ladders(f)[1]["rungs"][-1]["win_rate"] - ladders(f)[0]["rungs"][-1]["win_rate"] for f in FACTIONS]
    assert f"adds {100 * min(added):.1f} to {100 * max(added):.1f} points" in text and min(added) > 0
    moves = [ladders(f)[1]["rungs"][-1]["actions"]["by_action"]["movement"] / ladders(f)[1]["games"] for f in FACTIONS]
    assert f"({min(moves):.1f} to {max(moves):.1f} searched a game" in text
    assert all(ladders(f)[1]["rungs"][-1]["actions"]["changes"][0]["action"] == "politics" for f in FACTIONS)


def test_the_balance_summary_states_the_actions_searchers_gains():
    gains = [ladders(f)[1]["rungs"][-1]["gain"] for f in FACTIONS]
    text = " ".join(README.split())
    said = f"(by {100 * min(gains):.1f} to {100 * max(gains):.1f} on the verdict before the Council rule)"
    assert said in text
