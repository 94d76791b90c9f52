"""The Assembly Action: up to 3 units from the pool to the Prince's land and/or the Capital (if controlled).

A Knight costs 1 gold, a Footman nothing; an empty pool assembles nothing. With neither the Capital nor the
Prince on the Map, units go to one chosen land with the highest Might among those the player controls.
"""

from __future__ import annotations

from sim.games.principes.game import effects
from sim.games.principes.game.control import controlled_lands, controller, land_might
from sim.games.principes.game.state import IllegalAction, State

ASSEMBLED = ("knight", "footman")  # Princes are never assembled


def prince_land(state: State, player: str) -> str | None:
    return next((land for land, here in state.units.items() if here.get(player, {}).get("prince")), None)


def assembly_lands(state: State, player: str) -> set[str]:
    """Lands that may receive assembled units this action."""
    lands = set()
    capital = state.board.capitals[player]
    if controller(state, capital) == player:
        lands.add(capital)
    prince = prince_land(state, player)
    if prince is not None:
        lands.add(prince)
    if lands:
        return lands
    mine = controlled_lands(state, player)  # the fallback: no Capital, no Prince on the Map
    if not mine:
        return set()
    top = max(land_might(state, land) for land in mine)
    return {land for land in mine if land_might(state, land) == top}


def assemble(state: State, player: str, placements: dict[str, dict[str, int]]) -> State:
    """``placements``: land → {knight, footman} counts. Checks the limit, the pool, the gold and the lands."""
    v = state.rules.values["assembly"]
    total = {kind: 0 for kind in ASSEMBLED}
    for units in placements.values():
        for kind, n in units.items():
            if kind not in ASSEMBLED:
                raise IllegalAction(f"only Knights and Footmen are assembled, not {kind}")
            total[kind] += n
    limit = v["units"] + effects.extra_units(state, player)  # Three-Field: "You may assemble 2 more units"
    if sum(total.values()) > limit:
        raise IllegalAction(f"at most {limit} units per Assembly, asked for {sum(total.values())}")
    for kind, n in total.items():
        if n > state.pool[player][kind]:
            raise IllegalAction(f"{player} has {state.pool[player][kind]} {kind}s in the pool, asked for {n}")
    cost = total["knight"] * v["knight_cost"] + total["footman"] * v["footman_cost"]
    if cost > state.gold[player]:
        raise IllegalAction(f"{player} has {state.gold[player]} gold, the Knights cost {cost}")
    allowed = assembly_lands(state, player)
    used = {land for land, units in placements.items() if sum(units.values())}
    if used - allowed:
        raise IllegalAction(f"{player} may assemble only on {sorted(allowed)}, not {sorted(used - allowed)}")
    fallback = state.board.capitals[player] not in allowed and prince_land(state, player) is None
    if fallback and len(used) > 1:
        raise IllegalAction("with neither Capital nor Prince, units go to one chosen land")
    out = state.copy()
    out.gold[player] -= cost
    for land, units in placements.items():
        for kind, n in units.items():
            if n:
                out.pool[player][kind] -= n
                out.add_units(land, player, kind, n)
    return out
