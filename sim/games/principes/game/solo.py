"""Principes solo mode (rulebook "Solo Mode"): setup, victory, the Combined Action Solo System at the Normal, Hard
and Legendary levels, the activation scheme, the cyclical activation of Neighbors and the 4 altered History icons.
Values: configs/principes/solo.yaml.

Representation. The 3 non-player Principalities are ``state.non_players``, the 2-3 player game's neutral
Principalities (``game.nonplayers``): no Treasury, hand or Prince Cards, neutral units (no Battle Cards, no support,
loot to and from the general pool), their own lands controlled like a Pomerania's (beaten units withdraw there), and
their full complement on the Map (players.yaml ``additional_units`` on top of the 4-player deployment).
``state.variants`` carries ``solo`` (and ``neighbors``: the Neighbor deck by card identity, needed for the reveal);
with ``solo`` a removed non-player Prince is reborn by ``rebirth`` (highest Might) instead of the 2-3 player rule.
The Princeps Token is not used; the engine keeps the player as the token's holder so that turn order and the
History helpers find the one player. With ``princesses_on`` the player's Princess follows the normal rules (``game.
princesses``); "she cannot be sent to the Capitals of non-player Principalities" holds because they are not players,
and a Neighbor she is married into activates without ending on the player's lands (``options``).

The player's choices the rulebook leaves to them ("the player chooses which ones", "in the order chosen by the
player", "the player retains full freedom of movement within the guidelines of the activation scheme", the land a
non-player Prince is reborn on) are asked of the strategy through optional hooks (``solo_*``, see ``ask``); the
defaults here pick what hurts the player least: ``solo_choose`` (which non-player Principality next),
``solo_knights`` (which 2 Knights), ``solo_activation_target`` (the land among those the option allows),
``solo_rebirth``, ``solo_neighbor_block`` (own Neighbor Cards against a revealed card), ``solo_division`` (the 2
lands) and ``solo_support`` (Court/Neighbor Cards played for support before an action; default none).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from sim.games.principes.driver import perform  # the multiplayer action code, unchanged
from sim.games.principes.game import battles, cards, effects, neighbors, nonplayers, princesses, progress, rounds, tiles
from sim.games.principes.game.building import next_city
from sim.games.principes.game.control import controller, land_might, might_position, retrack
from sim.games.principes.game.history import council, invaders, release, urbanization
from sim.games.principes.game.history import deck as history_deck
from sim.games.principes.game.history.common import richness
from sim.games.principes.game.history.mongols import MONGOLS, wave_size
from sim.games.principes.game.history.teutonic import call as teutonic_call
from sim.games.principes.game.history.teutonic import caller as teutonic_caller
from sim.games.principes.game.history.teutonic import present as teutonic_present
from sim.games.principes.game.history.teutonic import return_home as teutonic_return_home
from sim.games.principes.game.movement import movement_points, return_pomeranians
from sim.games.principes.game.setup import GameRules, initial_state, load_game_rules
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.map import Board

DIFFICULTIES = ("normal", "hard", "legendary")
COMBINED = ("assembly", "movement", "building")
PLAYER_BUILDING, PLAYER_UNITS, OTHER_UNITS, STAY = 1, 2, 3, 4  # the activation scheme's options, in order
TEUTONIC = battles.TEUTONIC
TRIBES = ("prussians", "lithuanians")


def solo_values(rules=None) -> dict:
    """The plain values of solo.yaml (``rules``: a ``setup.GameRules``; None: the bundled file)."""
    return effects.values(rules, "solo")


def solo_rules(extra: tuple[tuple[str, object], ...] = (), sources: dict | None = None) -> GameRules:
    """The rule set with solo.yaml's overrides of game.yaml (tracks to 15, half the Progress tiles) and ``extra``
    dotted overrides of any rules file (``sources`` names where each came from, for errors); cached."""
    overrides = {**solo_values()["overrides"], **dict(extra)}  # the bundled solo.yaml's
    return load_game_rules(overrides, {k: (sources or {}).get(k, "solo.yaml overrides") for k in overrides})


def non_players(state: State, player: str) -> tuple[str, ...]:
    return tuple(p for p in state.board.principalities if p != player)


def ask(strategy, hook: str, default: Callable, *args):
    """The strategy's ``solo_<hook>`` answer if it has one, else the default policy's."""
    fn = getattr(strategy, f"solo_{hook}", None)
    return fn(*args) if fn is not None else default(*args)


# --- lands a non-player Principality holds ----------------------------------------------------------------------


def holds(state: State, np_: str, land: str) -> bool:
    """A non-player Principality holds a land with only its figures, or one of its own lands with no units and no
    Division Token (``control.controller`` with ``state.non_players``)."""
    return controller(state, land) == np_


def swords(state: State, units: dict[str, int]) -> int:
    """Swords the figures deal (rules.yaml ``units.<kind>.swords``)."""
    per = state.rules.battle.swords
    return sum(per[k] * n for k, n in units.items())


# --- setup ------------------------------------------------------------------------------------------------------


def _non_player_setup(state: State, player: str) -> State:
    """The 2-3 player setup of the non-player Principalities (players.yaml: their additional units, so every figure
    is on the Map; no gold; no initial Division Tokens without Silesia), the Princeps left to the one player."""
    v = nonplayers.player_values(state.rules)["non_players"]
    out = state.copy()
    out.non_players = frozenset(non_players(state, player))
    for np_ in out.non_players:
        for land, units in v["additional_units"][np_].items():
            for kind, n in units.items():
                out.pool[np_][kind] -= n
                out.add_units(land, np_, kind, n)
        out.gold[np_] = 0
    if v["division_tokens_need_silesia"] and "silesia" in out.non_players:
        out.supply["division"] += len(out.division)
        out.division = set()
    out.princeps = player  # the token is not used; the engine's turn order starts with the one player
    return out


def new_solo_game(
    player: str,
    rng: random.Random,
    board: Board | None = None,
    rules: GameRules | None = None,
    history: bool = True,
    princesses_on: bool = False,
    printed_tiles: bool = False,
) -> State:
    """The solo starting state: the player's 5 units, every other Principality's full complement, 5 gold and 1
    Battle, 1 Court and 1 Neighbor Card, half the Progress tiles (no duplicates), tracks to 15, the History deck;
    ``princesses_on``: the player's Princess goes on missions (Solo Mode, Princess); ``printed_tiles``: the printed
    Progress Tiles (``game.tiles``), one copy of each."""
    rules = rules or solo_rules()
    board = board or rules.board
    if player not in board.principalities:
        raise IllegalAction(f"{player} is not a Principality")
    state = _non_player_setup(initial_state(board, rules), player)
    v = solo_values(state.rules)["setup"]
    state.gold[player] = v["starting_gold"]
    state = neighbors.enable(state)
    on = {"princesses"} if princesses_on else set()
    state.variants = frozenset({"solo", "neighbors"} | on | ({"tiles"} if printed_tiles else set()))
    out = state.copy()
    for kind, n in v["starting_cards"].items():
        for _ in range(n):
            cards.draw_into(out, player, kind, rng)
    if printed_tiles:  # "only half of the Progress tiles are used - ensuring that no duplicates are included"
        state = tiles.setup_market(out, rng, copies=1)
    else:
        state = progress.setup_market(out, rng)
    if history:
        state.history = history_deck.deal(rng, state.rules)
    return state


# --- victory ----------------------------------------------------------------------------------------------------


def capitals_held(state: State, player: str) -> int:
    return sum(controller(state, cap) == player for cap in state.board.capitals.values())


def conditions_met(state: State, player: str) -> bool:
    """All 3 tracks at the top (15) and all 4 Capitals controlled."""
    top = state.rules.values["politics"]["coronation_position"]
    tracks = (might_position(state, player), state.people[player], state.clergy[player])
    return (
        all(t >= top for t in tracks)
        and capitals_held(state, player) >= solo_values(state.rules)["victory"]["capitals"]
    )


def settle_crown(state: State, player: str) -> State:
    """After a Council: the engine crowns on the tracks alone; solo also needs the 4 Capitals."""
    if state.crowned is not None and not conditions_met(state, player):
        out = state.copy()
        out.crowned = None
        return out
    return state


def score(state: State, player: str) -> int:
    """How close the player came: the 3 track positions (0..15 each) plus 3 per Capital held beyond their own."""
    top = state.rules.track_high
    tracks = min(might_position(state, player), top) + state.people[player] + state.clergy[player]
    return tracks + 3 * max(0, capitals_held(state, player) - 1)


# --- the activation scheme --------------------------------------------------------------------------------------


Group = tuple[tuple[str, str, int], ...]  # (start land or off-map area, kind, figures)


def _distances(state: State, start: str, exit_cost: int) -> dict[str, int]:
    """Steps from ``start`` (a land, or an off-map area entered at ``exit_cost``) to every land, through any units."""
    board = state.board
    if start in board.index:
        dist = {start: 0}
    else:
        dist = {land.id: exit_cost for land in board.lands if start in land.borders}
    queue = deque(sorted(dist, key=dist.__getitem__))
    while queue:
        land = queue.popleft()
        for nxt in board.land(land).adjacent:
            if nxt not in dist:
                dist[nxt] = dist[land] + 1
                queue.append(nxt)
    return dist


def destinations(state: State, group: Group) -> list[str]:
    """Lands every figure of the group can reach (units pass through each other), in board order."""
    exit_cost = solo_values(state.rules)["activation"]["exit_cost"]
    ok: set[str] | None = None
    for start, kind, _ in group:
        dist = _distances(state, start, exit_cost)
        points = movement_points(state, kind)
        mine = {land for land, d in dist.items() if d <= points}
        ok = mine if ok is None else ok & mine
    return sorted(ok or (), key=state.board.index.__getitem__)


def options(state: State, faction: str, group: Group, player: str) -> tuple[int, list[str]]:
    """The first option of the activation scheme that can be carried out, and the lands that carry it out."""
    power = sum(state.rules.battle.swords[kind] * n for _, kind, n in group)
    starts = {s for s, _, _ in group}
    lands = [x for x in destinations(state, group) if not (starts == {x})]
    if princesses.immune(state, player, faction):  # "cannot be invaded by that Neighbor's units"
        lands = [x for x in lands if controller(state, x) != player]
    first = [
        x
        for x in lands
        if not state.factions_on(x) and controller(state, x) == player and (state.cities.get(x) or x in state.buildings)
    ]
    if first:
        return PLAYER_BUILDING, first
    second = [x for x in lands if player in state.factions_on(x) and swords(state, state.units_of(x, player)) < power]
    if second:
        return PLAYER_UNITS, second
    third = []
    for x in lands:
        others = [f for f in state.factions_on(x) if f not in (player, faction)]
        if others and swords(state, state.units_of(x, others[0])) < power:
            third.append(x)
    if third:
        return OTHER_UNITS, third
    return STAY, []


def default_target(state: State, me: str, faction: str, group: Group, level: int, lands: list[str]) -> str:
    """The player's pick among the lands the option allows: the cheapest land to lose; the best-defended own units;
    a fight between others where the defenders stand strongest."""
    index = state.board.index
    if level == PLAYER_BUILDING:
        return min(lands, key=lambda x: (richness(state, x), index[x]))
    if level == PLAYER_UNITS:
        return max(
            lands, key=lambda x: (swords(state, state.units_of(x, me)) + battles.site_shields(state, x), -index[x])
        )
    return max(lands, key=lambda x: (_defence(state, x, faction), -index[x]))


def _defence(state: State, land: str, faction: str) -> int:
    foes = [f for f in state.factions_on(land) if f != faction]
    return (swords(state, state.units_of(land, foes[0])) if foes else 0) + battles.site_shields(state, land)


def harm(level: int) -> int:
    """How much an option hurts the player (for the defaults choosing between activations): a fight with their
    weaker units, then the loss of a built land; a fight among others or no move costs nothing."""
    return {PLAYER_UNITS: 2, PLAYER_BUILDING: 1}.get(level, 0)


def _remove_group(state: State, faction: str, group: Group) -> None:
    for start, kind, n in group:
        if start in state.board.index:
            state.add_units(start, faction, kind, -n)


def activate(
    state: State, faction: str, group: Group, player: str, strategy, rng: random.Random, destroy: bool
) -> tuple[State, str | None]:
    """Activate ``group`` of ``faction`` by the scheme; returns the state and the land it ended on (None: stayed).

    ``destroy``: Invaders and Neighbors destroy every City and building on the land they take."""
    level, lands = options(state, faction, group, player)
    if level == STAY:
        return state, None
    land = ask(strategy, "activation_target", default_target, state, player, faction, group, level, lands)
    if land not in lands:
        raise IllegalAction(f"the activation scheme does not lead {faction} to {land}")
    before, out = state, state.copy()
    _remove_group(out, faction, group)
    for _, kind, n in group:
        out.add_units(land, faction, kind, n)
    if land in out.division and faction in neighbors.neighbors():  # "Neighbor's units occupy land: removed"
        out.division.discard(land)
        out.supply["division"] += 1
    if len(out.factions_on(land)) > 1:
        out, _ = battles.battle(out, land, faction, rng)
    return_pomeranians(out)
    after_battle = solo_values(state.rules)["activation"]["destroy_after_battle"]
    if destroy and out.factions_on(land) == [faction] and (level == PLAYER_BUILDING or after_battle):
        invaders.devastate(out, land)
    out = retrack(before, out)
    return rebirth(out, player, strategy), land


# --- non-player Princes -----------------------------------------------------------------------------------------


def default_rebirth(state: State, me: str, np_: str, lands: list[str]) -> str:
    return lands[0]


def rebirth(state: State, player: str, strategy=None) -> State:
    """A removed non-player Prince is reborn on a land of his Principality with the highest Might (the player's
    pick among ties) without other units or a Division Token; with none he waits off the Map."""
    out = state
    for np_ in non_players(state, player):
        if out.pool[np_]["prince"] <= 0:
            continue
        free = [x.id for x in out.board.lands if x.principality == np_ and holds(out, np_, x.id)]
        if not free:
            continue
        top = max(land_might(out, x) for x in free)
        tied = [x for x in free if land_might(out, x) == top]
        land = ask(strategy, "rebirth", default_rebirth, out, player, np_, tied)
        if land not in tied:
            raise IllegalAction(f"{np_}'s Prince is reborn on a land with the highest Might, not {land}")
        if out is state:
            out = state.copy()
        out.pool[np_]["prince"] -= 1
        out.add_units(land, np_, "prince", 1)
    return out


# --- the Combined Action Solo System ----------------------------------------------------------------------------


def assembly_land(state: State, np_: str) -> str | None:
    """The Capital if the Principality holds it, else the land with its Prince."""
    capital = state.board.capitals[np_]
    if holds(state, np_, capital):
        return capital
    return next((x for x, here in state.units.items() if here.get(np_, {}).get("prince")), None)


def assembly_eligible(state: State, player: str) -> list[str]:
    """A Principality that already has all of its units on the Map cannot be chosen, nor one with nowhere to go."""
    return [
        np_
        for np_ in non_players(state, player)
        if (state.pool[np_]["knight"] + state.pool[np_]["footman"]) > 0 and assembly_land(state, np_) is not None
    ]


def assemble(state: State, np_: str) -> State:
    """3 units for free, Knights first, to the Capital or onto the land with the Prince."""
    land = assembly_land(state, np_)
    if land is None:
        raise IllegalAction(f"{np_} has no land to assemble on")
    out = state.copy()
    left = solo_values(state.rules)["combined"]["assembly_units"]
    for kind in ("knight", "footman"):
        n = min(left, out.pool[np_][kind])
        if n:
            out.pool[np_][kind] -= n
            out.add_units(land, np_, kind, n)
            left -= n
    return out


def knight_groups(state: State, np_: str) -> list[Group]:
    """Every choice of 2 of the Principality's Knights on the Map, as groups (start land, kind, figures)."""
    need = solo_values(state.rules)["combined"]["movement_knights"]
    spots = [(x, here[np_]["knight"]) for x, here in sorted(state.units.items()) if here.get(np_, {}).get("knight")]
    figures = [x for x, n in spots for _ in range(n)]
    if len(figures) < need:
        return []
    from itertools import combinations

    out: list[Group] = []
    for pick in dict.fromkeys(combinations(figures, need)):
        counts: dict[str, int] = {}
        for x in pick:
            counts[x] = counts.get(x, 0) + 1
        out.append(tuple((x, "knight", n) for x, n in counts.items()))
    return out


def building_land(state: State, np_: str) -> str | None:
    """The land inside its borders its units hold with the most of its figures (fewest Might, board order on ties)."""
    lands = [
        x.id
        for x in state.board.lands
        if x.principality == np_ and state.factions_on(x.id) == [np_] and _buildable(state, x.id)
    ]
    if not lands:
        return None
    return max(lands, key=lambda x: (sum(state.units_of(x, np_).values()), -state.board.index[x]))


def _buildable(state: State, land: str) -> bool:
    kind = next_city(state, land)
    city = kind is not None and state.supply.get(kind, 0) > 0
    castle = land not in state.buildings and state.supply.get("castle", 0) > 0
    return city or castle


def build(state: State, np_: str) -> State:
    """Found a City and build a Castle, for free, on the building land (whatever of the two it can take)."""
    land = building_land(state, np_)
    if land is None:
        raise IllegalAction(f"{np_} has no land to build on")
    out = state.copy()
    kind = next_city(out, land)
    if kind is not None and out.supply.get(kind, 0) > 0:
        out.supply[kind] -= 1
        out.cities[land] = out.cities.get(land, 0) + 1
    if land not in out.buildings and out.supply.get("castle", 0) > 0:
        out.supply["castle"] -= 1
        out.buildings[land] = "castle"
    return out


def default_choose(state: State, me: str, action: str, eligible: list[str], rng: random.Random) -> str:
    """The next non-player Principality to resolve ``action`` for: the one that hurts least."""
    index = {p: i for i, p in enumerate(state.board.principalities)}
    if action == "assembly":
        return min(eligible, key=lambda p: (state.pool[p]["knight"] * 2 + state.pool[p]["footman"], index[p]))
    if action == "building":

        def cost(p):
            land = building_land(state, p)
            return (state.board.land(land).capital, land_might(state, land), index[p])

        return min(eligible, key=cost)
    return min(eligible, key=lambda p: (_best_knights(state, me, p)[0], index[p]))


def _best_knights(state: State, me: str, np_: str) -> tuple[int, Group]:
    """(harm, group): the pair of Knights whose activation hurts the player least (a fight among others first)."""
    best = None
    for group in knight_groups(state, np_):
        level, _ = options(state, np_, group, me)
        key = (harm(level), level != OTHER_UNITS)
        if best is None or key < best[0]:
            best = (key, group)
    return (best[0][0], best[1]) if best else (99, ())


def default_knights(state: State, me: str, np_: str, rng: random.Random) -> Group:
    return _best_knights(state, me, np_)[1]


def combined(state: State, player: str, action: str, difficulty: str, strategy, rng: random.Random) -> State:
    """The Combined Actions after the player's ``action``: 1-3 non-player Principalities by ``difficulty``, each
    chosen (and ordered) by the player among those that can be chosen."""
    if action not in COMBINED:
        return state
    count = solo_values(state.rules)["difficulty"][difficulty][action]
    out, done = state, []
    for _ in range(count):
        if action == "assembly":
            eligible = assembly_eligible(out, player)
        elif action == "building":
            eligible = [p for p in non_players(out, player) if building_land(out, p) is not None]
        else:
            eligible = [p for p in non_players(out, player) if knight_groups(out, p)]
        eligible = [p for p in eligible if p not in done]
        if not eligible:
            break
        np_ = ask(strategy, "choose", default_choose, out, player, action, eligible, rng)
        if np_ not in eligible:
            raise IllegalAction(f"{np_} cannot be chosen for the combined {action}")
        done.append(np_)
        if action == "assembly":
            out = assemble(out, np_)
        elif action == "building":
            out = build(out, np_)
        else:
            group = ask(strategy, "knights", default_knights, out, player, np_, rng)
            if group not in knight_groups(out, np_):
                raise IllegalAction(f"{group} is not 2 Knights of {np_}")
            out, _ = activate(out, np_, group, player, strategy, rng, destroy=False)
    return out


# --- cyclical activation of Neighbors ---------------------------------------------------------------------------


def neighbor_group(state: State, nb: str, pool: dict[str, int]) -> Group:
    """The figures a card activates: its Knights and Footmen, those already on Polish land first, then its spots."""
    left, out = dict(pool), []
    home = [g for g in neighbors.groups(state, nb) if g[0] not in state.board.index]
    for start, kind, n in neighbors.on_map(state, nb) + home:
        take = min(n, left.get(kind, 0))
        if take:
            out.append((start, kind, take))
            left[kind] -= take
    return tuple(out)


def default_block(state: State, me: str, nb: str, pool: dict[str, int], rng: random.Random) -> list[str]:
    """Block with the Neighbor's own cards first (keeping the jokers) while the activation would hit the player."""

    def rank(card):
        spec = neighbors.card_spec(card)
        return spec["neighbor"] == neighbors.ANY, -sum(spec["units"].values()), card

    hand = sorted(neighbors.blocking_cards(state, me, nb), key=rank)
    out, left = [], dict(pool)
    while hand and any(left.values()):
        group = neighbor_group(state, nb, left)
        if not group or harm(options(state, nb, group, me)[0]) == 0:
            break
        card = hand.pop(0)
        out.append(card)
        for kind, n in neighbors.card_spec(card)["units"].items():
            left[kind] = max(0, left.get(kind, 0) - n)
    return out


def reveal_neighbor(state: State, rng: random.Random) -> tuple[State, str | None]:
    """Reveal the top Neighbor Card (uniform among the deck: order is not tracked), skipping Any Neighbors cards;
    the revealed cards go back under the deck. Returns the card id that activates, or None."""
    deck = state.decks["neighbor"]
    seen: set[str] = set()
    while True:
        left = sorted(c for c, n in deck.items() if n > 0 and c not in seen)
        if not left:
            return state, None
        card = left[rng.randrange(len(left))]
        seen.add(card)
        if neighbors.card_spec(card)["neighbor"] != neighbors.ANY:
            return state, card


def neighbor_cycle(state: State, player: str, strategy, rng: random.Random) -> State:
    """End of Round: reveal a Neighbor Card, let the player block with their own cards, activate the rest."""
    out, card = reveal_neighbor(state, rng)
    if card is None:
        return out
    spec = neighbors.card_spec(card)
    nb, pool = spec["neighbor"], dict(spec["units"])
    blocks = ask(strategy, "neighbor_block", default_block, out, player, nb, dict(pool), rng) or []
    if blocks:
        out = out.copy()
        for block in blocks:
            if block not in neighbors.blocking_cards(out, player, nb):
                raise IllegalAction(f"{player} cannot block {nb} with {block}")
            cards.discard(out, player, block)
            for kind, n in neighbors.card_spec(block)["units"].items():
                pool[kind] = max(0, pool.get(kind, 0) - n)
    group = neighbor_group(out, nb, pool)
    if not group:
        return out
    ruin = solo_values(state.rules)["activation"]["destroy"]["neighbors"]
    out, _ = activate(out, nb, group, player, strategy, rng, destroy=ruin)
    return out


# --- the solo History icons -------------------------------------------------------------------------------------


def division_candidates(state: State, player: str) -> list[str]:
    """The player's own lands without units (a Princess counts as one) and without a Division Token."""
    return [
        x.id
        for x in state.board.lands
        if x.principality == player
        and controller(state, x.id) == player
        and x.id not in state.units
        and x.id not in state.princesses.values()
    ]


def default_division(state: State, me: str, lands: list[str], n: int, rng: random.Random) -> list[str]:
    return sorted(lands, key=lambda x: (richness(state, x), state.board.index[x]))[:n]


def solo_division(state: State, player: str, strategy, rng: random.Random) -> State:
    """Place a Division Token on 2 of the player's lands without units (as many as lands and tokens allow)."""
    lands = division_candidates(state, player)
    n = min(solo_values(state.rules)["history"]["division_tokens"], len(lands), state.supply["division"])
    if n <= 0:
        return state
    chosen = ask(strategy, "division", default_division, state, player, lands, n, rng)
    if len(set(chosen)) != n or any(x not in lands for x in chosen):
        raise IllegalAction(f"{player} must place {n} Division Tokens on their lands without units, not {chosen}")
    out = state.copy()
    for land in chosen:
        out.supply["division"] -= 1
        out.division.add(land)
    return retrack(state, out)


def _invader_group(state: State, faction: str, stock: dict[str, int]) -> Group:
    area = invaders.spec(faction, state.rules).get("area")
    return tuple((area, k, n) for k, n in stock.items() if n) + tuple(invaders.on_map(state, faction))


def solo_balt_raid(state: State, player: str, strategy, rng: random.Random) -> State:
    """Activate the Prussians, then the Lithuanians (only the Lithuanians while the Teutonic Knights stand)."""
    out = state
    tribes = (
        TRIBES[1:]
        if teutonic_present(state) and solo_values(state.rules)["history"]["teutonic_block_prussians"]
        else TRIBES
    )
    for tribe in tribes:
        group = _invader_group(out, tribe, dict(invaders.spec(tribe, out.rules)["units"]))
        before = out
        out, _ = activate(out, tribe, group, player, strategy, rng, destroy=True)
        out = retrack(before, invaders.leave(out, tribe))
    return out


def solo_teutonic(state: State, player: str, strategy, rng: random.Random) -> State:
    """Call them if the player controls the symbol land and wishes; if they are on the Map, activate them."""
    if not state.teutonic:
        if teutonic_caller(state) == player and strategy.history_teutonic(state, player, rng):
            return teutonic_call(state, player)
        return state
    if not teutonic_present(state):
        return state
    group = tuple(invaders.on_map(state, TEUTONIC))
    out, _ = activate(state, TEUTONIC, group, player, strategy, rng, destroy=True)
    return retrack(state, teutonic_return_home(out))


def solo_mongols(state: State, player: str, strategy, rng: random.Random) -> State:
    """Place 4 Tatars (1 fewer each later invasion) in the Rus' Duchies area, activate them 4 times in a row, then
    they go off the Map."""
    n = wave_size(state)
    out = state.copy()
    out.mongol_waves += 1
    if n == 0:
        return out
    (kind,) = invaders.spec(MONGOLS, state.rules)["units"]
    stock = {kind: n}
    for _ in range(solo_values(state.rules)["history"]["mongol_activations"]):
        group = _invader_group(out, MONGOLS, stock)
        if not group:
            break
        out, land = activate(out, MONGOLS, group, player, strategy, rng, destroy=True)
        if land is not None:
            stock = {kind: 0}  # they left the area
    return retrack(state, invaders.leave(out, MONGOLS))


def solo_common_council(state: State, player: str, strategy, rng: random.Random) -> State:
    out = council.common_council(state, {player: strategy.council(state, player, player, rng)})[0]
    return settle_crown(out, player)


SOLO_ICONS = {
    "division": solo_division,
    "urbanization": lambda s, p, st, rng: urbanization.resolve(s, {p: st}, rng),
    "release_to_home": lambda s, p, st, rng: release.resolve(s, {p: st}, rng),
    "common_council": solo_common_council,
    "balt_raid": solo_balt_raid,
    "teutonic_knights": solo_teutonic,
    "mongol_invasion": solo_mongols,
}


def resolve_icons(state: State, player: str, strategy, rng: random.Random, strict: bool = True) -> tuple[State, int]:
    """The revealed card's icons, top first, with the 4 solo changes; stops on a win or the player's elimination."""
    card = history_deck.revealed(state)
    if card is None:
        return state, 0
    out, illegal = state, 0
    for icon in history_deck.cards(state.rules)[card]["icons"]:
        try:
            out = rebirth(SOLO_ICONS[icon](out, player, strategy, rng), player, strategy)
        except IllegalAction:
            if strict:
                raise
            illegal += 1
        if out.crowned is not None or player in out.eliminated:
            break
    return out, illegal


def default_support(state: State, me: str, rng: random.Random) -> list[tuple[str, str]]:
    """Cards played for support outside a Council: none (the multiplayer plans keep them for Councils)."""
    return []


def support(state: State, player: str, strategy, rng: random.Random) -> State:
    """Court and Neighbor Cards the player plays for support "at any time" (asked before each action)."""
    out = state
    for card, track in ask(strategy, "support", default_support, state, player, rng) or []:
        out = cards.trade_for_support(out, player, card, track)
    return out


@dataclass(frozen=True)
class SoloOutcome:
    won: bool
    lost_by: str  # "" when won; "eliminated" or "rounds" (no win by the end of the last Round)
    rounds: int
    actions: int
    illegal: int
    score: int
    capitals: int
    final: State


def play_solo(
    player: str,
    strategy,
    difficulty: str,
    rng: random.Random,
    board: Board | None = None,
    rules: GameRules | None = None,
    *,
    strict: bool = False,
    history: bool = True,
    princesses_on: bool = False,
    printed_tiles: bool = False,
    on_action: Callable[[State, str], None] | None = None,
) -> SoloOutcome:
    """Play a solo game to its end: a win at a Council (all tracks at 15 and the 4 Capitals), or a loss when the
    player's dynasty ends or the last Round passes. Each Round: plan 3 actions face up, resolve them one by one, each
    Assembly, Movement or Building followed by the Combined Actions; then (but in the last Round) a Neighbor Card
    is revealed and activated and the History icons resolve. ``on_action(state, step)`` runs after every step."""
    if difficulty not in DIFFICULTIES:
        raise IllegalAction(f"difficulty {difficulty} is not one of {', '.join(DIFFICULTIES)}")
    state = new_solo_game(player, rng, board, rules, history, princesses_on, printed_tiles)
    seats = {player: strategy}
    actions = illegal = 0
    rounds_begun = 0

    def done(s: State) -> bool:
        return s.crowned is not None or player in s.eliminated

    def step(s: State, name: str, fn) -> State:
        nonlocal illegal
        try:
            s = fn(s)
        except IllegalAction:
            if strict:
                raise
            illegal += 1
        s = rebirth(settle_crown(s, player), player, strategy)
        if princesses_on:
            s = princesses.sweep(s)  # her Capital taken over
        if on_action is not None:
            on_action(s, name)
        return s

    while not done(state) and state.round <= state.final_round:
        rounds_begun = state.round
        if princesses_on:  # missions at a Period's start (never to a non-player's Capital), else her court work
            state, skipped = princesses.round_start(state, seats, rng, strict)
            illegal += skipped
        plan = tuple(strategy.plan(state, player, rng))
        rounds.check_plan(state, player, plan)
        for action in plan:
            state = step(state, "support", lambda s: support(s, player, strategy, rng))
            state = step(state, action, lambda s, a=action: perform(s, player, a, seats, rng))
            actions += 1
            if done(state):
                break
            if action in COMBINED:
                state = step(
                    state, f"combined_{action}", lambda s, a=action: combined(s, player, a, difficulty, strategy, rng)
                )
            if done(state):
                break
        if done(state) or rounds.is_last_round(state):
            break
        state = step(state, "neighbors", lambda s: neighbor_cycle(s, player, strategy, rng))
        if done(state):
            break
        if history:
            state, skipped = resolve_icons(state, player, strategy, rng, strict)
            illegal += skipped
            state = rebirth(settle_crown(state, player), player, strategy)
            if on_action is not None:
                on_action(state, "history")
            if done(state):
                break
        state = rounds.end_round(state)
    won = state.crowned == player
    lost_by = "" if won else ("eliminated" if player in state.eliminated else "rounds")
    return SoloOutcome(
        won, lost_by, rounds_begun, actions, illegal, score(state, player), capitals_held(state, player), state
    )
