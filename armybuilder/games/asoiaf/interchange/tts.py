"""Tabletop Simulator id strings: `Faction;id,id,…` as the TTS mod spawns a list.

The faction is its name or key (`House Greyjoy` or `greyjoy`; we write the name). The ids are one flat
sequence: a combat unit's id starts a new unit, the attachment ids after it join that unit, NCU ids are
NCUs. The string carries no list name and no game size: on import the size is the smallest standard size
that holds the list, and the YAML comment says so. Enemy attachments have no place in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.cards import CardKind
from armybuilder.games.asoiaf.listwriter import Origin

from .common import (
    Collector,
    ImportedList,
    InterchangeError,
    check_size,
    default_points,
    faction_hint,
    find_faction,
    resolved,
)

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport

def _shape(text: str) -> tuple[str, str] | None:
    """`Faction;id,id,…` split into the faction and the ids (a trailing comma dropped), or None.

    A scanner, not a regular expression: a crafted string of a megabyte is read in linear time."""
    head, semicolon, rest = text.partition(";")
    faction = head.strip()
    if not semicolon or not faction or "\n" in faction:
        return None
    ids = rest.strip()
    if ids.endswith(","):
        ids = ids[:-1].rstrip()
    if not all(c == "," or c.isdecimal() or c.isspace() for c in ids):
        return None
    return faction, ids


def looks_like(text: str) -> bool:
    """Whether `text` is one `Faction;id,…` line (for `detect`)."""
    shape = _shape(text)
    return bool(shape and any(c.isdecimal() for c in shape[1]) and not shape[0].startswith("#"))


def read(text: str, catalogue: Catalogue, source: str, given: int | None = None) -> ImportedList:
    check_size(text, source)
    shape = _shape(text)
    line = 1 + text[: len(text) - len(text.lstrip())].count("\n")  # the line the string starts on
    if shape is None:
        raise InterchangeError(
            "not a Tabletop Simulator id string: expected `Faction;id,id,…` (e.g. `House Stark;10101,20101`)",
            path=source,
            line=line,
        )
    faction_name, ids = shape
    faction = find_faction(catalogue, faction_name)
    if faction is None:
        raise InterchangeError(
            f"unknown faction '{faction_name}'; {faction_hint(catalogue)}", path=source, line=line
        )
    problems = Collector(source)
    spec = ImportedList(faction=faction.key, points=0, origin=Origin(default=line))
    tokens = [t.strip() for t in ids.split(",")]
    if tokens and not tokens[-1]:
        tokens.pop()  # a trailing comma
    for position, token in enumerate(tokens, 1):
        where = f"id {position}"
        if not token.isdigit():
            problems.add(f"{where} is empty or not a number: '{token}'", line)
            continue
        card = catalogue.cards.get(token)
        if card is None:
            problems.add(f"{where}: no card has id {token}", line)
        elif card.kind is CardKind.COMBAT_UNIT:
            spec.units.append((card, []))
        elif card.kind is CardKind.NCU:
            spec.ncus.append(card)
        elif not spec.units:
            problems.add(
                f"{where}: {card.title} ({token}) is an attachment, but no combat unit comes before it", line
            )
        else:
            spec.units[-1][1].append(card)
    problems.raise_if_any()
    default_points(spec, catalogue, "a Tabletop Simulator id string", given)
    return spec


def write(report: ListReport, catalogue: Catalogue) -> str:
    army = resolved(report, "tts")
    if army.enemy_attachments:
        raise InterchangeError(
            "cannot export as tts: an id string has no place for enemy attachments", path=report.path
        )
    ids = [
        card.id for unit, attachments in army.units for card in (unit.card, *(a.card for a in attachments))
    ] + [n.card.id for n in army.ncus]
    return f"{army.faction.name};{','.join(ids)}\n"
