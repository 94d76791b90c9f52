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
SAVED = "[cache] data saved to"  # NUMBA_DEBUG_CACHE: a compiled function written to the cache


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
    runs = [subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]  # fmt: skip
    answers = [run.communicate(timeout=1200) for run in runs]
    for run, (_, err) in zip(runs, answers, strict=True):
        assert run.returncode == 0, err[-2000:]
    monkeypatch.chdir(tmp_path)
    code, warm, err, _ = invoke(["run", str(study), *ARGS])  # this process: the tests' warm cache
    assert code == 0, err
    assert _numbers(answers[0][0]) == _numbers(answers[1][0]) == _numbers(warm)
    compiled = [sum(SAVED in line and "principes" in line for line in out.splitlines()) for out, _ in answers]
    assert sorted(compiled)[0] == 0 < sorted(compiled)[1], f"functions compiled and saved per run: {compiled}"
