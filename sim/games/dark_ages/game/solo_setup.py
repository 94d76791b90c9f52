"""Module 1 set-up: a 2-player board for one player against the Lordlings (3 random Rulers' Provinces, each with a
City and a Lordling Farm), Barbarians everywhere else, the Raider cards in five piles, the Raiding Party."""

from __future__ import annotations

import random
from dataclasses import replace

from sim.games.dark_ages.board import SOLO
from sim.games.dark_ages.cards import Card, Deck
from sim.games.dark_ages.game import modules, raiders
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, Context
from sim.games.dark_ages.game.raiders import RAIDER_CARDS, draw_tokens
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS, OPTIONS, SoloState
from sim.games.dark_ages.game.state import Game, Player, add_units

_SOLO_CONTEXTS: dict[tuple, Context] = {}  # keyed by the base context's rule set


def solo_context(ctx: Context) -> Context:
    """The context with the Raider cards added to the deck (type ``raider``), once per base context."""
    key = ("solo", ctx.digest)
    if key not in _SOLO_CONTEXTS:
        _forget_old()
        cards = dict(ctx.deck.cards)
        for kind in RAIDER_CARDS:
            cards[f"raider_{kind}"] = Card(f"raider_{kind}", "raider", 2, None, name=kind.title(), data={})
        _SOLO_CONTEXTS[key] = replace(ctx, data=replace(ctx.data, deck=Deck(cards)))
    return _SOLO_CONTEXTS[key]


def skirmisher_context(ctx: Context) -> Context:
    """Module 7 in solo: Skirmisher tokens on the map, but 'When placing Barbarian tokens on the Raiding Party card
    for Raiders, still use regular Barbarian tokens!' The token table holds both sets, Skirmishers first."""
    key = ("skirmishers", ctx.digest)
    if key not in _SOLO_CONTEXTS:
        _forget_old()
        b = ctx.battle
        tokens = tuple(t for pool in (b.skirmisher_tokens, b.tokens) for t in pool for _ in range(t.count))
        _SOLO_CONTEXTS[key] = replace(ctx, tokens=tokens)
    return _SOLO_CONTEXTS[key]


def _forget_old() -> None:
    """Keep the last few rule sets' solo contexts (a sweep over rules values makes many)."""
    if len(_SOLO_CONTEXTS) >= 16:
        _SOLO_CONTEXTS.pop(next(iter(_SOLO_CONTEXTS)))


def culture_deck(ctx: Context, rng: random.Random) -> list[str]:
    deck = [c for c in ctx.deck.draw_pile(2) if ctx.deck.cards[c].type != "raider"]  # Raider cards go in below
    rng.shuffle(deck)
    return deck


def raider_deck(ctx: Context, rng: random.Random, harder: bool, deck: list[str] | None = None) -> list[str]:
    """'split the Culture deck into 5 even piles', shuffle the Raider cards into each, stack them first on top.
    ``deck``: the shuffled Culture deck with any module cards already in ('After including any module-related cards
    in the Culture deck, but before placing the initial cards on the offer')."""
    deck = culture_deck(ctx, rng) if deck is None else deck
    piles = ctx.solo["raiders"]["piles_harder" if harder else "piles"]
    size, extra = divmod(len(deck), len(piles))
    out, start = [], 0
    for i, adds in enumerate(piles):
        end = start + size + (i < extra)
        pile = deck[start:end] + [f"raider_{k}" for k, n in adds.items() for _ in range(n)]
        rng.shuffle(pile)
        out += pile
        start = end
    return out


def new_solo_game(
    base: Context, ruler: str, strategy, options: frozenset[str], rng: random.Random, mods: tuple[str, ...] = ()
) -> Game:
    """``mods``: switched-on modules (game/modules.SOLO_MODULES); Module 3 adds its two Rulers to the draw."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise ValueError(f"unknown difficulty options {sorted(unknown)}")
    ctx = solo_context(base)
    if "skirmishers" in mods:
        ctx = skirmisher_context(ctx)
    board, setup = ctx.board, ctx.rules["setup"]
    rules = ctx.solo
    in_play = frozenset(board.in_play(SOLO))
    human_ruler = board.rulers[ruler]
    sets = ("base", *mods)
    others = sorted(r for r, x in board.rulers.items() if r != ruler and x.module in sets and x.capital in in_play)
    lordling_homes = [board.rulers[r].capital for r in rng.sample(others, rules["lordlings"]["rulers"])]
    actions = list(ctx.tracks.actions)
    rng.shuffle(actions)
    deck = culture_deck(ctx, rng)
    purse = {r: setup["resources"][r] for r in RESOURCES}
    nobles = setup["nobles"][2]
    human = Player(HUMAN, human_ruler, strategy, setup["gold"], purse, dict(setup["supply"]), nobles, nobles,
                   hand=list(human_ruler.starting_cards))  # fmt: skip
    lord = Player(LORDLINGS, None, None, 0, {r: 0 for r in RESOURCES}, dict(setup["supply"]),
                  rules["lordlings"]["nobles"], rules["lordlings"]["nobles"], faction="lordling")  # fmt: skip
    lord.farms_off = rules["lordlings"]["farms_off_at_setup"]
    game = Game(
        ctx=ctx,
        rng=rng,
        players=[human, lord],
        in_play=in_play,
        action_at=tuple(actions),
        stacks=tuple(() for _ in actions),
        exhausted=[0, 0],
        offer=[],
        deck=deck,
        cities_left=setup["cities"][2],
    )
    start = rules["raiders"]["start_level"]
    game.solo = SoloState(rules=rules, options=frozenset(options), deck=list(rules["lordlings"]["deck"]),
                          raider_levels={k: start for k in UNIT_TYPES})  # fmt: skip
    if mods:  # module set-up: module cards go into the Culture deck before it is split into piles
        modules.install(game, mods)
        ctx = game.ctx
    game.deck = raider_deck(ctx, rng, "raider_cards_harder" in options, game.deck)
    rng.shuffle(game.solo.deck)
    capital = human_ruler.capital
    game.cities.add(capital)
    game.farms[capital] = (HUMAN, 1)
    add_units(human, capital, "infantry", setup["infantry_in_capital"])
    human.supply["infantry"] -= setup["infantry_in_capital"]
    for q in lordling_homes:
        game.cities.add(q)
        game.farms[q] = (LORDLINGS, 1)
    game.cities_left -= 1 + len(lordling_homes)  # 'There should be 7 Cities in the supply at this point'
    on_map = sum(t.count for t in ctx.battle.skirmisher_tokens) if "skirmishers" in mods else len(ctx.tokens)
    tokens = list(range(on_map))
    rng.shuffle(tokens)
    for q in sorted(in_play - {capital, *lordling_homes}):
        game.barbarians[q] = tokens.pop()
    game.solo.token_pool = tokens
    if on_map < len(ctx.tokens):  # Module 7: the leftover Skirmishers stay for the map, regular tokens raid
        game.solo.map_pool = tokens
        game.solo.token_pool = list(range(on_map, len(ctx.tokens)))
        rng.shuffle(game.solo.token_pool)
    draw_tokens(game, 1)  # the Raiding Party starts with one token, unit side up
    for q in in_play:
        game.buildings[q] = {board.province(q).resource: 1}
    if game.mods:  # module hook point (Module 6: the suggested 4th Lordling Ruler)
        modules.emit(game, "solo_setup")
    # the offer is dealt last so Raider cards revealed into it find the board ready
    for _ in range(ctx.tracks.offer_slots):
        if game.deck:
            game.offer.append(game.deck.pop(0))
            raiders.revealed(game, game.offer[-1])
    game.current = LORDLINGS  # 'Play is ready to begin, with the Lordlings taking their first turn'
    return game
