"""The every-module verdict pooled a third time (studies/principes/faction-balance-full-pooled3*: the second
pooling's three verdicts as --start, every shipped Principes study as --library, seeds 20260101-20260103): what the
README says about its runs, its cross-check and its kingmakers."""

import json
from pathlib import Path

import pytest

from sim.balance.report import kingmakers_text
from sim.balance.stability import stability
from sim.config import CONFIG_DIR, read_yaml
from tests.balance.shipped_studies import mixture_value

BALANCE = CONFIG_DIR / "principes" / "balance"
RUNS = ("faction-balance-full-pooled3", "faction-balance-full-pooled3-seed20260102",
        "faction-balance-full-pooled3-seed20260103")  # fmt: skip
DOCS = [json.loads((BALANCE / r / "balance.json").read_text()) for r in RUNS]
VERDICT = json.loads((BALANCE / "faction-balance-full-pooled2-seed20260102" / "balance.json").read_text())
# the verdict's mixtures, its own plans named as other studies name them (the study's name before "br-")
VERDICT_MIX = {f: {("faction-balance-full-pooled2-seed20260102-" if k.startswith("br-") else "") + k: w
                   for k, w in m.items()} for f, m in VERDICT["equilibrium"].items()}  # fmt: skip
README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
SECTION = " ".join(README.split("**Pooling a third time,", 1)[1].split("**The searcher on the first pooled", 1)[0]
                   .split())  # fmt: skip
NEW = {"polonia_maior": "faction-balance-full-pooled3-seed20260102/br-polonia_maior-r1",
       "silesia": "faction-balance-full-pooled3-seed20260102/br-silesia-r3"}  # fmt: skip


def test_every_run_pools_the_second_poolings_verdicts_and_checks_them():
    starts = [f"configs/principes/balance/{r}/equilibrium.yaml" for r in
              ("faction-balance-full-pooled2", "faction-balance-full-pooled2-seed20260102",
               "faction-balance-full-pooled2-seed20260103")]  # fmt: skip
    later = {"faction-balance-r12", "faction-balance-pooled"}  # shipped after the third pooling, as the council runs
    shipped = {p.name for p in BALANCE.iterdir() if p.is_dir() and "pooled3" not in p.name and "council" not in p.name}
    shipped -= later
    beaten, verdict = [], []
    for doc in DOCS:
        assert doc["options"]["start"] == starts and doc["options"]["library_joins"]
        assert {Path(lib).parent.name for lib in doc["options"]["library"]} == shipped and len(shipped) == 14
        first = doc["rounds"][0]
        assert {f: len(p) for f, p in first["populations"].items()} == {
            "polonia_maior": 3, "masovia": 1, "polonia_minor": 2, "silesia": 3}  # fmt: skip
        assert first["table_games"] == 9604
        round_one, second, _ = doc["start_checks"]  # the second pooling's round-1 equilibrium, and its verdict
        beaten.append(round_one["gain"]["polonia_minor"])
        verdict.append(max(second["gain"].values()))
    assert f"loses {100 * min(beaten):.1f} to {100 * max(beaten):.1f} points to Polonia Minor's plan" in SECTION
    assert f"that verdict loses at most {100 * max(verdict):.1f}" in SECTION
    assert all(g > 0.03 for g in beaten) and max(verdict) < 0.01


def test_each_run_ends_as_the_readme_says():
    one, two, three = DOCS
    assert len(one["rounds"]) == 1 and max(one["rounds"][0]["exploitability"].values()) <= 0.01  # no gain over ε
    worst = max(one["exploitability"], key=one["exploitability"].get)
    assert worst == "polonia_maior" and f"Polonia Maior plan {100 * one['nash_conv']:.1f} points better" in SECTION
    assert len(two["rounds"]) == 4 and two["verdict_round"] == 4
    assert f"a new Polonia Maior plan gains {100 * two['rounds'][0]['exploitability']['polonia_maior']:.1f}" in SECTION
    for f, m in two["rounds"][0]["equilibrium"].items():  # it starts on the verdict's equilibrium
        assert m == pytest.approx(VERDICT_MIX[f], abs=1e-6)
    assert f"with Polonia Maior at {two['win_rate']['polonia_maior']:.1%}" in SECTION
    assert len(three["rounds"]) == 1 and f"more than {100 * three['nash_conv']:.1f} points" in SECTION
    assert {f: set(m) for f, m in three["equilibrium"].items()} == {f: set(m) for f, m in VERDICT_MIX.items()}
    mine = list(three["equilibrium"]["silesia"].values())
    theirs = list(VERDICT["equilibrium"]["silesia"].values())
    assert f"Silesia mixes its two {mine[0]:.2f} and {mine[1]:.2f} instead of {theirs[0]:.2f} and {theirs[1]:.2f}" \
        in SECTION  # fmt: skip
    assert max(two["nash_conv"], three["nash_conv"]) <= 0.02 < one["nash_conv"]  # two pass the 2-point check


def test_seed_3s_run_resumed_with_three_oracle_seeds_keeps_its_verdict():
    doc = json.loads((BALANCE / "faction-balance-full-pooled3-oracle3-seed20260103" / "balance.json").read_text())
    three = DOCS[2]
    assert doc["options"] == {**three["options"], "oracle_seeds": 3} and doc["seed"] == three["seed"]
    assert doc["equilibrium"] == three["equilibrium"] and doc["win_rate"] == three["win_rate"]
    (first,) = doc["rounds"]  # every faction's three round runs gained at most ε, so it stopped: 12 runs, 12 checks
    assert max(first["exploitability"].values()) <= doc["options"]["epsilon"] / 100
    worst = max(doc["exploitability"], key=doc["exploitability"].get)
    assert worst == "polonia_maior"
    assert f"the largest gain is Polonia Maior's {100 * doc['exploitability'][worst]:.1f}" in SECTION
    assert doc["nash_conv"] <= 0.01 and "checked by three fresh tuning runs per Principality" in README
    glance = " ".join(README.split("<!-- /glance -->", 1)[1].split("```sh", 1)[0].split())
    runs = 2 * len(doc["factions"]) * doc["options"]["oracle_seeds"]  # the round's and the check's
    assert f"(where {runs} tuning runs from three seeds gain at most {100 * doc['exploitability'][worst]:.1f} points)" \
        in glance  # fmt: skip


def test_the_stability_paragraph_quotes_the_three_runs():
    s = stability(sorted(DOCS, key=lambda d: d["seed"]))
    assert set(s.strongest) == {"polonia_minor"} and s.weakest == ("polonia_maior", "silesia", "polonia_maior")
    rates = [d["win_rate"]["polonia_minor"] for d in DOCS]
    assert f"strongest in all three runs ({min(rates):.1%}–{max(rates):.1%})" in SECTION
    assert f"Masovia moves by {100 * s.spread['masovia']:.1f} points" in SECTION
    assert not s.agree and max(s.spread.values()) > 0.02
    half = max((hi - lo) / 2 for d in DOCS for lo, hi in d["win_rate_ci95"].values())
    assert f"not from the verdicts' own noise (±{100 * half:.1f} points each)" in SECTION


def test_the_kingmaker_paragraph_quotes_the_shipped_records():
    for doc in DOCS:  # every round of the three runs has one
        assert all(h["kingmakers"] for h in doc["rounds"])
    first = DOCS[0]["rounds"][0]["kingmakers"][0]
    assert first["faction"] == "polonia_maior" and len(first["plans"]) == 3
    lo, hi = first["own"]
    (s_lo, s_hi), (m_lo, m_hi), (p_lo, p_hi) = (first["others"][g] for g in ("silesia", "masovia", "polonia_minor"))
    assert (f"Polonia Maior's 3 plans win it {lo:.1%}–{hi:.1%}, and over them Silesia wins {s_lo:.1%}–{s_hi:.1%}, "
            f"Masovia {m_lo:.1%}–{m_hi:.1%} and Polonia Minor {p_lo:.1%}–{p_hi:.1%}") in SECTION  # fmt: skip
    third = DOCS[2]["rounds"][0]["kingmakers"][0]
    assert third["faction"] == "silesia" and third["own"][0] == pytest.approx(third["own"][1])  # mixed: indifferent
    minor = third["others"]["polonia_minor"]
    assert (f"Silesia's 2 plans in the mixture win it {third['own'][0]:.1%} each, and over them Polonia Minor wins "
            f"{minor[0]:.1%}–{minor[1]:.1%}") in SECTION  # fmt: skip
    glance = " ".join(README.split("<!-- /glance -->", 1)[1].split("```sh", 1)[0].split())
    assert f"(Silesia {s_lo:.1%}–{s_hi:.1%} over Polonia Maior's three plans in one table)" in glance
    # what sim balance and sim report say about the verdict round
    assert kingmakers_text(DOCS[0]).startswith("Polonia Maior is a kingmaker here: 3 of its plans")


@pytest.mark.full  # 8 cells of 9,604 games
def test_seed_2s_new_plans_barely_gain_against_the_other_verdicts():
    gains = []
    for run, doc in ((RUNS[0], DOCS[0]), (RUNS[2], DOCS[2])):
        mix = {f: s["mix"] for f, s in read_yaml(BALANCE / run / "equilibrium.yaml")["seats"].items()}
        cells: dict = {}
        for f, plan in NEW.items():
            own = sum(w * mixture_value(doc, mix, f, p, cells) for p, w in mix[f].items())
            gains.append(mixture_value(doc, mix, f, plan, cells) - own)
    assert f"Seed 20260102's two new plans gain at most {100 * max(gains):.1f} points" in SECTION
    assert max(gains) < 0.01
