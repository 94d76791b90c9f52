"""End of the Game and Victory Points by category.

"The game concludes instantly after the autumn Action Phase in either Round 2 (Short Scenario) or Round 3 (Long
Scenario)." "If an uprising is still active, resolve it as an Agreement before scoring." "Victory Points (VP) are
scored per category according to the layout on each Player Screen. Round half-points up within each category before
adding the final total." The Player Screen is not in our data: the categories scored from the position at the end
are assumed (game.yaml ``victory``); those scored during play follow the rulebook (XL at death, deficits, Favour
cards, Hussars and Artillery, destroyed enemy tokens, captured Artillery, burned fortresses, the Agreement Cost).
The most VP wins; a tie goes to the Force closest to first place on the Turn Order Track.
"""

from __future__ import annotations

import math

from sim.games.hussars.game import economy, estates
from sim.games.hussars.game.state import NA, NS, VP_CATS


def _count(st, rules, s: int, name: str) -> int:
    t = rules.units.index(name)
    n = sum(st.a_units[a][t][v][w] for a in range(NA) if st.a_force[a] == s for v in range(2) for w in range(2))
    return n + sum(st.garrison[f][t][v][w] for f in range(st.dims.nf) if st.garrison_force[f] == s
                   for v in range(2) for w in range(2))  # fmt: skip


def categories(st, rules, s: int) -> list[int]:
    """VP of seat ``s`` by category (``VP_CATS``) if the game ended now."""
    v = rules.values["victory"]
    out = list(st.vp[s])
    leases = {le.field for i, le in enumerate(rules.leases) if st.lease_holder[i] == s}
    own = estates.estates_of(st, s)
    out[VP_CATS.index("estates")] = v["estate"] * sum(1 for f in own if f not in leases)
    out[VP_CATS.index("towns")] = v["town"] * sum(st.town[f] for f in own)
    out[VP_CATS.index("buildings")] = (v["fortress_level"] * sum(st.fortress[f] for f in own)
                                       + v["family_seat"] * sum(1 for f in own if st.family_seat[f] == s))  # fmt: skip
    out[VP_CATS.index("titles")] = v["title"] * sum(1 for t in range(len(st.title_holder)) if st.title_holder[t] == s)
    out[VP_CATS.index("leases")] = v["lease"] * len(leases)
    out[VP_CATS.index("prestige")] = economy.influence_gain(st, rules, s) * v["prestige"]
    b = rules.values["bidding"]
    wealth = st.gold[s] + b["influence_gold"] * st.influence[s] + b["kings_support_gold"] * st.kings_support[s]
    out[VP_CATS.index("treasury")] = math.ceil(max(0, wealth) / v["gold_per_vp"] - 1e-9)
    out[VP_CATS.index("hussars")] = rules.values["recruit"]["hussar_vp"] * _count(st, rules, s, "winged_hussar")
    out[VP_CATS.index("artillery")] = rules.values["recruit"]["artillery_vp"] * _count(st, rules, s, "artillery")
    out[VP_CATS.index("favours")] = v["favour"]["minor"] * st.favours[s][0] + v["favour"]["major"] * st.favours[s][1]
    return out


def totals(st, rules) -> list[int]:
    return [sum(categories(st, rules, s)) if st.active[s] else 0 for s in range(NS)]


def leader(st, rules) -> int:
    """The seat that would win now: most VP, ties to the earlier place on the Turn Order Track."""
    score = totals(st, rules)
    seats = [s for s in range(NS) if st.active[s]]
    return min(seats, key=lambda s: (-score[s], _track_place(st, s)))


def _track_place(st, s: int) -> int:
    return st.track.index(s) if s in st.track else NS
