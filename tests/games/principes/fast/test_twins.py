"""The compiled engine mirrors the reference: every compiled function's docstring names its reference twin first, in
double backticks, and that name resolves; every reference function is named by some compiled docstring or listed in
``fast.not_ported`` with a reason; no compiled file is over 800 lines."""

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import sim.games.principes.fast as fast
import sim.games.principes.game as game
from sim.games.principes.fast import not_ported

PREFIXES = ("", "sim.games.principes.", "sim.games.principes.game.", "sim.games.principes.game.history.",
            "strategies.principes.")  # fmt: skip
REFERENCE = [
    "sim.games.principes.legal",
    "sim.games.principes.reference",
    "sim.games.principes.driver",
    "strategies.principes.base",
    "strategies.principes.scripted",
    "strategies.principes.random_legal",
    *(info.name for info in pkgutil.walk_packages(game.__path__, "sim.games.principes.game.")),
]
TICKED = re.compile(r"``([A-Za-z_][\w.]*)``")


def resolve(name: str) -> str | None:
    """The full dotted name of the reference object ``name`` denotes (tried under each of ``PREFIXES``), or None."""
    for prefix in PREFIXES:
        parts = (prefix + name).split(".")
        for cut in range(len(parts) - 1, 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attr in parts[cut:]:
                obj = getattr(obj, attr, None)
            if obj is not None and not inspect.ismodule(obj):
                return ".".join(parts)
            break
    return None


def compiled_modules():
    return [importlib.import_module(info.name) for info in pkgutil.walk_packages(fast.__path__, fast.__name__ + ".")]


def test_every_compiled_function_names_its_reference_twin():
    wrong = []
    for mod in compiled_modules():
        for name, obj in vars(mod).items():
            py = getattr(obj, "py_func", None)  # an njit function
            if py is None or py.__module__ != mod.__name__:
                continue
            first = TICKED.search(py.__doc__ or "")
            if first is None or resolve(first.group(1)) is None:
                wrong.append(f"{mod.__name__}.{name}: {first.group(1) if first else 'no docstring twin'}")
    assert not wrong, "\n".join(wrong)


def test_every_reference_function_has_a_twin_or_is_marked_not_ported():
    named = set()
    for mod in compiled_modules():
        docs = [mod.__doc__ or ""] + [getattr(obj, "py_func", obj).__doc__ or "" for obj in vars(mod).values()
                                      if inspect.isfunction(getattr(obj, "py_func", obj))]  # fmt: skip
        named |= {full for doc in docs for ref in TICKED.findall(doc) if (full := resolve(ref))}
    lonely = []
    for module in REFERENCE:
        if module in not_ported.MODULES:
            continue
        mod = importlib.import_module(module)
        for name, obj in vars(mod).items():
            members = []
            if inspect.isfunction(obj) and obj.__module__ == module:
                members = [f"{module}.{name}"]
            elif inspect.isclass(obj) and obj.__module__ == module:
                members = [f"{module}.{name}.{m}" for m, f in vars(obj).items()
                           if inspect.isfunction(f) and not m.startswith("__")]  # fmt: skip
            lonely += [m for m in members if m not in named and m not in not_ported.FUNCTIONS]
    assert not lonely, "reference functions without a compiled twin:\n" + "\n".join(lonely)
    stale = [k for k in not_ported.FUNCTIONS if k in named or resolve(k) is None]
    assert not stale, f"not_ported lists functions that have a twin or no longer exist: {stale}"


def test_no_compiled_file_is_over_800_lines():
    long = {p.name: n for p in Path(fast.__file__).parent.rglob("*.py") if (n := len(p.read_text().splitlines())) > 800}
    assert not long, long
