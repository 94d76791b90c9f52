"""Imported once by the pool's fork server: every worker is forked from a process whose kernels are loaded.

Loading numba's cached kernels takes seconds per process; forked from here, a new worker (at start, or after
one was stopped for overrunning its time limit) answers at once.
"""

from sim.serve import whatif, work

try:
    work.warm()
except Exception:  # noqa: BLE001 - a failed warm-up must not stop the fork server; workers then load on demand
    pass
try:  # the full-game engines of the balance pages' what-ifs (seconds each to load from numba's cache)
    whatif.warm()
except Exception:  # noqa: BLE001 - as above
    pass
