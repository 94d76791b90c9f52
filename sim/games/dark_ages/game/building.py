"""The Build action: its six options, as legal moves ``("build", what, province, detail)`` and their effects."""

from __future__ import annotations

from sim.games.dark_ages.church import church_vp
from sim.games.dark_ages.costs import keep_cost, production_building_cost, warehouse_cost
from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.economy import affordable, discount, discounted, gain_culture, gain_vp, spend
from sim.games.dark_ages.game.state import Game, Player


def city_slots(game: Game) -> int:
    """'one of the three building spaces of the City' (game.yaml limits.city_slots)."""
    return game.ctx.rules["limits"]["city_slots"]


def track_farms(game: Game) -> int:
    """Farms on the Farm track at set-up: every Farm but the Capital's (game.yaml setup.farms - 1)."""
    return game.ctx.rules["setup"]["farms"] - 1


def farm_room(game: Game, seat: int, q: str) -> bool:
    """'Each Province can hold two Farms': the player's Farm is there and another fits (limits.farms_per_province)."""
    owner, n = game.farms.get(q, (None, 0))
    return owner == seat and 1 <= n < game.ctx.rules["limits"]["farms_per_province"]


def _church_cost(game: Game, p: Player) -> tuple[tuple[str, ...], str | None]:
    """The Church's cost after the best Relic in hand ('evaluated before you have to pay the Church's cost')."""
    cost = tuple(game.ctx.rules["costs"]["church"])
    relics = [c for c in p.hand if game.ctx.deck.cards[c].type == "relic"]
    if not relics:
        return discounted(cost, discount(game, p, "build"), p), None
    best = max(relics, key=lambda c: _relic_rank(game, c))
    effect = game.ctx.deck.cards[best].data["effect"]
    cut = effect["amount"] if effect["kind"] == "church_discount" else 0
    return discounted(cost, cut + discount(game, p, "build"), p), best


def _relic_rank(game: Game, card: str) -> tuple:
    e = game.ctx.deck.cards[card].data["effect"]
    return (e["kind"] == "church_discount", e["amount"])


def options(game: Game, seat: int) -> list[tuple]:
    p = game.players[seat]
    costs = game.ctx.rules["costs"]
    cut = discount(game, p, "build")
    memo: dict[tuple, bool] = {}

    def can(cost: tuple[str, ...]) -> bool:  # many moves share a cost: check each once
        ok = memo.get(cost)
        if ok is None:
            ok = memo[cost] = affordable(p, discounted(cost, cut, p) if cut > 0 else cost)
        return ok

    out: list[tuple] = []
    ordered = sorted(game.controlled(seat))
    if game.cities_left > 0 and can(tuple(costs["city"])):
        out += [("build", "city", q, None) for q in ordered if q not in game.cities]
    church_ok = None  # whether the Church's cost is affordable, priced once and only where a Church could go
    churches_left = game.churches_built < game.ctx.rules["setup"]["churches"]
    board, slots = game.ctx.board, city_slots(game)
    for q in ordered:
        if q not in game.cities:
            continue
        if game.slots_used(q) < slots:  # a free building slot
            for r in RESOURCES:
                cost = production_building_cost(board, q, r, costs)
                if cost is not None and can(cost):
                    out.append(("build", "production", q, r))
            if churches_left and q not in game.churches:
                if church_ok is None:
                    church_ok = affordable(p, _church_cost(game, p)[0])
                if church_ok:
                    out.append(("build", "church", q, None))
        kc = keep_cost(game.keeps.get(q, 0), costs)
        if kc is not None and can(kc):
            out.append(("build", "keep", q, None))
    if p.farms_off < track_farms(game) and can(tuple(costs["farm"])):
        out += [("build", "farm", q, None) for q in ordered if farm_room(game, seat, q)]
    if game.mods and p.farms_off < track_farms(game) and can(tuple(costs["farm"])):  # module hook point
        out += [("build", "farm", q, None) for q in ordered if hooks.extra_farm(game, seat, q)]
    alts = warehouse_cost(game.ctx.tracks, p.warehouses)
    for i, alt in enumerate(alts or ()):
        if can(alt):
            out.append(("build", "warehouse", None, i))
    return out


def apply(game: Game, seat: int, move: tuple) -> None:
    _, what, q, detail = move
    p = game.players[seat]
    costs = game.ctx.rules["costs"]
    cut = discount(game, p, "build")
    if what == "city":
        spend(p, discounted(tuple(costs["city"]), cut, p))
        game.cities.add(q)
        game.cities_left -= 1
        gain_culture(game, p, game.ctx.rules["gains"]["city_culture"])
    elif what == "production":
        spend(p, discounted(production_building_cost(game.ctx.board, q, detail, costs), cut, p))
        here = game.buildings.setdefault(q, {})
        here[detail] = here.get(detail, 0) + 1
    elif what == "church":
        cost, relic = _church_cost(game, p)
        spend(p, cost)
        gain_vp(p, church_vp(game.ctx.board, q, game.churches, game.ctx.rules["church_vp"]), "church")
        game.churches.append(q)
        game.churches_built += 1
        if relic is not None:
            p.hand.remove(relic)
            effect = game.ctx.deck.cards[relic].data["effect"]
            if effect["kind"] == "church_vp":
                gain_vp(p, effect["amount"], "church")
            elif effect["kind"] == "church_culture":
                gain_culture(game, p, effect["amount"])
        if game.mods:  # module hook point (Module 12A, the Pope)
            hooks.emit(game, "church_built", seat, q)
    elif what == "keep":
        spend(p, discounted(keep_cost(game.keeps.get(q, 0), costs), cut, p))
        game.keeps[q] = game.keeps.get(q, 0) + 1
    elif what == "farm":
        spend(p, discounted(tuple(costs["farm"]), cut, p))
        game.farms[q] = (seat, game.farms[q][1] + 1)  # the 2nd Farm (a 3rd with Travels of Benjamin)
        p.farms_off += 1
    elif what == "warehouse":
        spend(p, discounted(warehouse_cost(game.ctx.tracks, p.warehouses)[detail], cut, p))
        p.warehouses += 1
    else:
        raise ValueError(f"unknown Build option {what!r}")
