"""Estates: their Income (and the Income track that follows it), and what a Magnate builds on them.

"Each peasant token generates Income equal to its face value, while established towns boost the track by a flat +5.
Estates containing temporary hardship markers ... yield zero revenue. When such a marker is placed on an estate,
its owner immediately lowers their Income track by that estate's current value" (Family Board Tracks). Every change
to an estate is bracketed by ``share`` before and ``settle`` after, which moves the tracks by the difference.

Actions: Town Privileges, Settlers and the Lokator, Buy a Province, Build a Family Seat, and fortress building.
"""

from __future__ import annotations

import math

from sim.games.hussars.game import armies
from sim.games.hussars.game.state import NS, OH


def gross(state, rules, f: int) -> int:
    """The estate's gross Income: its peasants, plus 5 for a town (markers ignored)."""
    if state.owner[f] < 0:
        return 0
    return state.bright[f] + state.incited[f] + rules.values["estates"]["town_income"] * state.town[f]


def blocked(state, f: int, occupied: bool) -> bool:
    """No Income: a red marker (ruins, famine or a besieged fortress), or a black one unless occupied ("the occupier
    gains it, ignoring tax relief and mortgage markers (ruins still block Income)")."""
    red = state.ruins[f] > 0 or state.famine[f] > 0 or state.besieger[f] >= 0
    return red or (state.relief[f] > 0 and not occupied)


def share(state, rules, f: int) -> tuple[int, int]:
    """(the force whose Income the estate raises, by how much)."""
    if state.owner[f] < 0:
        return -1, 0
    if state.occupier[f] >= 0:
        return state.occupier[f], 0 if blocked(state, f, True) else gross(state, rules, f)
    return state.owner[f], 0 if blocked(state, f, False) else gross(state, rules, f)


def settle(state, rules, f: int, before: tuple[int, int]) -> None:
    """Move the Income tracks from ``before`` (``share`` taken before the change) to the estate's share now."""
    after = share(state, rules, f)
    if 0 <= before[0] < NS:
        state.income[before[0]] -= before[1]
    if 0 <= after[0] < NS:
        state.income[after[0]] += after[1]


def is_estate(state, f: int) -> bool:
    return state.owner[f] >= 0


def lease_at(rules, f: int) -> int:
    for i, le in enumerate(rules.leases):
        if le.field == f:
            return i
    return -1


def endowment_title(rules, f: int) -> int:
    for i, t in enumerate(rules.titles):
        if f in t.endowment:
            return i
    return -1


def buildings(state, f: int) -> int:
    """Buildings for the raid bonus: fortress levels (Level 2 = 2 buildings) and the family seat; not towns."""
    return state.fortress[f] + (1 if state.family_seat[f] >= 0 else 0)


def set_owner(state, rules, f: int, owner: int) -> None:
    """The estate passes to ``owner`` (a seat or OH) with what stands in it; a garrison of the old owner follows."""
    before = share(state, rules, f)
    old = state.owner[f]
    state.owner[f] = owner
    settle(state, rules, f, before)
    if state.garrison_force[f] == old and old >= 0:
        armies.change_garrison_force(state, rules, f, owner)


def add_peasants(state, rules, f: int, bright: int, incited: int) -> None:
    before = share(state, rules, f)
    state.bright[f] += bright
    state.incited[f] += incited
    settle(state, rules, f, before)


def add_marker(state, rules, f: int, name: str, n: int) -> None:
    """Place (n > 0) or remove (n < 0) hardship markers: ruins, relief, famine."""
    before = share(state, rules, f)
    getattr(state, name)[f] += n
    settle(state, rules, f, before)


# ---- Town Privileges ----------------------------------------------------------------------------------------------


def town_cost(state, rules, f: int) -> tuple[int, int]:
    """(Gold, Influence). "base 5 Gold minus 1 for the river and 1 for the neighbouring estate without a town";
    "Discounts can reduce the Gold cost to 0, but the Influence is always paid" (Town Privileges)."""
    v = rules.values["estates"]
    gold = v["town_gold"] - (v["town_river_discount"] if rules.fields[f].river else 0)
    for nb in rules.fields[f].neighbours:
        if is_estate(state, nb) and state.bright[nb] + state.incited[nb] > 0 and not state.town[nb]:
            gold -= v["town_neighbour_discount"]
    return max(0, gold), v["town_influence"]


def valid(state, f) -> bool:
    """A field index (a plan may answer -1 for "none")."""
    return isinstance(f, int) and 0 <= f < len(state.owner)


def can_found_town(state, rules, s: int, f: int) -> bool:
    """Only a settled estate can receive a town (one per estate)."""
    if not valid(state, f) or state.owner[f] != s or state.town[f] or state.bright[f] + state.incited[f] == 0:
        return False
    gold, infl = town_cost(state, rules, f)
    return state.gold[s] >= gold and state.influence[s] >= infl


def found_town(state, rules, s: int, f: int) -> bool:
    if not can_found_town(state, rules, s, f):
        return False
    gold, infl = town_cost(state, rules, f)
    state.gold[s] -= gold
    state.influence[s] -= infl
    before = share(state, rules, f)
    state.town[f] = 1
    settle(state, rules, f, before)
    return True


# ---- Settlers and the Lokator -------------------------------------------------------------------------------------


def _room(state, rules, f: int) -> int:
    return rules.values["estates"]["peasant_limit"] - state.bright[f] - state.incited[f]


def _settle_peasants(state, rules, f: int, n: int) -> None:
    """Peasants from the Migration Bank first (keeping their side), then bright ones from the box."""
    n = min(n, _room(state, rules, f))
    incited = min(n, state.bank_incited)
    bright_bank = min(n - incited, state.bank_bright)
    state.bank_incited -= incited
    state.bank_bright -= bright_bank
    add_peasants(state, rules, f, n - incited, incited)


def can_settle(state, rules, s: int, f: int) -> bool:
    v = rules.values["estates"]
    return (valid(state, f) and state.owner[f] == s and state.occupier[f] < 0 and _room(state, rules, f) > 0
            and state.gold[s] >= v["settlers_gold"])  # fmt: skip


def settle_estate(state, rules, s: int, f: int) -> bool:
    """Settlers: peasants into an own estate, paid in Gold (and Happiness, which the caller takes: ``unrest``); the
    newcomers have tax relief."""
    if not can_settle(state, rules, s, f):
        return False
    v = rules.values["estates"]
    state.gold[s] -= v["settlers_gold"]
    _settle_peasants(state, rules, f, v["settlers_peasants"])
    add_marker(state, rules, f, "relief", v["settlers_relief"])
    return True


def lokator_sites(state, rules, s: int) -> list[int]:
    """Unclaimed, habitable fields bordering one of the seat's estates."""
    out = []
    for f, fld in enumerate(rules.fields):
        if state.owner[f] >= 0 or fld.wasteland or fld.trail or fld.sich or fld.via or fld.tatar_zone:
            continue
        if any(state.owner[nb] == s for nb in fld.neighbours) and not armies.enemy_troops(state, f, s):
            out.append(f)
    return out


def can_lokator(state, rules, s: int, f: int) -> bool:
    return f in lokator_sites(state, rules, s) and state.gold[s] >= rules.values["estates"]["lokator_gold"]


def lokator(state, rules, s: int, f: int) -> bool:
    """The Lokator founds a new estate: the seat's Crest and peasants on an unclaimed field, under tax relief."""
    if not can_lokator(state, rules, s, f):
        return False
    v = rules.values["estates"]
    state.gold[s] -= v["lokator_gold"]
    state.relief[f] = v["lokator_relief"]  # before the owner: the new estate enters the track at its blocked value
    state.owner[f] = s
    _settle_peasants(state, rules, f, v["lokator_peasants"])
    return True


# ---- Buy a Province, Family Seat, fortresses -----------------------------------------------------------------------


def province_price(state, rules, f: int) -> int:
    """Rulebook: "Pay the total value of everything in the Province": each peasant 3 (Example of a Turn), the town, the
    fortress levels."""
    v = rules.values["estates"]
    peasants = state.bright[f] + state.incited[f]
    return (v["province_peasant_price"] * peasants + v["province_town_price"] * state.town[f]
            + v["province_fortress_price"] * state.fortress[f])  # fmt: skip


def can_buy(state, rules, s: int, f: int) -> bool:
    """A settled Province of the Other Houses, not a Royal Lease nor a title's endowment, not occupied or besieged."""
    return (valid(state, f) and state.owner[f] == OH and lease_at(rules, f) < 0 and endowment_title(rules, f) < 0
            and state.bright[f] + state.incited[f] > 0 and state.occupier[f] < 0 and state.besieger[f] < 0
            and state.gold[s] >= province_price(state, rules, f))  # fmt: skip


def buy_province(state, rules, s: int, f: int) -> bool:
    """Rulebook: "Their troops and treasury return to the box; peasants and the town stay and pass to the buyer."."""
    if not can_buy(state, rules, s, f):
        return False
    state.gold[s] -= province_price(state, rules, f)
    for a in armies.armies_at(state, f, OH):
        armies.clear_army(state, rules, a)
    if state.garrison_force[f] == OH:
        armies.set_garrison(state, rules, f, [[[0, 0], [0, 0]] for _ in range(state.dims.nt)])
    set_owner(state, rules, f, s)
    return True


def can_build_seat(state, rules, s: int, f: int) -> bool:
    """Rulebook: "Place your Family Seat in a Province (not a Royal Lease) ... You may only have one Family Seat."."""
    price = rules.values["estates"]["family_seat_gold"]
    return (valid(state, f) and not state.seat_built[s] and state.owner[f] == s and lease_at(rules, f) < 0
            and endowment_title(rules, f) < 0 and state.gold[s] >= price)  # fmt: skip


def build_seat(state, rules, s: int, f: int) -> bool:
    if not can_build_seat(state, rules, s, f):
        return False
    v = rules.values["estates"]
    state.gold[s] -= v["family_seat_gold"]
    state.family_seat[f] = s
    state.seat_built[s] = 1
    state.prestige[s] = min(len(rules.values["harvest"]["prestige_influence"]) - 1,
                            state.prestige[s] + v["family_seat_prestige"])  # fmt: skip
    return True


def fortress_cost(rules, level: int) -> int:
    return rules.values["estates"]["fortress_gold"][level]


def can_fortify(state, rules, s: int, f: int) -> bool:
    return (valid(state, f) and state.owner[f] == s and state.fortress[f] < 2 and not state.building[f]
            and state.besieger[f] < 0 and state.occupier[f] < 0
            and state.gold[s] >= fortress_cost(rules, state.fortress[f]))  # fmt: skip


def fortify(state, rules, s: int, f: int) -> bool:
    """Build (or upgrade) a fortress: a construction marker; the level counts once Housekeeping removes it."""
    if not can_fortify(state, rules, s, f):
        return False
    state.gold[s] -= fortress_cost(rules, state.fortress[f])
    state.building[f] = 1
    return True


def estates_of(state, s: int) -> list[int]:
    return [f for f in range(len(state.owner)) if state.owner[f] == s]


def home(state, rules, s: int) -> int:
    """Where the family gathers: its family seat, else its estate with a fortress and the most Income, else any."""
    for f in range(len(state.owner)):
        if state.family_seat[f] == s and state.owner[f] == s:
            return f
    own = estates_of(state, s)
    if not own:
        return rules.seats[s].figure
    return min(own, key=lambda f: (-state.fortress[f], -gross(state, rules, f), f))


def agreement_loss(state, rules, s: int, occupier: int) -> int:
    """½ VP for each 1 of gross Income of the seat's estates the ``occupier`` holds, rounded up (Agreement Cost)."""
    income = sum(gross(state, rules, f) for f in estates_of(state, s) if state.occupier[f] == occupier)
    return math.ceil(income * rules.values["unrest"]["agreement_vp_per_income"] - 1e-9)
