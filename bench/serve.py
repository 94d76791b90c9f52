"""Benchmark: how soon ``sim serve`` answers a change on a calculator page (target: 200 ms, armies up to 8 a side),
and a what-if on a balance page (targets: the first estimate within 2 s, the 2,000-game answer within 5 s).

A change sends what the page sends: a first Monte Carlo estimate (10,000 trials) and the exact answer, both at
once; a what-if, its first two refinements (500 and 2,000 paired games) at once. The server runs as its own process
on loopback (its fork server loads every engine first); the times are the client's, request to parsed answer. Each
balance page is opened first (it has the server play the field's own games, A, which every what-if then shares).

Run: .venv/bin/python bench/serve.py   (writes the "serve" entry of bench/results.json)
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record  # noqa: E402

CHANGES = 60  # per game
FIRST_TRIALS = 10_000  # the page's first refinement
TARGET_MS = 200.0
# balance what-ifs: (game, the question's field and players, the changes asked one after the other)
WHATIFS = [
    ("principes", {"field": "verdict", "players": 4},  # every module on
     ["history=false", "neighbors=false", "progress=generic", "court=false", "princesses=false", "taxes.people_cost=2",
      "defender_shields.castle=3", "taxes.gold_per_might=2", "units.knight.swords=3", "units.footman.swords=2",
      "defender_shields.city=3", "defender_shields.gord=2"]),
    ("dark_ages", {"field": "verdict", "players": 3},
     ["skirmishers=true", "modules.pope=true", "modules.benjamin=true", "modules.commanders=true", "modules.wyrd=true",
      "modules.crusades=true", "modules.alchemists=true", "modules.tribute=true", "modules.alliances=true",
      "modules.ages_of_war=true", "modules.distant_campaigns=true", "modules.rise_of_poland=true"]),
]  # fmt: skip
WHATIF_STEPS = (500, 2_000)  # the page's first two refinements, asked at once
WHATIF_TARGETS_S = {500: 2.0, 2_000: 5.0}


def _units(rng: random.Random, names: tuple[str, ...], most: int = 8) -> dict[str, int]:
    """A random army of 1..most units over the given types."""
    total = rng.randint(1, most)
    counts = dict.fromkeys(names, 0)
    for _ in range(total):
        counts[rng.choice(names)] += 1
    return {k: v for k, v in counts.items() if v}


def change(game: str, rng: random.Random) -> dict:
    """A random page state of ``game`` with armies of up to 8 units a side."""
    if game == "principes":
        return {"attacker": _units(rng, ("footman", "knight", "prince")),
                "defender": _units(rng, ("footman", "knight")),
                "site": rng.choice(("gord", "city")), "castle": rng.random() < 0.5,
                "attacker_cards": {"either": rng.randint(0, 3)}, "defender_cards": {"shield": rng.randint(0, 2)},
                "attacker_faction": rng.choice(("masovia", "silesia")), "seed": rng.randint(0, 10**6)}  # fmt: skip
    if game == "dark_ages":
        types = ("infantry", "archer", "cavalry")
        return {"attacker": {"units": _units(rng, types), "tech": {rng.choice(types): rng.randint(1, 3)}},
                "defender": {"units": _units(rng, types)}, "keep": rng.randint(0, 1), "city": True,
                "reinforce": rng.choice(("none", "defender")), "seed": rng.randint(0, 10**6)}  # fmt: skip
    return {"mode": rng.choice(("simplified", "full")), "seed": rng.randint(0, 10**6),
            "attacker": _units(rng, ("winged_hussar", "pancerni", "light_cavalry", "cossack")),
            "defender": _units(rng, ("cossack", "cossack:veteran", "artillery")),
            "terrain": rng.sample(["forest", "river", "peasants"], rng.randint(0, 2))}  # fmt: skip


async def one_change(client: httpx.AsyncClient, game: str, body: dict) -> tuple[float, float]:
    started = time.perf_counter()
    done: dict[str, float] = {}

    async def ask(name: str, exact: bool) -> None:
        r = await client.post(f"/api/{game}/odds", params={"exact": exact}, json={**body, "trials": FIRST_TRIALS})
        r.raise_for_status()
        r.json()
        done[name] = 1000 * (time.perf_counter() - started)

    await asyncio.gather(ask("first", False), ask("exact", True))
    return done["first"], done["exact"]


async def measure(url: str) -> dict:
    out = {}
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        for game in ("principes", "dark_ages", "hussars"):
            rng = random.Random(game)
            first, exact = [], []
            await one_change(client, game, change(game, rng))  # the first request of a kind imports a little more
            for _ in range(CHANGES):
                f, e = await one_change(client, game, change(game, rng))
                first.append(f)
                exact.append(e)
            out[game] = {
                name: {"p50_ms": statistics.median(v), "p95_ms": statistics.quantiles(v, n=20)[18], "max_ms": max(v)}
                for name, v in (("first_estimate", first), ("exact", exact))
            }
    return out


async def one_whatif(client: httpx.AsyncClient, game: str, body: dict) -> dict[int, float]:
    """Seconds from the change to each of the first two refinements, asked at once as the page asks them."""
    started = time.perf_counter()
    done: dict[int, float] = {}

    async def ask(games: int) -> None:
        r = await client.post(f"/api/{game}/whatif", json={**body, "games": games})
        r.raise_for_status()
        r.json()
        done[games] = time.perf_counter() - started

    await asyncio.gather(*(ask(n) for n in WHATIF_STEPS))
    return done


async def measure_whatifs(url: str) -> dict:
    out = {}
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        for game, field, changes in WHATIFS:
            times: dict[int, list[float]] = {n: [] for n in WHATIF_STEPS}
            for n in WHATIF_STEPS:  # what the page asks as it opens: the field's own games, which the server keeps
                (await client.post(f"/api/{game}/whatif/field", json={**field, "games": n})).raise_for_status()
            for change in changes:
                for n, seconds in (await one_whatif(client, game, {**field, "set": [change]})).items():
                    times[n].append(seconds)
            out[game] = {str(n): {"p50_s": statistics.median(v),
                                  "p95_s": statistics.quantiles(v, n=20, method="inclusive")[18],
                                  "max_s": max(v), "target_s": WHATIF_TARGETS_S[n]}
                         for n, v in times.items()}  # fmt: skip
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as reports:
        cmd = [sys.executable, "-c", "from sim.cli import main; main()", "serve", "--port", str(port),
               "--reports", reports]  # fmt: skip
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            started = time.perf_counter()
            while True:
                try:
                    if httpx.get(f"{url}/api/health", timeout=2).json()["ready"]:
                        break
                except httpx.HTTPError:
                    pass
                if server.poll() is not None or time.perf_counter() - started > 600:
                    raise SystemExit("sim serve did not start")
                time.sleep(0.2)
            ready_s = time.perf_counter() - started
            numbers = asyncio.run(measure(url))
            whatifs = asyncio.run(measure_whatifs(url))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"  sim serve ready in {ready_s:.1f} s; {CHANGES} changes a game, armies of 1-8 units a side")
    print(f"  {'game':<10} {'first estimate p50/p95':>24} {'exact p50/p95':>18}   (target {TARGET_MS:.0f} ms)")
    for game, n in numbers.items():
        f, e = n["first_estimate"], n["exact"]
        print(f"  {game:<10} {f['p50_ms']:>13.0f} / {f['p95_ms']:.0f} ms {e['p50_ms']:>9.0f} / {e['p95_ms']:.0f} ms")
    record("serve", {"ready_s": ready_s, "changes_per_game": CHANGES, "first_trials": FIRST_TRIALS,
                     "target_ms": TARGET_MS, "games": numbers})  # fmt: skip
    build = f"NUMBA_OPT={os.environ.get('NUMBA_OPT', '3 (default)')}"
    print(f"  balance what-ifs ({len(WHATIFS[0][2])} a game, each a new change; {build}): seconds to the answer on")
    print(f"  {'game':<10} {'500 games p50/p95':>20} {'2,000 games p50/p95':>22}   (targets 2 s, 5 s)")
    for game, n in whatifs.items():
        a, b = n["500"], n["2000"]
        print(f"  {game:<10} {a['p50_s']:>10.2f} / {a['p95_s']:.2f} s {b['p50_s']:>12.2f} / {b['p95_s']:.2f} s")
    record("serve_balance", {"whatifs_per_game": len(WHATIFS[0][2]), "steps": list(WHATIF_STEPS), "build": build,
                             "games": whatifs})  # fmt: skip


if __name__ == "__main__":
    main()
