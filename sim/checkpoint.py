"""Crash-safe runs: each finished chunk is written atomically beside a manifest, so a killed run resumes.

Layout of a run directory::

    manifest.json                 config, config hash, seed, chunk plan, sim version
    chunks/<start>-<count>.npz    the chunk's counts (and per-trial columns when kept), and ``meta``: the run's
                                  config hash and seed, the chunk's index, start and count, and a SHA-256 of
                                  its arrays

A chunk file either exists whole or not at all (temporary file, then rename). On ``--resume`` every chunk is
checked on its own before it is used: one that is truncated, corrupt (checksum), foreign (another run's config or
seed, another chunk plan) or not a regular file (a FIFO) is named in one line and recomputed, never loaded; chunks
are deterministic, so the totals equal an uninterrupted run's. Stale temporary files (a write cut short by a kill)
are removed.

A finished saved run is sealed the same way: ``checksums.json`` names the kind of run (battle, run, balance) and
the SHA-256 of every file it wrote (``seal``), and whatever reads the folder back (``sim report DIR``) checks each
file before using it (``verify``), refusing an edited, truncated or replaced one by its name. Saved JSON is read by
``read_json``: a regular file, bounded in size, each key once.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from pathlib import Path

import numpy as np

from sim import __version__
from sim.errors import ConfigError, SimError, note
from sim.files import check_regular, read_bytes
from sim.results import atomic_write, write_text

# manifest fields that must match for a resume: what the numbers depend on
MUST_MATCH = ("config_hash", "seed", "trials", "chunk", "precision", "keep_trials")
CHUNK_NAME = re.compile(r"^(\d{15,})-(\d+)\.npz$")
TMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]+\.tmp$")  # results.atomic_write's temporary files
MAX_SAVED_JSON = 64 << 20  # bytes of one saved JSON file (a manifest, a result, a record): far above any sim writes
CHECKSUMS = "checksums.json"


def read_json(path: str | Path, expected: str = "a JSON file written by sim") -> object:
    """A saved JSON file: a regular file of at most ``MAX_SAVED_JSON`` bytes, valid JSON with each key once in each
    object, or a ``ConfigError`` naming the file."""
    data = read_bytes(path, MAX_SAVED_JSON, expected)
    try:
        return json.loads(data, object_pairs_hook=_unique)
    except _Repeated as exc:
        raise ConfigError(str(path), exc.key, f"{expected} (each key once)", "the key again") from None
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise ConfigError(str(path), "", expected, f"invalid JSON{where} (truncated or edited?)") from None


class _Repeated(Exception):
    def __init__(self, key: str):
        self.key = key


def _unique(pairs: list[tuple[str, object]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Repeated(key)
        out[key] = value
    return out


def file_digest(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(check_regular(path), "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def seal(directory: str | Path, kind: str, names: list[str] | tuple[str, ...]) -> Path:
    """Write ``checksums.json``: the kind of run and the SHA-256 of each of ``names`` that exists in ``directory``."""
    directory = Path(directory)
    files = {name: file_digest(directory / name) for name in names if (directory / name).is_file()}
    body = {"kind": kind, "sim_version": __version__, "files": files}
    return write_text(directory / CHECKSUMS, json.dumps(body, indent=2, sort_keys=True) + "\n")


def unseal(directory: str | Path) -> None:
    """A run is about to change the folder: its old checksums no longer hold."""
    (Path(directory) / CHECKSUMS).unlink(missing_ok=True)


def verify(directory: str | Path, kinds: tuple[str, ...], names: list[str] | tuple[str, ...]) -> bool:
    """Check the files ``names`` of a saved run against its ``checksums.json`` (False: the folder has none, as an
    older sim wrote it); an edited, truncated or replaced file, or a folder of another kind, is a ``ConfigError``
    naming it."""
    directory = Path(directory)
    path = directory / CHECKSUMS
    if not path.exists():
        return False
    sums = read_json(path, "the checksums of a saved run")
    if not isinstance(sums, dict) or not isinstance(sums.get("files"), dict) or sums.get("kind") not in kinds:
        found = sums.get("kind") if isinstance(sums, dict) else sums
        raise ConfigError(str(path), "kind", f"the checksums of a saved {' or '.join(kinds)} run", found)
    for name in names:
        expected = sums["files"].get(name)
        if expected is None:
            if (directory / name).exists():
                raise ConfigError(str(directory / name), "", f"only the files {CHECKSUMS} lists", "a file added later")
            continue
        if not (directory / name).exists():
            raise ConfigError(str(directory / name), "", f"the file the saved run wrote ({CHECKSUMS} lists it)",
                              "nothing (removed)")  # fmt: skip
        if file_digest(directory / name) != expected:
            raise ConfigError(str(directory / name), "", f"the file the saved run wrote (SHA-256 in {CHECKSUMS})",
                              "another file (edited, truncated or replaced)")  # fmt: skip
    return True


CHUNK_BYTES_PER_ROW = 8 * 512  # a chunk's arrays hold at most 512 eight-byte columns per trial (or game)


def _unpacked_size(path: Path) -> int:
    """The bytes a chunk file's arrays take once read (their sizes as its zip directory declares them)."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return sum(info.file_size for info in archive.infolist())


def config_hash(config: dict) -> str:
    text = json.dumps(config, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _digest(arrays: dict[str, np.ndarray]) -> str:
    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        h.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        h.update(a.tobytes())
    return h.hexdigest()


class ChunkStore:
    """Finished chunks of one run on disk."""

    def __init__(self, directory: str | Path, manifest: dict, resume: bool):
        self.dir = Path(directory)
        self.chunks = self.dir / "chunks"
        self.manifest = manifest
        self.used: dict[int, int] = {}  # start → count of the chunks this run saved or loaded
        path = self.dir / "manifest.json"
        self._remove_stale_tmp()
        if resume:
            if not path.exists():
                raise SimError(f"{self.dir}: nothing to resume (no manifest.json); run without --resume first")
            try:
                old = read_json(path, "a run manifest")
                if not isinstance(old, dict):
                    raise ConfigError(str(path), "", "a run manifest", "not a mapping")
            except ConfigError as exc:
                note(f"{exc}; rewritten, and each chunk is checked on its own")
                old = None
            differs = [
                f"{k}: saved {old.get(k)!r}, now {manifest.get(k)!r}"
                for k in MUST_MATCH
                if old is not None and old.get(k) != manifest.get(k)
            ]
            if differs:
                raise SimError(f"{self.dir}: refusing to resume a different run ({'; '.join(differs)})")
        elif self.chunks.exists() and any(self.chunks.iterdir()):
            raise SimError(
                f"{self.dir}: holds an earlier run's chunks; add --resume to continue it, "
                "or choose another --save directory"
            )
        self.chunks.mkdir(parents=True, exist_ok=True)
        unseal(self.dir)
        write_text(path, json.dumps({**manifest, "sim_version": __version__}, indent=2, default=str) + "\n")

    def _path(self, start: int, count: int) -> Path:
        return self.chunks / f"{start:015d}-{count}.npz"

    def _remove_stale_tmp(self) -> None:
        for folder in (self.dir, self.chunks):
            if folder.is_dir():
                for path in folder.iterdir():
                    if TMP_NAME.match(path.name) and path.is_file():
                        path.unlink(missing_ok=True)

    def index(self, chunk: int | None = None) -> dict[int, int]:
        """start → count of every chunk file on disk (by its name; ``load`` checks its contents)."""
        out: dict[int, int] = {}
        if self.chunks.is_dir():
            for path in self.chunks.iterdir():
                match = CHUNK_NAME.match(path.name)
                if match:
                    out[int(match[1])] = int(match[2])
        return out

    def _meta(self, start: int, count: int) -> dict:
        chunk = self.manifest.get("chunk") or count
        return {
            "config_hash": self.manifest.get("config_hash"),
            "seed": str(self.manifest.get("seed")),
            "index": start // chunk,
            "start": start,
            "count": count,
        }

    def load(self, start: int, count: int, need_trials: bool = False):
        """``(counts, trials, count)`` of a sound chunk, or None after naming the problem and removing the file."""
        path = self._path(start, count)
        if path.is_dir() and not path.is_symlink():  # sim removes a bad chunk file, never a user's folder
            raise ConfigError(str(path), "", "a chunk file or nothing", "a directory (remove it, then --resume)")
        problem = None
        try:
            check_regular(path)  # a FIFO would block np.load forever
            if _unpacked_size(path) > CHUNK_BYTES_PER_ROW * count + (64 << 20):  # a zip bomb: refused unread
                raise ConfigError(str(path), "", "a chunk file", "more data than a chunk of this size holds")
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
        except ConfigError as exc:
            arrays, problem = None, f"not a chunk file ({exc.found})"
        except Exception as exc:  # noqa: BLE001 - a truncated or garbled zip raises any of half a dozen types
            arrays, problem = None, f"truncated or corrupt ({type(exc).__name__})"
        if arrays is not None:
            try:
                meta = json.loads(bytes(arrays.pop("meta")).decode())
            except (KeyError, ValueError, TypeError):
                meta, problem = None, "written without a run header (an older or foreign file)"
            if meta is not None:
                expected = self._meta(start, count)
                wrong = [k for k in ("config_hash", "seed", "start", "count") if meta.get(k) != expected[k]]
                if wrong:
                    problem = "foreign (another run's " + ", ".join(wrong) + ")"
                elif meta.get("sha256") != _digest(arrays):
                    problem = "corrupt (checksum mismatch)"
                elif need_trials and not any(k.startswith("t:") for k in arrays):
                    problem = "without the per-trial columns this run keeps"
        if problem is not None:
            note(f"{path}: {problem}; recomputed")
            path.unlink(missing_ok=True)
            return None
        self.used[start] = count
        counts = {k[2:]: v for k, v in arrays.items() if k.startswith("c:")}
        trials = {k[2:]: v for k, v in arrays.items() if k.startswith("t:")} or None
        return counts, trials, count

    def save(self, start: int, count: int, counts: dict, trials: dict | None) -> None:
        arrays = {f"c:{k}": np.asarray(v) for k, v in counts.items()}
        arrays.update({f"t:{k}": np.asarray(v) for k, v in (trials or {}).items()})
        meta = {**self._meta(start, count), "sha256": _digest(arrays)}
        arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        atomic_write(self._path(start, count), lambda tmp: Path(tmp).write_bytes(buffer.getvalue()))
        self.used[start] = count

    def clean(self) -> None:
        """After a finished run: remove chunk files this run did not use (copied in, or of another plan) and
        stale temporary files, so the directory holds exactly this run."""
        for start, count in self.index().items():
            if self.used.get(start) != count:
                note(f"{self._path(start, count)}: not a chunk of this run; removed")
                self._path(start, count).unlink(missing_ok=True)
        self._remove_stale_tmp()

    def finished(self) -> list[Path]:
        return [self._path(s, c) for s, c in sorted(self.used.items())]

    def write_rows(self, path: str, index: str = "trial") -> None:
        """Concatenate the chunks' per-trial columns into one parquet file, one chunk in memory at a time."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        writer = None
        for start, count in sorted(self.used.items()):
            with np.load(self._path(start, count), allow_pickle=False) as data:
                rows = {k[2:]: data[k] for k in data.files if k.startswith("t:")}
            table = pa.table({index: np.arange(start, start + count, dtype=np.int64), **rows})
            writer = writer or pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
        if writer is not None:
            writer.close()
