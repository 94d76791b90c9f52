"""A battle on the map (Battle Order 1-10) through the reference battle ``sim.games.principes.reference``.

Dice come from the caller's ``random.Random``; the card phase is the reference's brute-force best play over
the symbols in hand (win, then fewest cards, then fewest own losses, then most enemy losses). Before Battle
and After Battle card texts are not modelled (part 2). Masovia rerolls its die (rules.yaml ``die_reroll`` times)
when, without cards, it would lose the battle; a holder of the Learning Chess tile then flips its die to the
opposite face when that turns the loss into a win; the attacker settles its die first (as the battle engine
assumes). Unit values, the die, shields, loot and the card rules come from rules.yaml (``state.rules.battle``).

Every battle adds to ``State.tally`` (the full-game battle statistics): battles, attacker wins and units toppled
on each side by kind (``KINDS``: ``battle_kind``), and every Battle Die roll by face (rerolls included).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.principes import reference
from sim.games.principes.game import cards, dynasty, effects, princesses
from sim.games.principes.game.control import controller
from sim.games.principes.game.state import UNITS, State, clamp_track
from sim.games.principes.rules import BLANK, COIN, SHIELD, SWORD, SYMBOLS

SYMBOL_NAMES = {SWORD: "sword", SHIELD: "shield", COIN: "coin", BLANK: "blank"}
KINDS = ("player", "neutral", "neighbor", "invader")  # battles by who fights: ``battle_kind``
TALLIES = ("battles", "attacker_wins", "attacker_lost", "defender_lost")  # ``State.tally``: "<tally>.<kind>"


@dataclass(frozen=True)
class BattleReport:
    land: str
    attacker: str
    defender: str
    winner: str  # the faction that won
    dice: tuple[str, str]  # final (attacker, defender) die faces
    toppled: dict[str, dict[str, int]]  # faction → unit kind → toppled
    cards_played: dict[str, tuple[int, int, int]]  # faction → (swords, shields, cards)


def is_player(state: State, faction: str) -> bool:
    return faction in state.board.principalities and faction not in state.eliminated | state.non_players


def site_shields(state: State, land: str) -> int:
    """The defender's bonus: each settlement counts (Gord 1, City 2; Western Pomerania has 2), Castle +2."""
    rb, spec = state.rules.battle, state.board.land(land)
    cities = state.cities.get(land, 0)
    per_settlement = [rb.site_shields["city"]] * cities + [rb.site_shields["gord"]] * (spec.gords - cities)
    settlements = sum(per_settlement) if rb.settlements_count_each else max(per_settlement)
    return settlements + (rb.castle_shields if state.buildings.get(land) == "castle" else 0)


def battle_kind(state: State, attacker: str, defender: str) -> str:
    """``invader`` when an Invader fights (History Cards), ``neighbor`` when Neighbor figures attack or a player
    attacks a major Neighbor's, ``player`` between two players, else ``neutral`` (a Pomerania defending its land, an
    eliminated player's or a non-player Principality's units)."""
    invaders = effects.invader_factions(state)
    if attacker in invaders or defender in invaders:
        return "invader"
    if attacker not in state.board.principalities or defender in effects.major_neighbors(state):
        return "neighbor"
    return "player" if is_player(state, attacker) and is_player(state, defender) else "neutral"


def _count(state: State, name: str, n: int = 1) -> None:
    """Add ``n`` to a tally (no entry for a count still 0: one state, one tally)."""
    if n:
        state.tally[name] = state.tally.get(name, 0) + n


def _roll(state: State, rng: random.Random) -> int:
    """One Battle Die roll, counted in the tally by face."""
    faces = state.rules.battle.die
    face = int(faces[rng.randrange(len(faces))])
    _count(state, f"die.{SYMBOLS[face]}")
    return face


def _battle_hand(state: State, faction: str) -> dict[str, int]:
    if not is_player(state, faction) and not state.rules.battle.neutral_use_cards:
        return {}  # neutral factions do not use Battle Cards
    hand = state.hands.get(faction, {})  # (neutral factions hold none)
    return {s: hand.get(f"battle.{s}", 0) for s in ("sword", "shield", "either")}


def _spend(state: State, faction: str, play: tuple[int, int, int]) -> None:
    """Take the cards of a play from the hand: dedicated symbols first, then sword-or-shield cards."""
    swords, shields, n = play
    if n == 0:
        return
    hand = _battle_hand(state, faction)
    used = {"sword": min(swords, hand["sword"]), "shield": min(shields, hand["shield"])}
    used["either"] = n - used["sword"] - used["shield"]
    for symbol, k in used.items():
        for _ in range(k):
            cards.discard(state, faction, f"battle.{symbol}")


def _outcome(rb, units_a, units_d, face_a, face_d, shields_d, play_a=(0, 0, 0), play_d=(0, 0, 0)):
    return reference.fight(
        units_a,
        units_d,
        (face_a == SWORD) + play_a[0],
        (face_a == SHIELD) + play_a[1],
        (face_d == SWORD) + play_d[0],
        shields_d + (face_d == SHIELD) + play_d[1],
        rb,
    )


def _flip(state: State, is_attacker: bool, units_a, units_d, face_a: int, face_d: int, shields_d: int):
    """Learning Chess: the side flips its die to the opposite face when, without cards, its die loses the battle
    and the opposite face wins it. Returns the (attacker, defender) faces."""
    rb = state.rules.battle
    mine = face_a if is_attacker else face_d
    flipped = int(rb.opposite[list(rb.die).index(mine)])
    side = "attacker" if is_attacker else "defender"
    if _outcome(rb, units_a, units_d, face_a, face_d, shields_d)[0] == side:
        return face_a, face_d
    trial = (flipped, face_d) if is_attacker else (face_a, flipped)
    return trial if _outcome(rb, units_a, units_d, *trial, shields_d)[0] == side else (face_a, face_d)


def _loot(state: State, taker: str, victim: str) -> None:
    """A coin: the side steals 1 gold; neutral forces take from / give to the general pool."""
    gold = state.rules.battle.coin_gold
    if not is_player(state, taker) and not is_player(state, victim) and state.rules.battle.neutral_loot_ignored:
        return  # two neutral forces: the coin is ignored
    if is_player(state, victim):
        taken = min(gold, state.gold[victim])
        state.gold[victim] -= taken
    else:
        taken = min(gold, state.gold_in_supply())
    if is_player(state, taker):
        state.gold[taker] += taken


TEUTONIC = "teutonic_knights"
RETREAT_TO_EMPTY = ("mongols",)  # Mongol Invasion: "withdraw them to a land without any units or tokens"


def home_land(state: State, faction: str) -> str | None:
    """The land a neutral faction holds like a Pomerania (its units leave the Map when beaten there and come back
    once it empties): a Pomerania's own land, and the symbol land for the Teutonic Knights."""
    if faction in state.board.pomerania_units:
        return faction
    if faction == TEUTONIC:
        return next(land.id for land in state.board.lands if land.teutonic_symbol)
    return None


def send_home(state: State, pomerania: str, kind: str, n: int) -> None:
    """A Pomerania's figures removed away from its land (Neighbors) go back to their spots on it, or wait off the
    Map while foreign units hold it (mutates ``state``)."""
    land = home_land(state, pomerania)
    if all(f == pomerania for f in state.factions_on(land)):
        state.add_units(land, pomerania, kind, n)
    else:
        off = state.pomerania_off.setdefault(pomerania, {})
        off[kind] = off.get(kind, 0) + n


def empty_land(state: State, land: str) -> bool:
    """No units and no tokens (City, building or Division Token)."""
    return (
        land not in state.units
        and not state.cities.get(land)
        and land not in state.buildings
        and (land not in state.division)
    )


def withdraw_options(state: State, land: str, loser: str) -> list[str]:
    adjacent = state.board.land(land).adjacent
    if loser in RETREAT_TO_EMPTY:  # "as if it were a land controlled by the Mongols"
        return sorted(a for a in adjacent if empty_land(state, a) or state.factions_on(a) == [loser])
    return sorted(a for a in adjacent if controller(state, a) == loser)


def _withdraw_land(state: State, land: str, loser: str, choice: str | None) -> str | None:
    options = withdraw_options(state, land, loser)
    if choice is not None and choice in options:
        return choice
    return options[0] if options else None


def battle(
    state: State, land: str, attacker: str, rng: random.Random, withdraw_to: str | None = None
) -> tuple[State, BattleReport]:
    """Fight the battle on ``land`` between ``attacker`` and the other faction there; returns the new state."""
    out = state.copy()
    defender = next(f for f in out.factions_on(land) if f != attacker)
    units_a, units_d = dict(out.units_of(land, attacker)), dict(out.units_of(land, defender))
    shields_d = site_shields(out, land)
    rb = out.rules.battle
    face_a, face_d = _roll(out, rng), _roll(out, rng)
    # With the Wind: reroll a losing die (rules.yaml die_reroll times), attacker first
    for side in (attacker, defender):
        for _ in range(rb.rerolls.get(side, 0) if is_player(out, side) else 0):
            winner = _outcome(rb, units_a, units_d, face_a, face_d, shields_d)[0]
            if (winner == "attacker") == (side == attacker):
                break
            if side == attacker:
                face_a = _roll(out, rng)
            else:
                face_d = _roll(out, rng)
        if effects.flips(out, side) and is_player(out, side):  # Learning Chess: flip a losing die when that wins
            face_a, face_d = _flip(out, side == attacker, units_a, units_d, face_a, face_d, shields_d)
    if face_a == COIN:
        _loot(out, attacker, defender)
    if face_d == COIN:
        _loot(out, defender, attacker)
    base = ((face_a == SWORD), (face_a == SHIELD), (face_d == SWORD), shields_d + (face_d == SHIELD))
    hand_a, hand_d = _battle_hand(out, attacker), _battle_hand(out, defender)
    play_a, play_d = reference.play_cards(units_a, units_d, base, hand_a, hand_d, rb)
    _spend(out, attacker, play_a)
    _spend(out, defender, play_d)
    result, figs_a, figs_d = _outcome(rb, units_a, units_d, face_a, face_d, shields_d, play_a, play_d)
    winner, loser = (attacker, defender) if result == "attacker" else (defender, attacker)
    toppled = {
        attacker: {k: sum(f.toppled and f.kind == k for f in figs_a) for k in UNITS},
        defender: {k: sum(f.toppled and f.kind == k for f in figs_d) for k in UNITS},
    }
    how = battle_kind(out, attacker, defender)
    _count(out, f"battles.{how}")
    _count(out, f"attacker_wins.{how}", winner == attacker)
    _count(out, f"attacker_lost.{how}", sum(toppled[attacker].values()))
    _count(out, f"defender_lost.{how}", sum(toppled[defender].values()))
    homed = home_land(out, defender) == land  # a Pomerania (or the Teutonic Knights) defending its own land
    pomerania_defeated = homed and loser == defender  # "removed from the Map" until foreigners leave
    dead_princes = []
    for side in (attacker, defender):
        if side == defender and homed and not pomerania_defeated:
            continue  # a Pomerania's toppled units go back to their designated spots on the same land
        for kind, n in toppled[side].items():
            if n:
                out.add_units(land, side, kind, -n)
                if side in out.pool:  # a Principality's figures, an eliminated one's included, go off the Map
                    out.pool[side][kind] += n
                    dead_princes += [side] * (kind == "prince" and is_player(out, side))
                elif side == defender and homed:
                    off = out.pomerania_off.setdefault(side, {})
                    off[kind] = off.get(kind, 0) + n
                elif side in out.board.pomerania_units:  # moved off its land by a Neighbor Card
                    send_home(out, side, kind, n)
                # an Invader's toppled figures just leave the Map: the History event puts them back; a major
                # Neighbor's go back to its off-map spots (counted as its figures not on the Map)
    standing = dict(out.units_of(land, loser))
    if standing:
        target = None if pomerania_defeated else _withdraw_land(out, land, loser, withdraw_to)
        for kind, n in standing.items():
            out.add_units(land, loser, kind, -n)
            if target is not None:
                out.add_units(target, loser, kind, n)
            elif loser in out.pool:
                out.pool[loser][kind] += n  # nowhere to withdraw: removed
                dead_princes += [loser] * (kind == "prince" and is_player(out, loser))
            elif homed and loser == defender:
                off = out.pomerania_off.setdefault(loser, {})
                off[kind] = off.get(kind, 0) + n
            elif loser in out.board.pomerania_units:
                send_home(out, loser, kind, n)
    for side, delta in ((winner, 1), (loser, -1)):  # People's Favor
        if is_player(out, side):
            key = "winner_people" if delta > 0 else "loser_people"
            out.people[side] = clamp_track(out.people[side] + delta * out.rules.values["battle"][key], out.rules)
    for side in dead_princes:
        dynasty.prince_died(out, side)
    for side in (attacker, defender):  # 2-3 players: a non-player Prince removed respawns on one of his lands
        if side in out.non_players and out.pool[side].get("prince", 0) and "solo" not in out.variants:
            dynasty.respawn(out, side)
    if out.princesses:  # a Princess on the land may be removed by the battle
        princesses.after_battle(out, land, winner)
    for side in (attacker, defender):  # Battle Order 10: each player who fought draws a Battle Card
        if is_player(out, side):
            for _ in range(out.rules.values["battle"]["cards_drawn"]):
                cards.draw_into(out, side, "battle", rng)
            out = cards.enforce_hand_limit(out, side)
    report = BattleReport(
        land=land,
        attacker=attacker,
        defender=defender,
        winner=winner,
        dice=(SYMBOL_NAMES[face_a], SYMBOL_NAMES[face_d]),
        toppled=toppled,
        cards_played={attacker: play_a, defender: play_d},
    )
    return out, report
