"""Reading a War of the Ring position file into the model (`position.py`). The file's shape is said by its
JSON Schema (`schemas/position.schema.json`): every shape fault is a `schema` problem in the kit's words,
at the value. The reader keeps what a schema cannot say: names matched against the game's names
(`unknown-region`, `unknown-figure`), a name written twice, and the game's facts (who may be a companion,
which hands and players a player count has). Anything of the wrong shape is left out of the model.

A well-shaped file is read once and never validated: the reader notices a fault (a value not of its
kind, an unknown key) without wording it, and only then, or when it has reported anything, is the file
run through the schema for the words. Never raises."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from armybuilder.games.wotr.board import pool, read_places
from armybuilder.games.wotr.data import WotrData
from armybuilder.games.wotr.names import NameIndex, did_you_mean, matched
from armybuilder.games.wotr.position import (
    _START,
    FELLOWSHIP_FIELDS,
    GAME_NAMES,
    HUNT_FIELDS,
    POLITICAL_FIELDS,
    RING_FIELDS,
    SIDE_COUNTS,
    TOP_KEYS,
    Captured,
    Fellowship,
    Named,
    OnMap,
    PoliticalEntry,
    Position,
    Stack,
    Value,
    _new,
)
from armybuilder.games.wotr.words import PLURAL_NATIONS
from armybuilder.kit import schema as kit
from armybuilder.problems import Severity
from armybuilder.yamlpos import Pos, PosMap

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

SCHEMA = "position.schema.json"
_LIMIT = "999"  # the schema's largest count: the data's `count_max` stands in for it


@cache
def validator(count_max: int = 999, players_min: int = 2, players_max: int = 4) -> Draft202012Validator:
    """The position schema, compiled once per set of limits (the data says the largest count and the
    player counts)."""
    text = json.dumps(kit.load_schema("armybuilder.games.wotr", SCHEMA)).replace(_LIMIT, str(count_max))
    schema = json.loads(text)
    players = schema["properties"]["players"]
    players.update(minimum=players_min, maximum=players_max)
    players["x-expect"] = ", ".join(str(n) for n in range(players_min, players_max)) + f" or {players_max}"
    return kit.whole_validator(schema)


class _Reader:
    """Reads one document into a Position, collecting load-stage problems and counting shape faults."""

    def __init__(self, position: Position) -> None:
        self.p = position
        self.data = position.data
        self.names = position.data.names
        self.max = position.data.count_max
        self.faults = 0  # values of the wrong shape left out: the schema words them
        if position.pooled is None:  # summed by the sections holding figures out of the box, as they are read
            position.pooled = {}
        self.canonical: dict[str, Collection[str]] = {
            "regions": self.data.regions,
            "nations": self.data.nations,
            "characters": self.data.characters,
        }

    # --- problems ---------------------------------------------------------------------------------

    def schema(self, pos: Pos, message: str) -> None:
        self.p.problems.append(self.p.problem("schema", Severity.ERROR, message, pos))

    def marks(self) -> int:
        """Faults and problems so far: an entry is damaged when reading it adds to them."""
        return self.faults + len(self.p.problems)

    def unknown(self, kind: str, name: str, pos: Pos, extra: NameIndex | None = None) -> None:
        """An unknown region, nation or character: what it is not, and the closest names."""
        if kind == "regions":
            hint = did_you_mean(self.names["regions"].suggest(name)) or 'check the spelling, e.g. "Barad-dur"'
            message = f'"{kit.clipped(name)}" is not a region of the War of the Ring map; {hint}'
            self.p.problems.append(self.p.problem("unknown-region", Severity.ERROR, message, pos))
            return
        if kind == "nations":
            hint = did_you_mean(self.names["nations"].suggest(name))
            message = (
                f'"{kit.clipped(name)}" is not a nation; the nations are dwarves, elves, gondor, north, rohan, '
                "isengard, sauron, southrons" + (f"; {hint}" if hint else "")
            )
        else:
            suggestions = self.names["characters"].suggest(name)
            if extra is not None:
                suggestions = extra.suggest(name) + suggestions
            hint = did_you_mean(suggestions[:3]) or "the characters are " + ", ".join(self.data.characters)
            what = "a nation or minion" if extra is not None else "a character"
            message = f'"{kit.clipped(name)}" is not {what}; {hint}'
        self.p.problems.append(self.p.problem("unknown-figure", Severity.ERROR, message, pos))

    # --- values: a fault is counted, the schema words it --------------------------------------------

    def mapping(self, value: Any) -> dict[Any, Any] | None:
        if isinstance(value, dict):
            return value
        self.faults += 1
        return None

    def listing(self, value: Any) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.faults += 1
        return None

    def kind(self, value: Any, kind: str) -> Any:
        """`value` when it is of `kind` ("count" 0..max, "integer" ±max, "flag", "text"), else None."""
        top = self.max
        ok = (
            (value.__class__ is int and 0 <= value <= top)
            if kind == "count"
            else (value.__class__ is int and -top <= value <= top)
            if kind == "integer"
            else value.__class__ is bool
            if kind == "flag"
            else isinstance(value, str)
        )
        if ok:
            return value
        self.faults += 1
        return None

    @staticmethod
    def entries(mapping: dict[Any, Any], default: Pos) -> list[tuple[Any, Any, Pos, Pos]]:
        """(key, value, key position, value position) of each entry."""
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        found = []
        for key, value in mapping.items():
            kp = key_pos.get(key, default)
            found.append((key, value, kp, value_pos.get(key, kp)))
        return found

    @staticmethod
    def items(items: list[Any], default: Pos) -> Iterator[tuple[int, Any, Pos]]:
        at = getattr(items, "item_pos", None) or ()
        for i, item in enumerate(items):
            yield i, item, at[i] if i < len(at) else default

    # --- names ------------------------------------------------------------------------------------

    def resolve(self, kind: str, name: Any, pos: Pos) -> str | None:
        """The canonical region, nation or character a text names (an unknown one reported), or None."""
        if not isinstance(name, str):
            self.faults += 1
            return None
        found = self.names[kind].resolve(name)
        if found is None:
            self.unknown(kind, name, pos)
        return found

    def names_of(
        self, mapping: dict[Any, Any], default: Pos, kind: str, *where: str
    ) -> Iterator[tuple[str, Any, Pos, Pos]]:
        """(canonical name, value, key position, value position) for each key naming a known region,
        nation or character, once per mapping; `where` names the mapping (joined only for a message)."""
        seen: dict[str, Pos] = {}
        canonical = self.canonical[kind]
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        for key, value in mapping.items():
            kp = key_pos.get(key, default)
            # the usual key: a canonical name, written once; anything else takes the reporting path
            name = key if key in canonical and key not in seen else self.name_key(key, kp, kit.dotted(where), kind, seen)
            if name is not None:
                seen[name] = kp
                yield name, value, kp, value_pos.get(key, kp)

    def name_key(self, key: Any, kp: Pos, where: str, kind: str, seen: dict[str, Pos]) -> str | None:
        """The canonical name a key stands for when it is known and new; None (reported) otherwise."""
        if not isinstance(key, str):
            self.schema(kp, f"{where}: {kit.described(key)} is not a {kind[:-1]}")
            return None
        name = self.names[kind].resolve(key)
        if name is None:
            self.unknown(kind, key, kp)
        elif name in seen:
            line = seen[name].line
            self.schema(kp, f'{where}: "{kit.clipped(key)}" names {name} again (line {line}); merge the two entries into one')
            return None
        return name

    def side_key(self, key: Any, allowed: Collection[str], players: bool = False) -> str | None:
        """A side (or, for hands and control, a player) under its canonical name or an alias."""
        if key in allowed:
            return str(key)
        if not isinstance(key, str):
            return None
        side = self.names["sides"].resolve(key)
        if side in allowed:
            return side
        player = self.names["players"].resolve(key) if players else None
        return player if player in allowed else None

    # --- sections ---------------------------------------------------------------------------------

    def figures(self, value: Any, nation: str, kp: Pos, vp: Pos, *where: str) -> Stack:
        """A figure mapping of one nation ({regular: 1, elite: 1}); `where` as for `names_of`."""
        if value.__class__ is PosMap:  # the usual mapping: kept as parsed, with its key positions (never changed)
            top = self.max
            for n in value.values():
                if n.__class__ is not int or not 0 <= n <= top:
                    break
            else:
                at = value.key_pos
                if value.keys() <= self.data.figure_facts[nation][0] and at.keys() == value.keys():
                    return _new(Stack, (nation, kp, value, at, False))
        counts: dict[str, int] = {}
        count_pos: dict[str, Pos] = {}
        if not isinstance(value, dict):
            self.faults += 1
            return Stack(nation, kp, counts, count_pos, True)
        stack = Stack(nation, kp, counts, count_pos)  # filled below
        mapping = value
        box = self.data.nations[nation].box
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        top = self.max
        problems = self.p.problems
        before = self.faults + len(problems)
        for key, count in mapping.items():
            kpos = key_pos.get(key, vp)
            if key in box and key not in counts and count.__class__ is int and 0 <= count <= top:
                counts[key] = count  # the usual entry: a canonical kind of this nation, once, a plain count
                count_pos[key] = kpos
                continue
            kind = self.figure_kind(stack, key, kpos, kit.dotted(where))
            if kind is not None and self.kind(count, "count") is not None:
                counts[kind] = count
                count_pos[kind] = kpos
        return Stack(nation, kp, counts, count_pos, self.faults + len(problems) > before)

    def figure_kind(self, stack: Stack, key: Any, kpos: Pos, where: str) -> str | None:
        """The figure kind a key of a figure mapping names, when this nation has it and it is new."""
        if not isinstance(key, str):
            self.schema(kpos, f"{where}: {kit.described(key)} is not a figure kind")
            return None
        kinds = self.names["figure_kinds"]
        kind = kinds.resolve(key)
        nation = self.data.nations[stack.nation]
        if kind is None:
            hint = did_you_mean(kinds.suggest(key))
            message = f'"{kit.clipped(key)}" is not a figure kind; the kinds are regular, elite, leader, nazgul'
            self.p.problems.append(self.p.problem("unknown-figure", Severity.ERROR, message + (f"; {hint}" if hint else ""), kpos))
        elif kind not in nation.box:
            have = "have" if stack.nation in PLURAL_NATIONS else "has"
            message = (
                f"{nation.name} {have} no {self.data.kinds[kind].name} figures; Free Peoples "
                "leaders are grey, the only Shadow leaders are Nazgûl (Sauron)"
            )
            self.p.problems.append(self.p.problem("unknown-figure", Severity.ERROR, message, kpos))
        elif kind in stack.counts:
            self.schema(kpos, f'{where}: "{kit.clipped(key)}" names {kind} again; merge the two counts')
        else:
            return kind
        return None

    def pools(self, value: Any, pos: Pos, where: str) -> dict[str, Stack] | None:
        """`reinforcements`, `casualties`: nations to figures, each stack out of the box (every reinforcement,
        a Free Peoples casualty) summed into `Position.pooled` as it is read."""
        mapping = self.mapping(value)
        if mapping is None:
            return None
        found: dict[str, Stack] = {}
        pooled, figure_facts = self.p.pooled, self.data.figure_facts
        assert pooled is not None  # (started with the reader)
        every = where == "reinforcements"  # casualties: only the Free Peoples' are out of the box (figure-pool)
        for nation, figures, kp, vp in self.names_of(mapping, pos, "nations", where):
            stack = found[nation] = self.figures(figures, nation, kp, vp, where, nation)
            counts = stack.counts
            if counts and (every or figure_facts[nation][1]):
                pool(pooled, nation, counts)
        return found

    def record(
        self, value: Any, pos: Pos, where: tuple[str, ...], fields: Mapping[str, str]
    ) -> dict[str, Value] | None:
        """A section recording values: `fields` (sides also under their aliases), each of its kind
        ("count", "integer" or "flag"); `where` the section's path (dotted only for a message)."""
        mapping = self.mapping(value)
        if mapping is None:
            return None
        result: dict[str, Value] = {}
        top = self.max
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        for key, item in mapping.items():
            kp = key_pos.get(key, pos)
            name = key if key in fields else self.side_key(key, fields)
            if name is None:
                if "free_peoples" in fields:  # the schema takes any key here (the sides' aliases): the names are ours
                    self.schema(kp, kit.unknown_key(kit.dotted(where), key, tuple(fields)))
                else:
                    self.faults += 1
                continue
            if name in result:
                self.schema(kp, f'{kit.dotted(where)}: "{kit.clipped(key)}" names {name} again; keep one')
                continue
            kind = fields[name]
            if item.__class__ is int and kind != "flag" and (0 if kind == "count" else -top) <= item <= top:
                got: Any = item  # the usual value, checked in one step
            else:
                got = self.kind(item, kind)
            if got is not None:
                result[name] = _new(Value, (got, value_pos.get(key, kp), kp))
        return result

    def captured(self, value: Any, pos: Pos, where: str) -> dict[str, Captured] | None:
        mapping = self.mapping(value)
        if mapping is None:
            return None
        result: dict[str, Captured] = {}
        for region, side, kp, vp in self.names_of(mapping, pos, "regions", where):
            found = self.names["sides"].resolve(side) if isinstance(side, str) else None
            if found is None:
                if isinstance(side, str):
                    self.schema(vp, f'{kit.dotted((where, region))}: "{kit.clipped(side)}" is not a side; write free_peoples or shadow')
                else:
                    self.faults += 1
                continue
            result[region] = Captured(region, found, kp, vp)
        return result

    def on_map(self, value: Any, pos: Pos, where: str) -> dict[str, OnMap] | None:
        """`characters`: characters to the regions they stand in."""
        mapping = self.mapping(value)
        if mapping is None:
            return None
        result: dict[str, OnMap] = {}
        for name, region, kp, vp in self.names_of(mapping, pos, "characters", where):
            if self.data.characters[name].kind == "gollum":
                self.schema(kp, "Gollum never stands on the map: he only guides the Fellowship; remove him")
                continue
            found = self.resolve("regions", region, vp)
            if found is not None:
                result[name] = OnMap(name, kp, found, vp)
        return result

    def characters(self, value: Any, pos: Pos, companions: bool = False) -> list[Named] | None:
        """A list of characters (`eliminated`, the Fellowship's `companions`)."""
        items = self.listing(value)
        if items is None:
            return None
        result: list[Named] = []
        known = self.data.characters
        at = getattr(items, "item_pos", None) or ()
        n = len(at)
        for i, item in enumerate(items):  # as `items` does, written out
            ipos = at[i] if i < n else pos
            name = item if item.__class__ is str and item in known else self.resolve("characters", item, ipos)
            if name is None:
                continue
            kind = known[name].kind
            if companions and kind in ("gollum", "minion"):
                what = "Gollum is never a companion" if kind == "gollum" else f"{name} is a Shadow minion"
                self.schema(ipos, f"{what}; only the seven starting companions can be in the Fellowship")
                continue
            result.append(Named(name, ipos))
        return result

    def fellowship(self, value: Any, pos: Pos, where: str) -> Fellowship | None:
        mapping = self.mapping(value)
        if mapping is None:
            return None
        fellowship = Fellowship(pos)
        fellowship.fields["mordor_step"] = _new(Value, (None, pos, pos))  # absent inside a present fellowship: null
        top = self.max
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        for key, item in mapping.items():  # as `entries` does, written out
            got: Any = None
            if key not in _FELLOWSHIP_FIELDS:
                self.faults += 1
                continue
            kp = key_pos.get(key, pos)
            vp = value_pos.get(key, kp)
            if key == "companions":
                before = self.faults + len(self.p.problems)
                fellowship.companions = self.characters(item, vp, companions=True)
                fellowship.companions_pos = vp
                fellowship.companions_damaged = self.faults + len(self.p.problems) > before
                continue
            if item is None and key in ("location", "mordor_step"):
                fellowship.fields[key] = _new(Value, (None, vp, kp))
                continue
            if key == "location":
                got = self.resolve("regions", item, vp)
            elif key == "guide":
                got = self.resolve("characters", item, vp)
            elif key == "revealed":
                got = item if item.__class__ is bool else self.kind(item, "flag")
            else:  # the usual number, read as `kind` would, without the call
                got = item if item.__class__ is int and -top <= item <= top else self.kind(item, "integer")
            if got is not None:
                fellowship.fields[key] = _new(Value, (got, vp, kp))
            elif key == "mordor_step":
                del fellowship.fields[key]
        return fellowship

    def political(self, value: Any, pos: Pos, where: str) -> dict[str, PoliticalEntry] | None:
        mapping = self.mapping(value)
        if mapping is None:
            return None
        result: dict[str, PoliticalEntry] = {}
        top = self.max
        canonical = self.canonical["nations"]
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        for key, entry in mapping.items():  # as `names_of` does, written out: eight markers in every file
            kp = key_pos.get(key, pos)
            if key in canonical and key not in result:
                nation = key
            else:
                found = self.name_key(key, kp, where, "nations", {n: e.pos for n, e in result.items()})
                if found is None:
                    continue
                nation = found
            vp = value_pos.get(key, kp)
            if entry.__class__ is PosMap:  # the usual marker, {box: 2, active: true}: read as `record` would
                get = entry.get
                box, active = get("box"), get("active")
                if (
                    (box is None or (box.__class__ is int and -top <= box <= top))
                    and (active is None or active.__class__ is bool)
                    and len(entry) == (box is not None) + (active is not None)
                ):
                    at, value_at = entry.key_pos, entry.value_pos
                    if box is not None:
                        bkp = at.get("box", vp)
                        box = _new(Value, (box, value_at.get("box") or bkp, bkp))
                    if active is not None:
                        akp = at.get("active", vp)
                        active = _new(Value, (active, value_at.get("active") or akp, akp))
                    result[nation] = PoliticalEntry(nation, kp, box, active)
                    continue
            political = result[nation] = PoliticalEntry(nation, kp)
            fields = self.record(entry, vp, (where, nation), POLITICAL_FIELDS)
            if fields is not None:
                political.box = fields.get("box")
                political.active = fields.get("active")
        return result

    def player_keys(
        self, mapping: dict[Any, Any], pos: Pos, where: str, allowed: tuple[str, ...], what: str, again: str
    ) -> Iterator[tuple[str, Any, Pos, Pos]]:
        """The keys of `hands` and `control`: sides or players of this player count, each once."""
        noun = "hands" if where == "hands" else "players"
        seen: set[str] = set()
        for key, item, kp, vp in self.entries(mapping, pos):
            name = self.side_key(key, allowed, players=True)
            if name is None:
                shown = f'"{kit.clipped(key)}"' if isinstance(key, str) else kit.described(key)
                self.schema(kp, f"{where}: {shown} is not {what}; the {noun} are {', '.join(allowed)}")
            elif name in seen:
                self.schema(kp, f'{where}: "{kit.clipped(key)}" names {name} again; {again}')
            else:
                seen.add(name)
                yield name, item, kp, vp

    def hands(self, value: Any, pos: Pos, where: str) -> dict[str, Value] | None:
        mapping = self.mapping(value)
        if mapping is None:
            return None
        players = self.p.players
        allowed = tuple(self.data.hand_limits.get(players, self.data.hand_limits[2]))
        what = "a side" if players == 2 else f"a player of a {players}-player game"
        result: dict[str, Value] = {}
        for name, item, kp, vp in self.player_keys(mapping, pos, where, allowed, what, "keep one"):
            n = item if item.__class__ is int and 0 <= item <= self.max else self.kind(item, "count")
            if n is not None:
                result[name] = _new(Value, (n, vp, kp))
        return result

    def control(self, value: Any, pos: Pos, where: str) -> dict[str, list[Named]] | None:
        players = self.p.players
        if players not in self.data.control:
            self.schema(
                self.p.key_pos("control"),
                f"control is only for 3 or 4 players; this is a {players}-player file, remove it",
            )
            return None
        mapping = self.mapping(value)
        if mapping is None:
            return None
        allowed = tuple(self.data.control[players])
        what = f"a player of a {players}-player game"
        result: dict[str, list[Named]] = {}
        for name, items, _, vp in self.player_keys(mapping, pos, where, allowed, what, "merge the two lists"):
            listed = self.listing(items)
            if listed is None:
                continue
            names: list[Named] = []
            result[name] = names
            for _, item, ipos in self.items(listed, vp):
                if not isinstance(item, str):
                    self.faults += 1
                    continue
                found = self.names["nations"].resolve(item)
                character = self.names["characters"].resolve(item) if found is None else None
                if found is None and character is None:
                    self.unknown("characters", item, ipos, extra=self.names["nations"])
                elif character is not None and self.data.characters[character].kind != "minion":
                    self.schema(ipos, f"{character} is not a nation or minion; control lists only those")
                else:
                    names.append(Named(found or str(character), ipos))
        return result

    # --- the document -----------------------------------------------------------------------------

    def read(self, document: Any) -> None:
        p = self.p
        if not isinstance(document, dict):
            self.faults += 1
            p.readable = False
            return
        entries: dict[str, tuple[Any, Pos, Pos]] = {}
        keys = p.keys
        key_pos: dict[Any, Pos] = getattr(document, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(document, "value_pos", None) or {}
        for key, value in document.items():  # as `entries` does, written out
            if key in _TOP_KEYS:
                kp = keys[key] = key_pos.get(key, _START)
                entries[key] = (value, kp, value_pos.get(key, kp))
            else:
                self.faults += 1
        if "game" not in entries:
            self.faults += 1
        # the scalars first: `players` decides the keys of `hands` and `control`, `turn` whether `phase` may be
        for key in ("game", "name", "edition", "players", "turn", "phase", "result"):
            if key in entries:
                self.scalar(key, *entries[key])
        for key, (value, _, vp) in entries.items():
            read = _SECTIONS.get(key)
            if read is not None:
                setattr(p, key, read(self, value, vp, key))

    def scalar(self, key: str, value: Any, kp: Pos, vp: Pos) -> None:
        p, data = self.p, self.data
        if key == "game":
            if isinstance(value, str) and matched(value) not in GAME_NAMES:
                self.schema(vp, f'game should be war-of-the-ring, not "{kit.clipped(value)}"')
            elif not isinstance(value, str):
                self.faults += 1
        elif key == "name":
            p.name = self.kind(value, "text")
        elif key == "edition":
            if value.__class__ is int and value == 2:
                p.edition = _new(Value, (value, vp, kp))
            else:
                self.faults += 1
        elif key == "players":
            if value.__class__ is int and data.players_min <= value <= data.players_max:
                p.players, p.players_stated = value, True
            else:
                self.faults += 1
        elif key == "turn":
            n = self.kind(value, "count")
            p.turn = None if n is None else _new(Value, (n, vp, kp))
        elif key == "phase":
            if not (value.__class__ is int and 1 <= value <= 6):
                self.faults += 1
            elif p.turn is not None and p.turn.value == 0:
                self.schema(vp, "turn 0 is the set-up and has no phases; remove phase or give the turn played")
            else:
                p.phase = _new(Value, (value, vp, kp))
        elif key == "result":
            text = self.kind(value, "text")
            found = None if text is None else self.names["results"].resolve(text)
            if text is not None and found is None:
                self.schema(vp, f'result "{kit.clipped(text)}" is not one of {", ".join(data.results)}')
            elif found is not None:
                p.result = _new(Value, (found, vp, kp))

    def worded(self, document: Any) -> None:
        """The schema's words for the shape faults, when the reader met any or reported anything (a part
        it left unread may hold more)."""
        if not self.faults and not self.p.problems:
            return
        data = self.data
        check = validator(data.count_max, data.players_min, data.players_max)
        found = list(kit.shape_problems(check, document, self.p.path))
        if self.faults and not found:  # the reader and its schema disagree: say so, never drop silently
            found = [self.p.problem("schema", Severity.ERROR, "part of the file is not shaped like a position file; please report this file", _START)]
        self.p.problems.extend(found)


_TOP_KEYS = frozenset(TOP_KEYS)
_FELLOWSHIP_FIELDS = frozenset(FELLOWSHIP_FIELDS)
_Section = Any
_SECTIONS: dict[str, _Section] = {
    "board": read_places,
    "besieged": read_places,
    "captured": _Reader.captured,
    "reinforcements": _Reader.pools,
    "casualties": _Reader.pools,
    "fellowship": _Reader.fellowship,
    "characters": _Reader.on_map,
    "eliminated": lambda r, v, pos, _: r.characters(v, pos),
    "action_dice": lambda r, v, pos, key: r.record(v, pos, (key,), SIDE_COUNTS),
    "hunt": lambda r, v, pos, key: r.record(v, pos, (key,), HUNT_FIELDS),
    "elven_rings": lambda r, v, pos, key: r.record(v, pos, (key,), RING_FIELDS),
    "political": _Reader.political,
    "hands": _Reader.hands,
    "victory_points": lambda r, v, pos, key: r.record(v, pos, (key,), SIDE_COUNTS),
    "control": _Reader.control,
}


def read_position(document: Any, path: str, data: WotrData) -> Position:
    """Read a parsed document (yamlpos values) into a Position; never raises for bad input."""
    position = Position(path, data, players=data.players_default)
    reader = _Reader(position)
    reader.read(document)
    reader.worded(document)
    return position

