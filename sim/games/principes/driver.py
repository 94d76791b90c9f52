"""Play one complete 4-player game of Principes with the reference engine, each seat's choices made by a strategy.

A strategy (``strategies/principes/base.Strategy``) answers questions about one player: the turn-order direction
(when Princeps), the 3 planned actions, and the details of each action when it resolves. The driver asks, applies
the answer through the engine, and checks for victory after every action. A decision the engine rejects is a
strategy bug: ``strict`` raises it; otherwise the action is skipped ("the player may choose not to perform the
action") and counted in ``GameRecord.illegal``.

Round order: the Princeps sets the direction, the History Card is revealed (``history``; text effects are not
modelled), players plan, actions resolve slot by slot in turn order; a player eliminated mid-Round skips the rest
of the Round; the card's icons resolve at the Round's end (not in the final Round). The game ends at once on a
coronation or when at most one player is left, else after the final Round. With ``history=False`` no deck is
dealt, so the game's random stream is exactly that of part 1.

Optional rules (``variants``, all off by default so earlier results replay exactly): ``tiles`` plays the printed
Progress Tiles (``game.tiles``), ``court`` lets Court Cards be played for an assumed text effect (``game.court``),
``princesses`` sends Princesses on missions at the start of each Period (``game.princesses``), ``neighbors``
deals the 12 Neighbor Cards by identity and lets them move Neighbor units before a Politics Action
(``game.neighbors``). With strategies for only 2 or 3 Principalities the others are non-player Principalities
(``game.nonplayers``; ``"active"`` in ``variants`` adds the Combined Actions); ``"no_elimination"`` plays the
variant without elimination (``game.dynasty``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sim.games.principes import legal
from sim.games.principes.game import (
    assembly,
    building,
    cards,
    court,
    effects,
    movement,
    neighbors,
    nonplayers,
    politics,
    princesses,
    progress,
    rounds,
    taxes,
    tiles,
    victory,
)
from sim.games.principes.game.history import deck as history_deck
from sim.games.principes.game.setup import GameRules, deal_starting_hands, initial_state, load_game_rules
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import set_direction, turn_order
from sim.games.principes.map import Board

WIN_TYPES = ("coronation", "last_prince", "princeps_after_round_vi", "draw")
ENGINE_WIN_TYPE = {
    victory.CORONATION: "coronation",
    victory.LAST_PRINCE: "last_prince",
    victory.PRINCEPS: "princeps_after_round_vi",
    victory.DRAW: "draw",
}


@dataclass
class GameRecord:
    winner: str | None  # None for a draw
    win_type: str  # one of WIN_TYPES
    rounds: int  # Rounds begun (1..6)
    actions: int  # actions resolved (planned actions of players still in the game)
    illegal: int  # decisions the engine rejected (0 for a sound strategy)
    final: State


def new_game(
    rng: random.Random,
    board: Board | None = None,
    rules: GameRules | None = None,
    history: bool = False,
    variants: frozenset[str] = frozenset(),
    non_players: frozenset[str] = frozenset(),
) -> State:
    """The starting state with hands dealt, the Progress Market laid out (the printed tiles with ``"tiles"`` in
    ``variants``, else the generic model) and (``history``) the History deck dealt, from the game's own stream.
    ``non_players``: Principalities no player controls (2-3 players, ``game.nonplayers``)."""
    state = initial_state(board, rules)
    if "neighbors" in variants:
        state = neighbors.enable(state)  # the Neighbor deck by card identity, before the hands are dealt
    if non_players:
        state = nonplayers.setup(state, non_players)  # before the hands: non-players draw none
    state = deal_starting_hands(state, rng)
    state = (tiles if "tiles" in variants else progress).setup_market(state, rng)
    state.variants = frozenset(variants)
    if history:
        state.history = history_deck.deal(rng, state.rules)  # a fresh state: no copy needed
    return state


def perform(state: State, player: str, action: str, strategies: dict, rng: random.Random) -> State:
    """Ask ``player``'s strategy how to carry out ``action`` and apply it; IllegalAction propagates.

    With the printed Progress Tiles, New Mechanisms may turn the Progress token into another action, and tiles
    that fire on an action performed follow it (``tiles.after_action``); with ``court``, Court Cards may be
    played for their text effect before the action."""
    me = strategies[player]
    if "tiles" in state.variants and action == "progress" and effects.holds(state, player, "new_mechanisms"):
        alt = me.new_mechanisms(state, player, rng)  # "may choose for it to be any other action"
        if alt is not None:
            if alt == "progress" or alt not in state.rules.values["rounds"]["actions"]:
                raise IllegalAction(f"New Mechanisms turns Progress into another action, not {alt}")
            action = alt
    for card in me.sell(state, player, action, rng):  # cards traded for gold "at any moment"
        state = cards.trade_for_gold(state, player, card)
    if "court" in state.variants:
        for card in me.court_texts(state, player, action, rng):
            state = court.play_text(state, player, card)
    out = _action(state, player, action, strategies, rng)
    performed = out is not state
    if "tiles" in state.variants and performed:  # the action was performed
        out = tiles.after_action(out, player, action, rng)
    if "active" in state.variants and performed:  # 2-3 players, active variant: the Combined Action
        out = nonplayers.after_action(out, player, action, me, rng)
    return out


def _action(state: State, player: str, action: str, strategies: dict, rng: random.Random) -> State:
    """Carry out ``action`` as the strategy says; returns ``state`` itself when the player does nothing."""
    me = strategies[player]
    if action == "taxes":
        return taxes.taxes(state, player) if me.taxes(state, player, rng) else state
    if action == "assembly":
        placements = me.assembly(state, player, rng)
        return assembly.assemble(state, player, placements) if placements else state
    if action == "movement":
        order = me.movement(state, player, rng)
        if not order or not order.moves:
            return state
        out, _ = movement.move(
            state, player, list(order.moves), rng, indulgence=order.indulgence, destroy=order.destroy
        )
        return out
    if action == "building":
        city, built = me.building(state, player, rng)
        return building.build(state, player, city, tuple(built)) if city or built else state
    if action == "politics":
        if "neighbors" in state.variants:  # Neighbor Cards played "before your Politics Action"
            state = neighbors.before_politics(state, player, strategies, rng)
        choice = me.politics(state, player, rng)
        if choice == "council":
            plays = {p: strategies[p].council(state, p, player, rng) for p in turn_order(state)}
            out, _ = politics.council(state, player, plays)
            return out
        if choice is None:
            return state
        return politics.draw(state, player, rng, int(choice), me.keep(state, player))
    if action == "progress":
        if "tiles" in state.variants:
            return tiles.progress_action(state, player, me, rng)
        out = state
        for _ in range(legal.tiles_allowed(state)):
            pick = me.progress(out, player, rng)
            if pick is None:
                break
            out = progress.take(out, player, [pick])
        return out
    raise IllegalAction(f"unknown action {action}")


def play_game(
    strategies: dict,
    rng: random.Random,
    board: Board | None = None,
    rules: GameRules | None = None,
    *,
    strict: bool = False,
    on_action: Callable[[State, str, str], None] | None = None,
    history: bool = False,
    on_history: Callable[[State], None] | None = None,
    variants: frozenset[str] = frozenset(),
) -> GameRecord:
    """Play from setup to victory. ``strategies``: Principality → Strategy. ``on_action(state, player, action)``
    runs after every action (the conformance harness checks invariants there), ``on_history(state)`` after a
    Round's History icons. ``history``: play with the History Cards. ``variants``: optional rules on —
    ``tiles`` (the printed Progress Tiles), ``court`` (Court Card text effects), ``princesses``."""
    rules = rules or load_game_rules()
    board = board or rules.board
    non_players = frozenset(p for p in board.principalities if p not in strategies)  # 2-3 players: no strategy
    state = new_game(rng, board, rules, history, variants, non_players)
    actions = illegal = 0
    rounds_begun = 0
    outcome = victory.result(state)
    while outcome is None:
        rounds_begun = state.round
        princeps = state.princeps
        state = set_direction(state, strategies[princeps].direction(state, princeps, rng))
        if "princesses" in state.variants:  # missions at a Period's start, else their work at the courts
            state, skipped = princesses.round_start(state, strategies, rng, strict)
            illegal += skipped
        plans = {p: tuple(strategies[p].plan(state, p, rng)) for p in turn_order(state)}
        for player, action in rounds.action_sequence(state, plans):
            if player in state.eliminated:
                continue
            try:
                state = perform(state, player, action, strategies, rng)
            except IllegalAction:
                if strict:
                    raise
                illegal += 1
            if state.princesses:
                state = princesses.sweep(state)  # a Capital taken over loses its Princess
            actions += 1
            if on_action is not None:
                on_action(state, player, action)
            outcome = victory.result(state)
            if outcome is not None:
                break
        if outcome is None and history and history_deck.due(state):  # no icons in the final Round
            state, skipped = history_deck.resolve_icons(state, strategies, rng, strict)
            illegal += skipped
            if state.princesses:
                state = princesses.sweep(state)
            if on_history is not None:
                on_history(state)
            outcome = victory.result(state)
        if outcome is None:
            state = rounds.end_round(state)
            outcome = victory.result(state)
    winner, kind = outcome
    return GameRecord(winner, ENGINE_WIN_TYPE[kind], rounds_begun, actions, illegal, state)
