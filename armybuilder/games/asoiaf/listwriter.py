"""Write a list as the YAML players read and edit (used by `import` and `new`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from armybuilder.games.asoiaf.armylist import Slot, choose
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import Catalogue


@dataclass
class ListSpec:
    """A list as cards: what an import produces and what the writer turns into YAML."""

    faction: str
    points: int
    name: str | None = None
    player: str | None = None
    units: list[tuple[Card, list[Card]]] = field(default_factory=list)
    ncus: list[Card] = field(default_factory=list)
    enemy_attachments: list[Card] = field(default_factory=list)

    @property
    def commander(self) -> Card | None:
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
    )
    return text if plain and not text.isdigit() else json.dumps(text, ensure_ascii=False)


def dump_list(spec: ListSpec, catalogue: Catalogue, comment: str | None = None) -> str:
    """The list as readable YAML that loads back to the same cards."""
    lines = []
    if comment:
        lines += [f"# {line}" for line in comment.splitlines()]
    if spec.name:
        lines.append(f"name: {json.dumps(spec.name, ensure_ascii=False)}")
    if spec.player:
        lines.append(f"player: {json.dumps(spec.player, ensure_ascii=False)}")
    lines.append(f"faction: {spec.faction}")
    lines.append(f"points: {spec.points}")
    commander = spec.commander
    if commander is not None:
        lines.append(f"commander: {_scalar(commander.title)}")

    def ref(card: Card, slot: Slot) -> str:
        return _scalar(reference(card, slot, spec.faction, catalogue))

    lines.append("units:" if spec.units else "units: []")
    for unit, attachments in spec.units:
        if not attachments:
            lines.append(f"  - {ref(unit, Slot.UNIT)}")
        elif len(attachments) == 1:
            lines.append(f"  - unit: {ref(unit, Slot.UNIT)}")
            lines.append(f"    attachment: {ref(attachments[0], Slot.ATTACHMENT)}")
        else:
            lines.append(f"  - unit: {ref(unit, Slot.UNIT)}")
            lines.append("    attachments:")
            lines += [f"      - {ref(a, Slot.ATTACHMENT)}" for a in attachments]
    for key, cards, slot in (
        ("ncus", spec.ncus, Slot.NCU),
        ("enemy_attachments", spec.enemy_attachments, Slot.ENEMY),
    ):
        if cards:
            lines.append(f"{key}:")
            lines += [f"  - {ref(c, slot)}" for c in cards]
        elif key == "ncus":
            lines.append("ncus: []")
    return "\n".join(lines) + "\n"
