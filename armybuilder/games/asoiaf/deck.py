"""The tactics deck: the faction's 7 tactics cards and the commander's own, two copies of each (20 cards)."""

from __future__ import annotations

from typing import Any

from armybuilder.games.asoiaf.cards import Card, TacticsCard
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.record import record

COPIES = 2
DECK_SIZE = 20


@record(frozen=True)
class Deck:
    """Immutable: one deck is built per faction and commander and shared by every list that fields them."""

    commander: Card
    faction: str
    faction_cards: tuple[TacticsCard, ...]  # the faction cards kept after the commander's replacements
    commander_cards: tuple[TacticsCard, ...]
    removed: tuple[tuple[TacticsCard, TacticsCard | None], ...] = ()  # (removed, by)
    problems: tuple[str, ...] = ()

    @property
    def cards(self) -> list[TacticsCard]:
        return [*self.faction_cards, *self.commander_cards]

    @property
    def size(self) -> int:
        return COPIES * len(self.cards)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON output: every card with its copies and origin, and what was replaced."""

        def row(card: TacticsCard, origin: str) -> dict[str, Any]:
            return {
                "id": card.id,
                "name": card.name,
                "copies": COPIES,
                "from": origin,
                "replaces": card.replaces,
            }

        return {
            "commander": {"id": self.commander.id, "name": self.commander.title},
            "faction": self.faction,
            "size": self.size,
            "cards": [row(c, "faction") for c in self.faction_cards]
            + [row(c, "commander") for c in self.commander_cards],
            "removed": [
                {"id": gone.id, "name": gone.name, "by": by.id if by else None} for gone, by in self.removed
            ],
            "problems": list(self.problems),
        }


def build_deck(catalogue: Catalogue, faction: str, commander: Card) -> Deck:
    """The commander's deck for an army of `faction`, with a problem for anything the data cannot build
    (built once per faction and commander for the catalogue's lifetime)."""
    key = ("deck", faction, commander.id)
    deck = catalogue.memo.get(key)
    if deck is None:
        deck = catalogue.memo[key] = _build_deck(catalogue, faction, commander)
    assert isinstance(deck, Deck)
    return deck


def _build_deck(catalogue: Catalogue, faction: str, commander: Card) -> Deck:
    problems: list[str] = []
    faction_cards = catalogue.faction_tactics(faction)
    own = catalogue.commander_tactics(commander.id)
    removed: list[tuple[TacticsCard, TacticsCard | None]] = []
    if not own:
        problems.append(f"the card data has no tactics cards for {commander.title}")
    replaces_all = commander.replaces_faction_tactics or any(t.replaces == "all" for t in own)
    if replaces_all:
        by = next((t for t in own if t.replaces == "all"), None)
        removed = [(t, by) for t in faction_cards]
        faction_cards = []
    else:
        for card in own:
            if card.replaces and card.replaces != "all":
                gone = [t for t in faction_cards if t.id == card.replaces]
                if not gone:
                    problems.append(
                        f"{card.name} replaces tactics card {card.replaces}, which is not in the deck"
                    )
                removed.extend((t, card) for t in gone)
                faction_cards = [t for t in faction_cards if t.id != card.replaces]
        if len(catalogue.faction_tactics(faction)) != 7:
            problems.append(
                f"the card data has {len(catalogue.faction_tactics(faction))} faction tactics cards for {faction}, not 7"
            )
    size = COPIES * (len(faction_cards) + len(own))
    if not problems and size != DECK_SIZE:
        problems.append(f"the deck would have {size} cards, not {DECK_SIZE}")
    return Deck(commander, faction, tuple(faction_cards), tuple(own), tuple(removed), tuple(problems))
