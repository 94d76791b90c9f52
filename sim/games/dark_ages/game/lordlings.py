"""Module 1: the Lordlings' turn (their deck of 9 cards, driven by d20 rolls), their reactions and their Pass.

The Lordlings are seat 1 of a 2-seat ``Game`` with no Ruler (no Capital, no resources, no Gold). Random picks use
the game's stream, as the rulebook's d20 would. "Closest to you" is the fewest moves from a Province the player
controls.
"""

from __future__ import annotations

from collections import deque

from sim.games.dark_ages.church import church_vp
from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.building import city_slots, farm_room, track_farms
from sim.games.dark_ages.game.context import UNIT_TYPES
from sim.games.dark_ages.game.culture import cycle_offer, take_card
from sim.games.dark_ages.game.economy import gain_vp
from sim.games.dark_ages.game.raiders import d20, discarded, kind_of, rolled_type
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS
from sim.games.dark_ages.game.state import Game, add_units
from sim.games.dark_ages.offer import accessible_slots
from sim.games.dark_ages.reactions import place_noble, retrieve_nobles

RESOURCE_REACTIONS = ("wood_or_leather", "wood_or_stone")


# --- helpers ---
def distance_to_player(game: Game) -> dict[str, int]:
    """Moves needed from the player's Provinces (breadth-first over Provinces in play)."""
    start = game.controlled(HUMAN)
    dist = {q: 0 for q in start}
    queue = deque(start)
    while queue:
        q = queue.popleft()
        for r in game.ctx.neighbours[q]:
            if r in game.in_play and r not in dist:
                dist[r] = dist[q] + 1
                queue.append(r)
    return dist


def pick(game: Game, places, *keys):
    """The best Province by ``keys`` (lower is better), ties broken at random (the d20)."""
    places = sorted(places)
    if not places:
        return None
    best = min(tuple(k(q) for k in keys) for q in places)
    return game.rng.choice([q for q in places if tuple(k(q) for k in keys) == best])


def culture(game: Game, amount: int) -> None:
    """Lordlings on a red space: 'nothing happens' (no Gold), but the space is taken; harder: 2 VP if first."""
    me = game.players[LORDLINGS]
    tracks = game.ctx.tracks
    old, new = me.culture, min(me.culture + amount, tracks.culture_last)
    me.culture = new
    for r in tracks.red_spaces:
        if old < r <= new and r not in game.red_reached:
            game.red_reached.add(r)
            if game.solo.has("lordling_red_space_vp"):
                gain_vp(me, game.solo.rules["difficulty"]["red_space_vp"], "culture_red_spaces")


def upgrade(game: Game, kind: str | None = None) -> None:
    me = game.players[LORDLINGS]
    kind = kind or rolled_type(game)
    me.military[kind] = min(me.military[kind] + 1, game.solo.rules["lordlings"]["max_level"])


def _place_noble(game: Game, action: str) -> None:
    me = game.players[LORDLINGS]
    game.stacks = place_noble(game.stacks, game.action_at.index(action), LORDLINGS)
    me.nobles_free -= 1


# --- the cards ---
def research(game: Game) -> None:
    solo = game.solo
    if "research" not in solo.prep:
        solo.prep.add("research")
        return
    solo.prep.discard("research")
    _place_noble(game, "research")
    table = solo.rules["lordlings"]["research"]
    roll = d20(game)
    if roll <= table["culture_up_to"]:
        culture(game, table["culture"])
    elif roll <= table["upgrade_up_to"]:
        upgrade(game)
    else:
        gain_vp(game.players[LORDLINGS], table["vp"] + table["vp_per_technology"] * solo.techs, "research")


def recruit(game: Game, noble: bool = True) -> None:
    me = game.players[LORDLINGS]
    if noble:
        _place_noble(game, "recruit")
    kinds = [k for k in UNIT_TYPES if me.supply[k] > 0]
    mine = game.controlled(LORDLINGS)
    if not kinds or not mine:
        return
    on_board = {k: sum(u.get(k, 0) for u in me.units.values()) for k in kinds}
    kind = min(kinds, key=lambda k: (on_board[k], -me.military[k], UNIT_TYPES.index(k)))
    dist = distance_to_player(game)
    where = pick(game, mine, lambda q: dist.get(q, 99), lambda q: sum(me.units.get(q, {}).values()))
    me.supply[kind] -= 1
    add_units(me, where, kind)
    if d20(game) >= game.solo.rules["lordlings"]["recruit_upgrade_from"]:
        upgrade(game, kind)


def manoeuvre(game: Game) -> None:
    """'randomly select a Province neighbouring a Lordling controlled one, remove the Barbarian token, replacing it
    with a Lordling Infantry' — read as a neighbouring Province holding a Barbarian token (assumed)."""
    solo = game.solo
    if "manoeuvre" not in solo.prep:
        solo.prep.add("manoeuvre")
        return
    solo.prep.discard("manoeuvre")
    _place_noble(game, "manoeuvre")
    me = game.players[LORDLINGS]
    mine = game.controlled(LORDLINGS)
    near = {r for q in mine for r in game.ctx.neighbours[q] if r in game.barbarians}
    if not near or me.supply["infantry"] == 0:
        return
    q = game.rng.choice(sorted(near))
    solo.board_pool().insert(0, game.barbarians.pop(q))  # the token leaves the board (back to the pool, assumed)
    game.barbarian_extra.pop(q, None)
    me.supply["infantry"] -= 1
    add_units(me, q, "infantry")


def take(game: Game, card: str) -> None:
    """What the Lordlings do with a Culture card they take."""
    solo = game.solo
    me = game.players[LORDLINGS]
    if game.mods and hooks.lordling_card(game, card):  # module hook point (Module 13A: Travels of Benjamin)
        return
    ctype = "raider" if kind_of(card) else game.ctx.deck.cards[card].type
    if ctype == "common_technology":
        solo.techs += 1
    elif ctype == "military_technology":
        upgrade(game)
    elif ctype == "relic":
        church(game)
    elif ctype == "cognomen":
        vp = solo.rules["difficulty"]["cognomen_vp_harder"] if solo.has("lordling_cognomen_10") else None
        gain_vp(me, vp if vp is not None else solo.rules["lordlings"]["cognomen_vp"], "cognomens")
    elif ctype == "grand_building":
        gain_vp(me, solo.rules["lordlings"]["grand_building_vp"], "cognomens")
    elif ctype == "raider":
        discarded(game, card)


def development_of_culture(game: Game) -> None:
    _place_noble(game, "development_of_culture")
    n = min(accessible_slots(game.ctx.tracks, game.players[LORDLINGS].culture), len(game.offer))
    if n:
        take(game, take_card(game, n - 1))  # 'the rightmost accessible Culture card'


def _church_places(game: Game) -> list[str]:
    if game.churches_built >= game.ctx.rules["setup"]["churches"]:
        return []
    mine = game.controlled(LORDLINGS) & game.cities
    return [q for q in mine if q not in game.churches and game.slots_used(q) < city_slots(game)]


def church(game: Game) -> bool:
    places = _church_places(game)
    if not places:
        return False
    vp = {q: church_vp(game.ctx.board, q, game.churches, game.ctx.rules["church_vp"]) for q in places}
    q = pick(game, places, lambda q: -vp[q])
    gain_vp(game.players[LORDLINGS], vp[q], "church")
    game.churches.append(q)
    game.churches_built += 1
    if game.mods:  # module hook point (Module 12A: the Lordlings may take the Pope)
        hooks.emit(game, "lordling_church", q)
    return True


def build(game: Game) -> bool:
    """Roll for City / Keep / Farm / Church, rerolling invalid results; False if none is valid (they Pass)."""
    me = game.players[LORDLINGS]
    mine = game.controlled(LORDLINGS)
    cities = [q for q in mine if q not in game.cities] if game.cities_left > 0 else []
    keeps = [q for q in mine & game.cities if game.keeps.get(q, 0) < game.ctx.rules["limits"]["keep_levels"]]
    farms = [q for q in mine if farm_room(game, LORDLINGS, q)] if me.farms_off < track_farms(game) else []
    churches = _church_places(game)
    if not (cities or keeps or farms or churches):
        return False
    _place_noble(game, "build")
    dist = distance_to_player(game)
    table = game.solo.rules["lordlings"]["build"]
    city, keep, farm = table["city_up_to"], table["keep_up_to"], table["farm_up_to"]
    while True:
        roll = d20(game)
        if roll <= city and cities:
            q = pick(game, cities, lambda q: dist.get(q, 99))
            game.cities.add(q)
            game.cities_left -= 1
            culture(game, game.ctx.rules["gains"]["city_culture"])
            return True
        if city < roll <= keep and keeps:
            q = pick(game, keeps, lambda q: -sum(r in mine for r in game.ctx.neighbours[q]), lambda q: dist.get(q, 99))
            game.keeps[q] = game.keeps.get(q, 0) + 1
            return True
        if keep < roll <= farm and farms:
            q = pick(game, farms, lambda q: dist.get(q, 99))
            game.farms[q] = (LORDLINGS, game.farms[q][1] + 1)
            me.farms_off += 1
            return True
        if roll > farm and churches:
            return church(game)


def settle(game: Game) -> bool:
    me = game.players[LORDLINGS]
    places = [q for q in game.controlled(LORDLINGS) if q not in game.farms]
    if not places or me.farms_off >= track_farms(game):
        return False
    q = game.rng.choice(sorted(places))
    game.farms[q] = (LORDLINGS, 1)
    me.farms_off += 1
    return True


CARDS = {"research": research, "recruit": recruit, "manoeuvre": manoeuvre,
         "development_of_culture": development_of_culture}  # fmt: skip


def resolve(game: Game, card: str, depth: int = 0) -> str | None:
    """Resolve one Lordling card; returns "pass" or "rush" when the Lordlings Pass instead."""
    solo = game.solo
    if card in CARDS:
        CARDS[card](game)
    elif card == "build":
        if not build(game):
            return "pass"
    elif card == "settle":
        if not settle(game):  # 'draw another card to resolve, leaving this card in the discard pile'
            return draw(game, depth + 1)
    elif card == "persevere":
        earlier = [c for c in reversed(solo.discard) if c not in ("persevere", "settle")]
        if earlier:
            return resolve(game, earlier[0], depth + 1)
        if not solo.deck:
            return "pass"
        # 'draw another card to resolve, then shuffle this card into the remaining draw deck'
        if solo.discard and solo.discard[-1] == card:
            solo.discard.pop()
        nxt = solo.deck.pop(0)
        solo.deck.insert(game.rng.randrange(len(solo.deck) + 1), card)
        solo.discard.append(nxt)
        return resolve(game, nxt, depth + 1)
    elif card == "rush":
        if game.players[LORDLINGS].nobles_free <= solo.rules["lordlings"]["rush_nobles"]:
            return "rush"
    else:
        raise ValueError(f"unknown Lordling card {card!r}")
    return None


def draw(game: Game, depth: int = 0) -> str | None:
    solo = game.solo
    if not solo.deck or depth > solo.rules["lordlings"]["max_redraws"]:  # an empty deck: they Pass (assumed)
        return "pass"
    card = solo.deck.pop(0)
    solo.discard.append(card)
    return resolve(game, card, depth)


def turn(game: Game) -> str | None:
    """A Lordling turn: Pass with no Noble disc, else draw and resolve the top card."""
    if game.players[LORDLINGS].nobles_free == 0:
        return "pass"
    return draw(game)


# --- reactions and Passing ---
def react(game: Game, choices: tuple[str, str]) -> None:
    """'they never select reactions that would give them resources'; Recruit over Regroup."""
    options = [c for c in choices if c not in RESOURCE_REACTIONS]
    if not options:
        return
    choice = "recruit" if "recruit" in options else options[0]
    if choice == "recruit":
        recruit(game, noble=False)
    elif choice == "sell_goods":
        culture(game, game.solo.rules["lordlings"]["sell_goods_culture"])
    elif choice == "cultural_exchange":
        if game.offer:
            take(game, take_card(game, len(game.offer) - 1))  # the rightmost card, even if not accessible
    elif choice == "regroup":
        game.solo.prep.update(("manoeuvre", "research"))


def do_pass(game: Game, rush: bool = False, cycle: bool = True, final: bool = False) -> None:
    solo = game.solo
    me = game.players[LORDLINGS]
    if cycle:
        cycle_offer(game)
    mine = game.controlled(LORDLINGS)
    for title in game.ctx.board.titles.values():
        held = sum(q in mine for q in title.provinces)
        need = (len(title.provinces) + 1) // 2 if rush else len(title.provinces)
        if held >= need and title.id not in me.titles:
            for other in game.players:
                other.titles.discard(title.id)
                other.titles_ready.discard(title.id)
            if title.id not in game.established:
                gain_vp(me, title.vp, "title_claims")  # 'They score the depicted VP for founding a Kingdom'
                game.established.add(title.id)
            me.titles.add(title.id)
    game.stacks = retrieve_nobles(game.stacks, LORDLINGS)
    game.exhausted[LORDLINGS] = 0
    me.nobles_free = me.nobles_total
    me.passes += 1
    if final:
        me.finished = True
        return
    solo.deck = solo.deck + solo.discard
    solo.discard = []
    game.rng.shuffle(solo.deck)
    harder = solo.has("lordling_culture_3")
    culture(
        game, solo.rules["difficulty"]["pass_culture_harder"] if harder else solo.rules["lordlings"]["pass_culture"]
    )
    counted = mine & game.cities if solo.has("lordling_city_vp_only") else mine
    for below, vp in solo.rules["lordlings"]["pass_vp"]:
        if len(counted) < below:
            gain_vp(me, vp, "provinces")
            break
    if solo.has("lordling_title_vp"):
        gain_vp(me, solo.rules["difficulty"]["title_pass_vp"] * len(me.titles), "title_claims")
