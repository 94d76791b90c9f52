"""The rollout searcher's Dark Ages hooks (``sim.search``, ``uses: rollout``, ``strategies.dark_ages.rollout``): a seat
that chooses its turn's Noble action (where it places its Noble disc, and which move of that action) or its Pass, and
with ``reactions: true`` its reactions, by playing candidates to the end of the game; the budget, its allocation and
the common random numbers are ``sim.search.searcher``'s, the hooks here (``turn_start``, ``turn_value``) its
``start`` and ``value``.

At each of its turns, once the turn's free steps are done (``loop.turn_begins``), a searching seat lists every action's
legal moves and asks its ``policy`` for its choice as usual (``strategies.choose_action``, drawing from the game's own
stream). It then weighs each candidate by playouts from that position (the candidate carried out, the turn ended, then
``loop.play`` to the end: every seat plays its own plan, the searcher its ``policy``) and keeps the best by win rate (a
shared first place counts as a win: "In case of a tie, players share victory") or by share of the final VP (``objective:
score``); ties keep the policy's choice. Candidates (``candidates``): the policy's choice, the policy's move restricted
to each other action space (its first priority of that action with a fitting move, else the action's first legal move),
and Pass when the rules allow it ("you may decide to Pass earlier even if you have Noble discs left. You may not Pass,
however, if all of your Noble discs are available"); ``choices: all`` adds every other legal move, up to ``MAXC``
candidates. Playout k of decision d (the game's turn number) of game g draws from the stream (seed, g, d, k)
(``sim.rng``), the same for every candidate (common random numbers) and independent of workers and chunks; the searched
game's own stream is never touched by a playout, so with budget 0 a searcher plays its policy's game exactly.

What the searcher sees: by default (``determinize: true``) playout k first resamples, from its own stream, what the seat
cannot see (``determinize``): the other players' hands ("Culture cards go into your hand") and the order of the
face-down draw deck ("Shuffle the common Culture cards together to form the draw deck"). The cards pooled from those
hands and the undrawn deck are sorted and shuffled, then each other hand gets as many as it held and the deck the rest;
its own hand, the offer, the discards and the board stay. The resample reads only the pooled cards in a fixed order, so
its outcome, and so the search, cannot depend on where the hidden cards actually lie. The modules' own hidden cards
(Wyrd, Combat, Campaign and Alliance cards, module decks) are not resampled: the playouts see them. With ``sees_hidden:
true`` (``determinize: false``) every playout starts from the true position, the others' hands and the Culture deck's
order included: the cheating upper bound, labelled "sees hidden cards".

Reactions (``reactions: true``): when a stack pushes out a searching seat's disc, in its own turn or another's, it
weighs the reaction too (``searched_react``): its policy's reaction, the policy's choice restricted to the other of the
two adjacent reactions, and with ``choices: all`` every legal reaction move, each weighed by playouts from there (the
reaction applied, the turn ended, then to the end of the game) on the streams of (seed, game, turn) salted apart from
the turns' (``RSALT``). Off by default, so the searcher plays the games it played before.

Not searched: the other choices inside a turn the policy makes (free settling, a Title's repeat, what to discard,
Passing's steps), nor a Grand Building played instead of a Noble action.

The reference engine does not search (``fast.dispatch.choose_engine`` refuses a rollout seat there), so the functions
here name the reference question they answer as their twin.
"""

from __future__ import annotations

import json

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.dark_ages.fast.actions import action_options
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.fast.ending import score
from sim.games.dark_ages.fast.experiment import COLUMNS, buffers, game_row, new_state, seatings, strategy_table
from sim.games.dark_ages.fast.layout import ACTIONS, OUT_COLS, REACTIONS
from sim.games.dark_ages.fast.loop import (
    act,
    carry_out,
    game_done,
    game_ends,
    play,
    policy_choice,
    pushed_out,
    take_turn,
    turn_begins,
    turn_ends,
    turn_over,
)
from sim.games.dark_ages.fast.modules import bits, install
from sim.games.dark_ages.fast.plans import K_RANDOM
from sim.games.dark_ages.fast.reacting import apply_reaction
from sim.games.dark_ages.fast.setup import setup
from sim.games.dark_ages.fast.strategies import choose_action, choose_react, first
from sim.games.dark_ages.fast.stream import J, shuffle
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.study import plan_specs
from sim.rng import mix, trial_state
from sim.search.searcher import X_BUDGET, X_DETERMINIZE, X_GAME, X_OBJECTIVE, searcher
from sim.search.settings import NOT_SEARCHING, search_row

# a strategy's search row: the columns every game shares (``sim.search.searcher``: X_BUDGET -1 for a plain plan), then
X_CHOICES, X_REACTIONS, NX = range(X_GAME, X_GAME + 3)
CHOICES = ("actions", "all")
MAXC = 64  # candidates at most (``choices: all``)
PASS = 5  # a candidate's kind: the action (``layout.ACTIONS`` index) or PASS, or REACT + the reaction (``X_*``)
REACT = 6
KINDS = (*ACTIONS, "pass")  # a turn's candidate's kind by its index (the move rows' action column, then PASS)
SALT = np.uint64(0xDA5EA5C4D1A7C0DE)  # the playouts' streams: apart from the games' own
RSALT = np.uint64(0x5EAC7104DA5EA5C4)  # a reaction's playouts: apart from the turns'
# per-game statistics: turn decisions, choices changed, (policy kind, chosen) counts; the same for reactions
S_DECISIONS, S_CHANGED, S_KIND = 0, 1, 2
S_RDECISIONS, S_RCHANGED, S_RKIND = S_KIND + 36, S_KIND + 37, S_KIND + 38
S_PLAYOUTS = S_RKIND + 36  # playouts played
NSTAT = S_PLAYOUTS + 1


@njit(**J)
def add(cand, n, kind, mv):
    """Twin: none (candidate ``n`` := kind and move row, unless an earlier candidate is the same; the new count)."""
    for c in range(n):
        same = cand[c, 0] == kind
        if kind != PASS:
            for i in range(6):
                same = same and cand[c, 1 + i] == mv[i]
        if same:
            return n
    cand[n, 0] = kind
    for i in range(6):
        cand[n, 1 + i] = mv[i] if kind != PASS else 0
    return n + 1


@njit(**J)
def candidates(S, T, seat, ST, MVA, NK, can_pass, chosen, mv, choices, cand):
    """Twin: ``strategies.dark_ages.scripted.Scripted.choose_action`` (its answers the searcher weighs) into ``cand``
    (MAXC, 7: kind, move row): the policy's choice (``chosen``: the move ``mv``, else Pass) first, Pass, the policy's
    move restricted to each other action space with legal moves (``strategies.first`` with ``only``, else its first
    row), and with ``choices`` 1 every other legal move; returns how many."""
    sid = S.strategy[seat]
    n = add(cand, 0, mv[0] if chosen else PASS, mv)
    if can_pass:
        n = add(cand, n, PASS, mv)
    tmp = np.zeros(6, np.int64)
    for a in range(5):
        if NK[a] <= 0 or n >= MAXC:
            continue
        if not first(S, T, seat, ST, sid, MVA, NK, a, tmp):
            for i in range(6):
                tmp[i] = MVA[a][0, i]
        n = add(cand, n, a, tmp)
    if choices == 1:
        for a in range(5):
            for j in range(max(NK[a], 0)):
                if n >= MAXC:
                    return n
                n = add(cand, n, a, MVA[a][j])
    return n


@njit(**J)
def value(S, T, seat, objective, sc):
    """Twin: ``game.ending.score`` (the winners) for ``seat``: 1 for a (shared) first place, else 0 (``objective:
    score``: its share of the players' final VP)."""
    mine, best, total = 0, -(1 << 60), 0
    for s in range(S.n):
        score(S, T, s, sc)
        t = sc[OUT_COLS - 1]
        total += t
        best = max(best, t)
        if s == seat:
            mine = t
    if objective == 0:
        return 1.0 if mine == best else 0.0
    return mine / total if total > 0 else 0.0


@njit(**J)
def determinize(S, T, seat, rs):
    """Twin: ``game.setup.new_game`` (its deal of the Culture deck) again for what ``seat`` cannot see: the others'
    hands and the undrawn deck pooled, sorted, shuffled from ``rs`` and dealt back (each hand as many cards as it
    held, in seat order, the deck the rest)."""
    pool = np.empty(S.hand.size + S.deck.shape[0], np.int64)
    m = 0
    for r in range(S.n):
        if r != seat:
            for i in range(S.nhand[r]):
                pool[m] = S.hand[r, i]
                m += 1
    for i in range(S.deck_p, S.deck_n):
        pool[m] = S.deck[i]
        m += 1
    pool[:m].sort()
    shuffle(rs, pool, m)
    k = 0
    for r in range(S.n):
        if r != seat:
            for i in range(S.nhand[r]):
                S.hand[r, i] = pool[k]
                k += 1
    for i in range(S.deck_p, S.deck_n):
        S.deck[i] = pool[k]
        k += 1


@njit(**J)
def playout(P, T, ST, seat, me, c, R, MVA, NK, MV, mv, max_turns, objective, sc):
    """Twin: ``game.loop.play`` from a candidate of ``me`` on the position ``P`` (changed in place) in ``seat``'s turn:
    ``c`` (kind, move row) carried out (a turn's Noble action or Pass, or ``me``'s reaction), the turn ended, then
    every seat its own plan to the end; returns ``value`` for ``me``."""
    for i in range(6):
        mv[i] = c[1 + i]
    if c[0] >= REACT:
        apply_reaction(P, T, me, mv, ST, R)
    else:
        carry_out(P, T, seat, ST, MVA, NK, MV, mv, c[0] != PASS, R)
    turn_ends(P, T, seat, ST, R)
    _, nxt = turn_over(P, T, seat, ST, False, R)
    P.current = nxt
    play(P, T, ST, max_turns, False, R, MVA, NK, MV, mv)
    return value(P, T, me, objective, sc)


@njit(**J)
def turn_start(ctx, rs):
    """Twin: none (``sim.search.searcher``'s ``start``: the position into ``Sd[0]``, with ``X_DETERMINIZE`` its
    ``determinize`` for ``me``)."""
    S, T, ST, x, seat, me, cand, Sd, Sp, MVA, NK, MV, mv, max_turns, sc = ctx
    Sd[0] = S
    if x[X_DETERMINIZE]:
        determinize(Sd[0], T, me, rs)


@njit(**J)
def turn_value(ctx, c, rs):
    """Twin: ``game.loop.play`` (``sim.search.searcher``'s ``value``: candidate ``c`` of ``me`` played from a copy of
    the start to the end, ``playout``)."""
    S, T, ST, x, seat, me, cand, Sd, Sp, MVA, NK, MV, mv, max_turns, sc = ctx
    Sp[0] = Sd[0]
    return playout(Sp[0], T, ST, seat, me, cand[c], rs, MVA, NK, MV, mv, max_turns, x[X_OBJECTIVE], sc)


decide_turn = searcher(turn_start, turn_value, nogil=True)


@njit(**J)
def search(S, T, ST, X, seat, me, cand, nc, root, Sd, Sp, max_turns, values, stats):
    """Twin: ``strategies.dark_ages.scripted.Scripted.choose_action`` (or ``react``) by playouts: ``me``'s candidate
    (row of ``cand``) in ``seat``'s turn that ``decide_turn`` keeps (``sim.search.searcher``: the budget of
    ``X[S.strategy[me]]``, playout k of every candidate from the same start on stream k of ``root``); ``values``
    (MAXC,) gets each candidate's summed value, ``stats`` its playouts. Ties keep the earlier candidate, the
    policy's first."""
    x = X[S.strategy[me]]
    MVA, NK, MV, mv = buffers()
    ctx = (S, T, ST, x, seat, me, cand, Sd, Sp, MVA, NK, MV, mv, max_turns, np.zeros(OUT_COLS, np.int64))
    counts = np.empty(MAXC, np.int64)
    best = decide_turn(ctx, nc, x, root, values, counts)
    stats[S_PLAYOUTS] += counts[:nc].sum()
    return best


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(**J, inline="always")
def searched_turn(S, T, seat, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values):
    """Twin: ``game.loop.take_turn`` with the Noble action or Pass chosen by ``search`` (every action's moves listed,
    the policy's choice drawn from the game's stream ``R`` as ``loop.action_or_pass`` draws it); ``stats`` (NSTAT,)
    counts the decision."""
    sid = S.strategy[seat]
    if turn_begins(S, T, seat, ST, MV, R):
        for a in range(5):
            NK[a] = -1
        has = False
        if S.nobles_free[seat] > 0:
            for a in range(5):
                NK[a] = action_options(S, T, seat, a, MVA[a])
                has = has or NK[a] > 0
        can_pass = S.nobles_free[seat] < S.nobles_total[seat] or not has
        chosen = False
        if has:
            chosen = choose_action(S, T, seat, ST, sid, MVA, NK, can_pass, mv, R)
        nc = candidates(S, T, seat, ST, MVA, NK, can_pass, chosen, mv, X[sid, X_CHOICES], cand)
        if nc > 1:
            best = search(S, T, ST, X, seat, seat, cand, nc, trial_state(root, S.turns), Sd, Sp, max_turns, values,
                          stats)  # fmt: skip
            stats[S_DECISIONS] += 1
            if best > 0:
                stats[S_CHANGED] += 1
                stats[S_KIND + 6 * cand[0, 0] + cand[best, 0]] += 1
                chosen = cand[best, 0] != PASS
                for i in range(6):
                    mv[i] = cand[best, 1 + i]
        if act(S, T, seat, ST, MVA, NK, MV, mv, chosen, R):
            searched_react(S, T, seat, ST, X, MV, R, root, Sd, Sp, max_turns, stats, cand, values)
    turn_ends(S, T, seat, ST, R)


@njit(**J, inline="always")
def other_turn(S, T, seat, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values):
    """Twin: ``game.loop.take_turn`` of a seat that does not search, in a game where a searching seat's reaction to
    this turn (its disc pushed out) may be searched (``searched_react``)."""
    if turn_begins(S, T, seat, ST, MV, R):
        if act(S, T, seat, ST, MVA, NK, MV, mv, policy_choice(S, T, seat, ST, MVA, NK, mv, R), R):
            searched_react(S, T, seat, ST, X, MV, R, root, Sd, Sp, max_turns, stats, cand, values)
    turn_ends(S, T, seat, ST, R)


@njit(**J)
def searched_react(S, T, seat, ST, X, MV, R, root, Sd, Sp, max_turns, stats, cand, values):
    """Twin: ``game.loop.react`` in ``seat``'s turn with the reaction of a seat searching reactions (``X_REACTIONS``)
    chosen by ``search`` among ``reaction_candidates``, on the stream (``root`` salted, the turn); ``stats`` counts
    the decision. Another owner's reaction, or one with budget 0, is its plan's (the same draws as ``react``)."""
    owner, k, j = pushed_out(S, T, ST, MV, R)
    if k == 0:
        return
    x = X[S.strategy[owner]]
    if x[X_BUDGET] > 0 and x[X_REACTIONS]:
        nc = reaction_candidates(S, T, owner, ST, MV, k, j, x[X_CHOICES], cand, R)
        if nc > 1:
            rroot = trial_state(mix(root ^ RSALT), S.turns)
            best = search(S, T, ST, X, seat, owner, cand, nc, rroot, Sd, Sp, max_turns, values, stats)
            stats[S_RDECISIONS] += 1
            if best > 0:
                stats[S_RCHANGED] += 1
                stats[S_RKIND + 6 * (cand[0, 0] - REACT) + cand[best, 0] - REACT] += 1
            apply_reaction(S, T, owner, cand[best, 1:], ST, R)
            return
    apply_reaction(S, T, owner, MV[j], ST, R)


@njit(**J)
def reaction_candidates(S, T, seat, ST, MV, k, j, choices, cand, R):
    """Twin: ``strategies.dark_ages.scripted.Scripted.react`` (its answers the searcher weighs) into ``cand`` (kind
    REACT + the reaction, move row): the plan's row ``j`` of ``MV[:k]`` first, then its choice restricted to the
    other reaction (``choose_react`` on that reaction's rows; a random plan: the first of them), and with
    ``choices`` 1 every other row; returns how many."""
    n = add(cand, 0, REACT + MV[j, 1], MV[j])
    sid = S.strategy[seat]
    only = np.zeros((k, 6), np.int64)
    for x in range(6):
        m = 0
        for i in range(k):
            if MV[i, 1] == x:
                only[m] = MV[i]
                m += 1
        if m == 0 or x == MV[j, 1]:
            continue
        r = 0 if ST[sid, 0] == K_RANDOM else choose_react(S, T, seat, ST, sid, only, m, R)  # R: not drawn from
        n = add(cand, n, REACT + x, only[r])
    if choices == 1:
        for i in range(k):
            if n >= MAXC:
                return n
            n = add(cand, n, REACT + MV[i, 1], MV[i])
    return n


@njit(**J, inline="always")
def play_searched(S, T, ST, X, max_turns, debug, R, root, Sd, Sp, stats):
    """Twin: ``game.loop.play`` with each searching seat's (``X`` budget ≥ 0) turns by ``searched_turn`` and the
    others' by ``other_turn``; returns the first failed invariant (``debug``) or 0."""
    MVA, NK, MV, mv = buffers()
    cand = np.zeros((MAXC, 7), np.int64)
    values = np.zeros(MAXC, np.float64)
    seat = S.current
    while not game_done(S):
        if S.turns >= max_turns:
            S.trigger = 5
            break
        if X[S.strategy[seat], X_BUDGET] >= 0:
            searched_turn(S, T, seat, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values)
        else:
            other_turn(S, T, seat, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values)
        bad, seat = turn_over(S, T, seat, ST, debug, R)
        if bad:
            return bad
    game_ends(S, T, seat, R)
    return 0


@njit(**J)
def play_games(key, start, count, NPL, RUL, STR, ST, X, T, states, flat, max_turns, debug, mods, out, stats):
    """Twin: ``multiplayer.play_chunk`` (the games, ``experiment.play_games``) with searching seats: ``stats``
    (count, NSTAT) each game's search statistics."""
    S = states[0]
    R = np.zeros(1, np.uint64)
    sc = np.zeros(OUT_COLS, np.int64)
    Sd = np.empty(1, states.dtype)
    Sp = np.empty(1, states.dtype)
    skey = mix(key ^ SALT)
    for g in range(count):
        R[0] = trial_state(key, start + g)
        flat[:] = 0
        n = NPL[g]
        setup(S, T, n, RUL[g], R)
        install(S, T, mods, R)
        for s in range(n):
            S.strategy[s] = STR[g, s]
        bad = play_searched(S, T, ST, X, max_turns, debug, R, trial_state(skey, start + g), Sd, Sp, stats[g])
        if bad:
            out[g, 0] = -bad
            continue
        game_row(S, T, n, sc, out[g])


@njit(**J)
def decide(states, T, ST, X, seat, cand, nc, root, max_turns, values):
    """Twin: ``strategies.dark_ages.scripted.Scripted.choose_action`` by ``search`` for ``seat`` on the position
    ``states[0]`` with the candidates ``cand[:nc]``; returns the candidate chosen."""
    Sd = np.empty(1, states.dtype)
    Sp = np.empty(1, states.dtype)
    return search(states[0], T, ST, X, seat, seat, cand, nc, root, Sd, Sp, max_turns, values, np.zeros(NSTAT, np.int64))


@njit(**J)
def list_candidates(states, T, ST, X, seat, R, cand):
    """Twin: ``strategies.dark_ages.scripted.Scripted.choose_action`` (``searched_turn``'s listing) on the position
    ``states[0]`` at the Noble action or Pass of ``seat``'s turn: the candidates into ``cand``; how many."""
    S = states[0]
    MVA, NK, MV, mv = buffers()
    for a in range(5):
        NK[a] = -1
    has = False
    if S.nobles_free[seat] > 0:
        for a in range(5):
            NK[a] = action_options(S, T, seat, a, MVA[a])
            has = has or NK[a] > 0
    can_pass = S.nobles_free[seat] < S.nobles_total[seat] or not has
    chosen = False
    if has:
        chosen = choose_action(S, T, seat, ST, S.strategy[seat], MVA, NK, can_pass, mv, R)
    return candidates(S, T, seat, ST, MVA, NK, can_pass, chosen, mv, X[S.strategy[seat], X_CHOICES], cand)


@njit(**J)
def position_kernel(R, n, rul, st, ST, T, states, flat, turns, mods):
    """Twin: ``game.loop.play`` by every seat's policy from the set-up (``experiment.play_games``'s) for ``turns``
    turns, then the next turn up to its Noble action or Pass (``loop.turn_begins``) on ``states[0]``; returns the seat
    to act there (-1: the game ended, or a module action took the turn's place)."""
    S = states[0]
    MVA, NK, MV, mv = buffers()
    flat[:] = 0
    setup(S, T, n, rul, R)
    install(S, T, mods, R)
    for s in range(n):
        S.strategy[s] = st[s]
    seat = S.current
    while not game_done(S) and S.turns < turns:
        take_turn(S, T, seat, ST, MVA, NK, MV, mv, R)
        _, seat = turn_over(S, T, seat, ST, False, R)
    S.current = seat
    if game_done(S) or not turn_begins(S, T, seat, ST, MV, R):
        return -1
    return seat


@njit(**J)
def finish(states, T, ST, seat, c, seed, max_turns, out):
    """Twin: ``game.loop.play`` from the candidate ``c`` (``playout``) of ``seat`` on a copy of ``states[0]``, on the
    stream ``seed``: the finished game's row ``out`` (``experiment.game_row``)."""
    P = np.empty(1, states.dtype)
    P[0] = states[0]
    MVA, NK, MV, mv = buffers()
    sc = np.zeros(OUT_COLS, np.int64)
    R = np.empty(1, np.uint64)
    R[0] = seed
    playout(P[0], T, ST, seat, seat, c, R, MVA, NK, MV, mv, max_turns, 0, sc)
    game_row(P[0], T, P[0].n, sc, out)


@njit(**J)
def resample(states, T, seat, seed, out):
    """Twin: ``game.setup.new_game`` (``determinize``) of the position ``states[0]`` for ``seat`` from the stream
    ``seed``, into ``out[0]``."""
    out[0] = states[0]
    rs = np.empty(1, np.uint64)
    rs[0] = seed
    determinize(out[0], T, seat, rs)


# ---------------------------------------------------------------- Python side
def searching(e) -> bool:
    """Some plan of the experiment ``e`` is a rollout searcher."""
    return any(uses == "rollout" for uses, _ in plan_specs(e))


def search_table(e) -> np.ndarray:
    """``X``: one search row per strategy row of ``e`` (``experiment.strategy_table``): the shared columns of
    ``sim.search.settings.search_row`` (budget -1: a plain plan), choices, reactions."""
    from strategies.dark_ages.rollout import Rollout

    rows = []
    for uses, params in plan_specs(e):
        if uses != "rollout":
            rows.append((*NOT_SEARCHING, 0, 0))
            continue
        p = Rollout(**(json.loads(params) or {})).p
        rows.append((*search_row(p), CHOICES.index(p["choices"]), int(p["reactions"])))
    return np.array(rows, np.int64).reshape(-1, NX)


def run_seated(e, key, start: int, count: int, npl, rul, st, debug: bool = False, mods=None):
    """The searched games ``start .. start+count-1`` of ``e`` with the seating ``npl`` (count,), ``rul`` and ``st``
    (count, 4): (the per-game rows of ``experiment.run_games``, the per-game statistics (count, NSTAT))."""
    mods = e.modules if mods is None else mods
    out = np.zeros((count, COLUMNS), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    states, flat = new_state()
    T = tables_for(cached_context(e.overrides, e.skirmishers or "skirmishers" in mods))[0]
    numba_cache.call(play_games, np.uint64(key), int(start), int(count), np.asarray(npl, np.int64),
                     np.asarray(rul, np.int64), np.asarray(st, np.int64), strategy_table(e), search_table(e), T,
                     states, flat, e.max_turns, debug, bits(mods), out, stats)  # fmt: skip
    if debug and (out[:, 0] < 0).any():
        g = int(np.argmax(out[:, 0] < 0))
        raise AssertionError(f"game {start + g}: invariant {-out[g, 0]} failed (fast.invariants.check)")
    return out, stats


def run_games(e, key, start: int, count: int, debug: bool = False, table=None, mods=None):
    """``experiment.run_games`` with searching seats (the experiment's own seating): (rows, statistics)."""
    npl, rul, st = seatings(e, start, count, table)
    return run_seated(e, key, start, count, npl, rul, st, debug, mods)


def changes(stats: np.ndarray, top: int = 5, at: int = S_KIND, kinds: tuple = KINDS) -> list[dict]:
    """The most frequent changes of the turns' choices in summed ``stats`` (with ``at=S_RKIND, kinds=REACTIONS``:
    of the reactions): {from: the policy's kind, to: the searcher's, count}."""
    m = np.asarray(stats)[at : at + 36].reshape(6, 6)
    pairs = sorted(((int(m[a, b]), a, b) for a in range(6) for b in range(6) if m[a, b]), key=lambda t: -t[0])
    return [{"from": kinds[a], "to": kinds[b], "count": n} for n, a, b in pairs[:top]]


def reaction_changes(stats: np.ndarray, top: int = 5) -> dict:
    """The reactions searched in summed ``stats``: {decisions, changed, changes: the most frequent (``changes``)}."""
    stats = np.asarray(stats)
    return {"decisions": int(stats[S_RDECISIONS]), "changed": int(stats[S_RCHANGED]),
            "changes": changes(stats, top, S_RKIND, REACTIONS)}  # fmt: skip


def position(e, key, game: int, turns: int, npl, rul, st):
    """Game ``game`` of ``e`` (seated by ``npl``, ``rul``, ``st`` for that one game) played by every seat's policy
    for ``turns`` turns and up to the next turn's Noble action or Pass (``loop.turn_begins``): (the position, a
    ``STATE`` record array (1,); the game's stream there, (1,) uint64; the tables; the seat to act, or -1 when the
    game ended or a module action took the turn's place)."""
    states, flat = new_state()
    T = tables_for(cached_context(e.overrides, e.skirmishers or "skirmishers" in e.modules))[0]
    R = np.array([trial_state(np.uint64(key), game)], np.uint64)
    seat = numba_cache.call(position_kernel, R, int(npl), np.asarray(rul, np.int64), np.asarray(st, np.int64),
                            strategy_table(e), T, states, flat, int(turns), bits(e.modules))  # fmt: skip
    return states, R, T, int(seat)


def search_position(e, states, R, T, seat: int, root: int = 1):
    """``search`` of ``seat`` (a rollout seat of ``e``) on the position ``states`` (``position``): (the candidates
    (n, 7: kind, move row), each one's summed value, the one chosen)."""
    ST, X = strategy_table(e), search_table(e)
    cand = np.zeros((MAXC, 7), np.int64)
    nc = numba_cache.call(list_candidates, states, T, ST, X, int(seat), R.copy(), cand)
    values = np.zeros(MAXC)
    best = numba_cache.call(decide, states, T, ST, X, int(seat), cand, int(nc), np.uint64(root), e.max_turns, values)
    return cand[:nc].copy(), values[:nc].copy(), int(best)


def finished(e, states, T, seat: int, c, seed: int) -> np.ndarray:
    """``finish``: the row (``COLUMNS``) of the game ``states`` played on from ``seat``'s candidate ``c`` (7,)."""
    out = np.zeros(COLUMNS, np.int64)
    numba_cache.call(finish, states, T, strategy_table(e), int(seat), np.asarray(c, np.int64), np.uint64(seed),
                     e.max_turns, out)  # fmt: skip
    return out


def determinized(states, T, seat: int, seed: int) -> np.ndarray:
    """``determinize`` of the position ``states`` for ``seat`` from the stream ``seed``: a new record."""
    out, _ = new_state()
    numba_cache.call(resample, states, T, int(seat), np.uint64(seed), out)
    return out
