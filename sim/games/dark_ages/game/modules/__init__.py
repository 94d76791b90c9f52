"""Optional modules (rulebook Modules 3-11, 12A, 13A, 14A, 15A) as switches, hooked into the core.

A module is a class with a ``name`` and any of these hooks, each called only when the module is switched on:

- ``install(game)``: set-up changes, after ``setup.new_game``;
- ``researched(game, seat)``: after a Research action (actions.py);
- ``church_built(game, seat, province)``: after a Church is built and scored (building.py);
- ``capital_won(game, seat, defender)``: after a player wins a battle in an opponent's Capital (combat.py);
- ``free_actions(game, seat)``: with the free settling at the start of a turn (loop.py);
- ``turn_ended(game, seat)``: at the end of every turn (loop.py);
- ``battle_started(game, seat, defender)``: before a battle against another player (combat.py);
- ``manoeuvre_started(game, seat, src, group)``: a Manoeuvre action, before the Army limit check (military.py);
- ``game_over(game)``: once, after the last turn and before final scoring (loop.py);
- ``units_away(game, seat, kind) -> int``: units off the board but not in the supply (invariants.py);
- ``title_claimed(game, seat, title)``: a Title claimed at a Pass (passing.py);
- ``battle_effects(game, seat) -> list``: extra battle effects (Technology kinds) of ``seat`` (combat.py);
- ``battle_ended(game, seat, defender, won)``: after a battle against another player (combat.py);
- ``end_trigger(game) -> str | None``: an extra end trigger (ending.py);
- ``manoeuvres(game, seat, groups) -> list``: extra Manoeuvre moves (military.py);
- ``battle_won(game, seat, province, won)``: after any battle the player attacked (combat.py);
- ``attacker_retreat(game, seat, src, dst) -> str | None``: where a beaten attacker's survivors go (combat.py);
- ``settle_cost(game, seat, province, cost) -> int`` and ``settled(game, seat, province)`` (military.py);
- ``turn_action(game, seat) -> bool``: a turn spent on a module action instead of a Noble action or a Pass;
- ``defence_bonus(game, seat, province) -> int``, ``recruit_discount(game, seat, province) -> int`` (combat.py,
  military.py);
- ``passed(game, seat)``: at the end of a (non-final) Pass, after production and the Title refresh (passing.py);
- ``final_vp(game, seat) -> int``: end-of-game VP, scored as the ``modules`` category (ending.py);
- ``ready_titles(game, seat) -> set``: ready Title cards that are not Kingdom Titles (invariants.py);
- ``card_taken(game, seat, card) -> bool``: a card taken from the offer; True if the module took it (culture.py);
- ``extra_farm(game, seat, province) -> bool``: one more Farm may be built there (building.py);
- ``extra_farms(game, seat) -> int``: how many Farms above the limit a Province of ``seat`` may hold (invariants);
- ``recruited(game, seat, province)``: after a unit is recruited by the action or the reaction (military.py);
- ``recruits(game, seat, homes) -> list``: extra Recruit moves ``("recruit", kind, province)`` whose kind is not a
  unit type, resolved by ``module_recruit(game, seat, move)`` (Module 6: hiring only a Commander; military.py);
- ``regrouped(game, seat, src, dst, group)``: a Regroup reaction, before its units move (military.py);
- ``culture_chosen(game, seat, slot, beyond_track)``: a Development of Culture takes the card in ``slot``, beyond the
  player's Culture track position or not, just before it is taken (culture.py);
- ``battle_begun(game, seats, province)``: just before any battle's dice (combat.py, raiders.py);
- ``action_done(game, seat, action)``: after a Noble action (or its Title repeat) is resolved (actions.py);
- ``extra_slots(game, seat) -> list``: offer slots accessible beyond the Culture track (culture.py);
- ``offer_discarded(game, card)``, ``offer_revealed(game)``: a card left the offer by a discard, one was drawn
  into its rightmost space (culture.py);
- ``farms_away(game, seat) -> int``: Farms off the Farm track but not on the board (invariants.py);
- solo only: ``solo_setup(game)`` (solo_setup.py, after the board is set up), ``lordling_card(game, card) ->
  bool`` (a Culture card the Lordlings take; True if the module took it), ``lordling_church(game, province)``,
  ``province_razed(game, province)`` (the Raiders won there and removed its buildings).

``game.mods`` holds the installed module objects (empty when all are off, so the core's checks are a falsy test
and a game with no module behaves exactly as before). Modules keep their own state on their object, one object
per game. Module 7 changes the Barbarian token pool, which lives in the Context, so it is a Context switch.
"""

from __future__ import annotations

from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.hooks import *  # noqa: F403 (the hooks, as modules.emit etc.)
from sim.games.dark_ages.game.modules.ages_of_war import AgesOfWar
from sim.games.dark_ages.game.modules.alchemists import Alchemists
from sim.games.dark_ages.game.modules.alliances import Alliances
from sim.games.dark_ages.game.modules.benjamin import Benjamin
from sim.games.dark_ages.game.modules.commanders import Commanders
from sim.games.dark_ages.game.modules.crusades import Crusades
from sim.games.dark_ages.game.modules.distant_campaigns import DistantCampaigns
from sim.games.dark_ages.game.modules.grand_buildings import GrandBuildings
from sim.games.dark_ages.game.modules.pope import Pope
from sim.games.dark_ages.game.modules.rise_of_poland import RiseOfPoland
from sim.games.dark_ages.game.modules.tribute import Tribute
from sim.games.dark_ages.game.modules.wyrd import Wyrd

CONTEXT_MODULES = ("skirmishers",)  # switches read when building the Context
GAME_MODULES = {"alchemists": Alchemists, "alliances": Alliances, "tribute": Tribute, "pope": Pope,
                "benjamin": Benjamin, "crusades": Crusades, "ages_of_war": AgesOfWar,
                "distant_campaigns": DistantCampaigns, "grand_buildings": GrandBuildings, "commanders": Commanders,
                "wyrd": Wyrd, "rise_of_poland": RiseOfPoland}  # fmt: skip
NAMES = (*CONTEXT_MODULES, *GAME_MODULES)
MIN_PLAYERS = {"skirmishers": 1, "alchemists": 1, "alliances": 3, "tribute": 2, "pope": 1, "benjamin": 1,
               "crusades": 3, "ages_of_war": 3, "distant_campaigns": 2,
               "grand_buildings": 1, "commanders": 1, "wyrd": 2, "rise_of_poland": 2}  # fmt: skip
MAX_PLAYERS = {"rise_of_poland": 4}  # 'Supported Player Counts: 2–4' (the others: up to 8)
# Solo (Module 1): a module applies when its 'Supported Player Counts' include 1 (each such module has a 'Solo
# Support' section); the others are refused with the reason.
SOLO_REFUSED = {
    "alliances": "Module 5 supports 3-8 players (alliances are negotiated between players)",
    "tribute": "Module 11 supports 2-8 players (and the Lordlings have no Capital to raid or pay from)",
    "ages_of_war": "Module 9 supports 3-8 players (Combat cards are played attacking another player)",
    "distant_campaigns": "Module 10 supports 2-8 players and has no Solo Support section",
    "crusades": "Module 14A supports 3-8 players (contributions are ranked between players)",
    "wyrd": "Module 8 supports 2-8 players and has no Solo Support section",
    "rise_of_poland": "Module 15A supports 2-4 players (Levies are paid between players)",
}
SOLO_MODULES = tuple(m for m in NAMES if m not in SOLO_REFUSED)


def module_data() -> dict[str, dict]:
    """modules.yaml of the default rule set: module → key → value (a game reads ``game.ctx.modules``)."""
    return cached_context().modules


def install(game, names) -> None:
    """Switch on the game modules among ``names`` (in NAMES order, so hook order never depends on the YAML)."""
    data = game.ctx.modules
    for name in names:
        if game.solo is not None and name in SOLO_REFUSED:
            raise ValueError(f"module {name} cannot be played solo: {SOLO_REFUSED[name]}")
        if game.solo is None and not MIN_PLAYERS[name] <= game.n <= MAX_PLAYERS.get(name, 8):
            raise ValueError(f"module {name} needs {MIN_PLAYERS[name]}+ players, the game has {game.n}")
    game.mods = [cls(data[name]) for name, cls in GAME_MODULES.items() if name in names]
    for m in game.mods:
        m.install(game)


def supported(n: int) -> tuple[str, ...]:
    """The implemented modules a game of ``n`` players can switch on."""
    return tuple(m for m in NAMES if MIN_PLAYERS[m] <= n <= MAX_PLAYERS.get(m, 8))
