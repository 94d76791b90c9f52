"""Per-trial tables and summaries on disk. Every write goes to a temporary file first, then a rename."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def atomic_write(path: str | Path, write: Callable[[str], None]) -> Path:
    """Call ``write(tmp_path)`` and rename the result into place, so readers never see half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes files private; results are ordinary files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text(path: str | Path, text: str) -> Path:
    return atomic_write(path, lambda tmp: Path(tmp).write_text(text))


def write_parquet(path: str | Path, frame) -> Path:
    """Write a polars DataFrame to parquet atomically."""
    return atomic_write(path, lambda tmp: frame.write_parquet(tmp))


def write_csv(path: str | Path, frame) -> Path:
    """Write a pandas DataFrame to CSV atomically."""
    return atomic_write(path, lambda tmp: frame.to_csv(tmp, index=False))
