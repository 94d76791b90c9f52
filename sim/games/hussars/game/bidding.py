"""Bidding: the yellow-card Auction market, Royal Lease auctions and title auctions (the Bidding Procedure).

"Players bidding on a card or title secretly prepare their bids ... and reveal them simultaneously. A bid may include
only the currencies whose icons appear on the card or title: Gold, Influence, or King's Support." "1 Influence = 3
Gold; 1 King's Support = 3 Influence = 9 Gold." "The highest bid wins. Ties: Other Houses always lose ties against
players" (and between players, the Force closest to first place on the Turn Order Track). "The winner pays their
bid. Losers reclaim all hidden resources from the bid. A player may submit an empty bid but cannot win. They must
pay at least 1 resource of their choice to win a card." "Free Support: ... A bid consisting only of free Influence
is valid and may win." The bidding limit: "the first player to resolve Card Bidding: up to 4 cards, second: up to 3
cards, third: up to 2 cards, fourth: only 1 card, fifth and sixth: 0 cards."
"""

from __future__ import annotations

from sim.games.hussars.game import armies, combat, law, offices
from sim.games.hussars.game.state import NS, OH

CURRENCY = ("gold", "influence", "kings_support")


def rate(rules) -> tuple[int, int, int]:
    b = rules.values["bidding"]
    return 1, b["influence_gold"], b["kings_support_gold"]


def value(rules, bid) -> int:
    r = rate(rules)
    return sum(r[i] * bid[i] for i in range(3))


def clean_bid(g, s: int, bid, currencies) -> tuple[int, int, int]:
    """The sealed bid as (gold, influence, kings_support): what the seat holds, in the allowed currencies."""
    st = g.state
    bid = tuple(bid) + (0,) * (3 - len(tuple(bid)))
    held = (st.gold[s], max(0, st.influence[s]), st.kings_support[s])
    out = []
    for i in range(3):
        amount = bid[i] if isinstance(bid[i], int) and not isinstance(bid[i], bool) else 0
        if amount < 0 or amount > held[i] or (amount and CURRENCY[i] not in currencies):
            g.refuse(f"bid {bid}")
            amount = max(0, min(amount, held[i])) if CURRENCY[i] in currencies else 0
        out.append(amount)
    return out[0], out[1], out[2]


def pay(g, s: int, bid) -> None:
    st = g.state
    st.gold[s] -= bid[0]
    st.influence[s] -= bid[1]
    st.kings_support[s] -= bid[2]


def winner(g, offers: dict[int, int], other_houses: int | None) -> int:
    """The seat with the highest bid value (ties to the earlier place on the track), OH if it bids more, else -1."""
    st = g.state
    best = -1
    for s in sorted(offers, key=lambda s: combat.priority(st, s)):
        if best < 0 or offers[s] > offers[best]:
            best = s
    if other_houses is not None and (best < 0 or other_houses > offers[best]):
        return OH
    return best


# ---- the Auction market -------------------------------------------------------------------------------------------


def card_bidding(g, s: int) -> None:
    """Card Bidding resolved: the seat's limit by its place among the players who resolved it this phase."""
    st, rules = g.state, g.rules
    bid_card = rules.card("card_bidding")
    rank = 0
    for f in st.order:
        if f == s:
            break
        if 0 <= f < NS and st.played[f][bid_card]:
            rank += 1
    limits = rules.values["bidding"]["limits"]
    st.bids[s] += limits[rank] if rank < len(limits) else 0


def place_crests(g, s: int) -> None:
    """After the turn: Crests on up to ``bids[s]`` cards of the market."""
    st = g.state
    if st.bids[s] <= 0:
        return
    slots = g.plans[s].auction(g, s, st.bids[s])
    seen = set()
    for slot in slots or ():
        if (
            isinstance(slot, int)
            and 0 <= slot < 4
            and st.market[slot] >= 0
            and slot not in seen
            and len(seen) < st.bids[s]
        ):
            seen.add(slot)
            st.crest_on[slot][s] = 1
        else:
            g.refuse(f"auction slot {slot}")


def auction_market(g) -> None:
    """The Bidding Phase: cards with Crests auctioned left to right; the rest discarded; four new cards."""
    st, rules = g.state, g.rules
    currencies = set(rules.ruleset.values("cards")["yellow_currencies"])
    for slot in range(4):
        card = st.market[slot]
        bidders = [s for s in range(NS) if st.crest_on[slot][s] and st.active[s]]
        if card >= 0 and bidders:
            bids = {s: clean_bid(g, s, g.plans[s].bid_yellow(g, s, slot), currencies) for s in bidders}
            offers = {s: value(rules, b) for s, b in bids.items() if sum(b) > 0}
            won = winner(g, offers, None)
            if won >= 0:
                pay(g, won, bids[won])
                st.hand[won][card] += 1
        st.market[slot] = -1
        for s in range(NS):
            st.crest_on[slot][s] = 0
    refill_market(st)
    for s in range(NS):
        st.bids[s] = 0


def refill_market(st) -> None:
    for slot in range(4):
        if st.market[slot] < 0 and st.yellow_top < len(st.yellow):
            st.market[slot] = st.yellow[st.yellow_top]
            st.yellow_top += 1


# ---- Royal Leases -------------------------------------------------------------------------------------------------


def lease_auction(g, i: int) -> None:
    """Rulebook: "The current leaseholder adds the free Influence shown on the lease card"; "If the current leaseholder
    loses, they take the Gold shown on the lease card from the bank"; the Other Houses bid last, the card's bid (here
    its fixed Influence plus a die); "If they win, place their Crest and 1 Cossack unit there"."""
    st, rules = g.state, g.rules
    lease = rules.leases[i]
    holder = st.lease_holder[i]
    bids, offers = {}, {}
    for s in range(NS):
        if st.active[s] and not law.is_outlaw(st, rules, s):
            bids[s] = clean_bid(g, s, g.plans[s].bid_lease(g, s, i), {"gold", "influence"})
            free = lease.heritage if s == holder else 0
            if sum(bids[s]) + free > 0:
                offers[s] = value(rules, bids[s]) + free * rate(rules)[1]
    oh = lease.bid_influence + (g.die(lease.bid_die) if lease.bid_die else 0)
    won = winner(g, offers, oh * rate(rules)[1])
    if won == holder:
        if 0 <= won < NS:
            pay(g, won, bids[won])
            st.st_paid_lease[won] += value(rules, bids[won])
        return
    if 0 <= holder < NS:
        st.gold[holder] += lease.compensation
    if 0 <= won < NS:
        pay(g, won, bids[won])
        st.st_paid_lease[won] += value(rules, bids[won])
    offices.transfer_lease(g, i, won)
    if won == OH:
        a = armies.new_army(st, OH, lease.field)
        armies.add_units(st, rules, a, rules.units.index("cossack"), 0, 0, min(1, st.box[rules.units.index("cossack")]))
        armies.drop_if_empty(st, a)


# ---- titles -------------------------------------------------------------------------------------------------------


def eligible(g, s: int, t: int) -> bool:
    """Players only (not an Enemy of the Commonwealth); "Only a Catholic may become Bishop"; "Nepotism: A single
    family may not hold both the Voivode and Castellan offices simultaneously"."""
    st, rules = g.state, g.rules
    if not st.active[s] or law.is_outlaw(st, rules, s):
        return False
    if rules.titles[t].catholic_only and not st.catholic[s]:
        return False
    if t in rules.nepotism and any(st.title_holder[o] == s for o in rules.nepotism if o != t):
        return False
    return True


def title_auction(g, t: int) -> None:
    st, rules = g.state, g.rules
    title = rules.titles[t]
    free_for = -1
    if title.id == "hetman":  # "The player with the most Tactic cards adds 1 free Influence"
        counts = [sum(st.tactics[s]) if st.active[s] else -1 for s in range(NS)]
        top = max(counts)
        if counts.count(top) == 1 and top >= 0:
            free_for = counts.index(top)
    bids, offers = {}, {}
    for s in range(NS):
        if eligible(g, s, t):
            bids[s] = clean_bid(g, s, g.plans[s].bid_title(g, s, t), title.currencies)
            free = rules.values["bidding"]["hetman_free_influence"] if s == free_for else 0
            if sum(bids[s]) + free > 0:
                offers[s] = value(rules, bids[s]) + free * rate(rules)[1]
    won = winner(g, offers, value(rules, title.other_houses_bid))
    if 0 <= won < NS:
        pay(g, won, bids[won])
        st.st_paid_title[won] += value(rules, bids[won])
        offices.grant(g, t, won, bool(g.plans[won].title_place(g, won, t)))
    else:
        offices.grant(g, t, OH)
