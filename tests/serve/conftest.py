"""One live ``sim serve`` per test session (a real process on loopback), started in a folder of its own.

The server's working directory holds nothing but its report folder, so a test can check that no request wrote
anywhere else. A second server with a tiny time limit checks that slow requests are stopped.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

START_TIMEOUT = 300  # s: spawning workers and loading every kernel; compiling them on a cold numba cache


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, cwd: Path, *flags: str):
        self.cwd, self.port = cwd, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(cwd.parent / f"{cwd.name}.log", "w")  # noqa: SIM115 - closed in stop()
        cmd = [sys.executable, "-c", "from sim.cli import main; main()", "serve", "--port", str(self.port),
               "--reports", "reports", *flags]  # fmt: skip
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self._ready = False

    def wait(self) -> Server:
        deadline = time.monotonic() + START_TIMEOUT
        while not self._ready:
            if self.proc.poll() is not None:
                raise RuntimeError(f"sim serve exited: {(self.cwd.parent / f'{self.cwd.name}.log').read_text()}")
            try:
                self._ready = httpx.get(f"{self.url}/api/health", timeout=2).json()["ready"]
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("sim serve did not get ready")
            time.sleep(0.3)
        return self

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


@pytest.fixture(scope="session")
def servers(tmp_path_factory):
    """Both servers start at once (their start-up overlaps); each test waits only for the one it uses."""
    main_dir, slow_dir = tmp_path_factory.mktemp("serve"), tmp_path_factory.mktemp("serve-limited")
    started = {"main": Server(main_dir), "limited": Server(slow_dir, "--workers", "1", "--time-limit", "2")}
    yield started
    for server in started.values():
        server.stop()


@pytest.fixture(scope="session")
def server(servers) -> Server:
    return servers["main"].wait()


@pytest.fixture(scope="session")
def limited(servers) -> Server:
    return servers["limited"].wait()


@pytest.fixture(scope="session")
def client(server):
    with httpx.Client(base_url=server.url, timeout=60) as c:
        yield c
