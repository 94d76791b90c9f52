"""Expeditions and Other Regions, Swift Support, and the Favours that hire the Other Houses' cavalry.

Expeditions: "An expedition succeeds if more units are sent to it than there are players. Pay is always received,
whether the expedition succeeds or fails. King's Support is awarded only for a successful expedition." "For pay, each
Winged Hussar unit counts as 2 cavalry units." "Each participating player receives 1 King's Support token. The player
who sent the strongest forces receives 1 additional token." "A figure on an expedition gains 2 XP at each Event
Phase." "When the army returns, flip its Crest back and place a March token (×2) on it." With Hetman Priority "the
Hetman must take part": the Quarter Army goes, and the Hetman gains 3 XP and 1 Influence at the next Event Phase.

Swift Support: "To repel a single raid on their domains, a player must deploy exactly 1 cavalry unit to that
voivodeship. Hussars: Count as 2 cavalry units." "The Quarter Army defends one attacked voivodeship, protecting all
players' domains there" (the first attacked in an Event Phase). "For each unrepelled attack, the targeted player
immediately loses 1 Happiness or 6 Gold." A player may spend "1 Minor Favour card for 1 cavalry unit, or 1 Major
Favour card for 2"; the card is shuffled into the Event Deck, and when drawn "the debtor must send the same number of
cavalry units to the Crown (a1) until the next Event Phase"; "Refusing repayment inflicts an immediate penalty of -1
Influence".
"""

from __future__ import annotations

from sim.games.hussars.game import armies, combat, experience, hetman, offices, unrest
from sim.games.hussars.game.state import AWAY, EXPEDITION, HETMAN, NA, NS, ON_MAP

DEBT = 8  # the Event deck's kind for a Favour card shuffled in (after the eight event kinds)


def open_front(g, k: int, with_hetman: bool) -> None:
    st = g.state
    st.expedition[k] = 1
    if with_hetman:
        for a in hetman.quarter_armies(st):
            st.a_away[a] = EXPEDITION
            st.a_road[a] = k
            st.a_field[a] = g.rules.roads[k]


def _cavalry(rules, t: int) -> int:
    """Cavalry units a token counts for (pay and Swift Support): Hussars 2."""
    kind = rules.battle.units[rules.units[t]]
    if kind.kind != "cavalry":
        return 0
    return rules.values["expeditions"]["hussar_pay_units"] if rules.units[t] == "winged_hussar" else 1


def rewards(g) -> None:
    """The start of the Event Phase: pay, King's Support and XP for each front, then every army off the map returns."""
    st, rules = g.state, g.rules
    ex = rules.values["expeditions"]
    kind = rules.event_kinds["expedition"]
    for k in range(len(st.expedition)):
        if not st.expedition[k]:
            continue
        here = [a for a in range(NA) if st.a_force[a] >= 0 and st.a_away[a] == EXPEDITION and st.a_road[a] == k]
        sent = sum(armies.army_tokens(st, a) for a in here)
        success = sent > st.players
        strength = [0.0] * NS
        joined = [False] * NS
        for a in here:
            s = st.a_force[a]
            if 0 <= s < NS:
                joined[s] = True
                strength[s] += armies.effectiveness(rules, st.a_units[a])
                cav = sum(_cavalry(rules, t) * st.a_units[a][t][v][w] for t in range(st.dims.nt) for v in range(2)
                          for w in range(2))  # fmt: skip
                st.gold[s] += kind["pay"] * cav
        if success and kind["kings_support"]:
            best = -1
            for s in range(NS):
                if joined[s]:
                    st.kings_support[s] += ex["kings_support"]
                    if (
                        best < 0
                        or strength[s] > strength[best]
                        or (strength[s] == strength[best] and combat.priority(st, s) < combat.priority(st, best))
                    ):
                        best = s
            if best >= 0:
                st.kings_support[best] += ex["strongest_bonus"]
        for s in range(NS):
            if joined[s] and st.figure[s] == rules.roads[k] and st.captor[s] < 0:
                experience.gain(g, s, ex["figure_xp"])
        holder = st.title_holder[offices.title_index(rules, "hetman")]
        if 0 <= holder < NS and any(st.a_force[a] == HETMAN for a in here):
            st.influence[holder] += ex["hetman_influence"]
            experience.gain(g, holder, ex["hetman_xp"])
        st.expedition[k] = 0
    march = rules.values["action_phase"]["march_moves"]
    for a in range(NA):
        if st.a_force[a] >= 0 and st.a_away[a] != ON_MAP:
            st.a_away[a] = ON_MAP
            st.a_road[a] = -1
            st.a_march[a] = march if st.a_force[a] != HETMAN else 0
            if st.a_force[a] == HETMAN:
                st.a_field[a] = rules.quarter_field
    for s in range(NS):
        armies.merge_armies(st, rules, s)


def send_cavalry(g, s: int, need: int, to_field: int = -1) -> int:
    """Take cavalry tokens of seat ``s`` (Light Cavalry first, then by type; Hussars count 2) off the map until they
    count ``need`` units; they come back on ``to_field`` (-1: the field they left). Returns the units sent."""
    st, rules = g.state, g.rules
    sent = 0
    away = -1
    order = sorted(range(st.dims.nt), key=lambda t: (_cavalry(rules, t) != 1, t))
    for a in armies.armies_of(st, s):
        for t in order:
            if _cavalry(rules, t) == 0:
                continue
            for v in range(2):
                for w in range(2):
                    free = st.a_units[a][t][v][w] - (st.a_fresh[a][t] if w and v == armies.recruit_vet(rules, t) else 0)
                    while free > 0 and sent < need:
                        if away < 0:
                            away = armies.new_army(st, s, to_field if to_field >= 0 else st.a_field[a])
                            st.a_away[away] = AWAY
                        armies.move_tokens(st, rules, a, away, t, v, w, 1)
                        free -= 1
                        sent += _cavalry(rules, t)
        armies.drop_if_empty(st, a)
    return sent


def cavalry_units(g, s: int) -> int:
    st, rules = g.state, g.rules
    return sum(_cavalry(rules, t) * (st.a_units[a][t][v][w] - (st.a_fresh[a][t] if w and v == armies.recruit_vet(
        rules, t) else 0)) for a in armies.armies_of(st, s) for t in range(st.dims.nt) for v in range(2)
        for w in range(2))  # fmt: skip


def swift_support(g, attacks: int, defended: list[bool]) -> None:
    """A raid outside Kyiv: ``attacks`` attacks on a voivodeship drawn by a die. ``defended[0]``: the Quarter Army
    already defends a voivodeship this Event Phase."""
    st, rules = g.state, g.rules
    v = g.die(len(rules.voivodeships)) - 1
    if not defended[0] and hetman.quarter_armies(st):
        defended[0] = True
        return
    sw = rules.values["swift_support"]
    for s in range(NS):
        if not st.active[s] or rules.seats[s].domain != v:
            continue
        send, favours, penalty = g.plans[s].swift(g, s, attacks)
        left = attacks - send_cavalry(g, s, max(0, min(send, attacks)))
        for k, name in ((0, "minor"), (1, "major")):
            if left > 0 and favours & (1 << k) and st.favours[s][k]:
                st.favours[s][k] = 0
                left -= sw["favour_cavalry"][name]
                insert(g, DEBT, 2 * s + k)
        for _ in range(max(0, left)):
            if penalty == "gold" and st.gold[s] >= sw["penalty_gold"]:
                st.gold[s] -= sw["penalty_gold"]
            else:
                unrest.change_happiness(g, s, -sw["penalty_happiness"])


def insert(g, kind: int, param: int) -> None:
    """A card shuffled into the undrawn part of the Event deck (a uniform position)."""
    st = g.state
    pos = st.ev_top + g.rng.randrange(st.ev_len - st.ev_top + 1)
    st.ev_kind[pos + 1 : st.ev_len + 1] = st.ev_kind[pos : st.ev_len]
    st.ev_param[pos + 1 : st.ev_len + 1] = st.ev_param[pos : st.ev_len]
    st.ev_kind[pos] = kind
    st.ev_param[pos] = param
    st.ev_len += 1


def repay(g, param: int) -> None:
    """A Favour debt drawn: the debtor sends cavalry to the Crown until the next Event Phase, or pays 1 Influence."""
    st, rules = g.state, g.rules
    s, k = divmod(param, 2)
    if not st.active[s]:
        return
    need = rules.values["swift_support"]["favour_cavalry"]["major" if k else "minor"]
    crown = [f for f, fld in enumerate(rules.fields) if fld.via == "crown"]
    if cavalry_units(g, s) >= need and g.plans[s].repay(g, s, need):
        send_cavalry(g, s, need, crown[0] if crown else -1)
    else:
        st.influence[s] -= rules.values["swift_support"]["refused_debt_influence"]
