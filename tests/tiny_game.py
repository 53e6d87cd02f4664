"""A tiny game system defined in the tests, to prove that a game plugs in without touching armybuilder/.

The game: a `squad` of named pieces from a three-piece catalogue; two rules (`squad-size`, `piece-limit`).
It follows the recipe of ARCHITECTURE.md ("How to add a game") step by step.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder import yamlpos
from armybuilder.games.base import (
    DEFAULT_OPTIONS,
    Document,
    GameSystem,
    Options,
    ProblemDoc,
    Report,
    Summary,
    Tally,
    json_document,
)
from armybuilder.games.capabilities import NewFiles
from armybuilder.kit.rules import Rule, Rules
from armybuilder.problems import Problem, Severity

# 1. The facts: a few lines of data (a real game keeps them under data/<game>/ with a JSON Schema).
PIECES = {"knight": 3, "archer": 2, "peasant": 1}
SQUAD_SIZE = 5


@dataclass
class Squad:
    """The game's model of a file: its pieces, with positions."""

    path: str
    pieces: yamlpos.PosList
    key_pos: tuple[int, int]  # where `squad:` stands


# 3. The rules, in the rule kit: id, severity, documentation and examples once; the runner stamps them.
def squad_size(squad: Squad) -> Iterator[Problem]:
    if len(squad.pieces) != SQUAD_SIZE:
        message = f"the squad has {len(squad.pieces)} pieces; field exactly {SQUAD_SIZE}"
        yield Problem("squad-size", Severity.ERROR, message, squad.path, *squad.key_pos)


def piece_limit(squad: Squad) -> Iterator[Problem]:
    knights = [i for i, p in enumerate(squad.pieces) if p == "knight"]
    if len(knights) > 2:
        line, column = squad.pieces.at(knights[2])
        yield Problem("piece-limit", Severity.WARNING, "a third knight slows the squad; field an archer",
                      squad.path, line, column)  # fmt: skip


GOOD = "game: tiny\nsquad: [knight, archer, archer, peasant, peasant]\n"
RULES = Rules(
    (
        Rule("squad-size", Severity.ERROR, "A squad fields exactly five pieces.", squad_size,
             valid=GOOD, invalid="game: tiny\nsquad: [knight]\n"),
        Rule("piece-limit", Severity.WARNING, "More than two knights make a slow squad.", piece_limit,
             valid=GOOD, invalid="game: tiny\nsquad: [knight, knight, knight, archer, peasant]\n"),
    ),
    load=(ProblemDoc("schema", Severity.ERROR, "The squad file is not a mapping with a `squad:` list.", "load"),),
)


# 5. What it does beyond checking (here: new files) it declares as capabilities among its bases.
class TinyGame(GameSystem, NewFiles):
    # 2. Its key, title and file kinds.
    key = "tiny"
    title = "Tiny Skirmish"
    file_kinds = ("squad",)

    def load_data(self, folder: Path | None = None, version: str | None = None) -> dict[str, int]:
        return dict(PIECES)

    # Every problem id it can emit, documented: its rules' and its reader's.
    def rules(self) -> Rules[Squad]:
        return RULES

    def problem_docs(self) -> Sequence[ProblemDoc]:
        return RULES.docs()

    # 4. Document -> model -> rules -> Report with a Summary.
    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> Report:
        path = document.path
        report = Report(path, self.key, strict=options.strict)
        if document.error is not None:
            report.add([document.error])
            return report
        value = document.value
        squad = value.get("squad") if isinstance(value, yamlpos.PosMap) else None
        if not isinstance(squad, yamlpos.PosList) or not all(isinstance(p, str) for p in squad):
            report.add([Problem("schema", Severity.ERROR, "write `squad: [knight, archer, …]`", path, 1, 1)])
            return report
        report.add(RULES.run(Squad(path, squad, value.key_pos["squad"])))
        cost = sum(data.get(p, 0) for p in squad)
        report.summary = Summary(
            title=str(value.get("name")) if value.get("name") else None,
            player=str(value["player"]) if value.get("player") else None,
            tallies=(Tally("pieces", len(squad), SQUAD_SIZE), Tally("cost", cost)),
            fielded=tuple(squad),
        )
        report.model = list(squad)
        return report

    def export(self, report: Report, fmt: str, **options: Any) -> str:
        return json_document(self, report, {"squad": report.model})

    def new_file(self, data: Any, **options: Any) -> str:
        return f"game: tiny\nname: {options.get('name') or 'my squad'}\nsquad: [knight, archer, archer, peasant, peasant]\n"


# 6. One instance, registered by the registry's entry-point group or `armybuilder.games.register`.
SYSTEM = TinyGame()
