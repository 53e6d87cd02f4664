"""The deck's faction must be golden-horde or empire; the Chinese names 金帐/金帐阵营 and 帝国/帝国阵营 are
accepted, in any case (游戏内容物: the cards come in two factions)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.datacheck import shown
from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import FACTION_CHOICES
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "faction"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({3: ''})


def check(deck: Deck) -> Iterator[Problem]:
    if not deck.faction_given:
        yield deck.problem(ID, SEVERITY, f"the deck needs a faction: {FACTION_CHOICES}", deck.faction_pos)
    elif deck.faction is None:
        value = deck.faction_value
        if isinstance(value, str):
            text = f'"{value.strip()}"'
        else:
            text = shown(value)
            text = text if text.startswith("a ") else f'"{text}"'  # "a list", "a mapping", …
        yield deck.problem(ID, SEVERITY, f"faction must be {FACTION_CHOICES}, not {text}", deck.faction_pos)
