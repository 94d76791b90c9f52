"""Crash-safe runs: each finished chunk is written atomically beside a manifest, so a killed run resumes.

Layout of a run directory::

    manifest.json                 config, config hash, seed, chunk plan, sim version
    chunks/<start>-<count>.npz    the chunk's counts (and per-trial columns when kept)

A chunk file either exists whole or not at all (temporary file, then rename), so a resumed run loads
each finished chunk once and recomputes the rest: its totals equal an uninterrupted run's.
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import numpy as np

from sim import __version__
from sim.errors import SimError
from sim.results import atomic_write, write_text

# manifest fields that must match for a resume: what the numbers depend on
MUST_MATCH = ("config_hash", "seed", "trials", "chunk", "precision", "keep_trials")


def config_hash(config: dict) -> str:
    text = json.dumps(config, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class ChunkStore:
    """Finished chunks of one run on disk."""

    def __init__(self, directory: str | Path, manifest: dict, resume: bool):
        self.dir = Path(directory)
        self.chunks = self.dir / "chunks"
        path = self.dir / "manifest.json"
        if resume:
            if not path.exists():
                raise SimError(f"{self.dir}: nothing to resume (no manifest.json); run without --resume first")
            old = json.loads(path.read_text())
            differs = [
                f"{k}: saved {old.get(k)!r}, now {manifest.get(k)!r}"
                for k in MUST_MATCH
                if old.get(k) != manifest.get(k)
            ]
            if differs:
                raise SimError(f"{self.dir}: refusing to resume a different run ({'; '.join(differs)})")
        elif self.chunks.exists() and any(self.chunks.iterdir()):
            raise SimError(
                f"{self.dir}: holds an earlier run's chunks; add --resume to continue it, "
                "or choose another --save directory"
            )
        self.chunks.mkdir(parents=True, exist_ok=True)
        write_text(path, json.dumps({**manifest, "sim_version": __version__}, indent=2, default=str) + "\n")

    def _path(self, start: int, count: int) -> Path:
        return self.chunks / f"{start:015d}-{count}.npz"

    def load(self, start: int, count: int):
        path = self._path(start, count)
        if not path.exists():
            return None
        with np.load(path) as data:
            counts = {k[2:]: data[k] for k in data.files if k.startswith("c:")}
            trials = {k[2:]: data[k] for k in data.files if k.startswith("t:")} or None
        return counts, trials

    def save(self, start: int, count: int, counts: dict, trials: dict | None) -> None:
        arrays = {f"c:{k}": np.asarray(v) for k, v in counts.items()}
        arrays.update({f"t:{k}": np.asarray(v) for k, v in (trials or {}).items()})
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        atomic_write(self._path(start, count), lambda tmp: Path(tmp).write_bytes(buffer.getvalue()))

    def finished(self) -> list[Path]:
        return sorted(self.chunks.glob("*.npz"))

    def write_rows(self, path: str, index: str = "trial") -> None:
        """Concatenate the chunks' per-trial columns into one parquet file, one chunk in memory at a time."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        writer = None
        for chunk_file in self.finished():
            start, count = (int(part) for part in chunk_file.stem.split("-"))
            _, rows = self.load(start, count)
            table = pa.table({index: np.arange(start, start + count, dtype=np.int64), **rows})
            writer = writer or pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
        if writer is not None:
            writer.close()
