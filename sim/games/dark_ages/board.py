"""The Dark Ages Main board, Titles and Rulers: ``configs/dark_ages/{board,titles,rulers}.yaml`` → a checked ``Board``.

The rulebook does not print the board, so the YAML is an assumed board plus a ``facts`` block of what the rulebook
does say (Marca Geronis borders Bohemia, Lombardy's neighbours, ...). Loading checks the board's own consistency
(symmetric borders, a connected map, one Region per Province, ...) and then the facts, so a replacement board that
contradicts the rulebook is refused. Every problem is a ``ConfigError`` naming the file, the key and the entry.
The numpy arrays at the end are what a compiled engine takes; rows follow ``Board.index``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np

from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.games.dark_ages.files import rules_values

BOARD_PATH = CONFIG_DIR / "dark_ages" / "board.yaml"
TITLES_PATH = CONFIG_DIR / "dark_ages" / "titles.yaml"
RULERS_PATH = CONFIG_DIR / "dark_ages" / "rulers.yaml"
PLAYER_COUNTS = (2, 3, 4)
SOLO = 1  # the player count of a solo game (Module 1)
RULER_MODULES = ("base", "grand_buildings")


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    resource: str
    players: int  # the player-count mark: in play with at least this many players
    solo_blocked: bool  # the solo-only icon: blocked off in a solo game
    region: str
    borders: tuple[str, ...]
    water: tuple[str, ...]  # Provinces reached by a water link

    @cached_property  # computed once per Province (it sits in the engine's hot loops)
    def neighbours(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.borders) | set(self.water)))


@dataclass(frozen=True)
class Title:
    id: str
    name: str
    region: str
    provinces: tuple[str, ...]
    vp: int
    players: int
    solo_restricted: bool


@dataclass(frozen=True)
class Ruler:
    id: str
    name: str
    capital: str
    settle_costs: tuple[int, int, int]  # same Region and neighbouring / one of the two / neither
    starting_cards: tuple[str, str]
    players: int
    module: str
    solo_restricted: bool


@dataclass(frozen=True)
class Board:
    provinces: tuple[Province, ...]
    index: dict[str, int]  # Province id → row in every array
    resources: tuple[str, ...]
    regions: tuple[str, ...]
    region_provinces: dict[str, tuple[str, ...]]
    region_colour: dict[str, str]
    titles: dict[str, Title]
    rulers: dict[str, Ruler]
    # arrays for a compiled engine
    adjacency: np.ndarray  # (n, n) bool, borders or water links: the rulebook's "neighbouring"
    border: np.ndarray  # (n, n) bool
    water: np.ndarray  # (n, n) bool
    adj_indptr: np.ndarray  # (n + 1,) int32 CSR row pointers of ``adjacency``
    adj_indices: np.ndarray  # (edges,) int32 CSR neighbours, sorted within a row
    region_of: np.ndarray  # (n,) int8 index into ``regions``
    resource_of: np.ndarray  # (n,) int8 index into ``resources``
    players: np.ndarray  # (n,) int8 player-count mark
    solo_blocked: np.ndarray  # (n,) bool
    title_ids: tuple[str, ...]
    title_mask: np.ndarray  # (titles, n) bool, the Provinces each Title needs
    title_vp: np.ndarray  # (titles,) int16
    ruler_ids: tuple[str, ...]
    capital_of: np.ndarray  # (rulers,) int16 Province index
    settle_costs: np.ndarray  # (rulers, 3) int8

    @property
    def n(self) -> int:
        return len(self.provinces)

    @property
    def max_degree(self) -> int:
        """Most neighbours of any Province: bounds the Keep levels a battle can draw on (contested + neighbours)."""
        return int(self.adjacency.sum(axis=1).max())

    def province(self, province_id: str) -> Province:
        return self.provinces[self.index[province_id]]

    def neighbours(self, province_id: str) -> tuple[str, ...]:
        return self.province(province_id).neighbours

    def are_neighbours(self, a: str, b: str) -> bool:
        """'neighbouring ... if they share a border or if they are connected by a water link' (General Concepts)."""
        return bool(self.adjacency[self.index[a], self.index[b]])

    def region(self, province_id: str) -> str:
        return self.province(province_id).region

    def in_play(self, players: int) -> tuple[str, ...]:
        """Provinces in play: marks up to ``players``; solo uses every mark but blocks the solo icons (Module 1)."""
        if players == SOLO:
            return tuple(p.id for p in self.provinces if not p.solo_blocked)
        return tuple(p.id for p in self.provinces if p.players <= players)


def load_board(
    board_path: str | Path | None = None,
    titles_path: str | Path | None = None,
    rulers_path: str | Path | None = None,
    ruleset=None,
) -> Board:
    """Read and check the board, the Titles and the Rulers (from ``ruleset`` when given), and compile the arrays."""
    values, board_src = rules_values(ruleset, "board", board_path, BOARD_PATH)
    resources = _resources(values, board_src)
    provinces = _provinces(values, resources, board_src)
    _check_borders_symmetric(provinces, board_src)
    water = _water_links(values, provinces, board_src)
    regions, colours = _regions(values, provinces, board_src)
    built = {
        pid: Province(
            pid,
            p["name"],
            p["resource"],
            p["players"],
            p["solo_blocked"],
            regions[pid],
            tuple(p["borders"]),
            tuple(sorted(water.get(pid, ()))),
        )
        for pid, p in provinces.items()
    }
    _check_connected(built, board_src)
    _check_facts(values.get("facts", {}), built, board_src)
    region_provinces = {r: tuple(p for p in built if built[p].region == r) for r in colours}
    titles_values, titles_src = rules_values(ruleset, "titles", titles_path, TITLES_PATH)
    titles = _titles(titles_values, built, region_provinces, titles_src)
    rulers_values, rulers_src = rules_values(ruleset, "rulers", rulers_path, RULERS_PATH)
    rulers = _rulers(rulers_values, built, rulers_src)
    return _compile(built, resources, region_provinces, colours, titles, rulers)


# --- the board ---------------------------------------------------------------------------------------------------


def _resources(values: dict, src: str) -> tuple[str, ...]:
    res = values.get("resources")
    if not isinstance(res, list) or not res or not all(isinstance(r, str) for r in res) or len(set(res)) != len(res):
        raise ConfigError(src, "resources", "a list of distinct resource names", res)
    return tuple(res)


def _mark(value, where: str, src: str) -> int:
    if isinstance(value, bool) or value not in PLAYER_COUNTS:
        raise ConfigError(src, where, f"a player-count mark in {PLAYER_COUNTS}", value)
    return value


def _provinces(values: dict, resources: tuple[str, ...], src: str) -> dict[str, dict]:
    raw = values.get("provinces")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(src, "provinces", "a mapping of Province id → fields", raw)
    out = {}
    for pid, p in raw.items():
        where = f"provinces.{pid}"
        if not isinstance(p, dict):
            raise ConfigError(src, where, "a mapping {name, resource, players, solo_blocked, borders}", p)
        for key in ("name", "resource", "players", "solo_blocked", "borders"):
            if key not in p:
                raise ConfigError(src, f"{where}.{key}", "a value", "nothing")
        if p["resource"] not in resources:
            raise ConfigError(src, f"{where}.resource", f"one of {', '.join(resources)}", p["resource"])
        _mark(p["players"], f"{where}.players", src)
        if not isinstance(p["solo_blocked"], bool):
            raise ConfigError(src, f"{where}.solo_blocked", "true or false", p["solo_blocked"])
        borders = p["borders"]
        if not isinstance(borders, list):
            raise ConfigError(src, f"{where}.borders", "a list of Province ids", borders)
        for q in borders:
            if q not in raw:
                raise ConfigError(src, f"{where}.borders", "known Province ids", q)
        if pid in borders or len(set(borders)) != len(borders):
            raise ConfigError(src, f"{where}.borders", "distinct Provinces other than itself", borders)
        out[pid] = p
    return out


def _check_borders_symmetric(provinces: dict[str, dict], src: str) -> None:
    for pid, p in provinces.items():
        for q in p["borders"]:
            if pid not in provinces[q]["borders"]:
                raise ConfigError(
                    src,
                    f"provinces.{q}.borders",
                    f"to list {pid} (borders are shared; {pid} lists {q})",
                    provinces[q]["borders"],
                )


def _water_links(values: dict, provinces: dict, src: str) -> dict[str, set[str]]:
    raw = values.get("water_links", {})
    if not isinstance(raw, dict):
        raise ConfigError(src, "water_links", "a mapping of name → [Province, Province]", raw)
    out: dict[str, set[str]] = {}
    for name, pair in raw.items():
        ok = isinstance(pair, list) and len(pair) == 2 and pair[0] != pair[1]
        if not ok or not all(p in provinces for p in pair):
            raise ConfigError(src, f"water_links.{name}", "two different known Province ids", pair)
        out.setdefault(pair[0], set()).add(pair[1])
        out.setdefault(pair[1], set()).add(pair[0])
    return out


def _regions(values: dict, provinces: dict, src: str) -> tuple[dict[str, str], dict[str, str]]:
    raw = values.get("regions")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(src, "regions", "a mapping of Region id → {colour, provinces}", raw)
    region_of: dict[str, str] = {}
    colours: dict[str, str] = {}
    for rid, r in raw.items():
        members = r.get("provinces") if isinstance(r, dict) else None
        if not isinstance(members, list) or not members:
            raise ConfigError(src, f"regions.{rid}.provinces", "a non-empty list of Province ids", members)
        for pid in members:
            if pid not in provinces:
                raise ConfigError(src, f"regions.{rid}.provinces", "known Province ids", pid)
            if pid in region_of:
                raise ConfigError(
                    src, f"provinces.{pid}", "a Province in exactly one Region", f"in {region_of[pid]} and {rid}"
                )
            region_of[pid] = rid
        colours[rid] = str(r.get("colour", ""))
    for pid in provinces:
        if pid not in region_of:
            raise ConfigError(
                src, f"provinces.{pid}", "a Province in exactly one Region (a white one is its own)", "in none"
            )
    return region_of, colours


def _unreachable(provinces: dict[str, Province], members: list[str]) -> list[str]:
    if not members:
        return []
    allowed, seen, queue = set(members), {members[0]}, deque([members[0]])
    while queue:
        for q in provinces[queue.popleft()].neighbours:
            if q in allowed and q not in seen:
                seen.add(q)
                queue.append(q)
    return sorted(allowed - seen)


def _check_connected(provinces: dict[str, Province], src: str) -> None:
    # the whole map, then the part in play at each player count: an island would be unreachable in that game
    counts = [("all Provinces", list(provinces))]
    counts += [(f"the {k}-player map", [p for p in provinces if provinces[p].players <= k]) for k in PLAYER_COUNTS]
    counts.append(("the solo map", [p for p in provinces if not provinces[p].solo_blocked]))
    for label, members in counts:
        lost = _unreachable(provinces, members)
        if lost:
            raise ConfigError(
                src,
                f"provinces.{lost[0]}",
                f"{label} connected by borders and water links",
                f"unreachable from {members[0]}: {', '.join(lost)}",
            )


def _check_facts(facts: dict, provinces: dict[str, Province], src: str) -> None:
    """The board must agree with every statement the rulebook makes about it."""

    def known(pid: str, key: str) -> None:
        if pid not in provinces:
            raise ConfigError(src, f"facts.{key}", "Provinces on the board", pid)

    for pid in facts.get("named_provinces", []):
        known(pid, "named_provinces")
    for a, b in facts.get("borders", []):
        known(a, "borders"), known(b, "borders")
        if b not in provinces[a].borders:
            raise ConfigError(src, f"provinces.{a}.borders", f"to include {b} (facts.borders)", provinces[a].borders)
    for a, b in facts.get("water_links", []):
        known(a, "water_links"), known(b, "water_links")
        if b not in provinces[a].water:
            raise ConfigError(src, "water_links", f"a link {a}-{b} (facts.water_links)", provinces[a].water)
    for pid, expected in facts.get("neighbours", {}).items():
        known(pid, "neighbours")
        missing = sorted(set(expected) - set(provinces[pid].neighbours))
        if missing:
            raise ConfigError(
                src,
                f"provinces.{pid}.borders",
                f"neighbours including {', '.join(missing)} (facts.neighbours)",
                provinces[pid].neighbours,
            )
    for a, b in facts.get("same_region", []):
        known(a, "same_region"), known(b, "same_region")
        if provinces[a].region != provinces[b].region:
            raise ConfigError(
                src,
                "regions",
                f"{a} and {b} in one Region (facts.same_region)",
                f"{provinces[a].region} and {provinces[b].region}",
            )
    for a, b in facts.get("different_region", []):
        known(a, "different_region"), known(b, "different_region")
        if provinces[a].region == provinces[b].region:
            raise ConfigError(
                src, "regions", f"{a} and {b} in different Regions (facts.different_region)", provinces[a].region
            )
    for pid, wanted in facts.get("buildable", {}).items():
        known(pid, "buildable")
        near = {provinces[q].resource for q in (pid, *provinces[pid].neighbours)}
        for res in wanted:
            if res not in near:
                raise ConfigError(
                    src,
                    f"provinces.{pid}.resource",
                    f"{res} depicted in {pid} or a neighbour (facts.buildable)",
                    sorted(near),
                )


# --- Titles and Rulers -------------------------------------------------------------------------------------------


def _bool(value, where: str, src: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(src, where, "true or false", value)
    return value


def _titles(values: dict, provinces: dict[str, Province], region_provinces: dict, src: str) -> dict[str, Title]:
    raw = values.get("titles")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(src, "titles", "a mapping of Title id → fields", raw)
    out = {}
    for tid, t in raw.items():
        where = f"titles.{tid}"
        if not isinstance(t, dict):
            raise ConfigError(src, where, "a mapping {name, region, provinces, vp, players, solo_restricted}", t)
        region, members = t.get("region"), t.get("provinces")
        if region not in region_provinces:
            raise ConfigError(src, f"{where}.region", "a Region of the board", region)
        if not isinstance(members, list) or not members:
            raise ConfigError(src, f"{where}.provinces", "a non-empty list of Province ids", members)
        for pid in members:
            if pid not in provinces:
                raise ConfigError(src, f"{where}.provinces", "Provinces of the board", pid)
        # Passing: a Title is claimed by controlling 'half of the Provinces of a Region'
        if sorted(members) != sorted(region_provinces[region]):
            raise ConfigError(src, f"{where}.provinces", f"the Provinces of Region {region}", sorted(members))
        vp = t.get("vp")
        if isinstance(vp, bool) or not isinstance(vp, int) or vp < 0:
            raise ConfigError(src, f"{where}.vp", "an integer ≥ 0", vp)
        players = _mark(t.get("players"), f"{where}.players", src)
        solo_restricted = _bool(t.get("solo_restricted"), f"{where}.solo_restricted", src)
        # 'half of the Provinces of a Region' is only well defined if none of them is blocked when the Title is in play
        for pid in members:
            if provinces[pid].players > players:
                raise ConfigError(src, f"{where}.players", f"at least {provinces[pid].players} ({pid}'s mark)", players)
            if provinces[pid].solo_blocked and not solo_restricted:
                raise ConfigError(src, f"{where}.solo_restricted", f"true ({pid} is blocked in solo play)", False)
        out[tid] = Title(tid, str(t.get("name", tid)), region, tuple(members), vp, players, solo_restricted)
    return out


def _rulers(values: dict, provinces: dict[str, Province], src: str) -> dict[str, Ruler]:
    raw = values.get("rulers")
    if not isinstance(raw, dict) or not raw:
        raise ConfigError(src, "rulers", "a mapping of Ruler id → fields", raw)
    out: dict[str, Ruler] = {}
    capitals: dict[str, str] = {}
    for rid, r in raw.items():
        where = f"rulers.{rid}"
        if not isinstance(r, dict):
            raise ConfigError(src, where, "a mapping {name, capital, settle_costs, starting_cards, ...}", r)
        capital = r.get("capital")
        if capital not in provinces:
            raise ConfigError(src, f"{where}.capital", "a Province of the board", capital)
        if capital in capitals:
            raise ConfigError(
                src, f"{where}.capital", f"a Province no other Ruler starts in ({capitals[capital]} does)", capital
            )
        capitals[capital] = rid
        costs = r.get("settle_costs")
        ok = (
            isinstance(costs, list)
            and len(costs) == 3
            and all(isinstance(c, int) and not isinstance(c, bool) and c >= 1 for c in costs)
        )
        if not ok or costs != sorted(costs):
            raise ConfigError(src, f"{where}.settle_costs", "three non-decreasing integers ≥ 1 (near → far)", costs)
        cards = r.get("starting_cards")
        if not isinstance(cards, list) or len(cards) != 2 or not all(isinstance(c, str) for c in cards):
            raise ConfigError(src, f"{where}.starting_cards", "two card ids", cards)
        players = _mark(r.get("players"), f"{where}.players", src)
        if provinces[capital].players > players:
            raise ConfigError(
                src, f"{where}.players", f"at least {provinces[capital].players} ({capital}'s mark)", players
            )
        module = r.get("module")
        if module not in RULER_MODULES:
            raise ConfigError(src, f"{where}.module", f"one of {', '.join(RULER_MODULES)}", module)
        solo_restricted = _bool(r.get("solo_restricted"), f"{where}.solo_restricted", src)
        if provinces[capital].solo_blocked and not solo_restricted:
            raise ConfigError(src, f"{where}.solo_restricted", f"true ({capital} is blocked in solo play)", False)
        out[rid] = Ruler(
            rid, str(r.get("name", rid)), capital, tuple(costs), tuple(cards), players, module, solo_restricted
        )
    return out


# --- arrays --------------------------------------------------------------------------------------------------------


def _compile(
    provinces: dict[str, Province],
    resources: tuple[str, ...],
    region_provinces: dict[str, tuple[str, ...]],
    colours: dict[str, str],
    titles: dict[str, Title],
    rulers: dict[str, Ruler],
) -> Board:
    order = tuple(provinces.values())
    index = {p.id: i for i, p in enumerate(order)}
    regions = tuple(region_provinces)
    n = len(order)
    border = np.zeros((n, n), dtype=np.bool_)
    water = np.zeros((n, n), dtype=np.bool_)
    for p in order:
        for q in p.borders:
            border[index[p.id], index[q]] = True
        for q in p.water:
            water[index[p.id], index[q]] = True
    adjacency = border | water
    indptr = np.zeros(n + 1, dtype=np.int32)
    indptr[1:] = np.cumsum(adjacency.sum(axis=1))
    indices = np.nonzero(adjacency)[1].astype(np.int32)  # row-major, so sorted within each row
    title_ids = tuple(titles)
    title_mask = np.zeros((len(titles), n), dtype=np.bool_)
    for i, t in enumerate(titles.values()):
        title_mask[i, [index[p] for p in t.provinces]] = True
    ruler_ids = tuple(rulers)
    for a in (border, water, adjacency, title_mask):
        a.setflags(write=False)
    return Board(
        provinces=order,
        index=index,
        resources=resources,
        regions=regions,
        region_provinces=region_provinces,
        region_colour=colours,
        titles=titles,
        rulers=rulers,
        adjacency=adjacency,
        border=border,
        water=water,
        adj_indptr=indptr,
        adj_indices=indices,
        region_of=np.array([regions.index(p.region) for p in order], dtype=np.int8),
        resource_of=np.array([resources.index(p.resource) for p in order], dtype=np.int8),
        players=np.array([p.players for p in order], dtype=np.int8),
        solo_blocked=np.array([p.solo_blocked for p in order], dtype=np.bool_),
        title_ids=title_ids,
        title_mask=title_mask,
        title_vp=np.array([t.vp for t in titles.values()], dtype=np.int16),
        ruler_ids=ruler_ids,
        capital_of=np.array([index[r.capital] for r in rulers.values()], dtype=np.int16),
        settle_costs=np.array([r.settle_costs for r in rulers.values()], dtype=np.int8).reshape(len(rulers), 3),
    )
