"""A bounded load test on loopback: 50 concurrent clients asking for first estimates, as pages do after a change.

Every request must succeed; the latencies are printed (p50, p95). The 20-second run is behind the ``full``
marker; the default suite runs 2 seconds. Each client stops at its deadline or after MAX_REQUESTS requests.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time

import httpx
import pytest

CLIENTS = 50
MAX_REQUESTS = 2_000  # per client: a bound on the loop whatever the speed


def question(rng: random.Random) -> tuple[str, dict, bool]:
    """A random first-estimate request of a page: up to 8 units a side, 10,000 trials, exact half the time."""
    game = rng.choice(("principes", "dark_ages", "hussars"))
    if game == "principes":
        body = {"attacker": {"knight": rng.randint(1, 4), "footman": rng.randint(0, 4)},
                "defender": {"knight": rng.randint(0, 4), "footman": rng.randint(1, 4)},
                "site": rng.choice(("gord", "city")), "attacker_cards": {"either": rng.randint(0, 2)}}  # fmt: skip
    elif game == "dark_ages":
        body = {"attacker": {"units": {"infantry": rng.randint(1, 4), "cavalry": rng.randint(0, 3)}},
                "defender": {"units": {"infantry": rng.randint(1, 4), "archer": rng.randint(0, 2)}},
                "farms": rng.randint(0, 1)}  # fmt: skip
    else:
        body = {"mode": rng.choice(("simplified", "full")),
                "attacker": {"winged_hussar": rng.randint(0, 2), "cossack": rng.randint(1, 6)},
                "defender": {"cossack": rng.randint(1, 8)}}  # fmt: skip
    return game, {**body, "trials": 10_000, "seed": rng.randint(0, 10**6)}, rng.random() < 0.5


async def hammer(url: str, seconds: float) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:

        async def one(i: int) -> None:
            rng = random.Random(i)
            for _ in range(MAX_REQUESTS):
                if time.monotonic() >= deadline:
                    return
                game, body, exact = question(rng)
                started = time.perf_counter()
                r = await client.post(f"/api/{game}/odds", params={"exact": exact}, json=body)
                latencies.append(time.perf_counter() - started)
                if r.status_code != 200:
                    errors.append(f"{r.status_code} {game} {body}: {r.text[:200]}")

        await asyncio.gather(*(one(i) for i in range(CLIENTS)))
    return latencies, errors


def report(latencies: list[float], seconds: float) -> str:
    q = statistics.quantiles(latencies, n=100)
    return (f"{CLIENTS} clients, {seconds:g} s: {len(latencies):,} requests ({len(latencies) / seconds:,.0f}/s), "
            f"p50 {1000 * q[49]:.0f} ms, p95 {1000 * q[94]:.0f} ms")  # fmt: skip


def run_load(server, capsys, seconds: float) -> None:
    latencies, errors = asyncio.run(hammer(server.url, seconds))
    assert not errors, errors[:3]
    assert len(latencies) >= CLIENTS  # every client got at least one answer
    with capsys.disabled():
        print(f"\n  load: {report(latencies, seconds)}")


def test_load_two_seconds(server, capsys):
    run_load(server, capsys, 2.0)


@pytest.mark.full
def test_load_twenty_seconds(server, capsys):
    run_load(server, capsys, 20.0)
