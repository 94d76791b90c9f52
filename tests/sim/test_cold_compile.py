"""Two ``sim run`` commands started together on a cold engine cache (issue 45): both answer, with the numbers a warm
run gives, and the engine is compiled once: the second waits on the compile lock (``sim.numba_cache.call``) and
loads the first one's machine code. Compiling costs CPU-minutes, so the test is behind ``full``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz.harness import invoke

ROOT = Path(__file__).resolve().parents[2]
STUDY = "game: principes\nengine: fast\nhistory: false\nseats: [builder, conqueror, politician, random]\n"
ARGS = ["--games", "16", "--chunk", "8", "--seed", "11", "--json", "--no-progress"]
ENGINE = "chunk.play_listed-"  # the Principes engine's game loop (compiled under the lock), as numba names its files


def _numbers(stdout: str) -> dict:
    answer = json.loads("\n".join(line for line in stdout.splitlines() if not line.startswith("[cache]")))
    return {k: v for k, v in answer.items() if k not in ("seconds", "chunks_loaded")}


@pytest.mark.full
def test_two_runs_on_a_cold_cache_compile_once_and_agree(tmp_path, monkeypatch):
    study = tmp_path / "study.yaml"
    study.write_text(STUDY)
    cold = tmp_path / "numba-cache"  # empty: nothing compiled yet
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cold), "NUMBA_DEBUG_CACHE": "1", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", "from sim.entry import main; main()", "run", str(study), *ARGS]
    logs = [(tmp_path / f"out-{i}.txt", tmp_path / f"err-{i}.txt") for i in range(2)]  # files: a pipe fills up
    runs = []
    for out, err in logs:
        with open(out, "w") as stdout, open(err, "w") as stderr:
            runs.append(subprocess.Popen(command, cwd=tmp_path, env=env, stdout=stdout, stderr=stderr))
    for run, (_, err) in zip(runs, logs, strict=True):
        assert run.wait(timeout=1800) == 0, err.read_text()[-2000:]
    answers = [(out.read_text(), err.read_text()) for out, err in logs]
    monkeypatch.chdir(tmp_path)
    code, warm, err, _ = invoke(["run", str(study), *ARGS])  # this process: the tests' warm cache
    assert code == 0, err
    assert _numbers(answers[0][0]) == _numbers(answers[1][0]) == _numbers(warm)
    saved = [sum("data saved to" in line and ENGINE in line for line in out.splitlines()) for out, _ in answers]
    loaded = [sum("data loaded from" in line and ENGINE in line for line in out.splitlines()) for out, _ in answers]
    assert sorted(saved) == [0, 1], f"the engine compiled and saved per run: {saved}"  # NUMBA_DEBUG_CACHE's lines
    assert loaded[saved.index(0)] >= 1, "the other run loaded the first one's machine code"
