"""An attachment joins a combat unit of its own type; solo units (monsters, war machines, single heroes)
take no attachment unless a card's requirement names that pairing (000, 建軍)."""

from __future__ import annotations

from collections.abc import Iterator

from armybuilder.games.asoiaf.armylist import Entry, UnitEntry
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

ID = "attachment-type"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark
points: 40
units:
  - unit: Stark Outriders
    attachments: ["Robb Stark, The Wolf Lord"]  # <- attachment-type
  - unit: Stark Sworn Swords
    attachments: ["Brynden Tully, Vanguard Infiltrator"]  # <- attachment-type
  - unit: Grey Wind
    attachments: [Umber Champion]  # <- attachment-type
"""

_TYPE = {"siegeengine": "siege engine", "none": "ability-only"}


def _named_pairing(army: Army, unit: UnitEntry, attachment: Entry) -> bool:
    """A requirement ties this attachment to this unit (must join it, or the unit must carry it)."""
    att, body = army.card(attachment), army.card(unit.unit)
    joins = att.requirements_of("must_join_unit_of")
    if joins and any(army.catalogue.matches(body, r.target) for r in joins if r.target):
        return True
    carries = body.requirements_of("must_attach_to")
    return bool(carries) and any(army.catalogue.matches(att, r.target) for r in carries if r.target)


def check(army: Army) -> Iterator[Problem]:
    for unit in army.army.units:
        if unit.unit.card is None or not unit.attachments:
            continue
        body = unit.unit.card
        for attachment in unit.attachments:
            if attachment.card is None:
                continue
            att = attachment.card
            if att.type == "none":
                continue  # ability-only models: card-requirement says why they cannot be listed
            if _named_pairing(army, unit, attachment):
                continue
            if body.is_solo:
                yield army.problem(
                    ID,
                    f"{att.title} cannot join {body.title}: a solo unit takes no attachment; "
                    f"attach it to {_an(_TYPE.get(att.type or '', att.type or ''))} unit",
                    attachment,
                )
            elif att.type != body.type:
                want = _TYPE.get(att.type or "", att.type)
                got = _TYPE.get(body.type or "", body.type)
                yield army.problem(
                    ID,
                    f"{att.title} ({want}) cannot join {body.title} ({got}); attach it to {_an(want or '')} unit",
                    attachment,
                )


def _an(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
