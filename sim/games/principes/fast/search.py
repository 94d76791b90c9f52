"""The rollout searcher's Principes hooks (``sim.search``, ``uses: rollout``, ``strategies.principes.rollout``): the
decisions a searching seat takes over, their candidates, and the ``start`` and ``value`` of a playout that
``sim.search.searcher`` weighs them with (its budget, allocation and common random numbers are written there once).

At each Round, after every seat has planned (``driver.round_start``: its policy's plan, drawn from the game's own stream
as usual), a searching seat weighs candidate plans (``search_plan``, ``plan_start`` and ``plan_value``: the others
re-plan this Round with their own plans from the playout's start, since plans are secret, and every seat plays its own
plan from then on, the searcher its ``policy``) and keeps the best by win rate (or by final Might share: ``objective:
score``); ties keep the policy's plan. Candidates are the policy's plan with each action moved to the lead (``choices:
lead``, up to 6) or every ordered plan (``choices: all``, 120 for 3 actions); with ``tactics: true`` also the policy's
plan carried out with each of ``rollout.TACTICS`` (the policy's row with the parameters that decide attacks, targets and
Council plays changed: rows of their own after the experiment's strategies, ``search_tables``), for the rest of the
Round. With ``actions: true`` it also stops the Round before each of its Movement and Politics actions
(``driver.round_rest`` up to that action) and weighs that action's choices one by one (``search_action``,
``action_candidates``, ``action_start`` and ``action_value``): where the figures the policy frees to move go (the
policy's target, not moving, every other land they reach and it does not hold: ``scripted.scripted_target`` with the
row's ``P_TARGET`` set), or whether to summon a Council or draw 0 to ``politics.cards_drawn`` Court Cards
(``scripted.scripted_politics`` with ``P_POLITICS`` set), each played from that action to the end of the game. Playout k
of decision d of game g draws from the stream (seed, g, d, k) (``sim.rng``), the same for every candidate (common random
numbers) and independent of workers and chunks; the searched game's own stream is never touched by a playout, so with
budget 0 a searcher plays its policy's game exactly.

What the searcher sees: by default (``determinize: true``) playout k first resamples, from its own stream, what the
rulebook keeps from the searcher (``determinize``): the other players' hands ("Battle Cards, Court Cards, and Neighbor
Cards make up the players' hand"), the order of the face-down Progress Tile stacks ("6 spaces for stacks of face-down
Progress Tiles") and the History Cards not yet revealed ("the top card of the prearranged History Cards deck should be
revealed"), keeping what it can see: its own hand, how many cards of each type every hand and deck holds (the decks are
separate, so a draw shows its type), the Market, each stack's size, the revealed History Cards and each Period's share
of the deck. The card decks themselves are counts drawn at random (``cards.draw_into``), so their order is a playout's
anyway. The searcher keeps no memory of the past beyond the position (a tile put back under a stack is shuffled in with
the rest). Everything else (units, gold, tracks, buildings, Princes, Princesses, the Market) is public. The resample
reads only the pooled counts and each stack's and Period's cards in a fixed order, so its outcome, and so the search,
cannot depend on how the hidden cards actually lie. At a Movement inside the Round the others' actions not yet revealed
are hidden too: each determinized playout plans them again from the resampled position (``replan_rest``). With
``sees_hidden: true`` (``determinize: false``) every playout starts from the true position, the others' hands and the
face-down decks included: the cheating upper bound, labelled "sees hidden cards".

The reference engine does not search (``fast.dispatch.choose_engine`` refuses a rollout seat there), so the functions
here name the reference question they answer as their twin.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.principes.fast.cards import draw_into
from sim.games.principes.fast.chunk import COLUMNS, compiled, seating, write_row
from sim.games.principes.fast.control import might
from sim.games.principes.fast.driver import WHOLE, new_game, play_on, round_rest, round_start
from sim.games.principes.fast.policy import hooks
from sim.games.principes.fast.policy.params import (
    COUNCIL,
    P_POLITICS,
    P_TARGET,
    T_COUNCIL,
    T_DRAW,
    T_HOLD,
    T_LAND,
    T_OWN,
    compile_strategy,
)
from sim.games.principes.fast.policy.scripted import scripted_politics, scripted_target
from sim.games.principes.fast.state import A_MOVEMENT, A_POLITICS, NCOL, NF, NHCARDS, NL, NP, STATE, figures
from sim.games.principes.fast.stream import rand_below
from sim.games.principes.fast.turn_order import turn_order
from sim.games.principes.fast.victory import result
from sim.games.principes.study import game_rules
from sim.rng import mix, trial_state
from sim.search.searcher import X_BUDGET, X_DETERMINIZE, X_GAME, X_OBJECTIVE, searcher
from sim.search.settings import NOT_SEARCHING, search_row
from strategies.principes.rollout import TACTICS

NACT = 6  # the Action Tokens (``state.ACTIONS``)
# a strategy's search row: the columns every game shares (``sim.search.searcher``: X_BUDGET -1 for a plain plan),
# then X_CHOICES; X_TACTICS: how many tactic rows, the first at X_TROW; X_ACTIONS: the first of the NP rows a
# searcher's own actions are carried out with (seat q's: X_ACTIONS + q), 0 with actions off
X_CHOICES, X_TACTICS, X_TROW, X_ACTIONS, NX = range(X_GAME, X_GAME + 5)
NTACT = len(TACTICS)
CHOICES = ("lead", "all")
MAXCAND = 720  # every ordered plan of up to 6 actions
SALT = np.uint64(0x5EA5C4D1A7C0FFEE)  # the playouts' streams: apart from the games' own
S_DECISIONS, S_CHANGED, S_LEAD = 0, 1, 2  # per-game statistics: decisions, plans changed, (policy lead, chosen lead)
S_TACTIC = S_LEAD + NACT * NACT  # each tactic chosen
# ``actions``: Movement decisions searched and how the choice differed from the policy's (MOVEMENT_CHANGES), then
# the same for Politics (POLITICS_CHANGES)
MOVEMENT_CHANGES = ("attacks where the plan does not move", "moves into a free land where the plan does not move",
                    "does not move where the plan does", "moves elsewhere than the plan")  # fmt: skip
POLITICS_CHANGES = ("summons a Council where the plan draws", "draws where the plan summons a Council",
                    "draws another number of Court Cards")  # fmt: skip
S_MOVEMENT = S_TACTIC + NTACT
S_POLITICS = S_MOVEMENT + 1 + len(MOVEMENT_CHANGES)
S_PLAYOUTS = S_POLITICS + 1 + len(POLITICS_CHANGES)  # playouts played
NSTAT = S_PLAYOUTS + 1
ACTION_DECISIONS = 1 << 20  # an action's decision stream: apart from the Round's decisions (round * NP + seat)
NCODES = NL + 2  # the most choices one action offers (a Movement: its own, none, every land)


@njit(cache=True)
def candidates(C, base, choices, out):
    """``base.Strategy.plan``'s answers the searcher weighs (each a legal plan: different actions, as
    rounds.check_plan wants), into ``out`` (MAXCAND, 6); the policy's plan ``base`` first. Returns how many."""
    m = C.planned
    out[0, :m] = base[:m]
    n = 1
    if choices == 0:  # each other action moved to the lead, the policy's order kept behind it
        for a in range(NACT):
            if a == base[0]:
                continue
            out[n, 0] = a
            k = 1
            for i in range(m):
                if k < m and base[i] != a:
                    out[n, k] = base[i]
                    k += 1
            n += 1
        return n
    digits = np.zeros(m, np.int64)
    for _ in range(NACT**m):  # every ordered plan of m different actions
        distinct = True
        same = True
        for i in range(m):
            same = same and digits[i] == base[i]
            for j in range(i):
                distinct = distinct and digits[i] != digits[j]
        if distinct and not same:
            out[n, :m] = digits
            n += 1
        i = m - 1
        while i >= 0:
            digits[i] += 1
            if digits[i] < NACT:
                break
            digits[i] = 0
            i -= 1
    return n


@njit(cache=True)
def value(S, C, q, winner, objective):
    """``victory.result`` scored for seat ``q``: 1 for a win, else 0 (``objective: score``: its share of the
    Principalities' final Might, 0 when eliminated)."""
    if objective == 0:
        return 1.0 if winner == q else 0.0
    if S.eliminated[q]:
        return 0.0
    total = 0
    for j in range(NP):
        if not S.eliminated[j]:
            total += might(S, C, j)
    return might(S, C, q) / total if total > 0 else 0.0


@njit(cache=True)
def redeal_hands(S, C, q, rs):
    """``cards.draw_into`` again for ``determinize``'s cards: per card type, every card seat ``q`` does not hold (the
    deck and the other hands) pooled, then each other hand dealt again as many cards of the type as it held (in
    seat order); the rest stay in the deck."""
    need = np.zeros(NP, np.int64)
    for kind in range(3):
        for r in range(NP):
            need[r] = 0
            if r == q:
                continue
            for j in range(C.n_draw[kind]):
                card = C.draw_order[kind, j]
                need[r] += S.hands[r, card]
                S.decks[card] += S.hands[r, card]
                S.hands[r, card] = 0
        for r in range(NP):
            for _ in range(need[r]):
                draw_into(S, C, r, kind, rs)


@njit(cache=True)
def shuffle_stacks(S, rs):
    """``progress.setup_market``'s shuffle again for ``determinize``: each face-down stack sorted, then shuffled."""
    for c in range(NCOL):
        n = S.stacks_n[c]
        S.stacks[c, :n].sort()
        for i in range(n - 1, 0, -1):
            j = rand_below(rs, i + 1)
            S.stacks[c, i], S.stacks[c, j] = S.stacks[c, j], S.stacks[c, i]


@njit(cache=True)
def redeal_history(S, C, rs):
    """``deck.deal`` again for ``determinize``'s History Cards: the slots of the Rounds after this one (slot i is
    revealed at Round i + 1) dealt again, each from its Period's cards (history.yaml order) not revealed yet."""
    n = S.history_n
    k = C.hdealt
    shown = min(S.round, n)
    pool = np.empty(NHCARDS, np.int64)
    for per in range(1, C.periods + 1):
        lo, hi = (per - 1) * k, min(per * k, n)
        first = max(lo, shown)
        if first >= hi:
            continue
        m = 0
        for j in range(NHCARDS):
            seen = C.hcard[j, 0] != per
            for i in range(lo, first):
                seen = seen or S.history[i] == j
            if not seen:
                pool[m] = j
                m += 1
        for i in range(first, hi):
            t = i - first
            r = t + rand_below(rs, m - t)
            pool[t], pool[r] = pool[r], pool[t]
            S.history[i] = pool[t]


@njit(cache=True)
def determinize(S, C, q, rs):
    """``base.Strategy.plan``'s view of the position: what seat ``q`` cannot see, resampled from ``rs``
    consistently with what it can (the module's docstring): the others' hands, the Progress stacks' order, the
    History Cards to come."""
    redeal_hands(S, C, q, rs)
    shuffle_stacks(S, rs)
    if S.history_n > 0:
        redeal_history(S, C, rs)


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(cache=True)
def playout(Sr, C, P, F, sid, sidr, q, first, order, no, plans, rs, Sp, trace, tn, objective):
    """``driver.play_game`` from a Round's plans (``plans``, seat ``q``'s the candidate) to the end, from a copy of
    ``Sr`` into ``Sp[0]``: the rest of the Round from its action ``first`` (``driver.round_rest``, by the strategy
    rows ``sidr``: seat ``q``'s the candidate's tactic or Movement), then every seat its own plan; returns
    ``value``."""
    Sp[0] = Sr
    S = Sp[0]
    count = np.zeros(3, np.int64)
    winner, wt = round_rest(S, C, P, F, sidr, rs, order, no, plans, Sr, False, trace, tn, count, first, WHOLE)
    if wt < 0:
        winner, wt = play_on(S, C, P, F, sid, rs, Sr, False, trace, tn, count)
    return value(S, C, q, winner, objective)


@njit(cache=True)
def plan_start(ctx, rs):
    """``rollout.Rollout.plan``'s position, as ``sim.search.searcher``'s ``start`` at a Round's plan: the position
    into ``Sd[0]`` (determinized for seat ``q`` with ``X_DETERMINIZE``), then the others plan again from it (plans
    are secret), once for every candidate."""
    S, C, P, F, sid, sidr, q, x, cand, nc, Sd, Sp, order, no, plans, trace, tn = ctx
    Sd[0] = S
    if x[X_DETERMINIZE]:
        determinize(Sd[0], C, q, rs)
    no[0] = turn_order(Sd[0], C, order)
    for o in range(no[0]):
        r = order[o]
        if r != q:
            hooks.plan(Sd[0], C, P, F, sid, r, rs, plans[r])


@njit(cache=True)
def plan_value(ctx, c, rs):
    """``driver.play_game`` from a Round's plan, as ``sim.search.searcher``'s ``value``: candidate ``c`` (a plan of
    ``cand``, or from ``nc`` on the policy's plan with tactic row ``c - nc``) as seat ``q``'s plan, played to the
    end (``playout``)."""
    S, C, P, F, sid, sidr, q, x, cand, nc, Sd, Sp, order, no, plans, trace, tn = ctx
    plans[q, : C.planned] = cand[c if c < nc else 0, : C.planned]
    sidr[q] = sid[q] if c < nc else x[X_TROW] + c - nc
    return playout(Sd[0], C, P, F, sid, sidr, q, 0, order, no[0], plans, rs, Sp, trace, tn, x[X_OBJECTIVE])


decide_plan = searcher(plan_start, plan_value)


@njit(cache=True, inline="always")
def search_plan(S, C, P, F, X, sid, q, plan, base, decision, Sd, Sp, trace, tn, stats, values):
    """``base.Strategy.plan`` by playouts: replaces the policy's ``plan`` of seat ``q`` with the candidate
    ``decide_plan`` keeps (``sim.search.searcher``: the budget of ``X[sid[q]]``, playout k of every candidate from
    the same start); candidates ``nc`` on are the policy's plan with each tactic row (``X_TACTICS``); ``values``
    (MAXCAND + NTACT,) gets each candidate's summed value, ``stats`` (NSTAT,) counts the decision and its playouts.
    Returns (the candidate chosen, 0: the policy's plan; how many were weighed; seat ``q``'s strategy row for the
    rest of the Round)."""
    x = X[sid[q]]
    cand = np.empty((MAXCAND, NACT), np.int64)
    nc = candidates(C, plan, x[X_CHOICES], cand)
    nt = x[X_TACTICS]
    counts = np.empty(MAXCAND + NTACT, np.int64)
    ctx = (S, C, P, F, sid, sid.copy(), q, x, cand, nc, Sd, Sp, np.empty(NP, np.int64), np.zeros(1, np.int64),
           np.empty((NP, NACT), np.int64), trace, tn)  # fmt: skip
    best = decide_plan(ctx, nc + nt, x, trial_state(base, decision), values, counts)
    stats[S_DECISIONS] += 1
    stats[S_PLAYOUTS] += counts[: nc + nt].sum()
    row = sid[q]
    if best >= nc:  # the policy's plan, carried out with a tactic
        stats[S_CHANGED] += 1
        stats[S_TACTIC + best - nc] += 1
        row = x[X_TROW] + best - nc
    elif best > 0:
        stats[S_CHANGED] += 1
        stats[S_LEAD + NACT * plan[0] + cand[best, 0]] += 1
        plan[: C.planned] = cand[best, : C.planned]
    return best, nc + nt, row


@njit(cache=True)
def action_candidates(S, C, P, F, row, t, q, action, codes):
    """``base.Strategy.movement``'s or ``base.Strategy.politics``' answers the searcher weighs inside its ``action``
    (Movement or Politics), as codes of the action's column (``P_TARGET``, ``P_POLITICS``) into ``codes`` (NCODES,), the
    strategy row ``row``'s own choice (``T_OWN``) first. Movement: not moving (``T_HOLD``, when the row moves), then
    each other land a free figure reaches and seat ``q`` does not hold (``T_LAND`` + land). Politics: a Council
    (``T_COUNCIL``) and each number of Court Cards to draw (``T_DRAW`` + k, k up to game.yaml's
    ``politics.cards_drawn``), the row's own left out. Row ``t`` becomes ``row``'s copy. Returns (how many, the row's
    own land or -1 (Movement), its ``politics`` answer (Politics))."""
    P[t] = P[row]
    F[t] = F[row]
    codes[0] = T_OWN
    n = 1
    if action == A_POLITICS:
        P[t, P_POLITICS] = T_OWN
        own = scripted_politics(S, C, P[t], q)
        if own != COUNCIL:
            codes[n] = T_COUNCIL
            n += 1
        for k in range(C.pol_drawn + 1):
            if k != own:
                codes[n] = T_DRAW + k
                n += 1
        return n, own
    moves = np.empty((3 * NL, 4), np.int64)
    P[t, P_TARGET] = T_OWN
    own = scripted_target(S, C, P[t], F[t], q, moves)[0]
    if own >= 0:
        codes[n] = T_HOLD
        n += 1
    for land in range(NL):
        P[t, P_TARGET] = T_LAND + land
        if land != own and scripted_target(S, C, P[t], F[t], q, moves)[0] >= 0:
            codes[n] = T_LAND + land
            n += 1
    P[t, P_TARGET] = T_OWN
    return n, own


@njit(cache=True)
def replan_rest(S, C, P, F, sid, q, order, no, first, rs, plans):
    """``base.Strategy.plan`` again for what the others' plans still hide at the Round's action ``first``: each
    other seat plans from the position and keeps, in its slots not yet played, its new plan's actions it has not
    taken this Round, in that order (a plan is secret until its tokens are revealed one by one)."""
    fresh = np.empty(NACT, np.int64)
    for o in range(no):
        r = order[o]
        if r == q or S.eliminated[r]:
            continue
        done = (first - o + no - 1) // no if first > o else 0  # its slots s with s * no + o < first
        hooks.plan(S, C, P, F, sid, r, rs, fresh)
        k = done
        for j in range(C.planned):
            taken = False
            for s in range(done):
                taken = taken or plans[r, s] == fresh[j]
            if not taken and k < C.planned:
                plans[r, k] = fresh[j]
                k += 1


@njit(cache=True)
def next_action(S, C, X, sid, order, no, plans, first):
    """``rounds.action_sequence`` from the Round's action ``first`` on: the first that is an ``actions`` searcher's
    Movement or Politics, ``driver.WHOLE`` if none."""
    for i in range(first, C.planned * no):
        q = order[i % no]
        x = X[sid[q]]
        a = plans[q, i // no]
        if x[X_BUDGET] > 0 and x[X_ACTIONS] > 0 and (a == A_MOVEMENT or a == A_POLITICS) and not S.eliminated[q]:
            return i
    return WHOLE


@njit(cache=True)
def action_start(ctx, rs):
    """``rollout.Rollout.plan``'s position before action ``first``, as ``sim.search.searcher``'s ``start`` inside a
    Round: the position into ``Sd[0]``, and with
    ``X_DETERMINIZE`` its ``determinize`` for seat ``q`` with the others' hidden actions planned again
    (``replan_rest``)."""
    S, C, P, F, sid, sidc, q, x, codes, t, col, first, order, no, plans, rest, Sd, Sp, trace, tn = ctx
    Sd[0] = S
    rest[:] = plans
    if x[X_DETERMINIZE]:
        determinize(Sd[0], C, q, rs)
        replan_rest(Sd[0], C, P, F, sid, q, order, no, first, rs, rest)


@njit(cache=True)
def action_value(ctx, c, rs):
    """``driver.play_game`` from inside a Round's action, as ``sim.search.searcher``'s ``value``: seat ``q``'s row
    ``t`` with candidate ``c``'s
    code, the action and the rest of the game played on (``playout``)."""
    S, C, P, F, sid, sidc, q, x, codes, t, col, first, order, no, plans, rest, Sd, Sp, trace, tn = ctx
    P[t, col] = codes[c]
    return playout(Sd[0], C, P, F, sid, sidc, q, first, order, no, rest, rs, Sp, trace, tn, x[X_OBJECTIVE])


decide_action = searcher(action_start, action_value)


@njit(cache=True, inline="always")
def search_action(S, C, P, F, X, sid, sidr, q, first, order, no, plans, base, decision, Sd, Sp, trace, tn, stats,
                  values, codes):  # fmt: skip
    """``base.Strategy.movement`` or ``base.Strategy.politics`` of seat ``q`` at the Round's action ``first`` by
    playouts: ``decide_action`` over ``action_candidates`` (``sim.search.searcher``: the budget of ``X[sid[q]]``,
    every candidate's playout k from the same start), the action and the rest of seat ``q``'s Round carried out by
    its row ``X_ACTIONS + q`` with the candidate's code; the chosen code stays in that row, and ``sidr[q]`` becomes
    it. ``codes`` and ``values`` (NCODES,) get each candidate's code and summed value, ``stats`` counts the decision.
    Returns (the code chosen, how many were weighed)."""
    x = X[sid[q]]
    t = x[X_ACTIONS] + q
    action = plans[q, first // no]
    col = P_POLITICS if action == A_POLITICS else P_TARGET
    nc, own = action_candidates(S, C, P, F, sidr[q], t, q, action, codes)
    sidc = sidr.copy()
    sidc[q] = t
    counts = np.empty(NCODES, np.int64)
    ctx = (S, C, P, F, sid, sidc, q, x, codes, t, col, first, order, no, plans, np.empty((NP, NACT), np.int64), Sd,
           Sp, trace, tn)  # fmt: skip
    best = decide_action(ctx, nc, x, trial_state(base, decision), values, counts)
    stats[S_PLAYOUTS] += counts[:nc].sum()
    P[t, col] = codes[best]
    sidr[q] = t
    if action == A_POLITICS:
        stats[S_POLITICS] += 1
        if best > 0:
            kind = 0 if codes[best] == T_COUNCIL else (1 if own == COUNCIL else 2)
            stats[S_POLITICS + 1 + kind] += 1
        return codes[best], nc
    stats[S_MOVEMENT] += 1
    if best > 0:
        land = codes[best] - T_LAND
        defended = False
        for f in range(NF):
            defended = defended or (land >= 0 and f != q and figures(S, land, f) > 0)
        if own < 0:
            stats[S_MOVEMENT + 1 + (0 if defended else 1)] += 1
        else:
            stats[S_MOVEMENT + 1 + (2 if land < 0 else 3)] += 1
    return codes[best], nc


@njit(cache=True, inline="always")
def play_searched(S0, C, P, F, X, sid, rs, base, Sa, Sd, Sp, debug, stats):
    """``driver.play_game`` with each searching seat's plan chosen by ``search_plan`` (decision ``round * NP +
    seat``); returns what ``driver.play_game`` does."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    count = np.zeros(3, np.int64)  # actions, violation bits, Rounds begun
    order = np.empty(NP, np.int64)
    plans = np.empty((NP, NACT), np.int64)
    values = np.empty(MAXCAND + NTACT, np.float64)
    avalues = np.empty(NCODES, np.float64)
    codes = np.empty(NCODES, np.int64)
    sidr = sid.copy()  # the Round's strategy rows: a searcher's tactic or its actions' row
    winner, wt = result(S)
    while wt < 0:
        count[2] = S.round
        no = round_start(S, C, P, F, sid, rs, order, plans)
        sidr[:] = sid
        for o in range(no):
            q = order[o]
            if X[sid[q], X_BUDGET] > 0:
                d = S.round * NP + q
                _, _, row = search_plan(S, C, P, F, X, sid, q, plans[q], base, d, Sd, Sp, trace, tn, stats, values)
                sidr[q] = row
        first = 0
        stop = next_action(S, C, X, sid, order, no, plans, 0)
        while True:  # the Round up to each of a searcher's actions it searches, then on from it
            winner, wt = round_rest(S, C, P, F, sidr, rs, order, no, plans, S0, debug, trace, tn, count, first, stop)
            if wt >= 0 or stop == WHOLE:
                break
            q = order[stop % no]
            d = ACTION_DECISIONS + (S.round * NP + q) * NACT + plans[q, stop // no]
            search_action(S, C, P, F, X, sid, sidr, q, stop, order, no, plans, base, d, Sd, Sp, trace, tn, stats,
                          avalues, codes)  # fmt: skip
            first = stop
            stop = next_action(S, C, X, sid, order, no, plans, stop + 1)
    return winner, wt, count[2], count[0], count[1]


@njit(cache=True)
def play_games(S0a, Ca, P, F, X, seats, rotate, key, start, count, debug, out, stats):
    """``experiment.play_chunk``'s loop (``chunk.play_games``) with searching seats: ``stats`` (count, NSTAT)."""
    S0, C = S0a[0], Ca[0]
    Sa = np.empty(1, S0a.dtype)
    Sd = np.empty(1, S0a.dtype)
    Sp = np.empty(1, S0a.dtype)
    rs = np.empty(1, np.uint64)
    sid = np.empty(NP, np.int64)
    skey = mix(key ^ SALT)
    everyone = np.arange(NP)  # a searching game seats 4 players (fast.dispatch)
    for g in range(count):
        game = start + g
        seating(seats, everyone, game, rotate, sid)
        rs[0] = trial_state(key, game)
        winner, wt, rounds, actions, bad = play_searched(
            S0, C, P, F, X, sid, rs, trial_state(skey, game), Sa, Sd, Sp, debug, stats[g]
        )
        write_row(Sa[0], C, sid, winner, wt, rounds, actions, bad, out[g])


@njit(cache=True)
def position(S0, C, P, F, sid, rs, upto, Sa, plans):
    """``driver.play_game`` by the seats' policies into ``Sa[0]`` up to Round ``upto``'s plans (``driver.round_start``,
    into ``plans``), where a searcher decides; returns the win type (-1: the game goes on)."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    count = np.zeros(3, np.int64)
    order = np.empty(NP, np.int64)
    winner, wt = result(S)
    while wt < 0:
        no = round_start(S, C, P, F, sid, rs, order, plans)
        if S.round >= upto:
            break
        winner, wt = round_rest(S, C, P, F, sid, rs, order, no, plans, S0, False, trace, tn, count, 0, WHOLE)
    return wt


@njit(cache=True)
def decide(Sa, C, P, F, X, sid, q, plan, base, decision, values):
    """``base.Strategy.plan`` by ``search_plan`` for seat ``q`` on the position ``Sa[0]`` (a Round's plans made);
    returns its answer (the candidate, how many, the seat's strategy row for the Round)."""
    Sd = np.empty(1, Sa.dtype)
    Sp = np.empty(1, Sa.dtype)
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    stats = np.zeros(NSTAT, np.int64)
    return search_plan(Sa[0], C, P, F, X, sid, q, plan, base, decision, Sd, Sp, trace, tn, stats, values)


@njit(cache=True)
def resample(Sa, C, q, seed, out):
    """``base.Strategy.plan``'s view by ``determinize`` of the position ``Sa[0]`` for seat ``q`` from the stream
    ``seed``, into ``out[0]``."""
    out[0] = Sa[0]
    rs = np.empty(1, np.uint64)
    rs[0] = seed
    determinize(out[0], C, q, rs)


@njit(cache=True)
def at_action(Sa, C, P, F, X, sid, rs, order, no, first, plans, q, action, search, base, decision, values, codes):
    """``driver.play_game`` from the position ``Sa[0]`` (a Round's plans made) up to seat ``q``'s ``action``
    (``driver.round_rest``; ``order``, ``no`` and ``first`` are outputs then), or with ``search`` (the position
    already there) that action by ``search_action`` in the Round's turn order ``order[:no]`` at its index ``first``
    (the order of the Round's start: a Council earlier in the Round may have passed the Princeps Token on), into
    ``values`` and ``codes``. Returns (the action's index or ``driver.WHOLE``, the seats in ``order``, the win type,
    the code chosen, how many were weighed). One kernel for both: each compiled kernel optimizes its callees again."""
    S = Sa[0]
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    if not search:
        no = turn_order(S, C, order)
        first = WHOLE
        for i in range(C.planned * no - 1, -1, -1):
            if order[i % no] == q and plans[q, i // no] == action:
                first = i
        count = np.zeros(3, np.int64)
        last = min(first, C.planned * no)
        _, wt = round_rest(S, C, P, F, sid, rs, order, no, plans, S, False, trace, tn, count, 0, last)
        return first, no, wt, 0, 0
    Sd = np.empty(1, Sa.dtype)
    Sp = np.empty(1, Sa.dtype)
    stats = np.zeros(NSTAT, np.int64)
    sidr = sid.copy()
    code, n = search_action(S, C, P, F, X, sid, sidr, q, first, order, no, plans, base, decision, Sd, Sp, trace, tn,
                            stats, values, codes)  # fmt: skip
    return first, no, -1, code, n


def _position(payload, key, game: int, round_: int):
    """``round_position`` and the game's stream after it."""
    s0, c, p, f = compiled(payload)
    sid = np.empty(NP, np.int64)
    seating(np.array(payload.seats, np.int64), np.arange(NP), game, bool(payload.rotate), sid)
    rs = np.array([trial_state(np.uint64(key), game)], np.uint64)
    sa = STATE.new()
    plans = np.zeros((NP, NACT), np.int64)
    wt = numba_cache.call(position, s0[0], c[0], p, f, sid, rs, int(round_), sa, plans)
    return sa, plans, sid, wt, rs


def round_position(payload, key, game: int, round_: int):
    """Game ``game`` of ``payload`` played by the seats' policies up to Round ``round_``'s plans: (the position, a
    ``STATE`` record array (1,); the plans (NP, NACT); each Principality's strategy row; the win type, -1 while the
    game goes on)."""
    return _position(payload, key, game, round_)[:4]


def action_position(payload, key, game: int, round_: int, seat: int, action: int):
    """``round_position`` played on by the seats' policies to Principality ``seat``'s ``action`` of Round ``round_``:
    (the position; the plans; the strategy rows; the turn order, the seats in it and the action's index
    (``driver.WHOLE``: not planned this Round); the win type)."""
    sa, plans, sid, wt, rs = _position(payload, key, game, round_)
    _, c, _, _ = compiled(payload)
    p, f, x = search_tables(payload)
    order = np.empty(NP, np.int64)
    first, no, wt2, _, _ = numba_cache.call(at_action, sa, c[0], p, f, x, sid, rs, order, 0, 0, plans, int(seat),
                                            int(action), False, np.uint64(0), 0, np.zeros(NCODES),
                                            np.zeros(NCODES, np.int64))  # fmt: skip
    return sa, plans, sid, (order, int(no), int(first)), max(wt, int(wt2))


def search_choice(payload, sa, sid, seat: int, plans, turn, base: int = 1, decision: int = 0):
    """``search_action`` of Principality ``seat`` (an ``actions`` searcher of ``payload``) at the action of the
    position ``sa`` where ``action_position`` stopped (``turn``: its turn order, seats and the action's index):
    (each candidate's code, each one's summed value, the code chosen)."""
    _, c, _, _ = compiled(payload)
    p, f, x = search_tables(payload)
    values = np.zeros(NCODES)
    codes = np.zeros(NCODES, np.int64)
    rs = np.zeros(1, np.uint64)
    order, no, first = turn
    action = int(plans[seat, first // no])
    _, _, _, code, n = numba_cache.call(at_action, sa, c[0], p, f, x, sid, rs, np.asarray(order, np.int64), int(no),
                                        int(first), plans, int(seat), action, True, np.uint64(base), int(decision),
                                        values, codes)  # fmt: skip
    return codes[:n], values[:n], int(code)


def search_position(payload, sa, sid, seat: int, plan, base: int = 1, decision: int = 0):
    """``search_plan`` of Principality ``seat`` (a rollout seat of ``payload``) on the position ``sa`` with its
    policy's ``plan``: (the plan it keeps, each candidate's plan (a tactic's: the policy's), each candidate's summed
    value, the tactic it keeps (-1: none))."""
    _, c, _, _ = compiled(payload)
    p, f, x = search_tables(payload)
    out = np.array(plan, np.int64).copy()
    values = np.zeros(MAXCAND + NTACT)
    cand = np.zeros((MAXCAND, NACT), np.int64)
    nc = numba_cache.call(candidates, c[0], out, int(x[sid[seat], X_CHOICES]), cand)
    nt = int(x[sid[seat], X_TACTICS])
    cand[nc : nc + nt] = cand[0]
    _, n, row = numba_cache.call(decide, sa, c[0], p, f, x, sid, int(seat), out, np.uint64(base), int(decision),
                                 values)  # fmt: skip
    tactic = int(row - x[sid[seat], X_TROW]) if row != sid[seat] else -1
    return out, cand[:n, : c[0]["planned"]], values[:n], tactic


def determinized(payload, sa, seat: int, seed: int) -> np.ndarray:
    """``determinize`` of the position ``sa`` for Principality ``seat`` from the stream ``seed``: a new record."""
    _, c, _, _ = compiled(payload)
    out = STATE.new()
    numba_cache.call(resample, sa, c[0], int(seat), np.uint64(seed), out)
    return out


def search_tables(payload) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``chunk.compiled``'s strategy rows (P, F) with each tactic searcher's tactic rows after them, and every row's
    search row (X: the shared columns of ``sim.search.settings.search_row``, budget -1 for a plain plan or a tactic
    row; choices; tactics and the first tactic row; the first of the NP rows of the searchers' own actions, 0 without
    ``actions``)."""
    from strategies.principes import playout_policy
    from strategies.principes.rollout import Rollout

    _, _, p, f = compiled(payload)
    rules = game_rules(payload.rules)
    ps, fs, rows = [p], [f], []
    n = len(payload.specs)
    settings = [Rollout(**params).p if uses == "rollout" else None for uses, params in payload.specs]
    actions = n + NTACT * sum(bool(s and s["tactics"]) for s in settings)  # the action rows after the tactic rows
    plain = (*NOT_SEARCHING, 0, 0, 0, 0)
    for (_, params), s in zip(payload.specs, settings, strict=True):
        if s is None:
            rows.append(plain)
            continue
        tactics = NTACT if s["tactics"] else 0
        rows.append((*search_row(s), CHOICES.index(s["choices"]), tactics, n if tactics else 0,
                     actions if s["actions"] else 0))  # fmt: skip
        if tactics:
            policy, pp = playout_policy(params)
            for change in TACTICS.values():
                ints, floats = compile_strategy(policy, {**pp, **change}, rules)
                ps.append(ints.reshape(1, -1))
                fs.append(floats.reshape(1, -1))
            n += NTACT
    if any(s and s["actions"] for s in settings):  # a searcher's actions' row per seat (``search_action``)
        ps.append(np.zeros((NP, p.shape[1]), p.dtype))
        fs.append(np.zeros((NP, f.shape[1]), f.dtype))
        n += NP
    rows += [plain] * (n - len(payload.specs))
    return np.vstack(ps), np.vstack(fs), np.array(rows, np.int64).reshape(n, NX)


def searching(payload) -> bool:
    """Some seat of ``payload`` is a rollout searcher."""
    return any(uses == "rollout" for uses, _ in payload.specs)


def run_games(payload, key, start: int, count: int, debug: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """``chunk.run_games`` with searching seats: (the per-game table, the per-game statistics (count, NSTAT))."""
    s0, c, _, _ = compiled(payload)
    p, f, x = search_tables(payload)
    out = np.zeros((count, len(COLUMNS)), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    seats = np.array(payload.seats, np.int64)
    numba_cache.call(
        play_games, s0, c, p, f, x, seats, bool(payload.rotate), np.uint64(key), int(start), int(count), debug, out,
        stats,
    )  # fmt: skip
    return out, stats
