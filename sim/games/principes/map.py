"""The Principes map: ``configs/principes/map.yaml`` → a validated, frozen ``Board`` with numpy arrays.

Each land in the YAML has a ``rulebook`` block (facts the text states) and a ``board`` block (the assumed
board); they are merged here, a key in both being an error. The board is then checked against the rulebook
facts (44 lands, one Capital per Principality, 17 lands with Might, ...), and every error names the land.
The arrays (adjacency as a dense matrix and as CSR, land → region, Might, ...) are what a numba engine takes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from sim.config import CONFIG_DIR, load_rules
from sim.errors import ConfigError

MAP_PATH = CONFIG_DIR / "principes" / "map.yaml"
UNIT_KINDS = ("prince", "knight", "footman")
LAND_KEYS = ("principality", "capital", "gords", "might", "people", "clergy", "city_tokens", "adjacent", "borders")
OPTIONAL_FLAGS = ("star", "teutonic_symbol")


@dataclass(frozen=True)
class Land:
    id: str
    name: str
    principality: str  # a Principality, "central", or the Pomerania's own id
    capital: bool
    star: bool  # Gnesna (Elder Blood) and Cracovia (House of Princeps)
    teutonic_symbol: bool
    gords: int
    might: int  # Might of the land's Gords before any City is founded
    people: int
    clergy: int
    city_tokens: tuple[str, ...]  # token kind each Gord upgrades to, in founding order
    adjacent: tuple[str, ...]
    borders: tuple[str, ...]  # off-map Neighbors and the Balts this land touches


@dataclass(frozen=True)
class Board:
    lands: tuple[Land, ...]
    index: dict[str, int]  # land id → row in every array
    principalities: tuple[str, ...]
    regions: tuple[str, ...]  # principalities, then "central", then the two Pomeranias
    capitals: dict[str, str]  # principality → land id
    token_might: dict[str, int]  # city token kind → Might of the City
    token_count: dict[str, int]  # city token kind → tokens in the box
    off_map_areas: tuple[str, ...]
    deployment: dict[str, dict[str, dict[str, int]]]  # principality → land → unit kind → count
    pomerania_units: dict[str, dict[str, int]]  # Pomerania land → unit kind → count
    division_tokens: tuple[str, ...]
    # arrays for a compiled engine, rows in ``index`` order
    adjacency: np.ndarray  # (n, n) bool
    adj_indptr: np.ndarray  # (n + 1,) int32, CSR row pointers
    adj_indices: np.ndarray  # (edges,) int32, CSR neighbours, sorted within a row
    region: np.ndarray  # (n,) int8 index into ``regions``
    principality_of: np.ndarray  # (n,) int8 index into ``principalities``, -1 outside them
    is_capital: np.ndarray  # (n,) bool
    capital_index: np.ndarray  # (len(principalities),) int16 land row of each Principality's Capital
    gord_might: np.ndarray  # (n,) int16 Might before founding
    gords: np.ndarray  # (n,) int8
    city_gain: np.ndarray  # (n, max gords) int16 Might a founding adds, Gord by Gord; 0 past the last Gord
    city_cost: np.ndarray  # (n, max gords) int16 gold to found that Gord's City (= the City's Might)
    people: np.ndarray  # (n,) int8
    clergy: np.ndarray  # (n,) int8
    border: np.ndarray  # (n, len(off_map_areas)) bool

    @property
    def n(self) -> int:
        return len(self.lands)

    def land(self, land_id: str) -> Land:
        return self.lands[self.index[land_id]]


def load_board(path: str | Path | None = None) -> Board:
    """Read and validate the map; every problem is a ``ConfigError`` naming the file, key and land."""
    rules = load_rules("principes", path=path or MAP_PATH)
    return compile_board(rules.values, rules.path)


def _need(cond: bool, source: str, key: str, expected: str, found: object) -> None:
    if not cond:
        raise ConfigError(source, key, expected, found)


def _merge_land(land_id: str, raw: object, source: str) -> dict:
    key = f"lands.{land_id}"
    _need(isinstance(raw, dict), source, key, "a land with name, rulebook and/or board blocks", raw)
    merged: dict = {"name": raw.get("name", land_id)}
    for block in ("rulebook", "board"):
        part = raw.get(block, {})
        _need(isinstance(part, dict), source, f"{key}.{block}", "a mapping of land fields", part)
        for field, value in part.items():
            _need(field not in merged, source, f"{key}.{block}.{field}", "each field in one block only", "a duplicate")
            merged[field] = value
    unknown = set(raw) - {"name", "rulebook", "board"}
    _need(not unknown, source, f"{key}.{sorted(unknown)[0] if unknown else ''}", "name, rulebook or board", "unknown")
    return merged


def _land(land_id: str, f: dict, source: str, regions: tuple[str, ...], token_might: dict[str, int]) -> Land:
    key = f"lands.{land_id}"
    for field in LAND_KEYS:
        _need(field in f, source, f"{key}.{field}", f"the land's {field}", "nothing")
    where = f["principality"]
    _need(where in regions, source, f"{key}.principality", f"one of {', '.join(regions)}", where)
    for field in ("gords", "might", "people", "clergy"):
        v = f[field]
        _need(isinstance(v, int) and not isinstance(v, bool) and v >= 0, source, f"{key}.{field}", "an integer ≥ 0", v)
    _need(f["gords"] >= 1, source, f"{key}.gords", "at least 1 Gord", f["gords"])
    tokens = f["city_tokens"]
    _need(
        isinstance(tokens, list) and len(tokens) == f["gords"],
        source,
        f"{key}.city_tokens",
        f"one city token kind per Gord ({f['gords']})",
        tokens,
    )
    for t in tokens:
        _need(t in token_might, source, f"{key}.city_tokens", f"kinds from {', '.join(token_might)}", t)
    gord_might = sum(token_might[t] - 1 for t in tokens)
    _need(
        f["might"] == gord_might,
        source,
        f"{key}.might",
        f"{gord_might} (a Gord gives its City's Might minus 1: founding costs 1 more than it gives)",
        f["might"],
    )
    for field in ("adjacent", "borders"):
        _need(isinstance(f[field], list), source, f"{key}.{field}", "a list", f[field])
    return Land(
        id=land_id,
        name=str(f["name"]),
        principality=f["principality"],
        capital=bool(f["capital"]),
        star=bool(f.get("star", False)),
        teutonic_symbol=bool(f.get("teutonic_symbol", False)),
        gords=f["gords"],
        might=f["might"],
        people=f["people"],
        clergy=f["clergy"],
        city_tokens=tuple(tokens),
        adjacent=tuple(f["adjacent"]),
        borders=tuple(f["borders"]),
    )


def _check_graph(lands: dict[str, Land], source: str, off_map: tuple[str, ...]) -> None:
    for land in lands.values():
        for other in land.adjacent:
            key = f"lands.{land.id}.adjacent"
            _need(other in lands, source, key, "existing lands", other)
            _need(other != land.id, source, key, "other lands (not itself)", other)
            _need(
                land.id in lands[other].adjacent,
                source,
                key,
                f"symmetric adjacency ({other} lists {land.id})",
                f"{other} does not list {land.id}",
            )
        for area in land.borders:
            _need(area in off_map, source, f"lands.{land.id}.borders", f"one of {', '.join(off_map)}", area)
    start = next(iter(lands))
    seen, todo = {start}, deque([start])
    while todo:
        for other in lands[todo.popleft()].adjacent:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    cut_off = sorted(set(lands) - seen)
    first = cut_off[0] if cut_off else ""
    _need(
        not cut_off,
        source,
        f"lands.{first}.adjacent",
        f"a connected map (all reachable from {start})",
        "unreachable: " + ", ".join(cut_off),
    )


def _check_facts(lands: dict[str, Land], facts: dict, tokens: dict, source: str) -> None:
    _need(len(lands) == facts["lands"], source, "lands", f"{facts['lands']} lands", len(lands))
    for p in facts["principalities"]:
        caps = [land.id for land in lands.values() if land.principality == p and land.capital]
        _need(
            len(caps) == 1,
            source,
            f"lands.{(caps[1:] or [p])[0]}.capital",
            f"exactly one Capital in {p}",
            caps or "none",
        )
        _need(
            caps[0] == facts["capitals"][p],
            source,
            f"lands.{caps[0]}.capital",
            f"{facts['capitals'][p]} as the Capital of {p}",
            caps[0],
        )
        size = sum(land.principality == p for land in lands.values())
        _need(
            size == facts["lands_per_principality"],
            source,
            f"lands ({p})",
            f"{facts['lands_per_principality']} lands in {p}",
            size,
        )
    for land in lands.values():
        if land.capital:
            _need(
                land.principality in facts["principalities"],
                source,
                f"lands.{land.id}.capital",
                "Capitals only in a Principality",
                land.principality,
            )
    for group in ("central_lands", "pomeranias"):
        for land_id in facts[group]:
            _need(land_id in lands, source, f"lands.{land_id}", f"a land (facts.{group})", "missing")
    outside = sorted(land.id for land in lands.values() if land.principality == "central")
    _need(outside == sorted(facts["central_lands"]), source, "facts.central_lands", f"the central lands {outside}",
          facts["central_lands"])  # fmt: skip
    with_might = [land.id for land in lands.values() if land.might > 0]
    _need(
        len(with_might) == facts["lands_with_might"],
        source,
        "lands.*.might",
        f"{facts['lands_with_might']} lands with Might",
        len(with_might),
    )
    for kind in ("capital", "city"):  # named tokens: one per Gord with Might, exactly the box's count
        used = sum(land.city_tokens.count(kind) for land in lands.values())
        _need(
            used == tokens[kind]["count"], source, "lands.*.city_tokens", f"{tokens[kind]['count']} {kind} tokens", used
        )
    for land in lands.values():
        _need(
            ("capital" in land.city_tokens) == land.capital,
            source,
            f"lands.{land.id}.city_tokens",
            "a capital token exactly on a Capital",
            list(land.city_tokens),
        )
    teutonic = [land.id for land in lands.values() if land.teutonic_symbol]
    _need(
        len(teutonic) == 1 and lands[teutonic[0]].principality == facts["teutonic_symbol_principality"],
        source,
        "lands.*.teutonic_symbol",
        f"one land with the symbol, in {facts['teutonic_symbol_principality']}",
        teutonic,
    )


def _units(raw: object, source: str, key: str) -> dict[str, int]:
    _need(isinstance(raw, dict), source, key, "a mapping unit kind → count", raw)
    for kind, n in raw.items():
        _need(kind in UNIT_KINDS, source, f"{key}.{kind}", f"one of {', '.join(UNIT_KINDS)}", kind)
        _need(isinstance(n, int) and not isinstance(n, bool) and n > 0, source, f"{key}.{kind}", "a count ≥ 1", n)
    return dict(raw)


def _deployment(raw: dict, lands: dict[str, Land], facts: dict, source: str):
    per_principality: dict[str, dict[str, dict[str, int]]] = {}
    for p in facts["principalities"]:
        placed = raw["principalities"].get(p)
        _need(isinstance(placed, dict), source, f"deployment.principalities.{p}", "a mapping land → units", placed)
        per_principality[p] = {}
        for land_id, units in placed.items():
            key = f"deployment.principalities.{p}.{land_id}"
            _need(land_id in lands, source, key, "an existing land", land_id)
            per_principality[p][land_id] = _units(units, source, key)
        princes = sum(u.get("prince", 0) for u in per_principality[p].values())
        _need(princes == 1, source, f"deployment.principalities.{p}", "exactly 1 Prince on the Map", princes)
    pomerania = {}
    for land_id, units in raw["pomerania_units"].items():
        key = f"deployment.pomerania_units.{land_id}"
        _need(land_id in facts["pomeranias"], source, key, f"one of {', '.join(facts['pomeranias'])}", land_id)
        pomerania[land_id] = _units(units, source, key)
    division = raw["division_tokens"]
    _need(
        isinstance(division, list) and len(division) == raw["division_tokens_count"],
        source,
        "deployment.division_tokens",
        f"{raw['division_tokens_count']} lands",
        division,
    )
    for land_id in division:
        _need(land_id in lands, source, "deployment.division_tokens", "existing lands", land_id)
        occupied = any(land_id in placed for placed in per_principality.values())
        _need(not occupied, source, "deployment.division_tokens", "lands without units", land_id)
    return per_principality, pomerania, tuple(division)


def compile_board(values: dict, source: str = str(MAP_PATH)) -> Board:
    """Validate the plain values tree of map.yaml and compile it into a ``Board``."""
    for top in ("facts", "city_tokens", "deployment", "lands"):
        _need(isinstance(values.get(top), dict), source, top, "a mapping", values.get(top))
    facts, tokens = values["facts"], values["city_tokens"]
    token_might = {kind: spec["might"] for kind, spec in tokens.items()}
    regions = (*facts["principalities"], "central", *facts["pomeranias"])
    off_map = tuple(facts["off_map_areas"])
    lands = {
        land_id: _land(land_id, _merge_land(land_id, raw, source), source, regions, token_might)
        for land_id, raw in values["lands"].items()
    }
    _check_graph(lands, source, off_map)
    _check_facts(lands, facts, tokens, source)
    deployment, pomerania, division = _deployment(values["deployment"], lands, facts, source)

    order = tuple(lands.values())
    index = {land.id: i for i, land in enumerate(order)}
    n, width = len(order), max(land.gords for land in order)
    adjacency = np.zeros((n, n), dtype=bool)
    for land in order:
        adjacency[index[land.id], [index[o] for o in land.adjacent]] = True
    indptr = np.concatenate([[0], np.cumsum(adjacency.sum(axis=1))]).astype(np.int32)
    indices = np.nonzero(adjacency)[1].astype(np.int32)  # row-major, so sorted within each row
    city_cost = np.zeros((n, width), dtype=np.int16)
    for land in order:
        city_cost[index[land.id], : land.gords] = [token_might[t] for t in land.city_tokens]
    principalities = tuple(facts["principalities"])
    return Board(
        lands=order,
        index=index,
        principalities=principalities,
        regions=regions,
        capitals=dict(facts["capitals"]),
        token_might=token_might,
        token_count={kind: spec["count"] for kind, spec in tokens.items()},
        off_map_areas=off_map,
        deployment=deployment,
        pomerania_units=pomerania,
        division_tokens=division,
        adjacency=adjacency,
        adj_indptr=indptr,
        adj_indices=indices,
        region=np.array([regions.index(land.principality) for land in order], dtype=np.int8),
        principality_of=np.array(
            [principalities.index(land.principality) if land.principality in principalities else -1 for land in order],
            dtype=np.int8,
        ),
        is_capital=np.array([land.capital for land in order], dtype=bool),
        capital_index=np.array([index[facts["capitals"][p]] for p in principalities], dtype=np.int16),
        gord_might=np.array([land.might for land in order], dtype=np.int16),
        gords=np.array([land.gords for land in order], dtype=np.int8),
        city_gain=(city_cost > 0).astype(np.int16),  # a City gives 1 more Might than its Gord
        city_cost=city_cost,
        people=np.array([land.people for land in order], dtype=np.int8),
        clergy=np.array([land.clergy for land in order], dtype=np.int8),
        border=np.array([[area in land.borders for area in off_map] for land in order], dtype=bool),
    )
