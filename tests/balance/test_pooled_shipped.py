"""The pooled every-module study (studies/principes/faction-balance-full-pooled/, ``sim balance --start``
on the three seeded runs' equilibrium files, with the other shipped studies' plans as a second oracle,
``--library-joins``): each run's equilibrium checked against every plan the three found, a library plan joining
after round 1, cells of both checks replayed exactly, and the README's tables and prose read from the shipped
numbers."""

import json

import pytest

from sim.balance.stability import format_stability, format_start_checks, stability
from sim.config import CONFIG_DIR, read_yaml
from tests.balance.shipped_studies import README, table_cell

BALANCE = CONFIG_DIR / "principes" / "balance"
POOLED = BALANCE / "faction-balance-full-pooled"
RUNS = ("faction-balance-full-r12", "faction-balance-full-r12-seed20260102", "faction-balance-full-r12-seed20260103")
RERUNS = ("faction-balance-full-pooled-seed20260102", "faction-balance-full-pooled-seed20260103")
DOC = json.loads((POOLED / "balance.json").read_text())


def _study(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 2)[-2]


def test_the_pooled_run_starts_from_the_three_runs_and_lets_the_library_join():
    assert [_study(c["source"]) for c in DOC["start_checks"]] == list(RUNS)
    assert DOC["options"]["start"] == [f"configs/principes/balance/{run}/equilibrium.yaml" for run in RUNS]
    assert DOC["options"]["library_joins"] and DOC["options"]["library"] == DOC["library_check"]["files"]
    assert DOC["options"]["precision"] == 0.01 and DOC["rounds"][0]["table_games"] == 9604
    later = {"faction-balance-r12"}  # shipped after this run, as the council runs
    names = [p.parent.name for p in BALANCE.glob("*/equilibrium.yaml")]
    others = sorted(n for n in names if "pooled" not in n and "council" not in n and n not in later)
    assert sorted(map(_study, DOC["library_check"]["files"])) == others  # every other shipped Principes study
    first, last = DOC["rounds"][0], DOC["rounds"][-1]
    run2 = _profile(BALANCE / RUNS[1])
    assert {f: next(iter(m)) for f, m in first["equilibrium"].items()} == run2  # round 1: run 2's profile
    # one rival: run 3's Masovia plan in run 2's profile, under which win rates differ by up to 4.3 points
    (rival,) = first["rivals"]
    assert rival["profile"] == {**run2, "masovia": _profile(BALANCE / RUNS[2])["masovia"]}
    spread = max(abs(rival["payoff"][f] - v) for f, v in first["table_payoff"].items())
    assert round(100 * spread, 1) == 4.3 and round(100 * rival["regret"], 1) == 0.7
    assert 100 * first["exploitability"]["masovia"] > 1  # a tuned Masovia plan joins...
    assert "br-masovia-r1" in last["populations"]["masovia"]
    for f in ("polonia_minor", "silesia"):  # ...and two library plans
        joined = first["library"][f]
        assert joined["best_plan"] in last["populations"][f] and 100 * joined["gain"] > 1
    assert len(DOC["rounds"]) == 2 and DOC["verdict_round"] == 2  # converged: nothing gains ε in round 2
    assert all(100 * g <= 1 for g in last["exploitability"].values())
    assert all(100 * c["gain"] <= 1 for c in last["library"].values()) and not last["rivals"]
    assert max(DOC["exploitability"].values()) <= 0.02  # the check meets the 2-point target


def _payoff(profile: dict, faction: str) -> float:
    """A faction's win rate in one cell of the pooled run's table, replayed: the cell's games, seed and plans."""
    return table_cell(DOC, profile)[faction]


def _profile(study) -> dict:
    return {f: next(iter(read_yaml(study / "equilibrium.yaml")["seats"][f]["mix"])) for f in DOC["factions"]}


@pytest.mark.full  # the first pooling, superseded by the second: its replayed cells run in make test-full
def test_run_1s_equilibrium_loses_to_run_2s_silesia_plan_as_shipped():
    """Run 1's equilibrium, which fresh tuning runs could not beat, in the pooled table: Silesia switching to run
    2's equilibrium plan gains the shipped 16.1 points (both cells replayed)."""
    check = DOC["start_checks"][0]
    profile = _profile(BALANCE / RUNS[0])
    other = _profile(BALANCE / RUNS[1])["silesia"]
    assert check["best_plan"]["silesia"] == other
    stay, switch = _payoff(profile, "silesia"), _payoff({**profile, "silesia": other}, "silesia")
    assert stay == pytest.approx(check["payoff"]["silesia"], abs=1e-12)
    assert switch - stay == pytest.approx(check["gain"]["silesia"], abs=1e-12)
    assert round(100 * check["gain"]["silesia"], 1) == 16.1


@pytest.mark.full  # the first pooling, superseded by the second: its replayed cells run in make test-full
def test_round_1s_equilibrium_loses_to_an_earlier_runs_polonia_minor_plan_as_shipped():
    """Round 1's library check: Polonia Minor switching to an earlier every-module run's equilibrium plan gains the
    shipped 7.5 points against round 1's equilibrium (both cells replayed), so that plan joins."""
    check = DOC["rounds"][0]["library"]["polonia_minor"]
    earlier = _profile(BALANCE / "faction-balance-full-seed20260103")["polonia_minor"]
    assert check["best_plan"] == earlier
    profile = {f: next(iter(m)) for f, m in DOC["rounds"][0]["equilibrium"].items()}
    stay, switch = _payoff(profile, "polonia_minor"), _payoff({**profile, "polonia_minor": earlier}, "polonia_minor")
    assert switch - stay == pytest.approx(check["gain"], abs=1e-12) and round(100 * check["gain"], 1) == 7.5


PREVIOUS_VERDICT = {  # the every-module verdict shipped before the ±1-point pipeline (cells of ±2 points)
    "polonia_maior": "faction-balance-full-r12-seed20260102/br-polonia_maior-r6",
    "masovia": "faction-balance-full-r12-seed20260102/br-masovia-r8",
    "polonia_minor": "faction-balance-full-seed20260103/br-polonia_minor-r11",
    "silesia": "faction-balance-full-r12-seed20260102/br-silesia-r7",
}


def _runs() -> list[dict]:
    return [DOC, *(json.loads((BALANCE / name / "balance.json").read_text()) for name in RERUNS)]


def test_the_readme_shows_the_pooled_checks_verdict_and_reruns():
    block = README.split("<!-- start-checks principes/faction-balance-full-pooled -->", 1)[1]
    assert block.split("<!-- /start-checks -->", 1)[0].strip() == format_start_checks(DOC)
    before = " ".join(block.split("<!-- /start-checks -->", 1)[1].split("<!-- verdict", 1)[0].split())
    first = DOC["rounds"][0]
    lib, tuned = first["library"], first["exploitability"]
    lo, hi = lib["polonia_minor"]["gain_ci95"]
    assert f"all {len(DOC['library_check']['files'])} other shipped Principes studies" in before
    assert f"Polonia Minor {100 * lib['polonia_minor']['gain']:.1f} points [{100 * lo:.1f}, {100 * hi:.1f}]" in before
    mlo, mhi = first["exploitability_ci95"]["masovia"]
    said = f"Masovia's fresh tuning run gains {100 * tuned['masovia']:.1f} points [{100 * mlo:.1f}, {100 * mhi:.1f}]"
    assert said in before
    assert f"and Silesia {100 * lib['silesia']['gain']:.1f}." in before
    tried = [c["plans"] for c in lib.values()]
    assert f"{min(tried)}–{max(tried)} plans a Principality" in before
    assert f"(Silesia's tuning run: +{100 * DOC['rounds'][1]['exploitability']['silesia']:.1f})" in before
    text = " ".join(block.split("<!-- /verdict -->", 1)[1].split("<!-- stability", 1)[0].split())
    rate, gain = DOC["win_rate"], DOC["exploitability"]
    order = sorted(rate, key=rate.get, reverse=True)
    shown = ", ".join(f"{f.replace('_', ' ').title()} {rate[f]:.1%}" for f in order)
    assert f"This was the every-module verdict until the second pooling below: {shown}" in text, text
    worst = max(gain, key=gain.get)
    assert f"gains more than {100 * gain[worst]:.1f} points (Silesia, inside the noise); nash_conv " in text
    assert worst == "silesia" and f"nash_conv {100 * DOC['nash_conv']:.1f}." in text
    runs = _runs()
    s = stability(runs)
    table = README.split("<!-- stability principes/faction-balance-full-pooled -->", 1)[1]
    assert table.split("<!-- /stability -->", 1)[0].strip() == format_stability(s)
    after = " ".join(table.split("<!-- /stability -->", 1)[1].split("<!-- verdict", 1)[0].split())
    a, b, c = runs
    assert a["rounds"][0]["equilibrium"] == b["rounds"][0]["equilibrium"] == c["rounds"][0]["equilibrium"]
    masovia = [100 * r["rounds"][0]["exploitability"]["masovia"] for r in runs]
    assert f"finds a plan {masovia[0]:.1f} points better" in after and max(masovia[1:]) <= 0
    assert f"finds a Silesia plan {100 * b['rounds'][0]['exploitability']['silesia']:.1f} points better" in after
    assert len(c["rounds"]) == 2 and {f: next(iter(m)) for f, m in c["equilibrium"].items()} == PREVIOUS_VERDICT
    assert f"checked at nash_conv {100 * c['nash_conv']:.1f}, Polonia Minor's fresh tuning run gaining" in after
    assert b["options"]["rounds"] == len(b["rounds"]) == b["verdict_round"] == 5
    top, low = max(b["win_rate"], key=b["win_rate"].get), min(b["win_rate"], key=b["win_rate"].get)
    assert (top, low) == ("polonia_maior", "polonia_minor")
    rates = b["win_rate"]
    assert f"Polonia Maior strongest ({rates[top]:.1%}) and Polonia Minor weakest ({rates[low]:.1%})" in after
    said = f"checked at nash_conv {100 * b['nash_conv']:.1f} (Polonia Minor gains {100 * b['exploitability'][low]:.1f}"
    assert said in after
    assert b["best_responses"][low] == b["table_check"][low]["best_plan"]  # "another plan of its own table"
    assert f"τ between the runs is {min(s.tau.values()):+.2f} to {max(s.tau.values()):+.2f}".replace("-", "−") in after
    lows = {f: min(r["win_rate"][f] for r in runs) for f in DOC["factions"]}
    highs = {f: max(r["win_rate"][f] for r in runs) for f in DOC["factions"]}
    assert f"between {min(lows.values()):.1%} and {max(highs.values()):.1%}" in after


def test_the_ladder_paragraph_shows_the_shipped_gains():
    gains = [100 * json.loads((POOLED / f"ladder-{f}.json").read_text())["rungs"][-1]["gain"] for f in DOC["factions"]]
    after = README.split("<!-- ladder principes/faction-balance-full-pooled -->", 1)[1].split("<!-- /ladder -->", 1)[1]
    assert f"the searcher gains {min(gains):+.1f} to {max(gains):+.1f} points in every seat" in " ".join(after.split())


DARK_AGES = CONFIG_DIR / "dark_ages" / "balance" / "ruler-balance-3p-pooled"
DARK_AGES_RUNS = ("ruler-balance-3p-every", "ruler-balance-3p", "ruler-balance-3p-rules")


def test_the_dark_ages_pooled_run_checks_the_every_table_verdict_as_the_readme_says():
    doc = json.loads((DARK_AGES / "balance.json").read_text())
    assert [_study(c["source"]) for c in doc["start_checks"]] == list(DARK_AGES_RUNS)
    assert doc["exploitability_check"] and doc["nash_conv"] <= 0.02 and doc["rounds"][-1]["table_nash_conv"] <= 0.01
    block = README.split("<!-- start-checks dark_ages/ruler-balance-3p-pooled -->", 1)[1]
    assert block.split("<!-- /start-checks -->", 1)[0].strip() == format_start_checks(doc)
    text = " ".join(block.split("<!-- /start-checks -->", 1)[1].split("**The first Dark Ages study", 1)[0].split())
    every = doc["start_checks"][0]["gain"]  # run 1: the every-table verdict, beaten by other runs' plans
    assert f"Conrad the Red gains {100 * every['conrad_the_red']:.1f} points against it with run 3's plan" in text
    assert f"Berengar of Ivrea {100 * every['berengar_of_ivrea']:.1f} with run 2's" in text
    lib = [100 * c["gain"] for c in doc["library_check"]["checks"].values()]
    assert set(map(_study, doc["library_check"]["files"])) == set(DARK_AGES_RUNS)
    assert max(lib) < 0 and f"every library plan loses, by {-max(lib):.1f} to {-min(lib):.1f} points" in text
    rate = doc["win_rate"]
    assert (max(rate, key=rate.get), min(rate, key=rate.get)) == ("boleslaus_the_cruel", "tomislav")
    assert (f"This is the Dark Ages verdict: Boleslaus the Cruel wins {rate['boleslaus_the_cruel']:.1%} of his games "
            f"against a fair 33.3%, and Tomislav {rate['tomislav']:.1%}") in text  # fmt: skip
    for run in DARK_AGES_RUNS:  # "The two ends are those of run 1 ... and of both 7-table studies"
        ow = json.loads((CONFIG_DIR / "dark_ages" / "balance" / run / "balance.json").read_text())["win_rate"]
        assert (max(ow, key=ow.get), min(ow, key=ow.get)) == ("boleslaus_the_cruel", "tomislav"), run
    ow = json.loads((CONFIG_DIR / "dark_ages" / "balance" / DARK_AGES_RUNS[0] / "balance.json").read_text())["win_rate"]
    assert f"of run 1 ({ow['boleslaus_the_cruel']:.1%} and {ow['tomislav']:.1%})" in text
    assert f"Conrad the Red {ow['conrad_the_red']:.1%} in run 1, {rate['conrad_the_red']:.1%} here" in text


def test_the_dark_ages_ladder_on_the_verdict():
    from tests.balance.shipped_studies import check_dark_ages_ladder_table

    ladders, text = check_dark_ages_ladder_table(DARK_AGES)
    changes = [lad["rungs"][-1]["changes"][0] for lad in ladders.values()]
    n = sum(c["from"] == "research" and c["to"] == "build" for c in changes)
    assert f"For {('no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven')[n]} Rulers its most frequent" in text


def test_the_report_of_a_pooled_run_shows_its_start_checks(tmp_path):
    from sim.balance.report import balance_report

    balance_report(POOLED, tmp_path)
    md, page = (tmp_path / "report.md").read_text(), (tmp_path / "report.html").read_text()
    assert "## The runs it pooled" in md and format_start_checks(DOC) in md
    assert "<h2>The runs it pooled</h2>" in page and "run 1, `faction-balance-full-r12`" in page
    assert "+16.1 (run 2&#x27;s plan)" in page or "+16.1 (run 2's plan)" in page
    lib = DOC["rounds"][0]["library"]  # round 1's library plans that joined, and none in round 2
    joined = f"polonia_minor: {lib['polonia_minor']['best_plan']} (+{100 * lib['polonia_minor']['gain']:.1f})"
    assert joined in md and f"silesia: {lib['silesia']['best_plan']}" in md and "| none |" in md
    assert "| library plans joining | rival equilibria |" in md and f"{joined}, silesia" in md
    assert f"({100 * lib['silesia']['gain']:+.1f}) | {len(DOC['rounds'][0]['rivals'])} |" in md  # round 1's rivals
