"""The game engine on hand-built positions: the rulebook's worked examples played through the engine's own moves."""

import random

import pytest

from sim.games.dark_ages.game import combat, military, passing
from sim.games.dark_ages.game.building import apply as build
from sim.games.dark_ages.game.building import options as build_options
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.culture import apply_research, research_options
from sim.games.dark_ages.game.ending import score, trigger
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.loop import end_now, noble_action, react
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.game.state import add_units
from strategies.dark_ages.base import Strategy


class Stub(Strategy):
    """Takes the first option everywhere; pays ``gold`` for excess units."""

    def __init__(self, gold: int = 0):
        self.gold = gold

    def choose_action(self, game, seat, options, can_pass):
        return None

    def upkeep_gold(self, game, seat, excess):
        return self.gold


@pytest.fixture
def game():
    """Berengar of Ivrea (Lombardy) against Gero the Great (Marca Geronis), 2 players."""
    return new_game(cached_context(), ["berengar_of_ivrea", "gero_the_great"], [Stub(), Stub()], random.Random(0))


def _clear(game, province):
    game.barbarians.pop(province, None)


def test_setup(game):
    check(game)
    yellow = game.players[0]
    assert yellow.units == {"lombardy": {"infantry": 2}} and game.farms["lombardy"] == (0, 1)
    assert yellow.gold == 1 and set(yellow.res.values()) == {1} and yellow.nobles_total == 6
    assert game.exhausted == [1, 0] and yellow.nobles_free == 5  # 'the first 1/1/2 players'
    assert len(game.offer) == 8 and game.cities_left == 9
    assert "lombardy" not in game.barbarians and len(game.barbarians) == len(game.in_play) - 2


def test_production_example(game):
    """Passing: Carinthia (3 Iron buildings), Bavaria (Wood, Leather), Verona (Wood, 2 Stone) → 2 W, 1 L, 3 S, 5 I."""
    yellow = game.players[0]
    yellow.units.clear()
    game.farms.clear()
    for q in ("carinthia", "bavaria", "verona"):
        _clear(game, q)
        add_units(yellow, q, "infantry")
        game.cities.add(q)
    game.buildings.update(carinthia={"iron": 3}, bavaria={"wood": 1, "leather": 1}, verona={"wood": 1, "stone": 2})
    before = dict(yellow.res)
    passing.produce(game, 0)
    gained = {r: yellow.res[r] - before[r] for r in before}
    assert gained == {"wood": 2, "leather": 1, "stone": 3, "iron": 5}


def test_title_claim_example(game):
    """Controlling Lombardy and Verona and Passing with one available Noble claims the Kingdom of Italy: 7 VP."""
    yellow = game.players[0]
    _clear(game, "verona")
    add_units(yellow, "verona", "infantry")
    yellow.supply["infantry"] -= 1
    yellow.nobles_free, game.exhausted[0] = 1, 5
    passing.do_pass(game, 0)
    assert "kingdom_of_italy" in yellow.titles and yellow.vp_by["title_claims"] == 7
    assert yellow.nobles_free == 6 and game.exhausted[0] == 0
    check(game)


def test_title_vp_count_for_establishing_and_again_at_the_end(game):
    """Passing: 'If you are the first to claim a Title, score the depicted VP for establishing it.' Final Scoring:
    'Score the VP value shown on each Title card you control.' The founder who keeps the Title scores it twice
    (the ``title_claims`` and ``titles`` categories); a later holder only once, at the end."""
    yellow, gero = game.players
    _clear(game, "verona")
    add_units(yellow, "verona", "infantry")
    yellow.supply["infantry"] -= 1
    yellow.nobles_free, game.exhausted[0] = 1, 5
    passing.do_pass(game, 0)
    first = score(game, 0)
    assert (first["title_claims"], first["titles"]) == (7, 7)
    game.established.add("kingdom_of_benevento")  # founded by someone else earlier
    gero.titles.add("kingdom_of_benevento")
    later = score(game, 1)
    assert (later["title_claims"], later["titles"]) == (0, 7)


def test_title_needs_a_free_noble_per_missing_province(game):
    yellow = game.players[0]
    _clear(game, "verona")
    add_units(yellow, "verona", "infantry")
    yellow.supply["infantry"] -= 1
    yellow.nobles_free, game.exhausted[0] = 0, 6
    passing.do_pass(game, 0)
    assert not yellow.titles


def test_reaction_pushes_out_the_bottom_disc(game):
    """White places on [white, yellow] on Research; the bottom (white) disc comes out and white reacts."""
    space = game.action_at.index("development_of_culture")
    game.stacks = tuple((0, 1) if i == space else () for i in range(5))
    game.players[0].nobles_free, game.exhausted[0] = 4, 1
    game.players[1].nobles_free = 5
    noble_action(game, 0, ("development_of_culture", 0))
    react(game)
    assert game.stacks[space] == (1, 0) and game.exhausted[0] == 2
    check(game)


def test_army_limit_example(game):
    """3 Archers in Verona, 3 Infantry in Lombardy, Army limit 4: pay 1 Gold and return 1 Infantry."""
    yellow = game.players[0]
    yellow.strategy = Stub(gold=1)
    _clear(game, "verona")
    add_units(yellow, "lombardy", "infantry", 1)
    add_units(yellow, "verona", "archer", 3)
    yellow.supply["infantry"] -= 1
    yellow.supply["archer"] -= 3
    yellow.farms_off = 1  # Army limit 4 on the assumed Farm track
    game.farms["tuscany"] = (0, 1)
    _clear(game, "tuscany")
    yellow.gold = 3
    military.upkeep(game, 0, {"archer": 3}, "verona")
    assert yellow.gold == 2 and yellow.units["lombardy"] == {"infantry": 2} and yellow.units["verona"] == {"archer": 3}
    check(game)


def test_settling_counts_levels_and_places_the_leftmost_farm(game):
    yellow = game.players[0]
    _clear(game, "tuscany")  # neighbouring the Capital and in its Region: the first settle cost (1)
    add_units(yellow, "tuscany", "cavalry", 1)
    yellow.supply["cavalry"] -= 1
    yellow.military["cavalry"] = 2
    assert ("settle", "tuscany") in military.settle_options(game, 0)
    military.apply_settle(game, 0, ("settle", "tuscany"))
    assert game.farms["tuscany"] == (0, 1) and yellow.farms_off == 1 and "tuscany" not in yellow.units
    check(game)


def test_church_example_scores_seven(game, monkeypatch):
    """A Church in Carinthia with one already in Swabia: 5 + 1 (first in its Region) + 1 (Croatia's Region)."""
    yellow = game.players[0]
    _clear(game, "carinthia")
    add_units(yellow, "carinthia", "infantry")
    yellow.supply["infantry"] -= 1
    game.cities.add("carinthia")
    game.cities_left -= 1
    game.churches.append("swabia")
    game.cities.add("swabia")
    game.cities_left -= 1
    yellow.res.update(wood=2, stone=1)
    assert ("build", "church", "carinthia", None) in build_options(game, 0)
    build(game, 0, ("build", "church", "carinthia", None))
    assert yellow.vp_by["church"] == 7 and yellow.res["wood"] == 0


def test_military_technology_placement_example(game):
    """C074 (Level 2 Archer / Level 3 Infantry) with every unit at level 1 can only be a Level 2 Archer."""
    yellow = game.players[0]
    yellow.hand = ["C074"]
    moves = [m for m in research_options(game, 0) if m[1] == "military"]
    assert moves == [("research", "military", "C074", ("archer", 2))]
    apply_research(game, 0, moves[0])
    assert yellow.military["archer"] == 2 and yellow.gold == 0 and not yellow.hand


def test_recruit_cost_example(game):
    """An Archer costs 1 Wood and 1 Leather and goes into a Province with a City."""
    yellow = game.players[0]
    military.apply_recruit(game, 0, ("recruit", "archer", "lombardy"))
    assert yellow.res["wood"] == 0 and yellow.res["leather"] == 0 and yellow.units["lombardy"]["archer"] == 1
    check(game)


def _rigged(monkeypatch, win: bool, survivors_a, survivors_d=()):
    def fight(battle, variant, faces, rng, effects=None):
        return {"win": win, "survivors": [list(survivors_a), list(survivors_d)]}

    monkeypatch.setattr(combat, "fight", fight)


def test_barbarian_win_takes_the_trophy_and_the_province(game, monkeypatch):
    yellow = game.players[0]
    game.barbarians["verona"] = 0  # 1 Infantry, reward 1 Gold
    _rigged(monkeypatch, True, [("infantry", False)])
    assert military.apply_manoeuvre(game, 0, ("manoeuvre", "lombardy", "verona", (("infantry", 2),)))
    assert "verona" not in game.barbarians and yellow.units["verona"] == {"infantry": 1}
    assert yellow.trophies == 1 and yellow.vp_by["barbarians"] == 1 and yellow.gold == 2
    check(game)


def test_barbarian_loss_retreats(game, monkeypatch):
    yellow = game.players[0]
    game.barbarians["verona"] = 0
    _rigged(monkeypatch, False, [("infantry", False)])
    military.apply_manoeuvre(game, 0, ("manoeuvre", "lombardy", "verona", (("infantry", 2),)))
    assert game.barbarians["verona"] == 0 and yellow.units["lombardy"] == {"infantry": 1} and yellow.trophies == 0
    check(game)


def _neighbour_farm(game):
    """Gero holds Verona with a Farm and a City; Berengar attacks it from Lombardy."""
    gero = game.players[1]
    _clear(game, "verona")
    game.farms["verona"] = (1, 2)
    gero.farms_off = 2
    add_units(gero, "verona", "archer")
    gero.supply["archer"] -= 1
    game.cities.add("verona")
    game.cities_left -= 1
    return gero


def test_winning_a_settled_province_returns_farms_with_revanchism(game, monkeypatch):
    gero = _neighbour_farm(game)
    _rigged(monkeypatch, True, [("infantry", False)], [("archer", False)])
    military.apply_manoeuvre(game, 0, ("manoeuvre", "lombardy", "verona", (("infantry", 2),)))
    assert "verona" not in game.farms and gero.farms_off == 0
    assert gero.units["marca_geronis"] == {"infantry": 4}  # 2 at set-up + 2 from Revanchism
    assert game.controller("verona") == 0 and "verona" in game.cities  # the City changes hands
    check(game)


def test_winning_in_a_capital_raids_it_and_goes_home(game, monkeypatch):
    yellow, gero = game.players
    game.barbarians.pop("thuringia", None)
    add_units(yellow, "thuringia", "cavalry", 2)
    yellow.supply["cavalry"] -= 2
    _rigged(monkeypatch, True, [("cavalry", False)], [])
    military.apply_manoeuvre(game, 0, ("manoeuvre", "thuringia", "marca_geronis", (("cavalry", 2),)))
    assert yellow.units["thuringia"] == {"cavalry": 1} and gero.gold == 0 and yellow.gold == 2
    assert yellow.vp_by["capital_raids"] == 3  # Gero's Army limit
    assert game.controller("marca_geronis") == 1
    check(game)


def test_pass_sells_holds_and_produces(game):
    yellow = game.players[0]
    yellow.res.update(wood=3, leather=2, stone=2, iron=1)  # 8 > hold 4 at the top of the Warehouse track
    yellow.nobles_free, game.exhausted[0] = 5, 1
    passing.do_pass(game, 0)
    assert sum(yellow.res.values()) == 4 + 1  # held 4, then Lombardy produced 1 Iron
    assert yellow.gold == 2


def test_end_trigger_and_final_pass(game):
    game.cities_left = 0
    assert trigger(game) == "cities"
    end_now(game, "cities")
    assert all(p.passes == 1 and p.nobles_free == p.nobles_total for p in game.players)
    assert game.players[1].gold == 3  # all discs available: +1 Gold, +1 more at the trigger
    passing.do_pass(game, 0, final=True)
    assert game.players[0].finished


class Repeater(Stub):
    """Repeats every action with a Title when it can."""

    def repeat_with_title(self, game, seat, action, options):
        return options[0] if options else None


def test_title_repeats_an_action_and_is_exhausted(game):
    yellow = game.players[0]
    yellow.strategy = Repeater()
    yellow.titles, yellow.titles_ready = {"kingdom_of_italy"}, {"kingdom_of_italy"}
    noble_action(game, 0, ("development_of_culture", 0))
    assert len(yellow.hand) == 4 and not yellow.titles_ready  # 2 starting cards + 2 taken
    check(game)


def test_title_cannot_repeat_a_manoeuvre_that_fought(game, monkeypatch):
    yellow = game.players[0]
    yellow.strategy = Repeater()
    yellow.titles, yellow.titles_ready = {"kingdom_of_italy"}, {"kingdom_of_italy"}
    game.barbarians["verona"] = 0
    _rigged(monkeypatch, False, [("infantry", False)])
    noble_action(game, 0, ("manoeuvre", "lombardy", "verona", (("infantry", 2),)))
    assert yellow.titles_ready == {"kingdom_of_italy"}


def test_cognomens_are_scored_when_passing(game):
    yellow = game.players[0]
    yellow.hand.append("C093")  # 2 VP per City (generic), capped at 10
    yellow.nobles_free, game.exhausted[0] = 5, 1
    passing.do_pass(game, 0)
    assert yellow.vp_by["cognomens"] == 2 and "C093" not in yellow.hand


def test_take_another_turn_reward(game, monkeypatch):
    from sim.games.dark_ages.game.loop import play

    class Attacker(Stub):
        def choose_action(self, game, seat, options, can_pass):
            moves = [m for m in options.get("manoeuvre", []) if m[2] == "verona"]
            return moves[0] if moves and seat == 0 and game.turns == 0 else None

    token = next(i for i, t in enumerate(game.ctx.tokens) if t.reward_kind == "take_another_turn")
    game.barbarians["verona"] = token
    for p in game.players:
        p.strategy = Attacker()
    _rigged(monkeypatch, True, [("infantry", False)])
    play(game, check=check, max_turns=2)
    assert game.players[0].trophies == 1
    assert game.players[0].passes == 1 and game.players[1].passes == 0  # the reward turn came before Gero's
