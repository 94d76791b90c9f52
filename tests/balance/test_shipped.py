"""The balance studies shipped with sim (studies/<game>/<study>/, written by ``sim balance … --ship``): each
equilibrium file replays exactly the games its balance.json reports, names only plans that resolve, and says the
command that found it."""

import json

import pytest

from sim.config import read_yaml
from sim.experiments import run_experiment
from sim.studies import STUDIES_DIR, studies

STUDIES = sorted(p.parent for p in STUDIES_DIR.glob("*/*/balance.json"))  # every shipped balance study
LEAD = {s.name for s in studies() if s.status == "current" and s.headline["kind"] == "balance"}  # at a glance
# make test replays the current studies' 20,000 games; the superseded studies' replays run in make test-full
REPLAYED = [s if s.name in LEAD else pytest.param(s, marks=pytest.mark.full) for s in STUDIES]


def test_the_current_verdicts_are_shipped():
    names = {(s.parent.name, s.name) for s in STUDIES}
    assert LEAD == {"faction-balance-council-average", "faction-balance-full-council", "ruler-balance-3p-pooled"}
    assert {("principes", name) for name in LEAD if name.startswith("faction")} <= names


@pytest.mark.parametrize("study", REPLAYED, ids=lambda s: f"{s.parent.name}-{s.name}")
def test_a_shipped_equilibrium_replays_its_reported_games(study):
    doc = json.loads((study / "balance.json").read_text())
    text = (study / "equilibrium.yaml").read_text()
    assert text.startswith("# The equilibrium found by: sim balance ") and "--ship " + study.name in text
    exp = read_yaml(study / "equilibrium.yaml")
    assert exp["games"] == doc["options"]["eval_games"]
    for faction, seat in exp["seats"].items():  # the file's mixture is the reported one
        assert sorted(seat["mix"].values()) == pytest.approx(sorted(doc["equilibrium"][faction].values()), abs=1e-6)
    replay = run_experiment(exp, source=str(study / "equilibrium.yaml"))
    assert replay.metrics["win_rate"] == pytest.approx(doc["win_rate"], abs=5e-7)
    assert replay.metrics["win_type"] == pytest.approx(doc["win_type"], abs=5e-7)


def test_the_report_draws_each_games_fair_share():
    """The win-rate plot's fair-share line: 1 in 3 for Dark Ages at 3 players (7 Rulers, 3 a game), 1 in 4 for a
    4-player Principes study."""
    from sim.balance.report import fair_share

    for game, study, share in (("dark_ages", "ruler-balance-3p", 1 / 3), ("principes", "faction-balance-r12", 1 / 4)):
        directory = STUDIES_DIR / game / study
        assert fair_share(directory, json.loads((directory / "balance.json").read_text())) == pytest.approx(share)
