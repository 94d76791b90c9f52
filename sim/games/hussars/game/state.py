"""The game position: one declaration of every field, the reference ``State`` and the compiled record built from it.

``fields(dims)`` lists each state field once: its name, its shape and what it holds. The reference engine's
``State`` has one attribute per field (ints and nested lists, indexed like the arrays); the compiled engine keeps
the same fields in one record of ``layout(dims)`` (``sim.layout.Layout``). ``to_record`` and ``from_record`` bridge
the two by name, so the lockstep tests compare whole positions and ``Layout.diff`` names what differs.

Indices: seats 0-3 are the player families (a seat without a player is empty); forces add the Other Houses (4),
the Tatars (5), the Ex-Registered rebels (6) and the Hetman's Quarter Army (7). A unit token is
``units[type][veteran][wounded]``; types are in rules.yaml order. A field index is its place in map.yaml, a card
type its place in cards.yaml. An army is a slot (``a_force[a] == -1``: free).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.layout import Layout

NS = 4  # seats
OH, TATARS, REBELS, HETMAN = 4, 5, 6, 7
NFORCE = 8
FORCE_NAMES = ("seat0", "seat1", "seat2", "seat3", "other_houses", "tatars", "rebels", "hetman")
NA = 64  # army slots: every army on or off the map
MAXJ = 8  # jasyr a Tatar army can carry
NTITLE = 4
NORDER = 8  # forces on the Turn Order Track
SPRING, SUMMER, AUTUMN, WINTER = 0, 1, 2, 3
ON_MAP, EXPEDITION, AWAY = 0, 1, 2  # a_away: on the map, on an expedition, off the map (Swift Support, Crown debt)
# VP by category: the first ten are scored from the position at the end, the others accumulate during play
VP_CATS = ("estates", "towns", "buildings", "titles", "leases", "prestige", "treasury", "hussars", "artillery",
           "favours", "enemies", "captured_artillery", "deaths", "deficit", "burned", "unrest")  # fmt: skip
BATTLE_KINDS = ("tatars", "rebels", "interception", "siege", "hetman", "private")
NCAT, NBK = len(VP_CATS), len(BATTLE_KINDS)


@dataclass(frozen=True)
class Dims:
    nf: int  # fields
    nt: int  # unit types
    nc: int  # card types
    ntac: int  # tactic cards
    nev: int  # Event deck size (with room for Favour debts)
    ny: int  # yellow cards
    natk: int  # Attack cards
    nl: int  # Royal Leases
    nroad: int  # expedition roads


def dims(rules) -> Dims:
    return Dims(len(rules.fields), len(rules.units), len(rules.cards), len(rules.battle.tactics),
                len(rules.events) + 2 * NS, len(rules.yellow_deck), len(rules.attack_deck), len(rules.leases),
                len(rules.roads))  # fmt: skip


def fields(d: Dims) -> list[tuple[str, tuple[int, ...], str]]:
    """(name, shape, what it holds) of every state field."""
    u = (d.nt, 2, 2)
    return [
        # ---- the clock
        ("round", (), "the round being played, 1..rounds"),
        ("season", (), "0 spring, 1 summer, 2 autumn, 3 winter"),
        ("rounds", (), "the game's length, 2 or 3 rounds"),
        ("players", (), "player families in the game"),
        ("active", (NS,), "1 if a player family sits at this seat"),
        ("family", (NS,), "the family board (families.yaml index) at each seat, -1 empty"),
        ("catholic", (NS,), "1 if the seat's family is Catholic"),
        ("track", (NS,), "the Turn Order Track: seats in order, first place first (-1 pad)"),
        ("order", (NORDER,), "forces acting this Action Phase, in order (-1 pad)"),
        ("time", (NS,), "each seat's Time total this Action Phase"),
        ("acting", (), "the force whose turn it is (-1 between turns)"),
        # ---- family boards and treasuries
        ("gold", (NS,), "Gold behind the screen"),
        ("influence", (NS,), "Influence (may go below 0: red feathers)"),
        ("kings_support", (NS,), "King's Support tokens"),
        ("xp", (NS,), "the Magnate's unspent XP"),
        ("xl", (NS,), "the Magnate's Level"),
        ("rewards_due", (NS,), "Level-Up Rewards to choose once play passes to the next Force"),
        ("health", (NS,), "the Magnate's Health"),
        ("succ_health", (NS,), "the Successor's Health"),
        ("prestige", (NS,), "the Prestige track space, Hussars not counted"),
        ("happiness", (NS,), "the Happiness track"),
        ("income", (NS,), "the Income track (kept as the rulebook says: moved when markers come and go)"),
        ("upkeep", (NS,), "the Upkeep track (units on the map and Royal Leases)"),
        ("plunder", (NS,), "the Plunder Scale: Gold plundered since the last Refresh"),
        ("crests_new", (NS,), "Crests on the nova exilia field"),
        ("crests_old", (NS,), "Crests on the exilia abolitia field"),
        ("figure", (NS,), "the field of the Magnate figure (-1 off the map)"),
        ("captor", (NS,), "the army holding the figure captive (-1 free)"),
        ("seat_built", (NS,), "1 once the family seat stands"),
        ("favours", (NS, 2), "own Favour cards held (minor, major)"),
        ("hand", (NS, d.nc), "Action cards in hand, by type"),
        ("resting", (NS, d.nc), "Action cards on the resting pile, by type"),
        ("played", (NS, d.nc), "Action cards chosen this Action Phase, by type"),
        ("knowledge", (NS, d.nc), "Knowledge cards held (returned when the Magnate dies), by type"),
        ("tactics", (NS, d.ntac), "Tactic cards held"),
        ("bids", (NS,), "yellow cards the seat may bid on this phase (0: no Card Bidding)"),
        ("crest_on", (4, NS), "Crests on the Auction market: card slot × seat"),
        ("vp", (NS, NCAT), "VP scored during play, by category (VP_CATS); the end adds the rest"),
        # ---- the board
        ("owner", (d.nf,), "estate owner: a seat, 4 the Other Houses, -1 no estate"),
        ("bright", (d.nf,), "working peasants"),
        ("incited", (d.nf,), "incited peasants"),
        ("town", (d.nf,), "1 if a town stands"),
        ("fortress", (d.nf,), "completed fortress level 0..2"),
        ("building", (d.nf,), "1 while a construction marker lies (the new level is inactive)"),
        ("family_seat", (d.nf,), "the seat whose family seat stands here, -1 none"),
        ("ruins", (d.nf,), "red markers (ruins)"),
        ("relief", (d.nf,), "black markers (tax relief)"),
        ("enlisting", (d.nf,), "green enlist markers"),
        ("supply", (d.nf,), "blue supply markers of a besieged garrison"),
        ("famine", (d.nf,), "famine markers of a besieged garrison"),
        ("besieger", (d.nf,), "the army besieging the fortress, -1 none"),
        ("occupier", (d.nf,), "the force occupying the estate, -1 none"),
        ("garrison", (d.nf, *u), "garrison tokens inside the fortress"),
        ("garrison_force", (d.nf,), "whose garrison it is, -1 none"),
        ("lease_holder", (d.nl,), "each Royal Lease's holder: a seat or 4 (Other Houses)"),
        ("title_holder", (NTITLE,), "each title's holder: a seat or 4 (Other Houses), -1 vacant"),
        ("title_successor", (NTITLE,), "1 if the title card lies in the Successor area"),
        ("overall", (), "Overall Happiness"),
        ("bank_bright", (), "bright peasants in the Migration Bank"),
        ("bank_incited", (), "incited peasants in the Migration Bank"),
        ("box", (d.nt,), "troop tokens left in the box, by type"),
        ("uprising", (), "1 while an uprising lasts"),
        ("uprising_turn", (), "rebel turns since the outbreak"),
        ("targets", (NS + 1,), "1 for each seat (and the Other Houses) the uprising broke out against"),
        ("sich_units", (d.nt, 2, 2), "Ex-Registered Cossacks at the Sich"),
        # ---- armies
        ("a_force", (NA,), "the army's force, -1 free slot"),
        ("a_field", (NA,), "its field"),
        ("a_units", (NA, *u), "its tokens"),
        ("a_fresh", (NA, d.nt), "tokens still enlisting (wounded, cannot move), by type"),
        ("a_loose", (NA,), "1 in Loose Columns"),
        ("a_moved", (NA,), "Movement Points used this season"),
        ("a_used", (NA,), "1 once activated this turn"),
        ("a_attacks", (NA,), "attacks made this turn"),
        ("a_march", (NA,), "March moves left"),
        ("a_away", (NA,), "0 on the map, 1 on an expedition, 2 off the map (Swift Support, Crown debt)"),
        ("a_road", (NA,), "the expedition road (a_away 1), -1 none"),
        ("a_target", (NA,), "a rebel army's target (a seat or 4), -1 none"),
        ("a_jasyr", (NA, MAXJ), "jasyr carried: each peasant's home field (-1 none, -2 taken from a town)"),
        # ---- decks
        ("ev_kind", (d.nev,), "the Event deck, top first: event kind (-1 none), 8 a Favour debt"),
        ("ev_param", (d.nev,), "the card's parameter (expedition road, lease, the debtor seat × 2 + major)"),
        ("ev_top", (), "the next card to draw"),
        ("ev_len", (), "cards in the deck"),
        ("expedition", (d.nroad,), "1 while an expedition card on this road is in play"),
        ("attack", (d.natk,), "the Attack deck, top first"),
        ("yellow", (d.ny,), "the Yellow deck, top first"),
        ("yellow_top", (), "the next yellow card"),
        ("market", (4,), "yellow cards on the Auction market, -1 empty"),
        ("knowledge_left", (d.nc,), "Knowledge cards left on the track, by type"),
        # ---- statistics (what the reports count; the rules never read them)
        ("st_income", (NS,), "Income collected at Harvests"),
        ("st_upkeep", (NS,), "Upkeep paid at Harvests"),
        ("st_deficit", (NS,), "unpaid Gold at Harvests"),
        ("st_crimes", (NS,), "Crests placed on the Crime Track"),
        ("st_deaths", (NS,), "Magnates dead"),
        ("st_outlaw", (NS,), "1 once an Enemy of the Commonwealth"),
        ("st_jasyr", (NS,), "peasants carried off the map as jasyr"),
        ("st_ruined", (NS,), "Income blocked by red markers at Harvests"),
        ("st_paid_title", (NS,), "Gold value paid for titles"),
        ("st_paid_lease", (NS,), "Gold value paid for leases"),
        ("st_raids", (NS,), "raids made"),
        ("st_lead", (3,), "the VP leader after each round (-1 not reached)"),
        ("st_uprisings", (), "uprisings broken out"),
        ("st_tatar_raids", (), "Besh-bash raids"),
        ("bt_count", (NBK,), "battles by kind (BATTLE_KINDS)"),
        ("bt_att_win", (NBK,), "battles the attacker won, by kind"),
        ("bt_att_lost", (NBK,), "attacker tokens lost, by kind"),
        ("bt_def_lost", (NBK,), "defender tokens lost, by kind"),
        ("illegal", (), "decisions the engine refused"),
    ]


def layout(d: Dims) -> Layout:
    return Layout("hussars_state", fields(d))


def _zeros(shape: tuple[int, ...], fill: int = 0):
    if not shape:
        return fill
    return [_zeros(shape[1:], fill) for _ in range(shape[0])]


class State:
    """The reference position: one attribute per declared field (ints and nested lists)."""

    def __init__(self, d: Dims):
        self.dims = d
        for name, shape, _ in fields(d):
            setattr(self, name, _zeros(shape))

    def copy(self) -> State:
        out = State.__new__(State)
        out.dims = self.dims
        for name, shape, _ in fields(self.dims):
            value = getattr(self, name)
            setattr(out, name, _deep(value) if shape else value)
        return out


def _deep(value):
    return [_deep(v) for v in value] if isinstance(value, list) else value


def to_record(state: State) -> np.ndarray:
    """The reference State as one compiled record (the same names and shapes)."""
    lay = layout(state.dims)
    rec = lay.new()
    for name, _, _ in fields(state.dims):
        rec[0][name] = np.asarray(getattr(state, name), dtype=np.int64)
    return rec


def from_record(rec: np.ndarray, d: Dims) -> State:
    state = State.__new__(State)  # every field is set below: no zeros first
    state.dims = d
    whole = np.asarray(rec).reshape(())
    for name, shape, _ in fields(d):
        value = whole[name]
        setattr(state, name, value.tolist() if shape else int(value))
    return state
