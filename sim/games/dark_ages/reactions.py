"""Noble discs on the Action cards, and the reaction they trigger (On Your Turn, Reactions).

A stack is a tuple of player ids, bottom first. Placing a Noble puts it on top; when a stack reaches the threshold
(3 discs, 4 with 6-8 players in Module 2) the bottom disc is pushed out and its owner — the active player or anyone
else — picks one of the two reactions beside that Action card, then the disc goes to the Exhausted Nobles.
"""

from __future__ import annotations

from dataclasses import dataclass

Stacks = tuple[tuple[int, ...], ...]  # one stack per action space, bottom disc first


@dataclass(frozen=True)
class Reaction:
    space: int  # the action space whose stack overflowed
    owner: int  # the player whose bottom disc was pushed out: they react
    choices: tuple[str, str]  # the two adjacent reactions


def place_noble(stacks: Stacks, space: int, player: int) -> Stacks:
    """'Stack your disc on top of any existing Noble discs on the same action card.'"""
    return tuple(s + (player,) if i == space else s for i, s in enumerate(stacks))


def adjacent_reactions(reactions: tuple[str, ...], space: int) -> tuple[str, str]:
    """Action space ``space`` lies between reaction spaces ``space`` and ``space + 1`` (tracks.yaml)."""
    return reactions[space], reactions[space + 1]


def trigger_reaction(stacks: Stacks, reactions: tuple[str, ...], threshold: int = 3) -> tuple[Stacks, Reaction | None]:
    """After the turn's actions: push out the bottom disc of a full stack, if any.

    Only the stack just played on can fill, since a turn places one disc (a Title repeats an action without one).
    """
    for space, stack in enumerate(stacks):
        if len(stack) >= threshold:
            rest = tuple(s[1:] if i == space else s for i, s in enumerate(stacks))
            return rest, Reaction(space, stack[0], adjacent_reactions(reactions, space))
    return stacks, None


def retrieve_nobles(stacks: Stacks, player: int) -> Stacks:
    """Passing: take back your discs; 'Do not change the order of remaining discs after removing your own.'"""
    return tuple(tuple(p for p in s if p != player) for s in stacks)
