"""Every rule and problem id of every installed game, as `armybuilder rules` and the README's tables show
them: one source, the games' rule kits (`kit/rules.py`) and `problem_docs()`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armybuilder import games
from armybuilder.kit.rules import summary_of
from armybuilder.problems import Severity

CORE = "core"  # the ids the core emits whatever the game


@dataclass(frozen=True)
class RuleEntry:
    game: str
    id: str
    severity: Severity
    doc: str
    origin: str  # "rule", or where else it is found: "load", "cross", "data", "event", "batch"
    also: tuple[Severity, ...] = ()
    valid: str | None = None  # a file the rule passes (rules of the kit that declare one)
    invalid: str | None = None  # a file that breaks it

    @property
    def summary(self) -> str:
        return summary_of(self.doc)

    @property
    def severity_text(self) -> str:
        return "/".join(str(s) for s in (self.severity, *self.also))

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "id": self.id,
            "severity": str(self.severity),
            "summary": self.summary,
            "doc": self.doc,
            "origin": self.origin,
            "also": [str(s) for s in self.also],
        }


def entries(game: str | None = None) -> list[RuleEntry]:
    """The documented ids of `game` (None: the core's, then every installed game's), rules first, in the
    order each game runs them, then what is found while reading, across files, in data."""
    found: list[RuleEntry] = []
    for key, docs in games.problem_docs().items():
        if game is not None and key != game:
            continue
        kit = games.get(key).rules() if key != CORE else None
        rules = {r.id: r for r in kit} if kit is not None else {}
        ordered = [rules[i] for i in rules if i in docs] + [d for i, d in docs.items() if i not in rules]
        for item in ordered:
            doc = docs[item.id]
            rule = rules.get(item.id)
            found.append(
                RuleEntry(key, doc.id, doc.severity, doc.doc, doc.origin, doc.also,
                          rule.valid if rule else None, rule.invalid if rule else None)
            )  # fmt: skip
    return found
