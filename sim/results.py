"""Per-trial tables and summaries on disk. Every write goes to a temporary file first, then a rename.

CSV and JSON keep every float at full precision (an exact 7/9 stays 0.7777777777777778): a saved run is data, and
only the console rounds for display. ``rounded`` is for the few places that must write a value short on purpose
(a mixture an equilibrium file names, so ``sim run`` replays the same draws)."""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIGNIFICANT = 6


def atomic_write(path: str | Path, write: Callable[[str], None]) -> Path:
    """Call ``write(tmp_path)`` and rename the result into place, so readers never see half a file."""
    path = Path(path)
    if path.is_dir():  # os.replace would fail naming the temporary file
        raise IsADirectoryError(21, "a directory where sim writes a file", str(path))
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


def rounded(value: Any, digits: int = SIGNIFICANT) -> Any:
    """``value`` with every float rounded to ``digits`` significant digits (in nested dicts and lists too)."""
    if isinstance(value, float):
        return float(f"{value:.{digits}g}") if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: rounded(v, digits) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v, digits) for v in value]
    return value


def dumps(value: Any) -> str:
    """Indented JSON at full float precision: what ``--json`` prints and result.json holds."""
    return json.dumps(value, indent=2)


def write_json(path: str | Path, value: Any) -> Path:
    return write_text(path, dumps(value) + "\n")


def write_csv(path: str | Path, frame) -> Path:
    """Write a pandas DataFrame to CSV atomically, floats at full precision."""
    return atomic_write(path, lambda tmp: frame.to_csv(tmp, index=False))
