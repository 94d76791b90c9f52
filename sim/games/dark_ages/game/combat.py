"""Battles inside a game: armies from the position, dice from the game's own stream, the plain-Python engine.

``sim.games.dark_ages.reference.fight`` resolves the Battle Sequence; this module builds its armies (units at their
Military Technology level, Farm and City Transients, Keep bonuses, Barbarian trophy Transients) and applies the
Battle's outcome to the position (retreats, Farms and Revanchism, Capital raids, trophies and rewards).
"""

from __future__ import annotations

from sim.games.dark_ages.army import Army, Battle, Group, Variant
from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.battle_sequence import NONE, effects_from_cards, fight
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES
from sim.games.dark_ages.game.economy import effects, gain_culture, gain_vp
from sim.games.dark_ages.game.state import Game, add_units
from sim.games.dark_ages.upkeep import army_limit

REINFORCE = "raider_reinforce"  # the solo Reinforce card's id (see solo_setup)
POLICY = "solo"  # hits are assigned by the roller with the rulebook's solo priority list (assumed for AI players)


def _groups(game: Game, faction: str, levels: dict[str, int], own: dict[str, int], extra: list[str]) -> tuple:
    stats = game.ctx.battle.stats[faction]
    out = []
    for transient, counts in ((False, own), (True, {k: extra.count(k) for k in UNIT_TYPES})):
        for kind in UNIT_TYPES:
            n = counts.get(kind, 0)
            if n:
                s = stats[kind][levels[kind]]
                out.append(Group(kind, s.level, transient, n, s.thresholds, s.armour))
    return tuple(out)


def _keep_bonus(game: Game, seat: int, province: str, include_contested: bool) -> int:
    """'For each level of Keep the rolling player has in the contested Province or any neighbouring Province'."""
    cells = list(game.ctx.neighbours[province]) + ([province] if include_contested else [])
    levels = sum(game.keeps.get(q, 0) for q in cells if q in game.keeps and game.controller(q) == seat)
    return min(levels * game.ctx.battle.keep_bonus, game.ctx.battle.max_neighbour_keeps)


def _card_effects(game: Game, seat: int | None):
    if seat is None:  # Barbarians have no Technologies
        return NONE
    p = game.players[seat]
    cards = [e for kind in ("battle_die", "battle_hit", "battle_cancel") for e in effects(game, p, kind)]
    if game.mods:  # module hook point (Module 9: a played Combat card's benefits)
        cards += hooks.battle_effects(game, seat)
    return effects_from_cards(cards)


class CountedDice:
    """The game's stream, counting the battle dice it rolls (``randint(1, faces)``) into the battle log."""

    def __init__(self, rng, faces: int, counts: list[int]):
        self.rng, self.faces, self.counts = rng, faces, counts

    def randint(self, a: int, b: int) -> int:
        value = self.rng.randint(a, b)
        if (a, b) == (1, self.faces):
            self.counts[value - 1] += 1
        return value

    def __getattr__(self, name):
        return getattr(self.rng, name)


def _resolve(game: Game, attacker: Army, defender: Army, seats: tuple[int | None, int | None], kind: str) -> dict:
    """One battle of ``kind`` (``state.BATTLE_KINDS``), recorded in the battle log; a player holding a Reinforce
    card (solo) plays it where it turns a miss into a hit."""
    rules = game.ctx.battle
    variant = Variant("game", 1, (attacker, defender), 0, "")
    cards = tuple(s is not None and REINFORCE in game.players[s].hand for s in seats)
    battle = Battle((variant,), (POLICY, POLICY), cards, 0, rules.attacker_wins_ties, rules.reinforce_bonus)
    mods = (_card_effects(game, seats[0]), _card_effects(game, seats[1]))
    dice = CountedDice(game.rng, rules.faces, game.battles.dice)
    out = fight(battle, variant, rules.faces, dice, mods)
    for s, used in zip(seats, out.get("reinforce_used", (False, False)), strict=True):
        if used:
            game.players[s].hand.remove(REINFORCE)
    game.battles.record(kind, out["win"], tuple(_lost(army, out, side) for side, army in enumerate(variant.armies)))
    return out


def _lost(army: Army, out: dict, side: int) -> int:
    """Non-Transient units of ``army`` that died: those that fought less those that survived."""
    fought = sum(g.count for g in army.groups if not g.transient)
    return fought - sum(1 for _, transient in out["survivors"][side] if not transient)


def _survivors(out: dict, side: int) -> dict[str, int]:
    alive: dict[str, int] = {}
    for kind, transient in out["survivors"][side]:
        if not transient:
            alive[kind] = alive.get(kind, 0) + 1
    return alive


def _return_dead(game: Game, seat: int, sent: dict[str, int], alive: dict[str, int]) -> None:
    p = game.players[seat]
    for kind, n in sent.items():
        p.supply[kind] += n - alive.get(kind, 0)


def _place(game: Game, seat: int, province: str, units: dict[str, int]) -> None:
    for kind, n in units.items():
        if n:
            add_units(game.players[seat], province, kind, n)


def attack_barbarians(game: Game, seat: int, src: str, dst: str, group: dict[str, int]) -> bool:
    """Battle Against Barbarians; the group has already left ``src``. Returns whether the attacker won."""
    p = game.players[seat]
    rules = game.ctx.battle
    token = game.ctx.tokens[game.barbarians[dst]]
    extra = list(rules.trophy_units[min(p.trophies, len(rules.trophy_units) - 1)])
    if game.solo is not None and game.solo.has("barbarians_cumulative"):
        # 'After collecting two Barbarian Trophies, every future Barbarian has +1 Infantry (not just the second one)'
        extra = [k for row in rules.trophy_units[1 : p.trophies + 1] for k in row]
    extra += game.barbarian_extra.get(dst, [])  # Raider units left behind with the token (Module 1)
    levels = {k: rules.barbarian_level for k in UNIT_TYPES}
    attacker = Army(_groups(game, "player", p.military, group, []), _keep_bonus(game, seat, dst, False), 0)
    defender = Army(_groups(game, "raider", levels, token.units, extra), 0, 0)
    if game.mods:  # module hook point (Module 6: a Commander present at the battle)
        hooks.emit(game, "battle_begun", (seat, None), dst)
    out = _resolve(game, attacker, defender, (seat, None), "barbarian")
    alive = _survivors(out, 0)
    _return_dead(game, seat, group, alive)
    if game.mods:  # module hook point (Module 10: a Campaign's battle)
        hooks.emit(game, "battle_won", seat, dst, bool(out["win"]))
    if not out["win"]:
        _retreat_attacker(game, seat, src, dst, alive)
        return False
    del game.barbarians[dst]
    game.barbarian_extra.pop(dst, None)
    gain_vp(p, rules.trophy_vp[min(p.trophies, len(rules.trophy_vp) - 1)], "barbarians")
    p.trophies += 1
    _reward(game, seat, token)
    _place(game, seat, dst, alive)  # a win with no unit left leaves the Province empty and uncontrolled
    return True


def _reward(game: Game, seat: int, token) -> None:
    p = game.players[seat]
    kind, amount = token.reward_kind, token.reward_amount
    if kind == "gold":
        p.gold += amount
    elif kind == "resource":
        for _ in range(amount):
            p.res[p.strategy.pick_resource(game, seat)] += 1
    elif kind == "culture":
        gain_culture(game, p, amount)
    elif kind == "vp":
        gain_vp(p, token.reward_vp, "barbarians")
    elif kind == "take_another_turn":
        game.extra_turn = True
    else:
        raise ValueError(f"unknown Barbarian reward {kind!r}")


def attack_player(game: Game, seat: int, src: str, dst: str, group: dict[str, int], defender_seat: int) -> bool:
    """Battle Against an Opponent; the group has already left ``src``. Returns whether the attacker won."""
    p, d = game.players[seat], game.players[defender_seat]
    if game.mods:  # module hook point (Module 5, breaking an Alliance)
        hooks.emit(game, "battle_started", seat, defender_seat)
    rules = game.ctx.battle
    farms = game.farms.get(dst, (defender_seat, 0))[1]
    extra = [rules.farm_transient] * farms + ([rules.city_transient] if dst in game.cities else [])
    keep = game.keeps.get(dst, 0)
    defending = dict(d.units.get(dst, {}))
    attacker = Army(_groups(game, "player", p.military, group, []), _keep_bonus(game, seat, dst, False), 0)
    if game.mods:  # module hook point (Module 3: a defensive Grand Building adds to the Battle Result)
        keep += hooks.bonus(game, "defence_bonus", defender_seat, dst)
    defender = Army(
        _groups(game, d.faction, d.military, defending, extra), _keep_bonus(game, defender_seat, dst, True), keep
    )
    if game.mods:  # module hook point (Module 6: Commanders present at the battle)
        hooks.emit(game, "battle_begun", (seat, defender_seat), dst)
    kind = "lordling" if d.faction == "lordling" else "player"
    out = _resolve(game, attacker, defender, (seat, defender_seat), kind)
    if game.mods:  # module hook point (Module 9: War tokens and Reclaim bonuses; Module 10: a Campaign's battle)
        hooks.emit(game, "battle_ended", seat, defender_seat, bool(out["win"]))
        hooks.emit(game, "battle_won", seat, dst, bool(out["win"]))
    alive, held = _survivors(out, 0), _survivors(out, 1)
    _return_dead(game, seat, group, alive)
    d.units.pop(dst, None)
    _return_dead(game, defender_seat, defending, held)
    capital = dst == d.capital
    if not out["win"] or capital:
        _place(game, defender_seat, dst, held)
        if out["win"]:
            _place(game, seat, src, alive)
        else:
            _retreat_attacker(game, seat, src, dst, alive)
        if out["win"]:
            _raid_capital(game, seat, defender_seat)
            if game.mods:  # module hook point (Module 11, Tribute)
                hooks.emit(game, "capital_won", seat, defender_seat)
        return bool(out["win"])
    retreat(game, defender_seat, dst, held)
    if farms:
        lose_farms(game, defender_seat, dst)
    _place(game, seat, dst, alive)
    return True


def _retreat_attacker(game: Game, seat: int, src: str, dst: str, alive: dict[str, int]) -> None:
    """A beaten attacker goes back where it came from; after a distant Campaign (Module 10) elsewhere, or dies."""
    back = hooks.attacker_retreat(game, seat, src, dst) if game.mods else src
    if back is None:
        for kind, n in alive.items():
            game.players[seat].supply[kind] += n
    else:
        _place(game, seat, back, alive)


def lose_farms(game: Game, seat: int, province: str) -> None:
    """'Return each opponent-owned Farm to the rightmost empty space of their Farm track' and Revanchism: a free
    Infantry in the Capital per Farm; the Lordlings place it next to the lost Province instead (fewest units)."""
    d = game.players[seat]
    farms = game.farms.pop(province)[1]
    d.farms_off -= farms
    for _ in range(farms):
        home = d.capital
        if home is None:
            near = [q for q in game.ctx.neighbours[province] if q in game.in_play and game.controller(q) == seat]
            home = _fewest(game, seat, near)
        if home is not None and d.supply["infantry"] > 0:
            d.supply["infantry"] -= 1
            add_units(d, home, "infantry")


def _fewest(game: Game, seat: int, places: list[str]) -> str | None:
    """The Lordlings' choice: fewest units, ties at random."""
    if not places:
        return None
    p = game.players[seat]
    low = min(sum(p.units.get(q, {}).values()) for q in places)
    return game.rng.choice(sorted(q for q in places if sum(p.units.get(q, {}).values()) == low))


def retreat(game: Game, seat: int, lost: str, units: dict[str, int]) -> None:
    """'retreat their surviving (non-Transient) units to a neighbouring Province they control. If no such Province
    exists, all of their units are killed'. Among several, a player picks the one holding most of their units
    (assumed); the Lordlings the one with fewest, ties at random (Module 1)."""
    if not units:
        return
    p = game.players[seat]
    places = [q for q in game.ctx.neighbours[lost] if q in game.in_play and game.controller(q) == seat]
    if not places:
        for kind, n in units.items():
            p.supply[kind] += n
        return
    if p.faction == "lordling":
        best = _fewest(game, seat, places)
    else:
        best = max(places, key=lambda q: (sum(p.units.get(q, {}).values()), q))
    _place(game, seat, best, units)


def _raid_capital(game: Game, seat: int, defender_seat: int) -> None:
    """Winning in a Capital: 'Steal 1 Gold or a resource of your choice' (``battle.capital_theft`` times: Gold
    while the defender has some, else their most plentiful resource), score the defender's Army limit, go home."""
    p, d = game.players[seat], game.players[defender_seat]
    for _ in range(game.ctx.battle.capital_theft):
        if d.gold > 0:
            d.gold -= 1
            p.gold += 1
        else:
            richest = max(RESOURCES, key=lambda r: d.res[r])
            if d.res[richest] > 0:
                d.res[richest] -= 1
                p.res[richest] += 1
    gain_vp(p, army_limit(game.ctx.tracks, d.farms_off), "capital_raids")
