"""ASOIAF's event vocabulary: which factions an event allows, and the cards and characters it bans."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from armybuilder.errors import EventError
from armybuilder.games.base import EventRules, Report
from armybuilder.problems import Problem, Severity
from armybuilder.text import player_key

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

EVENT_KEYS = ("factions", "banned_cards", "banned_characters")


class AsoiafEventRules(EventRules):
    def __init__(
        self,
        where: str,
        factions: frozenset[str] | None,
        banned_cards: dict[str, str],
        banned_characters: frozenset[str],
    ) -> None:
        self.where = where
        self.factions = factions  # faction keys allowed; None: any
        self.banned_cards = banned_cards  # card id -> reference as written
        self.banned_characters = banned_characters

    def check(self, report: Report) -> list[Problem]:
        from armybuilder.games.asoiaf.armylist import ArmyList

        army: ArmyList = report.model
        out: list[Problem] = []
        if army is None or not army.readable:
            return out

        def problem(rule: str, message: str, pos: tuple[int, int], card: str | None = None) -> None:
            out.append(Problem(rule, Severity.ERROR, message, army.path, pos[0], pos[1], card))

        if self.factions is not None and army.faction is not None and army.faction.key not in self.factions:
            problem(
                "event-faction",
                f"{army.faction.name} is not allowed at {self.where}; allowed: {', '.join(sorted(self.factions))}",
                army.pos("faction"),
            )
        for entry in army.entries():
            card = entry.card
            assert card is not None
            if card.id in self.banned_cards:
                problem(
                    "event-ban",
                    f"{card.title} is banned at {self.where} (banned_cards: {self.banned_cards[card.id]}); "
                    "replace it",
                    (entry.line, entry.column),
                    card.id,
                )
                continue
            hit = [c for c in card.characters if c in self.banned_characters]
            if hit:
                problem(
                    "event-ban",
                    f"{card.title} is {hit[0]}, a character banned at {self.where}; replace it",
                    (entry.line, entry.column),
                    card.id,
                )
        return out


def event_rules(catalogue: Catalogue, data: Any, name: str, where: str) -> AsoiafEventRules:
    """Read ASOIAF's event keys (`factions`, `banned_cards`, `banned_characters`) from an event file."""
    from armybuilder.batch.event import item_line, text_list

    factions: frozenset[str] | None = None
    if data.get("factions") is not None:
        keys = set()
        for index, text in enumerate(text_list(data, "factions", name)):
            faction = catalogue.faction(text)
            if faction is None:
                raise EventError(
                    f"unknown faction {text!r} in `factions`; known factions: {', '.join(catalogue.factions)}",
                    path=name,
                    line=item_line(data, "factions", index),
                )
            keys.add(faction.key)
        factions = frozenset(keys)
    banned: dict[str, str] = {}
    if data.get("banned_cards") is not None:
        for index, text in enumerate(text_list(data, "banned_cards", name)):
            found = catalogue.find(text)
            line = item_line(data, "banned_cards", index)
            if not found:
                close = catalogue.suggest(text)
                hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
                raise EventError(f"no card called {text!r} in `banned_cards`{hint}", path=name, line=line)
            for card in found:  # a bare name bans every version with that name
                banned[card.id] = text
    characters: set[str] = set()
    if data.get("banned_characters") is not None:
        known = {c for card in catalogue.cards.values() for c in card.characters}
        by_key = {player_key(c): c for c in known}
        for index, text in enumerate(text_list(data, "banned_characters", name)):
            identity = by_key.get(player_key(text))
            if identity is None:
                close = difflib.get_close_matches(text, sorted(known), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise EventError(
                    f"no character called {text!r} in `banned_characters`{hint}",
                    path=name,
                    line=item_line(data, "banned_characters", index),
                )
            characters.add(identity)
    return AsoiafEventRules(where, factions, banned, frozenset(characters))
