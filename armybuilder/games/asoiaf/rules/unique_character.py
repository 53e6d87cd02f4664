"""A character is unique: one card per character identity in an army, whatever the version (000, 建軍).

Multi-character cards (Bran and Hodor) hold every identity they show. In a team game team-mates may not
field the same character either (000, 多人遊戲).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.armylist import Entry
from armybuilder.games.asoiaf.context import Army
from armybuilder.problems import Problem, Severity

if TYPE_CHECKING:
    from armybuilder.engine import Report

ID = "unique-character"
SEVERITY = Severity.ERROR


def check(army: Army) -> Iterator[Problem]:
    first: dict[str, Entry] = {}
    for entry, card in army.pairs:
        clash = [(name, first[name]) for name in card.characters if name in first]
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
        for name in card.characters:
            first.setdefault(name, entry)


def team_problems(reports: list[Report]) -> list[list[Problem]]:
    """For each report, the characters a team-mate's earlier list already fields."""
    seen: dict[str, tuple[str, str]] = {}  # identity -> (list path, card title)
    out: list[list[Problem]] = []
    for report in reports:
        found: list[Problem] = []
        ctx = report.context
        mine: dict[str, tuple[str, str]] = {}
        if ctx is not None:
            for entry, card in ctx.pairs:
                for name in card.characters:
                    if name in seen:
                        path, title = seen[name]
                        found.append(
                            ctx.problem(
                                ID,
                                f"{card.title} is {name}, already fielded by a team-mate ({title} in {path}); "
                                "team-mates may not share a character",
                                entry,
                            )
                        )
                    mine.setdefault(name, (report.path, card.title))
        for name, where in mine.items():
            seen.setdefault(name, where)
        out.append(found)
    return out
