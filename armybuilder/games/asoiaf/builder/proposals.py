"""What the completion search returns: the additions of a proposal, the proposal with its rank, how a
running search is going, and the search's result; the player's limits on what it may propose.

The ranking, best first (smaller keys are better): fewest points left; most activations (combat units and
NCUs); variety: fewest copies of the most repeated card, then more distinct cards; fewer neutral points;
then a fixed order (the additions' places in the search's order, which follows card ids, then the
attachments' ids), so that the ranking is total and the same whatever `--top` asks for.

Nothing here prints or exits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.check import ListReport
from armybuilder.games.asoiaf.context import Army

Rank = tuple[int, int, int, int, int]  # (points left, -activations, most copies, -distinct cards, neutral)
Order = tuple[tuple[int, ...], tuple[str, ...]]  # (additions' places in the search order, attachment ids)
Key = tuple[int, int, int, int, int, Order]  # a Rank, then the fixed order
FIRST: Order = ((), ())
WORST: Key = (1 << 30, 1 << 30, 1 << 30, 1 << 30, 1 << 30, FIRST)
MAX_COPIES = 3  # no card more than this many times in a proposed list, unless the player says otherwise
MAX_NCUS = 2  # no more NCUs than this in a proposed list, unless the player says otherwise (see docs/players.md)


def rank_of(ctx: Army) -> Rank:
    """A whole list's rank (its points must be known): what the ranking compares before the fixed order."""
    assert ctx.points is not None
    copies = Counter(card.id for entry, card in ctx.pairs if entry.slot is not Slot.ENEMY)
    activations = sum(1 for u in ctx.army.units if u.unit.card is not None)
    activations += sum(1 for n in ctx.army.ncus if n.card is not None)
    return (
        ctx.points - ctx.total,
        -activations,
        max(copies.values(), default=0),
        -len(copies),
        ctx.neutral_total,
    )


def key_of(rank: Rank) -> Key:
    """A rank as a key every completion of that rank falls behind (a bar to beat)."""
    return (*rank, FIRST)


@dataclass(frozen=True)
class Limits:
    """What the player allows a proposal to be: copies of one card, combat units and NCUs in the finished
    list, cards it must hold and cards it may not add (card ids)."""

    max_copies: int | None = MAX_COPIES
    min_units: int | None = None
    max_units: int | None = None
    min_ncus: int | None = None
    max_ncus: int | None = MAX_NCUS
    with_cards: tuple[frozenset[str], ...] = ()  # each: one of these must be in the list
    without: frozenset[str] = frozenset()


DEFAULT_LIMITS = Limits()


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
    """A proposal: the additions, what they spend, and the finished list checked by the validator."""

    additions: tuple[Addition, ...]
    spent: int
    left: int
    neutral: int
    report: ListReport
    order: Order = FIRST  # its place among proposals of the same rank

    @property
    def units(self) -> int:
        """New combat units."""
        return sum(1 for a in self.additions if a.kind == "unit")

    @property
    def cards(self) -> int:
        """Cards added."""
        return sum(len(a.cards()) for a in self.additions)

    @cached_property
    def rank(self) -> Rank:
        ctx = self.report.context
        assert ctx is not None
        return rank_of(ctx)

    @property
    def activations(self) -> int:
        """Combat units and NCUs in the finished list."""
        return -self.rank[1]

    @property
    def copies(self) -> int:
        """Copies of the most repeated card in the finished list."""
        return self.rank[2]

    @property
    def distinct(self) -> int:
        """Different cards in the finished list."""
        return -self.rank[3]

    @property
    def key(self) -> Key:
        """Points spent first, then activations, variety, fewer neutral points, the fixed order."""
        return (*self.rank, self.order)


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
