"""Playing a solo game (Module 1): the Lordlings and the player alternate, the Lordlings first; Raid counterattacks
replace a player's Noble action; the solo end triggers, the final round without Raider attacks, the Raiders'
closing attack, and the Lordlings' scoring. The player wins with strictly more VP."""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.dark_ages.game import hooks, lordlings, raiders
from sim.games.dark_ages.game.counting import level3_technologies
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.loop import MAX_TURNS, react, take_turn
from sim.games.dark_ages.game.passing import do_pass
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS
from sim.games.dark_ages.game.state import Game
from sim.games.dark_ages.scoring import culture_vp, farm_vp, keep_vp, title_vp

SOLO_TRIGGERS = ("cities", "churches", "culture_track", "technologies", "deck", "lordling_upgrades", "turn_cap")


@dataclass
class SoloOutcome:
    player: dict[str, int]  # the player's VP by category
    lordlings: dict[str, int]
    won: bool  # 'If you have more VP than the Lordlings, you win the game'
    trigger: str
    turns: int
    passes: int
    raider_attacks: int
    battles: object = None  # the game's state.BattleLog


def trigger(game: Game) -> str | None:
    solo = game.solo
    me = game.players[LORDLINGS]
    if game.cities_left <= 0:
        return "cities"
    if game.churches_built >= solo.rules["lordlings"]["end_churches"]:  # 'The 7th Church is built'
        return "churches"
    if any(p.culture >= game.ctx.tracks.culture_last for p in game.players):
        return "culture_track"
    if level3_technologies(game, HUMAN) >= game.ctx.rules["end_triggers"]["level3_technologies"]:
        return "technologies"
    if game.deck_ran_out:
        return "deck"
    if solo.techs + sum(level - 1 for level in me.military.values()) >= solo.rules["lordlings"]["end_upgrades"]:
        return "lordling_upgrades"
    return None


def lordling_score(game: Game) -> dict[str, int]:
    solo = game.solo
    me = game.players[LORDLINGS]
    mine = game.controlled(LORDLINGS)
    easier = solo.has("lordling_tech_1vp")
    per_tech = solo.rules["difficulty"]["tech_end_vp_easier"] if easier else solo.rules["lordlings"]["tech_end_vp"]
    parts = {
        "technologies": per_tech * solo.techs,
        "keeps": keep_vp(game.ctx.board, game.keeps, mine, solo.rules["lordlings"]["keep_vp_per_level_per_neighbour"]),
        "culture": culture_vp(game.ctx.tracks, me.culture),
        "farms": farm_vp(game.ctx.tracks, me.farms_off),
        "titles": title_vp(game.ctx.board, me.titles),
        **{k: v for k, v in me.vp_by.items()},
    }
    if game.mods:  # module VP: in-game (Travels of Benjamin) and at the end (the Pope's 5 VP)
        parts["modules"] = parts.get("modules", 0) + hooks.final_vp(game, LORDLINGS)
    parts["total"] = sum(parts.values())
    return parts


def _end(game: Game, why: str) -> None:
    """'perform a Pass action both for yourself and the Lordlings', then play until both Pass once more."""
    game.end_trigger = why
    solo = game.solo
    if solo.has("raiders_attack_at_trigger"):
        raiders.attack(game, forced=True)
        solo.raided_at_end = True
    solo.raids_off = True
    do_pass(game, HUMAN, cycle=False, end_bonus=True)
    lordlings.do_pass(game, cycle=False)


def _lordling_turn(game: Game, check) -> None:
    result = lordlings.turn(game)
    if result is not None:
        lordlings.do_pass(game, rush=result == "rush", final=game.end_trigger is not None)
    else:
        react(game, check)


def _player_turn(game: Game, check) -> None:
    human = game.players[HUMAN]
    places = raiders.counterattack_options(game)
    src = human.strategy.counterattack(game, HUMAN, places) if places else None
    if src is not None:  # 'played on your turn instead of placing a Noble disc'
        raiders.counterattack(game, src)
    else:
        take_turn(game, HUMAN, check)


def play_solo(game: Game, check=None, max_turns: int = MAX_TURNS) -> SoloOutcome:
    seat = game.current
    while not all(p.finished for p in game.players):
        if game.turns >= max_turns:
            game.end_trigger = "turn_cap"
            break
        if seat == LORDLINGS:
            _lordling_turn(game, check)
        else:
            _player_turn(game, check)
        if check:
            check(game)
        game.turns += 1
        if game.end_trigger is None:
            why = trigger(game)
            if why is not None:
                _end(game, why)
        if seat == HUMAN and game.extra_turn and not game.players[HUMAN].finished:
            continue
        other = 1 - seat
        if not game.players[other].finished:
            seat = other
    if not game.solo.raided_at_end:  # 'Once the game is over, the Raiders automatically attack'
        raiders.attack(game, forced=True)
    if game.mods:  # module hook point: before final scoring
        hooks.emit(game, "game_over")
    player, lords = score(game, HUMAN), lordling_score(game)
    return SoloOutcome(
        player=player,
        lordlings=lords,
        won=player["total"] > lords["total"],
        trigger=game.end_trigger or "turn_cap",
        turns=game.turns,
        passes=sum(p.passes for p in game.players),
        raider_attacks=game.solo.raider_attacks,
        battles=game.battles,
    )
