"""Mixed seats: who plays which plan in game ``i``, as a pure function of (seed, i, seat).

An experiment's seat may be a mixture of plans::

    seats: {masovia: {mix: {politician: 0.7, tuned-masovia-3: 0.3}}, silesia: builder, ...}

A ``Field`` holds each faction's seat (one plan, or plans with weights) and the experiment's rotation. ``table``
gives the plan of every faction in games ``start .. start+count-1``: rotation shifts the seats by ``i mod F`` as
the game engines do, then a mixed seat draws its plan from word ``j`` (the faction's index) of the counter-based
stream ``i`` keyed by the run's key and a tag of its own (so plan draws never reuse the game's dice). The table
therefore does not depend on chunks, workers or backend, and two runs with the same seed draw the same plans.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.errors import ConfigError

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX_TAG = np.uint64(0x6D69786564736561)  # "mixedsea": plan draws get their own streams
WEIGHT_TOLERANCE = 1e-6


@dataclass(frozen=True)
class Seat:
    labels: tuple[str, ...]  # the plans this seat may play
    weights: tuple[float, ...]  # their probabilities (a fixed seat: (1.0,))

    @property
    def fixed(self) -> bool:
        return len(self.labels) == 1


@dataclass(frozen=True)
class Field:
    factions: tuple[str, ...]
    seats: tuple[Seat, ...]  # seat j before rotation
    rotate: bool = False  # game i shifts the seats by i mod F (as the engines do)
    pinned: tuple[tuple[int, Seat], ...] = ()  # (faction index, seat) played in every game, whatever the rotation

    @property
    def labels(self) -> tuple[str, ...]:
        """Every plan label in the field, in first-seen order: plan ids index this."""
        seats = [*self.seats, *(s for _, s in self.pinned)]
        return tuple(dict.fromkeys(label for s in seats for label in s.labels))

    def with_seat(self, faction: str, seat: Seat) -> Field:
        """The same field with ``faction`` playing ``seat`` in every game; the others keep their seats and rotation
        (in a rotated field the seat ``faction`` would have had in a game goes unplayed in that game)."""
        j = self.factions.index(faction)
        pins = tuple((k, s) for k, s in self.pinned if k != j) + ((j, seat),)
        return Field(self.factions, self.seats, self.rotate, tuple(sorted(pins, key=lambda p: p[0])))

    def seat_of(self, faction: str) -> Seat | None:
        """The seat ``faction`` plays in every game, or None when rotation moves it."""
        j = self.factions.index(faction)
        pins = dict(self.pinned)
        return pins[j] if j in pins else (None if self.rotate else self.seats[j])

    def table(self, key, start: int, count: int) -> np.ndarray:
        """(count, F) plan ids (indices into ``labels``) of games ``start .. start+count-1``."""
        ids = {label: k for k, label in enumerate(self.labels)}
        f = len(self.factions)
        games = np.arange(start, start + count, dtype=np.int64)
        shift = games[:, None] % f if self.rotate else np.zeros((count, 1), np.int64)
        slot = (np.arange(f)[None, :] + shift) % f  # the seat faction j plays in each game
        u = uniforms(key, start, count, f)
        out = np.empty((count, f), np.int64)
        for s, seat in enumerate(self.seats):
            where = slot == s
            out[where] = _ids(seat, ids)[_draw(seat, u[where])]
        for j, seat in self.pinned:
            out[:, j] = _ids(seat, ids)[_draw(seat, u[:, j])]
        return out


def _ids(seat: Seat, ids: dict) -> np.ndarray:
    return np.array([ids[label] for label in seat.labels], np.int64)


def _draw(seat: Seat, u: np.ndarray) -> np.ndarray:
    if seat.fixed:
        return np.zeros(len(u), np.int64)
    cum = np.cumsum(seat.weights)
    return np.minimum(np.searchsorted(cum / cum[-1], u, side="right"), len(seat.labels) - 1)


def _mix64(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser on uint64 arrays (wrapping arithmetic, as ``sim.rng.mix``)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def uniforms(key, start: int, count: int, seats: int) -> np.ndarray:
    """(count, seats) uniforms in [0, 1): word ``j + 1`` of stream ``i`` keyed by ``key ^ MIX_TAG``."""
    with np.errstate(over="ignore"):
        k = np.uint64(key) ^ MIX_TAG
        i = np.arange(start, start + count, dtype=np.uint64)
        state = _mix64(k + (i + np.uint64(1)) * GOLDEN)
        j = np.arange(1, seats + 1, dtype=np.uint64)
        words = _mix64(state[:, None] + j[None, :] * GOLDEN)
    return (words >> np.uint64(11)).astype(np.float64) / float(1 << 53)


# --- the YAML side -------------------------------------------------------------------------------------------


def is_mix(spec) -> bool:
    return isinstance(spec, dict) and "mix" in spec


def has_mixture(raw: dict) -> bool:
    """Whether an experiment mapping seats any mixture of plans."""
    seats = raw.get("seats")
    values = seats.values() if isinstance(seats, dict) else seats if isinstance(seats, list) else ()
    return any(is_mix(v) for v in values)


def first_plans(raw: dict, source: str = "experiment") -> dict:
    """The experiment with each mixed seat replaced by its first plan (to check the other keys and pick the engine,
    which do not depend on the mixtures)."""
    seats = raw.get("seats")
    if isinstance(seats, dict):
        seats = {k: parse_mix(v, source, f"seats.{k}")[0][0] if is_mix(v) else v for k, v in seats.items()}
    elif isinstance(seats, list):
        seats = [parse_mix(v, source, f"seats.{k}")[0][0] if is_mix(v) else v for k, v in enumerate(seats)]
    return {**raw, "seats": seats} if "seats" in raw else raw


def parse_mix(spec, source: str, key: str) -> tuple[tuple[object, float], ...]:
    """``{mix: {plan: weight, ...}}`` → ((plan, weight), ...); weights ≥ 0 summing to 1, at least one > 0."""
    if set(spec) != {"mix"} or not isinstance(spec["mix"], dict) or not spec["mix"]:
        raise ConfigError(source, key, "{mix: {plan: weight, ...}} with one or more plans", spec)
    out = []
    for plan, w in spec["mix"].items():
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or w < 0:
            raise ConfigError(source, f"{key}.mix.{plan}", "a weight ≥ 0", w)
        out.append((plan, float(w)))
    total = sum(w for _, w in out)
    if abs(total - 1.0) > WEIGHT_TOLERANCE:
        raise ConfigError(source, f"{key}.mix", "weights summing to 1", round(total, 9))
    return tuple((p, w) for p, w in out if w > 0)
