"""The Ex-Registered rebels' turn during an uprising (blue side of the Attack cards), the Agreement and the treaty.

"At the start of each Ex-Registered turn, in each estate they occupy, remove 1 incited peasant ... and place 1
Cossack unit there. It joins the Ex-Registered army on that field." "Each uprising army moves straight to its
target's ... estate with the highest gross Income." "Rebels follow the blue side of the Attack cards and occupy the
estates they capture. When they capture a completed fortress, the whole army stays inside" (read: one token holds
the fortress as its garrison at once, the rest stays as the occupying army). "During the first turn of the
rebellion, the rebel armies attack only the targeted players who triggered the outbreak." "At the start of the
Planning and Time step of the uprising's 3rd or 4th turn ... a peace treaty may be negotiated. It requires consent
from ... all Senators ...; a single veto blocks it. Senate offices held by the Other Houses always consent." "A
formal agreement occurs automatically at the start of the Planning and Time step of the uprising's 5th turn."
"""

from __future__ import annotations

from sim.games.hussars.game import armies, combat, enemies, estates, movement, raids, sieges, unrest
from sim.games.hussars.game.state import NS, REBELS


def _richest(g, target: int, exclude_held: bool = True) -> int:
    st, rules = g.state, g.rules
    owned = [f for f in range(st.dims.nf) if st.owner[f] == target and not (exclude_held and st.occupier[f] == REBELS)]
    if not owned:
        return -1
    return max(owned, key=lambda f: (estates.gross(st, rules, f), -f))


def _allowed(g, a: int):
    st = g.state
    if st.uprising_turn <= 1:
        return lambda force: force < len(st.targets) and st.targets[force] == 1
    return lambda force: True


def _options(g, a: int, action: str) -> list[int]:
    st = g.state
    if action == "army":
        return enemies.army_targets(g, a, _allowed(g, a))
    if action in ("estate", "richest"):
        pool = [st.a_target[a]] if action == "estate" else [t for t in range(NS + 1) if st.targets[t]]
        fields = [f for f in (_richest(g, t) for t in pool) if f >= 0]
        return sorted(set(fields))
    return []


def turn(g) -> None:
    """The rebels' turn: recruits from incited peasants, defection, then each rebel army's Attack card."""
    st, rules = g.state, g.rules
    if not st.uprising:
        return
    st.uprising_turn += 1
    c = rules.units.index("cossack")
    for f in range(st.dims.nf):
        here = armies.armies_at(st, f, REBELS)
        if st.occupier[f] == REBELS and here and st.incited[f] > 0 and st.box[c] > 0:
            estates.add_peasants(st, rules, f, 0, -1)
            armies.add_units(st, rules, here[0], c, 0, 0, 1)
    unrest.defect_meeting(g)
    for a in unrest.rebel_armies(st):
        if st.a_force[a] == REBELS and st.a_away[a] == 0:
            _act(g, a)
        if not st.uprising:
            return
    armies.merge_armies(st, rules, REBELS)
    unrest.check_suppressed(g)


def _act(g, a: int) -> None:
    st = g.state
    drawn = enemies.draw(g, a, 1, lambda action: _options(g, a, action))
    if drawn is None:
        goal = _richest(g, st.a_target[a])
        if goal >= 0:
            _march_on(g, a, goal)
        return
    action, options = drawn
    target = enemies.choose(g, REBELS, a, action, options)
    if action == "army":
        if _go(g, a, st.a_field[target]) and st.a_force[target] >= 0 and st.a_field[target] == st.a_field[a]:
            combat.fight(g, a, (target, st.a_field[a]))
    else:
        _march_on(g, a, target)


def _go(g, a: int, goal: int) -> bool:
    st = g.state
    spent, icpt = movement.move(g, a, goal, enemies.budget(g, a))
    st.a_moved[a] += spent
    if spent > movement.speed(g, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        combat.fight(g, a, (combat.GARRISON, icpt), intercepted=True)
        return False
    return st.a_force[a] == REBELS and st.a_field[a] == goal


def _march_on(g, a: int, f: int) -> None:
    """Toward the estate; there, beat its defenders, besiege its fortress, or occupy it."""
    st = g.state
    if not _go(g, a, f):
        return
    for b in armies.armies_at(st, f):
        if st.a_force[b] not in (-1, REBELS) and st.a_force[a] == REBELS:
            combat.fight(g, a, (b, f))
    if st.a_force[a] != REBELS or any(st.a_force[b] not in (-1, REBELS) for b in armies.armies_at(st, f)):
        return
    if st.garrison_force[f] not in (-1, REBELS) and armies.tokens(st.garrison[f]) > 0:
        if st.besieger[f] < 0 and sieges.can_besiege(g, a):
            sieges.start(g, a)
        if st.besieger[f] == a:
            combat.fight(g, a, (combat.GARRISON, f), siege=True)
        if st.a_force[a] != REBELS or armies.tokens(st.garrison[f]) > 0:
            return
        _hold_fortress(g, a, f)
    if raids.can_occupy(g, a):
        raids.occupy(g, a)


def _hold_fortress(g, a: int, f: int) -> None:
    st, rules = g.state, g.rules
    if not st.fortress[f]:
        return
    for t in range(st.dims.nt):
        for v in range(2):
            for w in range(2):
                if st.a_units[a][t][v][w] and armies.army_tokens(st, a) > 1:
                    armies.remove_units(st, rules, a, t, v, w, 1, to_box=False)
                    st.garrison_force[f] = REBELS
                    armies.garrison_add(st, rules, f, t, v, w, 1, from_box=False)
                    return


def treaty(g) -> None:
    """The start of the Planning step: a treaty on the 3rd or 4th uprising turn, the Agreement on the 5th."""
    st, rules = g.state, g.rules
    if not st.uprising:
        return
    coming = st.uprising_turn + 1
    v = rules.values["unrest"]
    if coming >= v["automatic_turn"]:
        unrest.end(g, agreement=True)
        return
    if coming in v["treaty_turns"]:
        for t, title in enumerate(rules.titles):
            holder = st.title_holder[t]
            if title.senator and 0 <= holder < NS and g.plans[holder].veto(g, holder):
                return
        unrest.end(g, agreement=True)
