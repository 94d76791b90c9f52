"""Full-game battle statistics: what the battles of a study's games did, by kind, from either engine.

Each game keeps a battle log (``game.state.BattleLog``; the compiled engine's ``battles``, ``attacker_wins``,
``attacker_lost``, ``defender_lost`` and ``dice`` fields): per kind, battles, attacker wins and the units (not
Transients) each side lost; per face of the die, the battle dice that showed it. A chunk sums them into counts
(``empty``, ``add``), the summary turns the counts into ``metrics["battles"]`` (``summary``) and the per-game rows
carry them as ``battles_<kind>``, ``attacker_wins_<kind>``, ``attacker_lost_<kind>``, ``defender_lost_<kind>`` and
``die_<face>`` columns (``columns``, ``rows``).

Kinds: ``player`` (a player attacks another), ``barbarian`` (a player attacks a Barbarian token), in solo play
``lordling`` (the player attacks the Lordlings), ``raider`` (the Raiders attack the player) and ``counterattack``
(the player attacks the Raiding Party with a Raid card). Module 14A's Crusades roll against a Defence Value, not an
army, and are not battles here.
"""

from __future__ import annotations

import numpy as np

from sim.games.dark_ages.game.state import BATTLE_KINDS
from sim.stats import wilson

MULTIPLAYER_KINDS = ("player", "barbarian")
SOLO_KINDS = ("barbarian", "lordling", "raider", "counterattack")
FIELDS = ("battles", "attacker_wins", "attacker_lost", "defender_lost")


def empty(faces: int) -> dict[str, np.ndarray]:
    """Chunk counts: every battle kind (``BATTLE_KINDS`` order) and every face of the rules' die."""
    out = {f"battle_{f}": np.zeros(len(BATTLE_KINDS), np.int64) for f in FIELDS}
    out["battle_dice"] = np.zeros(faces, np.int64)
    return out


def add(c: dict[str, np.ndarray], log) -> None:
    """Add one reference game's ``BattleLog`` to the counts."""
    for f in FIELDS:
        c[f"battle_{f}"] += getattr(log, f)
    c["battle_dice"] += log.dice


def add_rows(c: dict[str, np.ndarray], per_game: dict[str, np.ndarray], dice: np.ndarray) -> None:
    """Add many games at once: ``per_game[field]`` is (games, kinds) in ``BATTLE_KINDS`` order, ``dice`` (games,
    faces)."""
    for f in FIELDS:
        c[f"battle_{f}"] += per_game[f].sum(axis=0)
    c["battle_dice"] += dice.sum(axis=0)


def columns(kinds: tuple[str, ...], faces: int) -> list[str]:
    return [f"{f}_{k}" for k in kinds for f in FIELDS] + [f"die_{v}" for v in range(1, faces + 1)]


def rows(kinds: tuple[str, ...], per_game: dict[str, np.ndarray], dice: np.ndarray) -> dict[str, np.ndarray]:
    """Per-game columns from (games, kinds) arrays in ``BATTLE_KINDS`` order and (games, faces) dice."""
    out: dict[str, np.ndarray] = {}
    for k in kinds:
        j = BATTLE_KINDS.index(k)
        for f in FIELDS:
            out[f"{f}_{k}"] = np.asarray(per_game[f])[:, j].copy()
    for v in range(dice.shape[1]):
        out[f"die_{v + 1}"] = np.asarray(dice)[:, v].copy()
    return out


def log_rows(kinds: tuple[str, ...], logs: list) -> dict[str, np.ndarray]:
    """``rows`` from reference games' ``BattleLog``s."""
    per_game = {f: np.array([getattr(log, f) for log in logs], np.int64).reshape(len(logs), -1) for f in FIELDS}
    dice = np.array([log.dice for log in logs], np.int64).reshape(len(logs), -1)
    return rows(kinds, per_game, dice)


def summary(c: dict[str, np.ndarray], n: int, kinds: tuple[str, ...]) -> dict:
    """``metrics["battles"]``: per kind the mean battles per game, the attacker's win rate with a 95% Wilson
    interval (None with no battle), the mean units lost per game by side; the share of battle dice per face and
    the mean battle dice per game."""
    ix = [BATTLE_KINDS.index(k) for k in kinds]
    battles, wins = c["battle_battles"], c["battle_attacker_wins"]
    dice = c["battle_dice"]
    rolled = int(dice.sum())
    rate, ci = {}, {}
    for k, j in zip(kinds, ix, strict=True):
        b, w = int(battles[j]), int(wins[j])
        rate[k] = w / b if b else None
        ci[k] = [round(x, 6) for x in wilson(w, b)] if b else None
    n = max(1, n)
    return {
        "kinds": list(kinds),
        "per_game": {k: int(battles[j]) / n for k, j in zip(kinds, ix, strict=True)},
        "attacker_win_rate": rate,
        "attacker_win_rate_ci95": ci,
        "units_lost_per_game": {
            "attacker": {k: int(c["battle_attacker_lost"][j]) / n for k, j in zip(kinds, ix, strict=True)},
            "defender": {k: int(c["battle_defender_lost"][j]) / n for k, j in zip(kinds, ix, strict=True)},
        },
        "die_faces": {str(v + 1): (int(dice[v]) / rolled if rolled else 0.0) for v in range(len(dice))},
        "dice_per_game": rolled / n,
    }
