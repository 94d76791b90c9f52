"""Passing (the nine steps), claiming a Title, and the whole-table Pass when the end is triggered."""

from __future__ import annotations

from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.culture import cycle_offer, resolve_cognomens
from sim.games.dark_ages.game.economy import effects, gain, gain_culture, gain_vp
from sim.games.dark_ages.game.state import Game
from sim.games.dark_ages.production import over_hold, province_yield
from sim.games.dark_ages.reactions import retrieve_nobles
from sim.games.dark_ages.titles import claim_vp, claimable


def claim_title(game: Game, seat: int) -> None:
    """Step 2: claim at most one Title (taken from its holder if held); VP only for establishing it."""
    p = game.players[seat]
    board = game.ctx.board
    options = claimable(board, game.controlled(seat), p.nobles_free, p.titles, game.n)
    choice = p.strategy.claim_title(game, seat, options) if options else None
    if choice is None:
        return
    for other in game.players:
        other.titles.discard(choice)
        other.titles_ready.discard(choice)
    gain_vp(p, claim_vp(board.titles[choice], game.established), "title_claims")
    game.established.add(choice)
    p.titles.add(choice)
    if game.mods:  # module hook point (Module 9: the Title's Combat card)
        hooks.emit(game, "title_claimed", seat, choice)


def retrieve(game: Game, seat: int) -> None:
    """Step 3: every disc back from the Action cards and the Exhausted Nobles area; others keep their order."""
    game.stacks = retrieve_nobles(game.stacks, seat)
    game.exhausted[seat] = 0
    p = game.players[seat]
    p.nobles_free = p.nobles_total


def sell_and_hold(game: Game, seat: int) -> None:
    """Steps 4-5: sell up to the Warehouse 'sell' value for Culture, then discard down to 'hold' (Gold is exempt)."""
    p = game.players[seat]
    space = game.ctx.tracks.warehouse[p.warehouses]
    trade = game.ctx.rules["gains"]["trade_value"]
    for r in p.strategy.sell(game, seat, space.sell)[: space.sell]:
        if p.res[r] > 0:
            p.res[r] -= 1
            gain_culture(game, p, trade[r])
    hold = space.hold + sum(e["amount"] for e in effects(game, p, "hold"))
    for _ in range(over_hold(p.res, hold)):
        r = p.strategy.discard_resource(game, seat)
        if p.res.get(r, 0) <= 0:
            r = max(RESOURCES, key=lambda x: p.res[x])
        p.res[r] -= 1


def produce(game: Game, seat: int) -> None:
    """Step 8: each controlled Province's Production buildings: 1 for the first of a type, 2 for the 2nd and 3rd."""
    p = game.players[seat]
    per = tuple(game.ctx.rules["gains"]["production"])
    for q in game.controlled(seat):
        for r, n in game.buildings.get(q, {}).items():
            p.res[r] += province_yield(n, per)


def do_pass(game: Game, seat: int, cycle: bool = True, final: bool = False, end_bonus: bool = False) -> None:
    """The Passing procedure. ``final``: after the end is triggered, stop after step 3 and finish the game.
    ``end_bonus``: the whole-table Pass at the trigger gives players with all discs available one more Gold."""
    p = game.players[seat]
    all_available = p.nobles_free == p.nobles_total
    if cycle:
        cycle_offer(game)
    claim_title(game, seat)
    retrieve(game, seat)
    p.passes += 1
    if final:
        p.finished = True
        return
    sell_and_hold(game, seat)
    p.gold += game.ctx.rules["gains"]["pass_gold"]
    if end_bonus and all_available:
        p.gold += game.ctx.rules["gains"]["end_pass_all_nobles_gold"]
    for e in effects(game, p, "gain_on_pass"):
        gain(game, p, e["gain"], e["amount"])
    resolve_cognomens(game, seat)
    produce(game, seat)
    p.titles_ready = set(p.titles)
    if game.mods:  # module hook point: end of Passing (Tribute, refreshing the Pope)
        hooks.emit(game, "passed", seat)
