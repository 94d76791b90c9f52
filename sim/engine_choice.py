"""Which engine plays an experiment, and why: the experiment key ``engine: auto | fast | reference`` (default auto).

Each game's ``fast.dispatch`` lists what its compiled engine cannot play (``fast_obstacles``); ``choose`` turns that
list into the engine and the reason shown by ``sim run`` (``engine_reason`` in ``--json``, one echo line): ``auto``
takes the compiled engine when nothing stands in its way, ``fast`` insists (a ``ConfigError`` naming the
obstacles), ``reference`` always plays the plain-Python engine.
"""

from __future__ import annotations

from collections.abc import Callable

from sim.errors import ConfigError

ENGINES = ("auto", "fast", "reference")
ASKED = "engine: reference (asked for)"


def requested(raw: dict, source: str) -> str:
    wanted = raw.get("engine", "auto")
    if wanted not in ENGINES:
        raise ConfigError(source, "engine", " | ".join(ENGINES), wanted)
    return wanted


def choose(raw: dict, source: str, obstacles: Callable[[], list[str]]) -> tuple[str, str]:
    """(``"fast"``, ``""``) or (``"reference"``, why): ``obstacles()`` is asked only when the choice needs it."""
    wanted = requested(raw, source)
    if wanted == "reference":
        return "reference", ASKED
    why = obstacles()
    if wanted == "fast" and why:
        raise ConfigError(source, "engine", "auto or reference: the fast engine cannot play " + "; ".join(why), "fast")
    return ("reference", "; ".join(why)) if why else ("fast", "")


def reference_only(parsed) -> str:
    """The reason for an experiment kind no compiled engine plays (its module's name: ``module_effects``)."""
    kind = type(parsed).__module__.rsplit(".", 1)[-1]
    return f"mode: {kind} (only the reference engine plays it)"
