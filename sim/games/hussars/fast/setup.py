"""The position before the first spring: the compiled twin of ``game/setup.py`` (the same random draws in the same
order: the Event, Attack and Yellow decks shuffled, then each seated family's Tactic cards)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import bidding as BD
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import offices as O
from sim.games.hussars.fast import rng

NS, OH, HETMAN = 4, 4, 7

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def _estate(st, R, f, owner):
    st.owner[f] = owner
    st.bright[f] = R.est_peasants[f]
    st.town[f] = R.est_town[f]
    st.fortress[f] = R.est_fortress[f]
    has = False
    for t in range(R.nt):
        if R.est_garrison[f, t]:
            has = True
    if has:
        st.garrison_force[f] = owner
        for t in range(R.nt):
            if R.est_garrison[f, t]:
                A.garrison_add(st, R, f, t, R.recruit_vet[t], np.int64(0), R.est_garrison[f, t], YES)
    has = False
    for t in range(R.nt):
        if R.est_army[f, t]:
            has = True
    if has:
        a = A.new_army(st, R, owner, f)
        for t in range(R.nt):
            if R.est_army[f, t]:
                A.add_units(st, R, a, t, R.recruit_vet[t], np.int64(0), R.est_army[f, t], YES)


@njit(cache=True)
def new_state(st, R, families, rounds, rs, titles, leases):
    """Fill the zeroed record ``st``. ``families[seat]``: a family index or -1; ``titles``/``leases``: (index, seat)
    rows granted at the start by the experiment."""
    st.round, st.season, st.rounds = 1, 0, rounds
    n = 0
    for s in range(NS):
        if families[s] >= 0:
            n += 1
    st.players = n
    st.owner[:] = -1
    st.family_seat[:] = -1
    st.besieger[:] = -1
    st.occupier[:] = -1
    st.garrison_force[:] = -1
    for t in range(R.nt):
        st.box[t] = R.box_total[t]
    st.order[:] = -1
    st.acting = -1
    st.st_lead[:] = -1
    st.a_force[:] = -1
    st.a_road[:] = -1
    st.a_target[:] = -1
    st.a_jasyr[:, :] = -1
    k = 0
    for order in range(1, NS + 1):
        for s in range(NS):
            if R.seat_order[s] == order and families[s] >= 0:
                st.track[k] = s
                k += 1
    for i in range(k, NS):
        st.track[i] = -1
    for i in range(R.setup_seq.shape[0]):
        kind, v = R.setup_seq[i, 0], R.setup_seq[i, 1]
        if kind < 0:
            break
        if kind == 0:
            seat = R.seat_est[v]
            _estate(st, R, v, OH if seat < 0 or families[seat] < 0 else seat)
        else:
            owner = v if families[v] >= 0 else OH
            a = A.new_army(st, R, owner, R.seat_figure[v])
            for t in range(R.nt):
                if R.seat_army[v, t]:
                    A.add_units(st, R, a, t, R.recruit_vet[t], np.int64(0), R.seat_army[v, t], YES)
    q = A.new_army(st, R, np.int64(HETMAN), R.qa_field)
    for t in range(R.nt):
        if R.qa_units[t]:
            A.add_units(st, R, q, t, R.recruit_vet[t], np.int64(0), R.qa_units[t], YES)
    c = R.cossack
    st.sich_units[c, 0, 0] = min(R.sich_start, st.box[c])
    st.box[c] -= st.sich_units[c, 0, 0]
    for i in range(R.nl):
        st.lease_holder[i] = OH
    for t in range(4):
        st.title_holder[t] = OH
    for s in range(NS):
        st.family[s] = families[s]
        if families[s] < 0:
            continue
        fam = families[s]
        st.active[s] = 1
        st.catholic[s] = R.fam_catholic[fam]
        st.gold[s] = R.b_gold
        st.influence[s] = R.b_influence
        st.kings_support[s] = R.b_ks
        st.xl[s] = R.b_xl
        st.health[s] = R.b_health
        st.succ_health[s] = R.b_succ_health
        st.prestige[s] = R.b_prestige
        st.happiness[s] = R.b_happiness
        st.favours[s, 0], st.favours[s, 1] = R.b_favours[0], R.b_favours[1]
        for cc in range(R.nc):
            st.hand[s, cc] = R.start_deck[cc]
        st.figure[s] = R.seat_figure[s]
        st.captor[s] = -1
    for f in range(R.nf):
        who, amount = E.share(st, R, f)
        if 0 <= who < NS:
            st.income[who] += amount
    for i in range(R.nl):
        s = R.start_lease[i]
        if s >= 0 and st.active[s]:
            O.transfer_lease(st, R, i, s)
    for j in range(leases.shape[0]):
        i, s = leases[j, 0], leases[j, 1]
        if st.active[s]:
            O.transfer_lease(st, R, i, s)
    for t in range(4):
        s = R.start_title[t]
        if s >= 0 and st.active[s]:
            O.grant(st, R, t, s, NO)
    for j in range(titles.shape[0]):
        t, s = titles[j, 0], titles[j, 1]
        if st.active[s]:
            O.grant(st, R, t, s, NO)
    st.bank_bright = R.migration0
    st.overall = R.overall0
    order = np.arange(R.nevents)
    rng.shuffle(rs, order, R.nevents)
    st.ev_len = R.nevents
    for i in range(R.nevents):
        st.ev_kind[i], st.ev_param[i] = R.ev0_kind[order[i]], R.ev0_param[order[i]]
    for i in range(R.nevents, R.nev):
        st.ev_kind[i], st.ev_param[i] = -1, -1
    for i in range(R.natk):
        st.attack[i] = i
    rng.shuffle(rs, st.attack, R.natk)
    for i in range(R.ny):
        st.yellow[i] = R.yellow0[i]
    rng.shuffle(rs, st.yellow, R.ny)
    st.market[:] = -1
    BD.refill_market(st, R)
    for cc in range(R.nc):
        st.knowledge_left[cc] = R.knowledge0[cc]
    deck = np.empty(R.ntac, np.int64)
    nd = 0
    for k2 in range(R.ntac):
        if R.deck_order[k2] >= 0:
            deck[nd] = R.deck_order[k2]
            nd += 1
    for s in range(NS):
        if st.active[s]:
            pool = deck[:nd].copy()
            m = min(R.b_tactic_hand, nd)
            rng.sample_into(rs, pool, nd, m)
            for i in range(m):
                st.tactics[s, pool[i]] = 1
