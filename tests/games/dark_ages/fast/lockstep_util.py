"""Playing one game on both engines, turn by turn, on the same counter-based stream."""

from __future__ import annotations

import json

import numpy as np

from sim.games.dark_ages.experiment import seating, strategy_object
from sim.games.dark_ages.fast import chunk as F
from sim.games.dark_ages.fast import kernels as K
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.game import loop
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score, trigger
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.setup import new_game
from sim.lockstep import LockstepRandom
from sim.rng import trial_state


def differences(ref, fast, most: int = 12) -> list[str]:
    """The first ``most`` state words where the reference and the fast engine differ, named by layout offset."""
    names = {v: k for k, v in vars(L).items() if k.startswith(("G_", "P_")) and isinstance(v, int)}
    out = []
    for d in np.nonzero(ref != fast)[0][:most]:
        d = int(d)
        if d < 4 * L.PS:
            off = d % L.PS
            base = max(v for v in names if v <= off and names[v].startswith("P_"))
            out.append(f"seat{d // L.PS}.{names[base]}+{off - base}: ref {ref[d]} fast {fast[d]}")
        else:
            base = max(v for v in names if v <= d and names[v].startswith("G_"))
            out.append(f"{names[base]}+{d - base}: ref {ref[d]} fast {fast[d]}")
    return out


def lockstep_game(e, key, i: int, max_turns: int | None = None) -> int:
    """Play game ``i`` of experiment ``e`` on both engines; assert equal states after set-up and every turn.
    Returns the number of turns."""
    rulers, names = seating(e, i)
    n = len(rulers)
    state = trial_state(np.uint64(key), i)
    rng = LockstepRandom(state)
    strategies = [strategy_object(s, json.dumps(e.strategy_params.get(s), sort_keys=True)) for s in names]
    game = new_game(cached_context(), rulers, strategies, rng)
    ST = F.strategy_table(e)
    S = np.zeros(L.NS, np.int64)
    R = np.zeros(1, np.uint64)
    R[0] = state
    K.setup(S, n, np.array([L.RIDS.index(r) for r in rulers] + [0] * (4 - n), np.int64), R)
    for s in range(n):
        S[s * L.PS + L.P_STRAT] = e.strategies.index(names[s])
    MVA = np.zeros((5, F.MAXM, 6), np.int64)
    NK = np.zeros(5, np.int64)
    MV = np.zeros((F.MAXM, 6), np.int64)
    mv = np.zeros(6, np.int64)
    max_turns = max_turns or e.max_turns

    def same(where):
        a, b = L.comparable(L.from_game(game)), L.comparable(S)
        if not np.array_equal(a, b) or rng.state != int(R[0]):
            same_rng = rng.state == int(R[0])
            raise AssertionError(f"game {i} {rulers} {names}: {where}: rng {same_rng}; {differences(a, b)}")

    same("setup")
    seat = 0
    while not all(p.finished for p in game.players):
        if game.turns >= max_turns:
            game.end_trigger = "turn_cap"
            S[L.G_TRIG] = 5
            break
        loop.take_turn(game, seat)
        F.take_turn(S, seat, ST, MVA, NK, MV, mv, R)
        game.turns += 1
        S[L.G_TURNS] += 1
        check(game)
        bad = K.check(S)
        assert bad == 0, f"game {i}: fast invariant {bad} after turn {game.turns}"
        if game.end_trigger is None:
            why = trigger(game)
            if why is not None:
                loop.end_now(game, why)
        if S[L.G_TRIG] < 0:
            w = K.trigger(S)
            if w >= 0:
                S[L.G_TRIG] = w
                for s in range(n):
                    F.do_pass(S, s, ST, False, False, True, R)
        same(f"turn {game.turns} (seat {seat})")
        if game.extra_turn and not game.players[seat].finished:
            continue
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not game.players[nxt].finished:
                seat = nxt
                break
    out = np.zeros(L.OUT_COLS, np.int64)
    from sim.games.dark_ages.experiment import CATEGORIES

    for s in range(n):
        ref = score(game, s)
        K.score(S, s, out)
        assert [ref.get(c, 0) for c in CATEGORIES] + [ref["total"]] == [int(x) for x in out], (i, s, ref, out)
    return game.turns
