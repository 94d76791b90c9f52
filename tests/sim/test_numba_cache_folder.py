"""The tests keep numba's cache in a folder of their own (``NUMBA_CACHE_DIR``, the Makefile); ``guard`` must clear
that folder, not only ``__pycache__``, when a source changes."""

from pathlib import Path

from numba.core import config as numba_config
from numba.core.caching import FunctionCache

from sim import numba_cache


def _package(root: Path) -> Path:
    pkg = root / "engine"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "kernel.py").write_text("def f():\n    return 1\n")
    return pkg


def test_the_folder_is_where_numba_itself_caches(tmp_path, monkeypatch):
    pkg = _package(tmp_path)
    monkeypatch.setattr(numba_config, "CACHE_DIR", str(tmp_path / "cache"))
    ns: dict = {}
    exec(compile((pkg / "sub" / "kernel.py").read_text(), str(pkg / "sub" / "kernel.py"), "exec"), ns)
    where = FunctionCache(ns["f"])._cache_path
    assert Path(where) == numba_cache.cache_folder(pkg / "sub")
    monkeypatch.setattr(numba_config, "CACHE_DIR", "")
    assert numba_cache.cache_folder(pkg / "sub") == pkg / "sub" / "__pycache__"


def test_guard_clears_the_cache_dir_of_every_subpackage_when_a_source_changes(tmp_path, monkeypatch):
    pkg = _package(tmp_path)
    monkeypatch.setattr(numba_config, "CACHE_DIR", str(tmp_path / "cache"))
    numba_cache.guard(pkg)
    machine = numba_cache.cache_folder(pkg / "sub") / "kernel.f-1.py311.nbc"
    machine.parent.mkdir(parents=True)
    machine.write_bytes(b"old")
    numba_cache.guard(pkg)  # sources unchanged: the cache stays
    assert machine.exists()
    (pkg / "sub" / "kernel.py").write_text("def f():\n    return 2\n")
    numba_cache.guard(pkg)
    assert not machine.exists()
    assert not (pkg / "__pycache__").exists()  # the in-tree folder is not this cache's
