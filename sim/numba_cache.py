"""Keep numba's on-disk cache of a compiled engine in step with its sources.

numba keys a cached function on its own file only, so a kernel that calls into another module keeps the old
machine code after that module changes, and tables compiled from YAML are frozen into the code. ``guard`` stamps a
digest of every source beside the cache and clears the cache when it differs (numba then recompiles). It follows the
package's subpackages: every ``*.py`` below it is hashed, and every ``__pycache__`` below it is cleared.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from filelock import FileLock


def sources(package: Path, extra: Iterable[Path] = ()) -> list[Path]:
    """Every ``*.py`` of ``package`` and its subpackages (sorted), ``sim/rng.py`` and the ``extra`` files."""
    found = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    return found + [Path(__file__).with_name("rng.py"), *extra]


def guard(package: Path, extra: Iterable[Path] = ()) -> None:
    """Drop the cached machine code of ``package`` (subpackages included) when any of its ``*.py`` files or the
    ``extra`` files changed."""
    files = sources(package, extra)
    blob = b"".join(str(p.relative_to(package) if p.is_relative_to(package) else p.name).encode() + p.read_bytes()
                    for p in files if p.exists())  # fmt: skip
    digest = hashlib.sha1(blob).hexdigest()
    cache = package / "__pycache__"
    stamp = cache / "fast-sources.sha1"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for folder in [cache, *(p for p in package.rglob("__pycache__") if p != cache)]:
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
            lock = Path(kernel.py_func.__code__.co_filename).parent / "__pycache__" / "compile.lock"
            try:
                lock.parent.mkdir(exist_ok=True)
                with FileLock(lock):
                    kernel.compile(sig)
            except OSError:  # a read-only install: each process compiles in memory
                kernel.compile(sig)
        _READY.add(key)
    return kernel(*args)
