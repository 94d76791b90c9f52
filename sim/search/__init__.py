"""The rollout searcher, written once for every game (``uses: rollout``, the experiment key ``search:``).

- ``searcher``: the compiled decision, ``searcher.searcher(start, value)``: one call weighs a seat's candidates at
  one decision by playouts, its budget spent by a bandit over the candidates (sequential halving, or the uniform
  allocation), every candidate's playout k on the same stream and the same resampled position (common random
  numbers).
- ``settings``: the searcher's parameters (``budget``, ``rollouts``, ``allocation``, ``objective``, ``determinize``
  or ``sees_hidden``), checked once for every game, their search row for the kernels, and the experiment-level
  ``search:`` block that seats a searcher in every seat.

Each game provides the compiled hooks in its own ``fast/search.py``: how a decision lists its candidates (the policy's
own choice first), ``start`` (copy the position and, determinized, resample what the seat cannot see) and ``value``
(apply one candidate, play on to the end with every seat's plan, score the end for the seat by win or final score).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

SEARCH_DIR = _Path(__file__).resolve().parent
_guard(SEARCH_DIR)  # the games' fast packages guard their searcher kernels too (they hash searcher.py)
