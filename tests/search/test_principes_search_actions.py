"""The rollout searcher's choices inside its own Movement and Politics (``actions: true``,
``fast.search.search_action``): with 0 playouts it plays its policy's games, it never breaks an invariant, it weighs
every land its figures reach and every Politics choice one by one, its determinized choices read nothing hidden, and
on hand-built positions it finds the one attack and the one Council that win."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.games.principes.fast import chunk, search
from sim.games.principes.fast.policy.params import P_TARGET, T_COUNCIL, T_DRAW, T_HOLD, T_LAND, T_OWN
from sim.games.principes.fast.policy.scripted import scripted_target
from sim.games.principes.fast.state import A_MOVEMENT, A_POLITICS, KNIGHT, NL, NP, PRINCE, add_units
from tests.search.test_principes_search import FIELD, KEY, payload
from tests.search.test_principes_search_positions import EVERY_MODULE, hidden_elsewhere

SEAT = 1  # Masovia, the searcher (seats fixed: no rotation)


def searcher(n, **params):
    return {"name": "s", "uses": "rollout", "params": {"rollouts": n, "policy": "conqueror", "actions": True, **params}}


def field(seat):
    return [FIELD[0], seat, FIELD[1], FIELD[3]]  # the policy, conqueror, in no other seat


@pytest.mark.parametrize("determinize", [False, True])
def test_zero_playouts_plays_the_policys_games_exactly(determinize):
    plain = chunk.run_games(payload(field("conqueror")), KEY, 0, 30)
    table, stats = search.run_games(payload(field(searcher(0, determinize=determinize))), KEY, 0, 30)
    assert np.array_equal(table, plain)
    assert stats.sum() == 0


def test_invariants_hold_and_each_searched_action_is_counted():
    table, stats = search.run_games(payload(field(searcher(2, objective="score")), rotate=True), KEY, 0, 10, True)
    assert (table[:, chunk.COL["bad"]] == 0).all()  # ``invariants.violations`` after every event
    for at in (search.S_MOVEMENT, search.S_POLITICS):  # conqueror moves and calls Councils; a share of Might moves
        decisions = stats[:, at].sum()
        changes = stats[:, at + 1 : (search.S_POLITICS if at == search.S_MOVEMENT else search.S_PLAYOUTS)].sum()
        assert decisions >= 5 and 0 < changes <= decisions


def position(game, round_, action=A_MOVEMENT, **params):
    """A position at the searcher's ``action`` (every module on) and its payload."""
    p = payload(field(searcher(8, **params)), **EVERY_MODULE, rotate=False)
    sa, plans, sid, turn, wt = search.action_position(p, KEY, game, round_, SEAT, action)
    assert wt < 0 and turn[2] != search.WHOLE and search.search_tables(p)[2][sid[SEAT], search.X_ACTIONS] > 0
    return p, sa, plans, sid, turn


def forced(p, sa, sid, code):
    """``scripted_target`` of the searcher's policy row with ``P_TARGET`` = ``code``: (land, the moves)."""
    _, c, _, _ = chunk.compiled(p)
    rows, floats, _ = search.search_tables(p)
    row = rows[sid[SEAT]].copy()
    row[P_TARGET] = code
    moves = np.empty((3 * NL, 4), np.int64)
    land, n = scripted_target(sa[0], c[0], row, floats[sid[SEAT]], SEAT, moves)
    return land, moves[:n]


@pytest.mark.parametrize(("game", "round_"), [(2, 3), (5, 4)])
def test_candidates_are_the_policys_target_holding_and_every_land_reached(game, round_):
    p, sa, plans, sid, turn = position(game, round_)
    codes, values, code = search.search_choice(p, sa, sid, SEAT, plans, turn)
    own, _ = forced(p, sa, sid, T_OWN)
    assert codes[0] == T_OWN and (T_HOLD in codes) == (own >= 0) and len(set(codes)) == len(codes)
    lands = [int(k) - T_LAND for k in codes if k >= T_LAND]
    assert len(lands) >= 3 and own not in lands
    for land in range(NL):  # weighed exactly when the figures free to move reach it and it is not its own
        to, moves = forced(p, sa, sid, T_LAND + land)
        assert (to == land) == (land in lands or land == own)
        assert to < 0 or (len(moves) and (moves[:, 3] == land).all())  # every moving stack goes there
    assert forced(p, sa, sid, T_HOLD)[0] == -1
    assert code in codes and values[list(codes).index(code)] == values.max()


@pytest.mark.parametrize(("game", "round_", "action", "policy"),
                         [(5, 4, A_MOVEMENT, "conqueror"), (8, 4, A_MOVEMENT, "conqueror"),
                          (8, 4, A_POLITICS, "politician")])  # fmt: skip
def test_determinized_choices_do_not_depend_on_hidden_cards(game, round_, action, policy):
    seen = {}
    for determinize in (True, False):
        p, sa, plans, sid, turn = position(game, round_, action, determinize=determinize, objective="score",
                                           policy=policy)  # fmt: skip
        c = chunk.compiled(p)[1][0]
        swapped = hidden_elsewhere(sa, c, SEAT)
        seen[determinize] = [search.search_choice(p, s, sid, SEAT, plans, turn, base=3) for s in (sa, swapped)]
    (codes, values, code), (codes2, values2, code2) = seen[True]
    assert (codes == codes2).all() and code == code2 and (values == values2).all()
    (_, cheat, _), (_, cheat2, _) = seen[False]
    assert (cheat != cheat2).any() and (cheat != values).any()


def test_the_searcher_finds_the_one_winning_attack(tmp_path):
    """Rulebook, Other Ways to Win: "If, during the game, all other players lose their last Princes and are
    eliminated from the game (p. 12), the player who remains as the sole Prince on the battlefield wins the game."
    and "If, throughout the entire game, no player manages to crown their Prince, the game is won by the player who
    possesses the Princeps Token." In the final Round two Principalities are out, the third holds the Princeps and its
    last Prince ("If, after the death of a Prince, a player no longer has any living Princes in their deck, ... that
    player is defeated and eliminated from the game!") stands alone on an empty land Masovia's figures reach, Masovia's
    many times stronger. Masovia's policy never attacks; only taking that land wins."""
    plan = tmp_path / "no-attacks.yaml"
    plan.write_text("uses: conqueror\nparams: {attack_players: false, attack_neutral: false}\n")
    p = payload(field(searcher(8, policy=str(plan))), history=False, rotate=False)
    sa, plans, sid, turn, wt = search.action_position(p, KEY, 0, 6, SEAT, A_MOVEMENT)
    s = sa[0]
    assert wt < 0 and s["round"] == s["final_round"] and turn[2] != search.WHOLE
    codes, _, _ = search.search_choice(p, sa, sid, SEAT, plans, turn)
    assert codes[0] == T_OWN and T_HOLD not in codes  # the policy does not move
    rival = next(q for q in range(NP) if q != SEAT and s["units"][:, q, PRINCE].sum() == 1)
    for q in range(NP):
        if q not in (SEAT, rival):
            s["eliminated"][q] = 1
    s["princeps"] = rival
    s["princes_left"][rival] = 0  # no heir: his Prince's death ends his dynasty
    home = int(np.flatnonzero(s["units"][:, rival, PRINCE])[0])
    add_units(s, home, rival, PRINCE, -1)
    lands = [int(k) - T_LAND for k in codes[1:]]
    target = next(land for land in lands if not s["units"][land].any() and not s["cities"][land])
    add_units(s, target, rival, PRINCE, 1)  # alone on an empty land Masovia reaches
    _, moves = forced(p, sa, sid, T_LAND + target)
    for a, kind, _, _ in moves:
        add_units(s, a, SEAT, kind if kind != PRINCE else KNIGHT, 6)  # far stronger than a lone Prince
    rollouts = 8
    codes, values, code = search.search_choice(p, sa, sid, SEAT, plans, turn)
    win = list(codes).index(T_LAND + target)
    assert code == T_LAND + target and values[win] >= rollouts - 1
    assert values.sum() == values[win]  # holding, or any other land, never wins


def test_the_searcher_finds_the_one_winning_council(tmp_path):
    """Rulebook, Summoning the Council: "If the Principality Tokens of the player who summoned the Council are in the
    highest positions (or tied for the highest positions) on at least 2 Tracks, that player claims the Princeps Token
    from its current holder", and "the game is won by the player who possesses the Princeps Token". In the final
    Round Masovia, not the Princeps, stands at 9 on People and Clergy with every other Principality at 0; its policy
    summons a Council only when it leads all 3 tracks (``council_leads: 3``), so it draws. Only a Council wins: the
    candidates are every Politics choice (a Council, or drawing 0 to ``politics.cards_drawn`` Court Cards)."""
    plan = tmp_path / "three-leads.yaml"
    plan.write_text("uses: politician\nparams: {council_leads: 3}\n")
    p = payload(field(searcher(8, policy=str(plan))), history=False, rotate=False)
    c = chunk.compiled(p)[1][0]
    sa, plans, sid, turn, wt = search.action_position(p, KEY, 0, 6, SEAT, A_POLITICS)
    s = sa[0]
    assert wt < 0 and s["round"] == s["final_round"] and s["princeps"] != SEAT and not s["eliminated"].any()
    s["people"][:] = s["clergy"][:] = 0
    s["people"][SEAT] = s["clergy"][SEAT] = c["track_hi"] - 1
    codes, values, code = search.search_choice(p, sa, sid, SEAT, plans, turn)
    every = {T_COUNCIL, *(T_DRAW + k for k in range(c["pol_drawn"] + 1))}
    assert codes[0] == T_OWN and len(codes) == len(every) and set(codes[1:]) < every and T_COUNCIL in codes
    win = list(codes).index(T_COUNCIL)
    assert code == T_COUNCIL and values[win] == 8 and values.sum() == 8  # every draw loses the Princeps race


def test_ladder_actions_workers_1_and_2_agree(tmp_path, capsys):
    path = tmp_path / "field.yaml"
    path.write_text("game: principes\nseed: 3\nhistory: false\nseats: [builder, politician, conqueror, random]\n")
    runs = []
    for workers in ("1", "2"):
        main(["ladder", str(path), "--seat", "polonia_minor", "--rollouts", "2", "--games", "24", "--actions",
              "--workers", workers, "--json", "--no-progress"])  # fmt: skip
        body = json.loads(capsys.readouterr().out)
        body["rungs"][0].pop("games_per_s")
        runs.append(body)
    assert runs[0] == runs[1] and runs[0]["actions"]
    searched = runs[0]["rungs"][0]["actions"]
    assert searched["decisions"] == sum(searched["by_action"].values()) and searched["by_action"]["movement"] > 0
    assert searched["changed"] == sum(c["count"] for c in searched["changes"])


def test_actions_is_a_principes_flag(capsys):
    from sim.config import CONFIG_DIR

    with pytest.raises(SystemExit) as exit_:
        main(["ladder", str(CONFIG_DIR / "dark_ages/experiments/ruler-balance-3p.yaml"), "--seat", "tomislav",
              "--actions", "--no-progress"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "--actions: expected a Principes" in err, err


def test_a_council_earlier_in_the_round_does_not_move_the_searched_action():
    """A Council earlier in the Round passed the Princeps Token on: the turn order now starts elsewhere, but the
    Round is played in the order of its start ("the Princeps ... begins" each Round: turn_order.py). The search
    runs at the action ``action_position`` stopped at (before, it looked the action up again in the new order: another
    slot, and in one game of the shipped equilibrium an index out of bounds)."""
    p = payload(field(searcher(8)), **EVERY_MODULE, rotate=False)
    start, *_ = search.round_position(p, KEY, 49, 6)
    sa, plans, sid, turn, wt = search.action_position(p, KEY, 49, 6, SEAT, A_POLITICS)
    assert wt < 0 and turn[2] != search.WHOLE and sa[0]["princeps"] != start[0]["princeps"] == turn[0][0]
    codes, values, code = search.search_choice(p, sa, sid, SEAT, plans, turn)
    assert codes[0] == T_OWN and all(k <= T_DRAW + 3 for k in codes) and code in codes  # Politics choices only
