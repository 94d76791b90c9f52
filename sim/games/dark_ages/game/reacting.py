"""The six reactions: legal moves ``("react", reaction, ...)`` for the player whose disc was pushed out."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.culture import take_card, to_hand
from sim.games.dark_ages.game.economy import gain_culture
from sim.games.dark_ages.game.military import apply_recruit, apply_regroup, recruit_options, regroup_options
from sim.games.dark_ages.game.state import Game

RESOURCE_REACTIONS = {"wood_or_leather": ("wood", "leather"), "wood_or_stone": ("wood", "stone")}


def options(game: Game, seat: int, reaction: str) -> list[tuple]:
    p = game.players[seat]
    if reaction in RESOURCE_REACTIONS:
        return [("react", reaction, r) for r in RESOURCE_REACTIONS[reaction]]
    if reaction == "recruit":
        return [("react", "recruit", m) for m in recruit_options(game, seat)]
    if reaction == "regroup":
        return [("react", "regroup", m) for m in regroup_options(game, seat)]
    if reaction == "cultural_exchange":
        out = [("react", reaction, "discard", c) for c in sorted(set(p.hand))]
        if p.gold >= game.ctx.rules["reactions"]["exchange_buy_gold"]:
            out += [("react", reaction, "buy", slot) for slot in range(len(game.offer))]
        return out
    if reaction == "sell_goods":
        out = [("react", reaction, "gold", "iron")] if p.res["iron"] else []
        return out + [("react", reaction, "culture", r) for r in RESOURCES if p.res[r]]
    raise ValueError(f"unknown reaction {reaction!r}")


def apply(game: Game, seat: int, move: tuple) -> None:
    p = game.players[seat]
    reaction = move[1]
    trade = game.ctx.rules["gains"]["trade_value"]
    values = game.ctx.rules["reactions"]
    if reaction in RESOURCE_REACTIONS:
        p.res[move[2]] += values["resource_amount"]
    elif reaction == "recruit":
        apply_recruit(game, seat, move[2])
    elif reaction == "regroup":
        apply_regroup(game, seat, move[2])
    elif reaction == "cultural_exchange":
        if move[2] == "discard":  # 'Discard a Culture card ... to gain 1 Gold'
            p.hand.remove(move[3])
            p.gold += values["exchange_discard_gold"]
        else:  # 'Spend 1 Gold to take any Culture card from the offer, ignoring the position of your Culture marker'
            p.gold -= values["exchange_buy_gold"]
            to_hand(game, seat, take_card(game, move[3]))
    elif reaction == "sell_goods":
        p.res[move[3]] -= 1
        if move[2] == "gold":
            p.gold += values["iron_gold"]
        else:
            gain_culture(game, p, trade[move[3]])
    else:
        raise ValueError(f"unknown reaction {reaction!r}")
