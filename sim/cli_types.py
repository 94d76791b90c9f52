"""Option types of the ``sim`` command, and click's usage errors as the one-line ``ConfigError`` of everything else.

Types check what click's own do not: seeds in 0..2^64−1, finite numbers, and output paths that can be written
(checked when the flags are parsed, before any computing).
"""

from __future__ import annotations

import contextlib
import math
import os
import tempfile
from pathlib import Path

import click

from sim.errors import NOTHING, ConfigError
from sim.files import kind_of

MAX_SEED = 2**64 - 1


class FlagError(click.BadParameter):
    """A bad flag value, with what was expected and what was found."""

    def __init__(self, expected: str, found: object, param=None, ctx=None):
        self.expected, self.found = expected, found
        super().__init__(f"expected {expected}, found {found!r}", ctx=ctx, param=param)


class Seed(click.ParamType):
    name = "seed"

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
            if len(value.strip()) > len(str(MAX_SEED)):  # int() of thousands of digits: refused by Python, and slow
                raise FlagError("a seed 0..2^64−1 (at most 20 digits)", f"a number of {len(value.strip()):,} digits",
                                param, ctx)  # fmt: skip
            number = int(value)
        else:
            raise FlagError("a seed 0..2^64−1 (a whole number)", value, param, ctx)
        if not 0 <= number <= MAX_SEED:
            raise FlagError("a seed 0..2^64−1 (a larger one would wrap around onto another seed)", value, param, ctx)
        return number


class FiniteFloat(click.ParamType):
    """A number that is not NaN or infinite (optionally ≥ ``low``)."""

    name = "number"

    def __init__(self, low: float | None = None):
        self.low = low

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise FlagError("a number", value, param, ctx) from None
        if not math.isfinite(number):
            raise FlagError("a finite number", value, param, ctx)
        if self.low is not None and number < self.low:
            raise FlagError(f"a number ≥ {self.low:g}", value, param, ctx)
        return number


def writable_problem(path: str | os.PathLike, directory: bool, keep_parents: bool = False) -> str | None:
    """Why ``path`` cannot be written as an output (a directory, or a file when not ``directory``), or None.

    It is tried for real (a directory created, a probe file written and removed): permission bits say nothing
    for root, nor for /proc or a read-only mount. What the probe created is removed again, except the parent
    folders of a file with ``keep_parents`` (the file's writer expects them)."""
    if str(path).strip() == "":
        return "an empty path"
    path = Path(path)
    if path.exists() and directory != path.is_dir():
        return "a file, not a directory" if directory else "a directory, not a file"
    if directory and path.is_dir():
        blocked = _blocked_outputs(path)
        if blocked:
            return f"its {blocked.name} is {kind_of(blocked.lstat().st_mode)}, not a file"
    folder = path if directory else path.parent
    created: list[Path] = []
    try:
        for parent in [*reversed(folder.parents), folder]:
            if not parent.exists():
                parent.mkdir()
                created.append(parent)
            elif not parent.is_dir():
                return f"{parent} is a file, not a directory"
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".sim-write-test-")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return f"{exc.filename or folder}: {exc.strerror or exc}"
    finally:
        for made in reversed(created if directory or not keep_parents else []):
            with contextlib.suppress(OSError):
                made.rmdir()
    return None


OUTPUT_SUFFIXES = (".json", ".csv", ".parquet", ".png", ".md", ".html", ".yaml")  # what sim writes into folders


def _blocked_outputs(folder: Path) -> Path | None:
    """An entry of ``folder`` named like an output file (``result.json``, ``report.html``) that is not a file (a
    directory, a FIFO): writing there would fail only after the run, or block."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(OUTPUT_SUFFIXES) and not entry.is_file(follow_symlinks=False) \
                        and not entry.is_symlink():  # fmt: skip
                    return Path(entry.path)
    except OSError:
        return None
    return None


def check_writable(path: str | os.PathLike, flag: str, directory: bool = True) -> Path:
    """``path`` as an output, or a ``ConfigError`` naming ``flag`` before any work is done."""
    problem = writable_problem(path, directory, keep_parents=True)
    if problem is not None:
        kind = "a writable directory" if directory else "a writable file path"
        raise ConfigError(flag, "", kind, f"{path} ({problem})" if str(path).strip() else "")
    return Path(path)


class OutPath(click.ParamType):
    """An output directory (``--save``, ``-o``) or file (``--plot``) that can be written."""

    def __init__(self, directory: bool = True):
        self.directory = directory
        self.name = "directory" if directory else "file"

    def convert(self, value, param, ctx):
        problem = writable_problem(value, self.directory, keep_parents=True)
        if problem is not None:
            kind = "a writable directory" if self.directory else "a writable file path"
            raise FlagError(kind, f"{value} ({problem})" if str(value).strip() else "", param, ctx)
        return str(value)


SEED = Seed()
OUT_DIR = OutPath(directory=True)
OUT_FILE = OutPath(directory=False)


# ---- click's errors as one line ------------------------------------------------------------------------------


def describe(kind: click.ParamType) -> str:
    """What a click type accepts, in the words of ``ConfigError``."""
    if isinstance(kind, (click.IntRange, click.FloatRange)):
        noun = "a whole number" if isinstance(kind, click.IntRange) else "a number"
        lo, hi = kind.min, kind.max
        low = f"{'>' if kind.min_open else '≥'} {lo:g}" if lo is not None else ""
        high = f"{'<' if kind.max_open else '≤'} {hi:g}" if hi is not None else ""
        if lo is not None and hi is not None and not kind.min_open and not kind.max_open:
            return f"{noun} {lo:g}..{hi:g}"
        return " ".join(p for p in (noun, low, high) if p)
    if isinstance(kind, click.Choice):
        return "one of " + ", ".join(map(str, kind.choices))
    if kind is click.INT:
        return "a whole number"
    if kind is click.FLOAT:
        return "a number"
    if kind is click.BOOL:
        return "true or false"
    if isinstance(kind, click.Path):
        return "a path"
    return f"a {kind.name}"


def _option_name(param) -> str:
    if isinstance(param, click.Option):
        longs = [o for o in param.opts if o.startswith("--")]
        return (longs or param.opts)[0]
    return param.human_readable_name if param is not None else "argument"


def _given(param, argv: list[str]) -> object:
    """The text given for ``param`` on the command line (the last occurrence)."""
    if not isinstance(param, click.Option):
        return None
    found = None
    for i, token in enumerate(argv):
        for opt in param.opts + param.secondary_opts:
            if token == opt and i + 1 < len(argv):
                found = argv[i + 1]
            elif token.startswith(opt + "="):
                found = token[len(opt) + 1 :]
    return found


def usage_error(exc: click.UsageError, argv: list[str]) -> ConfigError:
    """Any click usage error as a ``ConfigError``: the flag (or command), what it takes, and what was given."""
    ctx = exc.ctx
    command = ctx.command_path if ctx is not None else "sim"
    param = getattr(exc, "param", None)
    if isinstance(exc, FlagError):
        return ConfigError(_option_name(param), "", exc.expected, exc.found)
    if isinstance(exc, click.MissingParameter):
        name = _option_name(param) if param is not None else (exc.param_hint or "a value")
        return ConfigError(command, str(name), "a value (it is required)", NOTHING)
    if isinstance(exc, click.BadParameter):
        found = _given(param, argv)
        return ConfigError(_option_name(param), "", describe(param.type) if param is not None else exc.message,
                           found if found is not None else exc.message)  # fmt: skip
    if isinstance(exc, click.NoSuchOption):
        maybe = f"; did you mean {', '.join(sorted(exc.possibilities))}?" if exc.possibilities else ""
        return ConfigError(command, exc.option_name, f"an option of this command (see --help){maybe}", exc.option_name)
    if isinstance(exc, click.BadOptionUsage):
        return ConfigError(command, exc.option_name, exc.message.rstrip("."), NOTHING)
    message = exc.format_message().rstrip(".")
    if message.startswith("No such command"):
        group = ctx.command if ctx is not None else None
        known = ", ".join(group.list_commands(ctx)) if isinstance(group, click.Group) else ""
        name = message.split("'")[1] if "'" in message else message
        extra = " or a scenario .yaml file" if ctx is not None and ctx.info_name == "battle" else ""
        return ConfigError(command, "COMMAND", f"one of {known}{extra}", name)
    if message.startswith("Got unexpected extra argument"):
        extra = message.split("(", 1)[-1].rstrip(")") if "(" in message else message
        return ConfigError(command, "", "no further arguments (see --help)", extra)
    return ConfigError(command, "", "valid arguments (see --help)", message)
