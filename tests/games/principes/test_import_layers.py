"""One-way layering: no import cycle among the Principes modules (``sim.games.principes`` and
``strategies.principes``), counting imports inside functions too, so a cycle cannot hide behind a lazy import."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("sim/games/principes", "strategies/principes")


def modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module → the Principes modules it imports anywhere in its source (``from pkg import module`` included)."""
    mods = modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            graph[name] |= {t for t in targets if t in mods and t != name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (its modules in order), or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n) :] + [n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_principes_modules_import_one_way():
    graph = import_graph()
    assert len(graph) > 60 and graph["sim.games.principes.game.battles"]  # the walk found the engine
    found = cycle(graph)
    assert found is None, " -> ".join(found)


def test_a_cycle_is_caught():
    with pytest.raises(AssertionError):
        assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is None
    assert cycle({"a": {"b"}, "b": set()}) is None
