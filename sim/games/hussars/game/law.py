"""Law and Outlawry: crimes on the Crime Track, the Enemy of the Commonwealth, and punishment.

"When committing a crime, place the player's Crest token onto the nova exilia field of the Crime Track"; "Each
Crest placed on the Crime Track instantly awards 1 XP"; "A player instantly becomes an Enemy of the Commonwealth
when holding 3 or more total Crest tokens simultaneously on the Crime Track" and "instantly loses all titles and
Royal Leases"; "The status is instantly cleared the moment the number of personal Crest tokens on the Crime Track
drops to 2 or fewer". Only players' Crests go on the track (rebels and Tatars are enemies without Crests).
"""

from __future__ import annotations

from sim.games.hussars.game import experience, offices
from sim.games.hussars.game.state import NS, OH, REBELS, TATARS


def crests(state, s: int) -> int:
    return state.crests_new[s] + state.crests_old[s]


def is_outlaw(state, rules, s: int) -> bool:
    """An Enemy of the Commonwealth (a seat)."""
    return 0 <= s < NS and crests(state, s) >= rules.values["law"]["enemy_crests"]


def is_enemy(state, rules, force: int) -> bool:
    """Whether attacking ``force`` is always legal: Tatars and rebels, or an outlawed seat."""
    return force in (TATARS, REBELS) or is_outlaw(state, rules, force)


def commit(g, s: int, n: int) -> None:
    """``n`` crimes by seat ``s``: Crests on nova exilia, 1 XP each, and outlawry at the third Crest."""
    st, rules = g.state, g.rules
    if n <= 0 or not 0 <= s < NS:
        return
    was = is_outlaw(st, rules, s)
    st.crests_new[s] += n
    st.st_crimes[s] += n
    if not was and is_outlaw(st, rules, s):
        outlaw(g, s)
    experience.gain(g, s, n * rules.values["experience"]["crime"])


def outlaw(g, s: int) -> None:
    """Rulebook: "Instantly loses all titles and Royal Leases": the titles fall vacant, the leases go to the Other
    Houses."""
    st = g.state
    st.st_outlaw[s] = 1
    for t in range(len(st.title_holder)):
        if st.title_holder[t] == s:
            offices.vacate(g, t)
    for i in range(len(st.lease_holder)):
        if st.lease_holder[i] == s:
            offices.transfer_lease(g, i, OH)


def voivode(state, rules) -> int:
    return state.title_holder[offices.title_index(rules, "voivode")]


def authorised(state, rules, punisher: int, victim: int) -> bool:
    """Rulebook: "The Voivode is always authorised"; "As Voivode, the automated Other Houses always immediately summon
    the Castellan and all players"; "Without a summons from the Voivode, only an Enemy of the Commonwealth may be
    punished". A player Voivode is read as summoning nobody; a vacant office summons nobody either."""
    if is_outlaw(state, rules, victim):
        return True
    holder = voivode(state, rules)
    return holder == OH or holder == punisher


def punish(g, punisher: int, victim: int, n: int) -> int:
    """``n`` punishments of ``victim`` by seat ``punisher``: each removes one Crest (the expiring ones first) and gives
    1 XP and 1 Influence; one beyond the victim's Crests "removes no Crest and is a crime for the punisher".
    Returns the Crests removed."""
    st, law = g.state, g.rules.values["law"]
    removed = min(n, crests(st, victim))
    for _ in range(removed):
        if st.crests_old[victim] > 0:
            st.crests_old[victim] -= 1
        else:
            st.crests_new[victim] -= 1
    st.influence[punisher] += removed * law["punish_influence"]
    experience.gain(g, punisher, removed * law["punish_xp"])
    commit(g, punisher, n - removed)
    return removed


def attempt_punish(g, punisher: int, victim: int, n: int) -> None:
    """``n`` punishments of a criminal: with authorisation they remove Crests (``punish``); "A punishment beyond the
    limit or without authorisation removes no Crest and is a crime for the punisher"."""
    if authorised(g.state, g.rules, punisher, victim):
        punish(g, punisher, victim, n)
    else:
        commit(g, punisher, n)


def punishments_for_loot(rules, loot: int) -> int:
    """Rulebook: "Even minor plundering of the offender (1-2 Gold) counts as a full punishment, and every further full 3
    of loot is another punishment (3-5 Gold = 2 punishments, 6-8 Gold = 3 punishments, and so on)"."""
    return 1 + loot // rules.values["law"]["punishment_loot_step"]


def plunder_crimes(rules, before: int, loot: int) -> int:
    """Crimes of plundering ``loot`` with ``before`` already on the Plunder Scale: "Plundering up to 2 per round is
    lawful"; a total of 3 Gold is 1 crime, and "A raid worth 6 Gold is therefore 2 crimes" (one per full 3)."""
    step = rules.values["law"]["grand_plunder"]
    return (before + loot) // step - before // step


def expire(g) -> None:
    """Refresh: Crests on exilia abolitia return and a player Voivode loses 1 Influence per returned Crest (an
    assisting Castellan is not modelled: nobody is summoned); the nova exilia Crests move to abolitia."""
    st = g.state
    holder = voivode(st, g.rules)
    returned = sum(st.crests_old[s] for s in range(NS))
    if 0 <= holder < NS:
        st.influence[holder] -= returned * g.rules.values["law"]["expiry_influence"]
    for s in range(NS):
        st.crests_old[s] = st.crests_new[s]
        st.crests_new[s] = 0
