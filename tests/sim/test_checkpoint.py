"""Checkpoint and resume: chunks written atomically, a killed run resumes to the uninterrupted answer."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl
import pytest

import sim
from sim.errors import SimError

SCENARIO = dict(
    attacker={"knight": 2, "footman": 2},
    defender={"prince": 1, "footman": 2},
    site="gord",
    attacker_faction="masovia",
    attacker_cards={"either": 1},
    defender_tiles=["learning_chess"],
)


def test_save_writes_outputs_and_manifest(tmp_path):
    r = sim.battle("principes", trials=50_000, seed=4, save=tmp_path / "run", chunk=8_000, **SCENARIO)
    names = {p.name for p in (tmp_path / "run").iterdir()}
    assert names == {"manifest.json", "chunks", "summary.csv", "result.json", "trials.parquet", "checksums.json"}
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["seed"] == 4 and manifest["trials"] == 50_000 and manifest["chunk"] == 8_000
    assert len(list((tmp_path / "run" / "chunks").glob("*.npz"))) == 7  # ceil(50000 / 8000)
    trials = pl.read_parquet(tmp_path / "run" / "trials.parquet")
    assert trials["trial"].to_list() == list(range(50_000))
    assert trials["attacker_win"].mean() == pytest.approx(r.metrics["attacker_win"])
    assert not list((tmp_path / "run").rglob("*.tmp"))


def test_resume_of_a_finished_run_loads_every_chunk(tmp_path):
    first = sim.battle("principes", trials=40_000, seed=4, save=tmp_path, chunk=10_000, **SCENARIO)
    again = sim.battle("principes", trials=40_000, seed=4, save=tmp_path, chunk=10_000, resume=True, **SCENARIO)
    assert again.extra["chunks_loaded"] == 4
    assert again.metrics == first.metrics


def test_resume_refuses_a_different_run(tmp_path):
    sim.battle("principes", trials=20_000, seed=4, save=tmp_path, chunk=10_000, **SCENARIO)
    with pytest.raises(SimError, match="seed: saved 4, now 5"):
        sim.battle("principes", trials=20_000, seed=5, save=tmp_path, chunk=10_000, resume=True, **SCENARIO)
    with pytest.raises(SimError, match="config_hash"):
        sim.battle(
            "principes", trials=20_000, seed=4, save=tmp_path, chunk=10_000, resume=True, **{**SCENARIO, "site": "city"}
        )
    with pytest.raises(SimError, match="--resume"):
        sim.battle("principes", trials=20_000, seed=4, save=tmp_path, chunk=10_000, **SCENARIO)
    with pytest.raises(SimError, match="nothing to resume"):
        sim.battle("principes", trials=20_000, seed=4, save=tmp_path / "new", resume=True, **SCENARIO)


KILLED_RUN = """
import sys, time
import sim.games.principes.battle as b
slow = b.run_chunk
def run_chunk(*args):
    time.sleep(0.05)  # slow each chunk down so the test can kill the run mid-way
    return slow(*args)
b.run_chunk = run_chunk
import sim
sim.battle("principes", trials=400_000, seed=9, save=sys.argv[1], chunk=5_000, **{scenario})
"""


@pytest.mark.slow
def test_sigkill_then_resume_equals_an_uninterrupted_run(tmp_path):
    run_dir = tmp_path / "killed"
    script = KILLED_RUN.replace("{scenario}", repr(SCENARIO))
    proc = subprocess.Popen([sys.executable, "-c", script, str(run_dir)], env={**os.environ, "PYTHONHASHSEED": "0"})
    chunks = run_dir / "chunks"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(chunks.glob("*.npz"))) < 10:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    finished = len(list(chunks.glob("*.npz")))
    assert 10 <= finished < 80, "the run must be killed mid-way"
    resumed = sim.battle("principes", trials=400_000, seed=9, save=run_dir, chunk=5_000, resume=True, **SCENARIO)
    assert resumed.extra["chunks_loaded"] >= finished - 1  # a chunk may land between the count and the kill
    assert len(list(chunks.glob("*.npz"))) == 80 and not list(run_dir.rglob("*.tmp"))
    whole = sim.battle("principes", trials=400_000, seed=9, save=tmp_path / "whole", chunk=5_000, **SCENARIO)
    assert resumed.metrics == whole.metrics
    a, b = (pl.read_parquet(d / "trials.parquet") for d in (run_dir, tmp_path / "whole"))
    assert a.equals(b)
    assert np.array_equal(a["trial"].to_numpy(), np.arange(400_000))
    assert json.loads(Path(run_dir / "result.json").read_text())["attacker_win"] == whole.metrics["attacker_win"]


def test_written_files_are_ordinary_files(tmp_path):
    """Atomic writes go through a private temporary file; the result must not stay private."""
    from sim.results import write_text

    path = write_text(tmp_path / "x.txt", "hello")
    mask = os.umask(0)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_counts_only_checkpoints(tmp_path):
    """--no-trials-table: chunks hold counts only, no trials.parquet, and the numbers are the same."""
    r = sim.battle("principes", trials=30_000, seed=4, save=tmp_path, chunk=10_000, save_trials=False, **SCENARIO)
    assert not (tmp_path / "trials.parquet").exists()
    with np.load(next((tmp_path / "chunks").glob("*.npz"))) as data:
        assert all(name.startswith("c:") or name == "meta" for name in data.files)  # meta: the run header
    assert r.metrics == sim.battle("principes", trials=30_000, seed=4, **SCENARIO).metrics
