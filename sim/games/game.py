"""``Game``: everything the rest of sim needs from one game, in one typed object (``sim.games.get(name)``).

Each game package exports its ``GAME`` from ``sim/games/<game>/__init__.py``; ``sim.games`` lists them. The pieces
that live in other modules (the battle, the study modes, schemas, plans, balance adapters, the searcher's ladder, CLI
commands, the web form) are named by import path, ``"package.module"`` or ``"package.module:attribute"``, and loaded
on first use (``Game.load``): importing a game's engine loads numba and compiles kernels, and several of those
modules import ``sim.games`` themselves, so an eager import here would make every ``sim`` command pay for every game
and would close import cycles.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Demo:
    """The game's part of ``make demo`` (``reports.demo``)."""

    study: str  # the game's main experiment: its scripted field, played afresh where the game has no verdict
    games: int
    effects: str  # a paired study of the modules (or rule variants), played afresh
    verdict: str | None  # the current shipped balance study (studies/<game>/), its games replayed (None: none yet)
    ladder: str | None  # the current shipped ladder verdict (sim verdict), a few of its games replayed


@dataclass(frozen=True)
class Game:
    id: str  # the ``game:`` of its files, its configs/<id>/ and studies/<id>/ folders
    name: str  # in output lines ("Dark Ages battle: ...")
    title: str  # the box's title (web pages, reports)
    factions: tuple[str, ...]  # who a study's seats are: factions, Rulers or families
    battle: str | None = None  # module: the battle-odds contract (``sim.battles``)
    battle_help: str = ""  # ``sim battle <id> --help``
    battle_engines: tuple[str, str] = ("", "")  # how the odds are computed: the Monte Carlo engine, then --exact's
    describe_battle: str | None = None  # function: a validated scenario in one line (``sim.echo``)
    side_keys: dict[str, str] = field(default_factory=dict)  # nested scenario keys per side → result columns
    experiment: str | None = None  # module: the study modes contract (``sim.experiments``)
    scenario_schema: str | None = None  # pydantic model of a battle scenario (``sim.schemas``)
    modes: str | None = None  # {mode: pydantic model} of an experiment file
    plan_schema: str | None = None  # pydantic model of a plan file
    resolve: str | None = None  # plan resolver: a seat's spec → (label, strategy, parameters)
    balance: dict[str, str] = field(default_factory=dict)  # {mode: adapter class} for sim tune / balance, first is
    # the default (``sim.balance.games``)
    ladder: str | None = None  # module: the rollout searcher's ladder (``sim.ladder``)
    verdict: str | None = None  # module: the searcher-in-every-seat verdict's seats and outcomes (``sim.verdict``)
    commands: tuple[str, ...] = ()  # modules with ``commands``: the game's own CLI commands
    form: str | None = None  # function: the web page's battle form (``sim.serve.forms``)
    warm: dict | None = None  # a small battle the web workers run once, so every kernel is loaded before requests
    demo: Demo | None = None  # ``make demo``

    def load(self, piece: str):
        """The module, or the attribute, that the import path in field ``piece`` names."""
        return load(getattr(self, piece))


def load(path: str):
    """``"package.module"`` → the module; ``"package.module:name"`` → that attribute of it."""
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded
