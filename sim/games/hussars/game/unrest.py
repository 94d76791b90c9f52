"""Order, Unrest and Conflicts: Happiness, the outbreak of an uprising, defection, and how an uprising ends.

"A formal uprising erupts instantly when the Happiness Level of any individual player drops to -3 or lower. If the
Overall Happiness track falls to this threshold, a widespread rebellion erupts across all estates controlled by the
Automated Magnates and Other Houses." "When an uprising breaks out, each Magnate lowers their Happiness on the Family
Board by 1." "Take all independent Ex-Registered Cossack units on the board (except those on expeditions). Split them
equally into separate armies: one against each player where the uprising broke out, plus one against the Other
Houses if the rebellion spread to their estates. Assign leftover tokens at random." How the rebels act is in
``rebels``. An uprising with no Ex-Registered Cossacks to rise does not break out (assumed); a new trigger during an
uprising adds its player to the targets without new armies (assumed).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates
from sim.games.hussars.game.state import NA, NS, OH, ON_MAP, REBELS, VP_CATS


def threshold(rules) -> int:
    return rules.values["unrest"]["threshold"]


def change_happiness(g, s: int, delta: int) -> None:
    if not g.state.active[s] or delta == 0:
        return
    g.state.happiness[s] += delta
    check(g)


def change_overall(g, delta: int) -> None:
    """Rulebook: "When it rises or falls, players immediately move their own tracks by the same amount."."""
    st = g.state
    if delta == 0:
        return
    st.overall += delta
    for s in range(NS):
        if st.active[s]:
            st.happiness[s] += delta
    check(g)


def _triggered(g) -> list[int]:
    st, thr = g.state, threshold(g.rules)
    out = [s for s in range(NS) if st.active[s] and st.happiness[s] <= thr]
    if st.overall <= thr:
        out.append(OH)
    return out


def check(g) -> None:
    st = g.state
    hit = _triggered(g)
    if not hit:
        return
    if not st.uprising:
        outbreak(g)
        return
    for target in hit:
        if not st.targets[target]:
            st.targets[target] = 1
            if target < NS:
                defect(g, target)


def _sich_tokens(st) -> list[tuple[int, int, int]]:
    out = []
    for t in range(st.dims.nt):
        for v in range(2):
            for w in range(2):
                out += [(t, v, w)] * st.sich_units[t][v][w]
    return out


def outbreak(g) -> None:
    st, rules = g.state, g.rules
    pool = _sich_tokens(st)
    if not pool:
        return
    st.uprising, st.uprising_turn = 1, 0
    st.st_uprisings += 1
    for s in range(NS):
        if st.active[s]:
            st.happiness[s] -= rules.values["unrest"]["outbreak_happiness"]
    targets = _triggered(g)
    for target in targets:
        st.targets[target] = 1
    sich = [f for f, fld in enumerate(rules.fields) if fld.sich][0]
    share = len(pool) // len(targets)
    owner = [targets[i // share] if share else -1 for i in range(share * len(targets))]
    owner += [targets[g.rng.randrange(len(targets))] for _ in range(len(pool) - len(owner))]
    slots = {}
    for target in targets:
        if target in owner:
            slots[target] = armies.new_army(st, REBELS, sich)
            st.a_target[slots[target]] = target
    for (t, v, w), target in zip(pool, owner, strict=True):
        armies.add_units(st, rules, slots[target], t, v, w, 1, from_box=False)
        st.sich_units[t][v][w] -= 1
    for target in targets:
        if target < NS:
            defect(g, target)


def _cossack(rules) -> int:
    return rules.units.index("cossack")


def defect(g, s: int, field: int | None = None) -> None:
    """Private Cossacks (no loyalty flags are modelled) of seat ``s`` (on ``field`` only, if given) join the
    rebellion as a separate army under the rebels' Crest on their field; the owner lowers Upkeep at once."""
    st, rules = g.state, g.rules
    c = _cossack(rules)
    for a in armies.armies_of(st, s):
        if field is not None and st.a_field[a] != field:
            continue
        block = [[st.a_units[a][c][v][w] for w in range(2)] for v in range(2)]
        if not any(block[v][w] for v in range(2) for w in range(2)):
            continue
        rebel = armies.new_army(st, REBELS, st.a_field[a])
        st.a_target[rebel] = s
        for v in range(2):
            for w in range(2):
                if block[v][w]:
                    armies.remove_units(st, rules, a, c, v, w, block[v][w], to_box=False)
                    armies.add_units(st, rules, rebel, c, v, w, block[v][w], from_box=False)
        armies.drop_if_empty(st, a)


def defect_meeting(g) -> None:
    """Rulebook: "When they meet independent Ex-Registered ... Cossacks on the same field", and "whenever their owner's
    Happiness is -3 or lower"."""
    st = g.state
    for s in range(NS):
        if not st.active[s]:
            continue
        if st.happiness[s] <= threshold(g.rules):
            defect(g, s)
            continue
        for f in sorted({st.a_field[a] for a in armies.armies_of(st, REBELS)}):
            defect(g, s, f)


def rebel_armies(st) -> list[int]:
    return [a for a in range(NA) if st.a_force[a] == REBELS and st.a_away[a] == ON_MAP]


def suppressed(g) -> bool:
    """Rulebook: "Suppression Requirement: Wound every independent rebel Cossack unit token in the voivodeship\" (on the
    map)."""
    st = g.state
    for a in rebel_armies(st):
        for t in range(st.dims.nt):
            for v in range(2):
                if st.a_units[a][t][v][0]:
                    return False
    for f in range(st.dims.nf):
        if st.garrison_force[f] == REBELS and any(st.garrison[f][t][v][0] for t in range(st.dims.nt) for v in range(2)):
            return False
    return True


def check_suppressed(g) -> None:
    if g.state.uprising and suppressed(g):
        end(g, agreement=False)


def end(g, agreement: bool) -> None:
    """Agreement or Suppression: the Agreement Cost, estates and fortresses back to their owners, every rebel token
    to the Sich, and Overall Happiness up by 1 (Agreement) or 2 (Suppression)."""
    st, rules = g.state, g.rules
    if not st.uprising:
        return
    if agreement:
        for s in range(NS):
            if st.active[s]:
                st.vp[s][VP_CATS.index("unrest")] -= estates.agreement_loss(st, rules, s, REBELS)
    for f in range(st.dims.nf):
        if st.occupier[f] == REBELS:
            before = estates.share(st, rules, f)
            st.occupier[f] = -1
            estates.settle(st, rules, f, before)
        if st.garrison_force[f] == REBELS:
            for t in range(st.dims.nt):
                for v in range(2):
                    for w in range(2):
                        st.sich_units[t][v][w] += st.garrison[f][t][v][w]
                        st.garrison[f][t][v][w] = 0
            st.garrison_force[f] = -1
    for a in range(NA):
        if st.a_force[a] == REBELS:
            for t in range(st.dims.nt):
                for v in range(2):
                    for w in range(2):
                        st.sich_units[t][v][w] += st.a_units[a][t][v][w]
                        st.a_units[a][t][v][w] = 0
            armies.free_slot(st, a)
    st.uprising, st.uprising_turn = 0, 0
    st.targets = [0] * len(st.targets)
    v = rules.values["unrest"]
    change_overall(g, v["agreement_happiness"] if agreement else v["suppression_happiness"])
