"""A batch's rows: one small record per submission, held in memory up to a bound and spilled to a temporary
file past it, so that a batch of ten thousand files holds no more in memory than a few megabytes."""

# (no `from __future__ import annotations`: a NamedTuple's field types as text are compiled on every run)

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import IO, Any, NamedTuple

from armybuilder.games.base import Tally
from armybuilder.packed import PROBLEMS as _PROBLEMS
from armybuilder.packed import TALLIES as _FIGURES
from armybuilder.packed import TEAM as _TEAM
from armybuilder.packed import Packed as Packed  # re-exported: what the workers send
from armybuilder.packed import pack_problem as pack_problem
from armybuilder.pickles import loads
from armybuilder.problems import Problem, Severity
from armybuilder.rows import Row as Row  # re-exported: the batch's rows are report rows
from armybuilder.text import player_key

_SEVERITY = {s.value: s for s in Severity}


# the Tallies of each packed set of figures: a batch's rows hold a few hundred (a Tally never changes, so rows
# share them); emptied when full, so a batch of ever new figures holds no more than this many
_TALLIES: dict[tuple[tuple[Any, ...], ...], tuple[Tally, ...]] = {}
_TALLIES_KEPT = 4096


def unpack(packed: tuple[Any, ...]) -> Row:
    """A row from a packed one (a Packed, or the plain tuple of its fields that workers pickle)."""
    problems = tuple(
        [Problem(r, _SEVERITY[s], m, f, ln, c, card) for r, s, m, f, ln, c, card in packed[_PROBLEMS]]
    )
    figures = packed[_FIGURES]
    try:
        tallies = _TALLIES.get(figures)
    except TypeError:  # a plug-in's figure that is no number (unhashable): built for this row alone
        tallies = tuple([Tally(*t) for t in figures])
    if tallies is None:
        if len(_TALLIES) >= _TALLIES_KEPT:
            _TALLIES.clear()
        tallies = _TALLIES[figures] = tuple([Tally(*t) for t in figures])
    return Row(*packed[:_PROBLEMS], problems, *packed[_PROBLEMS + 1 : _FIGURES], tallies)  # type: ignore[call-arg]


def pack_row(row: Row) -> tuple[Any, ...]:
    """A row packed again (after problems across files were merged into it): `unpack`'s inverse."""
    fields = [getattr(row, name) for name in Packed._fields]
    fields[_PROBLEMS] = tuple([pack_problem(p) for p in row.problems])
    fields[_FIGURES] = tuple([(t.label, t.value, t.limit) for t in row.tallies])
    return tuple(fields)


class Head(NamedTuple):
    """What an event's checks across files need of one submission, kept in memory while its row is spilled."""

    player: str
    digest: str  # of the file's bytes, whatever their spacing ("" when unreadable)
    game: str
    side: str | None
    team: str | None  # as the file says
    side_pos: tuple[int, int]  # where the file states its side ((0, 0): not in a file the player wrote)
    valid: bool
    cross: Any  # the game's `cross_key` of the file
    facts: Any = None  # the event rules' `cross_key` of the file (for their rules per player and team)
    lines: Mapping[int, int] | None = None  # converted from a text format: YAML line -> the file's line


def located(p: Problem, lines: Mapping[int, int] | None) -> Problem:
    """A problem found in YAML converted from the player's file, at the line of that file it was read from
    (or at none: a line that came from nowhere in it, or the whole list). Unchanged when not converted."""
    if lines is None:
        return p
    return replace(p, line=lines.get(p.line, 0), column=1 if p.line in lines else 0)


HELD_BYTES = 4 << 20  # rows kept in memory up to this size (a thousand lists' are about half a megabyte)


class Results:
    """Every row of a batch, in submission order, held in memory as it arrives and spilled to an anonymous
    temporary file once they pass HELD_BYTES (a batch of any size stays in bounded memory; a small one makes
    no file). Iterate (as often as needed) to stream the rows back. Problems that need several files
    (`add_problems`) are merged in as rows are read."""

    def __init__(self, teams: dict[str, str] | None = None) -> None:
        self._spill: IO[bytes] | None = None
        self._held: list[bytes] = []  # each pickled run of rows, until they are spilled
        self._chunks: list[tuple[int, int]] = []  # (offset, size) of each pickled run of rows
        self._end = 0
        self.count = 0
        self.invalid = 0
        self.heads: list[Head] = []  # only for an event: what its checks across files need of each row
        self._extra: dict[int, list[Problem]] = {}
        self._teams = teams or {}
        self.teams: dict[str, dict[str, Any]] = {}  # team -> its players, lists and the figures its rules read

    def add_chunk(self, blob: bytes, count: int, invalid: int, heads: list[Head] | None = None) -> None:
        if self._spill is None and self._end + len(blob) > HELD_BYTES:
            import tempfile  # (with shutil, random, bz2 and lzma: only for a batch this large)

            self._spill = tempfile.TemporaryFile(prefix="armybuilder-batch-")  # noqa: SIM115 - closed by close()
            self._spill.write(b"".join(self._held))
            self._held = []
        if self._spill is None:
            self._held.append(blob)
        else:
            self._spill.seek(self._end)
            self._spill.write(blob)
        self._chunks.append((self._end, len(blob)))
        self._end += len(blob)
        self.count += count
        self.invalid += invalid
        if heads is not None:
            self.heads.extend(heads)

    def add_problems(self, index: int, problems: Sequence[Problem]) -> None:
        """More problems (errors) for row `index`; a valid row they fail is counted invalid from now on."""
        if not problems:
            return
        head = self.heads[index]
        problems = [located(p, head.lines) for p in problems]
        self._extra.setdefault(index, []).extend(problems)
        if head.valid and any(p.is_error for p in problems):
            self.heads[index] = head._replace(valid=False)
            self.invalid += 1

    def __len__(self) -> int:
        return self.count

    @property
    def valid(self) -> bool:
        return self.invalid == 0

    def __iter__(self) -> Iterator[Row]:
        for index, packed in self._stream():
            yield self._merged(unpack(packed), index)

    def packed(self) -> Iterator[tuple[Any, ...]]:
        """Every row as packed (a Packed's fields), with what `__iter__` merges in (the problems across files,
        the event's team): what the plain table reads, with no Row or Problem built for a file that needs
        nothing merged."""
        teams = self._teams
        extra = self._extra
        for index, packed in self._stream():
            if (teams and packed[_TEAM] is None) or extra.get(index):
                packed = pack_row(self._merged(unpack(packed), index))
            yield packed

    def _stream(self) -> Iterator[tuple[int, tuple[Any, ...]]]:
        index = 0
        for number, (offset, size) in enumerate(self._chunks):
            if self._spill is None:
                blob = self._held[number]
            else:
                self._spill.seek(offset)
                blob = self._spill.read(size)
            for packed in loads(blob):
                yield index, packed
                index += 1

    def _merged(self, row: Row, index: int) -> Row:
        extra = self._extra.get(index)
        if extra:
            problems = tuple(sorted((*row.problems, *extra), key=Problem.sort_key))
            row = replace(row, problems=problems, cross=tuple(extra))
        if row.team is None and self._teams:
            row = replace(row, team=self._teams.get(player_key(row.player)))
        return row

    def close(self) -> None:
        self._held = []
        if self._spill is not None:
            self._spill.close()

    def __enter__(self) -> "Results":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
