"""Winged Hussars and Cossacks full-game experiments for ``sim run`` (the contract is in ``sim.experiments``).

Experiment keys (besides ``game``, ``games``, ``seed``, ``title``)::

    players: 4                       # 2 | 3 | 4 families in the game
    families: [ostrogski, wisniowiecki, korecki, danilowicz]   # the families in play (families.yaml ids)
    plans: [economic, military, political, raider]   # one plan per family (same order), or {family: plan};
                                     # see strategies/hussars (random, economic, military, political, raider)
    rotate: true                     # game i puts family k on seat (k + i) mod 4 and gives it plan
                                     # (k + i // 4) mod players: every family plays every seat and every plan
    seats: {ostrogski: economic, ...}   # instead of plans: each family keeps its plan (or a mixture of plans,
                                     # {mix: {plan: weight}}) and rotate turns only the seats (sim tune, balance);
                                     # {uses: rollout, params: {budget: 16, policy: economic}}: a searcher
    search: {budget: 16}             # a searcher in every seat of seats:, each playing its seat's plan as policy
    rounds: 2                        # 2 (Short Scenario) | 3 (Long Scenario)
    battles: simplified              # simplified | full (Tactic cards, equilibrium play per pair of hands)
    titles: {hetman: 1}              # a title held at the start by the family on that seat (1-4)
    leases: {kaniw: 1}               # a Royal Lease held at the start by the family on that seat
    rules: {"events.deck.besh_bash": 3}   # dotted overrides of any configs/hussars/*.yaml value
    compare: {short: {rounds: 2}, long: {rounds: 3}}   # a paired study: every game is played under each
                                     # variant (rounds, battles, titles, leases, rules) on the same stream
    sweep: {key: events.deck.besh_bash, values: [0, 1, 2]}   # a paired study over one rules value
    engine: auto                     # auto | fast | reference (sim/games/hussars/fast plays what it covers)
    strict: false                    # true: a plan decision the rules refuse stops the run

Game ``i`` of every variant draws only from the stream ``trial_state(key, i)``. The top-level metrics are the first
variant's; a paired study adds ``variants`` (each variant's metrics) and ``paired`` (per plan, family and seat: the
change in win rate and VP against the first variant, with paired 95% intervals).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import numpy as np

from sim.errors import ConfigError
from sim.games.hussars import tally
from sim.games.hussars.game.ruleset import load_game_rules
from sim.games.hussars.game.state import NS
from sim.rng import trial_state
from sim.search.settings import every_seat
from sim.stats import mean_ci
from strategies.hussars.rollout import Rollout

KEYS = ("players", "families", "plans", "seats", "search", "rotate", "rounds", "battles", "titles", "leases", "rules",
        "compare", "sweep", "engine", "strict")  # fmt: skip
VARIANT_KEYS = ("rounds", "battles", "titles", "leases", "rules")
BATTLES = ("simplified", "full")
DEFAULT_PLANS = ("economic", "military", "political", "raider")


@dataclass(frozen=True)
class Setup:
    """One configuration of the game (a paired study has several)."""

    name: str
    rounds: int
    battles: str
    rules: tuple[tuple[str, str], ...]  # (dotted key, JSON value)
    titles: tuple[tuple[int, int], ...]  # (title index, seat)
    leases: tuple[tuple[int, int], ...]  # (lease index, seat)

    def __str__(self) -> str:  # the echo line and reports: ``full (2 rounds, full battles, hetman at seat 2)``
        rules = load_game_rules()
        parts = [f"{self.rounds} rounds", f"{self.battles} battles"]
        parts += [f"{rules.titles[t].id} at seat {s + 1}" for t, s in self.titles]
        parts += [f"{rules.leases[i].id} at seat {s + 1}" for i, s in self.leases]
        parts += [f"{k} = {v}" for k, v in self.rules]
        return f"{self.name} ({', '.join(parts)})"


@dataclass(frozen=True)
class Experiment:
    factions: tuple[str, ...]  # the families in play, in seat order before rotation
    labels: tuple[str, ...]  # distinct plan labels; a plan id indexes this
    specs: tuple[tuple[str, str], ...]  # (class reference, JSON parameters) per plan id
    seats: tuple[int, ...]  # the plan id of each family before rotation
    rotate: bool | str  # True, False, or "seats" (the families rotate over the seats, each keeps its plan)
    variants: tuple[Setup, ...]
    engine: str = "reference"
    strict: bool = False
    engine_reason: str = ""  # why the reference engine plays it (empty on the fast engine)

    @property
    def players(self) -> int:
        return len(self.factions)

    @functools.cached_property
    def family_ids(self) -> tuple[int, ...]:
        """The families' indices in families.yaml (overrides cannot reorder them)."""
        known = [f.id for f in load_game_rules().families]
        return tuple(known.index(f) for f in self.factions)


def _other_game(key: str) -> str | None:
    """The game whose experiments take ``key``, if another game's."""
    from sim.games import GAMES, having

    for game in having("experiment"):
        if game == "hussars":
            continue
        try:
            keys = getattr(GAMES[game].load("experiment"), "KEYS", ())
        except ImportError:  # pragma: no cover - every registered module imports
            continue
        if key in keys:
            return game
    return None


def _check_keys(raw: dict, source: str) -> None:
    for key in raw:
        if key in KEYS or key == "mode":
            continue
        other = _other_game(key)
        found = f"{key} (a {other} experiment key)" if other else key
        raise ConfigError(source, key, f"a hussars experiment key ({', '.join(KEYS)})", found)
    if raw.get("mode", "game") != "game":
        raise ConfigError(source, "mode", "game (the only Hussars experiment mode; paired studies use compare:)",
                          raw.get("mode"))  # fmt: skip


def _plans(raw: dict, factions: list[str], source: str):
    from strategies.hussars import PLANS, resolve

    if "plans" in raw and "seats" in raw:
        raise ConfigError(source, "seats", "plans (rotated over the families) or seats (a plan per family), not both",
                          "both")  # fmt: skip
    key = "seats" if "seats" in raw else "plans"
    spec = raw.get(key, list(DEFAULT_PLANS[: len(factions)]))
    where = [f"{key}[{i}]" for i in range(len(factions))]
    if isinstance(spec, dict):
        where = [f"{key}.{f}" for f in factions]
        missing = [f for f in factions if f not in spec]
        extra = [f for f in spec if f not in factions]
        if missing or extra:
            raise ConfigError(source, key, f"a plan for each of {', '.join(factions)}", sorted(spec))
        spec = [spec[f] for f in factions]
    if not isinstance(spec, list) or len(spec) != len(factions):
        raise ConfigError(source, key, f"a list of {len(factions)} plans (one per family)", spec)
    labels, specs, ids = [], [], []
    for i, item in enumerate(spec):
        try:
            label, uses, params = resolve(item)
        except (ValueError, ImportError, AttributeError, TypeError) as err:
            raise ConfigError(source, where[i], f"a plan ({', '.join(PLANS)}, or a plan file)", str(err)) from None
        entry = (uses, json.dumps(params, sort_keys=True))
        if label in labels and specs[labels.index(label)] != entry:
            raise ConfigError(source, key, "one definition per plan name", label)
        if label not in labels:
            labels.append(label)
            specs.append(entry)
        ids.append(labels.index(label))
    return tuple(labels), tuple(specs), tuple(ids)


def _grants(raw, names: list[str], key: str, source: str) -> tuple[tuple[int, int], ...]:
    if raw in (None, {}):
        return ()
    if not isinstance(raw, dict):
        raise ConfigError(source, key, "a mapping {name: seat 1-4}", raw)
    out = []
    for name, seat in raw.items():
        if name not in names:
            raise ConfigError(source, f"{key}.{name}", f"one of {', '.join(names)}", name)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= NS:
            raise ConfigError(source, f"{key}.{name}", "a seat number 1-4", seat)
        out.append((names.index(name), seat - 1))
    return tuple(out)


def _setup(name: str, raw: dict, base: dict, source: str, prefix: str = "") -> Setup:
    merged = {**base, **raw}
    rules_raw = {**(base.get("rules") or {}), **(raw.get("rules") or {})}
    if not isinstance(rules_raw, dict):
        raise ConfigError(source, f"{prefix}rules", "a mapping of dotted rules keys to values", rules_raw)
    rules = load_game_rules(rules_raw, dict.fromkeys(rules_raw, source))  # every error names the key and source
    rounds = merged.get("rounds", rules.values["rounds"]["default"])
    if rounds not in rules.values["rounds"]["allowed"]:
        raise ConfigError(source, f"{prefix}rounds", "2 or 3 (the Short or Long Scenario)", rounds)
    battles = merged.get("battles", "simplified")
    if battles not in BATTLES:
        raise ConfigError(source, f"{prefix}battles", " or ".join(BATTLES), battles)
    titles = _grants(merged.get("titles"), [t.id for t in rules.titles], f"{prefix}titles", source)
    leases = _grants(merged.get("leases"), [le.id for le in rules.leases], f"{prefix}leases", source)
    pairs = tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in rules_raw.items()))
    return Setup(name, rounds, battles, pairs, titles, leases)


def _variants(raw: dict, source: str) -> tuple[Setup, ...]:
    base = {k: raw[k] for k in VARIANT_KEYS if k in raw}
    if "compare" in raw and "sweep" in raw:
        raise ConfigError(source, "sweep", "compare or sweep, not both", "both")
    if "compare" in raw:
        spec = raw["compare"]
        if not isinstance(spec, dict) or len(spec) < 2:
            raise ConfigError(source, "compare", "a mapping of at least two variants {name: {key: value}}", spec)
        out = []
        for name, keys in spec.items():
            if not isinstance(keys, dict):
                raise ConfigError(source, f"compare.{name}", "a mapping of variant keys", keys)
            for key in keys:
                if key not in VARIANT_KEYS:
                    raise ConfigError(source, f"compare.{name}.{key}", f"a variant key ({', '.join(VARIANT_KEYS)})",
                                      key)  # fmt: skip
            out.append(_setup(str(name), keys, base, source, f"compare.{name}."))
        return tuple(out)
    if "sweep" in raw:
        spec = raw["sweep"]
        if (
            not isinstance(spec, dict)
            or set(spec) != {"key", "values"}
            or not isinstance(spec["values"], list)
            or len(spec["values"]) < 2
        ):
            raise ConfigError(source, "sweep", "{key: a dotted rules key, values: [at least two values]}", spec)
        return tuple(_setup(f"{spec['key']}={json.dumps(v)}", {"rules": {spec["key"]: v}}, base, source, "sweep.")
                     for v in spec["values"])  # fmt: skip
    return (_setup("base", {}, base, source),)


def experiment_from_dict(raw: dict, source: str) -> Experiment:
    _check_keys(raw, source)
    raw = every_seat(raw, source, lambda block: Rollout(**block))
    rules = load_game_rules()
    known = [f.id for f in rules.families]
    players = raw.get("players", len(raw["families"]) if isinstance(raw.get("families"), list) else NS)
    allowed = rules.values["players"]["allowed"]
    if isinstance(players, bool) or players not in allowed:
        raise ConfigError(source, "players", f"one of {', '.join(map(str, allowed))}", players)
    factions = raw.get("families", known[:players])
    if not isinstance(factions, list) or len(factions) != players:
        raise ConfigError(source, "families", f"a list of {players} families (players: {players})", factions)
    for i, fam in enumerate(factions):
        if fam not in known:
            raise ConfigError(source, f"families[{i}]", f"a family ({', '.join(known)})", fam)
    if len(set(factions)) != len(factions):
        raise ConfigError(source, "families", "each family once", factions)
    for key in ("rotate", "strict"):
        if key in raw and not isinstance(raw[key], bool):
            raise ConfigError(source, key, "true or false", raw[key])
    labels, specs, ids = _plans(raw, factions, source)
    experiment = Experiment(
        factions=tuple(factions), labels=labels, specs=specs, seats=ids,
        rotate="seats" if "seats" in raw and raw.get("rotate", True) else raw.get("rotate", True),
        variants=_variants(raw, source), strict=raw.get("strict", False),
    )  # fmt: skip
    from sim.games.hussars.fast.dispatch import choose_engine

    engine, reason = choose_engine(raw, experiment, source)
    if engine == "reference" and any(uses == "rollout" for uses, _ in specs):
        raise ConfigError(source, "engine", "auto or fast for a rollout seat (it searches on the compiled engine)",
                          raw.get("engine", "auto") + (f" ({reason})" if reason else ""))  # fmt: skip
    return _replace_engine(experiment, engine, reason)


def _replace_engine(experiment: Experiment, engine: str, reason: str) -> Experiment:
    import dataclasses

    return dataclasses.replace(experiment, engine=engine, engine_reason=reason)


def compile(experiment: Experiment) -> Experiment:
    """The payload is the experiment itself: small and picklable; workers rebuild rules and plans once."""
    return experiment


def max_chunk(payload: Experiment) -> int | None:
    if payload.engine == "fast":
        from sim.games.hussars.fast.dispatch import FAST_MAX_CHUNK

        return max(1, FAST_MAX_CHUNK // len(payload.variants))
    return None


def seating(payload: Experiment, game: int) -> tuple[list[int], list[int]]:
    """(family index per seat, plan id per seat) in game ``game``; -1 for an empty seat."""
    p = payload.players
    seat_shift = game % NS if payload.rotate else 0
    plan_shift = (game // NS) % p if payload.rotate is True else 0
    families, plans = [-1] * NS, [-1] * NS
    for k in range(p):
        seat = (k + seat_shift) % NS
        families[seat] = payload.family_ids[k]
        plans[seat] = payload.seats[(k + plan_shift) % p]
    return families, plans


@functools.lru_cache(maxsize=16)
def _rules(pairs: tuple[tuple[str, str], ...]):
    return load_game_rules({k: json.loads(v) for k, v in pairs})


def reference_rows(payload: Experiment, key, start: int, count: int) -> np.ndarray:
    """Games ``start .. start+count-1`` of every variant on the reference engine: (count, variants, COLUMNS)."""
    from sim.games.hussars.game.loop import play_game
    from sim.lockstep import LockstepRandom
    from strategies.hussars import make

    plans = [make(uses, json.loads(params)) for uses, params in payload.specs]
    rows = np.zeros((count, len(payload.variants), len(tally.COLUMNS)), np.int64)
    memos = [{} for _ in payload.variants]
    for k in range(count):
        game = start + k
        families, plan_ids = seating(payload, game)
        seat_plans = [plans[i] if i >= 0 else None for i in plan_ids]
        fam_index = [payload.family_ids.index(f) if f >= 0 else -1 for f in families]
        for v, setup in enumerate(payload.variants):
            rules = _rules(setup.rules)
            rec = play_game(
                rules,
                families,
                seat_plans,
                LockstepRandom(trial_state(key, game)),
                setup.rounds,
                setup.battles,
                setup.titles,
                setup.leases,
                strict=payload.strict,
                memo=memos[v],
            )
            rows[k, v] = tally.row(rec.final, rules, rec.winner, plan_ids)
            for s in range(NS):  # the row names families by their place in the experiment, not families.yaml
                rows[k, v, tally.COL[f"s{s}_family"]] = fam_index[s]
    return rows


def play_chunk(payload: Experiment, key, start: int, count: int, keep_rows: bool):
    if payload.engine == "fast":
        from sim.games.hussars.fast.chunk import fast_rows

        rows = fast_rows(payload, key, start, count)
    else:
        rows = reference_rows(payload, key, start, count)
    return counts_of(payload, rows), (rows_of(payload, rows) if keep_rows else None)


def counts_of(payload: Experiment, rows: np.ndarray) -> dict[str, np.ndarray]:
    nfam, nplan = payload.players, len(payload.labels)
    out: dict[str, np.ndarray] = {}
    for v in range(len(payload.variants)):
        for name, arr in tally.count(rows[:, v], nfam, nplan).items():
            out[f"v{v}:{name}"] = arr
    if len(payload.variants) > 1:
        out.update(_paired_counts(payload, rows))
    return out


def _outcomes(rows: np.ndarray, nfam: int, nplan: int):
    """Per game: wins and VP by plan, by family and by seat (games × plans, × families, × seats)."""
    col = tally.COL
    n = len(rows)
    win_p, vp_p = np.zeros((n, nplan), np.int64), np.zeros((n, nplan), np.int64)
    win_f, vp_f = np.zeros((n, nfam), np.int64), np.zeros((n, nfam), np.int64)
    win_s, vp_s = np.zeros((n, NS), np.int64), np.zeros((n, NS), np.int64)
    for s in range(NS):
        fam = rows[:, col[f"s{s}_family"]]
        plan = rows[:, col[f"s{s}_plan"]]
        seated = fam >= 0
        won = (rows[:, col["winner"]] == s) & seated
        vp = np.where(seated, rows[:, col[f"s{s}_vp"]], 0)
        idx = np.nonzero(seated)[0]
        np.add.at(win_p, (idx, plan[idx]), won[idx])
        np.add.at(vp_p, (idx, plan[idx]), vp[idx])
        np.add.at(win_f, (idx, fam[idx]), won[idx])
        np.add.at(vp_f, (idx, fam[idx]), vp[idx])
        win_s[:, s], vp_s[:, s] = won, vp
    return {"plan_win": win_p, "plan_vp": vp_p, "family_win": win_f, "family_vp": vp_f, "seat_win": win_s,
            "seat_vp": vp_s}  # fmt: skip


def _paired_counts(payload: Experiment, rows: np.ndarray) -> dict[str, np.ndarray]:
    nfam, nplan = payload.players, len(payload.labels)
    base = _outcomes(rows[:, 0], nfam, nplan)
    out = {}
    for v in range(1, len(payload.variants)):
        other = _outcomes(rows[:, v], nfam, nplan)
        for name in base:
            d = other[name] - base[name]
            out[f"pair{v}:{name}:d"] = d.sum(axis=0)
            out[f"pair{v}:{name}:d2"] = (d * d).sum(axis=0)
    return out


def rows_of(payload: Experiment, rows: np.ndarray) -> dict[str, np.ndarray]:
    out = tally.columns(rows[:, 0], payload.factions, payload.labels)
    col = tally.COL
    for v in range(1, len(payload.variants)):
        r = rows[:, v]
        out[f"v{v}_winner_seat"] = r[:, col["winner"]].astype(np.int8)
        for s in range(NS):
            out[f"v{v}_seat{s}_vp"] = np.where(r[:, col[f"s{s}_family"]] >= 0, r[:, col[f"s{s}_vp"]], -1).astype(
                np.int32
            )
    return out


def _variant_counts(counts: dict, v: int) -> dict:
    prefix = f"v{v}:"
    return {k[len(prefix) :]: val for k, val in counts.items() if k.startswith(prefix)}


def _change(counts: dict, v: int, name: str, names, n: int, scale: float = 1.0) -> dict:
    d, d2 = counts[f"pair{v}:{name}:d"], counts[f"pair{v}:{name}:d2"]
    out = {}
    for i, label in enumerate(names):
        mean, lo, hi = mean_ci(float(d[i]), float(d2[i]), n)
        out[label] = {"change": mean * scale, "ci95": [lo * scale, hi * scale]}
    return out


def summarize(counts: dict, n: int, payload: Experiment) -> dict:
    """The first variant's metrics at the top; for a paired study each variant's, and the paired changes."""
    variants = payload.variants
    per = [tally.metrics(_variant_counts(counts, v), payload.factions, payload.labels, s.rounds)
           for v, s in enumerate(variants)]  # fmt: skip
    out = dict(per[0])
    out["engine"] = payload.engine
    out["battle_rules"] = variants[0].battles
    if len(variants) > 1:
        out["variants"] = {s.name: m for s, m in zip(variants, per, strict=True)}
        seats = [f"seat{s + 1}" for s in range(NS)]
        out["paired"] = {
            variants[v].name: {
                "against": variants[0].name,
                "plan_win_rate_change": _change(counts, v, "plan_win", payload.labels, n),
                "plan_vp_change": _change(counts, v, "plan_vp", payload.labels, n),
                "family_win_rate_change": _change(counts, v, "family_win", payload.factions, n),
                "seat_win_rate_change": _change(counts, v, "seat_win", seats, n),
                "seat_vp_change": _change(counts, v, "seat_vp", seats, n),
            }
            for v in range(1, len(variants))
        }
    out["report_tables"] = report_tables(out, variants)
    return out


def _r(x):
    return None if x is None else round(float(x), 3)


def report_tables(m: dict, variants) -> dict[str, list[dict]]:
    """The game's own tables for ``sim report``: economy and law by family, battles by kind, and for a paired study
    each variant's headline numbers and the paired changes."""
    eco = m["economy"]
    tables = {
        "Economy and law by family (per game; Income and Upkeep per Harvest)": [
            {"family": f, "income/harvest": _r(eco["income_per_harvest"][f]),
             "upkeep/harvest": _r(eco["upkeep_per_harvest"][f]), "unpaid gold": _r(eco["deficit_per_game"][f]),
             "crimes": _r(eco["crimes_per_game"][f]), "outlaw rate": _r(m["outlaw_rate"][f]),
             "deaths": _r(eco["deaths_per_game"][f]), "jasyr lost": _r(eco["jasyr_per_game"][f]),
             "income ruined": _r(eco["ruined_per_game"][f]), "raids": _r(eco["raids_per_game"][f]),
             "paid for titles": _r(eco["paid_title_per_game"][f]), "paid for leases": _r(eco["paid_lease_per_game"][f])}
            for f in m["factions"]
        ],
        "Battles by kind (per game)": [
            {"kind": k, "battles": _r(m["battles"]["per_game"][k]),
             "attacker wins": _r(m["battles"]["attacker_win_rate"][k]),
             "attacker tokens lost": _r(m["battles"]["units_lost_per_game"]["attacker"][k]),
             "defender tokens lost": _r(m["battles"]["units_lost_per_game"]["defender"][k])}
            for k in m["battles"]["kinds"]
        ],
    }  # fmt: skip
    if "variants" in m:
        rows = []
        for name, v in m["variants"].items():
            rows.append({"variant": name, "uprisings": _r(v["uprisings_per_game"]),
                         "Tatar raids": _r(v["tatar_raids_per_game"]), "deaths": _r(v["deaths_per_game"]),
                         "battles": _r(sum(v["battles"]["per_game"].values())), "VP spread": _r(v["vp_spread"]),
                         "income ruined": _r(sum(v["economy"]["ruined_per_game"].values())),
                         "jasyr lost": _r(sum(v["economy"]["jasyr_per_game"].values())),
                         "outlaw rate": _r(sum(v["outlaw_rate"].values()) / len(v["outlaw_rate"])),
                         **{f"lead change {k}": _r(x) for k, x in v["lead_changes"].items()}})  # fmt: skip
        tables["Variants (per game)"] = rows
        changes = []
        for name, p in m["paired"].items():
            for what, key in (("plan", "plan_win_rate_change"), ("seat", "seat_win_rate_change")):
                for who, c in p[key].items():
                    changes.append({"variant": name, "against": p["against"], "who": f"{what} {who}",
                                    "win rate change": _r(c["change"]), "ci95 lo": _r(c["ci95"][0]),
                                    "ci95 hi": _r(c["ci95"][1])})  # fmt: skip
        tables["Paired win-rate changes (same games, same stream)"] = changes
    return tables
