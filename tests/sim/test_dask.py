"""Dask backends on loopback: the same numbers as a local run, surviving a killed worker, failing fast and clearly."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import sim
from sim.backends import Dask
from sim.errors import SimError

pytestmark = pytest.mark.slow

SCENARIO = dict(
    attacker={"knight": 2, "footman": 2},
    defender={"prince": 1, "footman": 2},
    site="gord",
    attacker_faction="masovia",
    defender_tiles=["learning_chess"],
    attacker_cards={"either": 1},
)
DASK = str(Path(sys.executable).with_name("dask")) if Path(sys.executable).with_name("dask").exists() else "dask"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listening on {port}")


def start(*args) -> subprocess.Popen:
    return subprocess.Popen([DASK, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture
def scheduler():
    port = free_port()
    procs = [start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")]
    wait_for_port(port)
    yield f"tcp://127.0.0.1:{port}", procs
    for proc in procs:
        stop(proc)


def add_workers(address, procs, n):
    workers = [
        start("worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard", "--death-timeout", "60")
        for _ in range(n)
    ]
    procs.extend(workers)
    return workers


def local(**kw):
    return sim.battle("principes", trials=kw.pop("trials", 400_000), seed=21, chunk=20_000, **SCENARIO, **kw)


def test_cluster_gives_the_local_numbers(scheduler):
    address, procs = scheduler
    add_workers(address, procs, 2)
    remote = local(backend="dask", scheduler=address)
    assert remote.metrics == local().metrics == local(workers=2).metrics


@pytest.mark.full  # 20 s of worker restarts; make test keeps the cluster-equals-local checks
def test_killed_worker_does_not_change_the_numbers(scheduler, tmp_path):
    address, procs = scheduler
    victim, _ = add_workers(address, procs, 2)
    out = {}
    run = threading.Thread(
        target=lambda: out.setdefault(
            "r", local(trials=20_000_000, backend="dask", scheduler=address, save=tmp_path, save_trials=False)
        )
    )
    run.start()
    chunks = tmp_path / "chunks"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(chunks.glob("*.npz"))) < 5:
        time.sleep(0.05)
    stop(victim)
    at_kill = len(list(chunks.glob("*.npz")))
    run.join(timeout=300)
    assert 5 <= at_kill < 1000, "the worker must die mid-run"
    assert len(list(chunks.glob("*.npz"))) == 1000
    assert out["r"].metrics == local(trials=20_000_000).metrics


def test_no_workers_is_a_clear_error_within_the_timeout(scheduler):
    address, _ = scheduler
    started = time.time()
    with pytest.raises(SimError, match="no workers joined"):
        Dask(address, timeout=3)
    assert time.time() - started < 20


def test_workers_that_cannot_import_the_project_fail_fast(scheduler):
    address, procs = scheduler
    add_workers(address, procs, 1)
    with pytest.raises(SimError, match="workers cannot run sim"):
        Dask(address, probe_module="sim_not_installed_on_the_workers", timeout=30)


def test_unreachable_scheduler_fails_fast():
    started = time.time()
    with pytest.raises(SimError, match="cannot connect"):
        Dask(f"tcp://127.0.0.1:{free_port()}", timeout=3)
    assert time.time() - started < 20


def test_local_cluster_gives_the_local_numbers():
    assert local(backend="dask", local_cluster=2).metrics == local().metrics


def test_full_game_study_on_the_cluster_gives_the_local_numbers(scheduler):
    """A full-game experiment (Principes faction balance) on a real scheduler and 2 workers equals a local run."""
    from sim.backends import session
    from sim.config import CONFIG_DIR
    from sim.experiments import load_experiment, run_experiment

    address, procs = scheduler
    add_workers(address, procs, 2)
    raw = load_experiment(CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml")
    with session("dask", scheduler=address):
        remote = run_experiment(raw, games=24, seed=5, chunk=4)
    assert remote.metrics == run_experiment(raw, games=24, seed=5).metrics
