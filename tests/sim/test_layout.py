"""Typed compiled-engine state: a record dtype declared once, compared as one int64 vector, diffed by name."""

import numba
import numpy as np
import pytest

from sim.layout import Layout

STATE = Layout(
    "state",
    [("gold", (4,), "each player's gold"), ("units", (3, 2), "units per land and kind"), ("round", (), "the Round")],
)


@numba.njit
def _pay(records, p, amount):
    s = records[0]
    s.gold[p] += amount
    s.units[2, 1] = s.gold[p]
    s["round"] += 1


def test_fields_are_one_contiguous_int64_vector():
    s = STATE.new()
    assert STATE.dtype.itemsize == 8 * (4 + 6 + 1)
    s[0]["gold"][2] = 7
    assert STATE.flat(s)[0].tolist()[:4] == [0, 0, 7, 0]


def test_kernels_write_fields_in_place():
    s = STATE.new()
    _pay(s, 1, 5)
    assert STATE.to_dict(s[0])["gold"].tolist() == [0, 5, 0, 0]
    assert s[0]["units"][2, 1] == 5 and s[0]["round"] == 1


def test_diff_names_fields_and_indices():
    a, b = STATE.new(), STATE.new()
    assert STATE.diff(a[0], b[0]) == []
    b[0]["gold"][2], b[0]["units"][1, 0], b[0]["round"] = 5, 3, 4
    assert STATE.diff(a[0], b[0]) == ["gold[2]: 0 != 5", "units[1, 0]: 0 != 3", "round: 0 != 4"]
    b[0]["gold"][:] = 9
    assert STATE.diff(a[0], b[0], limit=2) == ["gold[0]: 0 != 9", "gold[1]: 0 != 9", "… and 4 more"]


def test_round_trip_and_bad_declarations():
    s = STATE.from_dict({"gold": [1, 2, 3, 4], "round": 6})
    assert STATE.to_dict(s[0])["round"] == 6 and STATE.to_dict(s[0])["gold"].tolist() == [1, 2, 3, 4]
    with pytest.raises(KeyError, match="no field"):
        STATE.from_dict({"silver": 1})
    with pytest.raises(ValueError, match="declared twice"):
        Layout("x", [("a", (), ""), ("a", (2,), "")])
    assert "gold" in STATE.describe()
    assert np.array_equal(STATE.flat(s), STATE.flat(s.copy()))
