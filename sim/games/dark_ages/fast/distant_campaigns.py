"""Module 10, Distant Campaigns, on the compiled engine: Campaign card ``i`` is CM(i + 1) (``game.modules.
distant_campaigns.campaign_targets``), showing Province ``T.dc_target[i]``; ``S.dc_hand[s, :dc_hand_n[s]]`` the
cards in seat ``s``'s hand, ``S.dc_play[s]`` the card + 1 it has in play (0: none) and ``S.dc_won[s]`` whether that
Campaign's battle was won. Twin of ``game/modules/distant_campaigns.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.layout import A_MANOEUVRE
from sim.games.dark_ages.fast.state import controller, groups, put, strongest_neighbour
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.install``: the cards marked up to the player count
    (their Provinces in play) shuffled, 3 dealt to each player, who keeps the first 2 (policy)."""
    n = S.n
    nc = T.dc_ncards[n]
    ids = T.dc_cards[n, :nc].copy()
    shuffle(R, ids, nc)
    for s in range(n):
        k = 0
        for j in range(T.dc_dealt * s, min(T.dc_dealt * s + T.dc_kept, nc)):
            S.dc_hand[s, k] = ids[j]
            k += 1
        S.dc_hand_n[s] = k


@njit(**J)
def distant(T, src, dst):
    """Twin: none (a helper: ``dst`` is neither ``src`` nor one of its neighbours)."""
    if dst == src:
        return False
    for i in range(T.nein[src]):
        if T.nei[src, i] == dst:
            return False
    return True


@njit(**J)
def manoeuvres(S, T, seat, MV, k, regroup):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.manoeuvres``: for each card in hand, a move to its
    Province from every Province with units that is not already a neighbouring move (the same two groups;
    ``regroup``: ``game.military.regroup_options``'s filter)."""
    g = np.zeros(6, np.int64)
    for j in range(S.dc_hand_n[seat]):
        dst = T.dc_target[S.dc_hand[seat, j]]
        if regroup:
            o = controller(S, dst)
            if S.barbarian[dst] >= 0 or (o >= 0 and o != seat):
                continue
        for src in range(T.np):
            ng = groups(S, seat, src, g) if distant(T, src, dst) else 0
            for i in range(ng):
                k = put(MV, k, A_MANOEUVRE, src, dst, g[3 * i], g[3 * i + 1], g[3 * i + 2])
    return k


@njit(**J)
def manoeuvre_started(S, T, seat, src, dst):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.manoeuvre_started``: a distant move plays the card
    showing ``dst``; an empty (or own) Province counts as won."""
    if not distant(T, src, dst):
        return
    n = S.dc_hand_n[seat]
    j = 0
    while T.dc_target[S.dc_hand[seat, j]] != dst:
        j += 1
    S.dc_play[seat] = S.dc_hand[seat, j] + 1
    for i in range(j, n - 1):
        S.dc_hand[seat, i] = S.dc_hand[seat, i + 1]
    S.dc_hand[seat, n - 1] = 0
    S.dc_hand_n[seat] = n - 1
    o = controller(S, dst)
    S.dc_won[seat] = (o < 0 or o == seat) and S.barbarian[dst] < 0


@njit(**J)
def playing(S, T, seat, q):
    """Twin: none (a helper: seat has a Campaign card showing ``q`` in play)."""
    return S.dc_play[seat] > 0 and T.dc_target[S.dc_play[seat] - 1] == q


@njit(**J)
def battle_won(S, T, seat, dst, won):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.battle_won``: a won Campaign stays in play, a failed
    one is removed."""
    if not playing(S, T, seat, dst) or S.dc_won[seat]:
        return
    if won:
        S.dc_won[seat] = 1
    else:
        S.dc_play[seat] = 0


@njit(**J)
def attacker_retreat(S, T, seat, src, dst):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.attacker_retreat``: after a distant Campaign, the
    controlled neighbour of the target holding most of the seat's units (ties: the last id), -1: the survivors are
    killed."""
    return strongest_neighbour(S, T, seat, dst) if distant(T, src, dst) else src


@njit(**J)
def settle_cost(S, T, seat, q, cost):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.settle_cost``: a won Campaign's Province at the
    Ruler's lowest printed settling cost."""
    if S.dc_won[seat] and playing(S, T, seat, q):
        return min(cost, T.dc_rmin[S.ruler[seat]])
    return cost


@njit(**J)
def settled(S, T, seat, q):
    """Twin: ``game.modules.distant_campaigns.DistantCampaigns.settled``,
    ``game.modules.distant_campaigns.DistantCampaigns.passed``: the card leaves play once used (``q`` its Province;
    -1: the Pass)."""
    if q < 0 or playing(S, T, seat, q):
        S.dc_play[seat] = 0
