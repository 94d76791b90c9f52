"""Action Phase – Spring and Autumn: planning and Time, the Turn Order Track, and each Force's turn.

"All players secretly choose Action cards from their hand at the same time, within the Star limit" (cards without a
star are unlimited). "Each player totals the Time of all their played cards. A lower Time total gives an earlier
position on the Turn Order Track" (ties: the earlier place on the track keeps it). "The Time of an automated force
equals the number of its armies on the map ... In a tie with a player, the Ex-Registered go first; all other
automated forces go after the player." Enemies are placed "at the end of the Turn Order Track"
(``action_phase.enemies_position``: last, or by_time). "At the start of its turn, each Force first resolves
Housekeeping: Remove 1 enlist, 1 construction, and 1 supply marker from each owned estate. Flip recruited troops to
their full-strength side. Remove Loose Columns status from all owned armies that are not besieging." A player's turn
here: the figure's free move (with its retinue), the played cards in cards.yaml order, garrisons, March moves; then
"Place Crests on the Auction market ... after passing the turn". Card fates: "Standard cards are sent to their decks
after resolution. ... If a card is revealed but its action is not executed, it is returned to the hand pool";
Immediate Return cards go back to the hand, Summer Rest cards to the resting pile.
"""

from __future__ import annotations

from sim.games.hussars.game import (
    armies,
    bidding,
    estates,
    experience,
    hetman,
    orders,
    raids,
    rebels,
    recruiting,
    sieges,
    tatars,
    unrest,
)
from sim.games.hussars.game.state import HETMAN, NA, NS, OH, REBELS, TATARS

# ---- planning and the Turn Order Track ----------------------------------------------------------------------------


def legal_plan(g, s: int, cards) -> list[int]:
    """The chosen cards (card type indices) as played counts, or None when the rules refuse them."""
    st, rules = g.state, g.rules
    counts = [0] * st.dims.nc
    for c in cards or ():
        if not isinstance(c, int) or not 0 <= c < st.dims.nc:
            return None
        counts[c] += 1
    if any(counts[c] > st.hand[s][c] for c in range(st.dims.nc)):
        return None
    if sum(counts[c] * rules.cards[c].stars for c in range(st.dims.nc)) > rules.values["action_phase"]["star_limit"]:
        return None
    return counts


def plan(g) -> None:
    st, rules = g.state, g.rules
    for s in range(NS):
        if not st.active[s]:
            continue
        counts = legal_plan(g, s, g.plans[s].cards(g, s))
        if counts is None:
            g.refuse("planned cards")
            counts = [0] * st.dims.nc
        for c in range(st.dims.nc):
            st.hand[s][c] -= counts[c]
            st.played[s][c] = counts[c]
        st.time[s] = sum(counts[c] * rules.cards[c].time for c in range(st.dims.nc))


def _insert(order: list[tuple[int, int]], force: int, time: int, before_ties: bool) -> None:
    for i, (_, t) in enumerate(order):
        if t > time or (before_ties and t == time):
            order.insert(i, (force, time))
            return
    order.append((force, time))


def turn_order(g) -> None:
    """The track by Time (ties keep the earlier place), then the Hetman and the enemies."""
    st, rules = g.state, g.rules
    old = [s for s in st.track if s >= 0]
    seats = sorted(old, key=lambda s: (st.time[s], old.index(s)))
    st.track = seats + [-1] * (NS - len(seats))
    order = [(s, st.time[s]) for s in seats]
    quarter = hetman.quarter_armies(st)
    if quarter:
        _insert(order, HETMAN, len(quarter), before_ties=False)
    enemies = []
    if tatars.tatar_armies(st):
        enemies.append((TATARS, len(tatars.tatar_armies(st)), False))
    if st.uprising and unrest.rebel_armies(st):
        enemies.append((REBELS, len(unrest.rebel_armies(st)), True))
    for force, time, first in enemies:
        if rules.values["action_phase"]["enemies_position"] == "last":
            order.append((force, time))
        else:
            _insert(order, force, time, before_ties=first)
    st.order = [f for f, _ in order] + [-1] * (len(st.order) - len(order))


# ---- Housekeeping -------------------------------------------------------------------------------------------------


def housekeeping(g, force: int) -> None:
    st, rules = g.state, g.rules
    for f in range(st.dims.nf):
        if st.owner[f] != force:
            continue
        if st.enlisting[f] > 0:
            st.enlisting[f] -= 1
        if st.building[f]:
            st.building[f] = 0
            st.fortress[f] += 1
    sieges.housekeeping(g, force)
    for a in range(NA):
        if st.a_force[a] != force:
            continue
        for t in range(st.dims.nt):
            n = st.a_fresh[a][t]
            if n:
                v = armies.recruit_vet(rules, t)
                st.a_units[a][t][v][1] -= n
                st.a_units[a][t][v][0] += n
                st.a_fresh[a][t] = 0
        if st.besieger[st.a_field[a]] != a:
            st.a_loose[a] = 0
        st.a_used[a] = 0
        st.a_attacks[a] = 0
    if 0 <= force < NS:
        raids.occupation_turn(g, force)


# ---- a player's turn ----------------------------------------------------------------------------------------------


def _place(g, s: int) -> int:
    f = g.plans[s].place(g, s)
    return f if isinstance(f, int) and recruiting.can_enlist_at(g, s, f) else -1


def resolve(g, s: int, c: int) -> bool:
    """Resolve one played card of type ``c``; whether its action was executed."""
    st, rules = g.state, g.rules
    card = rules.cards[c]
    plan = g.plans[s]
    e = card.effect
    if e == "orders":
        order = plan.order(g, s)
        return order is not None and orders.execute(g, s, order, with_figure=False)
    if e == "enlist":
        got = 0
        for f, t, n in plan.enlist(g, s) or ():
            got += recruiting.enlist(g, s, f, t, n)
        return got > 0
    if e == "replenish":
        return recruiting.replenish(g, s, max(0, plan.replenish(g, s))) > 0
    if e == "card_bidding":
        bidding.card_bidding(g, s)
        return True
    if e == "extra_bid":
        st.bids[s] += card.amount
        return True
    if e == "buy_province":
        return estates.buy_province(st, rules, s, plan.buy(g, s))
    if e == "family_seat":
        return estates.build_seat(st, rules, s, plan.seat_site(g, s))
    if e == "town":
        return estates.found_town(st, rules, s, plan.town(g, s))
    if e == "settlers":
        choice = plan.settle(g, s)
        if not choice:
            return False
        option, f = choice
        if option == "lokator":
            return estates.lokator(st, rules, s, f)
        if option == "settlers" and estates.settle_estate(st, rules, s, f):
            unrest.change_happiness(g, s, -rules.values["estates"]["settlers_happiness"])
            return True
        return False
    if e == "fortress":
        return estates.fortify(st, rules, s, plan.fortress(g, s))
    if e == "prestige":
        top = len(rules.values["harvest"]["prestige_influence"]) - 1
        st.prestige[s] = min(top, st.prestige[s] + card.amount)
        return True
    if e == "gold":
        st.gold[s] += card.amount
        return True
    if e == "kings_support":
        st.kings_support[s] += card.amount
        return True
    if e == "church":
        for f in estates.estates_of(st, s):
            st.bright[f] += st.incited[f]
            st.incited[f] = 0
        unrest.change_happiness(g, s, card.amount)
        return True
    if e == "mercenaries":
        f = _place(g, s)
        return f >= 0 and recruiting.place_recruits(g, s, f, rules.units.index("light_cavalry"), card.amount) > 0
    if e == "hussar":
        f = _place(g, s)
        return f >= 0 and recruiting.enlist(g, s, f, rules.units.index("winged_hussar"), 1, card.amount) > 0
    return False


def _garrison(g, s: int) -> None:
    """Keep the plan's number of tokens in each own fortress where an own army stands (weakest tokens first)."""
    st, rules = g.state, g.rules
    target = g.plans[s].garrison(g, s)
    if not isinstance(target, int) or target <= 0:
        return
    kinds = sorted(range(st.dims.nt), key=lambda t: (rules.battle.units[rules.units[t]].eff(True), t))
    for a in armies.armies_of(st, s):
        f = st.a_field[a]
        if st.a_force[a] != s or not recruiting.can_garrison(g, s, f):
            continue
        for t in kinds:
            for v in range(2):
                for w in range(2):
                    need = target - armies.tokens(st.garrison[f])
                    if need > 0 and st.a_force[a] == s and armies.army_tokens(st, a) > 1:
                        recruiting.to_garrison(g, a, t, v, w, min(need, armies.army_tokens(st, a) - 1))


def player_turn(g, s: int) -> None:
    st, rules = g.state, g.rules
    housekeeping(g, s)
    g.acted("housekeeping")
    if st.captor[s] < 0 and st.figure[s] >= 0:
        order = g.plans[s].figure(g, s)
        if order is not None and not orders.execute(g, s, order, with_figure=True):
            g.refuse(f"figure order {order}")
        g.acted("figure")
    yellow = set(rules.yellow_deck)
    for c in range(st.dims.nc):
        for _ in range(st.played[s][c]):
            done = resolve(g, s, c)
            fate = rules.cards[c].fate if done else "return"
            if fate == "return":
                st.hand[s][c] += 1
            elif fate == "rest":
                st.resting[s][c] += 1
            if done and c in yellow:
                experience.gain(g, s, rules.values["experience"]["yellow_card"])
            g.acted(rules.cards[c].id)
        st.played[s][c] = 0
    _garrison(g, s)
    for a in range(NA):
        if st.a_force[a] == s and st.a_march[a] > 0:
            orders.march(g, a)
    armies.merge_armies(st, rules, s)
    bidding.place_crests(g, s)
    g.acted("end of turn")


def action_phase(g) -> None:
    st = g.state
    rebels.treaty(g)
    for a in range(NA):
        st.a_moved[a] = 0
    plan(g)
    turn_order(g)
    sieges.housekeeping(g, OH)
    g.acted("planning")
    for i in range(len(st.order)):
        force = st.order[i]
        if force < 0:
            continue
        st.acting = force
        if force < NS:
            player_turn(g, force)
        elif force == HETMAN:
            housekeeping(g, HETMAN)
            for a in hetman.quarter_armies(st):
                hetman.turn(g, a)
            g.acted("hetman")
        elif force == TATARS:
            housekeeping(g, TATARS)
            for a in tatars.tatar_armies(st):
                if st.a_force[a] == TATARS:
                    tatars.turn(g, a)
            armies.merge_armies(st, g.rules, TATARS)
            g.acted("tatars")
        elif force == REBELS:
            housekeeping(g, REBELS)
            rebels.turn(g)
            g.acted("rebels")
        experience.settle_rewards(g)
    st.acting = -1
