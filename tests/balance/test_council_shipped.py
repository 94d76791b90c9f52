"""The Council rule fed back from the searcher's Politics choices (issue 20): the every-module study run again from
the lead verdict with ``council_hold`` / ``council_final`` in the plans' search spaces, shipped as
studies/principes/faction-balance-full-council/ (``sim balance … --ship``), with the searcher's
``--actions`` ladders on its equilibrium beside it (ladder-FACTION-actions.json). The README's paragraphs and table
show the shipped numbers."""

import json

import pytest
import yaml

from sim.balance.space import parse_search
from sim.config import CONFIG_DIR
from strategies.principes import make, resolve
from tests.balance.shipped_studies import README, balance_doc, points, readme_rows, study_ladders

BALANCE = CONFIG_DIR / "principes" / "balance"
NEW, OLD = BALANCE / "faction-balance-full-council", BALANCE / "faction-balance-full-pooled2-seed20260102"
RULE = ("council_hold", "council_final")
SECTION = " ".join(README.split("**Feeding the Politics choices back: a Council rule.**", 1)[1].split("**Pooling a")[0]
                   .split())  # fmt: skip


def _title(f: str) -> str:
    return f.replace("_", " ").title()


def _plan(label: str) -> dict:
    _, uses, params = resolve(f"{NEW.name}-{label}")  # the tuned plan over its base plan's parameters
    return make(uses, params).p


def test_the_rule_is_in_every_built_in_plans_search_space_and_off_by_default():
    for name in ("builder", "conqueror", "politician"):
        raw = yaml.safe_load((CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml").read_text())
        p = make(name, raw["params"]).p
        assert p["council_hold"] == 0 and p["council_final"] is False
        assert set(RULE) <= {d.name for d in parse_search(raw["search"], p, name).dims}


def test_the_study_starts_from_the_lead_verdict_with_the_said_command():
    doc = balance_doc(NEW)
    verdict = f"configs/principes/balance/{OLD.name}/equilibrium.yaml"
    o = doc["options"]
    assert o["start"] == [verdict] and o["library"] == [verdict] and o["library_joins"]
    assert (o["rounds"], o["max_plans"], o["precision"], doc["seed"]) == (8, 6, 0.01, 20260104)
    assert "--ship faction-balance-full-council" in (NEW / "equilibrium.yaml").read_text().splitlines()[0]
    assert f"seed 20260104; {round(doc['seconds'] / 60)} minutes on 2 cores" in SECTION


def test_the_readme_says_what_the_rule_gains_against_the_old_verdict_and_where_the_loop_ends():
    doc, old = balance_doc(NEW), balance_doc(OLD)
    first = doc["rounds"][0]
    for f, mix in first["equilibrium"].items():  # round 1 re-solves the old verdict's plans: nearly its mixtures
        was = {k if k.startswith("faction-") else f"{OLD.name}-{k}": w for k, w in old["equilibrium"][f].items()}
        assert set(mix) == set(was) and all(abs(w - was[k]) < 0.1 for k, w in mix.items()), f
    gain = first["exploitability"]
    said = (f"gain {100 * gain['silesia']:.1f} points for Silesia, {100 * gain['polonia_minor']:.1f} for Polonia Minor "
            f"and {100 * gain['polonia_maior']:.1f} for Polonia Maior: nash_conv {100 * first['nash_conv']:.1f} where "
            f"the verdict above measured {100 * old['nash_conv']:.1f} without the rule")  # fmt: skip
    assert said in SECTION and gain["masovia"] <= 0
    assert f"gains more than {100 * max(doc['exploitability'].values()):.1f} points" in SECTION
    assert max(c["gain"] for c in doc["library_check"]["checks"].values()) < 0
    assert max(c["gain"] for c in doc["table_check"].values()) < 0
    rate, before = doc["win_rate"], old["win_rate"]
    assert (
        f"Masovia ({rate['masovia']:.1%}) leads and Polonia Minor ({rate['polonia_minor']:.1%}) follows, where "
        f"Polonia Minor led by {100 * (before['polonia_minor'] - before['masovia']):.0f} points"
    ) in SECTION
    assert f"Polonia Maior is still the weakest ({rate['polonia_maior']:.1%})" in SECTION
    assert min(before, key=before.get) == min(rate, key=rate.get) == "polonia_maior"
    spread = max(rate.values()) - min(rate.values())
    assert spread < max(before.values()) - min(before.values())  # "the four are closer to a fair 25%"


def test_every_equilibrium_plan_uses_the_rule_as_the_readme_says():
    doc = balance_doc(NEW)
    for f, mix in doc["equilibrium"].items():
        for label in mix:
            p = _plan(label)
            assert p["council_hold"] == 2 and p["council_final"] is (f != "masovia"), (f, label)
    assert "`council_hold: 2` in all of them, `council_final` in all but Masovia's" in SECTION


def _ladders(study) -> dict:
    return {f: json.loads((study / f"ladder-{f}-actions.json").read_text()) for f in balance_doc(NEW)["factions"]}


@pytest.mark.parametrize("faction", balance_doc(NEW)["factions"])
def test_the_actions_ladder_plays_the_new_equilibrium(faction):
    lad = _ladders(NEW)[faction]
    assert lad["seat"] == faction and lad["actions"] and lad["determinize"] and lad["games"] == 400
    assert [r["rollouts"] for r in lad["rungs"]] == [64]
    lo, hi = lad["plan_win_ci95"]  # the plan-alone games sample the equilibrium the balance.json replayed
    assert lo <= balance_doc(NEW)["win_rate"][faction] <= hi
    plans = {f"{NEW.name}-{k}" for k in balance_doc(NEW)["equilibrium"][faction]}
    assert {p.rsplit(" ", 1)[0] for p in lad["plan"].split(", ")} == plans
    r = lad["rungs"][0]
    assert r["win_rate"] - lad["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)
    a = r["actions"]
    assert a["decisions"] == sum(a["by_action"].values()) and a["changed"] == sum(c["count"] for c in a["changes"])


def test_the_readme_actions_table_and_sentence_show_the_shipped_numbers():
    from sim.games.principes.ladder import change_text

    rows = readme_rows(f"actions principes/{NEW.name}", "actions")
    new, old, plan_only = _ladders(NEW), _ladders(OLD), study_ladders(NEW)
    assert len(rows) == len(new)
    for f, lad in new.items():
        cells = rows[_title(f)]
        top, was, only = lad["rungs"][-1], old[f]["rungs"][-1], plan_only[f]["rungs"][-1]
        a, first, lead = top["actions"], top["actions"]["changes"][0], only["changes"][0]
        shown = f"{top['win_rate']:.1%} ({points(top['gain'], top['gain_ci95'])})"
        alone = f"{only['win_rate']:.1%} ({points(only['gain'], only['gain_ci95'])})"
        assert cells == [f"{lad['plan_win_rate']:.1%}", alone, f"{change_text(lead)} ({lead['count']:,})", shown,
                         points(was["gain"], was["gain_ci95"]),
                         f"{a['by_action']['movement']:,} / {a['by_action']['politics']:,}", f"{a['changed']:,}",
                         f"{first['action'].title()}: {first['change']} ({first['count']:,})"]  # fmt: skip
    gains = [100 * lad["rungs"][-1]["gain"] for lad in new.values()]
    before = [100 * lad["rungs"][-1]["gain"] for lad in old.values()]
    said = f"gains {min(gains):.1f} to {max(gains):.1f} points in every seat ({min(before):.1f} to {max(before):.1f}"
    assert said in SECTION and min(gains) > 3
    assert all(lad["rungs"][-1]["actions"]["changes"][0]["change"] == "draws another number of Court Cards"
               for lad in new.values())  # fmt: skip
    summary = " ".join(README.split())
    assert f"on the every-module verdict by {min(gains):.1f} to {max(gains):.1f} points when it" in summary


@pytest.mark.parametrize("faction", balance_doc(NEW)["factions"])
def test_the_plan_only_ladder_plays_the_same_games(faction):
    """ladder-FACTION.json: the searcher without --actions on the games of the --actions ladder (same seed, so the
    plan alone plays the same games and wins the same ones)."""
    only, full = study_ladders(NEW)[faction], _ladders(NEW)[faction]
    assert not only["actions"] and only["determinize"] and only["games"] == full["games"] == 400
    assert only["seed"] == full["seed"] and only["plan_win_rate"] == full["plan_win_rate"]
    assert [r["rollouts"] for r in only["rungs"]] == [64] and not only["rungs"][0]["actions"]


def test_the_readme_says_where_the_searchers_gain_comes_from():
    only = {f: lad["rungs"][-1]["gain"] for f, lad in study_ladders(NEW).items()}
    full = {f: lad["rungs"][-1]["gain"] for f, lad in _ladders(NEW).items()}
    added = [100 * (full[f] - only[f]) for f in only]
    said = (
        f"already gains {100 * min(only.values()):.1f} to {100 * max(only.values()):.1f} points, and weighing the "
        f"choices inside the Movement and Politics actions adds {min(added):.1f} to {max(added):.1f} more"
    )
    assert said in SECTION and min(only.values()) > max(added) / 100  # "most of the gain comes from the Round's plan"
    leads = {lad["rungs"][-1]["changes"][0]["to"] for lad in study_ladders(NEW).values()}
    froms = {lad["rungs"][-1]["changes"][0]["from"] for lad in study_ladders(NEW).values()}
    assert leads == {"progress", "assembly"} and froms == {"politics", "assembly"}


def test_the_readme_stability_paragraph_quotes_the_three_seeds():
    from sim.balance.stability import stability

    names = (NEW.name, f"{NEW.name}-seed20260105", f"{NEW.name}-seed20260106")
    runs = sorted((balance_doc(BALANCE / n) for n in names), key=lambda d: d["seed"])
    s = stability(runs)
    assert set(s.strongest) == {"masovia"} and len(set(s.weakest)) == 3 and not s.agree
    text = " ".join(README.split("**Three seeds with the rule.**", 1)[1].split("<!-- verdict", 1)[0].split())
    lo, hi = min(s.win_rate["masovia"]), max(s.win_rate["masovia"])
    assert f"Every run makes Masovia the strongest ({lo:.1%} to {hi:.1%})" in text
    spread = max(s.spread.values())
    assert f"Polonia Minor and Polonia Maior move by {100 * spread:.1f} points" in text
    assert {f"{100 * s.spread[f]:.1f}" for f in ("polonia_minor", "polonia_maior")} == {f"{100 * spread:.1f}"}
    last = runs[-1]
    assert last["verdict_round"] == len(last["rounds"]) == 7 and last["options"]["rounds"] == 8
    assert f"its check finds a Polonia Minor plan {100 * last['exploitability']['polonia_minor']:.1f} points" in text
    assert f"(nash_conv {100 * last['nash_conv']:.1f})" in text
    assert f"find at most {100 * max(max(r['exploitability'].values()) for r in runs[:2]):.1f}" in text
    minutes = [round(r["seconds"] / 60) for r in runs[1:]]
    assert f"{minutes[0]} and {minutes[1]} minutes on one core each" in text
