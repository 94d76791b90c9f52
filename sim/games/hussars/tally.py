"""One finished game as a row of integers, and the rows of many games as counts, per-game columns and metrics.

Both engines end a game with the same row (``COLUMNS``: the winner, each seat's family, plan, VP by category and
economy, the battles by kind, uprisings, Tatar raids, the leader after each round), so everything downstream — the
counts that add up across chunks, the parquet rows and the summary — is one code path whichever engine played.
A paired experiment plays each game once per variant on the same stream: its rows have a variant axis.
"""

from __future__ import annotations

import numpy as np

from sim.games.hussars.game import victory
from sim.games.hussars.game.state import BATTLE_KINDS, NS, VP_CATS
from sim.stats import mean_ci, wilson

ECONOMY = ("income", "upkeep", "deficit", "crimes", "outlaw", "deaths", "jasyr", "ruined", "raids", "paid_title",
           "paid_lease", "titles", "leases")  # fmt: skip
STATE_OF = {"income": "st_income", "upkeep": "st_upkeep", "deficit": "st_deficit", "crimes": "st_crimes",
            "outlaw": "st_outlaw", "deaths": "st_deaths", "jasyr": "st_jasyr", "ruined": "st_ruined",
            "raids": "st_raids", "paid_title": "st_paid_title", "paid_lease": "st_paid_lease"}  # fmt: skip
SEAT = ("family", "plan", "vp", *(f"vp_{c}" for c in VP_CATS), *ECONOMY)
GLOBAL = ("winner", "tie", "rounds", "uprisings", "tatar_raids", "illegal", "lead0", "lead1", "lead2",
          *(f"bt_{m}_{k}" for m in ("count", "att_win", "att_lost", "def_lost") for k in BATTLE_KINDS))  # fmt: skip
COLUMNS = GLOBAL + tuple(f"s{j}_{c}" for j in range(NS) for c in SEAT)
COL = {c: i for i, c in enumerate(COLUMNS)}


def row(state, rules, winner: int, plan_ids: list[int]) -> np.ndarray:
    """The finished game ``state`` as one row (``plan_ids[seat]``: the plan id at each seat, -1 empty)."""
    st = state
    out = np.zeros(len(COLUMNS), np.int64)
    scores = [victory.categories(st, rules, s) if st.active[s] else [0] * len(VP_CATS) for s in range(NS)]
    totals = [sum(c) for c in scores]
    out[COL["winner"]] = winner
    out[COL["tie"]] = int(sum(1 for s in range(NS) if st.active[s] and totals[s] == totals[winner]) > 1)
    out[COL["rounds"]] = st.rounds
    out[COL["uprisings"]] = st.st_uprisings
    out[COL["tatar_raids"]] = st.st_tatar_raids
    out[COL["illegal"]] = st.illegal
    for r in range(3):
        out[COL[f"lead{r}"]] = st.st_lead[r]
    for m, name in (("count", "bt_count"), ("att_win", "bt_att_win"), ("att_lost", "bt_att_lost"),
                    ("def_lost", "bt_def_lost")):  # fmt: skip
        for k, kind in enumerate(BATTLE_KINDS):
            out[COL[f"bt_{m}_{kind}"]] = getattr(st, name)[k]
    for s in range(NS):
        p = f"s{s}_"
        out[COL[p + "family"]] = st.family[s]
        out[COL[p + "plan"]] = plan_ids[s]
        if not st.active[s]:
            continue
        out[COL[p + "vp"]] = totals[s]
        for i, cat in enumerate(VP_CATS):
            out[COL[p + f"vp_{cat}"]] = scores[s][i]
        for name, field in STATE_OF.items():
            out[COL[p + name]] = getattr(st, field)[s]
        out[COL[p + "titles"]] = sum(1 for t in st.title_holder if t == s)
        out[COL[p + "leases"]] = sum(1 for h in st.lease_holder if h == s)
    return out


# ---- counts -------------------------------------------------------------------------------------------------------


def count(rows: np.ndarray, nfam: int, nplan: int) -> dict[str, np.ndarray]:
    """Integer sums over games (``rows``: games × COLUMNS) that add up across chunks."""
    r = np.asarray(rows, np.int64).reshape(-1, len(COLUMNS))
    ncat = len(VP_CATS)
    c = {
        "games": np.array([len(r)], np.int64),
        "wins": np.zeros(nfam, np.int64), "played": np.zeros(nfam, np.int64), "ties": np.zeros(1, np.int64),
        "seat_wins": np.zeros(NS, np.int64), "seat_played": np.zeros(NS, np.int64),
        "strategy_wins": np.zeros((nplan, nfam), np.int64), "strategy_games": np.zeros((nplan, nfam), np.int64),
        "vp_cat": np.zeros((nfam, ncat), np.int64), "vp": np.zeros(nfam, np.int64), "vp_sq": np.zeros(nfam, np.int64),
        "strategy_vp_cat": np.zeros((nplan, ncat), np.int64),
        **{f"eco_{e}": np.zeros(nfam, np.int64) for e in ECONOMY},
        "uprisings": np.zeros(1, np.int64), "tatar_raids": np.zeros(1, np.int64), "illegal": np.zeros(1, np.int64),
        "lead_changes": np.zeros(3, np.int64), "lead_games": np.zeros(3, np.int64),
        "vp_spread": np.zeros(1, np.int64), "vp_spread_sq": np.zeros(1, np.int64),
        **{f"bt_{m}": np.zeros(len(BATTLE_KINDS), np.int64) for m in ("count", "att_win", "att_lost", "def_lost")},
    }  # fmt: skip
    for name in ("ties", "uprisings", "tatar_raids", "illegal"):
        c[name][0] = r[:, COL["tie" if name == "ties" else name]].sum()
    winner = r[:, COL["winner"]]
    vps = np.zeros((len(r), NS), np.int64)
    seated = np.zeros((len(r), NS), bool)
    for s in range(NS):  # vectorised over games, one seat at a time
        fam, plan = r[:, COL[f"s{s}_family"]], r[:, COL[f"s{s}_plan"]]
        on = fam >= 0
        fam, plan, g = fam[on], plan[on], r[on]
        won = (winner[on] == s).astype(np.int64)
        vp = g[:, COL[f"s{s}_vp"]]
        vps[on, s], seated[:, s] = vp, on
        c["played"] += np.bincount(fam, minlength=nfam)
        c["wins"] += np.bincount(fam, won, minlength=nfam).astype(np.int64)
        c["seat_played"][s] += len(fam)
        c["seat_wins"][s] += won.sum()
        np.add.at(c["strategy_games"], (plan, fam), 1)
        np.add.at(c["strategy_wins"], (plan, fam), won)
        np.add.at(c["vp"], fam, vp)
        np.add.at(c["vp_sq"], fam, vp * vp)
        for i, cat in enumerate(VP_CATS):
            np.add.at(c["vp_cat"][:, i], fam, g[:, COL[f"s{s}_vp_{cat}"]])
            np.add.at(c["strategy_vp_cat"][:, i], plan, g[:, COL[f"s{s}_vp_{cat}"]])
        for e in ECONOMY:
            np.add.at(c[f"eco_{e}"], fam, g[:, COL[f"s{s}_{e}"]])
    lo, hi = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    spread = np.where(seated, vps, lo).max(axis=1) - np.where(seated, vps, hi).min(axis=1)
    c["vp_spread"][0] = spread.sum()
    c["vp_spread_sq"][0] = (spread * spread).sum()
    rounds = r[:, COL["rounds"]]
    for k in range(3):
        played = rounds - 1 > k
        c["lead_games"][k] = played.sum()
        c["lead_changes"][k] = (played & (r[:, COL[f"lead{k}"]] != winner)).sum()
    for m in ("count", "att_win", "att_lost", "def_lost"):
        for k, kind in enumerate(BATTLE_KINDS):
            c[f"bt_{m}"][k] = r[:, COL[f"bt_{m}_{kind}"]].sum()
    return c


def columns(rows: np.ndarray, factions: tuple[str, ...], labels: tuple[str, ...]) -> dict[str, np.ndarray]:
    """Per-game columns for parquet (``sim report``, ``sim compare``): the winner as a family index, and for each
    seat its family's name, plan's name, VP and VP by category (-1 for an empty seat)."""
    r = np.asarray(rows, np.int64).reshape(-1, len(COLUMNS))
    out: dict[str, np.ndarray] = {}
    win_seat = r[:, COL["winner"]]
    fam = np.stack([r[:, COL[f"s{s}_family"]] for s in range(NS)], axis=1)
    out["winner"] = fam[np.arange(len(r)), win_seat].astype(np.int16)
    out["winner_seat"] = win_seat.astype(np.int8)
    out["rounds"] = r[:, COL["rounds"]].astype(np.int8)
    for name in ("tie", "uprisings", "tatar_raids", "illegal"):
        out[name] = r[:, COL[name]].astype(np.int16)
    for kind in BATTLE_KINDS:
        out[f"battles_{kind}"] = r[:, COL[f"bt_count_{kind}"]].astype(np.int16)
    for s in range(NS):
        f = r[:, COL[f"s{s}_family"]]
        p = r[:, COL[f"s{s}_plan"]]
        out[f"seat{s}_faction"] = np.array([factions[x] if x >= 0 else "" for x in f], dtype=str)  # no pickles
        out[f"seat{s}_plan"] = np.array([labels[x] if x >= 0 else "" for x in p], dtype=str)
        empty = f < 0
        out[f"seat{s}_won"] = (win_seat == s) & ~empty
        for name in ("vp", *(f"vp_{c}" for c in VP_CATS), *ECONOMY):
            col = r[:, COL[f"s{s}_{name}"]].astype(np.int32)
            col[empty] = -1
            key = name[3:] if name.startswith("vp_") else name
            out[f"seat{s}_{key}"] = col
    return out


# ---- metrics ------------------------------------------------------------------------------------------------------


def _rate(k: int, n: int):
    return (k / n) if n else None


def battles(c: dict, n: int) -> dict:
    """The battle metrics every game reports: per kind, battles per game, the attacker's win rate with its interval,
    and tokens lost per game by each side."""
    kinds = list(BATTLE_KINDS)
    cnt, win = c["bt_count"], c["bt_att_win"]
    return {
        "kinds": kinds,
        "per_game": {k: int(cnt[i]) / n for i, k in enumerate(kinds)},
        "attacker_win_rate": {k: _rate(int(win[i]), int(cnt[i])) for i, k in enumerate(kinds)},
        "attacker_win_rate_ci95": {
            k: (list(wilson(int(win[i]), int(cnt[i]))) if cnt[i] else None) for i, k in enumerate(kinds)
        },  # fmt: skip
        "units_lost_per_game": {
            "attacker": {k: int(c["bt_att_lost"][i]) / n for i, k in enumerate(kinds)},
            "defender": {k: int(c["bt_def_lost"][i]) / n for i, k in enumerate(kinds)},
        },
    }


def metrics(c: dict, factions: tuple[str, ...], labels: tuple[str, ...], rounds: int) -> dict:
    n = int(c["games"][0])
    played = c["played"]
    fams = [f for i, f in enumerate(factions) if played[i] > 0]
    idx = {f: factions.index(f) for f in fams}
    sw, sg = c["strategy_wins"], c["strategy_games"]
    per = {f: int(played[idx[f]]) for f in fams}

    def per_fam(name: str) -> dict:
        return {f: int(c[name][idx[f]]) / per[f] for f in fams}

    vp_ci = {f: list(mean_ci(float(c["vp"][idx[f]]), float(c["vp_sq"][idx[f]]), per[f])[1:]) for f in fams}
    spread = mean_ci(float(c["vp_spread"][0]), float(c["vp_spread_sq"][0]), n)
    seats_played = c["seat_played"]
    out = {
        "factions": fams,
        "strategies": list(labels),
        "win_rate": {f: int(c["wins"][idx[f]]) / per[f] for f in fams},
        "win_rate_ci95": {f: list(wilson(int(c["wins"][idx[f]]), per[f])) for f in fams},
        "games_by_family": per,
        "seat_win_rate": {
            f"seat{s + 1}": _rate(int(c["seat_wins"][s]), int(seats_played[s])) for s in range(NS) if seats_played[s]
        },  # fmt: skip
        "seat_win_rate_ci95": {
            f"seat{s + 1}": list(wilson(int(c["seat_wins"][s]), int(seats_played[s])))
            for s in range(NS)
            if seats_played[s]
        },  # fmt: skip
        "win_type": {"most_vp": 1.0 - int(c["ties"][0]) / n, "tie_break": int(c["ties"][0]) / n},
        "mean_rounds": float(rounds),
        "mean_vp": {f: int(c["vp"][idx[f]]) / per[f] for f in fams},
        "mean_vp_ci95": vp_ci,
        "score_by_ruler": {
            f: {cat: int(c["vp_cat"][idx[f], i]) / per[f] for i, cat in enumerate(VP_CATS)} for f in fams
        },  # fmt: skip
        "score_by_strategy": {
            lab: {cat: int(c["strategy_vp_cat"][k, i]) / int(sg[k].sum()) for i, cat in enumerate(VP_CATS)}
            for k, lab in enumerate(labels)
            if sg[k].sum()
        },
        "strategy_matrix": {
            lab: {
                f: {"games": int(sg[k, idx[f]]), "win_rate": _rate(int(sw[k, idx[f]]), int(sg[k, idx[f]]))}
                for f in fams
            }
            for k, lab in enumerate(labels)
        },  # fmt: skip
        "strategy_win_rate": {lab: _rate(int(sw[k].sum()), int(sg[k].sum())) for k, lab in enumerate(labels)},
        "economy": {
            "income_per_harvest": {f: v / rounds for f, v in per_fam("eco_income").items()},
            "upkeep_per_harvest": {f: v / rounds for f, v in per_fam("eco_upkeep").items()},
            **{f"{e}_per_game": per_fam(f"eco_{e}") for e in ECONOMY},
        },
        "uprisings_per_game": int(c["uprisings"][0]) / n,
        "tatar_raids_per_game": int(c["tatar_raids"][0]) / n,
        "outlaw_rate": per_fam("eco_outlaw"),
        "deaths_per_game": sum(int(c["eco_deaths"][idx[f]]) for f in fams) / n,
        "lead_changes": {
            f"after_round_{k + 1}": _rate(int(c["lead_changes"][k]), int(c["lead_games"][k]))
            for k in range(3)
            if c["lead_games"][k]
        },  # fmt: skip
        "vp_spread": spread[0],
        "vp_spread_ci95": [spread[1], spread[2]],
        "battles": battles(c, n),
        "illegal_actions": int(c["illegal"][0]),
    }
    return out
