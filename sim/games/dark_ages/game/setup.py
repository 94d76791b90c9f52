"""Setup for 2-4 players: Capitals, Barbarian tokens, Production buildings, the offer, starting goods and discs."""

from __future__ import annotations

import random

from sim.games.dark_ages.game.context import RESOURCES, Context
from sim.games.dark_ages.game.state import Game, Player, add_units

PLAYER_COUNTS = (2, 3, 4)


def new_game(ctx: Context, rulers: list[str], strategies: list, rng: random.Random) -> Game:
    """Seat ``i`` plays ``rulers[i]`` with ``strategies[i]``; seat 0 is the starting player (Rulers are assigned by
    the experiment, not drafted)."""
    n = len(rulers)
    if n not in PLAYER_COUNTS or len(set(rulers)) != n or len(strategies) != n:
        raise ValueError(f"a game needs 2-4 distinct Rulers and one strategy each, got {rulers}")
    board, setup = ctx.board, ctx.rules["setup"]
    in_play = frozenset(board.in_play(n))
    actions = list(ctx.tracks.actions)
    rng.shuffle(actions)  # 'Shuffle all Action cards and place one card face up onto each of the five spaces'
    deck = list(ctx.deck.draw_pile(n))
    rng.shuffle(deck)
    slots = ctx.tracks.offer_slots
    players = []
    for seat, (rid, strategy) in enumerate(zip(rulers, strategies, strict=True)):
        ruler = board.rulers[rid]
        if ruler.capital not in in_play:
            raise ValueError(f"{rid}'s Capital {ruler.capital} is not in play with {n} players")
        supply = dict(setup["supply"])
        players.append(
            Player(
                seat=seat,
                ruler=ruler,
                strategy=strategy,
                gold=setup["gold"],
                res={r: setup["resources"][r] for r in RESOURCES},
                supply=supply,
                nobles_total=setup["nobles"][n],
                nobles_free=setup["nobles"][n],
                hand=list(ruler.starting_cards),
            )
        )
    game = Game(
        ctx=ctx,
        rng=rng,
        players=players,
        in_play=in_play,
        action_at=tuple(actions),
        stacks=tuple(() for _ in actions),
        exhausted=[0] * n,
        offer=deck[:slots],
        deck=deck[slots:],
        cities_left=setup["cities"][n],
    )
    capitals = {p.ruler.capital for p in players}
    for p in players:
        game.cities.add(p.ruler.capital)
        game.cities_left -= 1
        game.farms[p.ruler.capital] = (p.seat, 1)
        add_units(p, p.ruler.capital, "infantry", setup["infantry_in_capital"])
        p.supply["infantry"] -= setup["infantry_in_capital"]
    tokens = list(range(len(ctx.tokens)))
    rng.shuffle(tokens)
    for q in sorted(in_play - capitals):  # one random token per Province in play that is not a Capital
        game.barbarians[q] = tokens.pop()
    for q in in_play:  # 'In each Province, place a Production building matching its depicted resource'
        game.buildings[q] = {board.province(q).resource: 1}
    for seat in range(setup["exhausted_first_players"][n]):
        game.exhausted[seat] += 1
        game.players[seat].nobles_free -= 1
    return game
