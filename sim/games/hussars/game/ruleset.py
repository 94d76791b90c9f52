"""Every Hussars rules file → one validated, frozen ``GameRules``: what both engines read.

``load_game_rules(overrides, sources)`` reads ``configs/hussars/*.yaml`` through ``sim.config.load_ruleset`` (dotted
override keys go to the file that holds them), checks every value the full game uses (a problem is a one-line
``ConfigError`` naming the file or override, the key path, what was expected and what was found) and lifts the
values into indexed tuples: fields, unit types, card types, event kinds, titles and leases by position. The compiled
engine builds its arrays from this object (``fast.tables``), never from YAML.
"""

from __future__ import annotations

import functools
import heapq
import json
import math
from dataclasses import dataclass
from typing import Any

from sim.config import RuleSet, load_ruleset
from sim.errors import ConfigError
from sim.games.hussars.rules import HussarsRules
from sim.games.hussars.rules import build as build_battle_rules

EFFECTS = ("orders", "enlist", "replenish", "card_bidding", "buy_province", "family_seat", "town", "settlers",
           "fortress", "extra_bid", "prestige", "gold", "mercenaries", "church", "hussar", "kings_support")  # fmt: skip
FATES = ("return", "rest", "once")
EVENT_KINDS = ("besh_bash", "sefer", "chambul", "expedition", "lease_auction", "migration", "unrest", "peace")
ATTACK_ACTIONS = ("jasyr", "richest", "army", "estate")
RELIGIONS = ("catholic", "orthodox")
CURRENCIES = ("gold", "influence", "kings_support")
RECRUITABLE = ("cossack", "light_cavalry", "lipka_tatar", "winged_hussar", "artillery")
FIELD_KEYS = {"name", "bank", "neighbours", "bridges", "forest", "river", "wasteland", "trail", "sich", "tatar_zone",
              "via"}  # fmt: skip
INF = 10**6


@dataclass(frozen=True)
class Field:
    id: str
    name: str
    bank: str
    neighbours: tuple[int, ...]
    bridges: frozenset[int]
    forest: bool
    river: bool
    wasteland: bool
    trail: bool
    sich: bool
    tatar_zone: tuple[int, int] | None
    via: str | None


@dataclass(frozen=True)
class Estate:
    """An estate at the start: its owner (a seat index, or -1 for the Other Houses) and what stands in it."""

    field: int
    owner: int
    peasants: int
    town: bool
    fortress: int
    garrison: tuple[tuple[int, int], ...]  # (unit type, count)
    army: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Seat:
    order: int
    estates: tuple[Estate, ...]
    army: tuple[tuple[int, int], ...]
    figure: int
    domain: int


@dataclass(frozen=True)
class Family:
    id: str
    catholic: bool
    unique_units: tuple[tuple[int, int], ...]  # (unit type, tokens only this family may recruit)


@dataclass(frozen=True)
class CardType:
    id: str
    time: int
    stars: int
    fate: str
    effect: str
    amount: int


@dataclass(frozen=True)
class Title:
    id: str
    senator: bool
    catholic_only: bool
    currencies: frozenset[str]
    other_houses_bid: tuple[int, int, int]  # (gold, influence, kings_support)
    endowment: tuple[int, ...]
    prestige: int


@dataclass(frozen=True)
class Lease:
    id: str
    field: int
    heritage: int
    upkeep: int
    compensation: int
    bid_influence: int
    bid_die: int


@dataclass(frozen=True)
class AttackSide:
    action: str
    tokens: tuple[int, int]


@dataclass(frozen=True)
class GameRules:
    ruleset: RuleSet
    battle: HussarsRules
    units: tuple[str, ...]  # unit types, in rules.yaml order (the battle code's order)
    fields: tuple[Field, ...]
    dist: tuple[tuple[int, ...], ...]  # Movement Points from field to field (the Dnieper costs 2 off a bridge)
    dist_wave: tuple[tuple[int, ...], ...]  # every border costs 1: wave-icon armies, and fields crossed (laden Tatars)
    oh_estates: tuple[Estate, ...]
    seats: tuple[Seat, ...]
    voivodeships: tuple[str, ...]
    families: tuple[Family, ...]
    cards: tuple[CardType, ...]
    starting_deck: tuple[int, ...]  # count per card type
    yellow_deck: tuple[int, ...]  # card type per card, in file order (shuffled at the start)
    knowledge: tuple[int, ...]  # count per card type
    events: tuple[tuple[int, int], ...]  # the Event deck before shuffling: (kind, parameter) per card
    event_kinds: dict  # kind id → its values (major, first_round, ...)
    roads: tuple[int, ...]  # expedition fronts: the via field of each expedition card, in deck order
    attack_deck: tuple[tuple[AttackSide, AttackSide], ...]  # (green, blue) per card
    titles: tuple[Title, ...]
    nepotism: tuple[int, ...]
    leases: tuple[Lease, ...]
    quarter_army: tuple[tuple[int, int], ...]
    quarter_field: int
    quarter_margin: float
    start_titles: tuple[tuple[int, int], ...]  # (title, seat)
    start_leases: tuple[tuple[int, int], ...]  # (lease, seat)
    values: dict  # game.yaml's plain values
    board: dict  # families.yaml's shared board values

    def field(self, fid: str) -> int:
        return [f.id for f in self.fields].index(fid)

    def unit(self, name: str) -> int:
        return self.units.index(name)

    def card(self, name: str) -> int:
        return [c.id for c in self.cards].index(name)

    def cost(self, a: int, b: int) -> int:
        """Movement Points to cross the border a → b: 2 across the Dnieper off a bridge, else 1."""
        fa, fb = self.fields[a], self.fields[b]
        return 2 if fa.bank != fb.bank and b not in fa.bridges else 1


class _Check:
    """Look up values of one rules file and raise ConfigError naming where a bad value came from."""

    def __init__(self, rs: RuleSet, stem: str):
        self.rules, self.stem = rs[stem], stem

    def fail(self, key: str, expected: str, found: Any) -> None:
        raise ConfigError(self.rules.origin(key), key, expected, found)

    def get(self, key: str) -> Any:
        node: Any = self.rules.values
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                self.fail(key, "a value", "nothing")
            node = node[part]
        return node

    def int(self, key: str, value: Any = None, lo: int | None = 0, hi: int | None = None) -> int:
        value = self.get(key) if value is None else value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, "a whole number", value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bound = f"≥ {lo}" if hi is None else f"{lo}..{hi}"
            self.fail(key, f"a whole number {bound}", value)
        return value

    def num(self, key: str, value: Any = None, lo: float | None = 0) -> float:
        value = self.get(key) if value is None else value
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            self.fail(key, "a number", value)
        if lo is not None and value < lo:
            self.fail(key, f"a number ≥ {lo}", value)
        return float(value)

    def flag(self, key: str, value: Any = None) -> bool:
        value = self.get(key) if value is None else value
        if not isinstance(value, bool):
            self.fail(key, "true or false", value)
        return value

    def choice(self, key: str, options: tuple[str, ...], value: Any = None) -> str:
        value = self.get(key) if value is None else value
        if value not in options:
            self.fail(key, f"one of {', '.join(options)}", value)
        return value

    def mapping(self, key: str, value: Any = None) -> dict:
        value = self.get(key) if value is None else value
        if not isinstance(value, dict):
            self.fail(key, "a mapping", value)
        return value


def _counts(chk: _Check, key: str, value: Any, names: tuple[str, ...], what: str) -> tuple[tuple[int, int], ...]:
    """``{name: count}`` → ((index, count), ...) with every name known and every count ≥ 0."""
    value = chk.mapping(key, value)
    out = []
    for name, count in value.items():
        if name not in names:
            chk.fail(f"{key}.{name}", f"{what} ({', '.join(names)})", name)
        out.append((names.index(name), chk.int(f"{key}.{name}", count)))
    return tuple(out)


def _fields(chk: _Check) -> tuple[Field, ...]:
    raw = chk.mapping("fields")
    if not raw:
        chk.fail("fields", "at least one field", raw)
    ids = list(raw)
    names: dict[str, str] = {}
    out = []
    for fid in ids:
        key = f"fields.{fid}"
        spec = chk.mapping(key, raw[fid])
        unknown = set(spec) - FIELD_KEYS
        if unknown:
            chk.fail(
                f"{key}.{sorted(unknown)[0]}", f"a field key ({', '.join(sorted(FIELD_KEYS))})", sorted(unknown)[0]
            )
        name = spec.get("name")
        if not isinstance(name, str) or not name:
            chk.fail(f"{key}.name", "a field name", name)
        if name in names:
            chk.fail(f"{key}.name", f"a name no other field has ({names[name]} is already {name})", name)
        names[name] = fid
        nbs = spec.get("neighbours")
        if not isinstance(nbs, list) or not nbs:
            chk.fail(f"{key}.neighbours", "a non-empty list of field ids", nbs)
        for nb in nbs:
            if nb not in raw:
                chk.fail(f"{key}.neighbours", "field ids of this map", nb)
            if nb == fid or nbs.count(nb) > 1:
                chk.fail(f"{key}.neighbours", "each neighbour once, not the field itself", nb)
        bridges = spec.get("bridges", [])
        if not isinstance(bridges, list) or any(b not in nbs for b in bridges):
            chk.fail(f"{key}.bridges", "a list of this field's neighbours", bridges)
        zone = spec.get("tatar_zone")
        if zone is not None and not (
            isinstance(zone, list)
            and len(zone) == 2
            and all(isinstance(z, int) and not isinstance(z, bool) and 1 <= z <= 6 for z in zone)
            and zone[0] <= zone[1]
        ):
            chk.fail(f"{key}.tatar_zone", "a die range [lo, hi] within 1..6", zone)
        via = spec.get("via")
        if via is not None and not isinstance(via, str):
            chk.fail(f"{key}.via", "a road name", via)
        flags = {
            k: chk.flag(f"{key}.{k}", spec.get(k, False)) for k in ("forest", "river", "wasteland", "trail", "sich")
        }
        out.append(Field(fid, name, chk.choice(f"{key}.bank", ("west", "east"), spec.get("bank")),
                         tuple(ids.index(n) for n in nbs), frozenset(ids.index(b) for b in bridges),
                         tatar_zone=tuple(zone) if zone else None, via=via, **flags))  # fmt: skip
    for i, f in enumerate(out):  # a border is shared: listing it on one side only is a typo
        for j in f.neighbours:
            if i not in out[j].neighbours:
                chk.fail(
                    f"fields.{out[j].id}.neighbours",
                    f"to list {f.id} (it lists {out[j].id})",
                    list(ids[k] for k in out[j].neighbours),
                )
            if (j in f.bridges) != (i in out[j].bridges):
                chk.fail(
                    f"fields.{out[j].id}.bridges", f"to match {f.id}'s bridges", sorted(ids[k] for k in out[j].bridges)
                )
    seen, todo = {0}, [0]
    while todo:
        for j in out[todo.pop()].neighbours:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(out):
        cut = sorted(out[i].id for i in range(len(out)) if i not in seen)
        chk.fail("fields", f"a connected map (every field reachable from {out[0].id})", f"unreachable: {cut}")
    if sum(f.sich for f in out) != 1:
        chk.fail("fields", "exactly one field with sich: true", sum(f.sich for f in out))
    if not any(f.tatar_zone for f in out):
        chk.fail("fields", "at least one Tatar Attack Zone (tatar_zone)", "none")
    return tuple(out)


def _distances(fields: tuple[Field, ...], cost) -> tuple[tuple[int, ...], ...]:
    """All-pairs cheapest routes (Dijkstra from every field)."""
    out = []
    for src in range(len(fields)):
        best = [INF] * len(fields)
        best[src] = 0
        heap = [(0, src)]
        while heap:
            d, a = heapq.heappop(heap)
            if d > best[a]:
                continue
            for b in fields[a].neighbours:
                nd = d + cost(a, b)
                if nd < best[b]:
                    best[b] = nd
                    heapq.heappush(heap, (nd, b))
        out.append(tuple(best))
    return tuple(out)


def _estate(chk: _Check, key: str, spec: Any, field: int, owner: int, units: tuple[str, ...]) -> Estate:
    spec = chk.mapping(key, spec)
    allowed = {"owner", "peasants", "town", "fortress", "garrison", "army"}
    for k in spec:
        if k not in allowed:
            chk.fail(f"{key}.{k}", f"an estate key ({', '.join(sorted(allowed))})", k)
    fortress = chk.int(f"{key}.fortress", spec.get("fortress", 0), 0, 2)
    garrison = _counts(chk, f"{key}.garrison", spec.get("garrison", {}), units, "a unit type")
    if garrison and not fortress:
        chk.fail(f"{key}.garrison", "a fortress for the garrison (fortress: 1 or 2)", spec.get("garrison"))
    peasants = chk.int(f"{key}.peasants", spec.get("peasants", 0))
    town = chk.flag(f"{key}.town", spec.get("town", False))
    if not peasants and not town:
        chk.fail(f"{key}.peasants", "peasants or a town (only a field with peasants or a town is an estate)", 0)
    return Estate(field, owner, peasants, town, fortress, garrison,
                  _counts(chk, f"{key}.army", spec.get("army", {}), units, "a unit type"))  # fmt: skip


def _map(rs: RuleSet, units: tuple[str, ...]):
    chk = _Check(rs, "map")
    fields = _fields(chk)
    index = {f.id: i for i, f in enumerate(fields)}
    voivodeships = tuple(chk.get("voivodeships"))
    oh = []
    for fid, spec in chk.mapping("estates").items():
        if fid not in index:
            chk.fail(f"estates.{fid}", "a field id of the map", fid)
        if chk.mapping(f"estates.{fid}", spec).get("owner") != "other_houses":
            chk.fail(f"estates.{fid}.owner", "other_houses (seats list their own estates)", spec.get("owner"))
        oh.append(_estate(chk, f"estates.{fid}", spec, index[fid], -1, units))
    raw = chk.get("seats")
    if not isinstance(raw, list) or len(raw) != 4:
        chk.fail("seats", "a list of 4 seats", raw)
    seats, taken = [], {e.field: "estates" for e in oh}
    for s, spec in enumerate(raw):
        key = f"seats[{s}]"
        spec = chk.mapping(key, spec)
        estates = []
        for fid, est in chk.mapping(f"{key}.estates", spec.get("estates")).items():
            if fid not in index:
                chk.fail(f"{key}.estates.{fid}", "a field id of the map", fid)
            if index[fid] in taken:
                chk.fail(f"{key}.estates.{fid}", "a field no other seat or Other House holds", taken[index[fid]])
            taken[index[fid]] = key
            estates.append(_estate(chk, f"{key}.estates.{fid}", est, index[fid], s, units))
        if not estates:
            chk.fail(f"{key}.estates", "at least one estate", spec.get("estates"))
        figure = spec.get("figure")
        if figure not in spec["estates"]:
            chk.fail(f"{key}.figure", "one of the seat's estates", figure)
        domain = spec.get("domain")
        if domain not in voivodeships:
            chk.fail(f"{key}.domain", f"one of the voivodeships ({', '.join(voivodeships)})", domain)
        seats.append(Seat(chk.int(f"{key}.order", spec.get("order"), 1, 4), tuple(estates),
                          _counts(chk, f"{key}.army", spec.get("army", {}), units, "a unit type"), index[figure],
                          voivodeships.index(domain)))  # fmt: skip
    if sorted(s.order for s in seats) != [1, 2, 3, 4]:
        chk.fail("seats", "the initial round orders 1, 2, 3 and 4, once each", [s.order for s in seats])
    return fields, tuple(oh), tuple(seats), voivodeships


def _cards(rs: RuleSet):
    chk = _Check(rs, "cards")
    cards = []
    for cid, spec in chk.mapping("types").items():
        key = f"types.{cid}"
        spec = chk.mapping(key, spec)
        cards.append(CardType(cid, chk.int(f"{key}.time", spec.get("time")), chk.int(f"{key}.stars", spec.get("stars")),
                              chk.choice(f"{key}.fate", FATES, spec.get("fate")),
                              chk.choice(f"{key}.effect", EFFECTS, spec.get("effect")),
                              chk.int(f"{key}.amount", spec.get("amount", 0))))  # fmt: skip
    ids = tuple(c.id for c in cards)
    deck = [0] * len(ids)
    for name in chk.get("starting_deck"):
        if name not in ids:
            chk.fail("starting_deck", f"card types ({', '.join(ids)})", name)
        deck[ids.index(name)] += 1
    for key in ("orders", "card_bidding"):  # the machinery below assumes every family can act and bid
        if key not in chk.get("starting_deck"):
            chk.fail("starting_deck", f"a deck with {key}", chk.get("starting_deck"))
    yellow = []
    for name, n in chk.mapping("yellow_deck").items():
        if name not in ids:
            chk.fail(f"yellow_deck.{name}", f"card types ({', '.join(ids)})", name)
        yellow += [ids.index(name)] * chk.int(f"yellow_deck.{name}", n)
    knowledge = [0] * len(ids)
    for name, n in chk.mapping("knowledge").items():
        if name not in ids:
            chk.fail(f"knowledge.{name}", f"card types ({', '.join(ids)})", name)
        knowledge[ids.index(name)] = chk.int(f"knowledge.{name}", n)
    for cur in chk.get("yellow_currencies"):
        chk.choice("yellow_currencies", CURRENCIES, cur)
    return tuple(cards), tuple(deck), tuple(yellow), tuple(knowledge)


def _events(rs: RuleSet, fields, leases):
    chk = _Check(rs, "events")
    kinds = {}
    for kind in EVENT_KINDS:
        spec = chk.mapping(f"kinds.{kind}")
        chk.flag(f"kinds.{kind}.major", spec.get("major"))
        chk.flag(f"kinds.{kind}.first_round", spec.get("first_round"))
        kinds[kind] = dict(spec)
    for key in ("sefer.attacks", "chambul.attacks", "expedition.pay", "migration.peasants"):
        chk.int(f"kinds.{key}")
    for key in ("unrest.happiness", "peace.happiness"):
        chk.int(f"kinds.{key}", lo=None)
    for key in ("expedition.kings_support", "expedition.hetman"):
        chk.flag(f"kinds.{key}")
    roads = []
    for name in chk.get("expedition_roads"):
        hit = [i for i, f in enumerate(fields) if f.via == name]
        if not hit:
            chk.fail("expedition_roads", "roads of the map (fields with via:)", name)
        roads.append(hit[0])
    deck = []
    for kind, n in chk.mapping("deck").items():
        if kind not in EVENT_KINDS:
            chk.fail(f"deck.{kind}", f"an event kind ({', '.join(EVENT_KINDS)})", kind)
        n = chk.int(f"deck.{kind}", n)
        if kind == "expedition" and n > len(roads):
            chk.fail("deck.expedition", f"at most {len(roads)} expedition cards (one per road in expedition_roads)", n)
        if kind == "lease_auction" and n > len(leases):
            chk.fail("deck.lease_auction", f"at most {len(leases)} lease auctions (one per Royal Lease)", n)
        deck += [(EVENT_KINDS.index(kind), i) for i in range(n)]
    if not any(kinds[EVENT_KINDS[k]]["major"] for k, _ in deck):
        chk.fail("deck", "at least one Major event (the Event Phase draws up to the first Major event)", "none")
    attack = []
    raw = chk.get("attack_deck")
    if not isinstance(raw, list) or not raw:
        chk.fail("attack_deck", "a non-empty list of double-sided cards", raw)
    for i, card in enumerate(raw):
        sides = []
        for side in ("green", "blue"):
            key = f"attack_deck[{i}].{side}"
            spec = chk.mapping(key, (card or {}).get(side) if isinstance(card, dict) else None)
            tokens = spec.get("tokens")
            if not (
                isinstance(tokens, list)
                and len(tokens) == 2
                and all(isinstance(t, int) for t in tokens)
                and 1 <= tokens[0] <= tokens[1]
            ):
                chk.fail(f"{key}.tokens", "a shield condition [min, max] tokens", tokens)
            sides.append(AttackSide(chk.choice(f"{key}.action", ATTACK_ACTIONS, spec.get("action")), tuple(tokens)))
        attack.append((sides[0], sides[1]))
    return tuple(deck), kinds, tuple(roads), tuple(attack)


def _titles(rs: RuleSet, index: dict[str, int], units: tuple[str, ...]):
    chk = _Check(rs, "titles")
    order = chk.get("order")
    if sorted(order) != sorted(("bishop", "hetman", "castellan", "voivode")):
        chk.fail("order", "the four titles bishop, hetman, castellan, voivode", order)
    titles = []
    for tid in order:
        key = f"titles.{tid}"
        bid = chk.mapping(f"{key}.other_houses_bid")
        for cur in bid:
            chk.choice(f"{key}.other_houses_bid", CURRENCIES, cur)
        currencies = chk.get(f"{key}.currencies")
        for cur in currencies:
            chk.choice(f"{key}.currencies", CURRENCIES, cur)
        endowment = chk.get(f"{key}.endowment")
        for fid in endowment:
            if fid not in index:
                chk.fail(f"{key}.endowment", "field ids of the map", fid)
        titles.append(Title(tid, chk.flag(f"{key}.senator"), chk.flag(f"{key}.catholic_only"), frozenset(currencies),
                            tuple(chk.int(f"{key}.other_houses_bid.{c}", bid.get(c, 0)) for c in CURRENCIES),
                            tuple(index[f] for f in endowment), chk.int(f"{key}.prestige")))  # fmt: skip
    nepotism = tuple(order.index(t) for t in chk.get("nepotism") if chk.choice("nepotism", tuple(order), t))
    leases = []
    for lid, spec in chk.mapping("leases").items():
        key = f"leases.{lid}"
        spec = chk.mapping(key, spec)
        if spec.get("field") not in index:
            chk.fail(f"{key}.field", "a field id of the map", spec.get("field"))
        bid = chk.mapping(f"{key}.bid", spec.get("bid"))
        leases.append(Lease(lid, index[spec["field"]], chk.int(f"{key}.heritage", spec.get("heritage")),
                            chk.int(f"{key}.upkeep", spec.get("upkeep")),
                            chk.int(f"{key}.compensation", spec.get("compensation")),
                            chk.int(f"{key}.bid.influence", bid.get("influence")),
                            chk.int(f"{key}.bid.die", bid.get("die"))))  # fmt: skip
    if chk.get("quarter_army.field") not in index:
        chk.fail("quarter_army.field", "a field id of the map", chk.get("quarter_army.field"))
    quarter = _counts(chk, "quarter_army.units", None, units, "a unit type")
    start_titles = tuple(
        (order.index(t), chk.int(f"start_holders.{t}", s, 0, 3))
        for t, s in chk.mapping("start_holders").items()
        if chk.choice("start_holders", tuple(order), t)
    )
    lease_ids = tuple(le.id for le in leases)
    start_leases = tuple(
        (lease_ids.index(lid), chk.int(f"start_leases.{lid}", s, 0, 3))
        for lid, s in chk.mapping("start_leases").items()
        if chk.choice("start_leases", lease_ids, lid)
    )
    return (
        tuple(titles),
        nepotism,
        tuple(leases),
        quarter,
        index[chk.get("quarter_army.field")],
        chk.num("quarter_army.attack_margin"),
        start_titles,
        start_leases,
    )


def _game_values(rs: RuleSet, units: tuple[str, ...], tactics: tuple[str, ...]) -> None:
    """Check game.yaml's values: numbers ≥ 0 where the rulebook gives a cost, count or limit, the switches."""
    chk = _Check(rs, "game")
    allowed = chk.get("rounds.allowed")
    if sorted(allowed) != [2, 3]:
        chk.fail("rounds.allowed", "[2, 3] (the rulebook's Short and Long Scenarios)", allowed)
    chk.int("rounds.default", lo=2, hi=3)
    chk.choice("action_phase.enemies_position", ("last", "by_time"))
    chk.choice("law.enemy_tokens", ("all_enemies", "outlaws"))
    chk.choice("succession.death_check", ("every_magnate", "title_holders"))
    chk.choice("experience.advancement", ("level",))
    chk.choice("victory.tie_break", ("turn_order",))
    chk.choice("battles.objective", ("win", "win_minus_loss", "tokens"))
    signed = {"unrest.threshold"}
    flags = {"action_phase.retinue_counts_as_activation", "recruit.disbanded_cossacks_to_sich",
             "expeditions.send_needs_orders", "battles.interception_walls"}  # fmt: skip

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path}.{k}" if path else str(k))
        elif isinstance(node, list):
            if path not in ("rounds.allowed", "players.allowed", "battles.tatar_deck", "battles.cossack_deck"):
                for v in node:
                    chk.num(path, v)  # every other list here is a table of counts or costs
        elif isinstance(node, bool) or isinstance(node, str):
            if path in flags:
                chk.flag(path, node)
        elif path in signed:
            chk.int(path, node, lo=None)
        else:
            chk.num(path, node)

    walk(rs.values("game"), "")
    for key in ("recruit.cost", "recruit.replenish", "recruit.box"):
        _counts(chk, key, None, units, "a unit type")
    for name in chk.mapping("recruit.cost"):
        if name not in RECRUITABLE:
            chk.fail(f"recruit.cost.{name}", f"a unit players recruit ({', '.join(RECRUITABLE)})", name)
    if len(chk.get("harvest.prestige_influence")) < 2:
        chk.fail("harvest.prestige_influence", "Influence per Prestige track space (at least 2 spaces)", "fewer")
    for key in ("players.allowed",):
        for p in chk.get(key):
            chk.int(key, p, 2, 4)
    for key in ("refresh.sich_growth",):
        for p in ("1", "2", "3", "4"):
            chk.int(f"{key}.{p}")
    _counts(chk, "tatars.raid_tokens", None, units, "a unit type")
    for key in ("battles.tatar_deck", "battles.cossack_deck"):
        names = chk.get(key)
        if not isinstance(names, list) or not names:
            chk.fail(key, "a non-empty list of tactic ids", names)
        for name in names:
            chk.choice(key, tactics, name)
    if len(chk.get("unrest.treaty_turns")) < 1:
        chk.fail("unrest.treaty_turns", "the uprising turns at which a treaty may be agreed", "none")


def _families(rs: RuleSet, units: tuple[str, ...]) -> tuple[tuple[Family, ...], dict]:
    chk = _Check(rs, "families")
    fams = []
    for fid, spec in chk.mapping("families").items():
        key = f"families.{fid}"
        chk.mapping(key, spec)
        uniq = _counts(chk, f"{key}.unique_units", None, units, "a unit type")
        fams.append(Family(fid, chk.choice(f"{key}.religion", RELIGIONS) == "catholic", uniq))
    if len(fams) != 4:
        chk.fail("families", "4 families", len(fams))
    board = chk.mapping("board")
    for key in (
        "gold",
        "influence",
        "first_game_gold",
        "xl",
        "prestige",
        "magnate_health",
        "successor_health",
        "successor_xp",
        "tactic_hand",
        "kings_support",
        "title_xp",
    ):
        chk.int(f"board.{key}")
    chk.int("board.happiness", lo=None)
    for key in ("minor", "major"):
        chk.int(f"board.favours.{key}", lo=0, hi=1)
    return tuple(fams), dict(board)


@functools.lru_cache(maxsize=16)
def _cached(overrides_json: str, sources_json: str) -> GameRules:
    return build(load_ruleset("hussars", json.loads(overrides_json), json.loads(sources_json)))


def load_game_rules(overrides: dict | None = None, sources: dict | None = None) -> GameRules:
    """Every rules file with dotted ``overrides`` (``sources`` names where each came from), validated; cached."""
    return _cached(json.dumps(overrides or {}, sort_keys=True), json.dumps(sources or {}, sort_keys=True))


def build(rs: RuleSet) -> GameRules:
    battle = build_battle_rules(rs["rules"])
    units = tuple(battle.units)
    fields, oh, seats, voivodeships = _map(rs, units)
    index = {f.id: i for i, f in enumerate(fields)}
    cards, deck, yellow, knowledge = _cards(rs)
    titles, nepotism, leases, quarter, quarter_field, margin, start_titles, start_leases = _titles(rs, index, units)
    events, kinds, roads, attack = _events(rs, fields, leases)
    _game_values(rs, units, tuple(battle.tactics))
    families, board = _families(rs, units)
    holders = {e.field for e in oh} | {e.field for s in seats for e in s.estates}
    for le in leases:
        if le.field not in holders:
            raise ConfigError(
                rs["titles"].origin(f"leases.{le.id}"),
                f"leases.{le.id}.field",
                "a field with an estate at the start (map.yaml estates)",
                fields[le.field].id,
            )
    for t in titles:
        for f in t.endowment:
            if f not in {e.field for e in oh}:
                raise ConfigError(
                    rs["titles"].path, f"titles.{t.id}.endowment", "Other Houses' estates at the start", fields[f].id
                )

    def cost(a, b):
        return 2 if fields[a].bank != fields[b].bank and b not in fields[a].bridges else 1

    return GameRules(
        ruleset=rs, battle=battle, units=units, fields=fields, dist=_distances(fields, cost),
        dist_wave=_distances(fields, lambda a, b: 1), oh_estates=oh,
        seats=seats, voivodeships=voivodeships, families=families, cards=cards, starting_deck=deck, yellow_deck=yellow,
        knowledge=knowledge, events=events, event_kinds=kinds, roads=roads, attack_deck=attack, titles=titles,
        nepotism=nepotism, leases=leases, quarter_army=quarter, quarter_field=quarter_field, quarter_margin=margin,
        start_titles=start_titles, start_leases=start_leases, values=rs.values("game"), board=board,
    )  # fmt: skip
