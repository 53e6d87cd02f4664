"""Write a list as the YAML players read and edit (used by `import` and `new`)."""

from __future__ import annotations

from dataclasses import field

from armybuilder.games.asoiaf.armylist import Slot, choose
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.record import record
from armybuilder.text import json_text


@record()
class Origin:
    """Where an imported list's parts stand in the text it was read from (1-based lines; 0: nowhere), so
    that problems found in the YAML written from it point at the player's own lines."""

    default: int = 0  # the line of anything not placed below (a one-line share code: that line)
    keys: dict[str, int] = field(default_factory=dict)  # name, player, team, faction, points, commander
    units: list[tuple[int, list[int]]] = field(default_factory=list)  # each unit's line, its attachments'
    ncus: list[int] = field(default_factory=list)
    enemy_attachments: list[int] = field(default_factory=list)
    reinforcements: list[int] = field(default_factory=list)


@record()
class ListSpec:
    """A list as cards: what an import produces and what the writer turns into YAML."""

    faction: str
    points: int
    name: str | None = None
    player: str | None = None
    team: str | None = None
    units: list[tuple[Card, list[Card]]] = field(default_factory=list)
    ncus: list[Card] = field(default_factory=list)
    enemy_attachments: list[Card] = field(default_factory=list)
    origin: Origin | None = None  # for an imported list: the lines its parts were read from
    not_read: list[tuple[int, str]] = field(default_factory=list)  # imported: (line, what was not read)
    leader: Card | None = None  # the commander, when the list holds more than one commander card
    list_notes: str | None = None  # the list's own `notes:` (a pasted sheet's `Notes:` lines)
    reinforcements: list[Card] = field(default_factory=list)  # declared beside the list: never in `cards()`

    @property
    def commander(self) -> Card | None:
        if self.leader is not None:
            return self.leader
        found = [c for c in self.cards() if c.commander]
        return found[0] if len(found) == 1 else None

    def cards(self) -> list[Card]:
        out: list[Card] = []
        for unit, attachments in self.units:
            out += [unit, *attachments]
        return out + self.ncus + self.enemy_attachments


def reference(card: Card, slot: Slot, faction: str, catalogue: Catalogue) -> str:
    """The shortest reference that resolves back to exactly this card: name, `Name, Subname`, or the id."""
    for text in (card.name, card.title):
        if choose(catalogue, text, slot, faction) == card:
            return text
    return card.id


def _scalar(text: str) -> str:
    """A YAML scalar for a card reference: bare when safe, double-quoted otherwise."""
    plain = (
        text
        and text[0].isalpha()
        and not any(ch in text for ch in ":#,[]{}&*!|>'\"%@`")
        and text.strip() == text
        and text.isprintable()  # no line separator, NEL, bidirectional control… written raw
    )
    return text if plain and not text.isdigit() else json_text(text)


def _where(line: int) -> str:
    return f"line {line}: " if line else ""


def dump_list(
    spec: ListSpec, catalogue: Catalogue, comment: str | None = None, lines: dict[int, int] | None = None
) -> str:
    """The list as readable YAML that loads back to the same cards. `lines`, when given, receives for each
    YAML line the line of the imported text it was written from (from `spec.origin`; none when unknown)."""
    origin = spec.origin or Origin()
    out: list[tuple[str, int]] = []  # (YAML line, the source line it came from)
    if comment:
        out += [(f"# {line}", 0) for line in comment.splitlines()]
    keys = origin.keys
    if spec.name:
        out.append((f"name: {json_text(spec.name)}", keys.get("name", origin.default)))
    if spec.player:
        out.append((f"player: {json_text(spec.player)}", keys.get("player", origin.default)))
    if spec.team:
        out.append((f"team: {json_text(spec.team)}", keys.get("team", origin.default)))
    if spec.faction:  # an import that found none leaves it out: `validate` asks for it
        out.append((f"faction: {spec.faction}", keys.get("faction", origin.default)))
    if spec.points:
        out.append((f"points: {spec.points}", keys.get("points", origin.default)))
    commander = spec.commander
    if commander is not None:
        out.append((f"commander: {_scalar(commander.title)}", keys.get("commander", origin.default)))

    def ref(card: Card, slot: Slot) -> str:
        return _scalar(reference(card, slot, spec.faction, catalogue))

    def at(numbers: list[int], index: int) -> int:
        return numbers[index] if index < len(numbers) else origin.default

    out.append(("units:" if spec.units else "units: []", origin.default))
    for index, (unit, attachments) in enumerate(spec.units):
        unit_line, attachment_lines = origin.units[index] if index < len(origin.units) else (origin.default, [])
        if not attachments:
            out.append((f"  - {ref(unit, Slot.UNIT)}", unit_line))
        elif len(attachments) == 1:
            out.append((f"  - unit: {ref(unit, Slot.UNIT)}", unit_line))
            out.append((f"    attachment: {ref(attachments[0], Slot.ATTACHMENT)}", at(attachment_lines, 0)))
        else:
            out.append((f"  - unit: {ref(unit, Slot.UNIT)}", unit_line))
            out.append(("    attachments:", unit_line))
            out += [(f"      - {ref(a, Slot.ATTACHMENT)}", at(attachment_lines, n)) for n, a in enumerate(attachments)]
    for key, cards, slot, numbers in (
        ("ncus", spec.ncus, Slot.NCU, origin.ncus),
        ("enemy_attachments", spec.enemy_attachments, Slot.ENEMY, origin.enemy_attachments),
        ("reinforcements", spec.reinforcements, Slot.REINFORCEMENT, origin.reinforcements),
    ):
        if cards:
            out.append((f"{key}:", origin.default))
            out += [(f"  - {ref(c, slot)}", at(numbers, n)) for n, c in enumerate(cards)]
        elif key == "ncus":
            out.append(("ncus: []", origin.default))
    if spec.list_notes:
        out.append((f"notes: {json_text(spec.list_notes)}", origin.keys.get("notes", origin.default)))
    if spec.not_read:  # what an import could not read: `validate` flags each, at the line it came from
        out.append(("not_read:", origin.default))
        out += [
            (f"  - {json_text(_where(line) + message)}", line)
            for line, message in spec.not_read
        ]
    if lines is not None:
        lines.update({number: source for number, (_, source) in enumerate(out, 1) if source})
    return "\n".join(text for text, _ in out) + "\n"
