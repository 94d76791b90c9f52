"""Development of Culture and Research: legal moves and effects; the offer; Cognomens and the hand limit."""

from __future__ import annotations

from sim.games.dark_ages.game import hooks, raiders
from sim.games.dark_ages.game.counting import count
from sim.games.dark_ages.game.economy import gain, gain_vp
from sim.games.dark_ages.game.state import Game, Player
from sim.games.dark_ages.offer import accessible_slots, cycle, take
from sim.games.dark_ages.research import can_raise, military_placements


def _draw_into(game: Game, fn, *args) -> str:
    drew = bool(game.deck)
    card, offer, deck = fn(tuple(game.offer), *args, tuple(game.deck))
    if game.deck and not deck:
        game.deck_ran_out = True  # 'The last card of the Culture deck is drawn' (end trigger)
    game.offer, game.deck = list(offer), list(deck)
    if game.solo is not None:  # Raider cards act when they enter or leave the offer (Module 1)
        if fn is cycle:
            raiders.discarded(game, card)
        if drew:
            raiders.revealed(game, game.offer[-1])
    if game.mods:  # module hook point (Module 15A: the Chrobry card never stays; Module 8: a Wyrd follows its card)
        if drew:
            hooks.emit(game, "offer_revealed")
        if fn is cycle:
            hooks.emit(game, "offer_discarded", card)
    return card


def take_card(game: Game, slot: int) -> str:
    return _draw_into(game, take, slot)


def cycle_offer(game: Game) -> None:
    """Passing, step 1: discard the leftmost card and refill (discards are never reshuffled)."""
    if game.offer:
        _draw_into(game, cycle)


def culture_options(game: Game, seat: int) -> list[tuple]:
    n = min(accessible_slots(game.ctx.tracks, game.players[seat].culture), len(game.offer))
    out = [("development_of_culture", slot) for slot in range(n)]
    if game.mods:  # module hook point (Module 8: a card with a Wyrd is accessible to all)
        out += [("development_of_culture", slot) for slot in hooks.extra_slots(game, seat) if slot >= n]
    return out


def research_options(game: Game, seat: int) -> list[tuple]:
    p = game.players[seat]
    deck = game.ctx.deck.cards
    limits = game.ctx.rules["limits"]
    levels = limits["technology_levels"]
    out: list[tuple] = []
    seen = set()
    for cid in p.hand:
        card = deck[cid]
        if card.type == "common_technology" and len(p.techs) < limits["common_technologies"] and cid not in seen:
            out.append(("research", "play", cid, None))
        elif card.type == "military_technology" and p.gold >= game.ctx.rules["costs"]["military_technology_gold"]:
            out += [("research", "military", cid, placement) for placement in military_placements(card, p.military)]
        seen.add(cid)
    if p.gold >= game.ctx.rules["costs"]["research_upgrade_gold"]:
        out += [("research", "raise", cid, None) for cid, level in sorted(p.techs.items()) if can_raise(level, levels)]
    return out


def _reveal(game: Game, p: Player, cid: str, level: int) -> None:
    """Show the next level; 'If the newly revealed level ... is marked "Immediate!", resolve its effect.'"""
    p.techs[cid] = level
    lv = game.ctx.deck.cards[cid].levels[level - 1]
    if lv.immediate:
        gain(game, p, lv.effect["gain"], lv.effect["amount"])


def apply_research(game: Game, seat: int, move: tuple) -> None:
    _, how, cid, placement = move
    p = game.players[seat]
    costs = game.ctx.rules["costs"]
    if how == "play":
        p.hand.remove(cid)
        _reveal(game, p, cid, 1)
    elif how == "raise":
        p.gold -= costs["research_upgrade_gold"]
        _reveal(game, p, cid, p.techs[cid] + 1)
    elif how == "military":
        p.gold -= costs["military_technology_gold"]
        p.hand.remove(cid)
        unit, level = placement
        p.military[unit] = level
    else:
        raise ValueError(f"unknown Research option {how!r}")


def to_hand(game: Game, seat: int, cid: str) -> None:
    """A card taken from the offer; a module card (Travels of Benjamin) goes into play instead of the hand."""
    if game.mods and hooks.card_taken(game, seat, cid):  # module hook point
        return
    game.players[seat].hand.append(cid)


def apply_culture(game: Game, seat: int, move: tuple) -> None:
    if game.mods:  # module hook point (Module 8: was the card accessible only through its Wyrd?)
        n = min(accessible_slots(game.ctx.tracks, game.players[seat].culture), len(game.offer))
        hooks.emit(game, "culture_chosen", seat, move[1], move[1] >= n)
    to_hand(game, seat, take_card(game, move[1]))


def resolve_cognomens(game: Game, seat: int) -> None:
    """Passing, step 7: every Cognomen in hand is scored ('vp per counted item, capped') and discarded."""
    p = game.players[seat]
    for cid in [c for c in p.hand if game.ctx.deck.cards[c].type == "cognomen"]:
        data = game.ctx.deck.cards[cid].data
        gain_vp(p, min(data["max"], data["vp"] * count(game, seat, data["per"])), "cognomens")
        p.hand.remove(cid)


def enforce_hand_limit(game: Game, seat: int) -> None:
    """'If you exceed this at the end of your turn, discard cards until you have 10 cards left' (strategy picks)."""
    p = game.players[seat]
    limit = game.ctx.rules["limits"]["hand"]
    while len(p.hand) > limit:
        p.hand.remove(p.strategy.discard_card(game, seat))
