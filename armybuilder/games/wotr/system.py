"""War of the Ring (2nd edition) as a game system: position files (set-ups, snapshots, ladder reports)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.errors import UsageError
from armybuilder.games.base import (
    DEFAULT_OPTIONS,
    Column,
    Document,
    GameSystem,
    NewOption,
    Options,
    ProblemDoc,
    Report,
    RowTerms,
    Summary,
    bundled_data,
    json_document,
)
from armybuilder.games.capabilities import NewFiles
from armybuilder.games.wotr import data as wotr_data
from armybuilder.games.wotr import datacheck, newfile, tables
from armybuilder.games.wotr.reader import read_position
from armybuilder.games.wotr.rules import RULES
from armybuilder.games.wotr.withheld import DOC as SKIPPED_DOC
from armybuilder.games.wotr.withheld import withhold
from armybuilder.problems import BY_POSITION, Problem, Severity

if TYPE_CHECKING:
    from rich.console import RenderableType  # noqa: TID251 - a type only

    from armybuilder.games.wotr.position import Position
    from armybuilder.kit.rules import Rules

DATA_DOCS = (
    ProblemDoc(
        "data-schema",
        Severity.ERROR,
        "A data file is missing, is not YAML, or breaks its JSON Schema (a field missing, unknown or of the "
        "wrong type).",
        "data",
    ),
    ProblemDoc(
        "data-consistency",
        Severity.ERROR,
        "Data files disagree: set-up plus reinforcements differ from the box count, a name no table defines, "
        "totals that do not add up, or two names of one kind that match each other.",
        "data",
    ),
)


class WarOfTheRing(GameSystem[Report[Any]], NewFiles):
    key: ClassVar[str] = "war-of-the-ring"
    title: ClassVar[str] = "War of the Ring (2nd edition)"
    file_kinds: ClassVar[tuple[str, ...]] = ("position",)
    terms: ClassVar[RowTerms] = RowTerms(
        "position", "positions", None, Column("guide", "guide"),
        (Column("shadow_vp", "Shadow VP"), Column("free_peoples_vp", "Free Peoples VP"), Column("corruption", "corruption")),
    )
    aliases: ClassVar[tuple[str, ...]] = ("wotr", "魔戒聖戰")
    export_formats: ClassVar[dict[str, str]] = {
        "json": "the checked position as JSON (canonical names)",
        "md": "a Markdown report: figures per nation, limits, the Fellowship, tracks, problems",
        "html": "the same report as one self-contained HTML page",
    }
    new_options: ClassVar[tuple[NewOption, ...]] = (
        NewOption("players", "2, 3 or 4 players (default 2): decides the hands and control sections"),
        NewOption("name", "a name for the position, written as `name:`"),
    )

    # --- data -------------------------------------------------------------------------------------

    def load_data(self, folder: Path | None = None, version: str | None = None) -> wotr_data.WotrData:
        return wotr_data.load(folder)

    def check_data(self, folder: Path | None = None) -> list[Problem]:
        return datacheck.check_folder(folder if folder is not None else bundled_data(wotr_data.DATA_FOLDER))

    # --- files ------------------------------------------------------------------------------------

    def rules(self) -> Rules[Position]:
        return RULES

    def problem_docs(self) -> Sequence[ProblemDoc]:
        return [*RULES.docs(), SKIPPED_DOC, *DATA_DOCS]

    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> Report[Any]:
        if document.error is not None:
            return Report(
                path=document.path,
                game=self.key,
                problems=[document.error],
                strict=options.strict,
                summary=Summary(title="unreadable position"),
            )
        position = read_position(document.value, document.path, data)
        problems = list(position.problems)
        if position.readable:
            problems.extend(RULES.run(position))
        problems.sort(key=BY_POSITION)  # Problem.sort_key's order, without a call of Python per problem
        problems = withhold(position, problems)  # what a left-out entry could have averted: one note
        return Report(
            path=document.path,
            game=self.key,
            problems=problems,
            strict=options.strict,
            summary=tables.summary(position),
            model=position,
        )

    # --- output -----------------------------------------------------------------------------------

    def show(self, report: Report[Any]) -> RenderableType:
        from armybuilder.games.wotr import render

        return render.show(report)

    def export(self, report: Report[Any], fmt: str, **options: Any) -> str:
        if fmt == "json":
            content = {} if report.model is None else {"position": tables.position_data(report.model)}
            return json_document(self, report, content)
        if fmt in ("md", "html"):
            from armybuilder.games.wotr import render

            return render.markdown(report) if fmt == "md" else render.html_page(report)
        raise UsageError(f"{self.title} cannot export {fmt}; formats: {', '.join(self.export_formats)}")

    def new_file(self, data: Any, **options: Any) -> str:
        unknown = sorted(set(options) - {o.name for o in self.new_options})
        if unknown:
            raise UsageError(
                f"`new --game {self.key}` takes no option {unknown[0]!r}; it takes --players, --name"
            )
        return newfile.standard_setup(data, players=options.get("players"), name=options.get("name"))


SYSTEM = WarOfTheRing()
