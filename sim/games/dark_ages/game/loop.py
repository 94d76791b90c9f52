"""Playing a whole game: turns of a Noble action or a Pass, Titles, free settling, reactions, the end.

A turn: settle (free), then a Noble action or a Pass; after the action, optionally exhaust a ready Title to repeat
it; settle again; then a full stack (3 discs) pushes its bottom disc out and that disc's owner reacts. The end is
checked after every turn; once triggered, everyone Passes at once (no offer cycle) and each player's next Pass ends
their game.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.dark_ages.game import actions, hooks, lordlings, reacting
from sim.games.dark_ages.game.culture import enforce_hand_limit
from sim.games.dark_ages.game.ending import score, trigger, winners
from sim.games.dark_ages.game.military import apply_settle, settle_options
from sim.games.dark_ages.game.passing import do_pass
from sim.games.dark_ages.game.state import Game
from sim.games.dark_ages.reactions import place_noble, trigger_reaction

MAX_TURNS = 2000  # a safety net; a game reaching it ends as "turn_cap" (never seen with the shipped strategies)


@dataclass
class Outcome:
    scores: list[dict[str, int]]  # per seat: VP by category and total
    winners: list[int]
    trigger: str
    turns: int
    rounds: float  # Passes per player
    passes: int  # Passes by all players
    battles: object = None  # the game's state.BattleLog


def settle_free(game: Game, seat: int) -> None:
    p = game.players[seat]
    while True:
        opts = settle_options(game, seat)
        move = p.strategy.settle(game, seat, opts) if opts else None
        if move is None:
            return
        apply_settle(game, seat, move)


def noble_action(game: Game, seat: int, move: tuple, check=None) -> None:
    p = game.players[seat]
    action = move[0]
    space = game.action_at.index(action)
    game.stacks = place_noble(game.stacks, space, seat)
    p.nobles_free -= 1
    battle = actions.apply(game, seat, move)
    if check:
        check(game)
    if p.titles_ready and not (action == "manoeuvre" and battle):
        repeat = p.strategy.repeat_with_title(game, seat, action, actions.options(game, seat, action))
        if repeat is not None:
            p.titles_ready.remove(min(p.titles_ready))
            actions.apply(game, seat, repeat)
            if check:
                check(game)


def react(game: Game, check=None) -> None:
    threshold = game.ctx.rules["limits"]["reaction_stack"]
    game.stacks, reaction = trigger_reaction(game.stacks, game.ctx.tracks.reactions, threshold)
    if reaction is None:
        return
    owner = reaction.owner
    game.exhausted[owner] += 1  # the pushed-out disc goes to the Exhausted Nobles area after reacting
    if game.players[owner].faction == "lordling":
        lordlings.react(game, reaction.choices)
        return
    opts = [m for r in reaction.choices for m in reacting.options(game, owner, r)]
    if opts:
        reacting.apply(game, owner, game.players[owner].strategy.react(game, owner, opts))
        if check:
            check(game)


def _action_or_pass(game: Game, seat: int, check=None) -> None:
    p = game.players[seat]
    opts = actions.all_options(game, seat) if p.nobles_free > 0 else {}
    # 'You may not Pass, however, if all of your Noble discs are available' (unless nothing is legal)
    can_pass = p.nobles_free < p.nobles_total or not opts
    move = p.strategy.choose_action(game, seat, opts, can_pass) if opts else None
    if move is None:
        do_pass(game, seat, final=game.end_trigger is not None)
    else:
        noble_action(game, seat, move, check)
        settle_free(game, seat)
        react(game, check)


def take_turn(game: Game, seat: int, check=None) -> None:
    game.extra_turn = False
    if game.mods:  # module hook point: free actions (Module 11, paying off a tribute)
        hooks.emit(game, "free_actions", seat)
    settle_free(game, seat)
    if game.mods and hooks.turn_action(game, seat):  # module hook point: a module action (Module 3)
        settle_free(game, seat)
    else:
        _action_or_pass(game, seat, check)
    enforce_hand_limit(game, seat)
    if game.mods:  # module hook point: end of a turn (Module 5, first shared borders)
        hooks.emit(game, "turn_ended", seat)
    if check:
        check(game)


def end_now(game: Game, why: str) -> None:
    """The trigger: 'Each player immediately Passes ... except the first step'."""
    game.end_trigger = why
    for p in game.players:
        do_pass(game, p.seat, cycle=False, end_bonus=True)


def play(game: Game, check=None, max_turns: int = MAX_TURNS) -> Outcome:
    """Play from the starting player to the end; ``check(game)`` (e.g. the invariants) runs after every step."""
    seat = game.current
    while not all(p.finished for p in game.players):
        if game.turns >= max_turns:
            game.end_trigger = "turn_cap"
            break
        take_turn(game, seat, check)
        game.turns += 1
        if game.end_trigger is None:
            why = trigger(game)
            if why is not None:
                end_now(game, why)
                if check:
                    check(game)
        if game.extra_turn and not game.players[seat].finished:
            continue
        for step in range(1, game.n + 1):
            nxt = (seat + step) % game.n
            if not game.players[nxt].finished:
                seat = nxt
                break
    game.current = seat
    if game.mods:  # module hook point: before final scoring (Module 14A, the last Crusade)
        hooks.emit(game, "game_over")
    scores = [score(game, p.seat) for p in game.players]
    return Outcome(
        scores=scores,
        winners=winners([s["total"] for s in scores]),
        trigger=game.end_trigger or "turn_cap",
        turns=game.turns,
        rounds=sum(p.passes for p in game.players) / game.n,
        passes=sum(p.passes for p in game.players),
        battles=game.battles,
    )
