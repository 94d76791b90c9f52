"""One whole game on the compiled engine, each seat's choices made by its policy: the twin of
``sim.games.principes.driver``.

The flow asks a seat's policy (``policy.hooks``: decide) and hands the answer to the rule modules (apply), in the
reference's order of operations and random draws: the Princeps' direction, the Princesses at a Round's start, the
plans, the actions slot by slot (``perform``: New Mechanisms, cards sold, Court texts, the action, the tiles that
fire after it), the History icons (``history.deck``), the end of the Round. Neighbor Cards before a Politics Action
(``neighbor_cards``), the Princesses' missions and court work (``princess_round``) and the printed tiles' Progress
Action (``progress_action``) live here too, as each interleaves several seats' decisions with their effects.
``S`` is a ``state.STATE`` record, ``C`` a ``setup.TABLES`` record, ``P``/``F`` the strategies' rows, ``sid[q]``
the row of Principality ``q``, ``rs`` the game's stream.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import court, neighbors, nonplayers, politics, princesses, tiles
from sim.games.principes.fast.assembly import assemble
from sim.games.principes.fast.building import build
from sim.games.principes.fast.cards import discard, draw_into, enforce_hand_limit, trade_for_gold
from sim.games.principes.fast.effects import holds, tile_param
from sim.games.principes.fast.history import deck
from sim.games.principes.fast.invariants import violations
from sim.games.principes.fast.legal import tile_picks
from sim.games.principes.fast.movement import move
from sim.games.principes.fast.policy import hooks
from sim.games.principes.fast.policy.scripted import COUNCIL, NPICKS
from sim.games.principes.fast.progress import setup_market, take_tile
from sim.games.principes.fast.rounds import end_round
from sim.games.principes.fast.state import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    A_POLITICS,
    A_PROGRESS,
    A_TAXES,
    NC,
    NL,
    NNB,
    NP,
    TK_CHURCH_SCHOOLS,
    TK_LADY,
    TK_NEW_MECHANISMS,
    is_player,
    period,
)
from sim.games.principes.fast.taxes import taxes
from sim.games.principes.fast.turn_order import turn_order
from sim.games.principes.fast.victory import result

MAXPLAYS = 32  # support cards one player plays at a Council
COURT0 = 3  # the first Court Card in ``state.CARDS``


@njit(cache=True)
def new_game(S, C, rs):
    """``driver.new_game`` after the deployment (``S`` holds it): the starting hands (``setup.deal_starting_hands``),
    the Market, the History deck."""
    for p in range(NP):
        if not is_player(S, p):  # non-players (2-3 players) draw none
            continue
        for kind in range(3):
            for _ in range(C.start_cards[kind]):
                draw_into(S, C, p, kind, rs)
    setup_market(S, C, rs)
    if C.history:
        deck.deal(S, C, rs)


# --- a card's play before a Politics Action (neighbors.play, neighbors.before_politics) ----------------------------


@njit(cache=True)
def neighbor_play(S, C, P, F, sid, p, card, j, rs):
    """``neighbors.play``: pay, let the others block in the Round's turn order (``neighbors.blockers``), move what is
    left."""
    discard(S, p, card)
    S.gold[p] -= C.card_cost[card]
    pk = C.card_k[card]
    pf = C.card_f[card]
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    blocks = np.empty(NC, np.int64)
    for o in range(no):
        q = order[o]
        if q == p:
            continue
        nb = hooks.neighbor_block(S, C, P, F, sid, q, p, j, pk, pf, rs, blocks)
        for i in range(nb):
            discard(S, q, blocks[i])
            pk = max(0, pk - C.card_k[blocks[i]])
            pf = max(0, pf - C.card_f[blocks[i]])
    if pk + pf == 0:
        return
    moves = np.empty((neighbors.MAXG, 4), np.int64)
    ruin = np.zeros(NL, np.int64)
    nm = hooks.neighbor_moves(S, C, P, F, sid, p, j, pk, pf, rs, moves, ruin)
    if nm > 0:
        neighbors.move(S, C, j, moves, nm, p, rs, ruin)


@njit(cache=True)
def neighbor_cards(S, C, P, F, sid, p, rs):
    """``neighbors.before_politics``: the cards ``p`` plays before the Politics Action, each resolved in turn."""
    used = 0
    while not S.eliminated[p]:
        card, j = hooks.neighbor_play(S, C, P, F, sid, p, used, rs)
        if card < 0:
            break
        neighbor_play(S, C, P, F, sid, p, card, j, rs)
        used |= 1 << j


# --- the Princesses (princesses.round_start, missions, _court_effect) ---------------------------------------------


@njit(cache=True)
def court_effect(S, C, P, F, sid, p, rs):
    """``princesses._court_effect``: a Princess in a Capital brings her owner cards at home, or makes the Capital's
    owner give some up (princesses.yaml ``cards_per_round``; Lady of the Court's number: ``effects.princess_cards``)."""
    a = S.princesses[p]
    if a < 0 or a >= NP:
        return
    n = tile_param(S, C, p, TK_LADY) if C.tiles else -1
    if n < 0:
        n = C.princess_cards
    if a == p:
        for _ in range(n):
            draw_into(S, C, p, hooks.princess_draw(P, sid, p, rs), rs)
        enforce_hand_limit(S, C, p)
        return
    for _ in range(n):
        held = 0
        for c in range(COURT0, NC):
            held += S.hands[a, c]
        if held == 0:
            break
        card, use = hooks.princess_discard(S, C, P, sid, a, rs)
        princesses.lose_card(S, C, a, card, use)


@njit(cache=True)
def princess_round(S, C, P, F, sid, rs):
    """``princesses.round_start``: sweep, then missions in a Period's first Round (``princesses.missions``, each
    ``princesses.send``), else the courts' work."""
    princesses.sweep(S, C)
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    if (S.round - 1) % C.per_period == 0:
        for q in range(NP):
            S.princesses[q] = -1
        allowed = np.empty(NP + NNB + 1, np.int64)
        for o in range(no):
            q = order[o]
            n = princesses.options(S, C, q, allowed)
            a = hooks.princess(S, C, P, sid, q, rs, allowed, n)
            S.princesses[q] = a
            S.princess_last[q] = a
            court_effect(S, C, P, F, sid, q, rs)
        return
    for o in range(no):
        q = order[o]
        if S.princesses[q] >= 0:
            court_effect(S, C, P, F, sid, q, rs)


# --- the actions ------------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def progress_action(S, C, P, sid, p, rs):
    """``tiles.progress_action``: one printed tile at a time up to the Period's number (+ Church Schools' extra
    tile for gold, if the seat pays), each Chronicle point on the track the seat chooses; then the Market refills and
    the hand limit is checked. Returns whether a tile was placed (the action was performed)."""
    allowed = period(S, C) * C.tiles_per_period
    taken = 0
    pk = np.empty((NPICKS, 2), np.int64)
    while taken < allowed:
        n = tile_picks(S, C, p, pk)
        pick = hooks.tile_pick(S, C, P, sid, p, rs, pk, n)
        if pick < 0:
            break
        t = pk[pick, 0]
        for _ in range(tiles.place(S, C, p, t, pk[pick, 1])):
            tiles.gain_support(S, C, p, hooks.support_track(S, P, sid, p, rs))
        taken += 1
        if C.tile_kind[t] == TK_CHURCH_SCHOOLS:
            cost = C.tile_par[t]
            if S.gold[p] >= cost and hooks.church_schools(P, sid, p, rs):
                S.gold[p] -= cost  # back to the general pool
                allowed += C.tile_par2[t]
    if taken == 0:
        return False
    tiles.refill(S, C)
    enforce_hand_limit(S, C, p)
    return True


@njit(cache=True, inline="always")
def politics_action(S, C, P, F, sid, p, rs):
    """``driver._action``'s Politics: Neighbor Cards first, then a Council (every seat's plays chosen in turn
    order) or the draw with the card put back."""
    if C.neighbors:  # Neighbor Cards played "before your Politics Action"
        neighbor_cards(S, C, P, F, sid, p, rs)
    choice = hooks.politics_choice(S, C, P, sid, p, rs)
    if choice == COUNCIL:
        plays = np.empty((NP, MAXPLAYS, 2), np.int64)
        nplays = np.zeros(NP, np.int64)
        order = np.empty(NP, np.int64)
        no = turn_order(S, C, order)
        for o in range(no):
            q = order[o]
            nplays[q] = hooks.council(S, C, P, F, sid, q, p, rs, plays[q])
        politics.council(S, C, p, plays, nplays)
        return
    drawn = np.empty(C.pol_drawn, np.int64)
    nd = politics.draw(S, C, p, rs, choice, drawn)
    for _ in range(nd - C.pol_kept):
        nd = politics.put_back(S, p, drawn, nd, hooks.put_back(S, C, P, sid, p, drawn, nd))
    enforce_hand_limit(S, C, p)


@njit(cache=True, inline="always")
def perform(S, C, P, F, sid, p, action, rs):
    """``driver.perform``: the seat of ``p`` decides how to carry out ``action`` and the rules apply it (the generic
    Progress Action takes up to ``legal.tiles_allowed`` tiles). With the
    printed tiles, New Mechanisms may turn Progress into another action, and the tiles that fire on an action
    performed (the reference's ``out is not state``) follow it."""
    if C.tiles and action == A_PROGRESS and holds(S, C, p, TK_NEW_MECHANISMS):
        alt = hooks.new_mechanisms(S, C, P, F, sid, p, rs)
        if alt >= 0:
            action = alt
    if hooks.sell(S, P, sid, p, action):  # cards traded for gold "at any moment": every Battle Card
        for card in range(COURT0):
            while S.hands[p, card] > 0:
                trade_for_gold(S, C, p, card)
    if C.court:  # Court Cards played for their text effect before the action
        texts = np.empty(NC * 12, np.int64)
        for i in range(hooks.court_texts(S, C, P, F, sid, p, action, rs, texts)):
            court.play_text(S, C, p, texts[i])
    performed = False
    if action == A_TAXES:
        performed = hooks.taxes(S, C, P, sid, p)
        if performed:
            taxes(S, C, p)
    elif action == A_ASSEMBLY:
        land, k, f = hooks.assembly(S, C, P, sid, p, rs)
        if land < 0:
            return
        assemble(S, C, p, land, k, f)
        performed = True
    elif action == A_MOVEMENT:
        moves = np.empty((3 * NL, 4), np.int64)
        nm, indulgence, ruin = hooks.movement(S, C, P, F, sid, p, rs, moves)
        if nm == 0:
            return
        move(S, C, p, moves, nm, rs, indulgence, ruin)
        performed = True
    elif action == A_BUILDING:
        lands = np.empty(NL, np.int64)
        kinds = np.empty(NL, np.int64)
        city, nb = hooks.building(S, C, P, sid, p, rs, lands, kinds)
        if city >= 0 or nb > 0:
            build(S, C, p, city, lands, kinds, nb)
            performed = True
    elif action == A_POLITICS:
        politics_action(S, C, P, F, sid, p, rs)
        performed = True
    elif action == A_PROGRESS:
        if C.tiles:
            performed = progress_action(S, C, P, sid, p, rs)
        else:
            picks = np.empty((NPICKS, 2), np.int64)
            for _ in range(period(S, C) * C.tiles_per_period):
                n = tile_picks(S, C, p, picks)
                pick = hooks.progress(S, P, sid, p, rs, picks, n)
                if pick < 0:
                    break
                take_tile(S, C, p, picks[pick, 0], picks[pick, 1], True)
    if performed and C.tiles:
        tiles.after_action(S, C, p, action, rs)
    if performed and C.active and (action == A_ASSEMBLY or action == A_MOVEMENT or action == A_BUILDING):
        combined_action(S, C, P, F, sid, p, action, rs)


@njit(cache=True, inline="always")
def combined_action(S, C, P, F, sid, p, action, rs):
    """``nonplayers.after_action``: 2-3 players, active variant: the seat's Combined Action of the action's type
    (``hooks.combined``), applied (``nonplayers.perform``)."""
    ch = np.zeros(4, np.int64)
    moves = np.empty((neighbors.MAXG, 4), np.int64)
    ruin = np.zeros(NL, np.int64)
    n = hooks.combined(S, C, P, F, sid, p, action, rs, ch, moves, ruin)
    if n:
        nonplayers.perform(S, C, p, action, ch, moves, n, ruin, rs)


@njit(cache=True, inline="always")
def round_start(S, C, P, F, sid, rs, order, plans):
    """``driver.play_game``'s Round start: the Princeps sets the direction (``turn_order.set_direction``), the
    Princesses go out or work, every seat plans (``base.Strategy.plan``) in turn order. Returns the seats in
    ``order``."""
    S.clockwise = hooks.direction(S, P, sid, S.princeps, rs)
    if C.princesses:  # missions at a Period's start, else their work at the courts
        princess_round(S, C, P, F, sid, rs)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        hooks.plan(S, C, P, F, sid, q, rs, plans[q])
    return no


@njit(cache=True, inline="always")
def after_event(S, C, S0, debug, trace, tn, count):
    """``driver.play_game``'s step after an action or a Round's History icons: a Capital taken over loses its Princess
    (``princesses.sweep``), the state joins ``trace``, ``debug`` checks the invariants into ``count[1]``; returns
    ``victory.result``."""
    if C.princesses:
        princesses.sweep(S, C)
    if tn[0] < trace.shape[0]:
        trace[tn[0]] = S
        tn[0] += 1
    if debug:
        count[1] |= violations(S, C, S0)
    return result(S)


WHOLE = 1 << 30  # ``round_rest``'s ``last`` for the whole Round


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(cache=True, inline="always")
def round_rest(S, C, P, F, sid, rs, order, no, plans, S0, debug, trace, tn, count, first, last):
    """``driver.play_game``'s Round after the plans: the actions slot by slot (``rounds.action_sequence``), the
    History icons, the end of the Round. Only the actions ``first`` ≤ i < ``last`` (i = slot * ``no`` + the seat's
    place in ``order``: the search stops before one of its own and goes on after it); the icons and the end follow
    when ``last`` reaches the Round's end. ``count`` adds (actions, violation bits); returns (winner, win type)."""
    winner, wt = result(S)
    end = C.planned * no
    for i in range(first, min(last, end)):
        q = order[i % no]
        if S.eliminated[q]:
            continue
        perform(S, C, P, F, sid, q, plans[q, i // no], rs)
        count[0] += 1
        winner, wt = after_event(S, C, S0, debug, trace, tn, count)
        if wt >= 0:
            return winner, wt
    if last < end:
        return winner, wt
    if wt < 0 and deck.due(S, C):
        deck.resolve_icons(S, C, P, F, sid, rs)
        winner, wt = after_event(S, C, S0, debug, trace, tn, count)
    if wt < 0:
        end_round(S, C)
        winner, wt = result(S)
    return winner, wt


@njit(cache=True, inline="always")
def play_on(S, C, P, F, sid, rs, S0, debug, trace, tn, count):
    """``driver.play_game``'s loop from a Round's start to the end of the game (the search's playouts resume here):
    ``count`` adds (actions, violation bits) and holds the Rounds begun in ``count[2]``; returns (winner, win
    type)."""
    order = np.empty(NP, np.int64)
    plans = np.empty((NP, 6), np.int64)  # up to the 6 actions (readings)
    winner, wt = result(S)
    while wt < 0:
        count[2] = S.round
        no = round_start(S, C, P, F, sid, rs, order, plans)
        winner, wt = round_rest(S, C, P, F, sid, rs, order, no, plans, S0, debug, trace, tn, count, 0, WHOLE)
    return winner, wt


@njit(cache=True, inline="always")
def play_game(S0, C, P, F, sid, rs, Sa, debug, trace, tn):
    """``driver.play_game`` into ``Sa[0]`` from the deployment ``S0`` (a ``STATE`` record, copied:
    ``state.State.copy``): Round after Round (``play_on``). Returns (winner or -1, win type, Rounds begun, actions,
    violation bits). ``trace`` (m,) ``STATE`` records: the state after each of the first m events (an action, or a
    Round's History icons: the driver's ``on_action`` and ``on_history``), ``tn[0]`` how many were kept (m = 0:
    none)."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    tn[0] = 0
    count = np.zeros(3, np.int64)  # actions, violation bits, Rounds begun
    winner, wt = play_on(S, C, P, F, sid, rs, S0, debug, trace, tn, count)
    return winner, wt, count[2], count[0], count[1]
