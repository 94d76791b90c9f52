"""Raids (Plundering), Burning and Occupation, with the crimes the Law attaches to them.

"Spend 1 Movement Point to raid an estate with no enemy troops ... Take from the box half the Income of the estate and
1 Gold for each building (Level 2 fortress = 2 buildings). Towns do not count as buildings for this bonus." "Place a
ruins marker on the estate. An estate with ruins cannot be raided again." "Raiding a Royal Lease estate inflicts an
immediate penalty of -1 King's Support." A raid on a criminal by an authorised player is a punishment; any other
raid counts on the Plunder Scale ("Plundering up to 2 per round is lawful"). Occupation: "The owner loses the
estate's Income and the occupier gains it ... Starting an occupation is 2 crimes; each further turn in occupation is
1 more crime. Occupying a Royal Lease also costs 1 King's Support per turn."
"""

from __future__ import annotations

import math

from sim.games.hussars.game import armies, estates, experience, law
from sim.games.hussars.game.state import NS, VP_CATS


def loot(state, rules, f: int) -> int:
    """Half the estate's current Income (rounded up) plus 1 Gold per building."""
    _, income = estates.share(state, rules, f) if state.occupier[f] < 0 else (0, 0)
    v = rules.values["estates"]
    return math.ceil(income * v["loot_fraction"] - 1e-9) + v["loot_per_building"] * estates.buildings(state, f)


def can_raid(g, a: int) -> bool:
    st = g.state
    f, s = st.a_field[a], st.a_force[a]
    return (0 <= s < NS and estates.is_estate(st, f) and st.owner[f] != s and st.ruins[f] == 0
            and not armies.enemy_troops(st, f, s))  # fmt: skip


def _lease_penalty(g, s: int, f: int) -> None:
    st = g.state
    if estates.lease_at(g.rules, f) >= 0:
        st.kings_support[s] = max(0, st.kings_support[s] - g.rules.values["estates"]["lease_raid_kings_support"])


def _led(st, s: int, f: int) -> bool:
    return st.figure[s] == f and st.captor[s] < 0


def raid(g, a: int) -> int:
    """Army ``a`` (a player's) raids the estate it stands in. Returns the loot."""
    st, rules = g.state, g.rules
    s, f = st.a_force[a], st.a_field[a]
    victim = st.owner[f]
    gold = loot(st, rules, f)
    st.gold[s] += gold
    estates.add_marker(st, rules, f, "ruins", 1)
    _lease_penalty(g, s, f)
    st.st_raids[s] += 1
    if _led(st, s, f):
        experience.gain(g, s, rules.values["experience"]["lead_raid"])
    if 0 <= victim < NS and law.crests(st, victim) > 0:  # a raid on a criminal is a punishment
        law.attempt_punish(g, s, victim, law.punishments_for_loot(rules, gold))
    else:
        crimes = law.plunder_crimes(rules, st.plunder[s], gold)
        st.plunder[s] += gold
        law.commit(g, s, crimes)
    return gold


def can_burn(g, a: int) -> bool:
    st = g.state
    f, s = st.a_field[a], st.a_force[a]
    return (0 <= s < NS and estates.is_estate(st, f) and st.owner[f] != s and not armies.enemy_troops(st, f, s)
            and (st.fortress[f] or st.building[f] or st.family_seat[f] >= 0))  # fmt: skip


def burn(g, a: int) -> None:
    """Rulebook: "Burning ... a fortress under construction, a fortress or a family seat (towns cannot be burned) ...
    Each burned building is a crime, and a Level 2 fortress counts as 2 buildings. The owner of a burned fortress loses
    3 Victory Points per fortress level." The family seat is not rebuilt (assumed)."""
    st, rules = g.state, g.rules
    s, f = st.a_force[a], st.a_field[a]
    owner = st.owner[f]
    n = st.fortress[f] + st.building[f] + (1 if st.family_seat[f] >= 0 else 0)
    if 0 <= owner < NS:
        st.vp[owner][VP_CATS.index("burned")] -= rules.values["estates"]["burned_vp_per_level"] * st.fortress[f]
    st.fortress[f] = 0
    st.building[f] = 0
    st.family_seat[f] = -1
    law.commit(g, s, n * rules.values["law"]["burn_crimes_per_building"])


def can_occupy(g, a: int) -> bool:
    st = g.state
    f, s = st.a_field[a], st.a_force[a]
    return (estates.is_estate(st, f) and st.owner[f] != s and st.occupier[f] < 0 and not armies.enemy_troops(st, f, s)
            and st.besieger[f] < 0)  # fmt: skip


def occupy(g, a: int) -> None:
    st, rules = g.state, g.rules
    s, f = st.a_force[a], st.a_field[a]
    before = estates.share(st, rules, f)
    st.occupier[f] = s
    estates.settle(st, rules, f, before)
    st.a_loose[a] = 1
    if 0 <= s < NS:
        _lease_penalty(g, s, f)
        law.commit(g, s, rules.values["law"]["occupation_start_crimes"])


def occupation_turn(g, s: int) -> None:
    """Housekeeping of an occupier: 1 more crime per estate still occupied (and King's Support for a lease)."""
    st = g.state
    for f in range(st.dims.nf):
        if st.occupier[f] == s:
            _lease_penalty(g, s, f)
            law.commit(g, s, g.rules.values["law"]["occupation_turn_crimes"])


def end_occupation(g, f: int) -> None:
    st, rules = g.state, g.rules
    before = estates.share(st, rules, f)
    st.occupier[f] = -1
    estates.settle(st, rules, f, before)


def check_occupations(g) -> None:
    """An occupation lasts while the occupier's army stands in the estate."""
    st = g.state
    for f in range(st.dims.nf):
        if st.occupier[f] >= 0 and not armies.armies_at(st, f, st.occupier[f]):
            end_occupation(g, f)
