"""The Culture deck (``configs/dark_ages/culture.yaml``) → checked cards, by type.

Card texts are not in the rulebook, so the cards are generic stand-ins; the checks hold them to what the rulebook
says (C074 is a Level 2 Archer / Level 3 Infantry, Technologies have three levels, C049-C054 are Grand Buildings,
every Ruler's two starting cards exist and name that Ruler).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.games.dark_ages.files import rules_values

CULTURE_PATH = CONFIG_DIR / "dark_ages" / "culture.yaml"
CARD_TYPES = ("common_technology", "military_technology", "relic", "cognomen", "grand_building")
UNIT_TYPES = ("infantry", "archer", "cavalry")
TECH_LEVELS = 3


@dataclass(frozen=True)
class TechLevel:
    vp: int
    immediate: bool
    replaces: bool
    effect: dict


@dataclass(frozen=True)
class Card:
    id: str
    type: str
    players: int
    starting: str | None  # the Ruler whose starting card this is, else None (shuffled into the deck)
    name: str | None = None
    levels: tuple[TechLevel, ...] = ()  # Common Technologies
    level2: str | None = None  # Military Technologies: the unit type it can be as level II ...
    level3: str | None = None  # ... and as level III
    data: dict | None = None  # the remaining generic fields (effect, per/vp/max, cost)


@dataclass(frozen=True)
class Deck:
    cards: dict[str, Card]

    def of_type(self, card_type: str) -> tuple[Card, ...]:
        return tuple(c for c in self.cards.values() if c.type == card_type)

    def draw_pile(self, players: int, grand_buildings: bool = False) -> tuple[str, ...]:
        """Card ids shuffled into the deck: no starting cards, marks up to ``players`` (Setup)."""
        return tuple(
            c.id
            for c in self.cards.values()
            if c.starting is None and c.players <= players and (grand_buildings or c.type != "grand_building")
        )


def load_deck(path: str | Path | None = None, rulers: dict | None = None, ruleset=None) -> Deck:
    """Read the deck (from ``ruleset`` when given); with ``rulers`` (``Board.rulers``) also check every Ruler's
    starting cards."""
    values, src = rules_values(ruleset, "culture", path, CULTURE_PATH)
    cards: dict[str, Card] = {}
    for card_type in CARD_TYPES:
        raw = values.get(card_type)
        if not isinstance(raw, list):
            raise ConfigError(src, card_type, "a list of cards", raw)
        for i, item in enumerate(raw):
            # name the card by its id where it has one
            where = f"{card_type}.{item['id']}" if isinstance(item, dict) and "id" in item else f"{card_type}[{i}]"
            card = _card(card_type, item, where, src)
            if card.id in cards:
                raise ConfigError(src, where, "a card id used once", card.id)
            cards[card.id] = card
    deck = Deck(cards)
    _check_facts(values.get("facts", {}), deck, src)
    if rulers is not None:
        _check_starting(deck, rulers, src)
    return deck


def _card(card_type: str, item, where: str, src: str) -> Card:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        raise ConfigError(src, where, "a card mapping with an id", item)
    players = item.get("players")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise ConfigError(src, f"{where}.players", "a player-count mark 2, 3 or 4", players)
    common = {
        "id": item["id"],
        "type": card_type,
        "players": players,
        "starting": item.get("starting"),
        "name": item.get("name"),
    }
    if card_type == "common_technology":
        levels = item.get("levels")
        if not isinstance(levels, list) or len(levels) != TECH_LEVELS:
            raise ConfigError(
                src, f"{where}.levels", f"{TECH_LEVELS} levels ('Each Technology has three levels')", levels
            )
        return Card(
            **common,
            levels=tuple(
                TechLevel(lv["vp"], bool(lv.get("immediate")), bool(lv.get("replaces")), lv["effect"]) for lv in levels
            ),
        )
    if card_type == "military_technology":
        l2, l3 = item.get("level2"), item.get("level3")
        if (l2 is None and l3 is None) or any(x is not None and x not in UNIT_TYPES for x in (l2, l3)):
            raise ConfigError(src, where, "level2 and/or level3 set to a unit type", {"level2": l2, "level3": l3})
        return Card(**common, level2=l2, level3=l3)
    rest = {k: v for k, v in item.items() if k not in common}
    return Card(**common, data=rest)


def _check_facts(facts: dict, deck: Deck, src: str) -> None:
    c074 = facts.get("c074")
    if c074:
        card = deck.cards.get("C074")
        if (
            card is None
            or card.type != "military_technology"
            or (card.level2, card.level3) != (c074["level2"], c074["level3"])
        ):
            raise ConfigError(
                src,
                "military_technology.C074",
                f"Level 2 {c074['level2']} / Level 3 {c074['level3']} (facts.c074)",
                card,
            )
    for cid in facts.get("grand_buildings", []):
        if cid not in deck.cards or deck.cards[cid].type != "grand_building":
            raise ConfigError(
                src,
                "grand_building",
                f"a Grand Building card {cid} (facts.grand_buildings)",
                deck.cards[cid].type if cid in deck.cards else None,
            )
    common_gb = [c for c in deck.of_type("grand_building") if c.starting is None]
    if "common_grand_buildings" in facts and len(common_gb) != facts["common_grand_buildings"]:
        raise ConfigError(
            src, "grand_building", f"{facts['common_grand_buildings']} common Grand Buildings", len(common_gb)
        )
    levied = facts.get("levied_archers")
    if levied and not any(c.name == "Levied Archers" and c.type == levied["type"] for c in deck.cards.values()):
        raise ConfigError(src, levied["type"], "a card named Levied Archers (facts.levied_archers)", None)
    if "deck_size" in facts and len(deck.cards) != facts["deck_size"]:
        raise ConfigError(src, "", f"{facts['deck_size']} cards", len(deck.cards))


def _check_starting(deck: Deck, rulers: dict, src: str) -> None:
    for rid, ruler in rulers.items():
        for cid in ruler.starting_cards:
            card = deck.cards.get(cid)
            if card is None:
                raise ConfigError(src, f"rulers.{rid}.starting_cards", "card ids in culture.yaml", cid)
            if card.starting != rid:
                raise ConfigError(src, f"{card.type}.{cid}.starting", f"{rid} (its starting card)", card.starting)
    claimed = {cid for r in rulers.values() for cid in r.starting_cards}
    for card in deck.cards.values():
        if card.starting is not None and card.id not in claimed:
            raise ConfigError(src, f"{card.type}.{card.id}.starting", "a Ruler listing this card", card.starting)
