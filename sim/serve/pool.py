"""Worker processes for the server's computations, with a time limit per request and a cap on waiting requests.

pebble's process pool ends a worker whose task overruns its time limit (a thread could not be stopped) and
starts a fresh one. At most one task per worker is handed over at a time: a request waits here, in the event
loop, and is dropped without running when its client has gone away meanwhile (an abandoned refinement); a
running request whose client has gone is ended the same way as one over its time limit.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing

from pebble import ProcessPool

from sim.serve import work

CHECK_GONE_S = 0.25  # how often a running request checks that its client still waits (shorter tasks just finish)


class Busy(Exception):
    """Too many requests are already waiting."""


class TimeLimit(Exception):
    """The request did not finish within its time limit."""


class Gone(Exception):
    """The client disconnected before its request started."""


class Workers:
    def __init__(self, workers: int, max_waiting: int):
        # workers fork from a single-threaded fork server that has loaded every kernel (never from the server's
        # threads); if that preload fails, the workers load what they need on their first requests
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["sim.serve.preload"])
        self.pool = ProcessPool(max_workers=workers, context=context)
        self.workers, self.max_waiting = workers, max_waiting
        self.slots: asyncio.Semaphore | None = None
        self.waiting = 0
        self.ready = False
        self.counts = {"running": 0, "answered": 0, "timed_out": 0, "cancelled": 0}

    async def start(self) -> None:
        """Start every worker (the fork server loads the kernels first) before the first request."""
        self.slots = asyncio.Semaphore(self.workers)
        pings = [asyncio.wrap_future(self.pool.schedule(work.run, ("ping", {}))) for _ in range(self.workers)]
        await asyncio.gather(*pings)
        self.ready = True

    async def call(self, task: str, kwargs: dict, time_limit: float, gone=None) -> dict:
        """``work.run(task, kwargs)`` in a worker. ``gone`` is an async callable telling whether the client left."""
        if self.waiting >= self.max_waiting:
            raise Busy
        assert self.slots is not None, "Workers.start() first"
        self.waiting += 1
        try:
            try:
                await asyncio.wait_for(self.slots.acquire(), time_limit)
            except asyncio.TimeoutError:
                raise TimeLimit from None
        finally:
            self.waiting -= 1
        try:
            if gone is not None and await gone():
                raise Gone
            future = self.pool.schedule(work.run, (task, kwargs), timeout=time_limit)
            answer = asyncio.wrap_future(future)
            self.counts["running"] += 1
            try:
                while True:  # a long task whose client left (the page moved on) is ended, freeing its worker
                    done, _ = await asyncio.wait({answer}, timeout=CHECK_GONE_S)
                    if done:
                        result = answer.result()
                        self.counts["answered"] += 1
                        return result
                    if gone is not None and await gone():
                        future.cancel()  # pebble ends the worker process and starts a fresh one
                        self.counts["cancelled"] += 1
                        raise Gone
            except concurrent.futures.TimeoutError:
                self.counts["timed_out"] += 1
                raise TimeLimit from None
            finally:
                self.counts["running"] -= 1
        finally:
            self.slots.release()

    def close(self) -> None:
        self.pool.stop()
        self.pool.join(timeout=10)
