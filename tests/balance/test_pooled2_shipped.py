"""The every-module verdict pooled a second time (studies/principes/faction-balance-full-pooled2*): the three
seeded pooled verdicts' plans in one table, from three seeds. What the README says of it is what the shipped runs
hold: the table, the equilibrium every seed selects first, the seeds' tuning runs, the two equilibria checked against
each other's plans, and the stability table."""

import json

import pytest

from sim.balance.stability import format_stability, stability
from sim.config import CONFIG_DIR, read_yaml
from tests.balance.shipped_studies import README, mixture_value, table_cell

BALANCE = CONFIG_DIR / "principes" / "balance"
POOLED = ("faction-balance-full-pooled", "faction-balance-full-pooled-seed20260102",
          "faction-balance-full-pooled-seed20260103")  # fmt: skip
RUNS = ("faction-balance-full-pooled2", "faction-balance-full-pooled2-seed20260102",
        "faction-balance-full-pooled2-seed20260103")  # fmt: skip
VERDICT = RUNS[1]


def _doc(run: str) -> dict:
    return json.loads((BALANCE / run / "balance.json").read_text())


def _mix(run: str) -> dict:
    return {f: s["mix"] for f, s in read_yaml(BALANCE / run / "equilibrium.yaml")["seats"].items()}


def _profile(run: str) -> dict:
    return {f: next(iter(m)) for f, m in _mix(run).items()}


def _text() -> str:
    section = README.split("**Pooling the three pooled verdicts", 1)[1].split("**The searcher on the verdict**", 1)[0]
    return " ".join(section.split())


def _cross(points: float) -> str:
    return f"{100 * points:.1f}"


def test_round_one_pools_the_three_pooled_verdicts_and_every_seed_selects_one_equilibrium():
    docs = [_doc(run) for run in RUNS]
    union = {f: sorted({_profile(p)[f] for p in POOLED}) for f in docs[0]["factions"]}
    for doc in docs:
        assert doc["options"]["start"] == [f"configs/principes/balance/{p}/equilibrium.yaml" for p in POOLED]
        assert doc["options"]["precision"] == 0.01 and doc["options"]["library_joins"]
        assert len(doc["library_check"]["files"]) == 11  # every other shipped Principes study
        first = doc["rounds"][0]
        dropped = [(d["faction"], d["plan"]) for d in doc["pruned"] if d["round"] == 1]
        assert dropped == [("masovia", _profile(POOLED[2])["masovia"])]  # dominated beyond the noise
        union_left = {**union, "masovia": [p for p in union["masovia"] if p != dropped[0][1]]}
        assert {f: sorted(p) for f, p in first["populations"].items()} == union_left
        assert {f: next(iter(m)) for f, m in first["equilibrium"].items()} == _profile(RUNS[0])
    assert sorted(len(p) for p in union.values()) == [1, 3, 3, 3]
    text = _text()
    assert "1 Polonia Maior plan (all three seat it), 3 Masovia, 3 Polonia Minor and 3 Silesia; seed 20260103's" in text
    assert "Masovia plan is dominated beyond the cells' noise and leaves, so the table solved has 18 profiles" in text
    first, second, third = docs
    assert len(first["rounds"]) == len(third["rounds"]) == 1 and _profile(RUNS[2]) == _profile(RUNS[0])
    masovia = 100 * third["rounds"][0]["exploitability"]["masovia"]
    assert 0 < masovia < 1 and f"(Masovia +{masovia:.1f} in seed 20260103;" in text
    assert f"{first['seconds'] / 60:.0f} and {third['seconds'] / 60:.0f} minutes on 2 cores" in text
    assert f"so that run goes on ({second['seconds'] / 60:.0f} minutes on 2 cores" in text
    minor = second["rounds"][0]["exploitability"]["polonia_minor"]
    lo, hi = second["rounds"][0]["exploitability_ci95"]["polonia_minor"]
    assert f"Polonia Minor run gains +{100 * minor:.1f} [+{100 * lo:.1f}, +{100 * hi:.1f}]" in text


def test_seed_2s_run_ends_on_its_least_exploitable_round_which_nothing_beats():
    doc = _doc(VERDICT)
    measures = [h["nash_conv"] for h in doc["rounds"]]
    assert doc["verdict_round"] == len(doc["rounds"]) == 8 and min(measures) == measures[-1]
    assert all(any(len(m) > 1 for m in h["equilibrium"].values()) for h in doc["rounds"][2:])  # "no pure equilibrium"
    assert max(doc["exploitability"].values()) <= 0 and doc["nash_conv"] == 0.0
    joins = max(100 * c["gain"] for h in doc["rounds"] for c in h["library"].values())
    assert f"beat its rounds' equilibria by up to {joins:.1f} points and join" in _text()
    rate = doc["win_rate"]
    order = ", ".join(f"{f.replace('_', ' ').title()} {rate[f]:.1%}" for f in sorted(rate, key=rate.get, reverse=True))
    assert f"This is the every-module verdict: {order}" in _text()


def test_the_round_one_equilibrium_loses_to_seed_2s_plans_as_the_readme_says():
    doc, mine = _doc(RUNS[0]), _profile(RUNS[0])
    base = table_cell(doc, mine)
    minor = table_cell(doc, {**mine, "polonia_minor": _profile(VERDICT)["polonia_minor"]})["polonia_minor"]
    maior = table_cell(doc, {**mine, "polonia_maior": "faction-balance-full-pooled2-seed20260102/br-polonia_maior-r3"})
    text = _text()
    gain = minor - base["polonia_minor"]
    assert gain > 0.02 and f"Polonia Minor gains {_cross(gain)} points with seed 20260102's plan" in text
    assert f"and Polonia Maior {_cross(maior['polonia_maior'] - base['polonia_maior'])};" in text
    assert f"beats it by {_cross(gain)} points" in text


@pytest.mark.full
def test_no_plan_of_the_round_one_equilibrium_beats_seed_2s_verdict():
    """Seed 2's verdict is mixed: a deviation's payoff is its mean over the others' mixtures, cell by cell."""
    doc, mix, other = _doc(VERDICT), _mix(VERDICT), _profile(RUNS[0])
    cells: dict = {}

    def value(f: str, plan: str) -> float:
        return mixture_value(doc, mix, f, plan, cells)

    gains = {f: value(f, other[f]) - sum(w * value(f, p) for p, w in mix[f].items())
             for f in mix if other[f] not in mix[f]}  # fmt: skip
    best = max(gains.values())
    assert best < 0
    assert f"none of the round-1 equilibrium's plans gains (the best loses {_cross(-best)} points)" in _text()


def test_the_stability_table_is_the_shipped_runs_and_only_the_weakest_agrees():
    docs = [_doc(run) for run in RUNS]
    s = stability(docs)
    table = README.split("<!-- stability principes/faction-balance-full-pooled2 -->", 1)[1]
    assert table.split("<!-- /stability -->", 1)[0].strip() == format_stability(s)
    assert not s.agree and set(s.weakest) == {"polonia_maior"}
    assert s.strongest == ("masovia", "polonia_minor", "masovia")
    text = _text()
    assert f"(largest spread {100 * max(s.spread.values()):.1f} points)" in text
    maior = [d["win_rate"]["polonia_maior"] for d in docs]
    assert f"Polonia Maior is the weakest ({min(maior):.1%}–{max(maior):.1%})" in text
    third = docs[2]["exploitability"]["polonia_minor"]
    assert f"finds a Polonia Minor plan {100 * third:.1f} points better too" in text


def test_the_ladder_paragraph_shows_the_shipped_gains():
    gains = [100 * json.loads((BALANCE / VERDICT / f"ladder-{f}.json").read_text())["rungs"][-1]["gain"]
             for f in _doc(VERDICT)["factions"]]  # fmt: skip
    after = README.split(f"<!-- ladder principes/{VERDICT} -->", 1)[1].split("<!-- /ladder -->", 1)[1]
    assert f"the searcher gains {min(gains):+.1f} to {max(gains):+.1f} points in every seat" in " ".join(after.split())
