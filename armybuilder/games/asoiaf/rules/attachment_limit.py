"""A combat unit holds one attachment (a commander attachment counts), unless a card lets another join
anyway (`ignores_attachment_limit`, possibly only for a named unit) (000, 建軍)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.armylist import Entry, UnitEntry
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "attachment-limit"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord", Umber Champion, Sworn Sword Captain]  # <- attachment-limit
"""


def _extra_allowed(army: Army, unit: UnitEntry, attachment: Entry) -> bool:
    for req in army.card(attachment).requirements_of("ignores_attachment_limit"):
        if req.only_when_joining_unit_of is None or army.unit_contains(unit, req.only_when_joining_unit_of):
            return True
    return False


def check(army: Army) -> Iterator[Problem]:
    for unit in army.army.units:
        if unit.unit.card is None or len(unit.attachments) < 2:
            continue  # one attachment is always within the limit
        counted = [
            a
            for a in unit.attachments
            # ability-only models (type none) are card-requirement's business: they are never recruited
            if a.card is not None and a.card.type != "none" and not _extra_allowed(army, unit, a)
        ]
        for extra in counted[1:]:
            yield army.problem(
                ID,
                f"{unit.unit.card.title} already has an attachment ({army.card(counted[0]).title}); a unit takes "
                f"one — move {army.card(extra).title} to another unit",
                extra,
            )
