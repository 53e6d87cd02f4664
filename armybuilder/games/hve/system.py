"""Horde vs Empire as a game system: a deck of 5 unit cards and 10 command cards of one faction, checked
against a card catalogue folder (the bundled example, or the designer's own with `--data DIR`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.errors import UsageError
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
from armybuilder.games.hve.catalogue import GAME_KEY, Catalogue, bundled_folder
from armybuilder.games.hve.datacheck import DATA_RULES, check_folder, load_catalogue
from armybuilder.games.hve.deck import Deck, read_deck
from armybuilder.games.hve.names import FACTION_CHOICES, FACTIONS, faction_key, is_text, norm
from armybuilder.games.hve.rules import RULES, quiet, run
from armybuilder.games.hve.rules.deck_command_count import SIZE as COMMANDS
from armybuilder.games.hve.rules.deck_unit_count import SIZE as UNITS
from armybuilder.problems import BY_POSITION, Problem, Severity
from armybuilder.text import json_text

if TYPE_CHECKING:
    from rich.console import RenderableType  # noqa: TID251 - a type only

    from armybuilder.kit.rules import Rules


def _doc(module: Any) -> str:
    """A rule module's docstring as one line: its first paragraph."""
    first = (module.__doc__ or "").strip().split("\n\n")[0]
    return " ".join(first.split())


class HordeVsEmpire(GameSystem[Report[Any]], NewFiles):
    key: ClassVar[str] = GAME_KEY
    title: ClassVar[str] = "Horde vs Empire (card game)"
    file_kinds: ClassVar[tuple[str, ...]] = ("deck",)
    terms: ClassVar[RowTerms] = RowTerms(
        "deck", "decks", Column("faction", "faction"), Column("opening_unit", "opening unit"),
        (Column("units", "units"), Column("commands", "commands")),
    )
    aliases: ClassVar[tuple[str, ...]] = ("hve", "horde-vs-empire", "horde vs empire")
    export_formats: ClassVar[dict[str, str]] = {
        "json": "the checked deck as JSON",
        "md": "a Markdown deck sheet",
        "html": "a self-contained HTML deck sheet",
    }
    new_options: ClassVar[tuple[NewOption, ...]] = (
        NewOption("faction", "the deck's faction: golden-horde (金帐) or empire (帝国)"),
        NewOption("name", "the deck's name"),
    )

    def __init__(self) -> None:
        self._bundled: Catalogue | None = None

    # --- data -----------------------------------------------------------------------------------

    def load_data(self, folder: Path | None = None, version: str | None = None) -> Catalogue:
        if folder is None:
            if self._bundled is None:
                self._bundled = load_catalogue(None)
            return self._bundled
        return load_catalogue(Path(folder))

    def data_version(self, data: Any) -> str | None:
        return data.label if isinstance(data, Catalogue) else None

    def check_data(self, folder: Path | None = None) -> list[Problem]:
        where = bundled_folder() if folder is None else Path(folder)
        # relative to the folder, as every game's `check_data` names its files: the command shows them
        return [replace(p, file=_within(p.file, where)) for p in check_folder(where)[1]]

    # --- files ------------------------------------------------------------------------------------

    def rules(self) -> Rules[Deck]:
        return RULES

    def problem_docs(self) -> Sequence[ProblemDoc]:
        return [*RULES.docs(), *DATA_RULES]

    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> Report[Any]:
        catalogue = data if isinstance(data, Catalogue) else self.load_data()
        if document.error is not None:
            return Report(path=document.path, game=self.key, problems=[document.error], strict=options.strict)
        deck = read_deck(document.path, document.value, catalogue)
        problems = deck.problems
        if deck.is_deck and not quiet(deck):
            problems.extend(run(deck))
        report = _new_report(DeckReport)  # the fields set here, the others the dataclass's defaults (class attributes)
        report.path = document.path
        report.game = self.key
        report.problems = sorted(problems, key=BY_POSITION) if len(problems) > 1 else problems
        report.strict = options.strict
        report.model = deck
        return report

    # --- output ---------------------------------------------------------------------------------

    def show(self, report: Report[Any]) -> RenderableType:
        from armybuilder.games.hve.render import show

        return show(report)

    def export(self, report: Report[Any], fmt: str, **options: Any) -> str:
        if fmt == "json":
            return json_document(self, report, content(report))
        if fmt == "md":
            from armybuilder.games.hve.render import markdown

            return markdown(report)
        if fmt == "html":
            from armybuilder.games.hve.render import html_sheet

            return html_sheet(report)
        raise UsageError(f"{self.title} cannot export {fmt}; formats: {', '.join(self.export_formats)}")

    def new_file(self, data: Any, **options: Any) -> str:
        catalogue = data if isinstance(data, Catalogue) else self.load_data()
        unknown = sorted(set(options) - {o.name for o in self.new_options})
        if unknown:
            raise UsageError(f"`new --game {self.key}` takes --faction and --name, not --{unknown[0]}")
        given = options.get("faction")
        if given is None:
            raise UsageError(f"give the deck's faction: --faction {FACTION_CHOICES}")
        faction = faction_key(given)
        if faction is None:
            raise UsageError(f"--faction must be {FACTION_CHOICES}, not {given!r}")
        name = options.get("name")
        if name is None:
            name = f"New {FACTIONS[faction].name} deck"
        if not is_text(name):
            raise UsageError("--name must be a non-empty text")
        return skeleton(catalogue, faction, str(name).strip())


def _within(file: str, folder: Path) -> str:
    try:
        return Path(file).relative_to(folder).as_posix()
    except ValueError:
        return file


_TALLIES: dict[tuple[str, int | None], Tally] = {}  # a Tally is frozen: the few usual ones are shared


def _tally(label: str, value: int | None, limit: int) -> Tally:
    found = _TALLIES.get((label, value))
    if found is None:
        found = Tally(label, value, limit)
        if value is None or 0 <= value <= 100:  # hostile counts must not grow the table without bound
            _TALLIES[label, value] = found
    return found


_ERROR = Severity.ERROR
_severity = attrgetter("severity")
_new_report = object.__new__  # a DeckReport without the dataclass's __init__ (one per deck checked)


class DeckReport(Report[Deck]):
    """The verdict on one deck: its summary is made from the deck on first use (a batch's row reads it, a
    check that only asks whether the deck is valid never does)."""

    @property
    def valid(self) -> bool:
        # a deck without problems (half the decks checked) is valid without making the lists of its errors
        # and its warnings; one with problems, unless strict, is valid when none is an error, asked without
        # making that list either (as `Verdict.valid`: no error, and under strict no warning)
        problems = self.problems
        if not problems:
            return True
        if self.strict:
            return super().valid
        return _ERROR not in map(_severity, problems)  # in C, no generator

    @property
    def summary(self) -> Summary:
        found: Summary | None = self.__dict__.get("_summary")
        if found is None:
            found = self.__dict__["_summary"] = summary(self.model) if self.model is not None else EMPTY_SUMMARY
        return found

    @summary.setter
    def summary(self, value: Summary) -> None:
        if value is not EMPTY_SUMMARY or self.model is not None:  # (the dataclass's __init__ sets its default)
            self.__dict__["_summary"] = value


def summary(deck: Deck) -> Summary:
    if not deck.is_deck:
        return Summary()
    faction = deck.faction
    # every card listed, in the order first listed: the sections' distinct names that name a card
    fielded = dict.fromkeys(filter(None, map(deck.catalogue.name_of.get, chain(deck.units.totals, deck.commands.totals))))
    leader = deck.opening
    if leader is not None:
        leader = deck.catalogue.name_of.get(norm(leader), leader)
    units, commands = deck.units, deck.commands
    return Summary(
        deck.name,
        None,
        None,
        faction,
        _SIDE_NAMES[faction] if faction is not None else None,
        leader,
        (
            _tally("units", units.total if units.listed else None, UNITS),
            _tally("commands", commands.total if commands.listed else None, COMMANDS),
        ),
        tuple(fielded),
    )


_SIDE_NAMES = {key: faction.name for key, faction in FACTIONS.items()}


def content(report: Report[Any]) -> dict[str, Any]:
    """The deck's own part of the JSON document."""
    deck = report.model
    if not isinstance(deck, Deck):
        return {"deck": None}

    def entries(section: list[Any]) -> list[dict[str, Any]]:
        return [
            {
                "card": e.card.name if e.card is not None else e.name,
                "count": e.count,
                "known": e.card is not None,
                "line": e.pos[0],
            }
            for e in section
        ]

    return {
        "catalogue": deck.catalogue.label,
        "deck": {
            "name": deck.name,
            "faction": deck.faction,
            "units": entries(deck.units.entries),
            "commands": entries(deck.commands.entries),
            "opening_unit": report.summary.leader,
        },
    }


def skeleton(catalogue: Catalogue, faction: str, name: str) -> str:
    """An empty deck of `faction`, listing the catalogue's cards of that faction in comments."""
    f = FACTIONS[faction]
    units = ", ".join(c.name for c in catalogue.of(faction, "unit")) or "none in the catalogue"
    commands = ", ".join(c.name for c in catalogue.of(faction, "command")) or "none in the catalogue"
    lines = [
        f"game: {GAME_KEY}",
        f"name: {json_text(name)}",
        f"faction: {faction}  # {f.zh}",
        f"# exactly {UNITS} unit cards, at most 3 copies of one: {{card: NAME, count: N}} or a bare name",
        f"# {f.name} units: {units}",
        "units: []",
        f"# exactly {COMMANDS} command cards, at most 2 copies of one",
        f"# {f.name} commands: {commands}",
        "commands: []",
        "# opening_unit: the unit you place on the field first (one of your units)",
    ]
    return "\n".join(lines) + "\n"


SYSTEM = HordeVsEmpire()
