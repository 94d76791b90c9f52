"""Module 6, Commanders, on hand-built states (rulebook 'Module 6 — Commanders'). The Commander card texts are
assumed (modules.yaml commanders.effects, flagged generic battle benefits)."""

import random

import pytest

from sim.errors import ConfigError
from sim.games.dark_ages.game import actions, combat, military, modules, passing, reacting
from sim.games.dark_ages.game.battle_sequence import NONE
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.commanders import ALONE, COMMANDER
from sim.games.dark_ages.game.solo_setup import new_solo_game
from sim.games.dark_ages.game.solo_state import LORDLINGS
from sim.games.dark_ages.game.state import add_units
from strategies.dark_ages import make
from strategies.dark_ages.random_legal import RandomLegal
from tests.games.dark_ages.module_helpers import Stub, game_with


def _new(n=3):
    return game_with("commanders", n)


@pytest.fixture
def game():
    return _new()


def _cmd(game):
    return next(m for m in game.mods if m.name == "commanders")


def _hire(game, seat):
    p = game.players[seat]
    p.gold = 5
    p.res.update(wood=5)
    military.apply_recruit(game, seat, ("recruit", "infantry", p.capital))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_draws_one_more_commander_than_players(n):
    """'Randomly select one more Commanders than the number of players in the game.'"""
    c = _cmd(_new(n))
    assert len(c.available) == n + 1 and len(set(c.available)) == n + 1
    assert set(c.available) <= set(modules.module_data()["commanders"]["effects"])


def test_solo_draws_one_commander_and_a_fourth_lordling():
    """Solo Support: 'randomly draw a Commander ... put it next to your board' and 'we suggest drawing an additional
    (4th) Lordling Ruler card during setup, adding a Lordling Farm and 1 Archer (instead of a City) to its shown
    starting Province'."""
    g = new_solo_game(cached_context(), "berengar_of_ivrea", Stub(), frozenset(), random.Random(3), ("commanders",))
    assert len(_cmd(g).available) == 1
    homes = [q for q, (owner, _) in g.farms.items() if owner == LORDLINGS]
    assert len(homes) == 4 and sum(q in g.cities for q in homes) == 3
    fourth = next(q for q in homes if q not in g.cities)
    assert g.players[LORDLINGS].units[fourth] == {"archer": 1} and fourth not in g.barbarians
    assert g.cities_left == 7  # no City for the 4th Ruler
    check(g)


def test_recruit_hires_a_commander_for_two_gold(game):
    """'When you take a Recruit action or reaction, you may pay 2 Gold to select one of the available Commanders
    ... place its miniatures in a Province with a City you control.' It is not a unit."""
    c = _cmd(game)
    first = c.available[0]
    _hire(game, 0)
    p = game.players[0]
    assert c.card[0] == first and c.at[0] == p.capital and first not in c.available
    assert p.gold == 3 and p.units_in_play() == 3  # 2 starting Infantry + the recruit; the Commander is no unit
    check(game)


def test_only_one_commander_per_game_and_none_without_gold(game):
    """'You may only have 1 Commander during the whole game.'"""
    c = _cmd(game)
    _hire(game, 0)
    _hire(game, 0)
    assert game.players[0].gold == 5 and list(c.card) == [0]  # the second Recruit hires nobody
    g = game.players[1]
    g.gold, g.res["wood"] = 1, 1  # the recruit costs 1 Wood; 1 Gold left is not enough
    military.apply_recruit(game, 1, ("recruit", "infantry", g.capital))
    assert 1 not in c.card and g.gold == 1


def _barbarian_attack(game, monkeypatch, win):
    seen = []

    def fight(battle, variant, faces, rng, effects=(NONE, NONE)):
        seen.append(effects)
        return {"win": win, "survivors": [[("infantry", False)] if win else [], []]}

    monkeypatch.setattr(combat, "fight", fight)
    p = game.players[0]
    src = p.capital
    dst = next(q for q in game.ctx.neighbours[src] if q in game.barbarians)
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, dst, (("infantry", 3),)))
    return seen, src, dst


def test_commander_moves_with_the_army_and_lends_its_effect_once(game, monkeypatch):
    """'A Commander may move alone or with other units as part of a Manoeuvre action'; 'When you participate in a
    battle with your Commander (and its card is ready), as the first step of the battle you may select to use its
    effect and then exhaust it'."""
    c = _cmd(game)
    _hire(game, 0)
    seen, src, dst = _barbarian_attack(game, monkeypatch, win=True)
    assert seen[0][0] != NONE and seen[0][1] == NONE
    assert c.at[0] == dst and not c.ready[0]
    check(game)
    p = game.players[0]  # a second battle before the Pass: the card is exhausted
    dst2 = next(q for q in game.ctx.neighbours[dst] if q in game.barbarians)
    military.apply_manoeuvre(game, 0, ("manoeuvre", dst, dst2, tuple(p.units[dst].items())))
    assert seen[1][0] == NONE


def test_refreshed_when_passing(game):
    """'When you Pass, refresh your Commander card (turning it straight up), at the same time when you would
    refresh your Title cards.'"""
    c = _cmd(game)
    _hire(game, 0)
    c.ready[0] = False
    p = game.players[0]
    p.nobles_free -= 1
    game.exhausted[0] += 1
    passing.do_pass(game, 0)
    assert c.ready[0]


def test_all_units_dead_commander_goes_to_the_closest_controlled_province(game, monkeypatch):
    """'If you lose a battle with your Commander present, it retreats along with your units. If all your units died
    in the battle, move your Commander to the closest Province you control'."""
    c = _cmd(game)
    _hire(game, 0)
    seen, src, dst = _barbarian_attack(game, monkeypatch, win=False)
    c.turn_ended(game, 0)
    assert c.at[0] == src  # the Capital: a Farm keeps it settled
    check(game)


def test_defender_commander_is_present_and_both_declare(game, monkeypatch):
    """'If both participating players have their Commanders present, the attacker must declare first' (both use
    them: the generic effects only help)."""
    c = _cmd(game)
    _hire(game, 0)
    _hire(game, 1)
    seen = []

    def fight(battle, variant, faces, rng, effects=(NONE, NONE)):
        seen.append(effects)
        return {"win": False, "survivors": [[], [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    gero = game.players[1]
    src = next(q for q in game.ctx.neighbours[gero.capital] if q in game.in_play and q not in game.farms)
    game.barbarians.pop(src, None)
    add_units(game.players[0], src, "cavalry", 2)
    game.players[0].supply["cavalry"] -= 2
    c.at[0] = src
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, gero.capital, (("cavalry", 2),)))
    assert seen[0][0] != NONE and seen[0][1] != NONE
    assert not c.ready[0] and not c.ready[1]
    c.turn_ended(game, 0)  # the attacker's Commander, alone in a Province it left, goes home
    assert c.at[0] == game.players[0].capital and c.at[1] == gero.capital
    check(game)


def test_a_recruit_may_hire_only_the_commander(game):
    """'you may do so even if you do not recruit anything else': a legal Recruit move in every City the player
    controls, by action or reaction; it hires the Commander for 2 Gold and recruits no unit."""
    c = _cmd(game)
    p = game.players[0]
    p.gold = 2
    hire = ("recruit", COMMANDER, p.capital)
    assert [m for m in military.recruit_options(game, 0) if m[1] == COMMANDER] == [hire]
    assert military.recruit_options(game, 0)[-1] == hire  # after the units' moves
    assert ("react", "recruit", hire) in reacting.options(game, 0, "recruit")
    units = p.units_in_play()
    actions.apply(game, 0, ("recruit", COMMANDER, p.capital))
    assert c.card[0] and c.at[0] == p.capital and p.gold == 0 and p.units_in_play() == units
    assert not [m for m in military.recruit_options(game, 0) if m[1] == COMMANDER]  # only 1 per game
    check(game)


def test_no_commander_only_recruit_without_two_gold(game):
    game.players[0].gold = 1
    assert not [m for m in military.recruit_options(game, 0) if m[1] == COMMANDER]


@pytest.mark.parametrize("param, hires_alone, hires_with_unit", [(None, False, True), ("alone", True, True),
                                                                 ("never", False, False)])  # fmt: skip
def test_scripted_commander_parameter(game, param, hires_alone, hires_with_unit):
    """params.commander: with_unit (default) hires with a unit's Recruit, alone also takes the Commander-only
    Recruit first, never hires at all."""
    plan = make("military", {"commander": param} if param else None)
    p = game.players[0]
    p.strategy, p.gold = plan, 5
    p.res.update(wood=5, iron=5, leather=5)
    move = plan._recruit(game, 0, "best", military.recruit_options(game, 0))
    assert (move[1] == COMMANDER) == hires_alone
    if not hires_alone:
        military.apply_recruit(game, 0, move)
        assert (0 in _cmd(game).card) == hires_with_unit


def test_bad_commander_parameter_is_a_config_error():
    with pytest.raises(ConfigError) as err:
        make("military", {"commander": "sometimes"})
    assert "params.commander" in str(err.value)


def test_random_legal_can_hire_only_the_commander():
    """random_legal picks among the legal moves, the Commander-only Recruit included."""
    hired_alone = 0
    for seed in range(30):
        g = _new()
        p = g.players[0]
        p.strategy, p.gold = RandomLegal(), 2
        g.rng = random.Random(seed)
        move = p.strategy.choose_action(g, 0, {"recruit": military.recruit_options(g, 0)}, can_pass=True)
        hired_alone += move is not None and move[1] == COMMANDER
    assert 0 < hired_alone < 30


def test_commander_regroups_with_the_group(game):
    """'A Commander may move alone or with other units as part of a Manoeuvre action or Regroup reaction'."""
    c = _cmd(game)
    _hire(game, 0)
    p = game.players[0]
    dst = _free_neighbour(game, p.capital)
    game.barbarians.pop(dst, None)
    reacting.apply(game, 0, ("react", "regroup", ("regroup", p.capital, dst, (("infantry", 2),))))
    assert c.at[0] == dst and p.units[dst] == {"infantry": 2}
    check(game)


def _free_neighbour(game, q):
    return next(x for x in game.ctx.neighbours[q] if x in game.in_play and x not in game.farms)


def test_commander_moves_alone_only_where_it_is_not_left_alone(game):
    """'... but cannot enter an opponent or Barbarian occupied Province by itself. You cannot leave a Commander
    alone in a non-settled Province': alone, only to a neighbouring Province holding its owner's units or Farm."""
    c = _cmd(game)
    _hire(game, 0)
    p = game.players[0]
    alone = [m for m in military.manoeuvre_options(game, 0) if m[3] == ALONE]
    assert alone == []  # nothing of the player's next to the Capital yet
    q = _free_neighbour(game, p.capital)
    game.barbarians.pop(q, None)
    add_units(p, q, "infantry")
    p.supply["infantry"] -= 1
    alone = [m for m in military.manoeuvre_options(game, 0) if m[3] == ALONE]
    assert alone == [("manoeuvre", p.capital, q, ALONE)]
    assert ("react", "regroup", ("regroup", p.capital, q, ALONE)) in reacting.options(game, 0, "regroup")
    military.remove_units(p, p.capital, "infantry")  # within the Army limit: the Manoeuvre's check returns nothing
    units = {k: dict(v) for k, v in p.units.items()}
    actions.apply(game, 0, alone[0])
    assert c.at[0] == q and p.units == units  # only the Commander moved
    reacting.apply(game, 0, ("react", "regroup", ("regroup", q, p.capital, ALONE)))
    assert c.at[0] == p.capital and p.units == units
    check(game)


def test_scripted_plans_never_move_the_commander_alone(game):
    plan = make("expansion")
    _hire(game, 0)
    p = game.players[0]
    q = _free_neighbour(game, p.capital)
    game.barbarians.pop(q, None)
    add_units(p, q, "infantry")
    p.supply["infantry"] -= 1
    for intent in ("expand", "barbarians", "players"):
        move = plan._manoeuvre(game, 0, intent, military.manoeuvre_options(game, 0))
        assert move is None or move[3] != ALONE


def test_beaten_defender_commander_retreats_with_its_units(game, monkeypatch):
    """'If you lose a battle with your Commander present, it retreats along with your units': to the neighbouring
    Province the survivors retreat to (the one holding most of their units), not back where it came from."""
    c = _cmd(game)
    _hire(game, 1)

    def fight(battle, variant, faces, rng, effects=(NONE, NONE)):
        return {"win": True, "survivors": [[("cavalry", False)], [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    gero = game.players[1]
    front = _free_neighbour(game, gero.capital)
    others = [x for x in game.ctx.neighbours[front] if x in game.in_play and x != gero.capital and x not in game.farms]
    back, attack_from = others[0], others[1]
    for q, kind, n in ((front, "infantry", 1), (back, "archer", 4)):  # the Capital (where it came from) holds 3
        game.barbarians.pop(q, None)
        add_units(gero, q, kind, n)
        gero.supply[kind] -= n
    game.farms[front] = (1, 1)
    gero.farms_off += 1
    c.at[1], c.came_from[1] = front, gero.capital
    game.barbarians.pop(attack_from, None)
    add_units(game.players[0], attack_from, "cavalry", 2)
    game.players[0].supply["cavalry"] -= 2
    military.apply_manoeuvre(game, 0, ("manoeuvre", attack_from, front, (("cavalry", 2),)))
    c.turn_ended(game, 0)
    assert gero.units[back] == {"archer": 4, "infantry": 1} and c.at[1] == back
    check(game)
