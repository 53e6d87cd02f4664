"""A Song of Ice & Fire: Tabletop Miniatures Game, as a game system behind the seam (`SYSTEM`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from armybuilder.errors import UsageError
from armybuilder.games.base import (
    DEFAULT_OPTIONS,
    Column,
    CrossItem,
    DataVersion,
    Document,
    EventRules,
    GameSystem,
    NewOption,
    Options,
    ProblemDoc,
    RowTerms,
)
from armybuilder.games.capabilities import (
    Commands,
    Contents,
    Converted,
    CrossChecks,
    DataVersions,
    Events,
    Interchange,
    Names,
    NewFiles,
    Sheets,
)
from armybuilder.problems import Problem, Severity

if TYPE_CHECKING:
    import typer
    from rich.console import RenderableType  # noqa: TID251 - a type only

    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.kit.rules import Rules

    Checking = tuple[Callable[[Document, Catalogue], ArmyList], Callable[[ArmyList, Catalogue, Options], ListReport]]

E, W = Severity.ERROR, Severity.WARNING


@cache
def _list_checking() -> Checking:
    """How a list is read and checked, imported at the first check (not per list: a batch checks thousands)."""
    from armybuilder.games.asoiaf.armylist import load_document
    from armybuilder.games.asoiaf.check import validate

    return load_document, validate

EVENT_KEYS = (  # the event file keys ASOIAF reads (event.py documents each)
    "factions", "banned_cards", "banned_characters", "allowed_cards", "max_copies", "newest_season",
    "preview_cards", "homebrew_cards", "reinforcement_points", "includes", "per_player", "per_team", "replaces",
)  # fmt: skip

# Problems found while a list is read (armylist.py) rather than by a rule over the army.
LOAD_DOCS = (
    ProblemDoc("syntax", E, "The file is not valid YAML, or not readable text; the parser's line and column "
               "are given.", "load"),
    ProblemDoc("schema", E, "The list is not shaped like a list: an unknown key, a value of the wrong type, "
               "a missing `faction:` or `points:`, an unknown faction or game.", "load"),
    ProblemDoc("unknown-card", E, "A card reference names no card; the message suggests the closest names.",
               "load"),
    ProblemDoc("ambiguous-card", E, "A card reference matches several cards (versions of a character); "
               "write `Name, Subname` or the card id.", "load"),
    ProblemDoc("names-file", E, "A names file (`--names`, ARMYBUILDER_NAMES, an event's `names:`, or a data "
               "folder's `names/`) has an entry that cannot be used: not a name, an id that is no card, or a "
               "name another card already has. The entry is left out; the position is in the names file.",
               "data"),
    ProblemDoc("wrong-slot", E, "A card stands where its kind cannot: an NCU under `units:`, a combat unit "
               "as an attachment, and so on.", "load"),
    ProblemDoc("renamed", W, "A card named by its title of an earlier season of the card data (a list "
               "written last season): it is read as that card, and the message gives its name now.", "load"),
    ProblemDoc("not-read", E, "A line of an imported text that `import` could not read (an unknown or "
               "ambiguous card, a card with no place, no game size), kept under `not_read:` with its line "
               "and the closest cards; correct the list and delete the entry.", "load"),
)  # fmt: skip

# Problems of an event's own ASOIAF rules (event.py, event_rules.py).
EVENT_DOCS = (
    ProblemDoc("event-faction", E, "The list's faction is not one the event's `factions:` allows.", "event"),
    ProblemDoc("event-ban", E, "The list fields a card the event bans (`banned_cards:`), or a version of a "
               "character it bans (`banned_characters:`); reinforcements too.", "event"),
    ProblemDoc("event-card-pool", E, "The list fields a card that is not among the event's `allowed_cards:` "
               "(a starter-sets event); replace it with one of them.", "event"),
    ProblemDoc("event-copies", E, "The list holds more copies of one card than the event's `max_copies:` "
               "allows (of any one combat unit, attachment or NCU, or of a named card).", "event"),
    ProblemDoc("event-season", E, "The list fields a card of a later season than the event's "
               "`newest_season:` (a card's season is its version in the card data).", "event"),
    ProblemDoc("event-preview", E, "With `preview_cards: false`: the list fields a preview or playtest card "
               "(its version in the card data says `preview` or `playtest`).", "event"),
    ProblemDoc("event-homebrew", E, "With `homebrew_cards: false`: the list fields a card that is not in the "
               "bundled (official) card data — a card only a `--data` folder has.", "event"),
    ProblemDoc("event-reinforcements", E, "The list declares `reinforcements:` at an event that takes none, or "
               "more points of them than the event's `reinforcement_points:`.", "event"),
    ProblemDoc("event-includes", E, "A list (`includes:`), or every list of a player (`per_player`) or of a "
               "team (`per_team`), lacks a card the event asks for; each asked-for card must be a different "
               "card. Reported on each list concerned.", "event"),
    ProblemDoc("event-neutral-cap", E, "The neutral cards of a player's or a team's lists together cost more "
               "than the event's `neutral_cap` (half their combined points, or a number). Reported on each "
               "list with neutral cards.", "event"),
    ProblemDoc("event-team-size", E, "A team has lists from another number of players than the event's "
               "`per_team: {players: N}`. Reported on each list of the team.", "event"),
    ProblemDoc("event-team-factions", E, "The lists of a team are not all of the same faction, or not all of "
               "different factions, as the event's `per_team: {factions: …}` asks.", "event"),
)  # fmt: skip

# The player's collection against a list (collection.py), when a command is given `--collection FILE`.
COLLECTION_DOCS = (
    ProblemDoc("collection", W, "The list fields a card more often than the player's collection owns "
               "(`--collection FILE`); the message gives both counts. A warning: it fails a list only with "
               "`--strict`.", "rule"),
)  # fmt: skip

EXPORT_FORMATS = {
    "text": "a printable army sheet as plain text",
    "md": "the army sheet as Markdown",
    "html": "the army sheet as one printable HTML page",
    "json": "the army sheet as JSON",
    "warcouncil": "a War Council share code",
    "asoiaf-stats": "an asoiaf-stats text export",
    "tts": "a Tabletop Simulator id string",
}


class Asoiaf(
    GameSystem["ListReport"],
    Names,
    DataVersions["ListReport"],
    Interchange,
    Sheets["ListReport"],
    Contents["ListReport"],
    CrossChecks["ListReport"],
    Events,
    NewFiles,
    Commands,
):
    key = "asoiaf"
    title = "A Song of Ice & Fire: Tabletop Miniatures Game"
    file_kinds = ("army list",)
    terms = RowTerms("list", "lists", points=True, data="card data", codes=True,
                     side=Column("faction", "faction"), leader=Column("commander", "commander"))
    aliases = ("asoiaf-tmg", "song-of-ice-and-fire")
    export_formats: ClassVar[dict[str, str]] = EXPORT_FORMATS
    import_formats = ("warcouncil", "asoiaf-stats", "tts", "text")
    new_options = (
        NewOption("faction", "The army's faction, e.g. stark."),
        NewOption("points", "Game size in points (default 40)."),
        NewOption("commander", "The commander card, e.g. 'Robb Stark, The Wolf Lord'."),
        NewOption("unit", "The combat unit an attachment commander leads (default: the cheapest that fits)."),
        NewOption("name", "A name for the list."),
        NewOption("player", "The player's name."),
    )

    # --- data -----------------------------------------------------------------------------------

    def load_data(self, folder: Path | None = None, version: str | None = None) -> Catalogue:
        from armybuilder.games.asoiaf.catalogue import load_catalogue

        return load_catalogue(folder, version)

    def add_names(self, data: Any, files: Sequence[Path]) -> Catalogue:
        from armybuilder.games.asoiaf.names import names_error, read_table

        catalogue: Catalogue = data
        problems: list[Problem] = []
        for path in files:
            table, found = read_table(path)
            problems += found
            if table is not None:
                catalogue, found = catalogue.with_names(table)
                problems += found
        if problems:
            raise names_error(problems)
        return catalogue

    def in_language(self, data: Any, language: str) -> Catalogue:
        catalogue: Catalogue = data
        return catalogue.in_language(language)

    def data_version(self, data: Any) -> str | None:
        version: str = data.data_version
        return version

    def check_data(self, folder: Path | None = None) -> list[Problem]:
        """Every season of the folder, each file reported once (a problem of a file several seasons share
        is one problem)."""
        from armybuilder.games.asoiaf.datacheck import check
        from armybuilder.games.asoiaf.datafiles import (
            DataFile,
            bundled_data_dir,
            read_files,
            season_chain,
            season_files,
        )

        root = folder if folder is not None else bundled_data_dir()
        chain, problems = season_chain(root)
        parsed: dict[Path, tuple[list[DataFile], list[Problem]]] = {}  # each file read once
        for end in range(1, len(chain) + 1):
            files: list[DataFile] = []
            for _, path in season_files(root, chain[:end]):
                if path not in parsed:
                    parsed[path] = read_files(root, [path])
                read, unreadable = parsed[path]
                files += read
                problems += unreadable
            problems += check(files)
        problems += self._check_names(root)
        return sorted(dict.fromkeys(problems), key=Problem.sort_key)

    def _check_names(self, root: Path) -> list[Problem]:
        """The data folder's name tables (`names/*.yaml`): readable, and every id a card of the newest season."""
        from armybuilder.errors import DataError
        from armybuilder.games.asoiaf.catalogue import build, data_files, read_files
        from armybuilder.games.asoiaf.names import read_table, table_files

        problems: list[Problem] = []
        try:  # the cards alone: loading them with their names would stop at the first bad entry
            catalogue = build(read_files(root, data_files(root))[0]) if table_files(root) else None
        except (DataError, KeyError, TypeError, ValueError):
            catalogue = None  # the card files' own problems are reported above
        for path in table_files(root):
            table, found = read_table(path, path.relative_to(root).as_posix())
            problems += found
            if table is not None and catalogue is not None:
                known = {**catalogue.cards, **catalogue.tactics}
                problems += [
                    Problem("names-file", E, f"{i} is no card id of card data {catalogue.data_version}",
                            table.source, *table.lines.get(i, (1, 1)))
                    for i in (*table.cards, *table.tactics) if i not in known
                ]  # fmt: skip
        return problems

    def describe_data(self, folder: Path | None = None) -> str:
        """One line on a clean data folder: its default version, card counts, and its other seasons."""
        cat = self.load_data(folder)
        others = [v for v in cat.versions if v != cat.data_version]
        also = f"; also {', '.join(others)} (`--data-version`)" if others else ""
        return (
            f"card data {cat.data_version}: {len(cat.cards)} cards, {len(cat.tactics)} tactics cards, "
            f"{len(cat.specials)} special cards{also}"
        )

    def data_versions(self, folder: Path | None = None) -> Sequence[DataVersion]:
        from armybuilder.games.asoiaf.datafiles import bundled_data_dir, seasons

        root = folder if folder is not None else bundled_data_dir()
        chain = seasons(root)
        out = []
        for season in chain:
            where = season.folder or "the full set"
            if season.base is None:
                note = f"{where} (snapshot {season.snapshot})" if season.snapshot else where
            else:
                note = f"changes {season.base}: {season.folder}/"
            out.append(DataVersion(season.version, note))
        return out

    def diff_data(self, old: Any, new: Any) -> list[str]:
        from armybuilder.games.asoiaf.seasondiff import diff_catalogues

        return diff_catalogues(old, new)

    def compare(self, old: ListReport, new: ListReport) -> list[str]:
        from armybuilder.games.asoiaf.seasondiff import compare_reports

        return compare_reports(old, new)

    # --- files ------------------------------------------------------------------------------------

    def rules(self) -> Rules[Any]:
        from armybuilder.games.asoiaf.rules import RULES

        return RULES

    def problem_docs(self) -> Sequence[ProblemDoc]:
        from armybuilder.games.asoiaf.datacheck import DATA_DOCS

        return (*LOAD_DOCS, *self.rules().docs(), *COLLECTION_DOCS, *EVENT_DOCS, *DATA_DOCS)

    def prepare(self) -> None:
        import armybuilder.games.asoiaf.check
        import armybuilder.games.asoiaf.context
        import armybuilder.games.asoiaf.interchange
        import armybuilder.games.asoiaf.listwriter
        import armybuilder.games.asoiaf.rules  # noqa: F401

    def check_options(self, options: Options, data: Any) -> None:
        if options.collection is not None:
            from armybuilder.games.asoiaf.collection import usable_collection

            usable_collection(options.collection, data)

    def check(self, document: Document, data: Any, options: Options = DEFAULT_OPTIONS) -> ListReport:
        load_document, validate = _list_checking()
        army = load_document(document, data)
        if not army.is_mapping or document.error is not None:
            army.problems = [self._import_hint(document, p) for p in army.problems]
        return validate(army, data, options)

    def _import_hint(self, document: Document, problem: Problem) -> Problem:
        """A file that is no YAML list but a share code, a text export or a pasted list: the problem says
        so and names `import`, which converts it (batch and `validate --event` read such files as they are)."""
        from dataclasses import replace

        from armybuilder.errors import ArmyBuilderError
        from armybuilder.fileio import NotText, decode_text, read_input
        from armybuilder.games.asoiaf.interchange import IMPORT_TITLES

        if problem.rule not in ("syntax", "schema"):
            return problem
        try:
            text = document.text if document.text is not None else decode_text(read_input(document.path), "text")
        except (OSError, ArmyBuilderError, NotText):
            return problem
        fmt = self.detect(text)
        if fmt is None:
            return problem
        hint = (
            f"{IMPORT_TITLES[fmt]}, not a YAML list; `armybuilder import {document.path} -o list.yaml` converts it "
            f"(batch and `validate --event` read it as it is)"
        )
        if problem.rule == "schema":
            return replace(problem, message=f"this is {hint}")
        return replace(problem, message=f"{problem.message}; it looks like {hint}")

    def cross_key(self, report: ListReport) -> Any:
        from armybuilder.games.asoiaf.rules.unique_character import fielded

        # positions in YAML converted from a text format: the batch points them at the player's own lines
        return fielded(report.context) if report.context is not None else ()

    def cross_check(self, group: Sequence[CrossItem], scope: str) -> dict[int, list[Problem]]:
        from armybuilder.games.asoiaf.rules.unique_character import cross_problems

        return cross_problems(group, scope)

    event_keys = EVENT_KEYS

    def event_rules(self, data: Any, event: Any, path: str, where: str) -> EventRules:
        from armybuilder.games.asoiaf.event import event_rules

        return event_rules(data, event, path, where)

    def outline(self, report: ListReport) -> tuple[tuple[str, int], ...]:
        ctx = report.context
        if ctx is None:
            return ()
        lines: list[tuple[str, int]] = []
        for unit in ctx.army.units:
            entries = [e for e in (unit.unit, *unit.attachments) if e.card is not None]
            if entries:
                lines.append((" + ".join(ctx.card(e).title for e in entries), sum(ctx.cost(e) for e in entries)))
        for entry in (*ctx.army.ncus, *ctx.army.enemy_attachments):
            if entry.card is not None:
                lines.append((ctx.card(entry).title, ctx.cost(entry)))
        for entry in ctx.army.reinforcements:  # beside the list, at their printed cost (what the event counts)
            if entry.card is not None:
                lines.append((f"{ctx.card(entry).title} (reinforcement)", ctx.card(entry).points))
        return tuple(lines)

    def detect(self, text: str) -> str | None:
        from armybuilder.games.asoiaf import interchange

        try:
            return interchange.detect(text)
        except Exception:  # a detector that cannot tell is no format
            return None

    def import_text(self, fmt: str, text: str, data: Any, path: str) -> str:
        return self.import_text_lines(fmt, text, data, path).text

    def import_text_lines(self, fmt: str, text: str, data: Any, path: str, points: int | None = None) -> Converted:
        from armybuilder.games.asoiaf import interchange
        from armybuilder.games.asoiaf.listwriter import dump_list

        # a batch cannot tell a named format from a detected one: an asoiaf-stats look-alike that its
        # reader refuses is read as pasted text either way
        # a pasted list keeps what it read: each line it could not read is a `not-read` problem at that line
        spec = interchange.import_list(fmt, text, data, path, detected=True, points=points, keep=True)
        lines: dict[int, int] = {}  # the comment comes first: a problem at line 1 is about the whole list
        comment = interchange.import_comment(spec.fmt, spec, path)
        notes = tuple((interchange.note_line(note), note) for note in spec.notes)
        return Converted(dump_list(spec, data, comment, lines), lines, notes, spec.fmt if spec.fmt != fmt else None)

    # --- output ---------------------------------------------------------------------------------

    def totals(self, report: ListReport) -> str:
        from armybuilder.games.asoiaf.render.builder import totals_line

        listed = report
        return totals_line(listed)

    def show(self, report: ListReport) -> RenderableType:
        from armybuilder.games.asoiaf.render.show import show

        listed = report
        return show(listed, listed.deck)

    def export(self, report: ListReport, fmt: str, **options: Any) -> str:
        from armybuilder.games.asoiaf.interchange import FORMATS, export_list

        listed = report
        if fmt in FORMATS:
            return export_list(fmt, listed, options["data"])
        if fmt not in EXPORT_FORMATS:
            raise UsageError(f"an army list exports as {', '.join(EXPORT_FORMATS)}, not {fmt}")
        from armybuilder.games.asoiaf.render.sheet import render_sheet

        return render_sheet(fmt, listed, listed.deck, options.get("page") or "a4")

    def export_leaves_out(self, report: ListReport, fmt: str) -> list[str]:
        from armybuilder.games.asoiaf.interchange import FORMATS

        army = report.model
        if fmt not in FORMATS or army is None:
            return []
        # War Council codes and asoiaf-stats texts carry a list's name; Tabletop Simulator ids carry only cards
        fields = {
            "name": army.name if fmt == "tts" else None,
            "player": army.player,
            "team": army.team,
            "notes": army.notes,
            "reinforcements": army.reinforcements,  # (cards declared beside the list: no share format has them)
        }
        return [key for key, value in fields.items() if value]

    def share_code(self, report: ListReport) -> tuple[str | None, str | None]:
        from armybuilder.games.asoiaf.interchange.warcouncil import share_code

        listed = report
        code = share_code(listed)
        return code.code, code.why_not

    def content(self, report: ListReport) -> dict[str, Any] | None:
        ctx = report.context
        if ctx is None:
            return None
        army = ctx.army

        def card(entry: Any) -> dict[str, Any] | None:
            if entry.card is None:
                return None
            return {"id": entry.card.id, "name": entry.card.title, "cost": ctx.cost(entry)}

        return {
            "units": [
                {"unit": card(u.unit), "attachments": [c for a in u.attachments if (c := card(a)) is not None]}
                for u in army.units
                if u.unit.card is not None
            ],
            "ncus": [c for e in army.ncus if (c := card(e)) is not None],
            "enemy_attachments": [c for e in army.enemy_attachments if (c := card(e)) is not None],
            # beside the list: each at its printed cost, which the event's `reinforcement_points:` counts
            "reinforcements": [c | {"cost": e.card.points} for e in army.reinforcements if e.card and (c := card(e))],
            "notes": army.notes,
        }

    def sheet_fragment(self, report: ListReport, data: Any) -> str | None:
        from armybuilder.games.asoiaf.render.sheet import sheet_fragment

        listed = report
        if listed.context is None:
            return None
        return sheet_fragment(listed, listed.deck)

    def sheet_css(self, page: str | None = None) -> str:
        from armybuilder.games.asoiaf.render.sheet import SHEET_CSS, page_css

        return (page_css(page) if page is not None else "") + SHEET_CSS

    def new_file(self, data: Any, **options: Any) -> str:
        from armybuilder.games.asoiaf.builder.document import commanders_hint
        from armybuilder.games.asoiaf.builder.edits import new_list, plain_text
        from armybuilder.games.asoiaf.listschema import modeline

        if not options.get("faction") or not options.get("commander"):
            raise UsageError(commanders_hint(data, options.get("faction")))
        points = options.get("points") or 40
        name, player = (plain_text(k, options[k]) if options.get(k) else None for k in ("name", "player"))
        return new_list(
            data,
            options["faction"],
            int(points),
            options["commander"],
            options.get("unit"),
            name,
            player,
            comment=modeline(),
        )

    def complete_new_option(self, option: str, incomplete: str, given: Mapping[str, Any]) -> list[tuple[str, str]]:
        from armybuilder.games.asoiaf import completion
        from armybuilder.games.asoiaf.cards import CardKind

        cat = completion.load(given.get("data"))
        if cat is None:
            return []
        faction = completion.faction_key(cat, given.get("faction"))
        if option == "faction":
            return completion.factions(cat, incomplete)
        if option == "commander":
            return completion.cards(cat, incomplete, faction=faction, commanders=True)
        if option == "unit":
            units = completion.cards(cat, incomplete, [CardKind.COMBAT_UNIT], faction=faction)
            return [(value, text) for value, text in units if "commander" not in text]
        return []

    def register_commands(self, app: typer.Typer) -> None:
        from armybuilder.games.asoiaf.commands import register

        register(app)


SYSTEM = Asoiaf()
