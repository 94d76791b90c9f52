"""The scripted plans' decision rules of issue 15, in both engines: ``attack_win_prob`` (attack a defended land
only above the battle's exact odds from the Battle Dice) and ``spend_leftover`` (spend the gold in the last Rounds).

Rulebook, Victory: "If, throughout the entire game, no player manages to crown their Prince, the game is won by the
player who possesses the Princeps Token." Gold is "merely a tool, not an end in itself": it scores nothing at the
end, while a City gives "control of 1 additional Might Point" and "After building ... a Tiltyard, the player gains
1 People Support Point" (an Abbey 1 Clergy), which the last Council reads.
"""

import itertools
import random

import numpy as np
import pytest

from sim.config import load_rules
from sim.games.principes import battle, experiment
from sim.games.principes.driver import play_game
from sim.games.principes.fast import chunk
from sim.games.principes.fast.policy import odds as fast_odds
from sim.games.principes.fast.setup import compile_tables
from sim.games.principes.fast.state import FOOTMAN, KNIGHT, NK, NP, PRINCE
from sim.games.principes.game.setup import load_game_rules
from sim.rng import experiment_key
from strategies.principes import odds, scripted
from strategies.principes.conqueror import Conqueror

from .lockstep_helpers import lockstep

RULES_ON = [  # both rules on, off their defaults, in every plan
    {"name": "odds", "uses": "conqueror", "params": {"attack_win_prob": 0.55, "spend_leftover": 2, "spend_reserve": 1}},
    {"name": "spender", "uses": "builder", "params": {"spend_leftover": 1, "tax_max_gold": 6}},
    {"name": "bold", "uses": "politician",
     "params": {"spend_leftover": 3, "attack_win_prob": 0.3, "attack_players": True, "attack_ratio": 1.0,
                "prince_moves": True}},
    "random",
]  # fmt: skip
UNITS = ("prince", "knight", "footman")
SLOT = {"prince": PRINCE, "knight": KNIGHT, "footman": FOOTMAN}


def payload(seats, **keys):
    return experiment.experiment_from_dict({"seats": seats, "history": False, **keys}, "test.yaml")


def vector(units: dict[str, int]) -> np.ndarray:
    u = np.zeros(NK, np.int64)
    for kind, n in units.items():
        u[SLOT[kind]] = n
    return u


def armies(rng, most=(1, 4, 6)):
    return {k: rng.randint(0, m) for k, m in zip(UNITS, most, strict=True)}


@pytest.mark.parametrize("overrides", [{}, {"battle_die.faces": ["sword", "coin", "blank", "blank", "blank", "blank"]}])
def test_the_odds_table_is_the_battle_engine_s_and_the_reference_s(overrides):
    """TABLES.win_odds / faces² is ``sim battle``'s exact attacker win (no cards, rerolls or flips) and the reference
    count (``strategies.principes.odds``), for the rule set's own die; beyond the table the kernel counts directly."""
    rules = load_game_rules(overrides)
    c = compile_tables(rules)[0][0]
    n = len(rules.battle.die)
    raw_rules = load_rules("principes", overrides)
    sites = [("gord", 1, False), ("city", 1, False), ("gord", 1, True), ("city", 2, False), ("city", 2, True)]
    rng = random.Random(5)
    for (site, settlements, castle), _ in itertools.product(sites, range(6)):
        att, dfn = armies(rng), armies(rng)
        if not sum(att.values()) or not sum(dfn.values()):
            continue
        scen = {"attacker": att, "defender": dfn, "site": site, "settlements": settlements, "castle": castle}
        p = battle.compile(raw_rules, battle.scenario_from_dict(scen, "test", raw_rules))
        shields = int(p.base[3])
        count = fast_odds.win_count(c, vector(att), vector(dfn), shields)
        assert count == c["win_odds"][att["prince"], att["knight"], att["footman"],
                                   dfn["prince"], dfn["knight"], dfn["footman"], shields]  # fmt: skip
        assert count / n**2 == pytest.approx(battle.exact(p)["attacker_win"], abs=1e-12)
        assert count == odds.win_count(rules.battle, att, dfn, shields)
    big = {"prince": 1, "knight": 6, "footman": 9}  # beyond the table: counted directly, the reference's count
    for shields in (0, 3, 9):
        assert fast_odds.win_count(c, vector(big), vector(big), shields) == odds.win_count(
            rules.battle, big, big, shields
        )


def test_a_blank_die_moves_the_odds_table():
    """The die is read from the rule set: with every face blank no face pair changes a battle (each count is 0 or
    all 36 pairs), while the bundled die decides some battles one way or the other."""
    c = compile_tables(load_game_rules())[0][0]
    blank = compile_tables(load_game_rules({"battle_die.faces": ["blank"] * 6}))[0][0]
    assert np.isin(blank["win_odds"], (0, 36)).all()
    assert ((c["win_odds"] > 0) & (c["win_odds"] < 36)).any()


def test_same_games_as_the_reference_with_the_rules_on(monkeypatch):
    """Lockstep with both rules on: every state after every action is the reference's; and the rules fire (the odds
    turn attacks down and let others through, the plans spend in their last Rounds)."""
    seen = {"above": 0, "below": 0, "spending": 0}
    real_odds, real_spending = scripted.win_probability, scripted.Scripted.spending

    def counted_odds(rb, ua, ud, shields):
        p = real_odds(rb, ua, ud, shields)
        seen["above" if p > 0.55 else "below"] += 1
        return p

    def counted_spending(self, state):
        on = real_spending(self, state)
        seen["spending"] += on
        return on

    monkeypatch.setattr(scripted, "win_probability", counted_odds)
    monkeypatch.setattr(scripted.Scripted, "spending", counted_spending)
    ex = payload(RULES_ON)
    assert ex.engine == "fast"
    lockstep(ex, experiment_key(21), range(10))
    assert seen["above"] > 0 and seen["below"] > 0 and seen["spending"] > 0, seen


@pytest.mark.full
@pytest.mark.parametrize("seed", [22, 23])
def test_same_games_as_the_reference_with_the_rules_on_full(seed):
    lockstep(payload(RULES_ON), experiment_key(seed), range(40))
    lockstep(payload(RULES_ON, rules={"taxes.people_cost": 2, "assembly.units": 4}), experiment_key(seed), range(20))


def test_attacks_are_chosen_only_above_the_threshold(monkeypatch):
    """Every defended land the plan moves onto has exact odds above ``attack_win_prob`` (reference games)."""
    chosen = []
    real = scripted.Scripted.target

    def watched(self, state, me):
        best = real(self, state, me)
        foes = best and [f for f in state.factions_on(best[1]) if f != me]
        if foes:
            units = {}
            for m in best[2]:
                units[m.kind] = units.get(m.kind, 0) + m.n
            shields = scripted.site_shields(state, best[1])
            chosen.append(odds.win_probability(state.rules.battle, units, state.units_of(best[1], foes[0]), shields))
        return best

    monkeypatch.setattr(scripted.Scripted, "target", watched)
    rules = load_game_rules()
    for seed in range(3):
        seats = {p: Conqueror(attack_win_prob=0.6) for p in rules.board.principalities}
        play_game(seats, random.Random(seed), rules.board, rules, strict=True)
    assert chosen and min(chosen) > 0.6


def column(t, name):
    return np.stack([t[:, chunk.COL[f"{name}_{j}"]] for j in range(NP)], axis=1)


def attacks(t):
    """Battles started by a player (no History or Neighbors here: every battle is a player's attack)."""
    return t[:, chunk.COL["battles_player"]] + t[:, chunk.COL["battles_neutral"]]


def won(t):
    return t[:, chunk.COL["attacker_wins_player"]] + t[:, chunk.COL["attacker_wins_neutral"]]


def test_spending_leaves_less_gold_and_the_odds_pick_the_battles():
    """Over 300 compiled games of four builders, ``spend_leftover`` leaves less gold at the end; four conquerors
    with a high ``attack_win_prob`` win a larger share of their battles than with a low one."""
    key = experiment_key(9)
    off = chunk.run_games(payload(["builder"] * 4), key, 0, 300)
    on = chunk.run_games(payload([{"uses": "builder", "params": {"spend_leftover": 2}}] * 4), key, 0, 300)
    assert column(on, "gold").mean() < column(off, "gold").mean() - 1
    low, high = (
        chunk.run_games(payload([{"uses": "conqueror", "params": {"attack_win_prob": x}}] * 4), key, 0, 300)
        for x in (0.3, 0.95)
    )
    assert won(high).sum() / attacks(high).sum() > won(low).sum() / attacks(low).sum() + 0.02
