"""One game in play: the position, the rules, the seats' plans, the random stream and the battle mode.

Every rule function takes the context ``g``: ``g.state`` (``state.State``), ``g.rules`` (``ruleset.GameRules``),
``g.plans[seat]`` (a plan, ``strategies.hussars.base.Plan``, or None for an empty seat), ``g.rng`` (a stream with
``randrange``/``random``/``shuffle``/``sample``, ``sim.lockstep.LockstepRandom`` so that the compiled engine draws
alike), ``g.battles`` ("simplified" or "full") and ``g.memo`` (full-rules battles already solved). ``g.on_action``
is called after every action (the lockstep and invariant tests listen there).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from sim.games.hussars.game.errors import IllegalDecision


@dataclass
class Game:
    state: object
    rules: object
    plans: list
    rng: object
    battles: str = "simplified"
    memo: dict = field(default_factory=dict)
    on_action: Callable | None = None
    strict: bool = False

    def die(self, faces: int) -> int:
        """A die roll 1..faces ("d3: 1-2 = 1, ..." conversions are exact for a uniform stream)."""
        return 1 + self.rng.randrange(faces)

    def acted(self, what: str) -> None:
        if self.on_action is not None:
            self.on_action(self, what)

    def refuse(self, what: str) -> None:
        """A plan's decision the rules do not allow: skipped (or raised when strict)."""
        self.state.illegal += 1
        if self.strict:
            raise IllegalDecision(what)
