"""Cold compile of each full-game engine: the CPU seconds and wall time of a first run on a fresh machine, and
where they go.

Each engine compiles in a fresh process with an empty ``NUMBA_CACHE_DIR``, as ``make demo``'s compile step does
(``reports.demo._warm``: the game's demo study, one game), at the numba settings of the calling environment (sim's
default -O3 unless ``NUMBA_OPT`` is set). The child listens to numba's compile events and reports the seconds each
jitted function took itself (its callees excluded) and the LLVM share. numba compiles every jitted function that is
not inlined into a machine-code library of its own, with everything it calls linked in and optimized again, so a
function high in the call tree costs about as much as the whole engine below it: those lead the list.

Usage: ``python bench/compile.py [--games principes dark_ages hussars] [--top 12]``. CPU time is the measure (the
machine is shared; the wall time is a floor). Target (issue 41): at most 90 CPU-seconds per engine.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ["principes", "dark_ages", "hussars"]
TARGET = 90.0


def profile(game: str) -> dict:
    """Compile ``game``'s engine in this process (the cache must be empty); CPU seconds per function, itself."""
    from numba.core import codegen, event

    clock = time.process_time
    stack: list[list] = []  # [function, started]
    own: collections.Counter = collections.Counter()
    llvm = {"seconds": 0.0}

    class Listener(event.Listener):
        def on_start(self, ev):
            now = clock()
            if stack:
                own[stack[-1][0]] += now - stack[-1][1]
            d = ev.data["dispatcher"]
            stack.append([f"{d.py_func.__module__}.{d.py_func.__qualname__}", now])

        def on_end(self, ev):
            now = clock()
            name, started = stack.pop()
            own[name] += now - started
            if stack:
                stack[-1][1] = now

    finalize = codegen.CPUCodeLibrary.finalize

    def timed_finalize(self):  # LLVM: the module's optimization and machine code (functions' own passes aside)
        started = clock()
        try:
            return finalize(self)
        finally:
            llvm["seconds"] += clock() - started

    codegen.CPUCodeLibrary.finalize = timed_finalize
    event.register("numba:compile", Listener())
    started, wall = clock(), time.perf_counter()
    from reports.demo import _warm

    _warm(game)
    return {"game": game, "cpu": clock() - started, "wall": time.perf_counter() - wall, "llvm": llvm["seconds"],
            "compiled": len(own), "functions": own.most_common()}  # fmt: skip


def measure(game: str) -> dict:
    """``profile`` in a child process on an empty cache; its CPU seconds as the kernel counts them."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryDirectory(prefix="sim-compile-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, __file__, "--one", game], env=env, capture_output=True, text=True,
                             check=True).stdout  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = json.loads(out.splitlines()[-1])
    result["process_cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    result["peak_mb"] = after.ru_maxrss / 1024
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=GAMES, choices=GAMES)
    parser.add_argument("--top", type=int, default=12, help="the functions that cost most, per engine")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(profile(args.one)))
        return
    numbers = {}
    for game in args.games:
        r = measure(game)
        numbers[game] = {k: round(r[k], 1) for k in ("process_cpu", "cpu", "wall", "llvm")}
        numbers[game]["compiled"] = r["compiled"]
        ok = "ok" if r["process_cpu"] <= TARGET else f"over the {TARGET:.0f} s target"
        print(f"{game}: {r['process_cpu']:.0f} CPU-s ({ok}), {r['wall']:.0f} s wall, {r['compiled']} functions "
              f"compiled, LLVM {r['llvm'] / r['cpu']:.0%} of the compile, peak {r['peak_mb']:.0f} MB")  # fmt: skip
        for name, seconds in r["functions"][: args.top]:
            print(f"  {seconds:6.1f} s  {name}")
    from bench.common import record

    record("compile", {"cpu_seconds": numbers, "numba_opt": os.environ.get("NUMBA_OPT", "default (3)")})


if __name__ == "__main__":
    main()
