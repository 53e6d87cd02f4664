"""The deck's faction must be golden-horde or empire; their English names (Golden Horde, Empire) and the
Chinese names 金帐/金帐阵营 and 帝国/帝国阵营 are accepted, in any case (游戏内容物: the cards come in two
factions). A misspelling gets the closest faction as a "did you mean"."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.hve.deck import Deck
from armybuilder.games.hve.names import FACTION_CHOICES, faction_problem
from armybuilder.games.hve.rules.examples import SAMPLE_DECK, changed
from armybuilder.problems import Problem, Severity

ID = "faction"
SEVERITY = Severity.ERROR
VALID = SAMPLE_DECK
INVALID = changed({1: 'game: horde-vs-empire-cards  # <- faction', 3: ''})


def check(deck: Deck) -> Iterator[Problem]:
    if deck.faction is not None:  # the value spells a faction
        return
    wrong = faction_problem(deck.faction_value) if deck.faction_given else ""
    if wrong == "":  # missing, empty, or white space only
        yield deck.problem(ID, SEVERITY, f"the deck needs a faction: {FACTION_CHOICES}", deck.faction_pos)
    elif wrong is not None:
        yield deck.problem(ID, SEVERITY, wrong, deck.faction_pos)
