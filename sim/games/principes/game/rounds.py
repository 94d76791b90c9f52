"""Round structure (Round Order 1-5) without History Cards: direction, planned actions, their order, the end.

Planning is secret and simultaneous, so a plan is given for every player at once: 3 different Action
Tokens in the order they will be revealed (spaces I, II, III). Actions resolve slot by slot: the Princeps'
first action, then each player's first in turn order, then the second actions, and so on. The turn order is
fixed for the Round even if the Princeps Token changes hands at a Council.
"""

from __future__ import annotations

from sim.games.principes.game import dynasty
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import turn_order


def check_plan(state: State, player: str, plan: tuple[str, ...]) -> None:
    v = state.rules.values["rounds"]
    if len(plan) != v["actions_planned"] or len(set(plan)) != len(plan):
        raise IllegalAction(f"{player} must plan {v['actions_planned']} different actions, not {plan}")
    for action in plan:
        if action not in v["actions"]:
            raise IllegalAction(f"{action} is not one of {', '.join(v['actions'])}")


def action_sequence(state: State, plans: dict[str, tuple[str, ...]]) -> list[tuple[str, str]]:
    """(player, action) in resolution order for this Round."""
    order = turn_order(state)
    for player in order:
        check_plan(state, player, plans[player])
    slots = state.rules.values["rounds"]["actions_planned"]
    return [(player, plans[player][slot]) for slot in range(slots) for player in order]


def is_last_round(state: State) -> bool:
    return state.round >= state.final_round


def end_round(state: State) -> State:
    """Close the Round: Princes die of old age at the end of Periods I and II, then the Round Token moves on."""
    out = state
    if state.round % state.rules.rounds_per_period == 0 and not is_last_round(state):
        out = dynasty.end_of_period(out)
    out = out.copy()
    out.round += 1
    return out
