"""The batch's summary for the organiser: a rich table on a terminal (with the progress bar), plain aligned
rows without rich when the output is a file or a pipe (`print_plain`), where a table of ten thousand lists
would cost several times the checking.

The report files (CSV, JSON, JUnit, HTML, …) are written by the reporters of `armybuilder.render.reports`; the
roll-ups (each player's state, the field) come from `armybuilder.field`.
"""

from __future__ import annotations

import functools
import operator
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby, repeat
from typing import IO, TYPE_CHECKING, Any, Protocol

from armybuilder.games.base import Tally, tally_cell
from armybuilder.packed import GAME, LEADER, PATH, PLAYER, POINTS, PROBLEMS, SIDE, STRICT, TALLIES, TOTAL
from armybuilder.problems import Severity
from armybuilder.render.reports.common import count_of, counts
from armybuilder.rows import problem_text, problem_words
from armybuilder.text import printable

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from rich.progress import Progress

    from armybuilder.games.base import RowTerms
    from armybuilder.render.reports import Rows
    from armybuilder.rows import Row


TABLE_CHUNK = 200  # summary rows rendered at once


SUMMARY_COLUMNS = (  # heading, justification, narrowest width when the terminal is too narrow for all
    ("player", "left", 8),
    ("file", "left", 8),
    ("faction", "left", 7),
    ("commander", "left", 10),
    ("points", "right", 6),
    ("verdict", "left", 7),
    ("first problem", "left", 20),
)  # ASOIAF's; each game's come from its `terms` (`summary_columns`)


def summary_columns(terms: RowTerms) -> tuple[tuple[str, str, int], ...]:
    """The terminal table's columns for one game, in its own words."""
    own: list[tuple[str, str, int]] = []
    if terms.side is not None:
        own.append((terms.side.heading, "left", 7))
    if terms.leader is not None:
        own.append((terms.leader.heading, "left", 10))
    if terms.points:
        own.append(("points", "right", 6))
    own += [(c.heading, "right", min(len(c.heading), 6)) for c in terms.tallies]
    return (SUMMARY_COLUMNS[0], SUMMARY_COLUMNS[1], *own, SUMMARY_COLUMNS[-2], SUMMARY_COLUMNS[-1])


def fit_widths(natural: list[int], least: list[int], room: int) -> list[int]:
    """Column widths within `room` cells: the widest column gives way first, none below its least width."""
    widths = list(natural)
    while sum(widths) > room:
        shrinkable = [i for i, w in enumerate(widths) if w > least[i]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths


def _summary_cells(row: Row, terms: RowTerms) -> tuple[str, ...]:
    own: list[str] = []
    if terms.side is not None:
        own.append(row.side or "")  # the key: short, for a terminal
    if terms.leader is not None:
        own.append(row.leader or "")
    if terms.points:
        own.append("" if row.total is None else f"{row.total}/{row.points}")
    if terms.tallies:  # (ASOIAF shows none: its points are the column above)
        values = terms.cells(row)
        own += [str(values[c.key]) for c in terms.tallies]
    first = row.first_problem  # (the verdict follows from it: a file fails on its first failing problem)
    verdict = "valid" if first is None else "invalid"
    return (printable(row.player), printable(os.path.basename(row.path)), *own, verdict, problem_text(first))


def print_table(console: Console, rows: Rows, *, problems: bool = True) -> None:
    """The summary for the organiser, printed as it streams: one line per file, then every problem of the
    invalid ones, then the count. A mixed batch has a table per game, each in the game's words. Column
    widths come from a first pass, so every run of lines aligns."""
    from rich.text import Text

    from armybuilder.games import terms as terms_of
    from armybuilder.render.reports.common import batch_games, grouped
    from armybuilder.render.reports.people import problems_table

    found = batch_games(rows)
    keys = found.game_keys or ["?"]
    for game in keys:
        if len(keys) > 1:
            console.print(Text(terms_of(game).plural.capitalize() + f" ({game})", style="bold"))
        _game_table(console, (row for row in rows if found.group(row.game) == game), terms_of(game), len(rows) == 0)
    if problems:
        for row in grouped(rows, found):
            if row.problems and not row.valid:
                console.print(
                    Text.assemble(
                        Text(printable(row.path), style="bold"), f" ({printable(row.player)}): ", Text("invalid", style="bold red")
                    )
                )
                console.print(problems_table(list(row.problems)))
    console.print(Text(counts(rows, found), style="bold"))


def _game_table(console: Console, rows: Iterable[Row], terms: RowTerms, empty: bool) -> None:
    from rich.box import SIMPLE_HEAD
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    spec = summary_columns(terms)
    natural = [cell_len(name) for name, _, _ in spec]
    kept = []  # this game's rows, read once: the widths need them all before the first line
    for row in rows:
        cells = _summary_cells(row, terms)
        natural = [max(w, cell_len(cell)) for w, cell in zip(natural, cells, strict=True)]
        kept.append((row.valid, cells))
    gaps = 3 * len(spec) - 1  # a space either side of each cell, one between cells
    widths = fit_widths(natural, [least for _, _, least in spec], console.width - gaps)

    def new_table(header: bool) -> Table:
        table = Table(box=SIMPLE_HEAD, show_header=header, header_style="bold", show_edge=False, expand=False)
        for (name, justify, _), width in zip(spec, widths, strict=True):
            table.add_column(name, justify=justify, overflow="fold", width=width)  # type: ignore[arg-type]
        return table

    table = new_table(header=True)
    for valid, cells in kept:
        verdict = Text(cells[-2], style="bold green" if valid else "bold red")
        table.add_row(*cells[:-2], verdict, cells[-1])
        if table.row_count == TABLE_CHUNK:
            console.print(table)
            table = new_table(header=False)
    if table.row_count or empty:
        console.print(table)


def print_players(console: Console, rows: Rows, lists_per_player: int | None) -> None:
    """Each player's state, before the lists: "is Alice done?" (OK, or what is left to fix)."""
    from rich.box import SIMPLE_HEAD
    from rich.table import Table
    from rich.text import Text

    from armybuilder.field import summarise

    found = summarise(rows, lists_per_player)
    table = Table(box=SIMPLE_HEAD, header_style="bold", show_edge=False, expand=False)
    table.add_column("player", overflow="fold")
    if found.has_teams:
        table.add_column("team", overflow="fold")
    table.add_column("lists", justify="right", no_wrap=True)
    table.add_column("state", overflow="fold")
    for player in found.players.values():
        done = player.done(lists_per_player)
        state = Text(player.status(lists_per_player), style="bold green" if done else "red")
        team = [player.team or ""] if found.has_teams else []
        table.add_row(player.name, *team, f"{player.valid}/{len(player.files)} valid", state)
    console.print(table)


def print_skipped(console: Console, skipped: list[str] | tuple[str, ...]) -> None:
    """The files of the folders that were not read as submissions."""
    from rich.text import Text

    if skipped:
        shown = ", ".join(skipped[:10]) + (f", … ({len(skipped) - 10} more)" if len(skipped) > 10 else "")
        console.print(Text(f"skipped {len(skipped)} (no list): {shown}", style="dim"))


def progress(console: Any) -> Progress:
    """A progress bar for a batch on `console` (stderr): lists checked, rate and time left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("checking lists"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


# --- plain text, for a file or a pipe -------------------------------------------------------------------------

_SEVERITY_TEXT = {s.value: str(s) for s in Severity}


# a character that takes other than one column: combining marks, zero-width ones, East Asian wide and full-width
# (compiled when a cell first holds other than ASCII: the class costs milliseconds to compile)
_NOT_ONE_CLASS = (
    "[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f\u0e31-\u0e3a\u1100-\u115f"
    "\u1ab0-\u1aff\u1dc0-\u1dff\u200b-\u200f\u20d0-\u20ff\u2e80-\ua4cf\ua960-\ua97f\uac00-\ud7a3"
    "\uf900-\ufaff\ufe00-\ufe0f\ufe20-\ufe2f\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\U0001f000-\U0001faff"
    "\U00020000-\U0003fffd]"
)


@functools.cache
def _not_one() -> re.Pattern[str]:
    return re.compile(_NOT_ONE_CLASS)


def cell_width(text: str) -> int:
    """Columns `text` takes: two for a wide (CJK) character, none for a combining mark."""
    if text.isascii():
        return len(text)
    if _not_one().search(text) is None:
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char) or char in "\u200b\u200c\u200d\ufeff":
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def _line(cells: Sequence[str], widths: Sequence[int], right: Sequence[bool]) -> str:
    """One aligned line: cells two spaces apart, the last one unpadded."""
    parts = []
    last = len(cells) - 1
    for index, cell in enumerate(cells):
        if index == last and not right[index]:
            parts.append(cell)
            continue
        pad = " " * (widths[index] - cell_width(cell))
        parts.append(pad + cell if right[index] else cell + pad)
    return "  ".join(parts).rstrip()


def _rule(heading: Sequence[str], widths: Sequence[int]) -> str:
    """Dashes under each heading, across its column (the last: under its heading only)."""
    return "  ".join(["-" * w for w in widths[:-1]] + ["-" * cell_width(heading[-1])])


def _write(out: IO[str], lines: Iterable[str]) -> None:
    """The lines, in as few writes as the text allows: each run of ASCII lines joined apart from the others
    (one wide character would make the whole text dearer to join and to encode)."""
    for _, run in groupby(lines, str.isascii):
        out.write("\n".join(run))
        out.write("\n")


class PackedRows(Protocol):
    """What the plain table reads: every row packed (`armybuilder.packed`), how many, how many invalid."""

    @property
    def invalid(self) -> int: ...

    def __len__(self) -> int: ...

    def packed(self) -> Iterator[tuple[Any, ...]]: ...


def plain_problems(problems: Sequence[tuple[Any, ...]]) -> list[str]:
    """A list's problems (packed: `pack_problem`) as aligned lines under a heading: line, severity, rule,
    message. (Plain loops: a list has a few problems, and comprehensions cost a call each; the widths are
    taken as the cells are made, which cost a sixth less than zipping the columns and measuring each.)"""
    cells: list[tuple[str, str, str, str]] = []
    w0 = w2 = 4  # the headings `line` and `rule` (the severity's is empty)
    w1 = 0
    wide = False  # a rule or severity not in ASCII: widths in columns, not characters
    for rule, severity, message, _, line, column, _ in problems:
        if not (rule.isprintable() and message.isprintable()):  # the usual text needs no escape
            rule, message = printable(rule), printable(message)
        where = f"{line}:{column}" if line else "whole file"
        severity = _SEVERITY_TEXT.get(severity) or str(severity)
        cells.append((where, severity, rule, message))
        if not (rule.isascii() and severity.isascii()):  # (a position always is)
            wide = True
        if len(where) > w0:
            w0 = len(where)
        if len(severity) > w1:
            w1 = len(severity)
        if len(rule) > w2:
            w2 = len(rule)
    if not wide:
        lines = [f"{'line'.rjust(w0)}  {' ' * w1}  {'rule'.ljust(w2)}  problem"]
        for where, severity, rule, message in cells:
            lines.append(f"{where.rjust(w0)}  {severity.ljust(w1)}  {rule.ljust(w2)}  {message}".rstrip())
        return lines
    cells.insert(0, ("line", "", "rule", "problem"))
    sizes = [[cell_width(c[i]) for i in range(3)] for c in cells]
    widths = [max(size[i] for size in sizes) for i in range(3)]
    lines = []
    for (where, severity, rule, message), (w0, w1, w2) in zip(cells, sizes, strict=True):
        head = f"{' ' * (widths[0] - w0)}{where}  {severity}{' ' * (widths[1] - w1)}  {rule}{' ' * (widths[2] - w2)}"
        lines.append(f"{head}  {message}".rstrip())
    return lines


def failing(packed: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """A packed row's first failing problem (`Row.first_problem`): its first error, or with --strict its first
    warning; None for a valid file."""
    found: tuple[tuple[Any, ...], ...] = packed[PROBLEMS]
    for problem in found:
        if problem[1] == "error":
            return problem
    if packed[STRICT]:
        for problem in found:
            if problem[1] == "warning":
                return problem
    return None


class _PlainTable:
    """One game's summary lines as they are read: each row's cells (every line's widths are needed before the
    first is written), and the problem sections of its invalid files."""

    def __init__(self, terms: RowTerms) -> None:
        self.terms = terms
        self.cells: list[tuple[int, tuple[Any, ...]]] = []  # (row index, cells; a row of no game: it packed)
        self.sections: list[tuple[int, list[str]]] = []
        self.count = 0


def print_plain(out: IO[str], rows: PackedRows, *, problems: bool = True) -> None:
    """The summary as plain aligned rows (no colour, no wrapping, text from files escaped), as the terminal
    table has it: one line per file (a mixed batch: a table per game, in its words), then every problem of
    the invalid ones, then the count. The rows are read once, packed (read back from disk, a Row per file
    would cost more than its line); a row no game checked joins the first game's table, or stands alone."""
    import heapq

    from armybuilder.games import terms as terms_of

    tables: dict[str, _PlainTable] = {}  # each game's, in the order the games first appear
    for index, packed in enumerate(rows.packed()):
        game = packed[GAME]
        table = tables.get(game)
        if table is None:
            table = tables[game] = _PlainTable(terms_of(game))
        table.count += 1
        first = failing(packed)
        # a row of no game is laid out in its group's words, known at the end
        table.cells.append((index, packed if game == "?" else _plain_cells(packed, first, table.terms)))
        if problems and first is not None:
            path, player = packed[PATH], packed[PLAYER]
            section = [f"{printable(path)} ({printable(player)}): invalid", *plain_problems(packed[PROBLEMS])]
            table.sections.append((index, section))
    keys = [g for g in tables if g != "?"] or list(tables)  # as `Field.game_keys`
    unchecked = tables.pop("?", None) if keys != ["?"] else None
    if unchecked is not None:  # joins the first game, in submission order
        first_table = tables[keys[0]]
        first_table.cells = list(heapq.merge(first_table.cells, unchecked.cells, key=lambda c: c[0]))
        first_table.sections = list(heapq.merge(first_table.sections, unchecked.sections, key=lambda c: c[0]))
        first_table.count += unchecked.count
    lines: list[str] = []
    for game in keys or ["?"]:
        if len(keys) > 1:
            lines.append(terms_of(game).plural.capitalize() + f" ({game})")
        terms = terms_of(game)
        table = tables.get(game) or _PlainTable(terms)
        # a row no game checked is still packed: in its group's words now (all of them when no file was checked)
        cells = [_plain_cells(c, failing(c), terms) if game == "?" or c[GAME] == "?" else c for _, c in table.cells]
        lines += _plain_game_table(cells, terms)
    if problems:
        lines += [line for game in keys for _, section in tables[game].sections for line in section]
    lines.append(_closing(len(rows), rows.invalid, {g: tables[g].count for g in keys}))
    _write(out, lines)


def print_plain_count(out: IO[str], rows: PackedRows) -> None:
    """The closing count alone (`batch -q`), as the plain table ends: `3 lists: 2 valid, 1 invalid`."""
    per_game: dict[str, int] = {}
    for packed in rows.packed():
        per_game[packed[GAME]] = per_game.get(packed[GAME], 0) + 1
    keys = [g for g in per_game if g != "?"] or list(per_game)
    if "?" in per_game and keys != ["?"]:
        per_game[keys[0]] += per_game.pop("?")
    _write(out, [_closing(len(rows), rows.invalid, {g: per_game[g] for g in keys})])


def _closing(total: int, bad: int, per_game: dict[str, int]) -> str:
    """The count in the batch's words; a mixed batch names each game's files."""
    from armybuilder.games import terms as terms_of

    if not total:
        return f"{total} files: 0 valid, 0 invalid"
    if len(per_game) == 1:
        return f"{count_of(total, terms_of(next(iter(per_game))))}: {total - bad} valid, {bad} invalid"
    parts = ", ".join(f"{n} {g} {terms_of(g).noun if n == 1 else terms_of(g).plural}" for g, n in per_game.items())
    return f"{total} files ({parts}): {total - bad} valid, {bad} invalid"


def _escaped(cells: tuple[str, ...]) -> tuple[str, ...]:
    """`printable` of each cell; one test of them all for the usual cells, which need no escape (every
    character `printable` escapes is one `str.isprintable` refuses)."""
    return cells if "".join(cells).isprintable() else tuple(printable(cell) for cell in cells)


def _plain_cells(packed: tuple[Any, ...], first: tuple[Any, ...] | None, terms: RowTerms) -> tuple[str, ...]:
    """A packed row's cells, as the terminal table's (`_summary_cells`), escaped."""
    own: list[str] = []
    if terms.side is not None:
        own.append(packed[SIDE] or "")  # the key: short, for a terminal
    if terms.leader is not None:
        own.append(packed[LEADER] or "")
    if terms.points:
        total = packed[TOTAL]
        own.append("" if total is None else f"{total}/{packed[POINTS]}")
    if terms.tallies:  # (ASOIAF shows none: its points are the column above)
        found = {t[0]: Tally(*t) for t in packed[TALLIES]}
        for column in terms.tallies:
            tally = found.get(column.heading)
            own.append("" if tally is None or tally.value is None else str(tally_cell(tally)))
    player, path = packed[PLAYER], packed[PATH]
    name = _basename(path)
    if first is None:
        cells = (player, name, *own, "valid", "")
    else:
        cells = (player, name, *own, "invalid", problem_words(first[0], first[2], first[4]))
    if "".join(cells).isprintable():  # the usual cells: nothing to escape
        return cells
    return _escaped((printable(player), printable(name), *cells[2:]))


def _posix_basename(path: str) -> str:
    """A file's name without its folder: `os.path.basename`'s own work where `/` is the one separator, without
    its calls (a row each)."""
    return path[path.rfind("/") + 1 :]


_basename: Callable[[str], str] = os.path.basename if os.sep != "/" or os.altsep else _posix_basename


def _plain_game_table(rows: Sequence[tuple[str, ...]], terms: RowTerms) -> list[str]:
    """One game's lines: the heading, its rule, a line per file. Each column's width in one pass over it."""
    spec = summary_columns(terms)
    heading = tuple(name for name, _, _ in spec)
    right = [justify == "right" for _, justify, _ in spec]
    last = len(heading) - 1
    columns: list[Sequence[str]] = list(zip(*rows, strict=True)) if rows else [() for _ in heading]
    widths: list[int] = []
    padded: list[Iterable[str]] = []
    for i in range(last):
        column = columns[i]
        if "".join(column).isascii():
            width = max(cell_width(heading[i]), max(map(len, column), default=0))
            padded.append(map(str.rjust if right[i] else str.ljust, column, repeat(width)))
        else:
            sizes = [cell_width(cell) for cell in column]
            width = max(cell_width(heading[i]), max(sizes, default=0))
            pads = [" " * (width - size) for size in sizes]
            padded.append(map(operator.add, pads, column) if right[i] else map(operator.add, column, pads))
        widths.append(width)
    widths.append(0)  # the last column is not padded
    lines = [_line(heading, widths, right), _rule(heading, widths)]
    lines += ["  ".join(parts).rstrip() for parts in zip(*padded, columns[last], strict=True)]
    return lines


def print_plain_players(out: IO[str], rows: Rows, lists_per_player: int | None) -> None:
    """Each player's state as plain aligned rows, before the lists."""
    from armybuilder.field import summarise

    found = summarise(rows, lists_per_player)
    heading = ("player", *(["team"] if found.has_teams else []), "lists", "state")
    lines = [heading]
    for player in found.players.values():
        team = [printable(player.team or "")] if found.has_teams else []
        state = printable(player.status(lists_per_player))
        lines.append((printable(player.name), *team, f"{player.valid}/{len(player.files)} valid", state))
    widths = [max(cell_width(line[i]) for line in lines) for i in range(len(heading))]
    right = [name == "lists" for name in heading]
    _write(out, [_line(lines[0], widths, right), _rule(lines[0], widths)])
    _write(out, (_line(line, widths, right) for line in lines[1:]))


def print_plain_skipped(out: IO[str], skipped: Sequence[str]) -> None:
    """The files of the folders that were not read as submissions."""
    if skipped:
        shown = ", ".join(printable(s) for s in skipped[:10])
        shown += f", … ({len(skipped) - 10} more)" if len(skipped) > 10 else ""
        _write(out, [f"skipped {len(skipped)} (no list): {shown}"])
