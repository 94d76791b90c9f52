"""The Auction market, Royal Lease and title auctions: the compiled twin of ``game/bidding.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import offices as O
from sim.games.hussars.fast import policy as PO
from sim.games.hussars.fast import reactions, rng

NS, OH = 4, 4
CARD_BIDDING = 3

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def value(R, g, i, k):
    return g + R.infl_gold * i + R.ks_gold * k


@njit(cache=True)
def clean_bid(st, R, s, g, i, k, cur):
    """The bid in what the seat holds and the allowed currencies (a refused part counted as illegal)."""
    held = (st.gold[s], max(0, st.influence[s]), st.kings_support[s])
    bid = (g, i, k)
    out = [0, 0, 0]
    for c in range(3):
        amount = bid[c]
        if amount < 0 or amount > held[c] or (amount and cur[c] == 0):
            st.illegal += 1
            amount = max(0, min(amount, held[c])) if cur[c] else 0
        out[c] = amount
    return out[0], out[1], out[2]


@njit(cache=True)
def winner(st, R, offers, has, oh_offer, oh_bids):
    """The highest offer (ties: the earlier place on the Turn Order Track); OH when it bids more."""
    best = -1
    order = np.empty(NS, np.int64)
    for s in range(NS):
        order[s] = s
    for i in range(1, NS):
        cur = order[i]
        j = i - 1
        while j >= 0 and CB.priority(st, order[j]) > CB.priority(st, cur):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = cur
    for k in range(NS):
        s = order[k]
        if has[s] and (best < 0 or offers[s] > offers[best]):
            best = s
    if oh_bids and (best < 0 or oh_offer > offers[best]):
        return OH
    return best


@njit(cache=True)
def card_bidding(st, R, s):
    rank = 0
    for i in range(st.order.shape[0]):
        f = st.order[i]
        if f == s:
            break
        if 0 <= f < NS:
            for c in range(R.nc):
                if R.c_effect[c] == CARD_BIDDING and R.c_yellow[c] == 0 and st.played[f, c]:
                    rank += 1
                    break
    st.bids[s] += R.bid_limits[rank] if rank < 6 else 0


@njit(cache=True)
def place_crests(st, R, P, sp, rs, s):
    if st.bids[s] <= 0:
        return
    out = np.empty(4, np.int64)
    n = PO.auction(st, R, P, sp, rs, s, st.bids[s], out)
    seen = 0
    for i in range(n):
        slot = out[i]
        if 0 <= slot < 4 and st.market[slot] >= 0 and st.crest_on[slot, s] == 0 and seen < st.bids[s]:
            seen += 1
            st.crest_on[slot, s] = 1
        else:
            st.illegal += 1


@njit(cache=True)
def auction_market(st, R, P, sp, rs):
    offers = np.zeros(NS, np.int64)
    has = np.zeros(NS, np.bool_)
    bids = np.zeros((NS, 3), np.int64)
    for slot in range(4):
        card = st.market[slot]
        any_bidder = False
        for s in range(NS):
            if st.crest_on[slot, s] and st.active[s]:
                any_bidder = True
        if card >= 0 and any_bidder:
            has[:] = False
            for s in range(NS):
                if st.crest_on[slot, s] and st.active[s]:
                    g, i, k = PO.bid_yellow(st, R, P, sp, rs, s, slot)
                    g, i, k = clean_bid(st, R, s, g, i, k, R.yellow_cur)
                    bids[s, 0], bids[s, 1], bids[s, 2] = g, i, k
                    if g + i + k > 0:
                        offers[s] = value(R, g, i, k)
                        has[s] = True
            won = winner(st, R, offers, has, np.int64(0), NO)
            if won >= 0:
                st.gold[won] -= bids[won, 0]
                st.influence[won] -= bids[won, 1]
                st.kings_support[won] -= bids[won, 2]
                st.hand[won, card] += 1
        st.market[slot] = -1
        for s in range(NS):
            st.crest_on[slot, s] = 0
    refill_market(st, R)
    for s in range(NS):
        st.bids[s] = 0


@njit(cache=True)
def refill_market(st, R):
    for slot in range(4):
        if st.market[slot] < 0 and st.yellow_top < R.ny:
            st.market[slot] = st.yellow[st.yellow_top]
            st.yellow_top += 1


@njit(cache=True)
def lease_auction(st, R, P, sp, rs, i):
    holder = st.lease_holder[i]
    offers = np.zeros(NS, np.int64)
    has = np.zeros(NS, np.bool_)
    bids = np.zeros((NS, 3), np.int64)
    cur = np.array([1, 1, 0])
    for s in range(NS):
        if st.active[s] and not L.is_outlaw(st, R, s):
            g, k1, k2 = PO.bid_lease(st, R, P, sp, rs, s)
            g, k1, k2 = clean_bid(st, R, s, g, k1, k2, cur)
            bids[s, 0], bids[s, 1], bids[s, 2] = g, k1, k2
            free = R.l_heritage[i] if s == holder else 0
            if g + k1 + k2 + free > 0:
                offers[s] = value(R, g, k1, k2) + free * R.infl_gold
                has[s] = True
    oh = R.l_bid_infl[i] + (rng.die(rs, R.l_bid_die[i]) if R.l_bid_die[i] else 0)
    won = winner(st, R, offers, has, oh * R.infl_gold, YES)
    if won == holder:
        if 0 <= won < NS:
            _pay(st, won, bids)
            st.st_paid_lease[won] += value(R, bids[won, 0], bids[won, 1], bids[won, 2])
        return
    if 0 <= holder < NS:
        st.gold[holder] += R.l_comp[i]
    if 0 <= won < NS:
        _pay(st, won, bids)
        st.st_paid_lease[won] += value(R, bids[won, 0], bids[won, 1], bids[won, 2])
    O.transfer_lease(st, R, i, won)
    if won == OH:
        a = A.new_army(st, R, np.int64(OH), R.l_field[i])
        A.add_units(st, R, a, R.cossack, np.int64(0), np.int64(0), min(1, st.box[R.cossack]), YES)
        A.drop_if_empty(st, R, a)


@njit(cache=True)
def _pay(st, s, bids):
    st.gold[s] -= bids[s, 0]
    st.influence[s] -= bids[s, 1]
    st.kings_support[s] -= bids[s, 2]


@njit(cache=True)
def eligible(st, R, s, t):
    if st.active[s] == 0 or L.is_outlaw(st, R, s):
        return False
    if R.t_catholic[t] and st.catholic[s] == 0:
        return False
    if R.nepotism[t]:
        for o in range(4):
            if o != t and R.nepotism[o] and st.title_holder[o] == s:
                return False
    return True


@njit(cache=True)
def title_auction(st, R, P, sp, rs, t):
    free_for = -1
    if t == R.t_hetman:
        top, count, who = -1, 0, -1
        for s in range(NS):
            c = -1
            if st.active[s]:
                c = 0
                for k in range(R.ntac):
                    c += st.tactics[s, k]
            if c > top:
                top, count, who = c, 1, s
            elif c == top:
                count += 1
        if count == 1 and top >= 0:
            free_for = who
    offers = np.zeros(NS, np.int64)
    has = np.zeros(NS, np.bool_)
    bids = np.zeros((NS, 3), np.int64)
    for s in range(NS):
        if eligible(st, R, s, t):
            g, i, k = PO.bid_title(st, R, P, sp, rs, s, t)
            g, i, k = clean_bid(st, R, s, g, i, k, R.t_cur[t])
            bids[s, 0], bids[s, 1], bids[s, 2] = g, i, k
            free = R.hetman_free if s == free_for else 0
            if g + i + k + free > 0:
                offers[s] = value(R, g, i, k) + free * R.infl_gold
                has[s] = True
    won = winner(st, R, offers, has, value(R, R.t_ohbid[t, 0], R.t_ohbid[t, 1], R.t_ohbid[t, 2]), YES)
    if 0 <= won < NS:
        _pay(st, won, bids)
        st.st_paid_title[won] += value(R, bids[won, 0], bids[won, 1], bids[won, 2])
        O.grant(st, R, t, won, reactions.title_place(st, R, P, sp, rs, won))
    else:
        O.grant(st, R, t, np.int64(OH), NO)
