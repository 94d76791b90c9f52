"""Checkpoints of tuning and balance runs: a manifest and one atomically written JSON record per finished step.

Every step of ``sim tune`` (an evaluated candidate, the held-out check) and of ``sim balance`` (a payoff cell, a
tuning run, an equilibrium) is a pure function of the manifest and of the steps before it, so a resumed run reads
the finished steps back and recomputes nothing else: its output equals the uninterrupted run's. Resuming with a
different experiment or options is refused, naming what differs; only an option in ``grow`` may be larger (``sim
balance --rounds`` and ``--oracle-seeds``: a finished run goes on for more rounds, or tunes more seeds where the first
found nothing, as if it had been started with them).
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path

from sim import __version__
from sim.checkpoint import read_json
from sim.errors import ConfigError, SimError, note
from sim.results import write_text


def derive_seed(*parts) -> int:
    """A 63-bit seed from a root seed and tags (phase, faction, round): independent streams per step."""
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


def _sha256(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


ELAPSED = "elapsed-seconds.json"  # beside the manifest: the run's wall-clock time over its sessions
MAX_STEM = 160  # characters of a record's file name before ".json"; write_text adds a temporary suffix


class RunStore:
    """``DIR/manifest.json`` plus ``DIR/records/<name>.json``; ``None`` directory: nothing is kept. ``elapsed()``:
    the run's wall-clock seconds over every session, rewritten to ``DIR/elapsed-seconds.json`` with each record (a
    resumed run reports its whole time, not the last session's)."""

    def __init__(self, directory: str | Path | None, manifest: dict, resume: bool, kind: str, grow: tuple = ()):
        self.dir = Path(directory) if directory is not None else None
        self._started, self._before = time.perf_counter(), 0.0
        if self.dir is None:
            if resume:
                raise SimError("--resume needs --save DIR (the directory of the run to continue)")
            return
        path = self.dir / "manifest.json"
        body = {"kind": kind, "config_hash": digest(manifest), **manifest}
        records = self.dir / "records"
        if resume:
            if not path.exists():
                raise SimError(f"{self.dir}: nothing to resume (no manifest.json); run without --resume first")
            old = read_json(path, f"the manifest of a sim {kind} --save run")
            if not isinstance(old, dict):
                raise ConfigError(str(path), "", f"the manifest of a sim {kind} --save run (a mapping)", old)
            if old.get("kind") != kind:
                raise SimError(f"{self.dir}: refusing to resume a different run (it holds a {old.get('kind')} run)")
            new = json.loads(json.dumps(body, default=str))
            differs = [k for k in sorted(set(old) | set(new)) if k not in ("config_hash", "sim_version")
                       and old.get(k) != new.get(k) and not (k in grow and new.get(k, 0) >= old.get(k, 0))]  # fmt: skip
            if differs:  # config_hash digests these keys
                raise SimError(f"{self.dir}: refusing to resume a different run ({', '.join(differs) or 'config'} "
                               "differs)")  # fmt: skip
        elif records.exists() and any(records.iterdir()):
            raise SimError(f"{self.dir}: holds an earlier run; add --resume to continue it, or choose another --save")
        records.mkdir(parents=True, exist_ok=True)
        write_text(path, json.dumps({**body, "sim_version": __version__}, indent=2, default=str) + "\n")
        self.run = digest({k: v for k, v in manifest.items() if k not in grow})  # what every record belongs to
        clock = self.dir / ELAPSED
        self._before = self._clock(clock) if clock.exists() else 0.0

    @staticmethod
    def _clock(path: Path) -> float:
        """The seconds of the earlier sessions; a clock that does not read restarts at 0 (it is only reported)."""
        try:
            seconds = read_json(path, "the run's elapsed seconds")
        except ConfigError as exc:
            seconds = exc
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < float("inf"):
            note(f"{path}: not a number of seconds; the run's time restarts at 0")
            return 0.0
        return float(seconds)

    def elapsed(self) -> float:
        return self._before + time.perf_counter() - self._started

    def _path(self, name: str) -> Path:
        stem = re.sub(r"[^A-Za-z0-9_.=-]+", "_", name)
        if len(stem) > MAX_STEM:  # long plan names (pooled runs' plans): a file name must stay under 255 bytes
            stem = stem[: MAX_STEM - 17] + "-" + digest(name)
        return self.dir / "records" / (stem + ".json")

    def get(self, name: str):
        """The value saved for step ``name``, or None (not saved yet, or not sound: then named and removed)."""
        path = self._path(name) if self.dir is not None else None
        if path is None or not (path.exists() or path.is_symlink()):
            return None
        if path.is_dir() and not path.is_symlink():  # sim removes a bad record file, never a user's folder
            raise ConfigError(str(path), "", "a record file or nothing", "a directory (remove it, then --resume)")
        try:
            record = read_json(path, "a record of this run")
            problem = None
        except ConfigError as exc:
            record, problem = None, str(exc.found)
        if problem is None:
            if not isinstance(record, dict) or set(record) != {"run", "sha256", "value"}:
                problem = "written without a run header (an older or foreign file)"
            elif record["run"] != self.run:
                problem = "foreign (another run's record)"
            elif record["sha256"] != _sha256(record["value"]):
                problem = "corrupt (checksum mismatch: edited?)"
        if problem is not None:
            note(f"{path}: {problem}; recomputed")
            path.unlink(missing_ok=True)
            return None
        return record["value"]

    def put(self, name: str, value) -> None:
        if self.dir is not None:
            value = json.loads(json.dumps(value, default=str))  # what a reader gets back (tuples as lists, …)
            record = {"run": self.run, "sha256": _sha256(value), "value": value}
            write_text(self._path(name), json.dumps(record, sort_keys=True))
            write_text(self.dir / ELAPSED, json.dumps(self.elapsed()))

    def sub(self, name: str) -> Path | None:
        """A directory for a nested run (a tuning run inside a balance run)."""
        return None if self.dir is None else self.dir / name
