"""A deck file that is not shaped as a deck: not a mapping, an unknown top-level key, a missing or empty
name, a section that is not a list, an entry that is neither a card name nor {card, count} with a count of
1 or more, or an opening unit that is not a name. A malformed entry takes no part in any other rule.

Found while the deck is read (deck.py), so `check` yields nothing here.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.problems import Problem, Severity

ID = "schema"
SEVERITY = Severity.ERROR


def check(deck: Deck) -> Iterator[Problem]:
    return iter(())
