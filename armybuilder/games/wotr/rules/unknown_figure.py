"""A nation key that is not one of the 8 nations; a figure kind the nation does not have (leaders only for
the Free Peoples, Nazgûl only for Sauron); a character name that is not one of the 13 characters (the
ambiguous "Gandalf" and "Aragorn" of the seed included).

Found while the file is read, with "did you mean" suggestions; the entry is left out of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.wotr.position import Position
from armybuilder.problems import Problem, Severity

ID = "unknown-figure"
SEVERITY = Severity.ERROR
ORIGIN = "load"


def check(position: Position) -> Iterator[Problem]:
    return iter(())
