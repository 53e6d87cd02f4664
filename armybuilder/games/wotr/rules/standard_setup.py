"""At turn 0 the position is the standard set-up (ch.3 steps 2-12, l.754-800; army set-up diagram,
l.802-935): every section the file states is compared with it.

`board` holds exactly the 35 set-up regions and their figures; `reinforcements` the standard pools;
`besieged`, `captured`, `casualties`, `characters` and `eliminated` are empty; the Fellowship is in
Rivendell, progress 0, hidden, corruption 0, off the Mordor track, guided by Gandalf the Grey, with all
seven companions; 4 and 7 action dice; the 3 Elven Rings with the Free Peoples; the political track as
printed; empty hands; 0 VP; nothing allocated to the Hunt. One problem per differing entry, at the entry,
or at the section's key for a region or pool that is missing. A field a value section leaves out is not
stated and not compared (spec §1.1).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from armybuilder.games.wotr.position import Place, Position, Value
from armybuilder.games.wotr.words import SIDE_NAMES, join, place, verb
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos

ID = "standard-setup"
SEVERITY = Severity.ERROR
VALID = """\
game: war-of-the-ring
turn: 0
fellowship: {progress: 0}
hands: {shadow: 0}
elven_rings: {spent: 0}
"""
INVALID = """\
# War of the Ring (2nd edition): the standard set-up before turn 1.
# Written by `armybuilder new --game war-of-the-ring`; check it with `armybuilder validate`.
game: war-of-the-ring
edition: 2
players: 2
turn: 0                      # 0 = the set-up, compared with the standard set-up
board:  # <- standard-setup
  # region -> nation -> figures in the open region
  Erebor:         {dwarves: {regular: 1, elite: 2, leader: 1}}
  Ered Luin:      {dwarves: {regular: 1}}
  Iron Hills:     {dwarves: {regular: 1}}
  Grey Havens:    {elves: {regular: 1, elite: 1, leader: 1}}
  Rivendell:      {elves: {elite: 2, leader: 1}}
  Woodland Realm: {elves: {regular: 1, elite: 1, leader: 1}}
  Lorien:         {elves: {regular: 1, elite: 2, leader: 1}}
  Minas Tirith:   {gondor: {regular: 3, elite: 1, leader: 1}}
  Dol Amroth:     {gondor: {regular: 3}}
  Osgiliath:      {gondor: {regular: 2}}
  Pelargir:       {gondor: {regular: 1}}
  Bree:           {north: {regular: 1}}
  Carrock:        {north: {regular: 1}}
  North Downs:    {north: {elite: 1}}
  The Shire:      {north: {regular: 1}}
  Edoras:         {rohan: {regular: 1, elite: 1}}
  Fords of Isen:  {rohan: {regular: 2, leader: 1}}
  "Helm's Deep":  {rohan: {regular: 1}}
  Orthanc:        {isengard: {regular: 4, elite: 1}}
  North Dunland:  {isengard: {regular: 1}}
  South Dunland:  {isengard: {regular: 1}}
  Barad-dur:      {sauron: {regular: 4, elite: 1, nazgul: 1}}
  Dol Guldur:     {sauron: {regular: 5, elite: 1, nazgul: 1}}
  Gorgoroth:      {sauron: {regular: 3}}
  Minas Morgul:   {sauron: {regular: 5, nazgul: 1}}
  Moria:          {sauron: {regular: 2}}
  Mount Gundabad: {sauron: {regular: 2}}
  Nurn:           {sauron: {regular: 2}}
  Morannon:       {sauron: {regular: 5, nazgul: 1}}
  Far Harad:      {southrons: {regular: 3, elite: 1}}
  Near Harad:     {southrons: {regular: 3, elite: 1}}
  North Rhun:     {southrons: {regular: 2}}
  South Rhun:     {southrons: {regular: 3, elite: 1}}
  Umbar:          {southrons: {regular: 3}}
besieged: {}                 # Stronghold -> nation -> figures inside its Stronghold box
captured: {}                 # settlement -> side now holding it (only when not its own side)
reinforcements:              # nation -> figures available as reinforcements
  dwarves:   {regular: 2, elite: 3, leader: 3}
  elves:     {regular: 2, elite: 4, leader: 0}
  gondor:    {regular: 6, elite: 4, leader: 3}
  north:     {regular: 6, elite: 4, leader: 3}  # <- figure-pool, figure-pool
  rohan:     {regular: 6, elite: 4, leader: 3}
  isengard:  {regular: 6, elite: 5}
  sauron:    {regular: 8, elite: 4, nazgul: 4}
  southrons: {regular: 10, elite: 3}
casualties: {}               # Free Peoples figures removed for good
fellowship:
  location: Rivendell
  progress: 0
  revealed: false
  corruption: 0
  mordor_step: null
  guide: Gandalf the Grey
  companions: [Gandalf the Grey, Strider, Boromir, Legolas, Gimli, Meriadoc, Peregrin]
characters: {}               # characters on the map: name -> region
eliminated: []
action_dice: {free_peoples: 4, shadow: 7}
elven_rings: {free_peoples: 3, shadow: 0, spent: 0}
hunt: {allocated: 0, free_peoples_dice_returned: false}
political:                   # box = steps still to go to At War (0 = At War)
  dwarves:   {box: 3, active: false}
  elves:     {box: 3, active: true}
  north:     {box: 3, active: false}
  rohan:     {box: 3, active: false}
  gondor:    {box: 2, active: false}
  southrons: {box: 2, active: true}
  isengard:  {box: 1, active: true}
  sauron:    {box: 1, active: true}
hands: {free_peoples: 0, shadow: 0}
victory_points: {free_peoples: 0, shadow: 0}
"""

Counts = Mapping[str, int]


def _clean(counts: Counts) -> dict[str, int]:
    return {k: n for k, n in counts.items() if n}


def _stacks(figures: Mapping[str, Counts]) -> dict[str, dict[str, int]]:
    return {nation: c for nation, counts in figures.items() if (c := _clean(counts))}


def _expected(setup: Mapping[str, Counts]) -> dict[str, dict[str, int]]:
    return {nation: c for nation, counts in setup.items() if (c := _clean(counts))}


def check(position: Position) -> Iterator[Problem]:
    if position.turn is None or position.turn.value != 0:
        return
    yield from _board(position)
    yield from _reinforcements(position)
    yield from _empty(position)
    yield from _fellowship(position)
    yield from _values(position)


def _say(position: Position, message: str, pos: Pos) -> Problem:
    return position.problem(ID, SEVERITY, f"set-up: {message}", pos)


def _board(position: Position) -> Iterator[Problem]:
    if position.board is None:
        return
    data = position.data
    setup_board = data.setup_board
    for entry in position.board.values():
        if entry.damaged:
            continue
        figures, setup = entry.figures, setup_board.get(entry.region, {})
        if figures == setup:  # the usual entry: the set-up as the data writes it, nothing to tidy or compare
            continue
        found = _stacks(figures)
        expected = _expected(setup)
        if found == expected:
            continue
        if not expected:
            message = f"{entry.region} should be empty before turn 1, not hold {place(data, found)}"
        else:
            same_nations = list(found) == list(expected) and len(found) == 1
            message = f"{entry.region} should hold {place(data, expected)}, not {place(data, found, not same_nations)}"
        yield _say(position, message, entry.pos)
    for region, stacks in data.setup_board.items():
        if region not in position.board:
            yield _say(
                position,
                f"{region} should hold {place(data, _expected(stacks))}; add it to board",
                position.key_pos("board"),
            )


def _reinforcements(position: Position) -> Iterator[Problem]:
    pools = position.reinforcements
    if pools is None:
        return
    data = position.data
    for nation, stack in pools.items():
        if stack.damaged:
            continue
        found = _clean(stack.counts)
        expected = _clean(data.setup_reinforcements.get(nation, {}))
        if found != expected:
            yield _say(
                position,
                f"the reinforcements of {data.nations[nation].name} should be {place(data, {nation: expected}, False)}, "
                f"not {place(data, {nation: found}, False)}",
                stack.pos,
            )
    for nation, counts in data.setup_reinforcements.items():
        if nation not in pools and _clean(counts):
            yield _say(
                position,
                f"the reinforcements of {data.nations[nation].name} should be {place(data, {nation: counts}, False)}; "
                "add them to reinforcements",
                position.key_pos("reinforcements"),
            )


def _places_with_figures(section: dict[str, Place] | None) -> Iterator[Place]:
    for entry in (section or {}).values():
        if _stacks(entry.figures):
            yield entry


def _empty(position: Position) -> Iterator[Problem]:
    for entry in _places_with_figures(position.besieged):
        yield _say(
            position,
            f"nothing is besieged before turn 1; move the figures of {entry.region} to board",
            entry.pos,
        )
    for captured in (position.captured or {}).values():
        yield _say(position, f"nothing is captured before turn 1; remove {captured.region}", captured.pos)
    for stack in (position.casualties or {}).values():
        if _clean(stack.counts):
            yield _say(
                position,
                f"there are no casualties before turn 1; remove {position.nation(stack.nation).name}",
                stack.pos,
            )
    for on_map in (position.characters or {}).values():
        yield _say(
            position,
            f"no character is on the map before turn 1; {on_map.name} starts "
            + (
                "in the Fellowship"
                if position.data.characters[on_map.name].kind == "companion"
                else "out of play"
            ),
            on_map.pos,
        )
    for named in position.eliminated or []:
        yield _say(position, f"nobody is eliminated before turn 1; remove {named.name}", named.pos)


def _fellowship(position: Position) -> Iterator[Problem]:
    fellowship = position.fellowship
    if fellowship is None:
        return
    start = position.data.setup_fellowship
    for name in ("location", "progress", "revealed", "corruption", "mordor_step", "guide"):
        stated = fellowship.fields.get(name)
        if stated is not None and stated.value != start[name]:
            yield _say(
                position,
                f"the Fellowship's {name} is {_shown(start[name])} at the start, not {_shown(stated.value)}",
                stated.pos,
            )
    if fellowship.companions is None or fellowship.companions_damaged:
        return
    names = [c.name for c in fellowship.companions]
    expected = list(start["companions"])
    missing = [n for n in expected if n not in names]
    extra = [n for n in dict.fromkeys(names) if n not in expected]
    if missing or extra or len(names) != len(expected):
        why = []
        if missing:
            why.append(f"add {join(missing)}")
        if extra:
            why.append(f"remove {join(extra)}")
        if not why:
            why.append("list each once")
        yield _say(
            position,
            f"the Fellowship starts with the {len(expected)} companions {join(expected)}; {'; '.join(why)}",
            fellowship.companions_pos,
        )


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _compare(
    position: Position, section: dict[str, Value] | None, start: Mapping[str, object], what: str
) -> Iterator[Problem]:
    for key, stated in (section or {}).items():
        if key in start and stated.value != start[key]:
            who = SIDE_NAMES.get(key, key)
            yield _say(
                position,
                f"{what} of {who} start at {_shown(start[key])}, not {_shown(stated.value)}",
                stated.pos,
            )


def _values(position: Position) -> Iterator[Problem]:
    data = position.data
    yield from _compare(position, position.action_dice, data.setup_action_dice, "the action dice")
    yield from _compare(position, position.elven_rings, data.setup_elven_rings, "the Elven Rings")
    yield from _compare(position, position.victory_points, data.setup_victory_points, "the victory points")
    yield from _compare(position, position.hunt, data.setup_hunt, "the Hunt")
    for key, hand in (position.hands or {}).items():
        if hand.value != data.setup_hand_size:
            who = SIDE_NAMES.get(key) or data.player_names.get(key, key)
            yield _say(
                position,
                f"hands start empty: {who} should hold {data.setup_hand_size} cards, not {hand.value}",
                hand.pos,
            )
    for entry in (position.political or {}).values():
        box, active = data.setup_political.get(entry.nation, (None, None))
        wrong = []
        if entry.box is not None and entry.box.value != box:
            wrong.append(f"in box {box}, not {entry.box.value}")
        if entry.active is not None and entry.active.value != active:
            wrong.append(
                ("active" if active else "passive") + f", not {'active' if entry.active.value else 'passive'}"
            )
        if wrong:
            name = position.nation(entry.nation).name
            yield _say(position, f"{name} {verb(entry.nation, 'starts', 'start')} {'; '.join(wrong)}", entry.pos)
