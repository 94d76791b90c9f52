"""Princes: death in battle, succession from the current or the next Period, old age, and elimination."""

from __future__ import annotations

from sim.games.principes.game.control import controlled_lands, controller, land_might
from sim.games.principes.game.state import State

NO_ELIMINATION = "no_elimination"  # in State.variants: "Optional Variant for Players Sensitive to Elimination Games"


def _place_prince(state: State, player: str) -> None:
    """The new Prince's figure goes to a land the player controls: the Capital, else the most Might.

    The rulebook lets the player choose ("any land they control"); this is the reference engine's choice."""
    capital = state.board.capitals[player]
    mine = controlled_lands(state, player)
    if not mine:
        return  # stays off the Map: Assembly then uses the Capital or the fallback
    land = capital if controller(state, capital) == player else max(mine, key=lambda x: (land_might(state, x), x))
    state.pool[player]["prince"] -= 1
    state.add_units(land, player, "prince", 1)


def eliminate(state: State, player: str) -> None:
    """End of the dynasty: cards back to the decks, gold to the pool, tiles under their stacks, the next Round is
    the last.

    The player's units stay on the Map as neutral units (control ignores an eliminated faction)."""
    turn = _order_from_princeps(state)
    state.eliminated.add(player)
    for card, n in state.hands[player].items():
        kind, symbol = card.split(".")
        state.decks[kind][symbol] += n
    state.hands[player] = {}
    state.gold[player] = 0
    # "Progress Tiles are placed at the bottom of the respective stacks on the Market Board"
    for tile in state.tiles.get(player, []):
        state.stacks.setdefault(tile.split(".")[0], []).append(tile)
    if player in state.tiles:
        state.tiles[player] = []
    state.final_round = min(state.final_round, state.round + 1)
    if state.princeps == player:
        survivors = [p for p in turn if p not in state.eliminated and p not in state.non_players]
        if survivors:
            state.princeps = survivors[0]


def _order_from_princeps(state: State) -> list[str]:
    seats = list(state.rules.seats_clockwise)
    start, step = seats.index(state.princeps), 1 if state.clockwise else -1
    return [seats[(start + step * i) % len(seats)] for i in range(1, len(seats))] + [state.princeps]


def prince_died(state: State, player: str) -> None:
    """Mutates ``state`` (a copy owned by the caller): a second Prince of the current Period, else a young
    one of the next; none → eliminated (in Period I, Period III Princes are not yet born)."""
    left = state.princes_left[player]
    for period in (state.period, state.period + 1):
        if period <= state.rules.rounds // state.rules.rounds_per_period and left.get(period, 0) > 0:
            left[period] -= 1
            state.reign[player] = period
            _place_prince(state, player)
            return
    if NO_ELIMINATION in state.variants:  # the variant without elimination: play on without a Prince
        state.reign[player] = 0
        return
    eliminate(state, player)


def end_of_period(state: State) -> State:
    """Princes of the ending Period die of old age; a Prince of a later Period already ruling stays."""
    out = state.copy()
    ending = out.period
    for player in out.players:
        if out.reign[player] > ending:
            continue
        left = out.princes_left[player]
        if left.get(ending + 1, 0) > 0:
            left[ending + 1] -= 1
            out.reign[player] = ending + 1
            if NO_ELIMINATION in out.variants and out.pool[player]["prince"]:
                _place_prince(out, player)  # a Prince again after an heir's reign: his figure enters the Map
        elif NO_ELIMINATION in out.variants:
            out.reign[player] = 0  # no Prince of the next Period: the heir rules on
        else:
            eliminate(out, player)
    return out


# --- a non-player Principality's Prince (2-3 players) ---------------------------------------------------------


def home_lands(state: State, faction: str) -> list[str]:
    return [land.id for land in state.board.lands if land.principality == faction]


def respawn_lands(state: State, faction: str) -> list[str]:
    """The Principality's own lands it controls (no other faction's units, no Division Token), in board order."""
    return [land for land in home_lands(state, faction) if controller(state, land) == faction]


def respawn(state: State, faction: str) -> None:
    """A removed non-player Prince returns at once to one of his lands (mutates ``state``): the engine decides for
    the player who removed him, the lowest Might (the least tempting target), ties in board order; with no such
    land he stays off the Map."""
    if state.pool[faction].get("prince", 0) <= 0:
        return
    options = respawn_lands(state, faction)
    if not options:
        return
    land = min(options, key=lambda x: (land_might(state, x), state.board.index[x]))
    state.pool[faction]["prince"] -= 1
    state.add_units(land, faction, "prince", 1)
