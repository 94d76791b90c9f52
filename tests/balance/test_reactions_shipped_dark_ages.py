"""The Dark Ages searcher with its reactions searched (``reactions: true``, ``sim ladder … --tactics``) on the Dark
Ages verdict (studies/dark_ages/ruler-balance-3p-pooled/ladder-RULER-determinized-reactions.json): the same
games as the shipped ladders without it, a fresh run of the 4-playout rung plays the shipped games, and the README's
table and prose show the shipped numbers."""

import json

import pytest

from sim.config import CONFIG_DIR
from sim.experiments import load_experiment
from sim.games.dark_ages.ladder import change_text, ladder
from tests.balance.shipped_studies import README, balance_doc, points, readme_rows

STUDY = CONFIG_DIR / "dark_ages" / "balance" / "ruler-balance-3p-pooled"
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


def _cells(ruler: str) -> list[str]:
    without, with_ = _pair(ruler)
    a, b = without["rungs"][-1], with_["rungs"][-1]
    top = b["reactions"]["changes"]
    return [points(a["gain"], a["gain_ci95"]), points(b["gain"], b["gain_ci95"]),
            f"{b['reactions']['changed']} of {b['reactions']['decisions']}",
            f"{change_text(top[0])} ({top[0]['count']})" if top else "none"]  # fmt: skip


def test_the_readme_table_and_prose_show_the_shipped_numbers():
    shown = readme_rows("reactions dark_ages/ruler-balance-3p-pooled", "reactions")
    assert shown == {r.replace("_", " ").title(): _cells(r) for r in RULERS}
    after = " ".join(README.split("<!-- /reactions -->", 1)[1].strip().split("\n\n", 1)[0].split())
    diffs = [100 * (_pair(r)[1]["rungs"][-1]["gain"] - _pair(r)[0]["rungs"][-1]["gain"]) for r in RULERS]
    share = [r["rungs"][-1]["reactions"] for r in (_pair(x)[1] for x in RULERS)]
    lo, hi = min(s["changed"] / s["decisions"] for s in share), max(s["changed"] / s["decisions"] for s in share)
    assert f"changes {lo:.0%} to {hi:.0%} of its reactions" in after
    assert f"from {min(diffs):+.1f} to {max(diffs):+.1f} points" in after
