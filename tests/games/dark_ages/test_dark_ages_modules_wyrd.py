"""Module 8, The Wyrd, on hand-built states (rulebook 'Module 8 — The Wyrd'). The Wyrd penalties are assumed
(modules.yaml wyrd.penalties, flagged generic)."""

import random

import pytest

from sim.errors import ConfigError
from sim.games.dark_ages.game import modules, reacting
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.culture import apply_culture, culture_options, cycle_offer
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.modules.wyrd import choose_penalty
from sim.games.dark_ages.game.setup import new_game
from strategies.dark_ages import make
from tests.games.dark_ages.module_helpers import RULERS, Stub, game_with


def _new(n=3):
    return game_with("wyrd", n, seed=1)


@pytest.fixture
def game():
    return _new()


def _wyrd(game):
    return game.mods[0]


def test_setup_tucks_a_wyrd_under_the_rightmost_card(game):
    """'take the top Wyrd card without flipping it face up and tuck it underneath the rightmost (least accessible)
    Culture card.'"""
    w = _wyrd(game)
    assert w.attached == {game.offer[-1]: w.attached[game.offer[-1]]} and len(w.deck) == 11


def test_a_card_with_a_wyrd_is_accessible_to_all(game):
    """'A card with a Wyrd card attached is considered accessible for all players, regardless of their position on
    the Culture track.'"""
    slots = [m[1] for m in culture_options(game, 0)]
    assert slots[-1] == len(game.offer) - 1 and len(slots) == 2  # one from the start space + the Wyrd's card


def test_taking_activates_the_wyrd_with_one_marker_per_player(game):
    """'Put it face up in play in front of you ... place as many player markers on it as the number of players';
    'After a Wyrd card has been taken ... attach it (face down) to the current rightmost Culture card'."""
    w = _wyrd(game)
    card = game.offer[-1]
    wyrd = w.attached[card]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert card in game.players[0].hand
    assert w.active[0] == [[wyrd, 3]] and game.offer[-1] in w.attached and len(w.deck) == 10
    check(game)


def test_activation_takes_a_marker_off_every_other_active_wyrd(game):
    """'every player (including you) takes one player marker off all of their other, active Wyrd cards. (Do not take
    a marker off the Wyrd card you just activated.)'; at zero 'the curse is fulfilled'."""
    w = _wyrd(game)
    w.active = [[["CY01", 2]], [["CY02", 1], ["CY03", 3]], []]
    game.players[1].vp, game.players[1].vp_by = 10, {"church": 10}
    game.players[1].gold = 0
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active[0][0] == ["CY01", 1] and w.active[0][1][1] == 3
    assert w.active[1] == [["CY03", 2]] and w.fulfilled[1] == ["CY02"]
    # CY02: [gold 2] / [vp 3]; no Gold (no effect), so the VP penalty
    assert game.players[1].vp == 7
    check(game)


@pytest.mark.parametrize(
    "gold,vp,units,penalties,chosen",
    [
        (5, 10, 2, [["gold", 2], ["vp", 3]], 0),  # both complete: the cheaper (assumed policy)
        (1, 10, 2, [["gold", 2], ["vp", 3]], 1),  # 'If one ... cannot be completely fulfilled, select the other'
        (0, 2, 2, [["gold", 2], ["vp", 3]], 1),  # both partial or none: the one with an effect
        (1, 2, 2, [["gold", 2], ["vp", 3]], 1),  # 'both ... only partially, you must select the bottom one'
        (1, 0, 2, [["gold", 2], ["vp", 3]], 0),  # 'If one of the penalties has no effect, select the other one'
        (5, 10, 2, [["unit", 1], ["vp", 2]], 0),  # equal assumed weights (a unit = 2 VP): the top one
        (5, 10, 2, [["unit", 1], ["vp", 1]], 1),
    ],
)
def test_penalty_choice(game, gold, vp, units, penalties, chosen):
    p = game.players[0]
    p.gold, p.vp = gold, vp
    assert choose_penalty(game, 0, penalties) == chosen


def test_discarded_card_passes_its_wyrd_to_the_rightmost(game):
    """'If a Culture card with a Wyrd card is discarded from the offer, move the Wyrd card under the rightmost
    Culture card (that does not already have a Wyrd card).'"""
    w = _wyrd(game)
    wyrd = w.attached.pop(game.offer[-1])
    w.attached[game.offer[0]] = wyrd
    cycle_offer(game)
    assert w.attached == {game.offer[-1]: wyrd}


def test_no_more_wyrd_cards_resolves_every_active_one(game):
    """'If there are no more Wyrd cards, immediately resolve all in-play Wyrd cards ... even if there are player
    markers remaining on them'."""
    w = _wyrd(game)
    w.deck = []
    w.active[1] = [["CY01", 3]]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active == [[], [], []] and len(w.fulfilled[0]) == 1 and w.fulfilled[1] == ["CY01"]
    check(game)


def test_most_wyrd_cards_score_seven(game):
    """'At the end of the game, the player with most Wyrd cards (active or fulfilled) score 7 VP' (ties: each)."""
    w = _wyrd(game)
    w.active = [[["CY01", 1]], [], [["CY02", 1]]]
    w.fulfilled = [["CY03"], [], []]
    assert [w.final_vp(game, s) for s in range(3)] == [7, 0, 0]
    w.fulfilled[2] = ["CY04"]
    assert [w.final_vp(game, s) for s in range(3)] == [7, 0, 7]
    w.active, w.fulfilled = [[], [], []], [[], [], []]
    assert [w.final_vp(game, s) for s in range(3)] == [0, 0, 0]


class _Remover(Stub):
    """Removes every Wyrd it may (never forced to activate)."""

    def wyrd_activate(self, game, seat, card, forced):
        return forced


def test_a_card_reached_only_through_its_wyrd_must_activate_it(game):
    """'Important: If the Culture card was only accessible because of the Wyrd card, you must select the second
    option!' (the player at the start of the Culture track reaches only the first slot)."""
    w = _wyrd(game)
    game.players[0].strategy = _Remover()
    wyrd = w.attached[game.offer[-1]]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active[0] == [[wyrd, 3]] and w.removed == []


def test_a_card_within_reach_lets_the_player_remove_its_wyrd(game):
    """'you must make a choice before looking at the Wyrd card: Remove it from play, or Put it face up in play';
    the next Wyrd is attached either way."""
    w = _wyrd(game)
    p = game.players[0]
    p.strategy, p.culture = _Remover(), 40  # far along the Culture track: every slot is within reach
    card = game.offer[-1]
    wyrd = w.attached[card]
    w.active[1] = [["CY05", 1]]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert card in p.hand and w.active[0] == [] and w.removed == [wyrd]
    assert w.active[1] == [["CY05", 1]]  # no activation: no marker comes off the other Wyrds
    assert game.offer[-1] in w.attached and len(w.deck) == 10
    check(game)


def test_cultural_exchange_purchase_is_never_forced(game):
    """A Cultural Exchange purchase takes 'any Culture card from the offer, ignoring the position of your Culture
    marker', so the card was not only accessible because of the Wyrd."""
    w = _wyrd(game)
    game.players[0].strategy = _Remover()
    game.players[0].gold = 1
    wyrd = w.attached[game.offer[-1]]
    reacting.apply(game, 0, ("react", "cultural_exchange", "buy", len(game.offer) - 1))
    assert w.removed == [wyrd] and w.active[0] == []


@pytest.mark.parametrize("strategy", ["random_legal", "culture"])
def test_scripted_and_random_choices(strategy):
    """random_legal removes a Wyrd it may remove half the time; a plan with params.wyrd: remove always does."""
    plan = make(strategy, {"wyrd": "remove"} if strategy != "random_legal" else None)
    removed = 0
    for seed in range(20):
        g = game_with("wyrd", 3, seed=seed)
        g.players[0].strategy, g.players[0].culture = plan, 40
        apply_culture(g, 0, ("development_of_culture", len(g.offer) - 1))
        removed += len(_wyrd(g).removed)
    assert (removed == 20) if strategy == "culture" else (0 < removed < 20)


def test_bad_wyrd_parameter_is_a_config_error():
    with pytest.raises(ConfigError) as err:
        make("culture", {"wyrd": "sometimes"})
    assert "params.wyrd" in str(err.value)


def test_the_marker_supply_is_enforced(game):
    """'12 player markers per player': an activation places at most the markers left in the player's supply
    (assumed; with 2-4 players the 12 never run out)."""
    w = _wyrd(game)
    w.data = {**w.data, "markers_per_player": 4}
    w.active[0] = [["CY01", 3]]  # 3 markers out, 1 comes back when this activation takes one off
    wyrd = w.attached[game.offer[-1]]
    apply_culture(game, 0, ("development_of_culture", len(game.offer) - 1))
    assert w.active[0] == [["CY01", 2], [wyrd, 2]] and w.markers_free(0) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_markers_never_exceed_the_supply_in_full_games(players):
    """Active Wyrds hold distinct marker counts 1..players, so a player never needs more than 10 of the 12."""
    from sim.games.dark_ages.game.loop import play

    seen: list[int] = []
    for seed in range(3):
        g = new_game(cached_context(), list(RULERS[:players]), [make("random_legal")] * players,
                     random.Random(seed))  # fmt: skip
        modules.install(g, ("wyrd",))
        w = _wyrd(g)
        original = w.activate

        def activate(game, seat, card, w=w, original=original, seen=seen):
            original(game, seat, card)
            seen.append(min(w.markers_free(s) for s in range(game.n)))

        w.activate = activate
        play(g)
    assert seen and all(free >= 12 - players * (players + 1) // 2 for free in seen)
