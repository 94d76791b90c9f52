"""Modules in solo play (Module 1): the modules whose 'Supported Player Counts' include 1 switch on with their
'Solo Support' rules; the others are refused with a ConfigError naming the module and the reason."""

import random

import pytest

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.dark_ages.game import lordlings, modules, raiders
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.pope import TITLE
from sim.games.dark_ages.game.solo_loop import lordling_score, play_solo
from sim.games.dark_ages.game.solo_setup import new_solo_game, solo_context
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS
from sim.games.dark_ages.game.state import add_units
from strategies.dark_ages import NAMES, make

SOLO = {"game": "dark_ages", "mode": "solo", "difficulties": ["standard", "raider_cards_harder"],
        "strategies": ["culture", "military", "random_legal"]}  # fmt: skip


def _game(mods, seed=0, ruler="berengar_of_ivrea", strategy="culture"):
    return new_solo_game(cached_context(), ruler, make(strategy), frozenset(), random.Random(seed), tuple(mods))


def _mod(game, name):
    return next(m for m in game.mods if m.name == name)


def test_solo_modules_follow_the_supported_player_counts():
    """Modules 3, 4, 6, 7, 12A and 13A support 1 player (each has a 'Solo Support' section); 5, 8, 9, 10, 11, 14A
    and 15A do not."""
    assert set(modules.SOLO_MODULES) == {"skirmishers", "alchemists", "pope", "benjamin", "grand_buildings",
                                         "commanders"}  # fmt: skip
    assert set(modules.SOLO_REFUSED) | set(modules.SOLO_MODULES) == set(modules.NAMES)


@pytest.mark.parametrize("name", sorted(modules.SOLO_REFUSED))
def test_refused_modules_are_a_config_error(name):
    with pytest.raises(ConfigError) as err:
        run_experiment({**SOLO, "modules": {name: True}}, games=1)
    assert f"modules.{name}" in str(err.value) and "supports" in str(err.value)


def test_refused_module_cannot_be_installed_by_hand():
    with pytest.raises(ValueError, match="wyrd cannot be played solo"):
        _game(("wyrd",))


@pytest.mark.parametrize("strategy", NAMES)
def test_solo_games_with_every_solo_module_finish(strategy):
    for seed in range(4):
        game = _game(modules.SOLO_MODULES, seed, strategy=strategy)
        check(game)
        out = play_solo(game, check=check)
        assert out.trigger != "turn_cap" and all(p.finished for p in game.players)
        for side in (out.player, out.lordlings):
            assert side["total"] == sum(v for k, v in side.items() if k != "total")


def test_all_solo_modules_off_equals_the_plain_solo_results():
    plain = run_experiment(SOLO, games=12, keep_rows=True)
    off = run_experiment({**SOLO, "modules": dict.fromkeys(modules.SOLO_MODULES, False)}, games=12, keep_rows=True)
    assert off.rows.equals(plain.rows) and off.metrics == plain.metrics
    assert "modules" not in plain.metrics["player_score_by_category"]["standard"]


def test_solo_module_switch_reaches_the_games():
    plain = run_experiment(SOLO, games=12, keep_rows=True)
    on = run_experiment({**SOLO, "modules": dict.fromkeys(modules.SOLO_MODULES, True)}, games=12, keep_rows=True)
    assert not on.rows.equals(plain.rows)
    assert "modules" in on.metrics["lordling_score_by_category"]["standard"]


def test_module_cards_go_in_before_the_piles_are_split():
    """'After including any module-related cards in the Culture deck, but before placing the initial cards on the
    offer, split the Culture deck into 5 even piles'; Module 13A: '4 to the top half, 4 to the bottom half ... when
    playing solo'; Module 3: the 4 common Grand Buildings into the top half."""
    game = _game(("benjamin", "grand_buildings"), seed=4)
    cards = game.offer + game.deck
    benjamin = [i for i, c in enumerate(cards) if game.ctx.deck.cards[c].type == "travels_of_benjamin"]
    grand = [i for i, c in enumerate(cards) if game.ctx.deck.cards[c].type == "grand_building"]
    assert len(benjamin) == 8 and len(grand) == 4
    assert max(grand) < len(cards) // 2 + 8  # the top half of the deck, give or take the Raider cards
    first_pile = len(cards) // 5
    assert "raider_raid" not in cards[: first_pile - 2]  # the piles keep their Raider cards


def test_grand_buildings_add_their_rulers_to_the_lordling_draw():
    """Module 3 makes Marozia and Henry the Fowler available; 'shuffle the remaining available Rulers together, and
    draw 3 randomly'."""
    homes = set()
    for seed in range(30):
        game = _game(("grand_buildings",), seed)
        homes |= {q for q, (owner, _) in game.farms.items() if owner == LORDLINGS}
    assert {"rome", "saxony"} & homes


def test_raiders_raze_a_grand_building():
    """Raiders Attack, you lose: 'remove all buildings (including Grand Buildings) ... Removed components are out of
    the game'."""
    game = _game(("grand_buildings",), seed=1)
    gb = _mod(game, "grand_buildings")
    human = game.players[HUMAN]
    q = next(x for x in game.ctx.neighbours[human.capital] if x in game.barbarians)
    game.barbarians.pop(q)
    add_units(human, q, "infantry")
    human.supply["infantry"] -= 1
    gb.built[q] = "C049"
    game.solo.target = q
    game.solo.party = ["cavalry"] * 6
    game.rng = random.Random(0)
    raiders.attack(game, forced=True)
    assert q not in gb.built
    check(game)


def test_lordlings_take_the_pope_with_as_many_churches():
    """Module 12A, Solo Support: 'Whenever the Lordlings build a Church, if they control equal or more Churches than
    you, they immediately take the Pope card from the offer or you'; held at the end it is worth 5 VP to them."""
    game = _game(("pope",))
    pope = _mod(game, "pope")
    pope.holder = HUMAN
    game.players[HUMAN].titles_ready.add(TITLE)
    assert lordlings.church(game)
    assert pope.holder == LORDLINGS and TITLE not in game.players[HUMAN].titles_ready
    assert lordling_score(game)["modules"] == 5
    check(game)


def test_lordlings_collect_travels_of_benjamin():
    """Module 13A, Solo Support: 'they keep it, and score 1 VP for each Travels of Benjamin card they have collected,
    including the newly taken card.'"""
    game = _game(("benjamin",))
    cards = [c for c in game.deck if game.ctx.deck.cards[c].type == "travels_of_benjamin"][:3]
    for c in cards:
        lordlings.take(game, c)
    assert _mod(game, "benjamin").collected[LORDLINGS] == 3
    assert game.players[LORDLINGS].vp_by["modules"] == 1 + 2 + 3


def test_benjamin_harder_option(monkeypatch):
    """'include only 3 ... in the top half and 3 in the bottom half ... and give the two additional cards to
    Lordlings (i.e. they start from 3 VP the first time they gain a new Travels of Benjamin card)'."""
    played = solo_context(cached_context()).modules  # the game's own: cached by digest, it may outlive the base
    monkeypatch.setitem(played, "benjamin", dict(played["benjamin"], solo_harder=True))
    game = _game(("benjamin",))
    cards = [c for c in game.offer + game.deck if game.ctx.deck.cards[c].type == "travels_of_benjamin"]
    assert len(cards) == 6 and _mod(game, "benjamin").collected[LORDLINGS] == 2
    lordlings.take(game, cards[0])
    assert game.players[LORDLINGS].vp_by["modules"] == 3


def test_skirmishers_on_the_map_barbarians_on_the_raiding_party():
    """Module 7, Solo Support: 'using the Skirmisher tokens on the map at setup. When placing Barbarian tokens on the
    Raiding Party card for Raiders, still use regular Barbarian tokens!'"""
    game = _game(("skirmishers",))
    skirmishers = {repr(t) for t in cached_context((), True).tokens}
    regular = {repr(t) for t in cached_context().tokens}
    assert not skirmishers & regular
    assert all(repr(game.ctx.tokens[t]) in skirmishers for t in game.barbarians.values())
    assert all(repr(game.ctx.tokens[t]) in regular for t in game.solo.party_tokens + game.solo.token_pool)
    assert all(repr(game.ctx.tokens[t]) in skirmishers for t in game.solo.map_pool)
    check(game)
