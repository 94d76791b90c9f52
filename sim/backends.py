"""Where chunks run: in this process, on local joblib worker processes, or on a Dask cluster.

Every backend maps a picklable function over argument tuples and yields results as they finish. Results
are combined by integer addition, so the order chunks finish in never changes the numbers.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import os
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from sim.errors import ConfigError, SimError, note

DASK_TIMEOUT = 30.0  # seconds to connect, to see a worker, and to import sim on it (SIM_DASK_TIMEOUT overrides)
SCHEDULER = re.compile(r"^((tcp|tls|ws|wss|inproc|ucx)://)?[^\s/:]+(:\d{1,5})$")
IN_FLIGHT = 4  # chunks submitted per Dask worker ahead of their results: a 10^20-trial plan stays a generator


class InProcess:
    def map_unordered(self, fn: Callable, tasks: Iterable[tuple]) -> Iterator:
        return (fn(*args) for args in tasks)

    def close(self) -> None:
        pass


class Joblib:
    """joblib's loky processes; numba stays single-threaded inside each (processes, not prange).

    The pool starts on the first map, with at most ``limit()`` workers (the runner clamps them to the chunks),
    and every worker dies with this process: ``die_with_parent`` runs in each as it starts."""

    def __init__(self, workers: int):
        self.max_workers = self.workers = workers
        self.pool = None

    def limit(self, workers: int) -> None:
        """Use at most ``workers`` for the next run (its chunk count); later runs may use more again."""
        self.workers = min(self.max_workers, max(1, workers))

    def map_unordered(self, fn: Callable, tasks: Iterable[tuple]) -> Iterator:
        from joblib import Parallel, delayed

        if self.pool is None or self.pool.n_jobs != self.workers:
            self.pool = Parallel(
                n_jobs=self.workers, return_as="generator_unordered", backend="loky",
                initializer=die_with_parent, initargs=(os.getpid(),),
            )  # fmt: skip
        self.current = self.pool(delayed(fn)(*args) for args in tasks)
        return self.current

    def abort(self) -> None:
        """Kill the workers now (a stopped run's unfinished chunks are recomputed on --resume): closing joblib's
        generator makes it abort its tasks; its "exited early" warning is for code that forgot to, so hush it."""
        current, self.current = getattr(self, "current", None), None
        if current is not None:
            with warnings.catch_warnings(), contextlib.suppress(Exception):  # noqa: BLE001 - on the way out
                warnings.simplefilter("ignore")
                current.close()

    def close(self) -> None:
        pass


def die_with_parent(parent: int) -> None:
    """In a worker: exit when the process that started it dies (even by SIGKILL), so no worker outlives a run.

    On Linux the kernel sends SIGKILL on the parent's death (prctl PR_SET_PDEATHSIG); everywhere, a daemon thread
    also checks once a second that the parent is still the one that started us."""
    import signal
    import sys
    import threading
    import time

    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the workers itself

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(1.0)

    if os.getppid() != parent:  # the parent died before we got here
        os._exit(0)
    threading.Thread(target=watch, name="sim-parent-watch", daemon=True).start()


def dask_timeout() -> float:
    """``SIM_DASK_TIMEOUT`` (seconds, a finite number > 0) or ``DASK_TIMEOUT``; read when a cluster is used."""
    from sim.cli_types import FiniteFloat, FlagError

    text = os.environ.get("SIM_DASK_TIMEOUT", "").strip()
    try:
        seconds = FiniteFloat().convert(text, None, None) if text else DASK_TIMEOUT
    except FlagError:
        seconds = -1.0
    if not seconds > 0:
        raise ConfigError("SIM_DASK_TIMEOUT", "", "a number of seconds > 0", text)
    return seconds


def _probe(module: str) -> str:
    from sim import __version__

    importlib.import_module(module)
    return __version__


class Dask:
    """A Dask cluster: an existing scheduler, or a LocalCluster of N worker processes on loopback.

    Lost workers are survived: Dask reruns their chunks elsewhere, and a chunk's result depends only on its
    trial indices. A cluster with no workers, or whose workers cannot import sim, fails within a timeout.
    """

    def __init__(
        self,
        scheduler: str | None = None,
        local_cluster: int | None = None,
        probe_module: str = "sim.runner",
        timeout: float | None = None,
    ):
        try:
            from distributed import Client, LocalCluster
        except ImportError:  # pragma: no cover - declared dependency
            raise SimError("--backend dask needs the 'distributed' package (pip install 'dask[distributed]')") from None
        self.timeout = timeout = timeout or dask_timeout()
        self.cluster = None
        if local_cluster:
            self.cluster = LocalCluster(
                n_workers=local_cluster, threads_per_worker=1, host="127.0.0.1", dashboard_address=None, processes=True
            )
            scheduler = self.cluster.scheduler_address
        if not scheduler:
            raise SimError("--backend dask needs --scheduler tcp://HOST:PORT or --local-cluster N")
        if not SCHEDULER.match(scheduler):
            raise ConfigError("--scheduler", "", "an address such as tcp://HOST:PORT", scheduler)
        try:
            self.client = Client(scheduler, timeout=timeout)  # the default client: distributed.wait needs one
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise SimError(f"--scheduler {scheduler}: cannot connect within {timeout:.0f} s ({exc})") from None
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            self.close()
            raise SimError(f"--scheduler {scheduler}: no workers joined within {timeout:.0f} s") from None
        try:
            self.client.submit(_probe, probe_module, pure=False).result(timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - any failure here means the workers cannot run sim
            self.close()
            raise SimError(
                f"--scheduler {scheduler}: workers cannot run sim ({type(exc).__name__}: {exc}); "
                "install the project on every worker (pip install -e .)"
            ) from None

    def map_unordered(self, fn: Callable, tasks: Iterable[tuple]) -> Iterator:
        from distributed import wait

        tasks = iter(tasks)
        pending: set = set()

        def top_up() -> None:
            room = IN_FLIGHT * max(1, len(self.client.scheduler_info().get("workers", {}))) - len(pending)
            for args in itertools.islice(tasks, max(0, room)):
                pending.add(self.client.submit(fn, *args, pure=False))

        top_up()
        self.pending = pending
        while pending:
            try:
                done, pending = wait(pending, timeout=self.timeout, return_when="FIRST_COMPLETED")
            except TimeoutError:
                if not self.client.scheduler_info()["workers"]:
                    raise SimError(
                        f"the Dask cluster has no workers left; {len(pending)} chunks unfinished "
                        "(rerun with --resume once workers are back)"
                    ) from None
                continue
            for future in done:
                yield future.result()
            top_up()
            self.pending = pending

    def abort(self) -> None:
        with contextlib.suppress(Exception):  # noqa: BLE001 - best effort on the way out
            self.client.cancel(list(getattr(self, "pending", ())))

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


# Peak resident size of one local worker process, measured on this project's engines (sim run / sim battle
# --workers 2, psutil): a full-game worker holds about 200 MB once its engine is loaded, and up to 1.4 GB while it
# compiles the engine on a cold numba cache (Hussars, the largest); a battle worker about 170 MB. The cap uses the
# peak, so a cold start cannot run the machine out of memory.
WORKER_BYTES = {"game": 1400 << 20, "battle": 200 << 20}
_fitted: set[tuple[int, int]] = set()  # (asked, used) caps already said in this process


def cores() -> int:
    """The CPU cores this process may run on (its affinity mask, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


def available_memory() -> int | None:
    """Bytes of memory available to new processes (Linux: MemAvailable), or None when unknown."""
    try:
        with open("/proc/meminfo") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def fit_workers(workers: int, kind: str = "game") -> int:
    """``workers`` capped by the cores (a second process per core only waits its turn) and by the memory available
    for ``WORKER_BYTES[kind]`` each; the cap is said once, in one line, with the numbers it used."""
    each = WORKER_BYTES.get(kind, WORKER_BYTES["game"])
    free = available_memory()
    by_memory = max(1, free // each) if free is not None else workers
    used = max(1, min(workers, cores(), by_memory))
    if used < workers and (workers, used) not in _fitted:
        _fitted.add((workers, used))
        memory = f", {free / 2**30:.1f} GB free for {each / 2**20:,.0f} MB per {kind} worker" if free else ""
        note(f"--workers {workers}: using {used} ({cores()} cores{memory})")
    return used


def make_backend(
    name: str = "local",
    workers: int = 1,
    scheduler: str | None = None,
    local_cluster: int | None = None,
    probe_module: str = "sim.runner",
    kind: str = "game",
):
    """The backend ``name``; a local pool gets at most ``fit_workers(workers, kind)`` processes."""
    if name == "local":
        workers = fit_workers(workers, kind) if workers > 1 else workers
        return Joblib(workers) if workers > 1 else InProcess()
    if name == "dask":
        return Dask(scheduler, local_cluster, probe_module)
    raise SimError(f"--backend: expected local or dask, found {name!r}")


_sessions: list = []


@contextmanager
def session(name: str = "local", workers: int = 1, scheduler: str | None = None, local_cluster: int | None = None):
    """Use one backend for every run inside the block (a sweep's grid points share one cluster connection)."""
    backend = make_backend(name, workers, scheduler, local_cluster)
    _sessions.append(backend)
    try:
        yield backend
    finally:
        _sessions.pop()
        backend.close()


def active():
    """The backend of the innermost ``session``, or None."""
    return _sessions[-1] if _sessions else None
