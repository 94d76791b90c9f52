"""``sim.numba_args``: sim's jitted functions called with constants compile once per argument type."""

from __future__ import annotations

import subprocess
import sys
import types

import numpy as np
from numba import njit

import sim.rng  # noqa: F401 (installs sim.numba_args, as every kernel does)

K = 8


def _jit_as(module: str, fn):
    fn = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__)  # a function object of its own
    fn.__module__ = module
    return njit(fn)


def _add(a, b):
    return a + b


ours = _jit_as("sim.probe", _add)
theirs = _jit_as("elsewhere", _add)


@njit
def _callers(x):
    return ours(x, K) + ours(x, 0) + ours(x, np.int64(3)) + ours(x, x) + theirs(x, K) + theirs(x, x)


def test_constants_share_the_callees_machine_code_in_sims_functions_only():
    assert _callers(1) == 9 + 1 + 4 + 2 + 9 + 2
    assert [str(s) for s in ours.signatures] == ["(int64, int64)"]
    assert sorted(str(s) for s in theirs.signatures) == ["(int64, Literal[int](8))", "(int64, int64)"]


def test_every_engine_installs_it_before_compiling():
    """The engines' modules import ``sim.rng`` (directly or through their streams), which installs it."""
    code = ("import sys, numba.core.dispatcher as d; import {m}; "
            "sys.exit(d.Dispatcher.get_call_template.__module__ != 'sim.numba_args')")  # fmt: skip
    for module in ("sim.games.principes.fast.chunk", "sim.games.dark_ages.fast.experiment",
                   "sim.games.hussars.fast.chunk", "sim.games.principes.kernel"):  # fmt: skip
        assert subprocess.run([sys.executable, "-c", code.format(m=module)]).returncode == 0, module
