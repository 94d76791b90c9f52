"""Shared benchmark helpers: timing and bench/results.json (written atomically, merged per engine)."""

from __future__ import annotations

import json
import platform
import time
from datetime import datetime, timezone
from pathlib import Path

from sim.results import write_text

RESULTS = Path(__file__).parent / "results.json"


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - start


def record(engine: str, numbers: dict) -> None:
    data = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    data[engine] = {
        **numbers,
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {platform.processor() or 'cpu'}, python {platform.python_version()}",
    }
    write_text(RESULTS, json.dumps(data, indent=2) + "\n")
