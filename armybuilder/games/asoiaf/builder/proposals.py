"""What the completion search returns: the additions of a proposal, the proposal with its rank, how a
running search is going, and the search's result.

Nothing here prints or exits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.check import ListReport

Key = tuple[int, int, int, int]  # (points left, neutral points, -new combat units, cards added)
WORST: Key = (1 << 30, 1 << 30, 0, 1 << 30)


@dataclass(frozen=True)
class Addition:
    """One step of a completion: a new combat unit (`card`) with its attachments, attachments joining the
    existing unit `unit` (0-based; `card` is None), or an NCU (`card`)."""

    kind: str  # "unit" | "attach" | "ncu"
    card: Card | None
    attachments: tuple[Card, ...] = ()
    unit: int | None = None

    def cards(self) -> tuple[Card, ...]:
        return ((self.card,) if self.card is not None else ()) + self.attachments


@dataclass
class Completion:
    additions: tuple[Addition, ...]
    spent: int
    left: int
    neutral: int
    report: ListReport

    @property
    def units(self) -> int:
        """New combat units."""
        return sum(1 for a in self.additions if a.kind == "unit")

    @property
    def cards(self) -> int:
        return sum(len(a.cards()) for a in self.additions)

    @property
    def key(self) -> Key:
        """Closest use of the budget first, then fewer neutral points, more combat units, fewer cards."""
        return (self.left, self.neutral, -self.units, self.cards)


@dataclass(frozen=True)
class Progress:
    """How a running search is going, for a progress display."""

    nodes: int
    checked: int
    found: int
    best: Key | None
    elapsed: float
    timeout: float


@dataclass
class Search:
    completions: list[Completion] = field(default_factory=list)
    proven: bool = False
    why: str = ""  # when not proven: why not, in a few words
    nodes: int = 0  # additions tried
    checked: int = 0  # candidates checked with the validator
    budget: int = 0  # points left before the search
    seconds: float = 0.0
