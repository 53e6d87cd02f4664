"""Written costs as evidence: each one compared with the card data's (after modifiers), a difference a note."""

from __future__ import annotations

from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.interchange.common import ImportedList
from armybuilder.games.asoiaf.listwriter import dump_list
from armybuilder.text import count

from .model import Piece, State


class Costs(State):
    def _costs(self, spec: ImportedList, written: list[tuple[Card, Piece | None]]) -> None:
        """Compare every written cost with the card data's (after modifiers); a difference is a note."""
        if not any(p is not None and p.cost is not None for _, p in written):
            return
        from armybuilder.games.asoiaf.check import validate_text

        spec.points = spec.points or 50
        report = validate_text(dump_list(spec, self.catalogue), self.catalogue, "<import>")
        spec.points = 0
        ctx = report.context
        if ctx is None:
            return
        army = report.army
        entries = (
            [e for u in army.units for e in (u.unit, *u.attachments)] + army.ncus + army.enemy_attachments
        )
        if len(entries) != len(written):
            return
        for entry, (card, piece) in zip(entries, written, strict=True):
            if piece is None or piece.cost is None or entry.card != card:
                continue
            cost = ctx.cost(entry)
            n = piece.copies  # `Lannister Crossbowmen x2 (12)`: the cost of both copies
            if piece.cost not in (cost, card.points, n * cost, n * card.points):  # printed, or after modifiers
                piece.became += f" — written {piece.cost}, the card data says {cost}"
                self.notes.append(
                    f"Line {piece.line}: {card.title} is written at {count(piece.cost, 'point')}; the card "
                    f"data says {cost} (a list built in another season?)."
                )
