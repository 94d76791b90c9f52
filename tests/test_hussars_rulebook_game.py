"""Winged Hussars and Cossacks, the full game: every computational example of the rulebook's non-battle rules, on the
reference engine (sim/games/hussars/game), each quoting its sentence. The battle examples are in
test_hussars_rulebook.py."""

import pytest

from sim.games.hussars.game import (
    armies,
    bidding,
    economy,
    estates,
    events,
    expeditions,
    experience,
    law,
    movement,
    offices,
    orders,
    raids,
    refresh,
    tatars,
    titles,
    turn,
    unrest,
)
from sim.games.hussars.game.context import Game
from sim.games.hussars.game.orders import Order
from sim.games.hussars.game.ruleset import load_game_rules
from sim.games.hussars.game.setup import new_state
from sim.games.hussars.game.state import HETMAN, OH, TATARS, VP_CATS
from sim.lockstep import LockstepRandom
from strategies.hussars.base import Plan

OSTROGSKI, WISNIOWIECKI, KORECKI, DANILOWICZ = 0, 1, 2, 3  # families.yaml order


class Answers(Plan):
    """A plan that gives the answers a test sets (``answers[method]``), and a plan's defaults otherwise."""

    def __init__(self, **answers):
        self.answers = answers

    def __getattribute__(self, name):
        answers = object.__getattribute__(self, "answers")
        if name in answers:
            value = answers[name]
            return lambda *args: value
        return object.__getattribute__(self, name)


@pytest.fixture
def rules():
    return load_game_rules()


def game(rules, plans=None, families=(0, 1, 2, 3), seed=1, battles="simplified"):
    st = new_state(rules, list(families), 2, LockstepRandom(seed))
    plans = plans or [Answers() for _ in range(4)]
    return Game(st, rules, plans, LockstepRandom(seed + 100), battles)


def card(rules, name):
    return rules.card(name)


def field(rules, fid):
    return rules.field(fid)


def lone_army(g, seat, fid, unit, veteran=0, n=1):
    """Replace the seat's armies by one army of ``n`` ``unit`` tokens on ``fid``."""
    st, rules = g.state, g.rules
    for a in armies.armies_of(st, seat):
        armies.clear_army(st, rules, a)
    a = armies.new_army(st, seat, field(rules, fid))
    armies.add_units(st, rules, a, rules.unit(unit), veteran, 0, n)
    return a


# ---- Example of a Turn --------------------------------------------------------------------------------------------


def test_example_of_a_turn_planning_and_time(rules):
    """Rulebook: "Ostrogski secretly selects three Action cards: Buy a Province (Time 2, one star), Build a Family Seat
    (Time 3, one star) and Card Bidding (Time 1, no star). The two starred cards reach the limit of 2 stars; Card
    Bidding has no star, so it can be added freely. ... Ostrogski's total is 6 and Wiśniowiecki's is 4, so Wiśniowiecki
    acts first.\""""
    ostrogski = [card(rules, "buy_province"), card(rules, "family_seat"), card(rules, "card_bidding")]
    wisniowiecki = [card(rules, "town"), card(rules, "enlist")]  # Time 2 + 2
    plans = [Answers(cards=ostrogski), Answers(cards=wisniowiecki), Answers(cards=[]), Answers(cards=[])]
    g = game(rules, plans, families=(OSTROGSKI, WISNIOWIECKI, -1, -1))
    assert turn.legal_plan(g, 0, ostrogski + [card(rules, "orders")]) is None  # a third star is over the limit
    assert turn.legal_plan(g, 0, ostrogski + [card(rules, "family_card")]) is not None  # no star: unlimited
    turn.plan(g)
    turn.turn_order(g)
    assert g.state.time[:2] == [6, 4]
    assert g.state.track[:2] == [1, 0]  # Wiśniowiecki first
    assert [f for f in g.state.order if 0 <= f < 4] == [1, 0]
    assert g.state.order[0] == HETMAN  # the Quarter Army's Time is its 1 army: before both


def test_example_of_a_turn_raid_province_and_family_seat(rules):
    """Rulebook: "With his Light Cavalry retinue he moves 2 fields into an estate of the Other Houses and raids it: he
    takes 2 from the box and places a ruins marker there. This is within the safe plunder limit, so it is not a crime.
    As the Magnate takes part in the raid personally, he gains 1 XP. The raid costs 1 Movement Point, which is the Light
    Cavalry's extra Point beyond its limit of 2, so the army enters Loose Columns status." "Ostrogski buys a Province
    with 2 peasants from the Other Houses. Each peasant costs 3, so he pays 6 and raises his Income on the Family Board
    by 2." "He pays 4, places his family seat in the newly bought Province and raises his Prestige Level by 1." "After
    resolution, cards with the Immediate Return symbol go back to his hand. Build a Family Seat has the Summer Rest
    symbol, so it goes to his resting pile and returns to his hand in the Refresh Phase.\""""
    wasylkow, pohrebyshche = field(rules, "c5"), field(rules, "a5")  # an Other Houses estate 2 fields away; 2 peasants
    plans = [Answers(), Answers(), Answers(), Answers()]
    g = game(rules, plans)
    st = g.state
    a = lone_army(g, 0, "b2", "light_cavalry")
    st.figure[0] = field(rules, "b2")
    assert rules.dist[field(rules, "b2")][wasylkow] == 2 and st.bright[wasylkow] == 3 and st.owner[pohrebyshche] == OH
    played = [card(rules, "buy_province"), card(rules, "family_seat"), card(rules, "card_bidding")]
    plans[0].answers.update(cards=played, figure=Order(a, wasylkow, "raid"), buy=pohrebyshche, seat_site=pohrebyshche)
    turn.plan(g)
    gold, income, xp, prestige = st.gold[0], st.income[0], st.xp[0], st.prestige[0]
    hand = list(st.hand[0])
    turn.player_turn(g, 0)
    assert st.gold[0] == gold + 2 - 6 - 4
    assert st.ruins[wasylkow] == 1 and st.crests_new[0] == 0 and st.plunder[0] == 2
    assert st.xp[0] == xp + 1 and st.a_loose[a] == 1
    assert st.owner[pohrebyshche] == 0 and st.income[0] == income + 2
    assert st.family_seat[pohrebyshche] == 0 and st.prestige[0] == prestige + 1
    assert st.hand[0][card(rules, "buy_province")] == hand[card(rules, "buy_province")] + 1  # Immediate Return
    assert st.hand[0][card(rules, "card_bidding")] == hand[card(rules, "card_bidding")] + 1
    assert st.resting[0][card(rules, "family_seat")] == 1  # Summer Rest ...
    refresh.refresh_phase(g)
    assert st.resting[0][card(rules, "family_seat")] == 0 and st.hand[0][card(rules, "family_seat")] == 1  # ... back


# ---- Bidding --------------------------------------------------------------------------------------------------------


def test_bidding_limit_example(rules):
    """Rulebook: "Tatars – ignored; Daniłowicz – bids on up to 4 cards (occupies 1st active bidding position);
    Wiśniowiecki – bids on up to 3 cards; Hetman cannot bid – ignored; Ostrogski did not play Card Bidding – ignored;
    Korecki – bids on up to 2 cards." "the first player to resolve Card Bidding: up to 4 cards, second: up to 3 cards,
    third: up to 2 cards, fourth: only 1 card".\""""
    g = game(rules)
    st = g.state
    ostro, wis, kor, dan = 0, 1, 2, 3
    st.order = [TATARS, dan, wis, HETMAN, ostro, kor, -1, -1]
    bid = card(rules, "card_bidding")
    for s in (dan, wis, kor):
        st.played[s][bid] = 1
    for s in (dan, wis, kor):
        bidding.card_bidding(g, s)
    assert [st.bids[dan], st.bids[wis], st.bids[kor], st.bids[ostro]] == [4, 3, 2, 0]
    st.played[ostro][bid] = 1
    bidding.card_bidding(g, ostro)
    assert st.bids[ostro] == 2  # had Ostrogski played it, he would have been third (before Korecki)
    assert rules.values["bidding"]["limits"] == [4, 3, 2, 1, 0, 0]


def test_currency_conversions(rules):
    """Rulebook: "1 Influence = 3 Gold; 1 King's Support = 3 Influence = 9 Gold.\""""
    assert bidding.value(rules, (1, 0, 0)) == 1
    assert bidding.value(rules, (0, 1, 0)) == 3
    assert bidding.value(rules, (0, 0, 1)) == 9 == bidding.value(rules, (0, 3, 0))


def test_yellow_auction_ties_and_payment(rules):
    """Rulebook: "The highest bid wins"; ties go "in favour of the Force closest to first place on the Turn Order
    Track"; "The winner pays their bid. Losers reclaim all hidden resources"; "A player may submit an empty bid but
    cannot win.\""""
    plans = [Answers(bid_yellow=(3, 0)), Answers(bid_yellow=(0, 1)), Answers(bid_yellow=(0, 0)), Answers()]
    g = game(rules, plans)
    st = g.state
    st.order = [1, 0, 2, 3, -1, -1, -1, -1]
    st.crest_on[0] = [1, 1, 1, 0]
    drawn = st.market[0]
    gold, infl = list(st.gold), list(st.influence)
    bidding.auction_market(g)
    assert st.hand[1][drawn] == 1  # 1 Influence = 3 Gold ties 3 Gold; seat 1 is earlier on the track
    assert st.influence[1] == infl[1] - 1 and st.gold[0] == gold[0] and st.gold[2] == gold[2]
    assert all(st.market[k] >= 0 for k in range(4))  # "Replenish the Auction market with four new yellow cards"


# ---- Town Privileges, Settlers, Provinces ---------------------------------------------------------------------------


def test_town_privileges_lubny(rules):
    """Rulebook: "Wiśniowiecki wants to found a town in Lubny (f11). This estate lies by a river and borders two settled
    estates – Lochwica (g8) and Mirogrod. Since the Gold discount applies only to estates without a town, Mirogrod (g9)
    is not taken into account. Zlotonosza (d14) is too far away – it does not border Lubny directly. In total
    Wiśniowiecki must pay 1 Influence and 3 Gold (base 5 Gold minus 1 for the river and 1 for the neighbouring estate
    without a town).\""""
    g = game(rules, families=(OSTROGSKI, KORECKI, DANILOWICZ, WISNIOWIECKI))
    st = g.state
    lubny = field(rules, "f11")
    assert st.owner[lubny] == 3 and rules.fields[lubny].river
    assert st.town[field(rules, "g9")] and not st.town[field(rules, "g8")]
    assert field(rules, "d14") not in rules.fields[lubny].neighbours
    assert estates.town_cost(st, rules, lubny) == (3, 1)
    gold, infl, income = st.gold[3], st.influence[3], st.income[3]
    assert estates.found_town(st, rules, 3, lubny)
    assert (st.gold[3], st.influence[3]) == (gold - 3, infl - 1)
    assert st.income[3] == income + rules.values["estates"]["town_income"]  # "A town increases ... Income by 5"
    assert not estates.can_found_town(st, rules, 3, lubny)  # "one per estate"


def test_town_discounts_stop_at_zero_but_influence_is_paid(rules):
    """Rulebook: "Discounts can reduce the Gold cost to 0, but the Influence is always paid.\""""
    g = game(rules)
    st = g.state
    kyiv_side = field(rules, "c5")  # by no river; neighbours c3, a5, d5, b6, d7
    for nb in rules.fields[kyiv_side].neighbours:
        st.town[nb] = 0
        if st.owner[nb] < 0:
            st.owner[nb], st.bright[nb] = OH, 2
        st.bright[nb] = max(st.bright[nb], 1)
    assert estates.town_cost(st, rules, kyiv_side) == (0, 1)


def test_settlers_respect_the_population_limit(rules):
    """Rulebook: "Each estate has a population limit of 12 peasants.\""""
    g = game(rules)
    st = g.state
    f = field(rules, "b2")
    st.bright[f] = 11
    st.gold[0] = 20
    assert estates.settle_estate(st, rules, 0, f)
    assert st.bright[f] + st.incited[f] == 12
    assert not estates.can_settle(st, rules, 0, f)


# ---- Experience -----------------------------------------------------------------------------------------------------


def test_advancement_cost(rules):
    """Rulebook: "Each new Level costs as many XP as its number ... so going from Level 0 to Level 5 costs 15 XP in
    total." "Example: A Magnate at XL 2 holds 4 XP. He spends 3 XP to advance to XL 3; 1 XP remains for the next
    advancement.\""""
    assert experience.levels_for(15) == (5, 0)
    assert experience.levels_for(14) == (4, 4)
    g = game(rules)
    st = g.state
    st.xl[0], st.xp[0] = 2, 0
    experience.gain(g, 0, 4)
    assert (st.xl[0], st.xp[0]) == (3, 1)


# ---- Law ------------------------------------------------------------------------------------------------------------


def test_plunder_scale_and_grand_plunder(rules):
    """Rulebook: "Plundering up to 2 per round is lawful"; "Plundering a total value of 3 Gold before the nearest
    Refresh Phase is 1 crime"; "A raid always takes the full loot. A raid worth 6 Gold is therefore 2 crimes.\""""
    assert law.plunder_crimes(rules, 0, 2) == 0
    assert law.plunder_crimes(rules, 0, 3) == 1
    assert law.plunder_crimes(rules, 2, 1) == 1
    assert law.plunder_crimes(rules, 0, 6) == 2
    g = game(rules)
    st = g.state
    target = field(rules, "c5")
    st.bright[target] = 12  # half of 12 Income: a 6-Gold raid
    estates.settle(st, rules, target, (OH, 3))
    a = lone_army(g, 0, "c5", "light_cavalry")
    st.xl[0], st.xp[0] = rules.values["experience"]["max_xl"], 0  # no Level to spend XP on
    xp = st.xp[0]
    st.figure[0] = -1  # the Magnate does not lead it
    assert raids.loot(st, rules, target) == 6
    raids.raid(g, a)
    assert st.crests_new[0] == 2 and st.xp[0] == xp + 2  # "Each Crest placed ... instantly awards 1 XP"


def test_punishments_by_loot(rules):
    """Rulebook: "Even minor plundering of the offender (1–2 Gold) counts as a full punishment, and every further full 3
    of loot is another punishment (3–5 Gold = 2 punishments, 6–8 Gold = 3 punishments, and so on).\""""
    assert [law.punishments_for_loot(rules, x) for x in range(1, 10)] == [1, 1, 2, 2, 2, 3, 3, 3, 4]


def test_punishment_rewards_and_enemy_of_the_commonwealth(rules):
    """Rulebook: "For each removed perpetrator Crest, the punisher receives 1 XP and 1 Influence." "A player instantly
    becomes an Enemy of the Commonwealth when holding 3 or more total Crest tokens" and "Instantly loses all titles and
    Royal Leases". "Example: A player without a summons twice punishes an Enemy of the Commonwealth with 3 Crests. The
    first punishment is legal (the criminal drops to 2 Crests and loses the status); the second is not: the criminal
    keeps 2 Crests and the punisher gains 1 Crest on the Outlaw Track.\""""
    g = game(rules)
    st = g.state
    offices.grant(g, offices.title_index(rules, "voivode"), 2)  # a player Voivode: no summons for the others
    offices.grant(g, offices.title_index(rules, "bishop"), 1)
    offices.transfer_lease(g, 0, 1)
    law.commit(g, 1, 2)
    assert not law.is_outlaw(st, rules, 1)
    law.commit(g, 1, 1)
    assert law.is_outlaw(st, rules, 1)
    assert st.title_holder[offices.title_index(rules, "bishop")] == -1 and st.lease_holder[0] == OH
    xp, infl = st.xp[0], st.influence[0]
    law.attempt_punish(g, 0, 1, 1)
    assert law.crests(st, 1) == 2 and not law.is_outlaw(st, rules, 1)
    assert st.influence[0] == infl + 1 and st.xp[0] >= xp + 1
    law.attempt_punish(g, 0, 1, 1)
    assert law.crests(st, 1) == 2 and law.crests(st, 0) == 1


def test_crimes_expire_after_two_refreshes(rules):
    """Rulebook: "Crests from the 'exilia abolitia' field return to the respective players ... Move the remaining Crests
    to the 'exilia abolitia' field"; "The Voivode ... each lose 1 Influence for each such Crest.\""""
    g = game(rules)
    st = g.state
    offices.grant(g, offices.title_index(rules, "voivode"), 2)
    law.commit(g, 0, 1)
    law.expire(g)
    assert (st.crests_new[0], st.crests_old[0]) == (0, 1)
    infl = st.influence[2]
    law.expire(g)
    assert law.crests(st, 0) == 0 and st.influence[2] == infl - 1


def test_occupation_crimes(rules):
    """Rulebook: "Starting an occupation is 2 crimes; each further turn in occupation is 1 more crime." "The owner loses
    the estate's Income and the occupier gains it.\""""
    g = game(rules)
    st = g.state
    target = field(rules, "c5")
    a = lone_army(g, 0, "c5", "light_cavalry")
    income = st.income[0]
    raids.occupy(g, a)
    assert st.crests_new[0] == 2 and st.income[0] == income + estates.gross(st, rules, target)
    raids.occupation_turn(g, 0)
    assert st.crests_new[0] == 3 and law.is_outlaw(st, rules, 0)


# ---- Movement -------------------------------------------------------------------------------------------------------


def test_dnieper_and_bridges(rules):
    """Rulebook: "Crossing the Dnieper without a bridge costs 2 in total. Crossing by bridge, or with a unit bearing a
    wave icon (e.g. Lipka Tatars or Tatar cavalry), costs only 1 Movement Point.\""""
    assert rules.cost(field(rules, "d3"), field(rules, "e2")) == 2
    assert rules.cost(field(rules, "d5"), field(rules, "e5")) == 1  # the bridge at Kyiv
    assert rules.dist_wave[field(rules, "d3")][field(rules, "e2")] == 1


def test_loose_columns_extra_point(rules):
    """Rulebook: "An army may use 1 extra Movement Point per turn on movement or an action. If any unit uses it, the
    whole army enters Loose Columns status." "The cavalry moves two more fields without penalty. If it moves a fourth
    field or raids an estate, it enters Loose Columns." (veteran Light Cavalry: 3 Movement Points)"""
    g = game(rules)
    st = g.state
    a = lone_army(g, 0, "b2", "light_cavalry", veteran=1)
    assert movement.speed(g, a) == 3
    three = [f for f in range(len(rules.fields)) if rules.dist[field(rules, "b2")][f] == 3][0]
    assert orders.execute(g, 0, Order(a, three), with_figure=False) and st.a_loose[a] == 0
    b = lone_army(g, 0, "b2", "light_cavalry", veteran=1)
    four = [f for f in range(len(rules.fields)) if rules.dist[field(rules, "b2")][f] == 4][0]
    assert orders.execute(g, 0, Order(b, four), with_figure=False) and st.a_loose[b] == 1
    mixed = lone_army(g, 0, "b2", "light_cavalry", veteran=1)
    armies.add_units(st, rules, mixed, rules.unit("cossack"), 0, 0, 1)
    assert movement.speed(g, mixed) == 1  # "The whole army moves at the speed of its slowest unit"


# ---- Harvest and Prestige --------------------------------------------------------------------------------------------


def test_harvest_deficit(rules):
    """Rulebook: "A player who cannot pay the loss pays as much Gold as possible. Any remaining deficit is forgiven, but
    the player loses 1 Victory Point ... for each unpaid Gold." "Each player then takes Influence equal to their
    Prestige Level.\""""
    g = game(rules)
    st = g.state
    st.income[0], st.upkeep[0], st.gold[0] = 5, 10, 3
    infl = st.influence[0]
    economy.harvest(g)
    assert st.gold[0] == 0 and st.vp[0][VP_CATS.index("deficit")] == -2
    assert st.influence[0] == infl + economy.influence_gain(st, rules, 0)


def test_prestige_intermediate_steps(rules):
    """Rulebook: "Spaces marked with an apostrophe (3', 4') are intermediate steps: they grant the same Influence as the
    previous level (3' = 3, 4' = 4). Reaching Level 4 or 5 therefore requires two advances.\""""
    assert rules.values["harvest"]["prestige_influence"] == [0, 1, 2, 3, 3, 4, 4, 5]


def test_hussars_raise_prestige(rules):
    """Rulebook: "Each Winged Hussar unit on the map raises the Prestige Level by 1 and gives +3 Victory Points.\""""
    g = game(rules)
    st = g.state
    before = economy.prestige_level(st, rules, 0)
    a = lone_army(g, 0, "b2", "winged_hussar", veteran=1)
    assert economy.prestige_level(st, rules, 0) == before + 1
    assert st.a_units[a][rules.unit("winged_hussar")][1][0] == 1


def test_ransom(rules):
    """Rulebook: "The prisoner's owner may pay the captor at any time: 3 Gold + 1 Gold per XL of the figure." "If the
    ransom is not paid by the end of the Harvest Phase, the player loses 1 Influence and the prisoner loses 1
    Health.\""""
    assert economy.ransom(rules, 0) == 3 and economy.ransom(rules, 4) == 7
    plans = [Answers(ransom=False), Answers(), Answers(), Answers()]
    g = game(rules, plans)
    st = g.state
    captor = lone_army(g, 1, "b2", "light_cavalry")
    st.captor[0] = captor
    infl, health = st.influence[0], st.health[0]
    economy.harvest(g)
    assert st.influence[0] == infl + economy.influence_gain(st, rules, 0) - 1 and st.health[0] == health - 1


# ---- Refresh ---------------------------------------------------------------------------------------------------------


def test_refresh_removes_red_before_black(rules):
    """Rulebook: "Remove one Hardship marker from each estate: a red ruins marker first; a black marker only if no red
    marker is left." "Add Cossacks to the Sich (1 unit for 3–4 players ...; none for 1–2 players)." "Migration Bank:
    Flip all peasant tokens in the Migration Bank to their incited side.\""""
    g = game(rules)
    st = g.state
    f = field(rules, "b2")
    estates.add_marker(st, rules, f, "ruins", 1)
    estates.add_marker(st, rules, f, "relief", 1)
    c = rules.unit("cossack")
    sich = st.sich_units[c][0][0]
    bank = st.bank_bright
    refresh.refresh_phase(g)
    assert (st.ruins[f], st.relief[f]) == (0, 1)
    assert st.sich_units[c][0][0] == sich + 1 and (st.bank_bright, st.bank_incited) == (0, bank)
    refresh.refresh_phase(g)
    assert st.relief[f] == 0
    g2 = game(rules, families=(0, 1, -1, -1))
    sich2 = g2.state.sich_units[c][0][0]
    refresh.refresh_phase(g2)
    assert g2.state.sich_units[c][0][0] == sich2  # none for 2 players


# ---- Tatars, Swift Support, unrest ----------------------------------------------------------------------------------


def test_taking_the_jasyr(rules):
    """Rulebook: "Place a ruins marker on the estate and flip all its peasants to their incited side. 1 peasant is taken
    as jasyr by the Tatar army, and 1 more flees to the Migration Bank." "An army carrying jasyr automatically enters
    Loose Columns status.\""""
    g = game(rules)
    st = g.state
    f = field(rules, "a3")  # seat 0: 3 peasants
    a = armies.new_army(st, TATARS, f)
    armies.add_units(st, rules, a, rules.unit("tatar_cavalry"), 0, 0, 3)
    income, bank = st.income[0], st.bank_incited
    tatars.take_jasyr(g, a, f)
    assert st.ruins[f] == 1 and (st.bright[f], st.incited[f]) == (0, 1)
    assert st.bank_incited == bank + 1 and [h for h in st.a_jasyr[a] if h != -1] == [f] and st.a_loose[a]
    assert st.income[0] == income - 3


def test_jasyr_leaving_the_map(rules):
    """Rulebook: "For each peasant token that successfully leaves the map, the Hetman instantly loses 1 Influence and
    the estate owner loses 1 Happiness.\""""
    g = game(rules)
    st = g.state
    offices.grant(g, offices.title_index(rules, "hetman"), 1)
    f = field(rules, "a3")
    a = armies.new_army(st, TATARS, field(rules, "a14"))
    armies.add_units(st, rules, a, rules.unit("tatar_cavalry"), 0, 0, 1)
    st.a_jasyr[a][0] = f
    happy, infl = st.happiness[0], st.influence[1]
    tatars.leave(g, a)
    assert st.happiness[0] == happy - 1 and st.influence[1] == infl - 1 and st.a_force[a] == -1


def test_swift_support_hussar_counts_two(rules):
    """Rulebook: "To repel a single raid on their domains, a player must deploy exactly 1 cavalry unit to that
    voivodeship." "Hussars: Count as 2 cavalry units, allowing a single Hussar token to repel a Sefer raid for one
    player"; "For each unrepelled attack, the targeted player immediately loses 1 Happiness or 6 Gold.\""""
    plans = [Answers(swift=(2, 0, "gold")) for _ in range(4)]
    g = game(rules, plans, families=(0, -1, -1, -1), seed=3)
    st = g.state
    lone_army(g, 0, "b2", "winged_hussar", veteran=1)
    for a in armies.armies_of(st, HETMAN):
        armies.clear_army(st, rules, a)  # no Quarter Army to defend the voivodeship
    domain = rules.seats[0].domain
    g.die = lambda faces: domain + 1
    gold, happy = st.gold[0], st.happiness[0]
    expeditions.swift_support(g, 2, [False])
    assert (st.gold[0], st.happiness[0]) == (gold, happy)
    assert sum(armies.army_tokens(st, a) for a in range(len(st.a_force)) if st.a_force[a] == 0 and st.a_away[a]) == 1
    plans[0].answers["swift"] = (0, 0, "gold")
    expeditions.swift_support(g, 2, [False])
    assert st.gold[0] == gold - 12


def test_quarter_army_defends_one_voivodeship(rules):
    """Rulebook: "The Quarter Army defends one attacked voivodeship, protecting all players' domains there.\""""
    g = game(rules, [Answers(swift=(0, 0, "gold")) for _ in range(4)], families=(0, -1, -1, -1))
    st = g.state
    g.die = lambda faces: rules.seats[0].domain + 1
    gold = st.gold[0]
    defended = [False]
    expeditions.swift_support(g, 1, defended)
    assert st.gold[0] == gold and defended[0]
    expeditions.swift_support(g, 1, defended)
    assert st.gold[0] == gold - 6


def test_expedition_success_pay_and_kings_support(rules):
    """Rulebook: "An expedition succeeds if more units are sent to it than there are players. Pay is always received ...
    King's Support is awarded only for a successful expedition." "each participating player receives 1 King's Support
    token. The player who sent the strongest forces receives 1 additional token.\""""
    g = game(rules, families=(0, 1, -1, -1))
    st = g.state
    expeditions.open_front(g, 0, with_hetman=False)
    road = rules.roads[0]
    a = lone_army(g, 0, "b2", "light_cavalry", n=3)
    assert orders.execute(g, 0, Order(a, road, "expedition"), with_figure=False)
    gold, ks = st.gold[0], st.kings_support[0]
    expeditions.rewards(g)
    assert st.gold[0] == gold + 3 * rules.event_kinds["expedition"]["pay"]
    assert st.kings_support[0] == ks + 2  # 3 units > 2 players; the strongest
    assert st.a_away[a] == 0 and st.a_march[a] == rules.values["action_phase"]["march_moves"]


def test_uprising_outbreak(rules):
    """Rulebook: "A formal uprising erupts instantly when the Happiness Level of any individual player drops to -3 or
    lower." "When an uprising breaks out, each Magnate lowers their Happiness on the Family Board by 1." "Take all
    independent Ex-Registered Cossack units on the board ... one against each player where the uprising broke out.\""""
    g = game(rules)
    st = g.state
    c = rules.unit("cossack")
    sich = st.sich_units[c][0][0]
    unrest.change_happiness(g, 2, -3)
    assert st.uprising and st.targets[2] == 1 and st.targets[0] == 0
    assert st.happiness[2] == -4 and st.happiness[0] == -1
    rebels = unrest.rebel_armies(st)
    assert sum(armies.army_tokens(st, a) for a in rebels if st.a_target[a] == 2) == sich + 2  # + defected Cossacks


def test_agreement_cost(rules):
    """Rulebook: "Each player loses ½ VP for each 1 of gross Income from their estates still occupied by rebels when the
    agreement is finalised (rounded up)." "Overall Happiness rises by 1 Level after an Agreement.\""""
    g = game(rules)
    st = g.state
    unrest.change_happiness(g, 0, -3)
    f = field(rules, "a3")  # 3 peasants
    st.occupier[f] = 6
    estates.settle(st, rules, f, (0, 3))
    overall = st.overall
    unrest.end(g, agreement=True)
    assert st.vp[0][VP_CATS.index("unrest")] == -2 and st.overall == overall + 1 and st.occupier[f] == -1


# ---- Titles, leases, events ---------------------------------------------------------------------------------------


def test_kaniw_lease(rules):
    """The Kaniw (d11) card: "Heritage +1 Influence, Upkeep 1 and Compensation 3 Gold"; "The current leaseholder adds
    the free Influence shown on the lease card"; "If the current leaseholder loses, they take the Gold shown on the
    lease card from the bank"; "Since Other Houses always lose ties against players, a player wins by bidding at least
    this value"; "Each lease has a fixed Upkeep ... The winner raises Upkeep at once.\""""
    kaniw = [le.id for le in rules.leases].index("kaniw")
    lease = rules.leases[kaniw]
    assert (lease.heritage, lease.upkeep, lease.compensation) == (1, 1, 3)
    plans = [Answers(bid_lease=(0, 0)), Answers(bid_lease=(6, 0)), Answers(), Answers()]
    g = game(rules, plans, families=(0, 1, -1, -1))
    st = g.state
    upkeep = st.upkeep[0]
    offices.transfer_lease(g, kaniw, 0)
    assert st.owner[lease.field] == 0 and st.upkeep[0] == upkeep + 1 and not armies.armies_at(st, lease.field, OH)
    g.die = lambda faces: 2  # the Other Houses' d2: 2 Influence = 6 Gold
    gold0, gold1 = st.gold[0], st.gold[1]
    bidding.lease_auction(g, kaniw)
    assert st.lease_holder[kaniw] == 1 and st.gold[1] == gold1 - 6  # 6 Gold ties the Other Houses and wins
    assert st.gold[0] == gold0 + 3 and st.upkeep[0] == upkeep and st.owner[lease.field] == 1


def test_title_requirements(rules):
    """Rulebook: "Only a Catholic may become Bishop." "A single family may not hold both the Voivode and Castellan
    offices simultaneously." "A player with this status [Enemy of the Commonwealth] ... may not bid in title
    auctions.\""""
    g = game(rules)
    bishop, castellan, voivode = (offices.title_index(rules, t) for t in ("bishop", "castellan", "voivode"))
    assert not bidding.eligible(g, 0, bishop) and bidding.eligible(g, 1, bishop)  # Ostrogski is Orthodox
    offices.grant(g, castellan, 1)
    assert not bidding.eligible(g, 1, voivode) and bidding.eligible(g, 2, voivode)
    law.commit(g, 2, 3)
    assert not bidding.eligible(g, 2, voivode)
    assert [t.id for t in rules.titles] == ["bishop", "hetman", "castellan", "voivode"]


def test_death_of_the_magnate(rules):
    """Rulebook: "If a character's Health falls below 0, they die immediately. A character remains alive at exactly 0."
    "The player receives VP equal to the deceased's XL." "The new Magnate starts at 0 XL and 0 XP, then: Add up the XP
    on the Title ... cards in the Successor area. Convert this total into XL." "A new Successor enters the empty
    Successor space (2 Health, 0 XP).\""""
    g = game(rules)
    st = g.state
    offices.grant(g, offices.title_index(rules, "hetman"), 0, successor=True)
    st.xl[0], st.health[0] = 4, 0
    g.die = lambda faces: 1  # every roll loses Health
    titles.death_check(g)
    assert st.vp[0][VP_CATS.index("deaths")] == 4
    assert st.xl[0] == experience.levels_for(rules.board["title_xp"])[0]
    assert st.health[0] == 2 and st.succ_health[0] == 2  # the former Successor's Health; a new Successor
    assert st.title_successor[offices.title_index(rules, "hetman")] == 0  # the Successor's title stays in play
    assert st.title_holder[offices.title_index(rules, "hetman")] == 0


def test_first_round_restriction(rules):
    """Rulebook: "Cards displaying a crossed-out '1st round' icon cannot be resolved during the first round of the game.
    If such a card is drawn in round 1, set it aside and draw another.\""""
    g = game(rules)
    st = g.state
    unrest_kind = [k for k, _ in rules.events].index(6)  # an 'unrest' card: not in round 1 (events.yaml)
    kind, param = rules.events[unrest_kind]
    st.ev_kind[0], st.ev_param[0] = kind, param
    st.ev_kind[1], st.ev_param[1] = 0, 0  # then a Besh-bash (Major)
    st.ev_top = 0
    overall = st.overall
    events.event_phase(g)
    assert st.overall == overall and st.st_tatar_raids == 1
    assert kind in st.ev_kind[st.ev_top : st.ev_len]  # back in the deck
