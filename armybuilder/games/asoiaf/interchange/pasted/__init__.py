"""Lists as players paste them into e-mails, forum posts and chat (format `text`), read with the card
catalogue rather than a fixed layout:

    Veterans of the Watch (7)              Commander: Eddard Stark – Lord of Winterfell
    Jon Snow (C)                           Points: 40 | Activations: 7
    Sworn Brothers (7)                     Combat Units:
    Watch Captain (3)                      - House Umber Berserkers (6 pts)
    Aemon (4)                                with Umber Champion (1 pts)

How a line is read, once markdown (headings, quotes, emphasis), bullets and numbering are taken off:

- `Key: value` lines: `Faction:` (`House:`, `Army:`), `Commander:`, `Points:` (`Size:`), `Name:` (`List:`,
  `Title:`), `Player:`; any other key (`Activations: 7`, `Total: 38`) is skipped. Several may share a
  line, split by `|`.
- Section headers (`Combat Units`, `Non-Combat Units`, `NCUs`, `Attachments`, `Enemy Attachments`) are
  optional: they only help choose between versions of a card. A line naming a faction sets it.
- Totals, activation counts, point counts, links and "built with" lines are skipped; so are the lines
  before the first card that name no card (the first is the list's name; `(60 pts)` in it is the size,
  and so is a standard size beside a house's name alone: `Stark 40`).
- Every other line is a card. `(C)`, `[C]` or a `C` cost marks the commander; a cost in any common form
  (`(6)`, `(6 pts)`, `6pts`, `- 6`, `[6]`) is read but never trusted; `with`, `w/`, `+`, `&` or an indent
  marks an attachment; one line may hold a unit and its attachments (`Unit (7) + Jon Snow (C)`).

Names are matched as people write them: `Name, Subname`, `Name – Subname`, `Name - Subname`,
`Name (Subname)`, any case and apostrophe, or a short form (`Umber Berserkers`, `Aemon`) when exactly one
card fits it. What fits: a card of the list's faction before a neutral one; a commander for `(C)` (and
the one `Commander:` names); the kind a section or `with` asks for; and, last, the card whose printed
cost is the one written.

The card kinds decide the structure: a combat unit starts a unit, an attachment joins the last unit above
it (an attachment placed on enemy units is an enemy attachment), an NCU is an NCU wherever it stands.
Without a `Faction:` line the faction is the great house most cards belong to (neutral cards and cards
printed for several houses do not vote; a tie asks for a `Faction:` line). Without a size the game size
is the smallest standard size that holds the list. A written cost that differs from the card data's is a
note in the YAML comment (the list was built in another season), as is every line skipped. A line that
cannot be placed is an error naming it, with "did you mean".

Lists in German, French and Chinese: card and faction names come from the catalogue's name tables, and each
line's label words (`Kommandant:`, `mit`, `(K)`, `Punkte`, `Unités de combat`, `統帥：`, full-width
punctuation) are read as the English ones first (`languages.py`, with vocabulary.py's words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.interchange.common import PASTED_FORMAT as FORMAT
from armybuilder.games.asoiaf.interchange.common import ImportedList, check_size

from .costs import Costs
from .explain import explain
from .layout import Lines
from .lines import MAX_LINES, looks_like
from .model import SKIPPED, Reading
from .names import lookup
from .placing import Placing

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue


class _Reader(Lines, Placing, Costs):
    """Pass 1 (`Lines`) reads what each line is, pass 2 (`Placing`) decides the cards, `Costs` weighs the costs."""


def read(
    text: str,
    catalogue: Catalogue,
    source: str,
    readings: list[Reading] | None = None,
    *,
    points: int | None = None,
    keep: bool = False,
) -> ImportedList:
    """Read a pasted list. Every line that could not be read is a problem at its line: raised together
    as one InterchangeError naming the first, or with `keep` returned in the list's `not_read` (the
    list then holds everything else it read). `points`: the game size when the text states none.
    `readings`, when given, receives every non-blank input line with what it became."""
    check_size(text, source)
    reader = _Reader(catalogue, source)
    reader.given_points = points
    try:
        spec = reader.read(text)
    finally:
        if readings is not None:
            readings += reader.readings()
    if not keep:
        reader.problems.raise_if_any()
    return spec


__all__ = ["FORMAT", "MAX_LINES", "SKIPPED", "Reading", "explain", "looks_like", "lookup", "read"]
