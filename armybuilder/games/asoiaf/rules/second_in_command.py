"""Warning: an NCU commander with no attachment in the army. In the Clash of Kings mode an attachment must
be deployed as second-in-command when the commander is an NCU (000, 烽火危城)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "second-in-command"
SEVERITY = Severity.WARNING
VALID = EXAMPLE_LIST
INVALID = """\
faction: martell
points: 30
units:
  - Martell Spearmen
  - Sand Skirmishers
  - Sunspear Royal Guard
  - Darkstar Retinue
ncus: ["Doran Martell, Lord of Sunspear"]  # <- second-in-command
"""


def check(army: Army) -> Iterator[Problem]:
    commanders = army.commanders
    if len(commanders) != 1 or army.card(commanders[0]).kind is not CardKind.NCU:
        return
    if not any(e.slot is Slot.ATTACHMENT for e in army.entries):
        yield army.problem(
            ID,
            f"{army.card(commanders[0]).title} is an NCU commander and the list has no attachment; the Clash of "
            "Kings mode needs one deployed as second-in-command; add an attachment to a unit if you play that mode",
            commanders[0],
            SEVERITY,
        )
