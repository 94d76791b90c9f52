"""Typed state for the compiled engines: fields declared once, as a numpy record dtype.

A compiled engine keeps a game position (and its constant tables) in one record of a record dtype whose fields
are int64 scalars or int64 arrays: kernels read ``s.gold[p]`` and ``s.units[land, f, k]`` instead of offsets into
a flat vector. The record is the same contiguous block of memory as the flat vector it replaces (numba reads
its fields at the same speed), so a whole position still copies, hashes and compares as one int64 array
(``Layout.flat``), and ``Layout.diff`` turns a mismatch into field names and indices: ``gold[2]: 7 != 5``.

Declare a layout as a list of ``(name, shape, doc)``; ``shape`` is ``()`` for a scalar and a field may give a
fourth element, its dtype (int64 by default; a float64 field compares bitwise)::

    STATE = Layout("state", [
        ("gold", (NP,), "each player's gold"),
        ("round", (), "the Round being played, 1-6"),
    ])
    s = STATE.new()          # an array of one record; kernels take s (or s[0])
    s[0]["gold"][2] = 7
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Field:
    name: str
    shape: tuple[int, ...]
    doc: str
    dtype: type = np.int64

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1


class Layout:
    """The fields of one record type, in declaration order, and the record dtype they make."""

    def __init__(self, name: str, fields: Iterable[tuple | Field]):
        self.name = name
        self.fields = tuple(f if isinstance(f, Field) else Field(f[0], tuple(f[1]), *f[2:]) for f in fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"{name}: a field declared twice: {sorted(n for n in names if names.count(n) > 1)}")
        self.dtype = np.dtype([(f.name, f.dtype, f.shape) if f.shape else (f.name, f.dtype) for f in self.fields])

    def new(self, n: int = 1) -> np.ndarray:
        """``n`` records, every field zero."""
        return np.zeros(n, dtype=self.dtype)

    def flat(self, records: np.ndarray) -> np.ndarray:
        """The records as one int64 vector per record (the same memory): what lockstep compares."""
        records = np.ascontiguousarray(records)
        return records.view(np.int64).reshape(records.shape + (-1,))

    def diff(self, a: np.ndarray, b: np.ndarray, limit: int = 12) -> list[str]:
        """Where two records differ, as ``field[index]: a != b`` lines (at most ``limit``, then a count)."""
        a, b = np.asarray(a).reshape(()), np.asarray(b).reshape(())
        out: list[str] = []
        more = 0
        for f in self.fields:
            x, y = np.asarray(a[f.name]), np.asarray(b[f.name])
            bad = np.argwhere(x.view(np.int64) != y.view(np.int64)) if f.shape else ([()] if x != y else [])
            for index in bad:
                index = tuple(int(i) for i in index)
                if len(out) >= limit:
                    more += 1
                    continue
                where = f"[{', '.join(map(str, index))}]" if index else ""
                out.append(f"{f.name}{where}: {x[index]} != {y[index]}")
        if more:
            out.append(f"… and {more} more")
        return out

    def to_dict(self, record: np.ndarray) -> dict[str, object]:
        """Field name → a scalar or a copy of the array (for tests and bridges to the reference state)."""
        record = np.asarray(record).reshape(())
        return {f.name: (record[f.name].copy() if f.shape else record[f.name].item()) for f in self.fields}

    def from_dict(self, values: dict[str, object]) -> np.ndarray:
        """One record from field name → value; a field not given is zero, an unknown name is an error."""
        unknown = set(values) - {f.name for f in self.fields}
        if unknown:
            raise KeyError(f"{self.name}: no field {sorted(unknown)}")
        out = self.new()
        for name, value in values.items():
            out[0][name] = value
        return out

    def describe(self) -> str:
        """One line per field: name, shape and what it holds (for docstrings and failure reports)."""
        width = max(len(f.name) for f in self.fields)
        return "\n".join(f"{f.name:<{width}}  {str(f.shape or ''):<14}  {f.doc}" for f in self.fields)
