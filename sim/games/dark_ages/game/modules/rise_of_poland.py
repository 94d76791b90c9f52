"""Module 15A, Rise of Poland: three Poland cards per player (Veleti, Building Santok, Polish Church) aided step by
step with the linked action for VP; the first to flip a card in a category subjects the others to a Levy; a
flipped card holds a Farm from the Farm track and gives a benefit once per Pass; Mieszko I and the Chrobry events
come out of the Culture deck."""

from __future__ import annotations

from dataclasses import replace

from sim.games.dark_ages.cards import Card, Deck
from sim.games.dark_ages.costs import recruit_cost
from sim.games.dark_ages.game.building import track_farms
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES
from sim.games.dark_ages.game.economy import gain, gain_vp
from sim.games.dark_ages.game.state import remove_units

MIESZKO, CHROBRY = "CR01", "CR02"  # the two Culture cards (CR03-CR08: Chrobry events; CR09-CR20: Poland cards)
TYPE = "poland"
CATEGORIES = ("veleti", "santok", "church")
OPEN, FLIPPED, REMOVED = "open", "flipped", "removed"

_CONTEXTS: dict[int, tuple] = {}


def _context(ctx):
    """The Context with Mieszko I and the Chrobry card in the card table (never in the base draw pile)."""
    hit = _CONTEXTS.get(id(ctx))
    if hit is None or hit[0] is not ctx:
        cards = dict(ctx.deck.cards)
        cards[MIESZKO] = Card(MIESZKO, TYPE, 2, None, name="Mieszko I")
        cards[CHROBRY] = Card(CHROBRY, TYPE, 2, None, name="Bolesław Chrobry")
        hit = (ctx, replace(ctx, data=replace(ctx.data, deck=Deck(cards))))
        _CONTEXTS[id(ctx)] = hit
    return hit[1]


def _shuffle_into_top(game, card: str, k: int) -> None:
    """'shuffle it into the top k cards of the Culture deck'."""
    top = game.deck[:k] + [card]
    game.rng.shuffle(top)
    game.deck = top + game.deck[k:]


class RiseOfPoland:
    name = "rise_of_poland"

    def __init__(self, data: dict):
        self.data = data
        self.status: list[dict[str, str]] = []  # per seat: category → open / flipped / removed
        self.steps: list[dict[str, int]] = []  # per seat: category → steps done (the marker's position)
        self.ready: list[dict[str, bool]] = []  # per seat: category → flipped card ready (not exhausted)
        self.farms: list[int] = []  # per seat: Farms placed on flipped Poland cards
        self.events: list[int] = []  # the Chrobry event deck (indices into data events), top first
        self.chrobry_out = False  # the Chrobry card has been shuffled into the Culture deck
        self.first_flip: dict[str, int] = {}  # category → the seat that flipped it first

    def install(self, game) -> None:
        """Setup: Mieszko I into the top 5 cards of the deck, the Chrobry events shuffled (the Chrobry card on
        them), three Poland cards per player with a marker above the top action."""
        game.ctx = _context(game.ctx)
        n = game.n
        self.status = [dict.fromkeys(CATEGORIES, OPEN) for _ in range(n)]
        self.steps = [dict.fromkeys(CATEGORIES, 0) for _ in range(n)]
        self.ready = [dict.fromkeys(CATEGORIES, False) for _ in range(n)]
        self.farms = [0] * n
        self.events = list(range(len(self.data["events"])))
        game.rng.shuffle(self.events)
        _shuffle_into_top(game, MIESZKO, self.data["mieszko_into_top"])

    # --- aiding Poland and the benefits, after the linked action ---
    def action_done(self, game, seat: int, action: str) -> None:
        if game.players[seat].faction != "player":
            return
        for cat in CATEGORIES:  # 'you may use them when you place a Noble disc on the corresponding Action'
            benefit = self.data["benefits"][cat]
            if self.status[seat][cat] == FLIPPED and self.ready[seat][cat] and benefit["action"] == action:
                gain(game, game.players[seat], *benefit["gain"])
                self.ready[seat][cat] = False  # 'When you use a benefit, exhaust the card.'
        for cat, linked in self.data["categories"].items():
            if linked == action and self.status[seat][cat] == OPEN:
                self.aid(game, seat, cat)

    def aid(self, game, seat: int, cat: str) -> bool:
        """'perform the action listed immediately below your player marker ... You must meet any of the action's
        additional requirements ... Then, slide your player marker down'."""

        p = game.players[seat]
        step = self.data["steps"][cat][self.steps[seat][cat]]
        if "remove_units" in step:  # Veleti: 'remove 1 of your units ... VP equal to the number of resources'
            k = step["remove_units"]
            if p.units_in_play() < max(k, self.data["veleti_min_units"]):
                return False
            vp = 0
            for _ in range(k):
                q = max(p.units, key=lambda x: (sum(p.units[x].values()), x))
                kind = min(p.units[q], key=lambda u: (p.military[u], UNIT_TYPES.index(u)))
                vp += len(recruit_cost(game.ctx.data.recruit_cost, kind, p.military[kind]))
                remove_units(p, q, kind)
        elif "resources" in step:  # Santok
            k = step["resources"]
            if sum(p.res[r] for r in RESOURCES) < k:
                return False
            for _ in range(k):
                r = max(RESOURCES, key=lambda x: (p.res[x], -RESOURCES.index(x)))
                p.res[r] -= 1
            vp = step["vp"]
        else:  # the Polish Church
            k = step["discard_cards"]
            if len(p.hand) < k + 2:
                return False
            for _ in range(k):
                p.hand.remove(p.strategy.discard_card(game, seat))
            vp = step["vp"]
        gain_vp(p, vp, "modules")
        self.steps[seat][cat] += 1
        if step.get("flip"):
            self.flip(game, seat, cat, finished=True)
        return True

    def flip(self, game, seat: int, cat: str, finished: bool) -> None:
        """'When you flip a Poland card ... take the leftmost Farm from your Farm track and permanently place it on
        the flipped Poland card'; the first to finish subjects the others to the Levy."""

        p = game.players[seat]
        self.status[seat][cat] = FLIPPED
        self.ready[seat][cat] = True
        if p.farms_off < track_farms(game):
            p.farms_off += 1
            self.farms[seat] += 1
        if not self.chrobry_out and self.events:  # 'When the first Poland card is flipped, take the Chrobry ...'
            self.chrobry_out = True
            _shuffle_into_top(game, CHROBRY, self.data["chrobry_into_top"])
        if not finished or cat in self.first_flip:
            return
        self.first_flip[cat] = seat
        levy = self.data["levy"][cat]
        for s in [(seat + k) % game.n for k in range(1, game.n)]:
            if self.status[s][cat] != OPEN:
                continue
            other = game.players[s]
            if levy is None:  # Jordan's Bishopric: 'all other players must remove their Polish Church card'
                self.status[s][cat] = REMOVED
                continue
            what, amount = levy  # 'transfer the instructed Gold/VP to and flip their matching card OR remove'
            if what == "gold" and other.gold >= amount:
                other.gold -= amount
                p.gold += amount
            elif what == "vp" and other.vp >= amount:
                gain_vp(other, -amount, "modules")
                gain_vp(p, amount, "modules")
            else:
                self.status[s][cat] = REMOVED
                continue
            self.flip(game, s, cat, finished=False)

    def passed(self, game, seat: int) -> None:
        """'When you Pass, refresh all your exhausted Poland cards'."""
        for cat in CATEGORIES:
            if self.status[seat][cat] == FLIPPED:
                self.ready[seat][cat] = True

    # --- the Culture deck ---
    def card_taken(self, game, seat: int, card: str) -> bool:
        """Mieszko I (assumed): VP when taken, then discarded."""
        if card != MIESZKO:
            return False

        gain_vp(game.players[seat], self.data["mieszko"]["vp"], "modules")
        return True

    def offer_revealed(self, game) -> None:
        """'When the Chrobry Culture card is revealed, do not place it in the Culture offer. Instead: draw the top
        card of the Chrobry event deck, resolve it ... If there is at least one more Chrobry event card remaining
        ... shuffle the Chrobry Culture card into the top 8 cards ... If there are no Chrobry event cards
        remaining, remove the Chrobry Culture card from play.' The offer's space is refilled."""
        while game.offer and game.offer[-1] == CHROBRY:
            game.offer.pop()
            self.event(game, self.data["events"][self.events.pop(0)])
            if self.events:
                _shuffle_into_top(game, CHROBRY, self.data["chrobry_into_top"])
            if game.deck:
                game.offer.append(game.deck.pop(0))
                if not game.deck:
                    game.deck_ran_out = True

    def event(self, game, e: dict) -> None:

        for s, p in enumerate(game.players):
            flipped = sum(v == FLIPPED for v in self.status[s].values())
            steps = sum(self.steps[s].values())
            k = {"flipped": flipped, "steps": steps, "no_aid": int(steps == 0 and flipped == 0)}[e["per"]]
            amount = e["amount"] * k
            if e["gain"] == "vp":
                gain_vp(p, amount, "modules")
            else:
                p.gold = max(0, p.gold + amount)

    # --- bookkeeping and the end ---
    def farms_away(self, game, seat: int) -> int:
        return self.farms[seat] if self.farms else 0

    def final_vp(self, game, seat: int) -> int:
        flipped = sum(v == FLIPPED for v in self.status[seat].values())
        return self.data["end_vp_per_flipped"] * flipped
