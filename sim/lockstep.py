"""A ``random.Random`` stand-in that draws exactly as the compiled full-game engines do, for game-by-game checks.

The reference engines take any object with ``random``, ``randrange``, ``randint``, ``choice``, ``sample`` and
``shuffle``. ``LockstepRandom(trial_state(key, i))`` implements them on the counter-based stream with the same
mapping as the kernels (multiply-shift on the high 32 bits for integers, 53 bits for floats), so where a compiled
engine makes the same calls in the same order, the reference plays game ``i`` exactly as it does: the tests
compare whole games state by state, not only distributions. ``first_difference`` names where two traces of typed
records (``sim.layout``) part, by field and index.
"""

from __future__ import annotations

import numpy as np

from sim.rng import GOLDEN, mix

_MASK = (1 << 64) - 1


class LockstepRandom:
    def __init__(self, state) -> None:
        self.state = int(state)

    def _word(self) -> int:
        self.state = (self.state + int(GOLDEN)) & _MASK
        return int(mix(np.uint64(self.state)))

    def randbelow(self, n: int) -> int:
        return ((self._word() >> 32) * n) >> 32

    def random(self) -> float:
        return (self._word() >> 11) * (1.0 / 9007199254740992.0)

    def randrange(self, n: int) -> int:
        return self.randbelow(n)

    def randint(self, a: int, b: int) -> int:
        return a + self.randbelow(b - a + 1)

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def sample(self, population, k: int) -> list:
        pool = list(population)
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, x: list) -> None:
        for i in reversed(range(1, len(x))):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]


def first_difference(layout, want, got, limit: int = 8) -> str | None:
    """Where two traces of ``layout`` records (one per event, the reference's and the compiled engine's) first part:
    ``"event 7 of 41: gold[2]: 7 != 5; ..."`` (``sim.layout.Layout.diff``), or None when they are the same trace."""
    want, got = list(want), list(got)
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        lines = layout.diff(a, b, limit)
        if lines:
            return f"event {i} of {len(want)}: " + "; ".join(lines)
    if len(want) != len(got):
        return f"{len(want)} events in the first trace, {len(got)} in the second"
    return None
