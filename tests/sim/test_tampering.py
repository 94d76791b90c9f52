"""Issue 45's mechanisms, one by one: special files, bounded strict reads, sealed folders and records, the alias
check that counts only what aliases repeat, strict web API bodies, and worker pools that fit the machine."""

from __future__ import annotations

import json
import os
import time

import pytest

from sim.balance.store import RunStore
from sim.checkpoint import read_json, seal, verify
from sim.config import MAX_YAML_NODES, parse_yaml, read_yaml
from sim.errors import ConfigError
from sim.files import read_bytes


def test_special_files_are_refused_before_any_read(tmp_path):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    started = time.perf_counter()
    with pytest.raises(ConfigError, match="a FIFO"):
        read_yaml(fifo)  # no writer: a blocking open would never return
    with pytest.raises(ConfigError, match="a character device"):
        read_bytes("/dev/zero", 10)  # endless: a read without a bound would never return
    with pytest.raises(ConfigError, match="a directory"):
        read_yaml(tmp_path)
    assert time.perf_counter() - started < 5


def test_reads_are_bounded(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1001)
    with pytest.raises(ConfigError, match="at most 1,000 bytes"):
        read_bytes(path, 1000)


def test_a_long_list_is_not_an_alias_bomb_but_a_bomb_is():
    items = MAX_YAML_NODES * 2
    assert len(parse_yaml("x:\n" + "  - a\n" * items, "long.yaml")["x"]) == items
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [{', '.join([f'*{p}'] * 10)}]\n" for p, c in zip("abcdefg", "bcdefgh", strict=True)
    )
    with pytest.raises(ConfigError, match="alias bomb"):
        parse_yaml(bomb, "bomb.yaml")


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("a:\n  b: " + "9" * 5000 + "\n", "a.b", "a whole number of at most 30 digits"),
        ("a: [1, " + "9" * 31 + "]\n", "a[1]", "a whole number of at most 30 digits"),
        ("null: 1\n", "null", "a key that is a name"),
        ("a:\n  ~: 1\n", "a.~", "a key that is a name"),
    ],
)
def test_yaml_numbers_and_null_keys_name_their_key(text, key, expected):
    with pytest.raises(ConfigError) as caught:
        parse_yaml(text, "f.yaml")
    assert (caught.value.key, caught.value.expected.startswith(expected)) == (key, True)


def test_saved_json_is_strict(tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"trials": 1, "trials": 2}')
    with pytest.raises(ConfigError, match="each key once"):
        read_json(path)
    path.write_text('{"trials": ')
    with pytest.raises(ConfigError, match="invalid JSON at line 1"):
        read_json(path)


def test_a_sealed_folder_names_the_file_that_changed(tmp_path):
    for name, text in (("result.json", "{}"), ("summary.csv", "metric\n")):
        (tmp_path / name).write_text(text)
    seal(tmp_path, "battle", ("result.json", "summary.csv", "trials.parquet"))
    assert verify(tmp_path, ("battle",), ("result.json", "summary.csv", "trials.parquet"))
    (tmp_path / "summary.csv").write_text("metric\nx\n")
    with pytest.raises(ConfigError) as caught:
        verify(tmp_path, ("battle",), ("result.json", "summary.csv"))
    assert caught.value.source == str(tmp_path / "summary.csv")
    (tmp_path / "trials.parquet").write_bytes(b"PAR1")  # a file the run did not write
    with pytest.raises(ConfigError, match="a file added later"):
        verify(tmp_path, ("battle",), ("trials.parquet",))
    with pytest.raises(ConfigError, match="a saved run run"):
        verify(tmp_path, ("run",), ())
    (tmp_path / "checksums.json").unlink()
    assert not verify(tmp_path, ("battle",), ("summary.csv",))  # an older sim's folder: the readers' checks only


def _store(folder, resume=False, seed=1):
    return RunStore(folder, {"seed": seed, "rounds": 1}, resume, "balance", grow=("rounds",))


@pytest.mark.parametrize("damage", ["truncate", "edit", "fifo", "legacy", "foreign", "folder"])
def test_a_damaged_record_is_named_and_recomputed(tmp_path, capsys, damage):
    store = _store(tmp_path)
    store.put("cell-a", {"wins": [3, 1], "games": [4, 4]})
    store.put("cell-b", {"wins": [2, 2], "games": [4, 4]})
    path = store._path("cell-a")
    record = json.loads(path.read_text())
    if damage == "truncate":
        path.write_text(path.read_text()[:20])
    elif damage == "edit":
        record["value"]["wins"] = [4, 4]
        path.write_text(json.dumps(record))
    elif damage == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif damage == "legacy":
        path.write_text(json.dumps(record["value"]))
    elif damage == "foreign":
        _store(tmp_path / "other", seed=2).put("cell-a", record["value"])
        path.write_text((tmp_path / "other" / "records" / path.name).read_text())
    else:
        path.unlink()
        path.mkdir()
    resumed = _store(tmp_path, resume=True)
    if damage == "folder":
        with pytest.raises(ConfigError):
            resumed.get("cell-a")
        return
    assert resumed.get("cell-a") is None and not path.exists()
    assert str(path) in capsys.readouterr().err
    assert resumed.get("cell-b") == {"wins": [2, 2], "games": [4, 4]}  # the sound record is used


def test_records_outlive_a_grown_run_and_a_garbage_manifest_is_refused(tmp_path):
    _store(tmp_path).put("cell", [1])
    grown = RunStore(tmp_path, {"seed": 1, "rounds": 3}, True, "balance", grow=("rounds",))
    assert grown.get("cell") == [1]  # --rounds grew: the finished steps still belong to the run
    (tmp_path / "manifest.json").write_text('{"kind": ')
    with pytest.raises(ConfigError) as caught:
        _store(tmp_path, resume=True)
    assert caught.value.source == str(tmp_path / "manifest.json")
    (tmp_path / "manifest.json").unlink()
    _store(tmp_path / "c").put("x", 1)
    (tmp_path / "c" / "elapsed-seconds.json").write_text('"ten"')
    assert _store(tmp_path / "c", resume=True).elapsed() < 60  # the clock restarts, the run goes on


@pytest.mark.parametrize(
    ("body", "key", "expected"),
    [
        (b'{"attacker": {"knight": 1, "knight": 5}}', "attacker.knight", "each key once"),
        (b'{"attacker": {"knight": NaN}}', "attacker.knight", "a finite number"),
        (b'{"attacker": {"knight": -Infinity}}', "attacker.knight", "a finite number"),
        (b'{"rules": {"x": [1, 1e400]}}', "rules.x[1]", "a finite number"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "seed", "a whole number of at most 30 digits"),
        (b'{"attacker": ' + b"[" * 30_000 + b"]" * 30_000 + b"}", "", "JSON nested at most"),
        (b'{"title": "[[[[' + b"[" * 100 + b'"}', None, None),  # brackets inside a string are text
    ],
)
def test_api_bodies_are_as_strict_as_scenario_files(body, key, expected):
    from sim.serve.app import BadRequest, parse_json

    if key is None:
        assert parse_json(body)["title"].startswith("[[[[")
        return
    with pytest.raises(BadRequest) as caught:
        parse_json(body)
    assert caught.value.key == key and caught.value.expected.startswith(expected)


def test_workers_fit_the_cores_and_the_memory(monkeypatch, capsys):
    from sim import backends

    monkeypatch.setattr(backends, "cores", lambda: 2)
    monkeypatch.setattr(backends, "available_memory", lambda: 3 * backends.WORKER_BYTES["game"] + 1)
    assert backends.fit_workers(1000, "game") == 2
    assert "--workers 1000: using 2 (2 cores" in capsys.readouterr().err
    monkeypatch.setattr(backends, "cores", lambda: 64)
    assert backends.fit_workers(1000, "game") == 3  # the memory binds: 3 peak-size workers fit
    assert backends.fit_workers(2, "battle") == 2
    monkeypatch.setattr(backends, "available_memory", lambda: None)
    assert backends.fit_workers(1000, "game") == 64


def test_the_dask_timeout_is_read_when_used(monkeypatch):
    from sim.backends import DASK_TIMEOUT, dask_timeout

    monkeypatch.delenv("SIM_DASK_TIMEOUT", raising=False)
    assert dask_timeout() == DASK_TIMEOUT
    monkeypatch.setenv("SIM_DASK_TIMEOUT", "2.5")
    assert dask_timeout() == 2.5
    for bad in ("abc", "nan", "-1", "0", "inf"):
        monkeypatch.setenv("SIM_DASK_TIMEOUT", bad)
        with pytest.raises(ConfigError, match="SIM_DASK_TIMEOUT"):
            dask_timeout()
