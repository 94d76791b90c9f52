"""sim balance --start: each faction's population starts from the plans that other runs' equilibrium files seat it
with (the runs pooled in one table), not from the built-in plans; a file that cannot seed it is one clean line."""

import json

import pytest

from sim.cli import main
from sim.config import CONFIG_DIR
from sim.studies import STUDIES_DIR

BALANCE = STUDIES_DIR / "principes"
STUDY = str(CONFIG_DIR / "principes" / "experiments" / "faction-balance-full.yaml")
RUNS = ("faction-balance-full-r12", "faction-balance-full-r12-seed20260102")
TINY = ["--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2", "--eval-games", "300",
        "--rounds", "1", "--json", "--no-progress"]  # fmt: skip


def test_start_pools_the_runs_equilibrium_plans_in_one_table(capsys, tmp_path):
    starts = [a for run in RUNS for a in ("--start", str(BALANCE / run / "equilibrium.yaml"))]
    main(["balance", STUDY, *TINY, *starts, "--save", str(tmp_path / "pooled")])
    body = json.loads(capsys.readouterr().out)
    first = body["rounds"][0]["populations"]
    for f in body["factions"]:
        shipped = [next(iter(json.loads((BALANCE / run / "balance.json").read_text())["equilibrium"][f]))
                   for run in RUNS]  # fmt: skip
        # the round-1 table holds exactly the two runs' equilibrium plans (by their shipped names), no built-in one
        assert first[f] == [f"{run}/{label}" for run, label in zip(RUNS, shipped, strict=True)]
    assert body["options"]["start"] == [str(BALANCE / run / "equilibrium.yaml") for run in RUNS]
    assert body["rounds"][0]["cells"] == 2**4


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        (
            "studies/dark_ages/ruler-balance-3p-every/equilibrium.yaml",
            "game: expected an experiment of principes",
        ),
        ("configs/principes/experiments/faction-balance-full.yaml", "rotate: expected fixed seats (rotate: false)"),
        ("no-such-file.yaml", "no-such-file.yaml"),
    ],
)
def test_a_start_file_that_cannot_seed_the_populations_is_one_line(capsys, start, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["balance", STUDY, *TINY, "--start", start])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
