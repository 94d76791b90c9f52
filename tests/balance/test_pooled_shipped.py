"""The pooled every-module study (studies/principes/faction-balance-full-pooled/, ``sim balance --start``
on the three seeded runs' equilibrium files, with the other shipped studies' plans as a second oracle,
``--library-joins``): each run's equilibrium checked against every plan the three found, a library plan joining
after round 1, and cells of both checks replayed exactly."""

import json

import pytest

from sim.balance.stability import start_check_rows
from sim.config import read_yaml
from sim.studies import STUDIES_DIR
from tests.balance.shipped_studies import check_dark_ages_ladders, table_cell

BALANCE = STUDIES_DIR / "principes"
POOLED = BALANCE / "faction-balance-full-pooled"
RUNS = ("faction-balance-full-r12", "faction-balance-full-r12-seed20260102", "faction-balance-full-r12-seed20260103")
DOC = json.loads((POOLED / "balance.json").read_text())


def _study(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 2)[-2]


def test_the_pooled_run_starts_from_the_three_runs_and_lets_the_library_join():
    assert [_study(c["source"]) for c in DOC["start_checks"]] == list(RUNS)
    assert DOC["options"]["start"] == [f"studies/principes/{run}/equilibrium.yaml" for run in RUNS]
    assert DOC["options"]["library_joins"] and DOC["options"]["library"] == DOC["library_check"]["files"]
    assert DOC["options"]["precision"] == 0.01 and DOC["rounds"][0]["table_games"] == 9604
    assert len(DOC["library_check"]["files"]) == 8  # every other Principes study shipped at the time
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


DARK_AGES = STUDIES_DIR / "dark_ages" / "ruler-balance-3p-pooled"
DARK_AGES_RUNS = ("ruler-balance-3p-every", "ruler-balance-3p", "ruler-balance-3p-rules")


def test_the_dark_ages_pooled_run_checks_the_every_table_verdict():
    doc = json.loads((DARK_AGES / "balance.json").read_text())
    assert [_study(c["source"]) for c in doc["start_checks"]] == list(DARK_AGES_RUNS)
    assert doc["exploitability_check"] and doc["nash_conv"] <= 0.02 and doc["rounds"][-1]["table_nash_conv"] <= 0.01
    every = doc["start_checks"][0]["gain"]  # run 1: the every-table verdict, beaten by other runs' plans
    assert max(every, key=every.get) == "conrad_the_red" and 100 * every["conrad_the_red"] > 10
    lib = [100 * c["gain"] for c in doc["library_check"]["checks"].values()]
    assert set(map(_study, doc["library_check"]["files"])) == set(DARK_AGES_RUNS)
    assert max(lib) < 0  # every library plan loses against the verdict
    rate = doc["win_rate"]
    assert (max(rate, key=rate.get), min(rate, key=rate.get)) == ("boleslaus_the_cruel", "tomislav")
    for run in DARK_AGES_RUNS:  # the two ends are those of every run it pooled
        ow = json.loads((STUDIES_DIR / "dark_ages" / run / "balance.json").read_text())["win_rate"]
        assert (max(ow, key=ow.get), min(ow, key=ow.get)) == ("boleslaus_the_cruel", "tomislav"), run


def test_the_dark_ages_ladder_on_the_verdict():
    check_dark_ages_ladders(DARK_AGES)


def test_the_report_of_a_pooled_run_shows_its_start_checks(tmp_path):
    from sim.balance.report import balance_report

    balance_report(POOLED, tmp_path)
    md, page = (tmp_path / "report.md").read_text(), (tmp_path / "report.html").read_text()
    head, *rows = start_check_rows(DOC)  # the pool's table: each run's equilibrium, each faction's best pool plan
    assert "## The runs it pooled" in md and all("| " + " | ".join(row) + " |" in md for row in rows)
    assert "<h2>The runs it pooled" in page and "run 1, `faction-balance-full-r12`" in page
    assert "+16.1 (run 2&#x27;s plan)" in page or "+16.1 (run 2's plan)" in page
    lib = DOC["rounds"][0]["library"]  # round 1's library plans that joined, and none in round 2
    joined = f"polonia_minor: {lib['polonia_minor']['best_plan']} (+{100 * lib['polonia_minor']['gain']:.1f})"
    assert joined in md and f"silesia: {lib['silesia']['best_plan']}" in md and "| none |" in md
    assert "| library plans joining | equally good other equilibria |" in md and f"{joined}, silesia" in md
    assert f"({100 * lib['silesia']['gain']:+.1f}) | {len(DOC['rounds'][0]['rivals'])} |" in md  # round 1's rivals
