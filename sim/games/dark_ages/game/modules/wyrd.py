"""Module 8, The Wyrd: a face-down Wyrd card rides under one offer card, making it accessible to all; whoever takes
it chooses, before looking at it, to remove it from play or to activate it with one player marker per player (from
their supply of 12; a card taken only because of its Wyrd must be activated); every activation takes a marker off
all the other active Wyrds, and a Wyrd with no marker left is fulfilled (its owner suffers one of its two
penalties). Most Wyrds: 7 VP."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES
from sim.games.dark_ages.game.economy import gain_vp
from sim.games.dark_ages.game.state import remove_units


def can_pay(game, seat: int, what: str) -> int:
    """How much of a penalty ``what`` the player can suffer."""
    p = game.players[seat]
    if what == "vp":
        return p.vp
    if what == "gold":
        return p.gold
    if what == "resources":
        return sum(p.res[r] for r in RESOURCES)
    if what == "unit":
        return p.units_in_play()
    if what == "noble":
        return p.nobles_free
    raise ValueError(f"unknown Wyrd penalty {what!r}")


def choose_penalty(game, seat: int, penalties: list) -> int:
    """'If one of the penalties cannot be completely fulfilled, you must select the other one. If one of the
    penalties has no effect, you must select the other one. If both penalties can only be fulfilled partially, you
    must select the bottom one.' Otherwise the player's choice (assumed: the cheaper, the top one on a tie)."""
    have = [can_pay(game, seat, what) for what, _ in penalties]
    full = [h >= n for h, (_, n) in zip(have, penalties, strict=True)]
    some = [h > 0 for h in have]
    if full[0] != full[1]:
        return 0 if full[0] else 1
    if not full[0]:
        if some[0] != some[1]:
            return 0 if some[0] else 1
        return 1
    weight = game.ctx.modules["wyrd"]["penalty_weight"]  # the assumed cost of one penalty item
    cost = [weight[what] * n for what, n in penalties]
    return 0 if cost[0] <= cost[1] else 1


def suffer(game, seat: int, what: str, n: int) -> None:

    p = game.players[seat]
    for _ in range(n):
        if what == "vp":
            gain_vp(p, -1, "modules")
        elif what == "gold" and p.gold > 0:
            p.gold -= 1
        elif what == "resources" and any(p.res[r] for r in RESOURCES):
            r = max(RESOURCES, key=lambda x: (p.res[x], -RESOURCES.index(x)))
            p.res[r] -= 1
        elif what == "unit" and p.units:
            q = max(p.units, key=lambda x: (sum(p.units[x].values()), x))
            kind = min(p.units[q], key=lambda k: (p.military[k], UNIT_TYPES.index(k)))
            remove_units(p, q, kind)
        elif what == "noble" and p.nobles_free > 0:
            p.nobles_free -= 1
            game.exhausted[seat] += 1


class Wyrd:
    name = "wyrd"

    def __init__(self, data: dict):
        self.data = data
        self.deck: list[str] = []  # the face-down Wyrd deck, top first
        self.attached: dict[str, str] = {}  # Culture card in the offer → the Wyrd card under it
        self.active: list[list[list]] = []  # per seat: [Wyrd card, markers left] for each active Wyrd
        self.fulfilled: list[list[str]] = []  # per seat: fulfilled (face-down, kept) Wyrd cards
        self.suffered: list[int] = []  # per seat: penalties suffered (for tests and reports)
        self.removed: list[str] = []  # Wyrd cards removed from play by the player who took them
        self.forced: tuple[int, bool] | None = None  # (seat, taken only through the Wyrd) of the card being taken

    def install(self, game) -> None:
        """'Shuffle the 12 Wyrd cards ... take the top Wyrd card ... and tuck it underneath the rightmost (least
        accessible) Culture card.'"""
        self.deck = sorted(self.data["penalties"])
        game.rng.shuffle(self.deck)
        self.active = [[] for _ in range(game.n)]
        self.fulfilled = [[] for _ in range(game.n)]
        self.suffered = [0] * game.n
        self._attach(game)

    def _attach(self, game) -> bool:
        """Tuck the next Wyrd under the rightmost offer card without one; False if the Wyrd deck is empty."""
        if not self.deck:
            return False
        free = [c for c in game.offer if c not in self.attached]
        if free:
            self.attached[free[-1]] = self.deck.pop(0)
        return True

    def extra_slots(self, game, seat: int) -> list[int]:
        """'A card with a Wyrd card attached is considered accessible for all players'."""
        return [i for i, c in enumerate(game.offer) if c in self.attached]

    def culture_chosen(self, game, seat: int, slot: int, beyond_track: bool) -> None:
        """'If the Culture card was only accessible because of the Wyrd card, you must select the second option!'
        (a Development of Culture taking a card beyond the player's Culture track position)."""
        self.forced = (seat, beyond_track)

    def markers_free(self, seat: int) -> int:
        """The player's markers not on an active Wyrd ('12 player markers per player')."""
        return self.data["markers_per_player"] - sum(entry[1] for entry in self.active[seat])

    def card_taken(self, game, seat: int, card: str) -> bool:
        """Taking a card with a Wyrd: the player chooses, before looking at the Wyrd, to remove it from play or to
        activate it (the strategy's ``wyrd_activate``; forced when the card was only accessible through the Wyrd),
        then the next Wyrd is attached ('After a Wyrd card has been taken ... (and the offer is refilled)'); with
        none left, 'immediately resolve all in-play Wyrd cards'. The Culture card itself goes to the hand."""
        forced, self.forced = self.forced == (seat, True), None
        w = self.attached.pop(card, None)
        if w is None:
            return False
        if forced or game.players[seat].strategy.wyrd_activate(game, seat, card, False):
            self.activate(game, seat, w)
        else:
            self.removed.append(w)  # 'Remove it from play'
        if not self._attach(game):
            for s in self._order(game, seat):
                for entry in list(self.active[s]):
                    self.fulfil(game, s, entry)
        return False

    def activate(self, game, seat: int, w: str) -> None:
        """'Put it face up in play in front of you ... and place as many player markers on it as the number of
        players. If you select this option, every player (including you) takes one player marker off all of their
        other, active Wyrd cards.' Markers come from the player's supply; short of them, as many as are left
        (assumed; with 2-4 players the 12 never run out: active Wyrds hold distinct counts 1..n)."""
        others = [(s, entry) for s in self._order(game, seat) for entry in self.active[s]]
        for _, entry in others:  # 'takes one player marker off all of their other, active Wyrd cards'
            entry[1] -= 1  # (taken off first: they go back to their owners' supplies)
        entry = [w, min(game.n, self.markers_free(seat))]  # 'as many player markers on it as the number of players'
        self.active[seat].append(entry)
        for s, other in others:
            if other[1] <= 0:
                self.fulfil(game, s, other)
        if entry[1] <= 0:
            self.fulfil(game, seat, entry)

    @staticmethod
    def _order(game, seat: int) -> list[int]:
        """From the current player, clockwise (assumed order when several Wyrds are fulfilled at once)."""
        return [(seat + k) % game.n for k in range(game.n)]

    def fulfil(self, game, seat: int, entry: list) -> None:
        """'the curse is fulfilled: you must select one of the two penalties listed on it to suffer ... Flip the
        fulfilled Wyrd card face down, but keep it.'"""
        self.active[seat].remove(entry)
        penalties = self.data["penalties"][entry[0]]
        what, n = penalties[choose_penalty(game, seat, penalties)]
        suffer(game, seat, what, n)
        self.suffered[seat] += 1
        self.fulfilled[seat].append(entry[0])

    def offer_discarded(self, game, card: str) -> None:
        """'If a Culture card with a Wyrd card is discarded from the offer, move the Wyrd card under the rightmost
        Culture card (that does not already have a Wyrd card).'"""
        w = self.attached.pop(card, None)
        if w is None:
            return
        free = [c for c in game.offer if c not in self.attached]
        if free:
            self.attached[free[-1]] = w
        else:
            self.deck.insert(0, w)  # assumed: back on top of the Wyrd deck

    def held(self, seat: int) -> int:
        return len(self.active[seat]) + len(self.fulfilled[seat])

    def final_vp(self, game, seat: int) -> int:
        """'the player with most Wyrd cards (active or fulfilled) score 7 VP' (ties: each scores, assumed)."""
        most = max(self.held(s) for s in range(game.n))
        return self.data["end_vp"] if most > 0 and self.held(seat) == most else 0
