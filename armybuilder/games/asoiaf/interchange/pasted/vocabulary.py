"""The words a pasted list's labels are written in: `Key:` names and section headings (one table each, so a
language adds words here, not code)."""

from __future__ import annotations

from armybuilder.games.asoiaf.armylist import Slot

KEYS = {
    "faction": "faction",
    "house": "faction",
    "army": "army",  # a faction when it names one, else the list's name
    "commander": "commander",
    "general": "commander",
    "warlord": "commander",
    "leader": "commander",
    "points": "points",
    "size": "points",
    "game size": "points",
    "army size": "points",
    "point limit": "points",
    "name": "name",
    "list": "name",
    "list name": "name",
    "army name": "name",
    "title": "name",
    "player": "player",
    "played by": "player",
    "author": "player",
    "by": "player",
}
SECTIONS = {
    "combat units": Slot.UNIT,
    "combat unit": Slot.UNIT,
    "units": Slot.UNIT,
    "non combat units": Slot.NCU,
    "non-combat units": Slot.NCU,
    "noncombat units": Slot.NCU,
    "non combat unit": Slot.NCU,
    "non-combat unit": Slot.NCU,
    "non-combat": Slot.NCU,
    "non combat": Slot.NCU,
    "ncus": Slot.NCU,
    "ncu": Slot.NCU,
    "ncu's": Slot.NCU,
    "attachments": Slot.ATTACHMENT,
    "attachment": Slot.ATTACHMENT,
    "enemy attachments": Slot.ENEMY,
    "enemy attachment": Slot.ENEMY,
}
