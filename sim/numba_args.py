"""Compile sim's jitted functions once per argument *type*, not once per constant they are called with.

numba types a constant argument at a call between jitted functions (``fight(S, T, seat, 0)``,
``play_on(..., False, ...)``) as its own literal type, ``Literal[int](0)``, and compiles the callee again for it, and
with it every callee the constant is passed on to: in the Dark Ages engine about 45% of the cached machine code was
such copies, some functions compiled 20-37 times. It makes calls to sim's own functions (modules
``sim.*`` and ``strategies.*``) use the argument types without their literal values, as numba already prefers for
its own overloads ("prefer non-literal types ... to reduce function over-specialisation", numba 0.51 release notes).
The values passed are the same, so results do not change; only fewer copies are compiled. numba's own jitted
helpers keep their literal dispatch (some index heterogeneous tuples by a constant). No sim function may need a
constant argument's literal type: it would fail to compile, loudly.

Applied when this module is imported (``sim.rng`` imports it: every compiled kernel draws from ``sim.rng``).
"""

from __future__ import annotations

from numba.core import types
from numba.core.dispatcher import Dispatcher

OURS = ("sim.", "strategies.")
_literal_call_template = Dispatcher.get_call_template


def _plain_call_template(self, args, kws):
    """``Dispatcher.get_call_template`` for the argument types without their literal values (sim's functions)."""
    if getattr(self.py_func, "__module__", "").startswith(OURS):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
    return _literal_call_template(self, args, kws)


Dispatcher.get_call_template = _plain_call_template
