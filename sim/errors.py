"""User-facing errors. Anything raised as a ``SimError`` is printed as one line, never a traceback."""

from __future__ import annotations

import reprlib
import sys

FOUND_CHARS = 80  # a found value is shown cut to this many characters


class SimError(Exception):
    """A problem with the user's input or environment, reported without a traceback."""


class ConfigError(SimError):
    """Bad input: names where it came from, the key path, what was expected and what was found."""

    def __init__(self, source: str, key: str, expected: str, found: object):
        self.source, self.key, self.expected, self.found = str(source), str(key), str(expected), found
        where = f"{self.source}: {self.key}" if self.key else self.source
        super().__init__(f"{where}: expected {self.expected}, found {shown(found)}")

    def __reduce__(self):  # raised in a worker process, it crosses back whole (the default pickles the message only)
        return type(self), (self.source, self.key, self.expected, self.found)


class _Nothing:
    """What a missing value is "found" as: prints as nothing, without quotes."""

    def __repr__(self) -> str:
        return "nothing"


NOTHING = _Nothing()


class Interrupted(BaseException):
    """SIGTERM (or SIGINT) arrived: raised in the main thread like KeyboardInterrupt, so runs can stop cleanly."""

    def __init__(self, signum: int):
        self.signum = signum
        super().__init__(signum)


class Stopped(SimError):
    """A run stopped by SIGINT or SIGTERM; its finished chunks are saved when it had ``--save``."""

    def __init__(self, done: int, total: int | None, signum: int, resumable: bool):
        self.done, self.total, self.signum = done, total, signum
        of = f" of {total:,}" if total is not None else ""
        then = "; rerun with --resume to continue" if resumable else "; add --save DIR to make a run resumable"
        super().__init__(f"stopped after {done:,}{of} chunks{then}")


_REPR = reprlib.Repr()  # keyword arguments need Python 3.12
_REPR.maxlevel, _REPR.maxdict, _REPR.maxlist, _REPR.maxtuple, _REPR.maxset = 4, 8, 8, 8, 8
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = FOUND_CHARS


def shown(found: object) -> str:
    """``repr(found)`` cut to ``FOUND_CHARS`` characters; containers are walked only as deep and as wide as that
    needs, so an alias bomb or a self-referencing list stays one short line and costs nothing to print."""
    text = repr(found[: FOUND_CHARS + 1]) if isinstance(found, str) else _REPR.repr(found)
    text = " ".join(text.split())
    return text if len(text) <= FOUND_CHARS else text[: FOUND_CHARS - 1] + "…"


def note(message: str) -> None:
    """One line to stderr for the user (a clamp, a recomputed chunk), never part of the results on stdout."""
    print(f"note: {message}", file=sys.stderr, flush=True)
