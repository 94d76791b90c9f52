"""A saved run read back (``sim report DIR``): every file checked before anything is built from it.

A folder written by ``sim battle --save`` or ``sim run --save`` holds ``result.json``, ``manifest.json`` (the run's
config and its hash), a parquet table and ``checksums.json`` (``sim.checkpoint.seal``). Reading it back:

- the folder must hold ``result.json`` (else it is not a saved run, and the message says which command writes one);
- each file must be the one the run wrote (its SHA-256 in ``checksums.json``; a folder from an older sim has none);
- ``result.json`` must name a game sim has, and its trial (or game) count and seed must be whole numbers in range;
- ``manifest.json``'s config must match its own hash, and describe the same game, count and seed as the result;
- the parquet table must read.

Whatever fails is one ``ConfigError`` naming the file. The game name is never used as a path before it is known.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim import schemas
from sim.checkpoint import config_hash, read_json, verify
from sim.errors import ConfigError
from sim.files import check_regular

WRITERS = {"battle": "sim battle --save DIR", "run": "sim run --save DIR", "balance": "sim balance --save DIR"}
FILES = {
    "battle": ("manifest.json", "result.json", "summary.csv", "trials.parquet"),
    "run": ("manifest.json", "result.json", "games.parquet"),
    "balance": ("balance.json", "equilibrium.yaml"),
}
COUNT = {"battle": "trials", "run": "games"}


@dataclass
class SavedRun:
    directory: Path
    kind: str
    result: dict
    manifest: dict | None  # None: written without one (sim.battles.save)
    sealed: bool  # False: an older sim wrote it without checksums.json

    @property
    def config(self) -> dict:
        config = (self.manifest or {}).get("config")
        return config if isinstance(config, dict) else {}


def is_saved(directory: str | Path, kind: str) -> bool:
    """Whether ``directory`` holds a saved run of ``kind`` (by its files; ``open_run`` checks them)."""
    directory = Path(directory)
    if not (directory / "result.json").is_file():
        return False
    if (directory / "checksums.json").is_file():
        try:
            sums = read_json(directory / "checksums.json")
        except ConfigError:
            return kind == "battle"  # unreadable: the battle reader (the last one tried) names it
        return isinstance(sums, dict) and sums.get("kind") == kind
    try:
        result = read_json(directory / "result.json")
    except ConfigError:
        return kind == "battle"
    return isinstance(result, dict) and COUNT[kind] in result


def open_run(directory: str | Path, kind: str, games: tuple[str, ...]) -> SavedRun:
    """The saved run of ``kind`` in ``directory``, every file checked (see the module's docstring)."""
    directory = Path(directory)
    if not (directory / "result.json").exists():
        raise ConfigError(str(directory), "", "a saved run: a folder written by sim battle, sim run or sim balance "
                          "--save DIR (with result.json or balance.json)", "a folder without either")  # fmt: skip
    sealed = verify(directory, (kind,), FILES[kind])
    path = directory / "result.json"
    result = read_json(path, f"a result written by {WRITERS[kind]}")
    if not isinstance(result, dict):
        raise ConfigError(str(path), "", f"a result written by {WRITERS[kind]} (a mapping)", result)
    if result.get("game") not in games:  # checked before the name is ever part of a path (configs/<game>/…)
        raise ConfigError(str(path), "game", f"one of {', '.join(games)}", result.get("game"))
    count = COUNT[kind]
    schemas.check_numbers(result.get(count), result.get("seed"), str(path), count)
    seconds = result.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
        raise ConfigError(str(path), "seconds", "a number of seconds", seconds)
    for key in ("title", "question"):
        if result.get(key) is not None and not isinstance(result[key], str):
            raise ConfigError(str(path), key, "text", result[key])
    manifest = _manifest(directory, result, count) if (directory / "manifest.json").exists() else None
    return SavedRun(directory, kind, result, manifest, sealed)


def _manifest(directory: Path, result: dict, count: str) -> dict:
    path = directory / "manifest.json"
    manifest = read_json(path, "a run manifest")
    if not isinstance(manifest, dict) or not isinstance(manifest.get("config"), dict):
        raise ConfigError(str(path), "config", "a run manifest with its config", manifest)
    if manifest.get("config_hash") != config_hash(manifest["config"]):
        raise ConfigError(str(path), "config", "the config its config_hash was made from",
                          "another config (edited?)")  # fmt: skip
    for key, value in (("game", result["game"]), ("seed", result["seed"])):
        if manifest.get(key) != value:
            raise ConfigError(str(directory / "result.json"), key, f"the {key} of the run manifest.json describes "
                              f"({manifest.get(key)!r})", value)  # fmt: skip
    if manifest.get("precision") is None and manifest.get("trials") != result[count]:
        raise ConfigError(str(directory / "result.json"), count, f"the {count} of the run manifest.json describes "
                          f"({manifest.get('trials')!r})", result[count])  # fmt: skip
    scenario = manifest["config"].get("scenario")
    if "scenario" in result and result["scenario"] != scenario:
        raise ConfigError(str(directory / "result.json"), "scenario", "the scenario of the run manifest.json "
                          "describes", result["scenario"])  # fmt: skip
    return manifest


def read_table(path: str | Path) -> Any:
    """A saved parquet table (polars), or a ``ConfigError`` naming it when it is not a regular file or will not
    read (truncated, or not parquet)."""
    import polars as pl

    check_regular(path, "a parquet table written by sim")
    try:
        return pl.read_parquet(path)
    except Exception as exc:  # noqa: BLE001 - polars raises ComputeError, OSError, ArrowError, … for a bad file
        raise ConfigError(str(path), "", "a parquet table written by sim",
                          f"an unreadable file ({type(exc).__name__}; truncated?)") from None  # fmt: skip


def read_summary(path: str | Path) -> Any:
    """A saved summary.csv (pandas), or a ``ConfigError`` naming it."""
    import pandas as pd

    check_regular(path, "a summary table written by sim")
    try:
        frame = pd.read_csv(path)
    except Exception as exc:  # noqa: BLE001 - pandas raises ParserError, EmptyDataError, UnicodeDecodeError, …
        raise ConfigError(str(path), "", "a summary table written by sim", f"an unreadable file ({type(exc).__name__})"
                          ) from None  # fmt: skip
    if "metric" not in frame.columns:
        raise ConfigError(str(path), "", "a summary table written by sim (a metric column)", list(frame.columns))
    return frame
