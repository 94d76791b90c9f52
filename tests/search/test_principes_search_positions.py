"""The rollout searcher on set positions (``fast.search.search_plan`` from ``round_position``): what it may see
(``determinize``: its choices do not depend on the hidden cards, the cheating mode's do) and a hand-built position
with one winning move, which it finds."""

import numpy as np
import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import chunk, search
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.invariants import violations
from sim.games.principes.fast.state import A_POLITICS, NL, NP, STATE
from sim.rng import experiment_key

KEY = experiment_key(11)
SEAT = 1  # Masovia, the searcher (seats fixed: no rotation)
EVERY_MODULE = {"history": True, "neighbors": True, "progress": "tiles", "court": True, "princesses": True}


def searcher(**params):
    return {"name": "s", "uses": "rollout", "params": {"rollouts": 8, "policy": "politician", **params}}


def payload(seat, history=True, **keys):
    seats = ["builder", seat, "conqueror", "random"]
    return experiment.experiment_from_dict({"seats": seats, "rotate": False, **keys, "history": history}, "test.yaml")


def kinds(c):
    """Each card type's cards (``setup.TABLES.draw_order``)."""
    return [c["draw_order"][t, : c["n_draw"][t]] for t in range(3)]


def hidden_elsewhere(sa, c, seat):
    """The position with every hidden thing laid differently, all the searcher sees kept: one card of each other
    hand swapped with a different card of its type from the deck, every face-down stack reversed, and each Period's
    History Cards still to come swapped with one the deck left out."""
    out = sa.copy()
    s = out[0]
    for r in range(NP):
        done = r == seat
        for cards in kinds(c):
            for a in cards:
                for b in cards:
                    if not done and a != b and s["hands"][r, a] > 0 and s["decks"][b] > 0:
                        s["hands"][r, a] -= 1
                        s["decks"][a] += 1
                        s["hands"][r, b] += 1
                        s["decks"][b] -= 1
                        done = True
    for col in range(len(s["stacks_n"])):
        n = s["stacks_n"][col]
        s["stacks"][col, :n] = s["stacks"][col, :n][::-1].copy()
    k, n = c["hdealt"], s["history_n"]
    for i in range(s["round"], n):  # slot i: the card revealed at Round i + 1
        per = i // k + 1
        unused = [j for j in range(len(c["hcard"])) if c["hcard"][j, 0] == per and j not in s["history"][:n]]
        s["history"][i] = unused[0]
    assert {f.split("[")[0] for f in STATE.diff(sa[0], s, limit=1000)} == {"hands", "decks", "stacks", "history"}
    return out


def positions():
    """Mid-game positions with every module on: (game, Round)."""
    return [(3, 3), (5, 2), (8, 4)]


@pytest.mark.parametrize(("game", "round_"), positions())
def test_determinize_keeps_what_the_searcher_sees_and_reads_nothing_hidden(game, round_):
    p = payload(searcher(determinize=True), **EVERY_MODULE)
    s0, c = (t[0] for t in chunk.compiled(p)[:2])
    sa, _, _, wt = search.round_position(p, KEY, game, round_)
    assert wt < 0 and sa[0]["round"] == round_
    s = sa[0]
    d = search.determinized(p, sa, SEAT, 7)[0]
    assert violations(s, c, s0) == violations(d, c, s0) == 0  # ``invariants``: a position the rules can reach
    assert {f.split("[")[0] for f in STATE.diff(s, d, limit=1000)} <= {"hands", "decks", "stacks", "history"}
    assert (d["hands"][SEAT] == s["hands"][SEAT]).all()  # its own hand
    for cards in kinds(c):
        assert (d["hands"][:, cards].sum(axis=1) == s["hands"][:, cards].sum(axis=1)).all()  # the cards' backs
        assert d["decks"][cards].sum() == s["decks"][cards].sum()  # each deck's size
    assert (d["hands"].sum(axis=0) + d["decks"] == s["hands"].sum(axis=0) + s["decks"]).all()  # no card made or lost
    for col in range(len(s["stacks_n"])):  # each stack's tiles, in some order
        n = s["stacks_n"][col]
        assert sorted(d["stacks"][col, :n]) == sorted(s["stacks"][col, :n])
    n, k = s["history_n"], c["hdealt"]
    assert (d["history"][:round_] == s["history"][:round_]).all()  # the revealed History Cards
    assert len(set(d["history"][:n])) == n and all(c["hcard"][d["history"][i], 0] == i // k + 1 for i in range(n))
    other = search.determinized(p, hidden_elsewhere(sa, c, SEAT), SEAT, 7)[0]
    assert STATE.diff(d, other) == []  # the same resample, however the hidden cards lay
    assert STATE.diff(d, search.determinized(p, sa, SEAT, 8)[0]) != []  # another playout, another resample


@pytest.mark.parametrize(("game", "round_", "budget"), [(*g, {}) for g in positions()]
                         + [(3, 3, {"rollouts": None, "budget": 40})])  # fmt: skip
def test_determinized_choices_do_not_depend_on_hidden_cards_the_cheats_do(game, round_, budget):
    """Also with a budget spent by sequential halving: which candidates stay in is decided on determinized playouts
    only, so it cannot depend on the hidden cards either."""
    seen = {}
    for determinize in (True, False):
        p = payload(searcher(determinize=determinize, objective="score", **budget), **EVERY_MODULE)
        c = chunk.compiled(p)[1][0]
        sa, plans, sid, _ = search.round_position(p, KEY, game, round_)
        swapped = hidden_elsewhere(sa, c, SEAT)
        seen[determinize] = [search.search_position(p, s, sid, SEAT, plans[SEAT], base=3)[:3] for s in (sa, swapped)]
    (plan, cand, values), (plan2, cand2, values2) = seen[True]
    assert (plan == plan2).all() and (cand == cand2).all()
    assert (values == values2).all()  # every playout the same: nothing hidden was read
    (_, _, cheat), (_, _, cheat2) = seen[False]
    assert (cheat != cheat2).any()  # seeing everything, the hidden cards change the playouts
    assert (cheat != values).any()  # and determinizing changed what the searcher weighed


def test_the_searcher_finds_the_one_winning_move(tmp_path):
    """Rulebook, Summoning the Council: "If all 3 Principality Tokens of the player who summoned the Council are
    positioned at the position "10", that player coronates their Prince, immediately ending the game with a glorious
    victory!", and Other Ways to Win: "If, throughout the entire game, no player manages to crown their Prince, the
    game is won by the player who possesses the Princeps Token." In the final Round (History off: no Common Council)
    Masovia, at 10 on all 3 tracks and not the Princeps, wins only by leading with Politics and summoning a Council;
    its policy never plans Politics (its priorities leave it out and ``late_council`` is off)."""
    plan_file = tmp_path / "no-politics.yaml"
    plan_file.write_text("uses: builder\nparams:\n  priorities: [taxes, building, assembly, movement, progress]\n"
                         "  late_council: false\n")  # fmt: skip
    rollouts = 8
    p = payload(searcher(rollouts=rollouts, policy=str(plan_file)), history=False)
    s0, c, _, _ = chunk.compiled(p)
    sa, plans, sid, wt = search.round_position(p, KEY, 0, 6)
    s = sa[0]
    assert wt < 0 and s["round"] == s["final_round"] == 6 and s["princeps"] != SEAT and not s["eliminated"].any()
    assert A_POLITICS not in plans[SEAT, :3]
    s["people"][SEAT] = s["clergy"][SEAT] = c[0]["track_hi"]
    ctrl = np.empty(NL, np.int64)
    control_all(s, c[0], ctrl)
    mine = np.flatnonzero(ctrl == SEAT)
    s["cities"][mine] += 1  # Might well above 10 (a land lost before its turn leaves it at 10)
    assert sum(c[0]["might"][land] + s["cities"][land] for land in mine) >= c[0]["track_hi"] + 4
    plan, cand, values, tactic = search.search_position(p, sa, sid, SEAT, plans[SEAT])
    win = [i for i, row in enumerate(cand) if row[0] == A_POLITICS]
    assert len(win) == 1 and A_POLITICS not in cand[[i for i in range(len(cand)) if i != win[0]]]
    assert values[win[0]] == rollouts and values.sum() == rollouts  # it always wins; every other plan never does
    assert plan[0] == A_POLITICS and (plan[:3] == cand[win[0]]).all() and tactic == -1
