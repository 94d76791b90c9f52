"""Module 1 Raiders: Raider cards revealed into and discarded from the offer, the Raiding Party, its attacks on
the player's Provinces and the player's counterattacks with a Raid card."""

from __future__ import annotations

from sim.games.dark_ages.army import Army
from sim.games.dark_ages.game import combat, hooks
from sim.games.dark_ages.game.context import UNIT_TYPES
from sim.games.dark_ages.game.economy import gain_vp
from sim.games.dark_ages.game.military import upkeep
from sim.games.dark_ages.game.solo_state import HUMAN
from sim.games.dark_ages.game.state import Game, add_units

RAIDER_CARDS = ("reinforce", "raid", "surprise")


def kind_of(card: str) -> str | None:
    """Raider cards are ids ``raider_<kind>`` (several copies share an id)."""
    return card[7:] if card.startswith("raider_") else None


def d20(game: Game) -> int:
    """'If any effect instructs you to pick randomly, use the 20-sided die' (solo.yaml lordlings.die)."""
    return game.rng.randint(1, game.solo.rules["lordlings"]["die"])


def rolled_type(game: Game) -> str:
    """Upgrading Unit Types: 1-8 Infantry, 9-15 Cavalry, 16-20 Archer (solo.yaml raiders.upgrade_roll)."""
    roll = d20(game)
    for up_to, kind in game.solo.rules["raiders"]["upgrade_roll"]:
        if roll <= up_to:
            return kind
    return game.solo.rules["raiders"]["upgrade_roll"][-1][1]


def upgrade_raider(game: Game) -> None:
    solo = game.solo
    kind = rolled_type(game)
    solo.raider_levels[kind] = min(solo.raider_levels[kind] + 1, game.ctx.battle.max_level("raider"))


def draw_tokens(game: Game, n: int) -> None:
    """Tokens onto the Raiding Party, unit side up; none once the pool is empty (assumed)."""
    solo = game.solo
    for _ in range(n):
        if solo.token_pool:
            t = solo.token_pool.pop()
            solo.party_tokens.append(t)
            for kind, k in game.ctx.tokens[t].units.items():
                solo.party += [kind] * k


def disband(game: Game) -> None:
    """Discard the Raiding Party; its tokens go back to the pool (assumed: 'discard' returns them to the bag)."""
    solo = game.solo
    solo.token_pool = solo.party_tokens + solo.token_pool
    solo.party_tokens, solo.party = [], []


def ensure_target(game: Game) -> None:
    """'If you lose control of the Province with the Target marker, select a new Target'; with only the Capital
    the marker goes back to the Ruler card (None)."""
    solo = game.solo
    if solo.target is None or game.controller(solo.target) != HUMAN:
        pick_target(game)


def pick_target(game: Game) -> None:
    human = game.players[HUMAN]
    places = sorted(game.controlled(HUMAN) - {human.capital})
    game.solo.target = game.rng.choice(places) if places else None


def revealed(game: Game, card: str) -> None:
    kind = kind_of(card)
    if kind is None:
        return
    solo = game.solo
    if solo.target is None:  # 'Whenever any Raider card is revealed and the Target marker is on your Ruler card'
        pick_target(game)
    effect = solo.rules["raiders"]["reveal"][kind]
    if kind == "surprise":  # 'Surprise is immediately removed (and its space refilled)'
        game.offer.remove(card)
        if game.deck:
            game.offer.append(game.deck.pop(0))
            if not game.deck:
                game.deck_ran_out = True
            _apply(game, effect)
            revealed(game, game.offer[-1])
            return
    _apply(game, effect)


def discarded(game: Game, card: str) -> None:
    """A Raider card leaving the offer without the player taking it: its discard penalty."""
    kind = kind_of(card)
    if kind is not None and kind in game.solo.rules["raiders"]["discard"]:
        _apply(game, game.solo.rules["raiders"]["discard"][kind])


def _apply(game: Game, effect: str) -> None:
    if effect == "add":  # 'roll and instead of upgrading a unit, add a miniature of that type'
        game.solo.party.append(rolled_type(game))
    elif effect == "upgrade":
        upgrade_raider(game)
    elif effect == "attack":
        attack(game)
    else:
        raise ValueError(f"unknown Raider effect {effect!r}")


def _party_army(game: Game, melee_bonus: int = 0) -> Army:
    counts = {k: game.solo.party.count(k) for k in UNIT_TYPES}
    return Army(combat._groups(game, "raider", game.solo.raider_levels, counts, []), melee_bonus, 0)


def attack(game: Game, forced: bool = False) -> None:
    """Raiders Attack: 5 VP lost with no target; else the target (1-15) or a neighbour of it (16-20)."""
    solo = game.solo
    if solo.raids_off and not forced:
        return
    ensure_target(game)
    human = game.players[HUMAN]
    solo.raider_attacks += 1
    if solo.target is None:
        gain_vp(human, -solo.rules["raiders"]["no_target_vp_loss"], "raiders")
        return
    where = solo.target
    if d20(game) >= solo.rules["raiders"]["attack_neighbour_from"]:
        near = [q for q in game.ctx.neighbours[where] if game.controller(q) == HUMAN and q != human.capital]
        if near:
            low = min(sum(human.units.get(q, {}).values()) for q in near)
            where = sorted(q for q in near if sum(human.units.get(q, {}).values()) == low)[0]
    if solo.party:
        _fight_raid(game, where)
    draw_tokens(game, solo.rules["raiders"]["new_tokens_after_attack"])


def _fight_raid(game: Game, where: str) -> None:
    solo = game.solo
    human = game.players[HUMAN]
    rules = game.ctx.battle
    farms = game.farms.get(where, (HUMAN, 0))[1]
    extra = [rules.farm_transient] * farms + ([rules.city_transient] if where in game.cities else [])
    defending = dict(human.units.get(where, {}))
    keep = game.keeps.get(where, 0)
    if game.mods:  # module hook points (Module 3: a defensive Grand Building; Module 6: a Commander present)
        keep += hooks.bonus(game, "defence_bonus", HUMAN, where)
        hooks.emit(game, "battle_begun", (None, HUMAN), where)
    defender = Army(
        combat._groups(game, "player", human.military, defending, extra),
        combat._keep_bonus(game, HUMAN, where, True),
        keep,
    )
    out = combat._resolve(game, _party_army(game), defender, (None, HUMAN), "raider")
    held = combat._survivors(out, 1)
    human.units.pop(where, None)
    combat._return_dead(game, HUMAN, defending, held)
    if not out["win"]:
        combat._place(game, HUMAN, where, held)
        human.gold += solo.rules["raiders"]["win_gold"]
        disband(game)
        if solo.has("raider_upgrade_on_loss"):
            upgrade_raider(game)
        return
    combat.retreat(game, HUMAN, where, held)
    if where in game.farms:
        combat.lose_farms(game, HUMAN, where)
    # 'remove all buildings ..., the City, and its Keep from the lost Province, except the starting Production
    # Building'; removed components are out of the game
    game.buildings[where] = {game.ctx.board.province(where).resource: 1}
    if game.mods:  # module hook point (Module 3: 'remove all buildings (including Grand Buildings)')
        hooks.emit(game, "province_razed", where)
    game.cities.discard(where)
    game.keeps.pop(where, None)
    if where in game.churches:
        game.churches.remove(where)
    survivors = [k for k, transient in out["survivors"][0] if not transient]
    disband(game)
    if solo.board_pool():  # the survivors stay with a random Barbarian token (none left in the pool: they leave)
        game.barbarians[where] = solo.board_pool().pop()
        game.barbarian_extra[where] = survivors
    ensure_target(game)


def counterattack_options(game: Game) -> list[str]:
    """Provinces the player could counterattack from with a Raid card instead of placing a Noble."""
    solo = game.solo
    human = game.players[HUMAN]
    if solo.raids_off or not solo.party or "raider_raid" not in human.hand:
        return []
    return sorted(human.units)


def counterattack(game: Game, src: str) -> None:
    """The Raid card: an Army limit check, then every unit in ``src`` fights the Raiding Party."""
    solo = game.solo
    human = game.players[HUMAN]
    human.hand.remove("raider_raid")
    upkeep(game, HUMAN, dict(human.units.get(src, {})), src)
    group = dict(human.units.get(src, {}))
    if not group:
        return
    human.units.pop(src)
    attacker = Army(combat._groups(game, "player", human.military, group, []), 0, 0)
    if game.mods:  # module hook point (Module 6: a Commander present at the counterattack)
        hooks.emit(game, "battle_begun", (HUMAN, None), src)
    before = len(solo.party)
    out = combat._resolve(game, attacker, _party_army(game), (HUMAN, None), "counterattack")
    alive = combat._survivors(out, 0)
    combat._return_dead(game, HUMAN, group, alive)
    combat._place(game, HUMAN, src, alive)
    left = [k for k, _ in out["survivors"][1]]
    if out["win"]:
        human.gold += (before - len(left)) * solo.rules["raiders"]["counterattack_gold_per_kill"]
        for kind in left:  # a free unit matching each surviving Raider
            if human.supply[kind] > 0:
                human.supply[kind] -= 1
                add_units(human, src, kind)
        disband(game)
        draw_tokens(game, 1)
    else:
        solo.party = left
