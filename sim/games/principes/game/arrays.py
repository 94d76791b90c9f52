"""The reference state as a struct of arrays, and a bridge to test array code against the reference.

(The compiled engine keeps its own typed record, ``sim.games.principes.fast.state``, with its own bridge.)

``to_arrays`` encodes a ``State``; ``control_array`` and ``might_array`` compute control and Might over the
arrays with numpy and must agree with ``control.controller`` and ``control.might`` (tested on random play).
Factions are the 4 Principalities then the 2 Pomeranias; units are (prince, knight, footman).
"""

from __future__ import annotations

import numpy as np

from sim.games.principes.game.state import UNITS, State

INVADERS = ("prussians", "lithuanians", "teutonic_knights", "mongols")  # History Card factions (part 2)
BUILDING_CODES = {None: 0, "castle": 1, "tiltyard": 2, "abbey": 3}


def factions(state: State) -> tuple[str, ...]:
    return (*state.board.principalities, *sorted(state.board.pomerania_units), *INVADERS)


def to_arrays(state: State) -> dict[str, np.ndarray]:
    """Shapes: units (lands, factions, 3) int8; pool (4, 3) int8; gold, people, clergy (4,) int16;
    cities (lands,) int8; building (lands,) int8 (0 none, 1 castle, 2 tiltyard, 3 abbey); division (lands,) bool;
    eliminated (4,) bool; princeps () int8; round () int8."""
    board, fs = state.board, factions(state)
    players = board.principalities
    units = np.zeros((board.n, len(fs), len(UNITS)), dtype=np.int8)
    for land, here in state.units.items():
        for faction, kinds in here.items():
            for kind, n in kinds.items():
                units[board.index[land], fs.index(faction), UNITS.index(kind)] = n
    return {
        "units": units,
        "pool": np.array([[state.pool[p][k] for k in UNITS] for p in players], dtype=np.int8),
        "gold": np.array([state.gold[p] for p in players], dtype=np.int16),
        "people": np.array([state.people[p] for p in players], dtype=np.int16),
        "clergy": np.array([state.clergy[p] for p in players], dtype=np.int16),
        "cities": np.array([state.cities.get(land.id, 0) for land in board.lands], dtype=np.int8),
        "building": np.array([BUILDING_CODES[state.buildings.get(land.id)] for land in board.lands], dtype=np.int8),
        "division": np.array([land.id in state.division for land in board.lands], dtype=bool),
        "eliminated": np.array([p in state.eliminated for p in players], dtype=bool),
        "princeps": np.array(players.index(state.princeps), dtype=np.int8),
        "round": np.array(state.round, dtype=np.int8),
    }


def control_array(arrays: dict[str, np.ndarray], board) -> np.ndarray:
    """(lands,) int8: the controlling faction's index, -1 when neutral (Control of Lands)."""
    units, n_players = arrays["units"], len(board.principalities)
    present = units.sum(axis=2) > 0
    count = present.sum(axis=1)
    alive = np.concatenate([~arrays["eliminated"], np.zeros(present.shape[1] - n_players, dtype=bool)])
    home = board.principality_of.astype(np.int16)
    home_alive = (home >= 0) & alive[np.maximum(home, 0)]
    single = np.argmax(present, axis=1)
    single_owner = np.where((single < n_players) & ~alive[single], -1, single)
    home_present = home_alive & present[np.arange(board.n), np.maximum(home, 0)]
    empty_owner = np.where(arrays["division"] | ~home_alive, -1, home)
    out = np.where(count == 1, single_owner, np.where(count > 1, np.where(home_present, home, -1), empty_owner))
    return out.astype(np.int8)


def might_array(arrays: dict[str, np.ndarray], board) -> np.ndarray:
    """(4,) int16 actual Might of each Principality: Gord Might plus 1 per City, over controlled lands."""
    owner = control_array(arrays, board)
    land_might = board.gord_might + arrays["cities"]
    players = len(board.principalities)
    return np.array([land_might[owner == p].sum() for p in range(players)], dtype=np.int16)
