"""The experiment keys of the 2-3 player game and of the variant without elimination (``experiment``).

::

    players: 2                      # 2 | 3 | 4 (default 4)
    seats: {polonia_maior: builder, polonia_minor: conqueror}   # with 2-3 players: the played Principalities;
                                    # rotate: true rotates the strategies over these only
    variant: passive                # passive | active (2-3 players; default passive): the Combined Actions
    elimination: true               # false: the variant without elimination (a player plays on without a Prince)

Each switch becomes a name in ``State.variants`` (``passive``/``active``, ``no_elimination``), so the fast engine's
``auto`` choice falls back to the reference engine whenever one is on. Rules: ``game.nonplayers``,
``configs/principes/players.yaml``.
"""

from __future__ import annotations

from sim.errors import ConfigError
from sim.games.principes.game.nonplayers import NO_ELIMINATION, VARIANTS

KEYS = ("variant", "elimination")
PLAYER_COUNTS = (2, 3, 4)


def played_factions(raw: dict, factions: tuple[str, ...], source: str) -> tuple[str, ...]:
    """The Principalities played, in board order: all 4, or the keys of the ``seats`` mapping."""
    players = raw.get("players", 4)
    if players not in PLAYER_COUNTS or isinstance(players, bool):
        raise ConfigError(source, "players", "2, 3 or 4", players)
    if players == 4:
        return factions
    seats = raw.get("seats")
    if not isinstance(seats, dict):
        raise ConfigError(source, "players", "4, or 2-3 with seats a mapping {principality: strategy}", players)
    if len(seats) != players:
        expected = f"a mapping of the {players} played Principalities to strategies (of {', '.join(factions)})"
        raise ConfigError(source, "seats", expected, seats)
    extra = sorted(p for p in seats if p not in factions)
    if extra:
        raise ConfigError(source, f"seats.{extra[0]}", f"one of {', '.join(factions)}", extra[0])
    return tuple(p for p in factions if p in seats)


def variants(raw: dict, source: str, played: int) -> frozenset[str]:
    """``passive``/``active`` with 2-3 players, ``no_elimination`` with ``elimination: false``."""
    on = set()
    variant = raw.get("variant")
    if played == 4 and variant is not None:
        raise ConfigError(source, "variant", "no variant with 4 players (passive | active: 2-3 players)", variant)
    if played < 4:
        variant = variant or "passive"
        if variant not in VARIANTS:
            raise ConfigError(source, "variant", " | ".join(VARIANTS), variant)
        on.add(variant)
    elimination = raw.get("elimination", True)
    if not isinstance(elimination, bool):
        raise ConfigError(source, "elimination", "true or false", elimination)
    if not elimination:
        on.add(NO_ELIMINATION)
    return frozenset(on)
