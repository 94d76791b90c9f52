"""sim balance --oracle-seeds K: a faction counts as having nothing to gain only after K tuning runs, each on seeds of
its own, found nothing; the check runs all K and reports the largest gain."""

import json

import pytest

from sim.cli import main
from sim.config import CONFIG_DIR

STUDY = str(CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml")
TINY = ["--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2", "--eval-games", "300",
        "--rounds", "1", "--json", "--no-progress"]  # fmt: skip


def held_out_gain(run) -> float:
    """A tuning run's held-out gain, from its own records (the paired games of its plan and its baseline)."""
    base, tuned = (
        json.loads((run / "records" / f"holdout-{k}.json").read_text())["value"]["rows"] for k in ("baseline", "tuned")
    )
    pairs = [(t, b) for t, b in zip(tuned, base, strict=True) if t is not None and b is not None]
    return sum(t - b for t, b in pairs) / len(pairs)


def test_a_faction_with_nothing_to_gain_is_tuned_once_per_seed_and_the_largest_gain_counts(capsys, tmp_path):
    run = tmp_path / "run"
    args = ["balance", STUDY, *TINY, "--epsilon", "100", "--save", str(run)]  # no run can gain 100 points
    main(args)  # the default: one tuning run per faction, as before --oracle-seeds
    one = json.loads(capsys.readouterr().out)
    main([*args, "--oracle-seeds", "2", "--resume"])  # the finished run goes on as if started with two
    body = json.loads(capsys.readouterr().out)
    main([*args[:-1], str(tmp_path / "fresh"), "--oracle-seeds", "2"])
    fresh = json.loads(capsys.readouterr().out)
    assert "oracle_seeds" not in one["options"] and body["options"]["oracle_seeds"] == 2
    for key in ("equilibrium", "win_rate", "exploitability", "rounds", "games_played"):
        assert body[key] == fresh[key]
    (first,) = body["rounds"]
    for f in body["factions"]:
        for stage, measured in (
            (f"tune-r1-{f}", first["exploitability"][f]),
            (f"check-r1-{f}", body["exploitability"][f]),
        ):
            gains = [held_out_gain(run / stage), held_out_gain(run / f"{stage}-s2")]
            assert measured == pytest.approx(max(gains), abs=1e-6)
            first_run, second = (json.loads((run / s / "manifest.json").read_text()) for s in (stage, f"{stage}-s2"))
            assert first_run["seed"] != second["seed"] and first_run["plan"] == second["plan"]  # its own search
        # its first run is the run a single oracle seed makes
        assert held_out_gain(run / f"tune-r1-{f}") == pytest.approx(one["rounds"][0]["exploitability"][f], abs=1e-6)
    # fewer oracle seeds than the run holds is another run
    with pytest.raises(SystemExit) as stop:
        main([*args, "--resume"])
    assert stop.value.code == 2
    assert "oracle_seeds" in capsys.readouterr().err


def test_a_second_seed_runs_only_when_the_first_found_nothing(capsys, tmp_path):
    run = tmp_path / "run"
    main(["balance", STUDY, *TINY, "--epsilon", "0", "--oracle-seeds", "2", "--save", str(run)])
    body = json.loads(capsys.readouterr().out)
    for f in body["factions"]:
        gained = held_out_gain(run / f"tune-r1-{f}") > 0
        assert (run / f"tune-r1-{f}-s2").exists() == (not gained)
        assert (run / f"check-r1-{f}-s2").exists()  # the check runs every seed


@pytest.mark.parametrize("value", ["0", "-1", "two"])
def test_oracle_seeds_is_a_whole_number_of_at_least_one(capsys, value):
    with pytest.raises(SystemExit) as stop:
        main(["balance", STUDY, *TINY, "--oracle-seeds", value])
    assert stop.value.code == 2
    assert "--oracle-seeds" in capsys.readouterr().err
