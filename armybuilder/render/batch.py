"""The batch on the terminal: the summary table for the organiser and the progress bar (rich).

The report files (CSV, JSON, JUnit, HTML, …) are written by the reporters of `armybuilder.render.reports`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from armybuilder.render.reports import Rows, counts, problem_text
from armybuilder.text import printable

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from rich.progress import Progress

    from armybuilder.games.base import RowTerms
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
    values = terms.cells(row)
    own += [str(values[c.key]) for c in terms.tallies]
    return (printable(row.player), printable(os.path.basename(row.path)), *own, row.verdict, problem_text(row.first_problem))


def print_table(console: Console, rows: Rows, *, problems: bool = True) -> None:
    """The summary for the organiser, printed as it streams: one line per file, then every problem of the
    invalid ones, then the count. A mixed batch has a table per game, each in the game's words. Column
    widths come from a first pass, so every run of lines aligns."""
    from rich.text import Text

    from armybuilder.games import terms as terms_of
    from armybuilder.render.reports import batch_games, grouped, problems_table

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

    from armybuilder.batch.field import summarise

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
