"""No nation has more figures of a kind out of the box than the box holds (ch.2 components, l.97-99;
ch.6 recruiting limit, l.1513; casualties, l.1712-1716).

Error: `board` + `besieged` + `reinforcements` + (Free Peoples only) `casualties` exceed the box count,
counting whichever of these sections the file states, pointed at the entry (in file order) where the running
total passes the box. Error: a Shadow nation under `casualties` (Shadow losses go back to the reinforcements).
Warning: with all four sections stated, fewer figures than the box holds are accounted for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Set
from operator import itemgetter
from typing import Any

from armybuilder.games.wotr.position import Position
from armybuilder.games.wotr.words import kind_count, verb
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "figure-pool"
SEVERITY = Severity.ERROR
ALSO = (Severity.WARNING,)  # see the docstring
VALID = """\
game: war-of-the-ring
casualties: {gondor: {regular: 15, elite: 5, leader: 4}}
"""
INVALID = """\
game: war-of-the-ring
casualties:
  sauron: {regular: 1}  # <- figure-pool
"""


_NONE: dict[str, int] = {}  # a nation with no figures out of the box (never changed)
_POS = itemgetter(0)  # an entry's position: its sort key, taken without a call of Python


def _held(position: Position, nations: Set[str]) -> Iterator[tuple[str, Mapping[str, int], Mapping[str, Pos]]]:
    """(nation, kind -> count, kind -> position) of each stack of some nations out of the box (open regions,
    Stronghold boxes, pools, FP casualties), in file order; a place kept as parsed is read from its parsed
    entry, without making its stacks."""
    for section in (position.board, position.besieged):
        if section is not None:
            for place in section.values():
                read = place.read
                if read is None:
                    entry: Any = place.entry or _NONE
                    if not nations.isdisjoint(entry):
                        for nation, figures in entry.items():
                            if nation in nations:
                                yield nation, figures, figures.key_pos
                elif not nations.isdisjoint(read):
                    for stack in read.values():
                        if stack.nation in nations:
                            yield stack.nation, stack.counts, stack.count_pos
    for stack in position.pool_stacks():
        if stack.nation in nations:
            yield stack.nation, stack.counts, stack.count_pos


def check(position: Position) -> Iterator[Problem]:
    data = position.data
    if position.casualties is not None:
        for stack in position.casualties.values():
            loser = data.nations[stack.nation]
            if loser.side == "shadow":
                yield position.problem(
                    ID,
                    Severity.ERROR,
                    f"Shadow losses return to the reinforcements: move {loser.name}'s casualties there",
                    stack.pos,
                )
    nations = data.nations
    # nation -> kind -> figures out of the box (the kinds found), as the reader summed them while reading the
    # sections; a kind not found is 0 wherever it is asked
    per_nation = position.out_of_box()
    excess: set[tuple[str, str]] = set()
    for nation, tally in per_nation.items():
        holds = nations[nation].box
        for kind, total in tally.items():
            if total > holds[kind]:
                excess.add((nation, kind))
    over: dict[tuple[str, str], Pos] = {}
    if excess:  # only then: walk the entries in file order to find where each total passes the box
        entries: list[tuple[Pos, str, str, int]] = []
        crowded = {nation for nation, _ in excess}
        for nation, counts, count_pos in _held(position, crowded):
            for kind, n in counts.items():
                if (nation, kind) in excess:
                    entries.append((count_pos[kind], nation, kind, n))
        entries.sort(key=_POS)
        running: dict[tuple[str, str], int] = {}
        for pos, nation, kind, n in entries:
            key = (nation, kind)
            before = running.get(key, 0)
            running[key] = before + n
            if before <= nations[nation].box[kind] < before + n and key not in over:
                over[key] = pos
    for (nation, kind), pos in over.items():
        total, box = per_nation[nation][kind], data.nations[nation].box[kind]
        yield position.problem(
            ID,
            Severity.ERROR,
            f"{data.nations[nation].name} {verb(nation, 'has', 'have')} {total} {data.kinds[kind].name} figures out of the "
            f"box, but the box holds {box}; remove {total - box}",
            pos,
        )
    sections = (position.board, position.besieged, position.reinforcements, position.casualties)
    if any(s is None for s in sections):
        return
    assert position.reinforcements is not None
    for entry in data.nations.values():
        listed = position.reinforcements.get(entry.key)
        at = listed.pos if listed is not None else position.key_pos("reinforcements")
        counted = per_nation.get(entry.key, _NONE)
        for kind, box in entry.box.items():
            found = counted.get(kind, 0)
            if found < box:
                missing = box - found
                where = "reinforcements or casualties" if entry.side == "free_peoples" else "reinforcements"
                be = "is" if missing == 1 else "are"
                yield position.problem(
                    ID,
                    Severity.WARNING,
                    f"{kind_count_nation(position, missing, entry.adjective, kind)} {be} unaccounted for "
                    f"({found} of the {box} found); list them in {where}",
                    at,
                )


def kind_count_nation(position: Position, n: int, nation: str, kind: str) -> str:
    """`2 Rohan elites`: the count, the nation, the kind."""
    count, _, word = kind_count(position.data, n, kind).partition(" ")
    return f"{count} {nation} {word}"
