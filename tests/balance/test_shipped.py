"""The balance studies shipped with sim (configs/<game>/balance/<study>/, written by ``sim balance … --ship``): each
equilibrium file replays exactly the games its balance.json reports, names only plans that resolve, and says the
command that found it; the README's verdict table shows the shipped numbers."""

import json
import re
from pathlib import Path

import pytest

from reports.demo import shipped_balance
from sim.config import read_yaml
from sim.experiments import run_experiment

STUDIES = shipped_balance()
LEAD = {"faction-balance-council-average", "faction-balance-full-council", "ruler-balance-3p-pooled"}  # at a glance
# make test replays the lead studies' 20,000 games; the earlier studies' replays run in make test-full
REPLAYED = [s if s.name in LEAD else pytest.param(s, marks=pytest.mark.full) for s in STUDIES]
README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def test_the_three_studies_are_shipped():
    names = {(s.parent.parent.name, s.name) for s in STUDIES}
    assert {("principes", "faction-balance"), ("principes", "faction-balance-full")} <= names


@pytest.mark.parametrize("study", REPLAYED, ids=lambda s: f"{s.parent.parent.name}-{s.name}")
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


def _verdict_rows(game: str, study: str) -> dict:
    """The README's verdict table of one study: {faction title: cells}."""
    section = README.split(f"<!-- verdict {game}/{study} -->", 1)[1].split("<!-- /verdict -->", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): [c.strip() for c in cells[1:]] for cells in rows[1:]}


@pytest.mark.parametrize("study", STUDIES, ids=lambda s: f"{s.parent.parent.name}-{s.name}")
def test_the_readme_verdict_shows_the_shipped_numbers(study):
    doc = json.loads((study / "balance.json").read_text())
    rows = _verdict_rows(study.parent.parent.name, study.name)
    assert len(rows) == len(doc["factions"])
    for f in doc["factions"]:
        cells = rows[f.replace("_", " ").title()]
        lo, hi = doc["win_rate_ci95"][f]
        assert cells[0] == f"{doc['win_rate'][f]:.1%} [{lo:.1%}, {hi:.1%}]"
        g, (glo, ghi) = doc["exploitability"][f], doc["exploitability_ci95"][f]
        assert cells[1] == f"{100 * g:+.1f} [{100 * glo:+.1f}, {100 * ghi:+.1f}]"
        assert cells[2] == f"{doc['rotated_win_rate'][f]:.1%}"
    nash = re.search(rf"<!-- verdict {study.parent.parent.name}/{study.name} -->.*?nash_conv ([\d.]+) points", README,
                     re.S)  # fmt: skip
    assert nash and float(nash[1]) == round(100 * doc["nash_conv"], 1)


def test_the_readme_shows_each_tuned_plans_held_out_gain():
    """The oracle and reachability gains in the README are the ones the shipped plan files' headers record."""
    from sim.config import CONFIG_DIR

    verdict = README.split("### The verdict, and what it rests on", 1)[1].split("### ", 1)[0]
    verdict += README.split("**A plan tuned for solo still never wins.**", 1)[1].split("\n\n", 1)[0]
    files = sorted((CONFIG_DIR / "principes" / "strategies").glob("tuned-full-*.yaml"))
    files += [CONFIG_DIR / "principes" / "strategies" / f"{name}.yaml" for name in ("coronation/masovia", "solo-score/normal")]
    assert len(files) == 6
    for path in files:
        head = re.search(r"Held-out gain against (\w+): ([+-][\d.]+) points (\[[^\]]+\])", path.read_text())
        assert head, path
        faction = path.stem.removeprefix("tuned-full-").replace("_", " ").title()
        shown = f"{head[2]} {head[3]}" if "tuned-full" in path.stem else f"{head[2]} points {head[3]}"
        assert shown in verdict or f"{faction} {head[2]} points {head[3]}" in verdict, (path.name, shown)


def test_the_report_draws_each_games_fair_share():
    """The win-rate plot's fair-share line: 1 in 3 for Dark Ages at 3 players (7 Rulers, 3 a game), 1 in 4 for a
    4-player Principes study."""
    from sim.balance.report import _parity
    from sim.config import CONFIG_DIR

    for game, study, share in (("dark_ages", "ruler-balance-3p", 1 / 3), ("principes", "faction-balance-full", 1 / 4)):
        directory = CONFIG_DIR / game / "balance" / study
        assert _parity(directory, json.loads((directory / "balance.json").read_text())) == pytest.approx(share)


def test_the_readme_part1_paragraph_shows_the_shipped_numbers():
    """The part-1 study's prose numbers (first and best nash_conv, the largest gains, coronations, the top win rate)
    are the shipped balance.json's."""
    from sim.config import CONFIG_DIR

    doc = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance" / "balance.json").read_text())
    text = README.split("The part-1 meta-game cycles.", 1)[1].split("**Principes, 4 players, every module on**")[0]
    first = doc["rounds"][0]
    worst = max(first["exploitability"], key=first["exploitability"].get)
    assert f"{100 * first['exploitability'][worst]:.1f} points more ({worst.title()}, round 1)" in text
    best = f"from {100 * first['nash_conv']:.1f} to {100 * doc['nash_conv']:.1f} at round {doc['verdict_round']}"
    assert best in text
    gains = sorted(doc["exploitability"].items(), key=lambda kv: -kv[1])
    assert f"{gains[0][0].title()}'s\nbest response gains {100 * gains[0][1]:.1f} points, {gains[1][0].title()}'s " \
           f"{100 * gains[1][1]:.1f}" in text  # fmt: skip
    assert f"{doc['win_type']['coronation']:.1%} of games end in a coronation" in text
    top = max(doc["win_rate"], key=doc["win_rate"].get)
    assert top == "polonia_minor" and f"wins {doc['win_rate'][top]:.1%} against a fair 25%" in text
    assert f"rotated field ({doc['rotated_win_rate'][top]:.1%})" in text
    assert doc["options"]["meta"] == "average"


def test_the_default_budget_paragraph_quotes_the_shipped_first_rounds():
    """A default run (3 rounds) of the every-module study repeats the shipped study's first three rounds, as the README
    says: the numbers it quotes are those rounds' nash_conv."""
    from sim.config import CONFIG_DIR

    text = " ".join(README.split("**How long the default budget takes.**", 1)[1].split("\n\n", 1)[0].split())
    doc = json.loads((CONFIG_DIR / "principes" / "balance" / "faction-balance-full" / "balance.json").read_text())
    quoted = ", ".join(f"{100 * h['nash_conv']:.1f}" for h in doc["rounds"][:3])
    assert f"repeated the first three rounds of the shipped study exactly (nash_conv {quoted})" in text
