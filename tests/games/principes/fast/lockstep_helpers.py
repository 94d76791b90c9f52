"""Play games on both engines from the same stream and compare them event by event (the state after every action
and every Round's History icons), field by field."""

from sim.games.principes import experiment
from sim.games.principes.driver import WIN_TYPES, play_game
from sim.games.principes.fast import chunk
from sim.games.principes.fast.state import STATE, to_state
from sim.games.principes.study import game_rules
from sim.lockstep import LockstepRandom, first_difference
from sim.rng import trial_state
from strategies.principes import make


def reference_trace(ex, key, game: int):
    """The reference's game ``game`` of experiment ``ex`` on the lockstep stream: (record, STATE records)."""
    rules = game_rules(ex.rules)
    players = [make(u, p) for u, p in ex.specs]
    ids = experiment.seat_strategies(ex, game)
    seated = {p: players[ids[j]] for j, p in enumerate(ex.factions)}
    states: list = []
    rec = play_game(seated, LockstepRandom(trial_state(key, game)), rules.board, rules, strict=True,
                    history=ex.history, variants=ex.variants,
                    on_action=lambda st, p, a: states.append(to_state(st)[0]),
                    on_history=lambda st: states.append(to_state(st)[0]))  # fmt: skip
    return rec, states


def lockstep(ex, key, games):
    """Play ``games`` on both engines and compare every event; returns the reference's game records."""
    seen = []
    for game in games:
        rec, states = reference_trace(ex, key, game)
        (winner, wt, rounds, actions, bad), trace = chunk.trace_game(ex, key, game)
        assert bad == 0 and actions == rec.actions, (game, bad, actions, rec.actions)
        mismatch = first_difference(STATE, states, trace)
        assert mismatch is None, f"game {game}: {mismatch}"
        assert WIN_TYPES[wt] == rec.win_type and rounds == rec.rounds
        board = game_rules(ex.rules).board.principalities  # the kernel names Principalities in board order
        assert (winner if winner >= 0 else None) == (board.index(rec.winner) if rec.winner else None)
        seen.append(rec)
    return seen
