"""asoiaf-stats text: the community stats site's list export, also read by the Tabletop Simulator mod.

    Name: Victarion                      (ours: the list name, when it has one)
    Faction: House Greyjoy
    Commander: Victarion Greyjoy, The Iron Captain
    Points: 40                           (ours: the game size)

    Combat Units
    • Silenced Men (7)
      • Victarion Greyjoy, The Iron Captain (C)
    • Drowned Men (4)

    Non Combat Units
    • Balon Greyjoy, King of Salt and Rock (5)

    Enemy Attachments                    (only when there are any)
    • …

Reading is lenient about layout and strict about cards. A card line may start with `•`, `-`, `*`, `–` or
no bullet and may end with its cost in brackets (costs come from the card data: the written one only tells
apart two versions of a card that share a name, `Mag the Mighty (5)`, with a note). In
`Combat Units`, a line is an attachment of the unit above it when it is indented deeper, starts with
`with` or `+`, or starts with `-` under a unit written with another bullet. Section headers may carry a colon or a
count, sections need not be separated by blank lines, and lines such as `Built on …` or a link are
ignored. Without a `Points:` line the game size is the smallest standard size that holds the list, and the
YAML comment says so. Every name is resolved as in a list file; a name that does not resolve is an error
naming its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.armylist import Slot, choose
from armybuilder.games.asoiaf.cards import NEUTRAL, Card
from armybuilder.games.asoiaf.listwriter import Origin

from .common import (
    Collector,
    ImportedList,
    Priced,
    check_size,
    default_points,
    faction_hint,
    find_faction,
    resolve_name,
    resolved,
)

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport

_SECTIONS = {
    "combat units": Slot.UNIT,
    "units": Slot.UNIT,
    "non combat units": Slot.NCU,
    "non-combat units": Slot.NCU,
    "ncus": Slot.NCU,
    "ncu": Slot.NCU,
    "enemy attachments": Slot.ENEMY,
}
_KEY = re.compile(r"(?P<key>name|list name|list|faction|commander|points)\s*:\s*(?P<value>.*)", re.IGNORECASE)
_OTHER_KEY = re.compile(r"[A-Za-z][A-Za-z ]{0,20}:(\s|$)")
_IGNORED = re.compile(
    r"(built|created|made|generated|exported|shared)\s+(on|with|by|using|at)\b|https?://|www\.|total\b",
    re.IGNORECASE,
)
_POINTS = re.compile(r"(\d+)(?:\s*/\s*(\d+))?(\s*(pts|points))?", re.IGNORECASE)


# The line readers below are scanners, not regular expressions: each looks at a line a bounded number of
# times, so a crafted line of a megabyte is read in time linear in its length (no backtracking).
_BULLETS = "•-*–·+"


def _section(line: str) -> str | None:
    """The section a header line opens (`Combat Units`, `Units (5):`), casefolded, or None."""
    text = line.strip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if text.endswith(")"):  # a count: `(5)`, `( )`
        start = text.rfind("(")
        inner = text[start + 1 : -1].strip() if start >= 0 else "x"
        if not inner or inner.isdecimal():
            text = text[:start].rstrip()
    name = text.casefold()
    return name if name in _SECTIONS else None


def _split_cost(text: str) -> tuple[str, str | None]:
    """`Name (6)` -> ("Name", "6"); `Name (C)` -> ("Name", "C"); anything else -> (text, None)."""
    if not text.endswith(")"):
        return text, None
    start = text.rfind("(")
    inner = text[start + 1 : -1].strip() if start >= 0 else ""
    if inner == "C" or (inner and inner.isdecimal()):
        return text[:start].rstrip(), inner
    return text, None


def _entry(line: str) -> tuple[int, str, str, str | None]:
    """A card line's indent, bullet (`•`, `-`, `with`… or ""), name (its `(cost)` taken off) and cost."""
    rest = line.lstrip()
    indent = len(line) - len(rest)
    bullet = ""
    if rest[:1] and rest[0] in _BULLETS:
        bullet, rest = rest[0], rest[1:]
    elif rest[:4].casefold() == "with" and not (rest[4:5].isalnum() or rest[4:5] == "_"):
        bullet, rest = rest[:4], rest[4:]
    name, cost = _split_cost(rest.strip())
    return indent, bullet, name, cost


@dataclass
class _Line:
    """A card line of the export: its number, indent, bullet and card name."""

    number: int
    indent: int
    bullet: str
    name: str
    cost: str | None = None  # as written in its brackets: read only to tell apart two versions of one name


def looks_like(text: str) -> bool:
    """Whether `text` reads as an asoiaf-stats export (for `detect`): a section header or bullet-and-cost line."""
    for raw in text.splitlines()[:400]:
        line = raw.strip()
        if _section(line) in ("combat units", "non combat units", "non-combat units"):
            return True
        if line[:1] in ("•", "–") and len(line) > 2:
            name, cost = _split_cost(line[1:])
            if cost is not None and name:
                return True
    return False


def has_faction(text: str) -> bool:
    """Whether `text` has the `Faction:` line its reader needs (without one, `read` always refuses it)."""
    for raw in text.splitlines():
        key = _KEY.fullmatch(raw.replace("\t", "    ").replace("\u00a0", " ").strip())
        if key and key["key"].casefold() == "faction":
            return True
    return False


def read(text: str, catalogue: Catalogue, source: str, given: int | None = None) -> ImportedList:
    check_size(text, source)
    problems = Collector(source)
    values: dict[str, tuple[str, int]] = {}
    sections: dict[Slot, list[_Line]] = {Slot.UNIT: [], Slot.NCU: [], Slot.ENEMY: []}
    current: Slot | None = None
    first = True
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.replace("\t", "    ").replace("\u00a0", " ").rstrip()
        stripped = line.strip()
        if not stripped:
            continue
        section = _section(stripped)
        if section is not None:
            current = _SECTIONS[section]
            first = False
            continue
        key = _KEY.fullmatch(stripped)
        if key:
            name = {"list name": "name", "list": "name"}.get(key["key"].casefold(), key["key"].casefold())
            if name in values:
                problems.add(f"a second `{key['key']}:` line; give it once", number)
            values[name] = (key["value"].strip(), number)
            first = False
            continue
        if _IGNORED.match(stripped):
            continue
        if current is None:
            if first and not _OTHER_KEY.match(stripped):
                values["name"] = (stripped, number)  # a bare first line is the list's name
            else:
                problems.add(
                    f"cannot read '{_short(stripped)}': expected `Faction:`, `Commander:`, `Points:`, `Name:` "
                    "or a section header such as `Combat Units`",
                    number,
                )
            first = False
            continue
        indent, bullet, name, cost = _entry(line)
        if not name:
            problems.add(f"cannot read '{_short(stripped)}' as a card line such as `• Name (cost)`", number)
            continue
        sections[current].append(_Line(number, indent, bullet.casefold(), name, cost))

    faction = None
    if "faction" not in values:
        problems.add("no `Faction:` line; the list needs one, e.g. `Faction: House Stark`", 1)
    else:
        value, number = values["faction"]
        faction = find_faction(catalogue, value)
        if faction is None:
            problems.add(f"unknown faction '{value}'; {faction_hint(catalogue)}", number)
    problems.raise_if_any()
    assert faction is not None

    spec = ImportedList(faction=faction.key, points=0)
    origin = spec.origin = Origin(keys={key: number for key, (_, number) in values.items()})
    if "name" in values and values["name"][0]:
        spec.name = values["name"][0]
    _units(sections[Slot.UNIT], spec, catalogue, problems)
    for slot, target in ((Slot.NCU, spec.ncus), (Slot.ENEMY, spec.enemy_attachments)):
        for item in sections[slot]:
            if item.bullet in ("with", "+") or item.indent > min(i.indent for i in sections[slot]):
                problems.add(
                    f"'{item.name}' is indented like an attachment, but {slot.kind.label}s take none",
                    item.number,
                )
                continue
            card = _card(catalogue, item, slot, spec, problems)
            if card is not None:
                target.append(card)
                (origin.ncus if slot is Slot.NCU else origin.enemy_attachments).append(item.number)
    if "commander" in values:
        _check_commander(values["commander"], spec, catalogue, problems)
    if "points" in values:
        value, number = values["points"]
        match = _POINTS.fullmatch(value)
        if match is None or int(match[2] or match[1]) <= 0:
            problems.add(f"`Points: {value}` is not a game size such as 40", number)
        else:
            spec.points = int(match[2] or match[1])
            if match[2] and int(match[1]) > int(match[2]):  # `Points: 40/38`: the size first, or over it?
                spec.notes.append(
                    f"Line {number}: `Points: {value}` read as {match[1]} points spent of a {match[2]}-point game "
                    f"(spent/size); if the game is {match[1]} points, write `Points: {match[1]}`."
                )
    problems.raise_if_any()
    if not spec.points:
        default_points(spec, catalogue, "the text", given)
    return spec


def _units(lines: list[_Line], spec: ImportedList, catalogue: Catalogue, problems: Collector) -> None:
    if not lines:
        return
    unit_indent = lines[0].indent
    unit_line: _Line | None = None
    attachments: list[Card] | None = None
    origin = spec.origin if spec.origin is not None else Origin()
    for item in lines:
        # a dash under a unit written with another bullet is how some tools mark an attachment
        dash = unit_line is not None and item.bullet == "-" and unit_line.bullet != "-"
        attached = item.bullet in ("with", "+") or item.indent > unit_indent or dash
        if not attached:
            unit_line = item
            card = _card(catalogue, item, Slot.UNIT, spec, problems)
            attachments = [] if card is not None else None
            if card is not None and attachments is not None:
                spec.units.append((card, attachments))
                origin.units.append((item.number, []))
            continue
        if unit_line is None:
            problems.add(
                f"'{item.name}' reads as an attachment, but no combat unit comes before it", item.number
            )
            continue
        card = _card(catalogue, item, Slot.ATTACHMENT, spec, problems)
        if card is not None and attachments is not None:
            attachments.append(card)
            origin.units[-1][1].append(item.number)


def _card(catalogue: Catalogue, item: _Line, slot: Slot, spec: ImportedList, problems: Collector) -> Card | None:
    """The card a line names. A name two versions share, and nothing else tells apart (`Mag the Mighty`, 5 and 9
    points), is the one version whose cost the line gives, with a note; without such a cost it stays a problem."""
    found = choose(catalogue, item.name, slot, spec.faction)
    if isinstance(found, tuple) and found[0] == "ambiguous-card" and item.cost is not None:
        versions = [c for c in catalogue.find(item.name) if c.kind in slot.kinds and c.faction in (spec.faction, NEUTRAL)]
        costing = [c for c in versions if c.cost is not None and str(c.cost) == item.cost]  # as text: never int() a stranger's digits
        if len(costing) == 1:
            spec.notes.append(
                f"Line {item.number}: '{item.name}' names {len(versions)} cards; read as {costing[0].label}, "
                f"the one that costs {item.cost}."
            )
            return costing[0]
    return resolve_name(catalogue, item.name, slot, spec.faction, problems, item.number)


def _check_commander(
    value: tuple[str, int], spec: ImportedList, catalogue: Catalogue, problems: Collector
) -> None:
    """The `Commander:` line must name a commander card the list fields (as its unit or an attachment)."""
    text, number = value
    if not text:
        return
    fielded = [c for c in spec.cards() if c.commander]
    named = {c.id for t in (text, text.replace(" - ", ", ", 1)) for c in catalogue.find(t)}
    if any(c.id in named for c in fielded):
        return
    if fielded:
        problems.add(
            f"`Commander: {text}` is not the commander in the list ({', '.join(c.title for c in fielded)})",
            number,
        )
    else:
        problems.add(
            f"`Commander: {text}` is in none of the combat units; list it as an attachment of its unit",
            number,
        )


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "…"


def write(report: ListReport, catalogue: Catalogue) -> str:
    army = resolved(report, "asoiaf-stats")
    head = []
    if army.name:
        head.append(f"Name: {' '.join(army.name.split())}")
    head.append(f"Faction: {army.faction.name}")
    if army.commander is not None:
        head.append(f"Commander: {army.commander.title}")
    if army.points is not None:
        head.append(f"Points: {army.points}")
    blocks = ["\n".join(head)]
    units = ["Combat Units"]
    for unit, attachments in army.units:
        units.append(f"• {_priced(unit)}")
        units += [f"  • {_priced(a)}" for a in attachments]
    blocks.append("\n".join(units))
    blocks.append("\n".join(["Non Combat Units", *(f"• {_priced(n)}" for n in army.ncus)]))
    if army.enemy_attachments:
        blocks.append("\n".join(["Enemy Attachments", *(f"• {_priced(e)}" for e in army.enemy_attachments)]))
    return "\n\n".join(blocks) + "\n"


def _priced(item: Priced) -> str:
    cost = "C" if item.card.commander and item.card.cost is None else str(item.cost)
    return f"{item.card.title} ({cost})"
