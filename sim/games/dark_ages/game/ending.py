"""End-of-game triggers and final scoring (Ending the Game)."""

from __future__ import annotations

from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.counting import count, level3_technologies
from sim.games.dark_ages.game.economy import effects
from sim.games.dark_ages.game.state import Game
from sim.games.dark_ages.scoring import EndPosition, final_score

TRIGGERS = ("cities", "churches", "culture_track", "technologies", "deck", "turn_cap", "war_tokens")
IN_GAME = ("church", "barbarians", "title_claims", "capital_raids", "cognomens", "cards")


def trigger(game: Game) -> str | None:
    """Checked 'At the end of each player's turn'; the first condition met names the trigger."""
    end = game.ctx.rules["end_triggers"]
    if game.cities_left <= 0:
        return "cities"
    if game.churches_built >= end["church"][game.n]:
        return "churches"
    if any(p.culture >= game.ctx.tracks.culture_last for p in game.players):
        return "culture_track"
    if any(level3_technologies(game, p.seat) >= end["level3_technologies"] for p in game.players):
        return "technologies"
    if game.deck_ran_out:
        return "deck"
    if game.mods:  # module hook point (Module 9: the last War token)
        return hooks.end_trigger(game)
    return None


def end_position(game: Game, seat: int) -> EndPosition:
    p = game.players[seat]
    return EndPosition(
        controlled=frozenset(game.controlled(seat)),
        city_buildings={q: game.slots_used(q) for q in game.cities},
        keeps=dict(game.keeps),
        culture_position=p.culture,
        warehouses=p.warehouses,
        farms_off_track=p.farms_off,
        titles=tuple(sorted(p.titles)),
        gold=p.gold,
        technologies=dict(p.techs),
    )


def score(game: Game, seat: int) -> dict[str, int]:
    """Final scoring by category (scoring.py), plus the Technologies' own 'end_vp' conditions and the VP scored
    during the game by source (in solo, the VP the Raiders took when they found no target); ``total`` is the sum."""
    ctx = game.ctx
    parts = final_score(ctx.board, ctx.tracks, ctx.deck, ctx.rules.values, end_position(game, seat))
    parts.pop("total")
    parts["technology_bonus"] = sum(
        e["vp"] * count(game, seat, e["per"]) for e in effects(game, game.players[seat], "end_vp")
    )
    for source in IN_GAME:
        parts[source] = game.players[seat].vp_by.get(source, 0)
    if game.solo is not None:  # Module 1: "If the Target marker is on your Ruler card, you lose 5 VP"
        parts["raiders"] = game.players[seat].vp_by.get("raiders", 0)
    if game.mods:  # module hook point: VP from modules, in-game (Travels of Benjamin) and at the end (the Pope)
        parts["modules"] = game.players[seat].vp_by.get("modules", 0) + hooks.final_vp(game, seat)
    parts["total"] = sum(parts.values())
    return parts


def winners(totals: list[int]) -> list[int]:
    """'The player with the most VP wins. In case of a tie, players share victory.'"""
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]
