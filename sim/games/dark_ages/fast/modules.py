"""The optional modules on the compiled engine: which ones it plays (``layout.MODULES``, bits of the ``mods``
field), their rules values as fields of ``context.TABLES`` (read from modules.yaml: no rules value in code) and
their set-up. Twin of ``game/modules/__init__.py``; each module is the twin of its reference module
(``alchemists``, ``alliances``, ``tribute``, ``pope``), and the core calls them at the reference's hook points.
"""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.alliances import install as install_alliances
from sim.games.dark_ages.fast.layout import ALLY_HAND, GAINS, MOD_ALLY, MOD_TRIB, MODULES, Unsupported
from sim.games.dark_ages.fast.stream import J

POPE_ROWS = 8  # rows of the Pope's cost table (capacity)
ALLY_CARDS = 16  # Alliance cards (capacity)

FIELDS = [
    ("alch_per", (), "Module 4: resources on the Alchemist card per Gold"),
    ("ally_n", (), "Module 5: Alliance cards"), ("ally_dealt", (), "dealt to each player"),
    ("ally_break", (), "VP the attacker loses breaking an Alliance"),
    ("ally_recv", (ALLY_CARDS, 2), "'When Received' benefit (GAINS index, amount), sorted card ids"),
    ("ally_pass", (ALLY_CARDS, 2), "'Pass' benefit"),
    ("trib_n", (), "Module 11: player markers on a Ruler card"), ("trib_pay", (), "Gold to pay off a tribute"),
    ("trib_pay_at", (), "the tributary pays once it holds this much Gold (policy)"),
    ("trib_per_pass", (), "resources a tributary gives at each Pass"),
    ("pope_nrow", (), "Module 12A: cost rows"), ("pope_cost", (POPE_ROWS, 2), "rows: from N Churches, cost"),
    ("pope_vp", (), "VP for the holder at the end"), ("pope_claim", (), "1: claim whenever affordable (policy)"),
    ("pope_rank", (), "Kingdom Titles whose id sorts before the Pope's (a Title repeat exhausts the lowest id)"),
]  # fmt: skip


def fill(t, ctx, tids: tuple[str, ...], title: str) -> None:
    """The modules' fields of the TABLES filler ``t`` from ``ctx.modules`` (modules.yaml)."""
    m = ctx.modules
    t["alch_per"] = m["alchemists"]["resources_per_gold"]
    al = m["alliances"]
    ids = sorted(al["cards"])
    if len(ids) > ALLY_CARDS or al["dealt"] > ALLY_HAND:
        raise Unsupported(f"{len(ids)} Alliance cards, {al['dealt']} dealt (the compiled engine holds at most "
                          f"{ALLY_CARDS}, {ALLY_HAND} in a hand)")  # fmt: skip
    t["ally_n"], t["ally_dealt"], t["ally_break"] = len(ids), al["dealt"], al["break_vp"]
    for key, side in (("ally_recv", "received"), ("ally_pass", "on_pass")):
        t[key] = [[GAINS.index(al["cards"][c][side][0]), al["cards"][c][side][1]] for c in ids]
    tr = m["tribute"]
    t["trib_n"], t["trib_pay"], t["trib_per_pass"] = tr["markers"], tr["payoff_gold"], tr["resources_per_pass"]
    t["trib_pay_at"] = max(tr["payoff_gold"], tr["payoff_when_gold_at_least"])
    pope = m["pope"]
    rows = pope["cost_by_churches"]
    if len(rows) > POPE_ROWS:
        raise Unsupported(f"{len(rows)} rows of the Pope's cost table (the compiled engine holds at most {POPE_ROWS})")
    t["pope_nrow"], t["pope_cost"] = len(rows), rows
    t["pope_vp"], t["pope_claim"] = pope["end_vp"], int(pope["claim_if_affordable"])
    t["pope_rank"] = sum(1 for x in tids if x < title)


def bits(names) -> int:
    """The ``mods`` bits of the switched-on modules ``names`` (the compiled ones; Module 7 is in the tables)."""
    return sum(1 << MODULES.index(m) for m in names if m in MODULES)


@njit(**J)
def install(S, T, mods, R):
    """Twin: ``game.modules.install``, ``game.modules.tribute.Tribute.install``,
    ``game.modules.alchemists.Alchemists.install``: after the set-up, in module order (Alliances deal their cards
    from the stream)."""
    S.mods = mods
    if mods & MOD_ALLY:
        install_alliances(S, T, R)
    if mods & MOD_TRIB:
        for s in range(S.n):
            S.trib_markers[s] = T.trib_n
