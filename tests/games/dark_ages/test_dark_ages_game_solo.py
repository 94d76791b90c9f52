"""Module 1 (Lordlings and Raiders): the Lordling card procedures on hand-built positions, the Raiders, and solo
games that always finish with the invariants holding."""

import random

import pytest

from sim.experiments import run_experiment
from sim.games.dark_ages.game import lordlings, raiders
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.solo_loop import play_solo, trigger
from sim.games.dark_ages.game.solo_setup import new_solo_game
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS, OPTIONS
from sim.games.dark_ages.game.state import add_units
from strategies.dark_ages import NAMES, make


def _game(seed=0, options=frozenset(), strategy="culture"):
    return new_solo_game(cached_context(), "berengar_of_ivrea", make(strategy), frozenset(options), random.Random(seed))


@pytest.fixture
def game():
    return _game()


def test_setup(game):
    check(game)
    lords = game.players[LORDLINGS]
    homes = [q for q, (owner, _) in game.farms.items() if owner == LORDLINGS]
    assert len(homes) == 3 and all(q in game.cities for q in homes)
    assert game.cities_left == 7  # 'There should be 7 Cities in the supply at this point'
    assert lords.nobles_free == 6 and lords.ruler is None and game.current == LORDLINGS
    assert len(game.solo.deck) == 9 and game.solo.party  # one token on the Raiding Party
    assert set(game.barbarians) == set(game.in_play) - set(homes) - {"lombardy"}
    raider_cards = [c for c in game.offer + game.deck if c.startswith("raider_")]
    assert sorted(raider_cards).count("raider_reinforce") == 5 and "raider_surprise" not in game.offer


def test_raider_cards_sit_in_their_piles():
    game = _game(3)
    cards = game.offer + game.deck
    first_raid = min(i for i, c in enumerate(cards) if c == "raider_raid")
    first_pile = len(cards) // 5
    assert first_raid >= first_pile - 2  # no Raid in the first pile (the offer may have shifted one Surprise out)


def test_research_needs_a_preparation_token(game):
    lords = game.players[LORDLINGS]
    lordlings.research(game)
    assert game.solo.prep == {"research"} and lords.nobles_free == 6
    lordlings.research(game)
    assert game.solo.prep == set() and lords.nobles_free == 5
    assert game.stacks[game.action_at.index("research")] == (LORDLINGS,)


def test_manoeuvre_replaces_a_neighbouring_barbarian_with_infantry(game):
    game.solo.prep.add("manoeuvre")
    before = set(game.barbarians)
    lordlings.manoeuvre(game)
    taken = before - set(game.barbarians)
    assert len(taken) == 1
    (q,) = taken
    assert game.players[LORDLINGS].units[q] == {"infantry": 1}
    assert any(r in game.controlled(LORDLINGS) - {q} for r in game.ctx.neighbours[q])
    check(game)


def test_recruit_takes_the_scarcest_type_closest_to_the_player(game):
    lords = game.players[LORDLINGS]
    home = sorted(game.controlled(LORDLINGS))[0]
    add_units(lords, home, "infantry")
    lords.supply["infantry"] -= 1
    lordlings.recruit(game)
    placed = {k for u in lords.units.values() for k in u} - {"infantry"}
    assert placed == {"archer"}  # fewest units, ties: Infantry, then Archer
    dist = lordlings.distance_to_player(game)
    where = next(q for q, u in lords.units.items() if "archer" in u)
    assert dist[where] == min(dist[q] for q in game.controlled(LORDLINGS))
    check(game)


def test_settle_places_a_farm_without_a_noble(game):
    lords = game.players[LORDLINGS]
    game.barbarians.pop("verona", None)
    add_units(lords, "verona", "infantry")
    lords.supply["infantry"] -= 1
    assert lordlings.settle(game)
    assert game.farms["verona"] == (LORDLINGS, 1) and lords.nobles_free == 6
    check(game)


def test_persevere_repeats_the_last_real_card(game):
    game.solo.discard = ["research", "settle", "persevere"]
    game.solo.prep.add("research")
    assert lordlings.resolve(game, "persevere") is None
    assert game.players[LORDLINGS].nobles_free == 5  # Research was performed again


def test_rush_passes_with_two_discs_or_fewer(game):
    lords = game.players[LORDLINGS]
    assert lordlings.resolve(game, "rush") is None
    lords.nobles_free = 2
    assert lordlings.resolve(game, "rush") == "rush"


def test_lordling_pass_scores_provinces_and_culture(game):
    lords = game.players[LORDLINGS]
    game.solo.discard = [game.solo.deck.pop(0)]
    lordlings.do_pass(game)
    assert lords.vp_by["provinces"] == 1 and lords.culture == 2  # 3 Provinces: 1 VP; 2 Culture Points
    assert len(game.solo.deck) == 9 and not game.solo.discard


def test_lordling_reactions(game):
    lords = game.players[LORDLINGS]
    lordlings.react(game, ("wood_or_leather", "recruit"))
    assert sum(sum(u.values()) for u in lords.units.values()) == 1
    lordlings.react(game, ("regroup", "sell_goods"))
    assert game.solo.prep == {"manoeuvre", "research"}
    lordlings.react(game, ("sell_goods", "wood_or_stone"))
    assert lords.culture == 2


def test_raiders_attack_without_a_target_costs_5_vp(game):
    human = game.players[HUMAN]
    human.vp, human.vp_by = 7, {"church": 7}
    game.solo.target = None
    before = score(game, HUMAN)
    raiders.attack(game)
    assert human.vp == 2 and game.solo.raider_attacks == 1
    after = score(game, HUMAN)  # the loss reaches the final score, as a category of its own
    assert after["raiders"] - before["raiders"] == -5 and after["total"] - before["total"] == -5


def test_lordling_upgrades_end_the_game(game):
    game.solo.techs = 7
    game.players[LORDLINGS].military.update(infantry=2, archer=2)
    assert trigger(game) == "lordling_upgrades"


@pytest.mark.parametrize("strategy", NAMES)
def test_solo_games_finish_with_invariants(strategy):
    for seed in range(4):
        out = play_solo(_game(seed, strategy=strategy), check=check)
        assert out.trigger != "turn_cap"
        assert out.won == (out.player["total"] > out.lordlings["total"])


def test_every_difficulty_option_plays():
    for i, option in enumerate(OPTIONS):
        out = play_solo(_game(i, {option}), check=check)
        assert out.trigger != "turn_cap"


def test_solo_experiment_same_table_for_any_chunking():
    raw = {"game": "dark_ages", "mode": "solo", "difficulties": ["standard", "raider_cards_harder"]}
    a = run_experiment(raw, games=12, seed=4, workers=1, chunk=12, keep_rows=True)
    b = run_experiment(raw, games=12, seed=4, workers=2, chunk=5, keep_rows=True)
    assert a.rows.equals(b.rows) and a.metrics == b.metrics
    assert set(a.metrics["win_rate"]) == {"standard", "raider_cards_harder"}
    assert a.metrics["games_by_difficulty"] == {"standard": 6, "raider_cards_harder": 6}
