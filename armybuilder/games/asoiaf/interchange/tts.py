"""Tabletop Simulator id strings: `Faction;id,id,…` as the TTS mod spawns a list.

The faction is its name or key (`House Greyjoy` or `greyjoy`; we write the name). The ids are one flat
sequence: a combat unit's id starts a new unit, the attachment ids after it join that unit, NCU ids are
NCUs. The string carries no list name and no game size: on import the size is the smallest standard size
that holds the list, and the YAML comment says so. Enemy attachments have no place in it.
"""

from __future__ import annotations

import re
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

_SHAPE = re.compile(r"\s*(?P<faction>[^;\n]+?)\s*;\s*(?P<ids>[\d\s,]*?)\s*,?\s*")


def looks_like(text: str) -> bool:
    """Whether `text` is one `Faction;id,…` line (for `detect`)."""
    match = _SHAPE.fullmatch(text)
    return bool(match and re.search(r"\d", match["ids"]) and not match["faction"].lstrip().startswith("#"))


def read(text: str, catalogue: Catalogue, source: str) -> ImportedList:
    check_size(text, source)
    match = _SHAPE.fullmatch(text)
    line = 1 + text[: len(text) - len(text.lstrip())].count("\n")  # the line the string starts on
    if match is None:
        raise InterchangeError(
            "not a Tabletop Simulator id string: expected `Faction;id,id,…` (e.g. `House Stark;10101,20101`)",
            path=source,
            line=line,
        )
    faction = find_faction(catalogue, match["faction"])
    if faction is None:
        raise InterchangeError(
            f"unknown faction '{match['faction']}'; {faction_hint(catalogue)}", path=source, line=line
        )
    problems = Collector(source)
    spec = ImportedList(faction=faction.key, points=0, origin=Origin(default=line))
    tokens = [t.strip() for t in match["ids"].split(",")]
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
    default_points(spec, catalogue, "a Tabletop Simulator id string")
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
