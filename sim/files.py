"""Reading a file sim did not write just now: only a regular file, and never more than a stated number of bytes.

A FIFO, a device or a socket given where a file belongs would block a read forever (or never end), so such a path
is refused before any read, naming it; the open itself does not block (``O_NONBLOCK``), and the check is made on
the open file (``fstat``), so a path swapped between the check and the read changes nothing.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sim.errors import ConfigError

KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))  # fmt: skip


def kind_of(mode: int) -> str:
    return next((name for test, name in KINDS if test(mode)), "not a regular file")


def read_bytes(path: str | Path, limit: int, expected: str = "a readable file", source: str | None = None) -> bytes:
    """The bytes of the regular file ``path``; a ``ConfigError`` naming ``source`` (default: the path) when it is
    missing, unreadable, not a regular file, or larger than ``limit`` bytes."""
    where = str(source if source is not None else path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise ConfigError(where, "", expected, exc.strerror or str(exc)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ConfigError(where, "", f"{expected} (a regular file)", kind_of(mode))
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise ConfigError(where, "", expected, exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise ConfigError(where, "", f"{expected} of at most {_size(limit)}", "a larger file")
    return data


def check_regular(path: str | Path, expected: str = "a readable file") -> Path:
    """``path`` when it is a regular file (read by a library that opens it itself, e.g. parquet or npz)."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise ConfigError(str(path), "", expected, exc.strerror or str(exc)) from None
    if not stat.S_ISREG(mode):
        raise ConfigError(str(path), "", f"{expected} (a regular file)", kind_of(mode))
    return path


def _size(n: int) -> str:
    return f"{n >> 20:,} MB" if n >= 1 << 20 else f"{n:,} bytes"
