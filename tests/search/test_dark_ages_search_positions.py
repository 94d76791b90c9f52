"""The Dark Ages rollout searcher on set positions (``fast.search.search`` from ``search.position``): what it may
see (``determinize``: its choices do not depend on the hidden cards, the cheating mode's do) and a hand-built
position with one winning move, which it finds."""

import numpy as np
import pytest

from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import search
from sim.games.dark_ages.fast.experiment import HEAD
from sim.games.dark_ages.fast.invariants import check
from sim.games.dark_ages.fast.layout import OUT_COLS, STATE
from sim.games.dark_ages.ladder import seating
from sim.rng import experiment_key

KEY = experiment_key(11)
FIELD = {"conrad_the_red": "military", "arnulf_the_bad": "expansion", "boleslaus_the_cruel": "culture",
         "berengar_of_ivrea": "military", "tomislav": "expansion", "pandulf_ironhead": "culture",
         "gero_the_great": "military"}  # fmt: skip
SEAT = "boleslaus_the_cruel"


def study(**params):
    seats = {**FIELD, SEAT: {"name": "s", "uses": "rollout", "params": {"rollouts": 8, "policy": "culture", **params}}}
    return experiment.experiment_from_dict({"players": 3, "rulers": "all", "seats": seats}, "test.yaml")


def at(e, game, turns):
    """Ladder game ``game`` after ``turns`` turns: (the position, the stream, the tables, the seat to act, the
    searcher's chair)."""
    npl, rul, st, chair = seating(e, SEAT, game, 1)
    states, R, T, seat = search.position(e, KEY, game, turns, npl[0], rul[0], st[0])
    return states, R, T, seat, int(chair[0])


def searcher_turns(e, game, lo=20):
    """The turns (from ``lo``) at which the searcher acts, cards hidden from it in the others' hands and the deck."""
    out = []
    for t in range(lo, 200):
        states, R, T, seat, me = at(e, game, t)
        s = states[0]
        if seat == me and s["deck_p"] < s["deck_n"] and s["nhand"][[r for r in range(3) if r != me]].sum() > 0:
            out.append(t)
        if seat < 0 and s["finished"][:3].all():
            break
    return out


def hidden_elsewhere(states, me):
    """The position with every hidden card laid differently, all the searcher sees kept: the first card of each other
    hand swapped with a different undrawn deck card, and the undrawn deck reversed."""
    out = states.copy()
    s = out[0]
    lo, hi = s["deck_p"], s["deck_n"]
    for r in range(3):
        if r == me or s["nhand"][r] == 0:
            continue
        for i in range(lo, hi):
            if s["deck"][i] != s["hand"][r, 0]:
                s["hand"][r, 0], s["deck"][i] = s["deck"][i], s["hand"][r, 0]
                break
    s["deck"][lo:hi] = s["deck"][lo:hi][::-1].copy()
    assert {f.split("[")[0] for f in STATE.diff(states[0], s, limit=1000)} == {"hand", "deck"}
    return out


def pooled(s, me):
    cards = [s["hand"][r, i] for r in range(3) if r != me for i in range(s["nhand"][r])]
    return sorted(cards + list(s["deck"][s["deck_p"] : s["deck_n"]]))


@pytest.mark.parametrize("game", [0, 7])
def test_determinize_keeps_what_the_searcher_sees_and_reads_nothing_hidden(game):
    e = study(determinize=True)
    turns = searcher_turns(e, game)
    assert len(turns) >= 5
    for t in turns[:: max(1, len(turns) // 4)]:
        states, R, T, seat, me = at(e, game, t)
        s = states[0]
        d = search.determinized(states, T, me, 7)[0]
        assert check(s, T) == check(d, T) == 0  # ``invariants``: a position the rules can reach
        assert {f.split("[")[0] for f in STATE.diff(s, d, limit=1000)} <= {"hand", "deck"}
        assert (d["hand"][me] == s["hand"][me]).all()  # its own hand
        assert (d["nhand"] == s["nhand"]).all() and (d["deck"][: s["deck_p"]] == s["deck"][: s["deck_p"]]).all()
        assert pooled(d, me) == pooled(s, me)  # no card made or lost; only where the hidden ones lie
        other = search.determinized(hidden_elsewhere(states, me), T, me, 7)[0]
        assert STATE.diff(d, other) == []  # the same resample, however the hidden cards lay
        assert STATE.diff(d, search.determinized(states, T, me, 8)[0]) != []  # another playout, another resample


@pytest.mark.parametrize("budget", [{}, {"rollouts": None, "budget": 40}])
def test_determinized_choices_do_not_depend_on_hidden_cards_the_cheats_do(budget):
    """Swapping the hidden cards: the determinized searcher weighs every candidate the same, playout for playout; the
    cheating one, which sees them, plays some playouts differently. Also with a budget spent by sequential halving
    (which candidates stay in is decided on determinized playouts only)."""
    cheats_differ = 0
    for game in (0, 7):
        turns = searcher_turns(study(), game)
        for t in turns[:: max(1, len(turns) // 3)]:
            seen = {}
            for determinize in (True, False):
                e = study(determinize=determinize, objective="score", **budget)
                states, R, T, seat, me = at(e, game, t)
                seen[determinize] = [search.search_position(e, s, R, T, me, root=3) for s in
                                     (states, hidden_elsewhere(states, me))]  # fmt: skip
            (cand, values, best), (cand2, values2, best2) = seen[True]
            assert (cand == cand2).all() and best == best2
            assert (values == values2).all()  # every playout the same: nothing hidden was read
            (_, cheat, _), (_, cheat2, _) = seen[False]
            cheats_differ += (cheat != cheat2).any()
    assert cheats_differ > 0  # seeing everything, the hidden cards change the playouts


def margins(e, states, T, me, cand, seeds=range(1, 9)):
    """Each candidate's final VP margin for ``me`` (its total minus the best other total), the same on every stream of
    ``seeds``, or None when a stream changes it."""
    out = []
    for c in cand:
        seen = set()
        for seed in seeds:
            row = search.finished(e, states, T, me, c, seed)
            totals = row[HEAD : HEAD + 3 * OUT_COLS].reshape(3, OUT_COLS)[:, -1]
            seen.add(int(totals[me] - max(totals[r] for r in range(3) if r != me)))
        if len(seen) > 1:
            return None
        out.append(seen.pop())
    return out


def winning_position(e):
    """A position of the searcher's turn whose end triggers the end of the game (the City supply emptied by hand),
    its candidates ending the game with different, dice-free margins, the best one not the policy's choice:
    (position, stream, tables, seat, candidates, margins, the best)."""
    for game in range(12):
        for t in searcher_turns(e, game, lo=40)[:8]:
            states, R, T, seat, me = at(e, game, t)
            if states[0]["trigger"] >= 0:
                continue
            states[0]["cities_left"] = 0  # the supply's last City gone: the end is triggered at the end of this turn
            cand, _, _ = search.search_position(study(rollouts=0), states, R, T, me)
            m = margins(e, states, T, me, cand) if len(cand) > 2 else None
            if m is None:
                continue
            best = int(np.argmax(m))
            if best > 0 and sorted(m)[-2] < m[best]:
                return states, R, T, me, cand, m, best
    raise AssertionError("no position found")


def test_the_searcher_finds_the_one_winning_move():
    """Rulebook, Ending the Game: "At the end of each player's turn, check to see if any of the following end-game
    conditions have been met: There are no more City miniatures remaining in the supply", then "Each player
    immediately Passes ... Once all players have finished their games, the game is over", and "The player with
    the most VP wins. In case of a tie, players share victory." A searcher's turn with the City supply emptied by
    hand, so the game ends after one more round; its candidates end it with different final margins (the same on
    every stream: no dice decide them); every other player is given the VP (in-game VP, ``vp_by``) that makes the
    candidate with the best margin the only one that wins (a tie), and it is not the policy's choice. With 8
    playouts the searcher finds it: it wins every playout of that candidate and no playout of any other. (It sees the
    hidden cards: the margins are those of the true hands.)"""
    e = study(rollouts=8, sees_hidden=True)
    states, R, T, me, cand, m, best = winning_position(e)
    s = states[0]
    for r in range(3):
        if r != me:
            s["vp_by"][r, 0] += m[best]
            s["vp"][r] += m[best]
    assert margins(e, states, T, me, cand) == [x - m[best] for x in m]  # only the best candidate reaches a tie
    got, values, chosen = search.search_position(e, states, R, T, me)
    assert (got == cand).all() and chosen == best != 0
    assert values[best] == 8 and values.sum() == 8  # it always wins with it, never with any other
