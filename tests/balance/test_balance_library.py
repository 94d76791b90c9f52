"""sim balance --library: the check also tries every plan of other experiments as one faction's deviation from the
verdict (payoff-table cells), and a faction's exploitability is the larger of that and its tuning run's gain."""

import json

import pytest

from sim.cli import main
from sim.config import CONFIG_DIR
from sim.studies import STUDIES_DIR

STUDY = str(CONFIG_DIR / "principes" / "experiments" / "faction-balance-full.yaml")
LIBRARY = STUDIES_DIR / "principes" / "faction-balance-full-r12" / "equilibrium.yaml"
TINY = ["--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2", "--eval-games", "300",
        "--rounds", "1", "--json", "--no-progress"]  # fmt: skip


def test_the_check_tries_the_library_and_reports_the_larger_gain(capsys, tmp_path):
    main(["balance", STUDY, *TINY, "--library", str(LIBRARY), "--save", str(tmp_path / "run")])
    body = json.loads(capsys.readouterr().out)
    lib = body["library_check"]
    by_library = 0
    assert lib["files"] == [str(LIBRARY)]
    for f in body["factions"]:
        check = lib["checks"][f]
        assert check["plans"] == 1 and check["best_plan"].startswith(f"faction-balance-full-r12/br-{f}-")
        lo, hi = check["gain_ci95"]
        assert lo < check["gain"] < hi
        # the tuning run's own gain is in the check's records; the reported one is the larger
        records = tmp_path / "run" / f"check-r{body['verdict_round']}-{f}" / "records"
        base, tuned = (json.loads((records / f"holdout-{k}.json").read_text())["value"]["rows"]  # a sealed record
                       for k in ("baseline", "tuned"))
        pairs = [(t, b) for t, b in zip(tuned, base, strict=True) if t is not None and b is not None]
        tuning = sum(t - b for t, b in pairs) / len(pairs)
        assert body["exploitability"][f] == pytest.approx(max(tuning, check["gain"]), abs=1e-9)
        if check["gain"] > tuning:
            by_library += 1
            assert body["best_responses"][f] == check["best_plan"]
    assert by_library  # the every-module equilibrium's plans beat what a 200-game tuning run finds against built-ins


def test_library_plans_that_beat_a_round_join_its_populations(capsys, tmp_path):
    """--library-joins: the library is a second oracle of the rounds (PSRO with two oracles)."""
    run = tmp_path / "run"
    args = ["balance", STUDY, *TINY, "--rounds", "2", "--epsilon", "0", "--max-plans", "8", "--library", str(LIBRARY),
            "--library-joins", "--save", str(run)]  # fmt: skip
    main(args)
    body = json.loads(capsys.readouterr().out)
    first, second = body["rounds"]
    joined = 0
    for f in body["factions"]:
        lib = first["library"][f]
        assert lib["plans"] == 1 and lib["best_plan"].startswith(f"faction-balance-full-r12/br-{f}-")
        # a library plan gaining more than ε (0 here) is in the next round's population; one that does not, is not
        assert (lib["best_plan"] in second["populations"][f]) == (lib["gain"] > 0)
        assert first["exploitability"][f] >= lib["gain"] - 1e-12  # a round's exploitability counts both oracles
        joined += lib["gain"] > 0
        if lib["best_plan"] in second["populations"][f]:
            assert second["library"][f]["plans"] == 0  # nothing of the library is left to try
    assert joined  # the every-module equilibrium's plans beat the built-in plans' equilibrium
    assert body["options"]["library_joins"] and body["options"]["library"] == [str(LIBRARY)]
    # the library shapes the rounds, so it is part of the run: a resume with another library is another run
    other = STUDIES_DIR / "principes" / "faction-balance-full-pooled" / "equilibrium.yaml"
    with pytest.raises(SystemExit) as stop:
        main([*args[:-4], "--library", str(other), "--library-joins", "--save", str(run), "--resume"])
    assert stop.value.code == 2


def test_library_joins_needs_a_library(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["balance", STUDY, *TINY, "--library-joins"])
    assert stop.value.code == 2
    assert "--library-joins" in capsys.readouterr().err
