"""sim balance --library: the check also tries every plan of other experiments as one faction's deviation from the
verdict (payoff-table cells), and a faction's exploitability is the larger of that and its tuning run's gain."""

import json

import pytest

from sim.cli import main
from sim.config import CONFIG_DIR

STUDY = str(CONFIG_DIR / "principes" / "experiments" / "faction-balance-full.yaml")
LIBRARY = CONFIG_DIR / "principes" / "balance" / "faction-balance-full-r12" / "equilibrium.yaml"
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
        assert check["plans"] == 1 and check["best_plan"].startswith(f"faction-balance-full-r12-br-{f}-")
        lo, hi = check["gain_ci95"]
        assert lo < check["gain"] < hi
        # the tuning run's own gain is in the check's records; the reported one is the larger
        records = tmp_path / "run" / f"check-r{body['verdict_round']}-{f}" / "records"
        base, tuned = (json.loads((records / f"holdout-{k}.json").read_text())["rows"] for k in ("baseline", "tuned"))
        pairs = [(t, b) for t, b in zip(tuned, base, strict=True) if t is not None and b is not None]
        tuning = sum(t - b for t, b in pairs) / len(pairs)
        assert body["exploitability"][f] == pytest.approx(max(tuning, check["gain"]), abs=1e-9)
        if check["gain"] > tuning:
            by_library += 1
            assert body["best_responses"][f] == check["best_plan"]
    assert by_library  # the every-module equilibrium's plans beat what a 200-game tuning run finds against built-ins
