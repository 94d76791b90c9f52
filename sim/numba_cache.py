"""Keep numba's on-disk cache of a compiled engine in step with its sources.

numba keys a cached function on its own file only, so a kernel that calls into another module keeps the old
machine code after that module changes, and tables compiled from YAML are frozen into the code. ``guard`` stamps a
digest of every source beside the cache and clears the cache when it differs (numba then recompiles).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def guard(package: Path, extra: Iterable[Path] = ()) -> None:
    """Drop ``package``'s cached machine code when any of its ``*.py`` files or the ``extra`` files changed."""
    sources = sorted(package.glob("*.py")) + [Path(__file__).with_name("rng.py"), *extra]
    digest = hashlib.sha1(b"".join(p.read_bytes() for p in sources if p.exists())).hexdigest()
    cache = package / "__pycache__"
    stamp = cache / "fast-sources.sha1"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for f in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            f.unlink(missing_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass  # a read-only install: numba falls back to compiling in memory
