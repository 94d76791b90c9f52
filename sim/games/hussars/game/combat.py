"""A battle inside the game: the battle code's rules on the game's armies, and what flows back into the game.

The two sides are an army (slot) or a garrison (field). Conditions come from the board: the field's forest, river,
wasteland and settled peasants; each army's Loose Columns and the Movement Points it used this season; the
fortress level and famine markers of a besieged garrison; and whether a side can retreat (never after an
interception: "Neither side may play the Retreat tactic"). ``battles: simplified`` resolves it with
``sim.games.hussars.simplified``; ``battles: full`` plays each side's real hand of Tactic cards, filtered to its
legal tactics, at the equilibrium of that pair of hands (``tactics.solve``), solved once per distinct battle
(``g.memo``). The blind pick of a defender in Loose Columns is drawn from the game's stream.

Afterwards: losses and survivors (captured Artillery changes sides), one veteran swap per player side, a retreat,
spoils (1 Gold per destroyed token to a player winner), +1 VP per destroyed enemy token, ±3 VP for captured
Artillery, Aggression (a crime) or punishment, the commander's XP, the capture of a figure left without escort,
rescued jasyr, the end of a siege or an occupation, and the check for a suppressed uprising.
"""

from __future__ import annotations

import math

from sim.games.hussars import simplified
from sim.games.hussars.aftermath import promotion
from sim.games.hussars.full import NONE, RETREAT, Context, clash, legal_tactics
from sim.games.hussars.game import armies, estates, experience, law, movement, raids, sieges, tactics, unrest
from sim.games.hussars.game.state import BATTLE_KINDS, HETMAN, NS, REBELS, TATARS, VP_CATS
from sim.games.hussars.matrix import payoff
from sim.games.hussars.odds import threat_value
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY
from sim.games.hussars.scenario import Conditions

GARRISON = -2  # a side: (GARRISON, field) or (army slot, field)


def side_force(st, side) -> int:
    who, f = side
    return st.garrison_force[f] if who == GARRISON else st.a_force[who]


def side_units(st, side):
    who, f = side
    return st.garrison[f] if who == GARRISON else st.a_units[who]


def priority(st, force: int) -> int:
    """Place on the Turn Order Track (lower is first); forces off the track come last."""
    for i, f in enumerate(st.order):
        if f == force:
            return i
    return len(st.order)


def conditions(g, att, dfd, intercepted: bool, siege: bool) -> Conditions:
    st, rules = g.state, g.rules
    f = att[1]
    fld = rules.fields[f]
    level = st.fortress[f] if siege or (intercepted and rules.values["battles"]["interception_walls"]) else 0
    can = (
        not intercepted and movement.retreat_field(g, att[0]) >= 0,
        not intercepted and dfd[0] != GARRISON and movement.retreat_field(g, dfd[0]) >= 0,
    )
    army = dfd[0] != GARRISON
    return Conditions(
        forest=fld.forest, river=fld.river, peasants=st.bright[f] + st.incited[f] > 0, wasteland=fld.wasteland,
        loose=(bool(st.a_loose[att[0]]), army and bool(st.a_loose[dfd[0]])), fortress=level,
        famine=st.famine[f] if level else 0, moved=(st.a_moved[att[0]], st.a_moved[dfd[0]] if army else 0),
        can_retreat=can,
    )  # fmt: skip


def _blind_pick(g, army, cond: Conditions):
    """Rulebook: "From a hidden enemy army, it chooses blindly": a defender in Loose Columns fights with a uniform
    random half."""
    if not cond.loose[1] or cond.fortress:
        return army, ()
    k = math.ceil(len(army) * g.rules.battle.values["simplified"]["loose_columns_fighting_fraction"])
    picked = tuple(sorted(g.rng.sample(list(army), k)))
    rest = list(army)
    for tok in picked:
        rest.remove(tok)
    return picked, tuple(rest)


def hand(g, force: int, garrison_level: int) -> tuple[str, ...]:
    """The Tactic cards a side may play: a player's own cards; an automated force its nationality's whole deck
    (Tatars, Cossacks; the Commonwealth deck for the Other Houses and the Hetman); a besieged garrison also holds the
    Fortress card of its level."""
    st, rules = g.state, g.rules
    names = list(rules.battle.tactics)
    if 0 <= force < NS:
        out = [names[t] for t in range(len(names)) if st.tactics[force][t]]
    elif force == TATARS:
        out = list(rules.values["battles"]["tatar_deck"])
    elif force == REBELS:
        out = list(rules.values["battles"]["cossack_deck"])
    else:
        out = [names[t] for t in experience.tactic_deck(rules)]
    if garrison_level:
        out += [n for n, c in rules.battle.tactics.items() if c.fortress_level == garrison_level]
    return tuple(n for n in names if n in out)


def _full(g, att_army, dfd_army, picks, cond: Conditions, hands):
    """The tactic game of this battle, solved (memoised), and the clash both commanders' draws select."""
    brules = g.rules.battle
    ctx = Context(brules, (att_army, dfd_army), cond, (None, picks))
    key = (att_army, dfd_army, picks, cond, hands)
    solved = g.memo.get(key)
    if solved is None:
        rows = legal_tactics(ctx, 0, hands[0])
        cols = legal_tactics(ctx, 1, hands[1])
        outcomes = [[clash(ctx, a, d) for d in cols] for a in rows]
        objective = g.rules.values["battles"]["objective"]
        x, y, _ = tactics.solve([[payoff(o, objective) for o in row] for row in outcomes])
        solved = g.memo[key] = (rows, cols, x, y, outcomes)
    rows, cols, x, y, outcomes = solved
    i = tactics.pick(x, g.rng.random())
    j = tactics.pick(y, g.rng.random())
    return outcomes[i][j], (rows[i], cols[j])


def _fought(g, played: tuple[str, str], fighting, label: str, mode: str):
    """The unit types that fought on each side (a veteran swap may pick among them)."""
    if mode == "simplified":
        return tuple({t.unit for t in fighting[i]} for i in range(2))
    out = []
    for name in played:
        card = g.rules.battle.tactics.get(name)
        out.append(set(card.damage) if card is not None and name != RETREAT and label != "standoff" else set())
    return tuple(out)


def _promote(g, side_block, survivors, fought) -> None:
    """Rulebook: "Each participating player may swap one of their units that fought for its veteran version" (the battle
    code's choice), when the box holds the new token."""
    rules, st = g.rules, g.state
    if not fought:
        return
    swap = promotion(rules.battle, survivors, fought)
    if swap is None:
        return
    old, new = swap
    to, tn = rules.units.index(old.unit), rules.units.index(new.unit)
    if to != tn and st.box[tn] == 0:
        return
    side_block[to][int(old.veteran)][int(old.wounded)] -= 1
    side_block[tn][int(new.veteran)][int(new.wounded)] += 1


def _kind(forces: tuple[int, int], intercepted: bool, siege: bool) -> int:
    if TATARS in forces:
        name = "tatars"
    elif REBELS in forces:
        name = "rebels"
    elif intercepted:
        name = "interception"
    elif siege:
        name = "siege"
    elif HETMAN in forces:
        name = "hetman"
    else:
        name = "private"
    return BATTLE_KINDS.index(name)


def fight(g, att_slot: int, dfd, intercepted: bool = False, siege: bool = False) -> int:
    """Army ``att_slot`` attacks ``dfd`` (``(slot, field)`` or ``(GARRISON, field)``) on its field. Returns the
    winner (``outcome.ATTACKER``, ``DEFENDER`` or ``NOBODY``)."""
    st, rules = g.state, g.rules
    att = (att_slot, st.a_field[att_slot])
    forces = (side_force(st, att), side_force(st, dfd))
    cond = conditions(g, att, dfd, intercepted, siege)
    before = (armies.as_army(rules, side_units(st, att)), armies.as_army(rules, side_units(st, dfd)))
    att_fight, att_idle = simplified.fighting_split(rules.battle, before[0], cond.loose[0] and not cond.siege)
    dfd_fight, dfd_idle = _blind_pick(g, before[1], cond)
    if g.battles == "full":
        level = cond.fortress if cond.siege else 0
        hands = (hand(g, forces[0], 0), hand(g, forces[1], level if dfd[0] == GARRISON else 0))
        picks = (dfd_fight, dfd_idle) if (dfd_fight, dfd_idle) != (before[1], ()) else None
        outcome, played = _full(g, before[0], before[1], picks, cond, hands)
    else:
        tie = NOBODY
        if rules.battle.values["simplified"]["tie"] == "turn_order":
            tie = ATTACKER if priority(st, forces[0]) <= priority(st, forces[1]) else DEFENDER
        outcome = simplified.clash_given(rules.battle, att_fight, att_idle, dfd_fight, dfd_idle, cond, tie)
        played = (NONE, NONE)
    after = [armies.from_army(rules, outcome.attacker_after), armies.from_army(rules, outcome.defender_after)]
    if outcome.label not in ("surrender",):
        fought = _fought(g, played, (att_fight, dfd_fight), outcome.label, g.battles)
        for i in range(2):
            if 0 <= forces[i] < NS:
                _promote(g, after[i], (outcome.attacker_after, outcome.defender_after)[i], fought[i])
    fresh = (sum(not t.wounded for t in before[1]), sum(not t.wounded for t in outcome.defender_after))
    damaged = outcome.defender_lost > 0 or fresh[1] < fresh[0]  # a token destroyed or wounded
    _apply(g, att, after[0])
    _apply(g, dfd, after[1])
    _consequences(g, att, dfd, forces, outcome, played, damaged, intercepted, siege)
    kind = _kind(forces, intercepted, siege)
    st.bt_count[kind] += 1
    st.bt_att_win[kind] += outcome.winner == ATTACKER
    st.bt_att_lost[kind] += outcome.attacker_lost
    st.bt_def_lost[kind] += outcome.defender_lost
    return outcome.winner


def _apply(g, side, block) -> None:
    st, rules = g.state, g.rules
    who, f = side
    if who == GARRISON:
        armies.set_garrison(st, rules, f, block)
    else:
        armies.set_units(st, rules, who, block)


def _consequences(g, att, dfd, forces, outcome, played, damaged: bool, intercepted: bool, siege: bool) -> None:
    st, rules = g.state, g.rules
    f = att[1]
    lost = (outcome.attacker_lost, outcome.defender_lost)
    sides = (att, dfd)
    # spoils and enemy-token VP
    enemy_vp = rules.values["law"]["enemy_token_vp"]
    for i in range(2):
        me, foe = forces[i], forces[1 - i]
        if not 0 <= me < NS:
            continue
        if (outcome.winner == ATTACKER and i == 0) or (outcome.winner == DEFENDER and i == 1):
            st.gold[me] += lost[1 - i] * rules.values["spoils"]["per_token"]
        counts = law.is_outlaw(st, rules, foe) or (rules.values["law"]["enemy_tokens"] == "all_enemies"
                                                   and foe in (TATARS, REBELS))  # fmt: skip
        if counts:
            st.vp[me][VP_CATS.index("enemies")] += lost[1 - i] * enemy_vp
        guns = outcome.captured[i] - outcome.captured[1 - i]  # won (+) or lost (-)
        st.vp[me][VP_CATS.index("captured_artillery")] += guns * rules.values["spoils"]["captured_artillery_vp"]
    # Aggression or punishment by a player attacker (defending, and interceptions, are never crimes)
    attacker, defender = forces
    if 0 <= attacker < NS and not intercepted:
        if 0 <= defender < NS and law.crests(st, defender) > 0:  # "each attack counts as a punishment"
            law.attempt_punish(g, attacker, defender, 1)
        elif not law.is_enemy(st, rules, defender) and damaged:
            law.commit(g, attacker, rules.values["law"]["aggression_crimes"])
    # the commanders' XP
    for i in range(2):
        s = forces[i]
        if 0 <= s < NS and st.figure[s] == f and st.captor[s] < 0:
            experience.gain(g, s, rules.values["experience"]["command_battle"])
    # a retreat that succeeded
    for i in range(2):
        who = sides[i][0]
        if (
            played[i] == RETREAT
            and outcome.label != "standoff"
            and who != GARRISON
            and st.a_force[who] >= 0
            and armies.army_tokens(st, who) > 0
        ):
            dest = movement.retreat_field(g, who)
            if dest >= 0:
                _relocate(g, who, dest)
                st.a_loose[who] = 1
    # figures left without escort, rescued jasyr, empty armies
    for i in range(2):
        who = sides[i][0]
        if who != GARRISON and st.a_force[who] >= 0 and armies.army_tokens(st, who) == 0:
            _escort_lost(g, forces[i], f, sides[1 - i])
            if forces[i] == TATARS:
                _rescue(g, who, forces[1 - i])
            armies.free_slot(st, who)
    _sieges_and_occupations(g, f)
    if REBELS in forces:
        unrest.check_suppressed(g)


def _relocate(g, a: int, dest: int) -> None:
    st = g.state
    src = st.a_field[a]
    for s in range(NS):
        if st.figure[s] == src and st.a_force[a] == s and st.captor[s] < 0:
            st.figure[s] = dest
        if st.captor[s] == a:
            st.figure[s] = dest
    st.a_field[a] = dest


def _escort_lost(g, force: int, f: int, enemy_side) -> None:
    """Rulebook: "A figure is at risk of capture if ... its whole escort is destroyed": d6 + XL against the Threat Value
    of the enemy's strongest non-Artillery unit; a lower roll is captured, else the figure escapes to a neighbour."""
    st, rules = g.state, g.rules
    if not 0 <= force < NS or st.figure[force] != f or st.captor[force] >= 0:
        return
    who = enemy_side[0]
    army = armies.as_army(rules, side_units(st, enemy_side))
    if who == GARRISON or not any(rules.battle.units[t.unit].kind != "artillery" for t in army):
        return
    roll = g.die(rules.battle.values["characters"]["capture_die"])
    if roll + st.xl[force] < threat_value(rules.battle, army):
        st.captor[force] = who
        captor = st.a_force[who]
        if 0 <= captor < NS:
            law.commit(g, captor, rules.values["law"]["kidnapping_crimes"])
        return
    options = [nb for nb in sorted(rules.fields[f].neighbours) if not armies.enemy_troops(st, nb, force)]
    if options:
        st.figure[force] = options[0]


def _rescue(g, a: int, liberator: int) -> None:
    """Rulebook: "Rescued peasants return to their home estate" (a town's drawn token to the Migration Bank); "The
    liberator receives 1 Influence for each rescued peasant"."""
    st, rules = g.state, g.rules
    freed = 0
    for k in range(len(st.a_jasyr[a])):
        home = st.a_jasyr[a][k]
        if home == -1:
            continue
        st.a_jasyr[a][k] = -1
        freed += 1
        if home >= 0 and st.owner[home] >= 0:
            estates.add_peasants(st, rules, home, 0, 1)
        else:
            st.bank_incited += 1
    if 0 <= liberator < NS:
        st.influence[liberator] += freed * rules.values["tatars"]["liberator_influence"]


def _sieges_and_occupations(g, f: int) -> None:
    sieges.check(g, f)
    st = g.state
    if st.occupier[f] >= 0 and not armies.armies_at(st, f, st.occupier[f]):
        raids.end_occupation(g, f)
