"""What must hold after every action: the tracks match the position, tokens are conserved, nothing is negative.

The Income and Upkeep tracks are moved incrementally, as the rulebook says ("When such a marker is placed on an
estate, its owner immediately lowers their Income track by that estate's current value"; "The player's Upkeep Track
must be updated immediately upon gaining or losing a token"); here they are derived from the position and compared.
Troop tokens are conserved: the box, the armies, the garrisons and the Sich always hold the box's count of each type
(the Hetman's pink tokens are their own pool).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates
from sim.games.hussars.game.state import HETMAN, NA, NS


def derived_income(st, rules, s: int) -> int:
    total = 0
    for f in range(st.dims.nf):
        who, amount = estates.share(st, rules, f)
        if who == s:
            total += amount
    return total


def derived_upkeep(st, rules, s: int) -> int:
    total = sum(armies.upkeep_of(rules, st.a_units[a]) for a in range(NA) if st.a_force[a] == s)
    total += sum(armies.upkeep_of(rules, st.garrison[f]) for f in range(st.dims.nf)
                 if st.garrison_force[f] == s and armies.garrison_charged(st, rules, f))  # fmt: skip
    total += sum(le.upkeep for i, le in enumerate(rules.leases) if st.lease_holder[i] == s)
    return total


def violations(st, rules) -> list[str]:
    out = []
    for s in range(NS):
        if not st.active[s]:
            continue
        if st.income[s] != derived_income(st, rules, s):
            out.append(f"income[{s}] track {st.income[s]} != estates {derived_income(st, rules, s)}")
        if st.upkeep[s] != derived_upkeep(st, rules, s):
            out.append(f"upkeep[{s}] track {st.upkeep[s]} != units and leases {derived_upkeep(st, rules, s)}")
        for name in ("gold", "kings_support", "xp", "crests_new", "crests_old", "plunder"):
            if getattr(st, name)[s] < 0:
                out.append(f"{name}[{s}] = {getattr(st, name)[s]} < 0")
        if any(x < 0 for x in st.hand[s]) or any(x < 0 for x in st.resting[s]):
            out.append(f"cards of seat {s} below 0")
        if st.captor[s] >= 0 and st.a_force[st.captor[s]] < 0:
            out.append(f"seat {s} held by a free slot {st.captor[s]}")
    for t, name in enumerate(rules.units):
        held = st.box[t]
        held += sum(st.a_units[a][t][v][w] for a in range(NA) if st.a_force[a] not in (-1, HETMAN)
                    for v in range(2) for w in range(2))  # fmt: skip
        held += sum(st.garrison[f][t][v][w] for f in range(st.dims.nf) for v in range(2) for w in range(2))
        held += sum(st.sich_units[t][v][w] for v in range(2) for w in range(2))
        total = rules.values["recruit"]["box"].get(name, 0)
        if held != total:
            out.append(f"{name} tokens {held} != {total} in the box's count")
        if st.box[t] < 0:
            out.append(f"box[{name}] = {st.box[t]} < 0")
    for a in range(NA):
        if st.a_force[a] < 0:
            continue
        for t in range(st.dims.nt):
            for v in range(2):
                for w in range(2):
                    if st.a_units[a][t][v][w] < 0:
                        out.append(f"a_units[{a}][{t}][{v}][{w}] < 0")
            if st.a_fresh[a][t] > st.a_units[a][t][armies.recruit_vet(rules, t)][1]:
                out.append(f"a_fresh[{a}][{t}] above its wounded recruits")
    for f in range(st.dims.nf):
        for name in ("bright", "incited", "ruins", "relief", "famine", "supply", "enlisting"):
            if getattr(st, name)[f] < 0:
                out.append(f"{name}[{f}] < 0")
        if st.occupier[f] >= 0 and st.owner[f] < 0:
            out.append(f"field {f} occupied but no estate")
        a = st.besieger[f]
        if a >= 0 and (st.a_force[a] < 0 or st.a_field[a] != f):
            out.append(f"field {f} besieged by slot {a} that is not there")
        if st.garrison_force[f] < 0 and armies.tokens(st.garrison[f]):
            out.append(f"garrison of field {f} without a force")
    return out
