"""The run store (``sim.balance.store.RunStore``) keeps a run's wall-clock time over its sessions: a resumed run
reports its whole time, not the last session's."""

import pytest

from sim.balance import store


def test_elapsed_seconds_add_up_over_sessions(tmp_path, monkeypatch):
    clock = iter([100.0, 130.0, 1000.0, 1010.0, 1012.5, 2000.0, 2001.0])
    monkeypatch.setattr(store.time, "perf_counter", lambda: next(clock))
    first = store.RunStore(tmp_path, {"seed": 1}, False, "balance")  # starts at 100
    first.put("cell", 1)  # 30 s in: kept with the record
    second = store.RunStore(tmp_path, {"seed": 1}, True, "balance")  # resumed at 1000
    second.put("cell-2", 2)  # 10 s more
    assert second.elapsed() == pytest.approx(30 + 12.5)
    assert store.RunStore(None, {}, False, "balance").elapsed() == 1.0  # nothing kept: this session's time
