"""sim.numba_cache.call: a kernel is compiled under the lock once per kind of arguments, then called directly; the
check does not type a structured array again on every call (that alone cost 5 ms a call, longer than a game)."""

import numpy as np
from numba import njit

from sim import numba_cache

RECORD = np.dtype([("a", np.int64), ("b", np.float64, (4,))])


@njit
def total(rows, scale, start):
    return (rows["a"].sum() + start) * scale


def test_the_type_check_runs_once_per_kind_of_arguments(monkeypatch):
    seen = []
    typeof = total.typeof_pyval
    monkeypatch.setattr(total, "typeof_pyval", lambda a: seen.append(a) or typeof(a))
    rows = np.zeros(3, RECORD)
    rows["a"] = [1, 2, 3]
    assert numba_cache.call(total, rows, 2.0, 1) == 14.0
    first = len(seen)
    assert first >= 3  # each argument typed once (numba's own dispatch may type the record array once more)
    for start in range(5):  # the same kinds of arguments, other values: typed no more
        assert numba_cache.call(total, rows, 1.0, start) == 6.0 + start
    assert len(seen) == first
    assert numba_cache.call(total, rows, 1, 0) == 6  # an int where a float was: a new kind, checked and compiled
    assert len(seen) >= first + 3 and len(total.overloads) == 2
