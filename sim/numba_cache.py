"""Keep numba's on-disk cache of a compiled engine in step with its sources.

numba keys a cached function on its own file only, so a kernel that calls into another module keeps the old
machine code after that module changes, and tables compiled from YAML are frozen into the code. ``guard`` stamps a
digest of every source beside the cache and clears the cache when it differs (numba then recompiles). It follows the
package's subpackages: every ``*.py`` below it is hashed, and every cache folder of it is cleared (``__pycache__``,
or numba's folder under ``NUMBA_CACHE_DIR`` when that is set: ``make test`` keeps its own, see the Makefile).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
import threading
import time
from collections.abc import Iterable
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from filelock import FileLock
from numba.core import caching
from numba.core import config as numba_config

from sim.games import name as game_name

# numba's locator for NUMBA_CACHE_DIR (public since numba 0.60, underscored before)
_USER_DIR = getattr(caching, "UserProvidedCacheLocator", None) or caching._UserProvidedCacheLocator


def sources(package: Path, extra: Iterable[Path] = ()) -> list[Path]:
    """Every ``*.py`` of ``package`` and its subpackages (sorted), ``sim/rng.py`` and the ``extra`` files."""
    found = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    return found + [Path(__file__).with_name("rng.py"), *extra]


def cache_folder(directory: Path) -> Path:
    """Where numba caches the kernels of the files in ``directory``: its ``__pycache__``, or with ``NUMBA_CACHE_DIR``
    the folder numba's own locator names under it."""
    if numba_config.CACHE_DIR:
        sub = _USER_DIR.get_suitable_cache_subpath(str(directory / "__init__.py"))
        return Path(numba_config.CACHE_DIR) / sub
    return directory / "__pycache__"


def guard(package: Path, extra: Iterable[Path] = (), shared: Iterable[Path] = ()) -> None:
    """Drop the cached machine code of ``package`` (subpackages included) when any of its ``*.py`` files or the
    ``extra`` files changed; the cache of each ``shared`` folder too (kernels compiled there for this package's
    functions: ``sim.search.searcher``'s). The stamp lives in the cache folder itself, so each cache (the tests'
    one, the user's one) is checked against the sources on its own."""
    shared = list(shared)
    files = sources(package, extra)
    blob = b"".join(str(p.relative_to(package) if p.is_relative_to(package) else p.name).encode() + p.read_bytes()
                    for p in files if p.exists())  # fmt: skip
    digest = hashlib.sha1(blob).hexdigest()
    cache = cache_folder(package)
    stamp = cache / "fast-sources.sha1"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(parents=True, exist_ok=True)
        subpackages = sorted({p.parent for p in files if p.is_relative_to(package) and p.parent != package})
        for folder in [cache, *map(cache_folder, subpackages), *map(cache_folder, shared)]:
            for f in [*folder.glob("*.nbi"), *folder.glob("*.nbc")]:
                f.unlink(missing_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass  # a read-only install: numba falls back to compiling in memory


_READY: set = set()  # (kernel, argument kinds) already compiled in this process


def _kind(a) -> tuple:
    """What numba's type of ``a`` depends on, cheaply: typing an engine's structured state array takes about 5 ms
    (``numba.np.numpy_support.from_struct_dtype``), longer than a game; a chunk of runs of one game each (a rotated or
    mixed field) would spend most of its time there."""
    if isinstance(a, np.ndarray):
        return (np.ndarray, a.dtype, a.ndim, a.flags.c_contiguous, a.flags.f_contiguous, a.flags.writeable)
    if isinstance(a, int) and not isinstance(a, bool):  # a Python int is an int64 unless it is too large
        return (int, -(2**63) <= a < 2**63)
    return (type(a),)


def call(kernel, *args):
    """``kernel(*args)``, compiled (or loaded from numba's cache) first while holding a lock file beside the engine's
    cache: processes that start together (a run's workers, parallel tests) compile an engine once, and the others
    wait and load its machine code instead of compiling the same functions again, minutes each on a cold cache.
    The check runs once per kind of arguments (``_kind``); numba's own dispatch types the rest."""
    key = (kernel, *map(_kind, args))
    if key not in _READY:
        sig = tuple(kernel.typeof_pyval(a) for a in args)
        if sig not in kernel.overloads:
            lock = cache_folder(Path(kernel.py_func.__code__.co_filename).parent) / "compile.lock"
            try:
                lock.parent.mkdir(parents=True, exist_ok=True)
                with FileLock(lock):
                    _compile(kernel, sig)
            except OSError:  # a read-only install: each process compiles in memory
                _compile(kernel, sig)
        _READY.add(key)
    return kernel(*args)


# time this process spent loading engines from the cache or compiling them ("compiled": the real compiles only);
# runs report it apart from play
STARTUP = {"seconds": 0.0, "compiled": 0.0}


def _compile(kernel, sig) -> None:
    """Compile or load ``kernel`` for ``sig``; a real compile (nothing cached) is announced on stderr at once, with
    a spinner on a terminal, since it takes minutes and would otherwise look like a hang."""
    started = time.perf_counter()
    cached = _is_cached(kernel, sig)
    if cached is False:
        with compile_notice(_engine_name(kernel), f"{kernel.py_func.__module__}.{kernel.py_func.__qualname__}"):
            kernel.compile(sig)
        STARTUP["compiled"] += time.perf_counter() - started
    else:
        kernel.compile(sig)
    STARTUP["seconds"] += time.perf_counter() - started


def _is_cached(kernel, sig) -> bool | None:
    """Whether numba's on-disk cache holds ``kernel`` for ``sig`` (None: cannot tell, e.g. another numba)."""
    try:
        cache = kernel._cache  # numba's FunctionCache: the same index lookup its load_overload makes
        return cache._index_key(sig, kernel.targetctx.codegen()) in cache._cache_file._load_index()
    except Exception:  # noqa: BLE001 - a private API; without it sim only stays silent while compiling
        return None


SPINNER = {"on": True}  # off where several processes compile at once on one terminal (make demo)


def _engine_name(kernel) -> str:
    parts = kernel.py_func.__module__.split(".")
    game = parts[2] if parts[:2] == ["sim", "games"] and len(parts) > 2 else parts[0]
    return game_name(game)


@contextmanager
def compile_notice(engine: str, kernel: str = ""):
    """Say on stderr that ``engine`` is being compiled, how long ``kernel`` took last time, then how long now."""
    spin = sys.stderr.isatty() and SPINNER["on"]
    record = Path(numba_config.CACHE_DIR or Path.home() / ".cache") / "sim-compile-seconds.json"
    last = _read_seconds(record).get(kernel or engine)
    guess = f"about {_minutes(last)}" if last else "a few minutes"
    line = f"compiling the {engine} engine (first run on this machine, {guess}; later runs start in a second)"
    print(line, file=sys.stderr, flush=True)
    stop = threading.Event()
    started = time.perf_counter()

    def spinner() -> None:
        for frame in itertools.cycle("|/-\\"):
            if stop.wait(0.2):
                return
            print(f"\r  {frame} {time.perf_counter() - started:4.0f} s", end="", file=sys.stderr, flush=True)

    thread = threading.Thread(target=spinner, daemon=True) if spin else None
    if thread:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        if thread:
            thread.join()
            print("\r", end="", file=sys.stderr)
        seconds = time.perf_counter() - started
        print(f"compiled the {engine} engine in {seconds:.0f} s", file=sys.stderr, flush=True)
        try:
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(json.dumps({**_read_seconds(record), kernel or engine: round(seconds)}))
        except OSError:
            pass


def _read_seconds(path: Path) -> dict:
    try:
        found = json.loads(path.read_text())
        return found if isinstance(found, dict) else {}
    except (OSError, ValueError):
        return {}


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} seconds" if seconds < 90 else f"{seconds / 60:.0f} minutes"
