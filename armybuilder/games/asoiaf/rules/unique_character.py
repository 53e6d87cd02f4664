"""A character is unique: one card per character identity in an army, whatever the version (000, 建軍).

Multi-character cards (Bran and Hodor) hold every identity they show. In a team game team-mates may not
field the same character either (000, 多人遊戲).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.armylist import Entry
from armybuilder.games.asoiaf.context import Army
from armybuilder.games.asoiaf.rules.examples import EXAMPLE_LIST
from armybuilder.problems import Problem, Severity

if TYPE_CHECKING:
    from armybuilder.games.base import CrossItem

ID = "unique-character"
SEVERITY = Severity.ERROR
VALID = EXAMPLE_LIST
INVALID = """\
faction: stark
points: 40
units:
  - unit: Stark Sworn Swords
    attachments: ["Robb Stark, The Wolf Lord"]
  - unit: Stark Sworn Swords
    attachments: ["Greatjon Umber, Fierce Bannerman"]
  - unit: Stark Bowmen
    attachments: ["Greatjon Umber, Fierce Bannerman"]  # <- unique-character
"""


def check(army: Army) -> Iterator[Problem]:
    first: dict[str, Entry] = {}
    for entry, card in army.pairs:
        characters = card.characters
        if not characters:
            continue
        clash = [(name, first[name]) for name in characters if name in first] if first else None
        if clash:
            name, earlier = clash[0]
            same = army.card(earlier).title == card.title
            what = "a second copy" if same else f"{name} again (as {army.card(earlier).title}"
            what += ")" if not same else ""
            yield army.problem(
                ID,
                f"{card.title} is {what}; already in the list at line {earlier.line} — "
                f"an army holds one card of each character, remove one",
                entry,
            )
        for name in characters:
            first.setdefault(name, entry)


# One character a list fields: (identity, card title, card id, line, column); plain data a batch keeps.
Fielded = tuple[str, str, str, int, int]


def fielded(army: Army) -> tuple[Fielded, ...]:
    """Every character identity the army fields, with the card and where it stands in the list."""
    return tuple(
        (name, card.title, card.id, entry.line, entry.column)
        for entry, card in army.pairs
        for name in card.characters
    )


def shared_characters(
    seen: dict[str, tuple[str, str]],
    mine: Sequence[Fielded],
    path: str,
    *,
    rule: str = ID,
    already: str = "already fielded by a team-mate",
    why: str = "team-mates may not share a character",
) -> list[Problem]:
    """A problem for each character of `mine` (the list at `path`) in `seen` (identity -> path, title)."""
    out = []
    for name, title, card_id, line, column in mine:
        if name in seen:
            other_path, other_title = seen[name]
            message = f"{title} is {name}, {already} ({other_title} in {other_path}); {why}"
            out.append(Problem(rule, Severity.ERROR, message, path, line, column, card_id))
    return out


def cross_problems(group: Sequence[CrossItem], scope: str) -> dict[int, list[Problem]]:
    """Characters shared inside one group checked together: a player's lists at an event (`scope`
    "player"), or team-mates' lists ("team", where one player's own lists are not team-mates). Each later
    list is told once per card, about the first earlier list that fields the character."""
    from armybuilder.text import player_key

    two_lists = scope == "player"
    wording = (
        {"rule": "event-two-lists", "already": "already in this player's other list",
         "why": "a player's two lists may not share a character"}
        if two_lists else {}
    )  # fmt: skip
    out: dict[int, list[Problem]] = {}
    for j, later in enumerate(group):
        told: set[tuple[int, int, str]] = set()
        for earlier in group[:j]:
            if not two_lists and player_key(earlier.player) == player_key(later.player):
                continue
            seen: dict[str, tuple[str, str]] = {}
            for name, title, *_ in earlier.key:
                seen.setdefault(name, (earlier.path, title))
            for problem in shared_characters(seen, later.key, later.path, **wording):
                key = (problem.line, problem.column, problem.card or "")
                if key not in told:
                    told.add(key)
                    out.setdefault(j, []).append(problem)
    return out
