"""Reading `board` and `besieged` (regions to nations to figures) into places (`Place`), for the reader
(`reader.py`): the board is most of a position file, so each place's sums, the nations' figures out of the
box and the board's notes for the rules about armies are worked out in the one pass that reads it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from armybuilder.games.wotr.position import Board, Place, Stack, _new
from armybuilder.kit import schema as kit
from armybuilder.yamlpos import Pos, PosMap

if TYPE_CHECKING:
    from armybuilder.games.wotr.reader import _Reader


def read_places(reader: _Reader, value: Any, pos: Pos, where: str) -> dict[str, Place] | None:
    """`board`, `besieged`: regions to nations to figures. Each place's army units, leaders and Nazgûl
    (`Place.free_peoples`, `shadow`, `leader`, `nazgul`, `abroad`) are counted as it is read, every figure
    only when asked, and the board's places some rule about armies asks about noted (`Position.on_board`)."""
    mapping = reader.mapping(value)
    if mapping is None:
        return None
    places: dict[str, Place] = {}
    data = reader.data
    problems, owners, figure_facts, top = reader.p.problems, data.region_nation, data.figure_facts, reader.max
    notes = Board([], [], [], [], [], []) if where == "board" else None
    if notes is not None:
        reader.p.noted = notes
    limit, strongholds = data.region_limit, data.strongholds
    free_away, shadow_away = data.settlements_away["free_peoples"], data.settlements_away["shadow"]
    pooled = reader.p.pooled  # each nation's figures out of the box, per kind (`Position.out_of_box`)
    assert pooled is not None  # (started with the reader)
    key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
    value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
    for key, entry in mapping.items():  # as `names_of` does, written out: the board is most of a file
        kp = key_pos.get(key, pos)
        if key in owners and key not in places:
            region = key
        else:
            found = reader.name_key(key, kp, where, "regions", {r: e.pos for r, e in places.items()})
            if found is None:
                continue
            region = found
        owner = owners[region]
        stacks: dict[str, Stack] | None = None  # made once an entry takes the reporting path
        free = shadow = leaders = nazgul = abroad = 0
        before = -1  # the marks when reading this place first took a reporting path (nothing before it adds any)
        if entry.__class__ is PosMap:
            ekp: dict[Any, Pos] = entry.key_pos
        elif isinstance(entry, dict):
            ekp = getattr(entry, "key_pos", None) or {}
            stacks = {}
        else:
            before = reader.faults + len(problems)
            reader.faults += 1
            entry = {}
            stacks = {}
        for nkey, figures in entry.items():
            facts: Any = figure_facts.get(nkey)
            counts: Mapping[str, int] | None = None
            if stacks is None and facts is not None and figures.__class__ is PosMap and nkey in ekp:
                # the usual figures of a canonical nation: kept as parsed, the stack made when asked; its
                # army units, leaders and Nazgûl summed as its kinds and counts are looked over (one pass
                # with plain comparisons: cheaper than asking the key views or a range)
                kinds, fkp = facts[0], figures.key_pos
                army = leader = naz = 0
                for k, n in figures.items():
                    if n.__class__ is not int or not 0 <= n <= top or k not in kinds or k not in fkp:
                        break
                    if k == "regular" or k == "elite":
                        army += n
                    elif k == "leader":
                        leader = n
                    elif k == "nazgul":
                        naz = n
                    else:
                        break
                else:
                    if len(fkp) == len(figures):
                        nation = nkey
                        counts = figures
            if counts is None:
                nkp = ekp.get(nkey)
                if stacks is None:  # the stacks so far, as `Place.stacks` makes them, and this one read
                    stacks = {}
                    for n, f in entry.items():
                        if n is nkey:
                            break
                        stacks[n] = _new(Stack, (n, ekp[n], f, f.key_pos, False))
                if nkp is None:
                    nkp = value_pos.get(key, kp)  # a nation key's own place, else the region's value
                if facts is not None and nkey not in stacks:
                    nation = nkey
                else:
                    if before < 0:
                        before = reader.faults + len(problems)
                    found = reader.name_key(nkey, nkp, kit.dotted((where, region)), "nations", {n: s.pos for n, s in stacks.items()})
                    if found is None:
                        continue
                    nation, facts = found, figure_facts[found]
                stack = None
                if figures.__class__ is PosMap:  # the usual figures, read as `figures` would, without a call
                    for n in figures.values():
                        if n.__class__ is not int or not 0 <= n <= top:
                            break  # anything else: `figures` reads the whole mapping again, reporting
                    else:
                        if figures.keys() <= facts[0]:  # the parsed mapping and its key positions serve as they are
                            at = figures.key_pos
                            if at.keys() == figures.keys():
                                stack = _new(Stack, (nation, nkp, figures, at, False))
                            else:
                                nvp = (getattr(entry, "value_pos", None) or {}).get(nkey, nkp)
                                stack = Stack(nation, nkp, dict(figures), {kind: at.get(kind, nvp) for kind in figures})
                if stack is None:
                    if before < 0:
                        before = reader.faults + len(problems)
                    nvp = (getattr(entry, "value_pos", None) or {}).get(nkey, nkp)
                    stack = reader.figures(figures, nation, nkp, nvp, where, region, nation)
                stacks[nation] = stack
                counts = stack.counts
                if counts:
                    get = counts.get
                    army = get("regular", 0) + get("elite", 0)
                    leader = get("leader", 0) if facts[2] else 0
                    naz = get("nazgul", 0) if facts[3] else 0
            if counts:  # the stack read whole: its figures out of the box, and its place's sums
                pool(pooled, nation, counts)
                if facts[1]:
                    free += army
                else:
                    shadow += army
                if leader:
                    leaders += leader
                if naz:
                    nazgul += naz
                if (army or leader) and owner is not None and nation != owner:
                    abroad = 1
        damaged = before >= 0 and reader.faults + len(problems) > before
        place = places[region] = _new(  # kept as parsed (`entry`) when nothing took a reporting path
            Place,
            (region, kp, stacks, damaged, free, shadow, leaders, nazgul, abroad, None if stacks is not None else entry),
        )
        if notes is not None:  # what `Position.on_board` lists, in file order
            if free:
                if shadow:
                    notes.contested.append(place)
                elif region in free_away:
                    notes.away.append(place)
                if free > limit or shadow > limit:
                    notes.crowded.append(place)
            else:
                if shadow:
                    if region in shadow_away:
                        notes.away.append(place)
                    if shadow > limit:
                        notes.crowded.append(place)
                if leaders:
                    notes.leaderless.append(place)
            if abroad:
                notes.abroad.append(place)
            if nazgul and region in strongholds:
                notes.nazgul.append(place)
    return places


def pool(pooled: dict[str, dict[str, int]], nation: str, counts: Mapping[str, int]) -> None:
    """Add a stack's figures to its nation's totals out of the box (`Position.pooled`)."""
    tally = pooled.get(nation)
    if tally is None:
        pooled[nation] = dict(counts)
    else:
        for k, n in counts.items():
            tally[k] = tally.get(k, 0) + n
