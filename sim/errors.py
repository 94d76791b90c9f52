"""User-facing errors. Anything raised as a ``SimError`` is printed as one line, never a traceback."""

from __future__ import annotations


class SimError(Exception):
    """A problem with the user's input or environment, reported without a traceback."""


class ConfigError(SimError):
    """Bad input: names where it came from, the key path, what was expected and what was found."""

    def __init__(self, source: str, key: str, expected: str, found: object):
        self.source, self.key, self.expected, self.found = source, key, expected, found
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: expected {expected}, found {found!r}")
