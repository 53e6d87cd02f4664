"""A Game of Thrones: The Board Game (FFG, first and second edition): position and set-up checks.

The system the core calls for files with `game: agot-board-game`: it loads the data once, reads a
position file into a `Position`, runs the rules of `rules/` over it (a rule the reader's notes say the
file cannot break is not called: `Position.may_break`) and hands back a Report whose summary (per house)
is made on first use (`PositionReport`). Rendering lives in `render.py`, the start of a
game in `newfile.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.errors import UsageError
from armybuilder.games.agot import datacheck
from armybuilder.games.agot.data import AgotData, load
from armybuilder.games.agot.position import ALIASES, KEY, Position
from armybuilder.games.agot.reader import read
from armybuilder.games.agot.rules import RULES, run
from armybuilder.games.agot.rules.special_orders_limit import allowances, no_single_place, starred
from armybuilder.games.base import (
    DEFAULT_OPTIONS,
    EMPTY_SUMMARY,
    Column,
    Document,
    GameSystem,
    NewOption,
    Options,
    ProblemDoc,
    Report,
    RowTerms,
    Summary,
    Tally,
    json_document,
)
from armybuilder.games.capabilities import NewFiles
from armybuilder.problems import BY_POSITION, Problem, Severity

if TYPE_CHECKING:
    from rich.console import RenderableType  # noqa: TID251 - a type only

    from armybuilder.kit.rules import Rules


def _doc(text: str | None) -> str:
    """A rule's documentation: its docstring as one paragraph."""
    first = (text or "").strip().split("\n\n")[0]
    return " ".join(first.split())


def house_figures(position: Position, breaches: AbstractSet[int]) -> dict[str, Any]:
    """Per house: supply, the armies it allows and has, units against caps, power, track positions.

    `breaches`: the lines of the `army-supply` problems (each at its house's key)."""
    ed = position.edition
    track = position.data.supply_track
    rows = len(track)
    caps = ed.caps
    kinds = ed.units
    places: dict[str, dict[str, int]] = {}  # track -> house -> its first place on it
    for t, tr in (position.influence or {}).items():
        first = places[t] = {}
        for i, (h, _) in enumerate(tr.houses, 1):
            if h not in first:
                first[h] = i
    table = allowances(position)
    no_single = no_single_place(position)
    result: dict[str, Any] = {}
    for hid, block in position.houses.items():
        supply = block.supply
        row = track[supply] if supply is not None and 0 <= supply < rows else None
        units = None
        armies = None
        if block.stacks is not None:
            totals = block.unit_totals()
            units = {k: {"value": totals.get(k, 0), "limit": caps[k]} for k in kinds}
            armies = sorted([s.total for s in block.stacks.values() if s.total >= 2], reverse=True)
        tokens = block.tokens
        figures: dict[str, Any] = {
            "name": block.name,
            "supply": supply,
            "armies_allowed": list(row) if row is not None else None,
            "armies": armies,
            "supply_breach": block.pos[0] in breaches,
            "units": units,
            "power_available": block.power_available,
            "power_on_board": len(tokens) if tokens is not None else None,
            "tracks": {t: p.get(hid) for t, p in places.items()},
        }
        if block.orders is not None:  # used against what its King's Court position allows
            shown = None if table is None else table.get(hid, no_single)
            figures["starred_orders"] = {"used": starred(block), "allowed": shown}
        cards = block.cards
        if cards is not None:
            figures["house_cards"] = {"hand": cards.hand, "discarded": cards.discarded}
        result[hid] = figures
    return result


class AgotSystem(GameSystem[Report[Any]], NewFiles):
    key: ClassVar[str] = KEY
    title: ClassVar[str] = "A Game of Thrones: The Board Game (first and second edition)"
    file_kinds: ClassVar[tuple[str, ...]] = ("position",)
    terms: ClassVar[RowTerms] = RowTerms(
        "position", "positions", None, None, (Column("houses", "houses"), Column("supply_breaches", "supply breaches"))
    )
    aliases: ClassVar[tuple[str, ...]] = ALIASES
    export_formats: ClassVar[dict[str, str]] = {
        "json": "the checked position as JSON",
        "md": "a Markdown report: per house supply, armies, units, power and tracks, then the problems",
        "html": "the same report as one self-contained HTML page",
    }
    new_options: ClassVar[tuple[NewOption, ...]] = (
        NewOption("edition", "1 (2003, 3-5 players) or 2 (2011, 3-6 players); default 2"),
        NewOption("players", "the number of players; default the edition's most (5 or 6)"),
    )

    # --- data -------------------------------------------------------------------------------------

    def load_data(self, folder: Path | None = None, version: str | None = None) -> AgotData:
        return load(folder)

    def check_data(self, folder: Path | None = None) -> list[Problem]:
        return datacheck.check_data(folder)

    # --- files ------------------------------------------------------------------------------------

    def rules(self) -> Rules[Position]:
        return RULES

    def problem_docs(self) -> Sequence[ProblemDoc]:
        docs = list(RULES.docs())
        docs.extend(ProblemDoc(i, Severity.ERROR, d, "data") for i, d in datacheck.DOCS.items())
        return docs

    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> Report[Any]:
        path = document.path
        if document.error is not None:
            return Report(path, self.key, [document.error], options.strict, Summary())
        problems: list[Problem] = []
        position: Position | None = None
        try:
            position, problems = read(path, document.value, data)
            if position is not None:
                problems.extend(run(position))
        except Exception as exc:  # a bug must not stop a batch; the hostile-input tests keep this unreached
            problems.append(
                Problem(
                    "schema",
                    Severity.ERROR,
                    f"this file could not be checked (internal error: {type(exc).__name__}); please report it",
                    path,
                    1,
                    1,
                )
            )
            position = None
        problems.sort(key=BY_POSITION)
        if position is None:
            return Report(path, self.key, problems, options.strict, Summary())
        report = _new_report(PositionReport)  # the fields set here, the others the dataclass's defaults
        report.path = path
        report.game = self.key
        report.problems = problems
        report.strict = options.strict
        report.model = position
        # as checked, whatever comes after (only a rule the reader noted a way to break finds anything)
        report.breaches = (
            {p.line for p in problems if p.rule == "army-supply"} if "army-supply" in position.may_break else _NO_LINES
        )
        return report

    # --- output -----------------------------------------------------------------------------------

    def show(self, report: Report[Any]) -> RenderableType:
        from armybuilder.games.agot import render

        return render.show(report)

    def export(self, report: Report[Any], fmt: str, **options: Any) -> str:
        from armybuilder.games.agot import render

        if fmt == "json":
            from armybuilder.games.agot.plain import position_data

            model = report.model
            return json_document(self, report, {"position": position_data(model)} if model is not None else {})
        if fmt == "md":
            return render.markdown(report)
        if fmt == "html":
            return render.html_page(report)
        raise UsageError(f"{self.title} cannot export {fmt}; formats: {', '.join(self.export_formats)}")

    def new_file(self, data: Any, **options: Any) -> str:
        from armybuilder.games.agot.newfile import new_position

        unknown = set(options) - {"edition", "players"}
        if unknown:
            raise UsageError(
                f"`new --game {self.key}` takes --edition and --players, not {', '.join(sorted(unknown))}"
            )
        return new_position(data, options.get("edition"), options.get("players"))


_NO_LINES: frozenset[int] = frozenset()  # the breaches of a position army-supply did not look at
_new_report = object.__new__  # a PositionReport without the dataclass's __init__ (one per position checked)


class PositionReport(Report[Position]):
    """The verdict on one position: its summary is made from the position on first use (a batch's row or a
    printout reads it, a check that only asks whether the file is valid never does). `breaches`: the lines of
    the `army-supply` problems the check found (an event's rules may change `problems` later)."""

    breaches: AbstractSet[int]  # (set by `check`: not a field of the dataclass)

    @property
    def summary(self) -> Summary:
        found: Summary | None = self.__dict__.get("_summary")
        if found is None:
            model = self.model
            found = self.__dict__["_summary"] = summary(model, self.breaches) if model is not None else EMPTY_SUMMARY
        return found

    @summary.setter
    def summary(self, value: Summary) -> None:
        if value is not EMPTY_SUMMARY or self.model is not None:  # (the dataclass's __init__ sets its default)
            self.__dict__["_summary"] = value


def summary(position: Position, lines: AbstractSet[int]) -> Summary:
    """A position's summary: its title, houses and supply breaches (`lines`: those of its `army-supply` problems)."""
    figures = house_figures(position, lines)
    breaches = sum(1 for f in figures.values() if f["supply_breach"])
    if position.name:
        title = position.name
    else:
        parts = [f"edition {position.edition.number}"]
        if position.round is not None:
            parts.append(f"round {position.round}")
        if position.players is not None:
            parts.append(f"{position.players} players")
        title = ", ".join(parts)
    details = {
        "edition": position.edition.number,
        "players": position.players,
        "round": position.round,
        "phase": position.phase,
        "houses": figures,
    }
    return Summary(
        title=title,
        tallies=(Tally("houses", len(position.houses)), Tally("supply breaches", breaches)),
        details=details,
    )


SYSTEM = AgotSystem()
