"""Global Board Setup and Player Area Setup: the position before the first spring.

"The Migration Bank: Place 5 value-1 peasant tokens with their bright side facing up"; "Set the global voivodeship
Happiness Level to 0"; "The Attack Deck: Place the 6 double-sided Attack cards"; "Shuffle and place the Yellow Deck
... Draw the top 4 cards"; "The starting order follows the 'initial round order' number found on the back of each
Family Board"; "Titles not held by any player at the start belong to the Other Houses". Each family takes its board's
Gold, Influence and tracks, its starting Action cards and family card, its Favour cards, and (Scenario S) Tactic
cards drawn at random. A seat without a player is an Automated Magnate's: its estates and army are the Other Houses'.

Random draws, in order: the Event deck, the Attack deck and the Yellow deck are shuffled, then each seated family
draws its Tactic cards (seat order).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, experience, offices
from sim.games.hussars.game.bidding import refill_market
from sim.games.hussars.game.context import Game
from sim.games.hussars.game.ruleset import GameRules
from sim.games.hussars.game.state import HETMAN, NS, OH, SPRING, State, dims


def new_state(rules: GameRules, families: list[int], rounds: int, rng, titles=(), leases=()) -> State:
    """The starting position. ``families[seat]`` is a family index (-1: an empty seat); ``titles`` and ``leases``
    are (index, seat) pairs granted at the start (experiments), on top of the rules' start holders."""
    st = State(dims(rules))
    g = Game(st, rules, [None] * NS, rng)
    st.round, st.season, st.rounds = 1, SPRING, rounds
    st.players = sum(1 for f in families if f >= 0)
    board = rules.board
    for f in range(st.dims.nf):
        st.owner[f] = -1
        st.family_seat[f] = -1
        st.besieger[f] = -1
        st.occupier[f] = -1
        st.garrison_force[f] = -1
    st.box = [rules.values["recruit"]["box"].get(name, 0) for name in rules.units]
    st.order = [-1] * len(st.order)
    st.acting = -1
    st.st_lead = [-1] * len(st.st_lead)
    for a in range(len(st.a_force)):
        st.a_force[a] = -1
        st.a_road[a] = -1
        st.a_target[a] = -1
        st.a_jasyr[a] = [-1] * len(st.a_jasyr[a])
    order = sorted(range(NS), key=lambda s: rules.seats[s].order)
    st.track = [s for s in order if families[s] >= 0] + [-1] * (NS - st.players)
    for e in rules.oh_estates:
        _estate(st, rules, e, OH)
    for s, seat in enumerate(rules.seats):
        owner = s if families[s] >= 0 else OH
        for e in seat.estates:
            _estate(st, rules, e, owner)
        if seat.army:
            a = armies.new_army(st, owner, seat.figure)
            for t, n in seat.army:
                armies.add_units(st, rules, a, t, armies.recruit_vet(rules, t), 0, n)
    quarter = armies.new_army(st, HETMAN, rules.quarter_field)
    for t, n in rules.quarter_army:
        armies.add_units(st, rules, quarter, t, armies.recruit_vet(rules, t), 0, n)
    c = rules.units.index("cossack")
    sich = rules.values["unrest"]["sich_start"]
    st.sich_units[c][0][0] = min(sich, st.box[c])
    st.box[c] -= st.sich_units[c][0][0]
    for i in range(len(st.lease_holder)):
        st.lease_holder[i] = OH
    for t in range(len(st.title_holder)):
        st.title_holder[t] = OH
    for s in range(NS):
        st.family[s] = families[s]
        if families[s] < 0:
            continue
        fam = rules.families[families[s]]
        st.active[s] = 1
        st.catholic[s] = int(fam.catholic)
        st.gold[s] = board["gold"] + board["first_game_gold"]
        st.influence[s] = board["influence"]
        st.kings_support[s] = board["kings_support"]
        st.xl[s] = board["xl"]
        st.health[s] = board["magnate_health"]
        st.succ_health[s] = board["successor_health"]
        st.prestige[s] = board["prestige"]
        st.happiness[s] = board["happiness"]
        st.favours[s] = [board["favours"]["minor"], board["favours"]["major"]]
        st.hand[s] = list(rules.starting_deck)
        st.figure[s] = rules.seats[s].figure
        st.captor[s] = -1
    for f in range(st.dims.nf):  # the Income tracks as the rulebook sets them; later changes move them
        who, amount = estates.share(st, rules, f)
        if 0 <= who < NS:
            st.income[who] += amount
    for i, s in tuple(rules.start_leases) + tuple(leases):
        if st.active[s]:
            offices.transfer_lease(g, i, s)
    for t, s in tuple(rules.start_titles) + tuple(titles):
        if st.active[s]:
            offices.grant(g, t, s)
    st.bank_bright = rules.values["setup"]["migration_bank"]
    st.overall = rules.values["setup"]["overall_happiness"]
    deck = list(rules.events)
    rng.shuffle(deck)
    st.ev_len = len(deck)
    for i, (kind, param) in enumerate(deck):
        st.ev_kind[i], st.ev_param[i] = kind, param
    for i in range(len(deck), st.dims.nev):
        st.ev_kind[i], st.ev_param[i] = -1, -1
    st.attack = list(range(st.dims.natk))
    rng.shuffle(st.attack)
    st.yellow = list(rules.yellow_deck)
    rng.shuffle(st.yellow)
    st.market = [-1] * 4
    refill_market(st)
    st.knowledge_left = list(rules.knowledge)
    deck_tactics = experience.tactic_deck(rules)
    for s in range(NS):
        if st.active[s]:
            for t in rng.sample(deck_tactics, min(board["tactic_hand"], len(deck_tactics))):
                st.tactics[s][t] = 1
    return st


def _estate(st, rules, e, owner: int) -> None:
    f = e.field
    st.owner[f] = owner
    st.bright[f] = e.peasants
    st.town[f] = int(e.town)
    st.fortress[f] = e.fortress
    if e.garrison:
        st.garrison_force[f] = owner
        for t, n in e.garrison:
            armies.garrison_add(st, rules, f, t, armies.recruit_vet(rules, t), 0, n)
    if e.army:
        a = armies.new_army(st, owner, f)
        for t, n in e.army:
            armies.add_units(st, rules, a, t, armies.recruit_vet(rules, t), 0, n)
