"""Reporters: every format a check's results are written in, for `validate`, `batch` and `data check` alike.

One registry, `REPORTERS`: each entry names its format, says in a few words what it is, which file names
ask for it, and the module of this package that writes it (imported only when that format is written).
The commands' `--format` choices and help text are made from it (`choices`, `help_text`), so a new
reporter is offered everywhere at once.

Each reporter reads only rows (`armybuilder.rows.Row`: a file's summary and problems) and writes text
piece by piece, so a report of ten thousand files is never held whole. `text` is for people (rich, in
`people.py`); every other format is plain text for machines: no colour, everything escaped. Text from
files (names, paths, messages quoting them) is written so that it cannot act: control characters escaped
in the line formats, spreadsheet formulas neutralised in CSV, only XML 1.0 characters in JUnit, HTML
escaped under a Content-Security-Policy that lets nothing but the page's own script run.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple, Protocol

from armybuilder.record import record

if TYPE_CHECKING:
    from armybuilder.batch.event import Event
    from armybuilder.rows import Row


class Rows(Protocol):
    """What the reports read: every row in order (as often as needed), how many, how many invalid."""

    @property
    def invalid(self) -> int: ...

    def __iter__(self) -> Iterator[Row]: ...

    def __len__(self) -> int: ...


class RowList(list["Row"]):
    """Rows held in memory (a `validate` of a few files, a data check)."""

    @property
    def invalid(self) -> int:
        return sum(not r.valid for r in self)


@record(frozen=True)
class Meta:
    """What a report says besides its rows: the data it was checked against, the event, and whether it is
    a batch report (with counts and the organiser's columns) or a `validate` report."""

    data_version: str | None = None
    event: Event | None = None
    batch: bool = False
    skipped: tuple[str, ...] = ()  # files of the batch's folders that are no submissions
    refused: tuple[tuple[str, str], ...] = ()  # (path, why) of entries not read: links leaving the folder…
    page: str = "a4"  # the paper the HTML report and the list pack are printed on


Writer = Callable[[Rows, Meta], Iterator[str]]


class Reporter(NamedTuple):
    name: str
    help: str
    suffixes: tuple[
        str, ...
    ]  # file names that ask for it (`batch --report FILE`), the first one named in help
    module: (
        str | None
    )  # the module of this package whose `write` writes it; None: for people, rendered with rich

    @property
    def to_file(self) -> bool:
        """Written as text (to a file or standard output), not rendered with rich."""
        return self.module is not None

    def writer(self) -> Writer:
        if self.module is None:
            raise ValueError(f"{self.name} is rendered with rich")
        write: Writer = importlib.import_module(self.module, __name__).write
        return write


REPORTERS: dict[str, Reporter] = {
    r.name: r
    for r in (
        Reporter("text", "for people: each file's verdict, totals and problems", (".txt",), None),
        Reporter("parsable", "file:line:col: severity rule-id message, one problem a line", (), ".parsable"),
        Reporter("json", "one JSON document", (".json",), ".json_report"),
        Reporter("github", "GitHub Actions annotations", (), ".github"),
        Reporter("junit", "JUnit XML, one test case per file", (".xml",), ".junit"),
        Reporter("csv", "one row per file, for a spreadsheet", (".csv",), ".csv_report"),
        Reporter("html", "one standalone page", (".html", ".htm"), ".html_report"),
    )
}
FILE_FORMATS = tuple(name for name, r in REPORTERS.items() if r.to_file)


def choices(*, to_file: bool = False) -> list[str]:
    """The formats a `--format` option takes (`to_file`: only those written as text)."""
    return [name for name, r in REPORTERS.items() if r.to_file or not to_file]


def or_list(items: list[str]) -> str:
    """`a, b or c`."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def help_text(*, to_file: bool = False) -> str:
    """The formats for an option's help: `text, parsable, json, … or html`."""
    return or_list(choices(to_file=to_file))


def suffix_text() -> str:
    """The file names that say a report's format, for help and errors: `.json, .xml (junit) or .html`."""
    named = [
        f"{r.suffixes[0]}" + ("" if r.suffixes[0].lstrip(".") == r.name else f" ({r.name})")
        for r in REPORTERS.values()
        if r.to_file and r.suffixes
    ]
    return or_list(named)


def format_for(path: str) -> str | None:
    """The report format a file name asks for, by its extension."""
    lower = path.lower()
    return next(
        (r.name for r in REPORTERS.values() if r.to_file for s in r.suffixes if lower.endswith(s)), None
    )


def render(fmt: str, rows: Rows, meta: Meta) -> Iterator[str]:
    """A report's content in one of the machine formats, piece by piece."""
    return REPORTERS[fmt].writer()(rows, meta)
