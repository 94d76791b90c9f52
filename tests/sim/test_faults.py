"""Fault tests with real processes: killed runs leave no workers, stopped runs resume to the uninterrupted answer,
and a full disk is a clean error that leaves a resumable run.

The default suite keeps one quick representative of each (a SIGKILL of a 2-worker run, a SIGTERM-and-resume
battle, a full disk); the random-point SIGINT/SIGTERM runs of a battle, a full-game study and a sweep are
behind ``full``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
BATTLE = ["battle", "principes", "--attacker", "knight=2,footman=2", "--defender", "prince=1,footman=2",
          "--attacker-cards", "either=1", "--no-trials-table", "--no-progress", "--seed", "7"]  # fmt: skip
EXPERIMENT = "game: principes\nengine: reference\nhistory: false\nseats: [builder, conqueror, politician, random]\n"


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a background shell job starts with SIGINT ignored


def start(argv: list[str], cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", "from sim.entry import main; main()", *argv], cwd=cwd, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip


def run_sim(argv: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    proc = start(argv, cwd)
    out, err = proc.communicate(timeout=timeout)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def wait_for(predicate, timeout: float = 120.0, every: float = 0.02) -> bool:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return False


def chunk_files(run: Path) -> int:
    return len(list((run / "chunks").glob("*.npz"))) if (run / "chunks").exists() else 0


def numbers(path: Path) -> dict:
    """A result.json without its timing."""
    data = json.loads(path.read_text())
    data.pop("seconds", None)
    return data


def here(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """``sim`` in this process (no signals involved, so no start-up to pay), with one worker."""
    from tests.fuzz.harness import invoke

    old = os.getcwd()
    os.chdir(cwd)
    try:
        argv = [a if a != "2" or argv[i - 1] != "--workers" else "1" for i, a in enumerate(argv)]
        code, out, err, _ = invoke(argv)
    finally:
        os.chdir(old)
    return subprocess.CompletedProcess(argv, code, out, err)


def interrupt_then_resume(argv: list[str], run: Path, cwd: Path, signum: int, after: int) -> subprocess.Popen:
    """Run ``argv`` (which saves to ``run``), send ``signum`` once ``after`` chunks are saved, check the one-line
    stop message, then rerun with --resume (in this process: the numbers do not depend on the workers)."""
    proc = start(argv, cwd)
    assert wait_for(lambda: chunk_files(run) >= after or proc.poll() is not None), "the run never saved a chunk"
    if proc.poll() is None:
        proc.send_signal(signum)
    out, err = proc.communicate(timeout=120)
    if proc.returncode != 0:  # it was stopped (not finished before the signal landed)
        assert proc.returncode == 128 + signum, err
        lines = [line for line in err.strip().splitlines() if line.strip()]
        assert lines and lines[-1].startswith("stopped after ") and "rerun with --resume to continue" in lines[-1]
        assert "Warning" not in err and "Traceback" not in err, err
    again = here([*argv, "--resume"], cwd)
    assert again.returncode == 0, again.stderr
    return proc


# ---- SIGKILL: no orphans ----


def test_sigkill_of_the_main_process_leaves_no_worker(tmp_path):
    proc = start([*BATTLE, "--trials", "1000000000000", "--workers", "2", "--save", str(tmp_path / "run")], tmp_path)
    main = psutil.Process(proc.pid)
    assert wait_for(lambda: len([c for c in main.children(recursive=True) if "loky" in " ".join(c.cmdline())]) >= 2)
    children = main.children(recursive=True)  # the workers and the resource trackers
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=30)
    assert wait_for(lambda: not any(_alive(c) for c in children), timeout=15), [
        " ".join(c.cmdline())[:120] for c in children if _alive(c)
    ]


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


# ---- SIGTERM / SIGINT, then --resume: the uninterrupted answer ----


def test_sigterm_then_resume_equals_an_uninterrupted_battle(tmp_path):
    argv = [*BATTLE, "--trials", "300000000", "--chunk", "1000000", "--workers", "2"]
    clean = here([*argv, "--save", str(tmp_path / "clean")], tmp_path)
    assert clean.returncode == 0, clean.stderr
    run = tmp_path / "run"
    stopped = interrupt_then_resume([*argv, "--save", str(run)], run, tmp_path, signal.SIGTERM, after=5)
    assert stopped.returncode == 128 + signal.SIGTERM, "the run finished before the signal: make it longer"
    assert numbers(run / "result.json") == numbers(tmp_path / "clean" / "result.json")


@pytest.mark.full
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_battle_stopped_at_random_points(tmp_path, signum, workers):
    argv = [*BATTLE, "--trials", "200000000", "--chunk", "1000000", "--workers", workers]
    assert run_sim([*argv, "--save", str(tmp_path / "clean")], tmp_path).returncode == 0
    rng = random.Random(f"{signum}-{workers}")
    run = tmp_path / "run"
    for round_ in range(3):  # stopped three times at random points, resumed each time
        args = [*argv, "--save", str(run)] + (["--resume"] if round_ else [])
        before = chunk_files(run)
        proc = start(args, tmp_path)  # wait until it runs (a signal during Python's own start-up is not ours)
        assert wait_for(lambda p=proc, b=before: chunk_files(run) > b or p.poll() is not None)
        time.sleep(rng.uniform(0.0, 1.0))
        if proc.poll() is None:
            proc.send_signal(signum)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode in (0, 128 + signum), err
        assert "Traceback" not in err and "Warning" not in err, err
    final = run_sim([*argv, "--save", str(run), "--resume"], tmp_path)
    assert final.returncode == 0, final.stderr
    assert numbers(run / "result.json") == numbers(tmp_path / "clean" / "result.json")


@pytest.mark.full
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_full_game_study_stopped_then_resumed(tmp_path, signum):
    (tmp_path / "e.yaml").write_text(EXPERIMENT)
    argv = ["run", "e.yaml", "--games", "240", "--chunk", "8", "--seed", "3", "--no-progress", "--json"]
    clean = run_sim([*argv, "--save", "clean"], tmp_path)
    assert clean.returncode == 0, clean.stderr
    after = random.Random(str(signum)).randint(2, 12)
    interrupt_then_resume([*argv, "--save", "run"], tmp_path / "run", tmp_path, signum, after=after)
    assert numbers(tmp_path / "run" / "result.json") == numbers(tmp_path / "clean" / "result.json")


@pytest.mark.full
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_sweep_stopped_then_resumed(tmp_path, signum):
    scenario = ROOT / "configs/principes/battles/six-vs-six.yaml"
    argv = ["sweep", str(scenario), "--param", "attacker.knight=1..4", "--trials", "40000000", "--seed", "5"]
    clean = run_sim([*argv, "-o", "clean_out"], tmp_path)
    assert clean.returncode == 0, clean.stderr
    proc = start([*argv, "-o", "out", "--save", "run"], tmp_path)
    assert wait_for(lambda: (tmp_path / "run" / "point-00001").exists() or proc.poll() is not None)
    if proc.poll() is None:
        proc.send_signal(signum)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode in (0, 128 + signum), err
    again = run_sim([*argv, "-o", "out", "--save", "run", "--resume"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "out" / "sweep.csv").read_text() == (tmp_path / "clean_out" / "sweep.csv").read_text()


# ---- a full disk ----


@contextlib.contextmanager
def small_disk(path: Path, size: str):
    """A tmpfs of ``size`` at ``path`` (root only); None when it cannot be mounted."""
    path.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
                                                   capture_output=True).returncode == 0  # fmt: skip
    try:
        yield path if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_full_disk_is_a_clean_error_and_resumable(tmp_path, monkeypatch):
    argv = [*BATTLE, "--trials", "60000000", "--chunk", "500000"]  # 120 chunks of about 2.6 KB
    clean = here([*argv, "--save", str(tmp_path / "clean")], tmp_path)
    assert clean.returncode == 0, clean.stderr
    with small_disk(tmp_path / "disk", "160k") as disk:
        if disk is not None:  # a real full disk: tmpfs fills up part-way through the chunks
            run = disk / "run"
            full = run_sim([*argv, "--save", str(run)], tmp_path)
            subprocess.run(["mount", "-o", "remount,size=8m", str(disk)], check=True, capture_output=True)
        else:  # not root: every write after the 40th fails as a full disk would
            import sim.results as results
            from tests.fuzz.harness import invoke

            real, calls = results.os.replace, []

            def replace(src, dst):
                calls.append(dst)
                if len(calls) > 40:
                    raise OSError(errno.ENOSPC, "No space left on device", str(dst))
                return real(src, dst)

            run = tmp_path / "run"
            monkeypatch.setattr(results.os, "replace", replace)
            code, _, err, _ = invoke([*argv, "--save", str(run)])
            monkeypatch.undo()
            full = subprocess.CompletedProcess(argv, code, "", err)
        assert full.returncode == 2, full.stderr
        assert full.stderr.count("\n") == 1 and full.stderr.startswith("error: "), full.stderr
        assert "No space left on device" in full.stderr and "--resume" in full.stderr, full.stderr
        assert 0 < chunk_files(run) < 120
        assert not list(run.rglob("*.tmp"))
        again = here([*argv, "--save", str(run), "--resume"], tmp_path)
        assert again.returncode == 0, again.stderr
        assert numbers(run / "result.json") == numbers(tmp_path / "clean" / "result.json")
