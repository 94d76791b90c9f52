"""Principes solo mode (rulebook "Solo Mode"): setup, victory, the activation scheme, the Combined Action Solo
System at each difficulty level, the cyclical activation of Neighbors, the solo History icons, conformance and the
solo experiment."""

import random

import pytest

from sim.errors import ConfigError
from sim.games.principes.game import solo
from sim.games.principes.game.control import controller, might
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.politics import council
from sim.games.principes.game.state import IllegalAction
from strategies.principes import make, resolve
from strategies.principes.base import Strategy

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


def bare(player=PM, seed=0):
    """A solo start with every Principality figure off the Map but the non-player Princes (on their Capitals)."""
    s = solo.new_solo_game(player, random.Random(seed), history=False)
    for land in list(s.units):
        for f in list(s.units.get(land, {})):
            if f not in s.board.principalities:
                continue
            for kind, n in list(s.units[land][f].items()):
                if f != player and kind == "prince":
                    continue
                s.add_units(land, f, kind, -n)
                s.pool[f][kind] += n
    return s


def put(s, land, faction, **units):
    for kind, n in units.items():
        s.add_units(land, faction, kind, n)
        if faction in s.pool:
            s.pool[faction][kind] -= n


def found_city(s, land):
    kind = s.board.land(land).city_tokens[0]
    s.supply[kind] -= 1
    s.cities[land] = 1


def build(s, land, kind):
    s.supply[kind] -= 1
    s.buildings[land] = kind


class Recorder(Strategy):
    """Answers the solo questions with the defaults and records them."""

    def __init__(self):
        super().__init__()
        self.log = []

    def solo_choose(self, state, me, action, eligible, rng):
        self.log.append((action, tuple(eligible)))
        return solo.default_choose(state, me, action, eligible, rng)


# --- setup and victory -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", [PM, MAS, PMIN, SIL])
def test_setup(player):
    # "The player begins the game with 5 units on the board, while all other Principalities have their full
    # complement of units placed. Before starting the game, the player takes 5 gold into their Treasury, and draws
    # 1 Battle Card, 1 Court Card, and 1 Neighbor Card ... only half of the Progress tiles are used - ensuring that
    # no duplicates are included ... flip the Position Board to the reverse side titled SOLO (tracks run from 0 to 15)"
    s = solo.new_solo_game(player, random.Random(1))
    on_map = {f: sum(h.get(f, {}).get(k, 0) for h in s.units.values() for k in ("prince", "knight", "footman"))
              for f in s.board.principalities}  # fmt: skip
    assert on_map[player] == 5
    for np_ in solo.non_players(s, player):
        assert on_map[np_] == 10 and not any(s.pool[np_].values()) and s.gold[np_] == 0 and not s.hands[np_]
    assert s.non_players == frozenset(solo.non_players(s, player)) and s.players == (player,)
    assert s.gold[player] == 5 and len(s.history) == 6
    hand = s.hands[player]
    assert sum(hand.values()) == 3 and {c.split(".")[0] for c in hand} == {"battle", "court", "neighbor"}
    assert s.rules.track_high == 15 and s.rules.values["politics"]["coronation_position"] == 15
    tiles = [t for stack in s.stacks.values() for t in stack] + list(s.market)
    assert len(tiles) == len(set(tiles)) == 24  # 4 distinct tiles of each of the 6 colours, one copy each
    assert s.princeps == player and "solo" in s.variants
    assert bool(s.division) == (player == SIL)  # the 3 initial Division Tokens only with Silesia
    assert violations(s) == []


def winning(player=PM):
    s = bare(player)
    put(s, s.board.capitals[player], player, prince=1, knight=1)
    for np_ in solo.non_players(s, player):  # the non-player Princes are reborn elsewhere when beaten
        cap = s.board.capitals[np_]
        s.add_units(cap, np_, "prince", -1)
        s.add_units("terra_lanciciensis" if np_ == MAS else [x.id for x in s.board.lands
                    if x.principality == np_ and not x.capital][0], np_, "prince", 1)  # fmt: skip
        put(s, cap, player, knight=0, footman=1)
    for land in [x.id for x in s.board.lands if x.principality == player]:
        if s.board.land(land).city_tokens and not s.cities.get(land):
            found_city(s, land)
    s.people[player] = s.clergy[player] = 15
    return s


def test_victory_needs_15_on_every_track_and_the_4_capitals():
    # "reach the maximum position on all 3 tracks of the Position Board (15 in this case); control the 4 Capitals
    # of all four Principalities. When these conditions are met, the player wins the game during the Council."
    s = winning()
    assert solo.capitals_held(s, PM) == 4 and might(s, PM) >= 15
    assert solo.conditions_met(s, PM)
    crowned, _ = council(s, PM)
    assert solo.settle_crown(crowned, PM).crowned == PM
    short = s.copy()
    short.clergy[PM] = 14
    assert not solo.conditions_met(short, PM)
    lost = s.copy()
    lost.units[s.board.capitals[SIL]] = {}
    del lost.units[s.board.capitals[SIL]]
    lost.pool[PM]["footman"] += 1
    assert controller(lost, s.board.capitals[SIL]) == SIL and not solo.conditions_met(lost, PM)
    # the tracks alone crown in the multiplayer Council; solo takes the crown back without the Capitals
    assert council(lost, PM)[0].crowned == PM and solo.settle_crown(council(lost, PM)[0], PM).crowned is None


def test_common_council_wins_only_with_the_conditions():
    s = winning()
    assert solo.solo_common_council(s, PM, Strategy(), random.Random(0)).crowned == PM
    s.people[PM] = 12
    assert solo.solo_common_council(s, PM, Strategy(), random.Random(0)).crowned is None


# --- the activation scheme ---------------------------------------------------------------------------------------


def test_option_1_a_player_land_with_a_building_and_no_units():
    # "Move onto a player land without units but with a Building Token / City (Invaders and Neighbors destroy
    # everything; non-player Principalities leave it intact)."
    s = bare(PM)
    build(s, "santocum", "abbey")
    put(s, "czarncovia", PM, footman=1)  # weaker player units also in reach: option 1 still comes first
    group = (("german_marches", "knight", 1), ("german_marches", "footman", 1))
    assert solo.options(s, "german_marches", group, PM) == (solo.PLAYER_BUILDING, ["santocum"])
    out, land = solo.activate(s, "german_marches", group, PM, Strategy(), random.Random(0), destroy=True)
    assert land == "santocum" and "santocum" not in out.buildings and out.clergy[PM] == s.clergy[PM] - 1
    assert controller(out, "santocum") == "german_marches" and violations(out) == []
    # a non-player Principality takes the land and leaves the City intact
    s = bare(PM)
    found_city(s, "medzirech")
    put(s, "crosna", SIL, knight=2)
    out, land = solo.activate(s, SIL, (("crosna", "knight", 2),), PM, Strategy(), random.Random(0), destroy=False)
    assert land == "medzirech" and out.cities["medzirech"] == 1 and controller(out, "medzirech") == SIL
    assert might(out, PM) == might(s, PM) - 1


def test_option_2_the_players_weaker_units():
    # "Move onto a land with the player's units whose total swords is lower."
    s = bare(PM)
    put(s, "crosna", SIL, knight=2)  # 4 swords
    put(s, "vschova", PM, knight=1, footman=1)  # 3 swords: attacked
    put(s, "medzirech", PM, knight=2)  # 4 swords: not lower
    level, lands = solo.options(s, SIL, (("crosna", "knight", 2),), PM)
    assert (level, lands) == (solo.PLAYER_UNITS, ["vschova"])
    out, land = solo.activate(s, SIL, (("crosna", "knight", 2),), PM, Strategy(), random.Random(3), destroy=False)
    assert land == "vschova" and len(out.factions_on("vschova")) <= 1 and violations(out) == []  # fought


def test_option_3_another_factions_weaker_units_then_stay():
    # "Move onto a land with another faction's units whose total swords is lower. Do not move."
    s = bare(PM)
    put(s, "crosna", SIL, knight=2)
    put(s, "vschova", PM, knight=2)  # as strong: not a target
    put(s, "lubusa", MAS, footman=3)  # 3 swords < 4
    level, lands = solo.options(s, SIL, (("crosna", "knight", 2),), PM)
    assert level == solo.OTHER_UNITS and lands == ["lubusa"]
    s.add_units("lubusa", MAS, "footman", 1)
    s.pool[MAS]["footman"] -= 1
    assert solo.options(s, SIL, (("crosna", "knight", 2),), PM) == (solo.STAY, [])
    out, land = solo.activate(s, SIL, (("crosna", "knight", 2),), PM, Strategy(), random.Random(0), destroy=False)
    assert land is None and out is s


def test_units_pass_through_and_cannot_split():
    # "activated units cannot be split - they must always end their movement on a single land ... units of all
    # other factions pass through each other and do not block movement."
    s = bare(PM)
    build(s, "sremum", "tiltyard")
    put(s, "legnicium", SIL, knight=2)
    put(s, "vschova", MAS, knight=3)  # both ways from Legnicium to Sremum cross occupied lands
    put(s, "vratislavia", MAS, footman=3)
    assert solo.options(s, SIL, (("legnicium", "knight", 2),), PM) == (solo.PLAYER_BUILDING, ["sremum"])
    # a Footman 3 lands away cannot join the Knights on Sremum: the group goes nowhere rather than split
    put(s, "sagan", SIL, footman=1)
    group = (("legnicium", "knight", 2), ("sagan", "footman", 1))
    assert "sremum" not in solo.destinations(s, group)
    assert solo.options(s, SIL, group, PM)[0] != solo.PLAYER_BUILDING


# --- Combined Actions by difficulty ------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "assembly", "movement", "building"),
                         [("normal", 1, 1, 1), ("hard", 2, 2, 2), ("legendary", 3, 2, 3)])  # fmt: skip
def test_difficulty_levels(difficulty, assembly, movement, building):
    # Normal: "in 1 non-player Principality ... Activate 2 Knights of 1 ... in 1"; Hard: 2, 2, 2; Legendary: 3,
    # "Activate 2 Knights of 2 non-player Principalities (as printed on the tile)", 3.
    s = bare(PM)
    me = Recorder()
    out = solo.combined(s, PM, "assembly", difficulty, me, random.Random(0))
    grown = [np_ for np_ in solo.non_players(s, PM) if sum(out.pool[np_].values()) < sum(s.pool[np_].values())]
    assert len(grown) == assembly
    for np_ in grown:  # "Knights are always assembled with priority", 3 units, to the Capital, for free
        assert out.units_of(s.board.capitals[np_], np_) == {"prince": 1, "knight": 3}
    assert out.gold == s.gold
    out = solo.combined(s, PM, "building", difficulty, me, random.Random(0))
    built = [np_ for np_ in solo.non_players(s, PM) if out.buildings.get(s.board.capitals[np_]) == "castle"]
    assert len(built) == building and out.gold == s.gold
    assert all(out.cities.get(s.board.capitals[np_]) == 1 for np_ in built)
    for np_ in solo.non_players(s, PM):
        put(s, s.board.capitals[np_], np_, knight=2)
    me.log.clear()
    solo.combined(s, PM, "movement", difficulty, me, random.Random(0))
    assert [a for a, _ in me.log] == ["movement"] * movement


def test_assembly_rules():
    # "If possible, units are assembled to the Capital ... onto the land with the Prince. A Principality that
    # already has all of its units on the Map can't be chosen."
    s = bare(PM)
    cap = s.board.capitals[SIL]
    s.add_units(cap, SIL, "prince", -1)
    s.add_units("glogovia", SIL, "prince", 1)
    put(s, cap, PM, footman=1)  # the player holds the Silesian Capital
    assert solo.assembly_land(s, SIL) == "glogovia"
    s.pool[SIL]["knight"] = 1
    out = solo.assemble(s, SIL)
    assert out.units_of("glogovia", SIL) == {"prince": 1, "knight": 1, "footman": 2}
    full = solo.new_solo_game(PM, random.Random(0), history=False)
    assert solo.assembly_eligible(full, PM) == []
    assert solo.combined(full, PM, "assembly", "legendary", Strategy(), random.Random(0)) is full


def test_movement_needs_2_knights():
    # "If a non-player Principality does not have 2 Knights, it cannot be chosen for activation."
    s = bare(PM)
    put(s, "crosna", SIL, knight=1)
    put(s, "gnesna", MAS, knight=1)
    assert solo.knight_groups(s, SIL) == [] and solo.knight_groups(s, MAS) == []
    put(s, "glogovia", SIL, knight=1)
    assert solo.knight_groups(s, SIL) == [(("crosna", "knight", 1), ("glogovia", "knight", 1))]


def test_building_on_the_land_with_most_units():
    # "Found a City and build a Castle on the land with the largest number of units in 1 non-player Principality.
    # The player does not pay for founding and building in playerless Principality."
    s = bare(PM)
    put(s, "legnicium", SIL, knight=1, footman=2)
    assert solo.building_land(s, SIL) == "legnicium"
    out = solo.build(s, SIL)
    assert out.cities["legnicium"] == 1 and out.buildings["legnicium"] == "castle" and out.gold == s.gold
    assert violations(out) == []


def test_non_player_prince_reborn_on_highest_might():
    # "When the Prince of a non-player Principality is removed, he is reborn on a land of his Principality with the
    # highest Might Points value - chosen by the player."
    s = bare(PM)
    cap = s.board.capitals[SIL]
    s.add_units(cap, SIL, "prince", -1)
    s.pool[SIL]["prince"] += 1
    assert solo.rebirth(s, PM).units_of(cap, SIL) == {"prince": 1}
    put(s, cap, PM, footman=1)  # the Capital (2 Might) is the player's: a 1-Might land, the player's pick
    out = solo.rebirth(s, PM)
    assert [x for x in ("legnicium", "glogovia", "opolia") if out.units_of(x, SIL)] == ["legnicium"]


# --- Neighbors and History ---------------------------------------------------------------------------------------


def test_neighbor_reveal_skips_any_and_the_player_may_block():
    # "reveal 1 card from the top of the Neighbor Card deck. The units shown on the card are then activated ... If
    # the revealed card refers to Any Neighbor, discard that card and reveal the next card from the deck. A player
    # may block all or part of the Neighbors' activation using their own Neighbor Cards."
    s = bare(PM)
    s.hands[PM] = {c: n for c, n in s.hands[PM].items() if not c.startswith("neighbor.")}
    s.decks["neighbor"] = dict.fromkeys(s.decks["neighbor"], 0)
    for card in ("any_neighbors_1", "any_neighbors_2", "german_marches_partial"):
        s.decks["neighbor"][card] = 1
    others = [c for c, n in s.decks["neighbor"].items() if n == 0]
    s.hands[PM].update({f"neighbor.{c}": 1 for c in others})  # every other card in hand, the full one included
    for seed in range(5):
        assert solo.reveal_neighbor(s, random.Random(seed))[1] == "german_marches_partial"
    build(s, "santocum", "abbey")
    out = solo.neighbor_cycle(s, PM, Strategy(), random.Random(0))
    assert "santocum" in out.buildings and "neighbor.german_marches_full" not in out.hands[PM]  # blocked
    assert violations(out) == []

    class NoBlock(Strategy):
        def solo_neighbor_block(self, state, me, nb, pool, rng):
            return []

    out = solo.neighbor_cycle(s, PM, NoBlock(), random.Random(0))
    assert "santocum" not in out.buildings and controller(out, "santocum") == "german_marches"


def test_solo_division_on_two_of_the_players_empty_lands():
    # "Division: Place a Division Token on your 2 lands without units."
    s = bare(PM)
    put(s, "poznania", PM, prince=1)
    out = solo.solo_division(s, PM, Strategy(), random.Random(0))
    placed = out.division - s.division
    assert len(placed) == 2 and all(out.board.land(x).principality == PM and x not in out.units for x in placed)
    assert out.supply["division"] == s.supply["division"] - 2 and violations(out) == []


def test_solo_balt_raid_activates_prussians_then_lithuanians():
    # "Balt Raid: Activate the Prussians, then the Lithuanians. After activation, the Invaders return to their
    # designated positions/off the Map."
    s = bare(MAS)
    build(s, "wizna", "abbey")
    found_city(s, "cirscum")
    calls = []

    class Log(Strategy):
        def solo_activation_target(self, state, me, faction, group, level, lands):
            calls.append((faction, level))
            return solo.default_target(state, me, faction, group, level, lands)

    out = solo.solo_balt_raid(s, MAS, Log(), random.Random(0))
    assert calls == [("prussians", solo.PLAYER_BUILDING), ("lithuanians", solo.PLAYER_BUILDING)]
    assert "wizna" not in out.buildings and not out.cities.get("cirscum")  # Invaders destroy everything
    assert violations(out) == []


def test_solo_mongols_activate_4_times_and_weaken(monkeypatch):
    # "Mongol Invasion: Place 4 Tatars in the Rus' Duchies area (with each subsequent invasion, place 1 fewer), then
    # activate them 4 times in a row."
    s = bare(PMIN)
    groups = []
    real = solo.activate

    def spy(state, faction, group, *args, **kw):
        groups.append(sum(n for _, _, n in group))
        return real(state, faction, group, *args, **kw)

    monkeypatch.setattr(solo, "activate", spy)
    out = solo.solo_mongols(s, PMIN, Strategy(), random.Random(0))
    assert len(groups) == 4 and groups[0] == 4 and groups == sorted(groups, reverse=True)  # battles thin them
    assert out.mongol_waves == 1 and not out.units_of("cracovia", "mongols") and violations(out) == []
    groups.clear()
    solo.solo_mongols(out, PMIN, Strategy(), random.Random(0))
    assert groups[0] == 3 and len(groups) == 4


def test_solo_teutonic_knights():
    # "If you control a land with the Teutonic Knight symbol, you may summon the Teutonic Knights. If the Teutonic
    # Knights are already on the Map, activate them."
    s = bare(MAS)

    class Call(Strategy):
        def history_teutonic(self, state, me, rng):
            return True

    out = solo.solo_teutonic(s, MAS, Call(), random.Random(0))
    assert out.teutonic and out.units_of("terra_culmensis", "teutonic_knights") == {"knight": 2}
    assert solo.solo_teutonic(bare(PM), PM, Call(), random.Random(0)).teutonic is False  # not the player's land
    build(out, "naclum", "abbey")  # a Polonia Maior land: not the player's, so not option 1
    put(out, "cruswicia", MAS, footman=1)
    again = solo.solo_teutonic(out, MAS, Call(), random.Random(0))
    assert again.units_of("terra_culmensis", "teutonic_knights") == {"knight": 2}  # back home after the activation
    assert not again.units_of("cruswicia", MAS) and violations(again) == []


# --- conformance and the experiment ------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["random", "builder", "conqueror", "politician", "solo"])
def test_solo_games_finish_with_sound_states(spec):
    _, uses, params = resolve(spec)
    for seed, (player, difficulty) in enumerate(zip([PM, MAS, PMIN, SIL], solo.DIFFICULTIES * 2, strict=False)):

        def check(state, step):
            assert violations(state) == [], step

        o = solo.play_solo(player, make(uses, params), difficulty, random.Random(seed), strict=spec != "random",
                           on_action=check)  # fmt: skip
        assert o.rounds <= 6 and (o.won or o.lost_by in ("eliminated", "rounds"))
        assert o.illegal == 0 or spec == "random"


def test_unknown_difficulty_is_refused():
    with pytest.raises(IllegalAction):
        solo.play_solo(PM, Strategy(), "easy", random.Random(0))


def test_experiment_json_keys():
    from sim.experiments import run_experiment

    raw = {"game": "principes", "mode": "solo", "difficulties": ["normal", "legendary"],
           "principalities": [SIL, MAS], "strategies": ["solo", "builder"]}  # fmt: skip
    r = run_experiment(raw, games=8, seed=3)
    j = r.to_json()
    for key in ("games", "seed", "win_rate", "win_rate_ci95", "win_rate_by_principality",
                "win_rate_by_principality_ci95", "mean_score", "mean_score_ci95", "games_by_cell"):  # fmt: skip
        assert key in j
    assert j["games"] == 8 and j["seed"] == 3 and set(j["win_rate"]) == {"normal", "legendary"}
    assert set(j["win_rate_by_principality"]["normal"]) == {SIL, MAS}
    assert sum(j["games_by_cell"]["normal"].values()) == 4
    lo, hi = j["win_rate_ci95"]["normal"]
    assert lo <= j["win_rate"]["normal"] <= hi
    again = run_experiment(raw, games=8, seed=3, chunk=3).to_json()
    assert again["mean_score"] == j["mean_score"]  # chunking does not change the games


def test_experiment_rejects_bad_keys():
    from sim.games.principes.experiment import experiment_from_dict

    with pytest.raises(ConfigError):
        experiment_from_dict({"mode": "solo", "difficulties": ["easy"]}, "t")
    with pytest.raises(ConfigError):
        experiment_from_dict({"mode": "solo", "seats": ["builder"]}, "t")
    with pytest.raises(ConfigError):
        experiment_from_dict({"mode": "duel"}, "t")


def test_combined_actions_follow_each_revealed_token():
    # "Each time the player performs an Assembly, Movement, or Building Action, the corresponding action of the
    # non-player Principalities must also be resolved" (read: each revealed token, even if the player does nothing).
    class Idle(Recorder):
        def plan(self, state, me, rng):
            return ("assembly", "movement", "building")

    me = Idle()
    o = solo.play_solo(SIL, me, "normal", random.Random(2), strict=True)
    actions = [a for a, _ in me.log]
    assert o.rounds == 6 or o.lost_by == "eliminated"
    assert actions.count("building") == o.rounds  # a land to build on is always left
    assert {"assembly", "movement", "building"} >= set(actions)


def test_solo_plan_plays_support_cards_at_once():
    # "Court Cards may be played at any time during the game ... to advance by 1 position on the People or Clergy
    # Support Track": the solo plan does so at once, keeping 1 Neighbor Card to block the Neighbors.
    from sim.games.principes.game import cards

    s = bare(PM)
    for card, n in list(s.hands[PM].items()):
        for _ in range(n):
            cards.discard(s, PM, card)
    for card in ("court.people", "court.clergy", "neighbor.western_pomerania"):
        kind, symbol = card.split(".")
        s.decks[kind][symbol] -= 1
        s.hands[PM][card] = 1
    _, uses, params = resolve("solo")
    out = solo.support(s, PM, make(uses, params), random.Random(0))
    assert out.people[PM] == s.people[PM] + 1 and out.clergy[PM] == s.clergy[PM] + 1
    assert out.hands[PM] == {"neighbor.western_pomerania": 1} and violations(out) == []
    assert solo.support(s, PM, Strategy(), random.Random(0)) is s  # the multiplayer plans keep their cards


def test_a_winning_position_wins_at_the_players_council(monkeypatch):
    # "When these conditions are met, the player wins the game during the Council."
    start = winning()
    start.history = ()
    monkeypatch.setattr(solo, "new_solo_game", lambda *args, **kw: start.copy())
    _, uses, params = resolve("solo")
    o = solo.play_solo(PM, make(uses, params), "legendary", random.Random(0), strict=True)
    assert o.won and o.lost_by == "" and o.rounds == 1 and o.actions == 1 and o.final.crowned == PM
    lost = start.copy()
    lost.add_units(lost.board.capitals[SIL], PM, "footman", -1)
    lost.pool[PM]["footman"] += 1
    monkeypatch.setattr(solo, "new_solo_game", lambda *args, **kw: lost.copy())
    o = solo.play_solo(PM, make("politician", {}), "normal", random.Random(0), strict=True)
    assert not o.won and o.final.crowned is None  # 15 on every track but 3 Capitals: no crown at the Council


# --- the player's Princess (Solo Mode, Princess) -----------------------------------------------------------------


def test_solo_princess_never_goes_to_a_non_player_capital():
    # "In solo mode, the Princesses of non-player Principalities are not present. The player's Princess follows the
    # normal rules, except that she cannot be sent to the Capitals of non-player Principalities."
    from sim.games.principes.game import princesses

    s = solo.new_solo_game(MAS, random.Random(0), history=False, princesses_on=True)
    allowed = princesses.options(s, MAS)
    assert s.board.capitals[MAS] in allowed and set(allowed) - {s.board.capitals[MAS]} == set(princesses.neighbors())
    assert not any(s.board.capitals[p] in allowed for p in (PM, PMIN, SIL))


def test_a_married_neighbor_does_not_end_on_the_players_lands():
    # "A player with their Princess on a Neighbor's area cannot be invaded by that Neighbor's units."
    s = bare(PM)
    build(s, "santocum", "abbey")
    group = (("german_marches", "knight", 1), ("german_marches", "footman", 1))
    assert solo.options(s, "german_marches", group, PM) == (solo.PLAYER_BUILDING, ["santocum"])
    s.princesses[PM] = "german_marches"
    level, lands = solo.options(s, "german_marches", group, PM)
    assert level != solo.PLAYER_BUILDING and all(controller(s, x) != PM for x in lands)
    s.princesses[PM] = "kingdom_of_bohemia"  # married elsewhere: no immunity from the German Marches
    assert solo.options(s, "german_marches", group, PM) == (solo.PLAYER_BUILDING, ["santocum"])


@pytest.mark.parametrize("spec", ["random", "solo"])
def test_solo_games_with_the_princess_finish_with_sound_states(spec):
    _, uses, params = resolve(spec)
    sent = []
    for seed, player in enumerate([PM, MAS, PMIN, SIL]):

        def check(state, step):
            assert violations(state) == [], step
            assert all(a not in [state.board.capitals[p] for p in state.non_players] for a in state.princesses.values())
            sent.extend(state.princesses.values())

        o = solo.play_solo(player, make(uses, params), "normal", random.Random(seed), strict=spec != "random",
                           princesses_on=True, on_action=check)  # fmt: skip
        assert o.illegal == 0 or spec == "random"
    assert sent  # the Princess went on missions


def test_solo_experiment_princesses_key():
    from sim.experiments import run_experiment
    from sim.games.principes import solo_experiment

    raw = {"mode": "solo", "difficulties": ["normal"], "principalities": [PM]}
    assert not solo_experiment.experiment_from_dict(raw, "t.yaml").princesses
    assert solo_experiment.experiment_from_dict({**raw, "princesses": True}, "t.yaml").princesses
    on = run_experiment({"game": "principes", **raw, "princesses": True}, games=4, seed=3, workers=1)
    assert on.metrics["games_by_cell"]["normal"][PM] == 4
    with pytest.raises(ConfigError):
        solo_experiment.experiment_from_dict({**raw, "princesses": "yes"}, "t.yaml")


def test_solo_printed_tiles_use_one_copy_of_each():
    # "In solo mode, only half of the Progress tiles are used - ensuring that no duplicates are included."
    from sim.games.principes.game import tiles

    s = solo.new_solo_game(SIL, random.Random(2), history=False, printed_tiles=True)
    everything = list(s.market) + [t for stack in s.stacks.values() for t in stack]
    assert sorted(everything) == sorted(tiles.catalogue()) and "tiles" in s.variants and violations(s) == []


@pytest.mark.parametrize("spec", ["random", "solo"])
def test_solo_games_with_printed_tiles_and_the_princess_finish_with_sound_states(spec):
    _, uses, params = resolve(spec)
    taken = []
    for seed, player in enumerate([PM, MAS, PMIN, SIL]):

        def check(state, step, player=player):
            assert violations(state) == [], step
            taken.extend(state.tiles[player])

        o = solo.play_solo(player, make(uses, params), "hard", random.Random(seed), strict=spec != "random",
                           princesses_on=True, printed_tiles=True, on_action=check)  # fmt: skip
        assert o.illegal == 0 or spec == "random"
    assert all(not t.split(".")[1].isdigit() for t in taken)  # only printed tiles
    assert taken or spec == "solo"  # random play takes tiles (the solo plan ranks Progress last)


def test_solo_experiment_progress_key():
    from sim.games.principes import solo_experiment

    raw = {"mode": "solo", "difficulties": ["normal"], "principalities": [PM]}
    assert solo_experiment.experiment_from_dict({**raw, "progress": "tiles"}, "t.yaml").tiles
    assert not solo_experiment.experiment_from_dict(raw, "t.yaml").tiles
    with pytest.raises(ConfigError) as err:
        solo_experiment.experiment_from_dict({**raw, "progress": "printed"}, "t.yaml")
    assert err.value.key == "progress"
