"""The compiled engine's position: the reference's state fields (``game/state.fields``) at fixed capacities.

One record of ``STATE`` holds a whole game (the same field names and meanings as ``game.state.State``, every axis
sized by ``tables.CAP``). ``from_reference`` and ``sliced`` bridge the two engines by name: the lockstep tests compare
a reference position with the compiled one on the reference's sizes, and ``diff`` names what differs
(``gold[2]: 7 != 5``).
"""

from __future__ import annotations

import numpy as np

from sim.games.hussars.fast.tables import CAP
from sim.games.hussars.game.state import Dims, fields, layout, to_record

STATE = layout(CAP)


def sliced(rec: np.ndarray, d: Dims) -> np.ndarray:
    """The compiled record cut down to the reference's sizes ``d`` (a record of ``layout(d)``)."""
    small = layout(d).new()
    big = np.asarray(rec).reshape(-1)[0]
    for (name, shape, _), _cap in zip(fields(d), fields(CAP), strict=True):
        if shape:
            small[0][name] = big[name][tuple(slice(0, n) for n in shape)]
        else:
            small[0][name] = big[name]
    return small


def from_reference(state) -> np.ndarray:
    """A reference ``State`` as a compiled record (padding zero)."""
    rec = STATE.new()
    small = to_record(state)[0]
    for name, shape, _ in fields(state.dims):
        if shape:
            rec[0][name][tuple(slice(0, n) for n in shape)] = small[name]
        else:
            rec[0][name] = small[name]
    return rec


def diff(state, rec: np.ndarray, limit: int = 12) -> list[str]:
    """Where the reference ``state`` and the compiled record differ, by field and index."""
    return layout(state.dims).diff(to_record(state)[0], sliced(rec, state.dims)[0], limit)
