"""sim sweep on a full-game experiment: each grid point equals an independent run on the same seed."""

import pandas as pd
import pytest

from sim.cli import main
from sim.config import CONFIG_DIR, read_yaml
from sim.experiments import run_experiment

BALANCE = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"


def test_experiment_sweep_points_equal_independent_runs(tmp_path, capsys):
    main(["sweep", str(BALANCE), "--param", "history=false,true", "--games", "12", "--seed", "3", "-o", str(tmp_path)])
    frame = pd.read_csv(tmp_path / "sweep.csv")
    assert (tmp_path / "sweep.png").stat().st_size > 2000
    for history in (False, True):
        expected = run_experiment({**read_yaml(BALANCE), "history": history}, games=12, seed=3).metrics["win_rate"]
        got = frame[frame["history"] == history].set_index("faction")["estimate"].to_dict()
        assert got == pytest.approx(expected, rel=1e-5)  # CSV: full precision


def test_experiment_sweep_bad_key_is_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["sweep", str(BALANCE), "--param", "no_such_key=1,2", "--games", "4"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("error:") and "no_such_key" in err and err.count("\n") == 1
