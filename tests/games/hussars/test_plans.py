"""Hussars plans: each sees only the public position and its own secrets; the random baseline only picks legal
options; plan files check their parameters and search ranges."""

import copy

import pytest

from sim.games.hussars.game import experience
from sim.games.hussars.game.loop import play_game
from sim.games.hussars.game.ruleset import load_game_rules
from sim.games.hussars.game.state import NS
from sim.lockstep import LockstepRandom
from strategies.hussars import make, resolve

SCRIPTED = ("economic", "military", "political", "raider")


def _decisions(plan, g, s):
    st = g.state
    out = [plan.cards(g, s), plan.figure(g, s), plan.order(g, s), plan.enlist(g, s), plan.buy(g, s),
           plan.town(g, s), plan.settle(g, s), plan.seat_site(g, s), plan.fortress(g, s), plan.replenish(g, s),
           plan.auction(g, s, 4), plan.swift(g, s, 2), plan.reward(g, s)]  # fmt: skip
    out += [plan.bid_yellow(g, s, k) for k in range(4) if st.market[k] >= 0]
    out += [plan.bid_lease(g, s, i) for i in range(len(st.lease_holder))]
    out += [plan.bid_title(g, s, t) for t in range(len(st.title_holder))]
    return out


def _hide_others(st, s, seed):
    """Another position that differs from ``st`` only in the other seats' secrets."""
    other = copy.copy(st)
    other.gold, other.influence = list(st.gold), list(st.influence)
    other.hand = [list(h) for h in st.hand]
    other.tactics = [list(t) for t in st.tactics]
    for o in range(NS):
        if o != s and st.active[o]:
            other.gold[o] = (st.gold[o] * 7 + seed) % 41
            other.influence[o] = max(0, st.influence[o]) + seed % 5
            other.hand[o] = [(c + seed) % 3 for c in st.hand[o]]
            other.tactics[o] = [1 - t for t in st.tactics[o]]
    return other


def test_plans_read_only_public_and_own_information():
    rules = load_game_rules()
    plans = [make(name, {}) for name in SCRIPTED]
    checked = [0]

    def probe(g, what):
        if what not in ("planning", "end of turn", "harvest"):
            return
        for s in range(NS):
            real = _decisions(plans[s], g, s)
            for seed in (1, 2):
                shadow = copy.copy(g)
                shadow.state = _hide_others(g.state, s, seed)
                assert _decisions(plans[s], shadow, s) == real, (what, s)
            checked[0] += 1

    for game in range(3):
        play_game(rules, [0, 1, 2, 3], plans, LockstepRandom(game + 11), on_action=probe)
    assert checked[0] > 50


@pytest.mark.parametrize("battles", ["simplified", "full"])
def test_random_plans_choose_only_legal_options(battles):
    rules = load_game_rules()
    for game in range(6):
        rec = play_game(rules, [0, 1, 2, 3], [make("random", {}) for _ in range(NS)], LockstepRandom(game),
                        battles=battles, strict=True)  # fmt: skip
        assert rec.final.illegal == 0


def test_scripted_plans_make_no_refused_decisions():
    rules = load_game_rules()
    for game in range(6):
        rec = play_game(rules, [0, 1, 2, 3], [make(n, {}) for n in SCRIPTED], LockstepRandom(game), strict=True)
        assert rec.final.illegal == 0


def test_plan_files_and_search_ranges(tmp_path):
    for name in SCRIPTED:
        label, uses, params = resolve(name)
        assert (label, uses) == (name, name) and params
    (tmp_path / "greedy.yaml").write_text("uses: economic\nparams: {reserve: 0}\nsearch: {reserve: [5, 1]}\n")
    with pytest.raises(ValueError, match="empty range"):
        resolve("greedy", tmp_path)
    (tmp_path / "odd.yaml").write_text("uses: economic\nsearch: {courage: [0, 1]}\n")
    with pytest.raises(ValueError, match="courage"):
        resolve("odd", tmp_path)
    with pytest.raises(ValueError, match="unknown parameters"):
        make("raider", {"courage": 3})


def test_rewards_never_repeat_a_card():
    """Rulebook: "You cannot take a Knowledge or Tactics card you already hold.\""""
    rules = load_game_rules()
    rec = play_game(rules, [0, 1, 2, 3], [make(n, {}) for n in SCRIPTED], LockstepRandom(3))
    st = rec.final
    for s in range(NS):
        assert all(k <= 1 for k in st.knowledge[s])
        assert all(o not in experience.reward_options(type("G", (), {"state": st, "rules": rules})(), s)
                   for o in [("tactic", t) for t in range(len(st.tactics[s])) if st.tactics[s][t]])  # fmt: skip
