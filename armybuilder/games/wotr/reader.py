"""Reading a War of the Ring position file into the model (`position.py`): the load-stage problems
(`schema`, `unknown-region`, `unknown-figure`) are found here, and anything of the wrong shape is left
out of the model. Never raises."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

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
    Place,
    PoliticalEntry,
    Position,
    Stack,
    Value,
)
from armybuilder.games.wotr.words import PLURAL_NATIONS
from armybuilder.kit.words import marked
from armybuilder.problems import Severity
from armybuilder.yamlpos import Pos


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**12 else "a huge number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f'the text "{shown}"'
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _shown(name: Any) -> str:
    text = marked(str(name))
    return text if len(text) <= 60 else text[:57] + "..."


class _Reader:
    """Reads one document into a Position, collecting load-stage problems."""

    def __init__(self, position: Position) -> None:
        self.p = position
        self.data = position.data
        self.names = position.data.names
        self.max = position.data.count_max

    # --- problems ---------------------------------------------------------------------------------

    def schema(self, pos: Pos, message: str) -> None:
        self.p.problems.append(self.p.problem("schema", Severity.ERROR, message, pos))

    def unknown_region(self, name: str, pos: Pos) -> None:
        hint = did_you_mean(self.names["regions"].suggest(name)) or 'check the spelling, e.g. "Barad-dur"'
        self.p.problems.append(
            self.p.problem(
                "unknown-region",
                Severity.ERROR,
                f'"{_shown(name)}" is not a region of the War of the Ring map; {hint}',
                pos,
            )
        )

    def unknown_figure(self, message: str, pos: Pos) -> None:
        self.p.problems.append(self.p.problem("unknown-figure", Severity.ERROR, message, pos))

    def unknown_nation(self, name: str, pos: Pos) -> None:
        hint = did_you_mean(self.names["nations"].suggest(name))
        self.unknown_figure(
            f'"{_shown(name)}" is not a nation; the nations are dwarves, elves, gondor, north, rohan, '
            f"isengard, sauron, southrons" + (f"; {hint}" if hint else ""),
            pos,
        )

    def unknown_character(self, name: str, pos: Pos, *, extra: NameIndex | None = None) -> None:
        suggestions = self.names["characters"].suggest(name)
        if extra is not None:
            suggestions = extra.suggest(name) + suggestions
        hint = did_you_mean(suggestions[:3]) or "the characters are " + ", ".join(self.data.characters)
        what = "a nation or minion" if extra is not None else "a character"
        self.unknown_figure(f'"{_shown(name)}" is not {what}; {hint}', pos)

    # --- shapes -----------------------------------------------------------------------------------

    @staticmethod
    def positions(mapping: dict[Any, Any], key: Any, default: Pos) -> tuple[Pos, Pos]:
        """(key position, value position) of an entry, falling back on `default` for plain dicts."""
        key_pos = getattr(mapping, "key_pos", None)
        value_pos = getattr(mapping, "value_pos", None)
        kp = key_pos.get(key, default) if key_pos is not None else default
        vp = value_pos.get(key, kp) if value_pos is not None else kp
        return kp, vp

    @staticmethod
    def item_pos(items: list[Any], index: int, default: Pos) -> Pos:
        at = getattr(items, "item_pos", None)
        return at[index] if at is not None and index < len(at) else default

    def mapping(self, value: Any, pos: Pos, where: str, what: str = "a mapping") -> dict[Any, Any] | None:
        if isinstance(value, dict):
            return value
        self.schema(pos, f"{where} should be {what}, not {_type_name(value)}")
        return None

    def listing(self, value: Any, pos: Pos, where: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.schema(pos, f"{where} should be a list ([] for none), not {_type_name(value)}")
        return None

    def count(self, value: Any, pos: Pos, where: str) -> int | None:
        if type(value) is int and 0 <= value <= self.max:
            return value
        if type(value) is int:
            shown = value if abs(value) < 10**12 else "a huge number"
            self.schema(pos, f"{where} is {shown}; a count is a whole number from 0 to {self.max}")
        else:
            self.schema(
                pos, f"{where} should be a whole number from 0 to {self.max}, not {_type_name(value)}"
            )
        return None

    def integer(self, value: Any, pos: Pos, where: str) -> int | None:
        if type(value) is int and -self.max <= value <= self.max:
            return value
        if type(value) is int:
            shown = value if abs(value) < 10**12 else "a huge number"
            self.schema(pos, f"{where} is {shown}; numbers in a position file stay within ±{self.max}")
        else:
            self.schema(pos, f"{where} should be a whole number, not {_type_name(value)}")
        return None

    def boolean(self, value: Any, pos: Pos, where: str) -> bool | None:
        if isinstance(value, bool):
            return value
        self.schema(pos, f"{where} should be true or false, not {_type_name(value)}")
        return None

    def text(self, value: Any, pos: Pos, where: str, what: str) -> str | None:
        if isinstance(value, str):
            return value
        self.schema(pos, f"{where} should be {what}, not {_type_name(value)}")
        return None

    def unknown_key(self, key: Any, pos: Pos, where: str, allowed: tuple[str, ...]) -> None:
        if not isinstance(key, str):
            self.schema(
                pos, f"{where}: {_type_name(key)} is not a key here; the keys are {', '.join(allowed)}"
            )
            return
        close = difflib.get_close_matches(matched(key), allowed, n=1, cutoff=0.75)
        hint = f'did you mean "{close[0]}"? ' if close else ""
        self.schema(pos, f'{where}: unknown key "{_shown(key)}"; {hint}the keys are {", ".join(allowed)}')

    def names_of(
        self,
        mapping: dict[Any, Any],
        default: Pos,
        where: str,
        resolve: Callable[[str, Pos], str | None],
        what: str,
    ) -> Iterator[tuple[str, Any, Pos, Pos]]:
        """(canonical name, value, key position, value position) for each key that is a known name, once."""
        seen: dict[str, Pos] = {}
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        for key, value in mapping.items():
            kp = key_pos.get(key, default)
            name = self.name_key(key, kp, where, resolve, what, seen)
            if name is not None:
                yield name, value, kp, value_pos.get(key, kp)

    def name_key(
        self,
        key: Any,
        kp: Pos,
        where: str,
        resolve: Callable[[str, Pos], str | None],
        what: str,
        seen: dict[str, Pos],
    ) -> str | None:
        """The canonical name a mapping key stands for, once per mapping; None (reported) otherwise."""
        if not isinstance(key, str):
            self.schema(kp, f"{where}: {_type_name(key)} is not {what}")
            return None
        name = resolve(key, kp)
        if name is None:
            return None
        if name in seen:
            self.schema(
                kp,
                f'{where}: "{_shown(key)}" names {name} again (line {seen[name].line}); merge the two entries into one',
            )
            return None
        seen[name] = kp
        return name

    # --- resolvers (report unknown names) -------------------------------------------------------

    def region(self, name: str, pos: Pos) -> str | None:
        found = self.names["regions"].resolve(name)
        if found is None:
            self.unknown_region(name, pos)
        return found

    def nation_name(self, name: str, pos: Pos) -> str | None:
        found = self.names["nations"].resolve(name)
        if found is None:
            self.unknown_nation(name, pos)
        return found

    def character(self, name: str, pos: Pos) -> str | None:
        found = self.names["characters"].resolve(name)
        if found is None:
            self.unknown_character(name, pos)
        return found

    # --- sections ---------------------------------------------------------------------------------

    def figures(self, value: Any, nation: str, kp: Pos, vp: Pos, *where: str) -> Stack:
        """A figure mapping; `where` names its place (joined into a path only for a message)."""
        stack = Stack(nation, kp)
        if not isinstance(value, dict):
            self.mapping(value, vp, " › ".join(where), "a figure mapping such as {regular: 1, elite: 1}")
            stack.damaged = True
            return stack
        box = self.data.nations[nation].box
        counts, count_pos = stack.counts, stack.count_pos
        key_pos: dict[Any, Pos] = getattr(value, "key_pos", None) or {}
        top = self.max
        before = len(self.p.problems)
        for key, count in value.items():
            # the usual entry: a canonical kind of this nation, written once, with a plain count
            if key in box and key not in counts and count.__class__ is int and 0 <= count <= top:
                counts[key] = count
                count_pos[key] = key_pos.get(key, vp)
            else:
                self.figure_entry(stack, value, key, count, vp, " › ".join(where))
        stack.damaged = len(self.p.problems) > before
        return stack

    def figure_entry(
        self, stack: Stack, mapping: dict[Any, Any], key: Any, count: Any, vp: Pos, where: str
    ) -> None:
        """One entry of a figure mapping off the usual path: an alias, a wrong kind or a wrong count."""
        kpos, cpos = self.positions(mapping, key, vp)
        if not isinstance(key, str):
            self.schema(kpos, f"{where}: {_type_name(key)} is not a figure kind")
            return
        kinds = self.names["figure_kinds"]
        kind = kinds.resolve(key)
        if kind is None:
            hint = did_you_mean(kinds.suggest(key))
            self.unknown_figure(
                f'"{_shown(key)}" is not a figure kind; the kinds are regular, elite, leader, nazgul'
                + (f"; {hint}" if hint else ""),
                kpos,
            )
            return
        nation = self.data.nations[stack.nation]
        if kind not in nation.box:
            self.unknown_figure(
                f"{nation.name} {'have' if stack.nation in PLURAL_NATIONS else 'has'} no {self.data.kinds[kind].name} figures; Free Peoples "
                "leaders are grey, the only Shadow leaders are Nazgûl (Sauron)",
                kpos,
            )
            return
        if kind in stack.counts:
            self.schema(kpos, f'{where}: "{_shown(key)}" names {kind} again; merge the two counts')
            return
        n = self.count(count, cpos, f"{where} › {key}")
        if n is not None:
            stack.counts[kind] = n
            stack.count_pos[kind] = kpos

    def pools(self, value: Any, pos: Pos, where: str) -> dict[str, Stack] | None:
        mapping = self.mapping(value, pos, where, "a mapping of nations to figures ({} for none)")
        if mapping is None:
            return None
        pools: dict[str, Stack] = {}
        for nation, figures, kp, vp in self.names_of(mapping, pos, where, self.nation_name, "a nation"):
            pools[nation] = self.figures(figures, nation, kp, vp, where, nation)
        return pools

    def places(self, value: Any, pos: Pos, where: str) -> dict[str, Place] | None:
        mapping = self.mapping(value, pos, where, "a mapping of regions to nations and figures ({} for none)")
        if mapping is None:
            return None
        places: dict[str, Place] = {}
        problems = self.p.problems
        regions = self.data.regions
        nations = self.data.nations
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        seen: dict[str, Pos] = {}
        for key, entry in mapping.items():
            kp = key_pos.get(key, pos)
            # the usual key is a canonical region written once; anything else takes the reporting path
            region = (
                key
                if key in regions and key not in seen
                else self.name_key(key, kp, where, self.region, "a region", seen)
            )
            if region is None:
                continue
            seen[region] = kp
            vp = value_pos.get(key, kp)
            place = Place(region, kp)
            places[region] = place
            if not isinstance(entry, dict):
                self.mapping(entry, vp, f"{where} › {region}", "a mapping of nations to figures")
                place.damaged = True
                continue
            before = len(problems)
            stacks = place.stacks
            inner_key_pos: dict[Any, Pos] = getattr(entry, "key_pos", None) or {}
            inner_value_pos: dict[Any, Pos] = getattr(entry, "value_pos", None) or {}
            for nkey, figures in entry.items():
                nkp = inner_key_pos.get(nkey, vp)
                if nkey in nations and nkey not in stacks:
                    nation: str | None = nkey
                else:
                    named = {n: s.pos for n, s in stacks.items()}
                    nation = self.name_key(
                        nkey, nkp, f"{where} › {region}", self.nation_name, "a nation", named
                    )
                if nation is not None:
                    stacks[nation] = self.figures(
                        figures, nation, nkp, inner_value_pos.get(nkey, nkp), where, region, nation
                    )
            place.damaged = len(problems) > before
        return places

    def side_key(self, key: str, allowed: Collection[str]) -> str | None:
        if key in allowed:
            return key
        side = self.names["sides"].resolve(key)
        return side if side in allowed else None

    def record(self, value: Any, pos: Pos, where: str, fields: Mapping[str, str]) -> dict[str, Value] | None:
        """A section recording values: only `fields` (sides accepted under their aliases), each of its kind:
        "count" (0..999), "integer" (±999) or "flag" (true/false)."""
        mapping = self.mapping(value, pos, where)
        if mapping is None:
            return None
        result: dict[str, Value] = {}
        key_pos: dict[Any, Pos] = getattr(mapping, "key_pos", None) or {}
        value_pos: dict[Any, Pos] = getattr(mapping, "value_pos", None) or {}
        top = self.max
        for key, item in mapping.items():
            kp = key_pos.get(key, pos)
            vp = value_pos.get(key, kp)
            name = key if key in fields else self.side_key(key, fields) if isinstance(key, str) else None
            if name is None:
                self.unknown_key(key, kp, where, tuple(fields))
                continue
            if name in result:
                self.schema(kp, f'{where}: "{_shown(key)}" names {name} again; keep one')
                continue
            kind = fields[name]
            if item.__class__ is int and (0 if kind == "count" else -top) <= item <= top and kind != "flag":
                got: Any = item  # the usual value, checked in one step
            elif kind == "count":
                got = self.count(item, vp, f"{where} › {name}")
            elif kind == "integer":
                got = self.integer(item, vp, f"{where} › {name}")
            else:
                got = self.boolean(item, vp, f"{where} › {name}")
            if got is not None:
                result[name] = Value(got, vp, kp)
        return result

    def fellowship(self, value: Any, pos: Pos) -> Fellowship | None:
        mapping = self.mapping(value, pos, "fellowship")
        if mapping is None:
            return None
        fellowship = Fellowship(pos)
        fellowship.fields["mordor_step"] = Value(None, pos, pos)  # absent inside a present fellowship: null
        for key, item in mapping.items():
            kp, vp = self.positions(mapping, key, pos)
            if key not in FELLOWSHIP_FIELDS:
                self.unknown_key(key, kp, "fellowship", FELLOWSHIP_FIELDS)
                continue
            where = f"fellowship › {key}"
            got: Any = None
            if key == "location":
                if item is None:
                    fellowship.fields[key] = Value(None, vp, kp)
                    continue
                text = self.text(item, vp, where, "a region or null")
                got = None if text is None else self.region(text, vp)
            elif key in ("progress", "corruption"):
                got = self.integer(item, vp, where)
            elif key == "mordor_step":
                if item is None:
                    fellowship.fields[key] = Value(None, vp, kp)
                    continue
                got = self.integer(item, vp, where)
                if got is None:
                    del fellowship.fields[key]
            elif key == "revealed":
                got = self.boolean(item, vp, where)
            elif key == "guide":
                text = self.text(item, vp, where, "a character")
                got = None if text is None else self.character(text, vp)
            else:  # companions
                before = len(self.p.problems)
                fellowship.companions = self.companions(item, vp)
                fellowship.companions_pos = vp
                fellowship.companions_damaged = len(self.p.problems) > before
                continue
            if got is not None:
                fellowship.fields[key] = Value(got, vp, kp)
        return fellowship

    def companions(self, value: Any, pos: Pos) -> list[Named] | None:
        items = self.listing(value, pos, "fellowship › companions")
        if items is None:
            return None
        result: list[Named] = []
        characters = self.data.characters
        for i, item in enumerate(items):
            ipos = self.item_pos(items, i, pos)
            text = self.text(item, ipos, f"fellowship › companions › item {i + 1}", "a character")
            name = None if text is None else self.character(text, ipos)
            if name is None:
                continue
            kind = characters[name].kind
            if kind in ("gollum", "minion"):
                what = "Gollum is never a companion" if kind == "gollum" else f"{name} is a Shadow minion"
                self.schema(ipos, f"{what}; only the seven starting companions can be in the Fellowship")
                continue
            result.append(Named(name, ipos))
        return result

    def character_list(self, value: Any, pos: Pos, where: str) -> list[Named] | None:
        items = self.listing(value, pos, where)
        if items is None:
            return None
        result: list[Named] = []
        for i, item in enumerate(items):
            ipos = self.item_pos(items, i, pos)
            text = self.text(item, ipos, f"{where} › item {i + 1}", "a character")
            name = None if text is None else self.character(text, ipos)
            if name is not None:
                result.append(Named(name, ipos))
        return result

    def on_map(self, value: Any, pos: Pos) -> dict[str, OnMap] | None:
        mapping = self.mapping(value, pos, "characters", "a mapping of characters to regions ({} for none)")
        if mapping is None:
            return None
        result: dict[str, OnMap] = {}
        for name, region, kp, vp in self.names_of(mapping, pos, "characters", self.character, "a character"):
            if self.data.characters[name].kind == "gollum":
                self.schema(kp, "Gollum never stands on the map: he only guides the Fellowship; remove him")
                continue
            text = self.text(region, vp, f"characters › {name}", "a region")
            found = None if text is None else self.region(text, vp)
            if found is not None:
                result[name] = OnMap(name, kp, found, vp)
        return result

    def captured(self, value: Any, pos: Pos) -> dict[str, Captured] | None:
        mapping = self.mapping(value, pos, "captured", "a mapping of settlements to sides ({} for none)")
        if mapping is None:
            return None
        result: dict[str, Captured] = {}
        for region, side, kp, vp in self.names_of(mapping, pos, "captured", self.region, "a region"):
            found = self.names["sides"].resolve(side) if isinstance(side, str) else None
            if found is None:
                self.schema(
                    vp, f"captured › {region}: {_type_name(side)} is not a side; write free_peoples or shadow"
                )
                continue
            result[region] = Captured(region, found, kp, vp)
        return result

    def political(self, value: Any, pos: Pos) -> dict[str, PoliticalEntry] | None:
        mapping = self.mapping(
            value, pos, "political", "a mapping of nations to {box: n, active: true/false}"
        )
        if mapping is None:
            return None
        result: dict[str, PoliticalEntry] = {}
        for nation, entry, kp, vp in self.names_of(mapping, pos, "political", self.nation_name, "a nation"):
            political = PoliticalEntry(nation, kp)
            result[nation] = political
            fields = self.record(entry, vp, f"political › {nation}", POLITICAL_FIELDS)
            if fields is not None:
                political.box = fields.get("box")
                political.active = fields.get("active")
        return result

    def hands(self, value: Any, pos: Pos) -> dict[str, Value] | None:
        limits = self.data.hand_limits.get(self.p.players, self.data.hand_limits[2])
        allowed = tuple(limits)
        mapping = self.mapping(value, pos, "hands")
        if mapping is None:
            return None
        result: dict[str, Value] = {}
        for key, item in mapping.items():
            kp, vp = self.positions(mapping, key, pos)
            name: str | None = None
            if isinstance(key, str):
                name = self.side_key(key, allowed)
                if name is None:
                    player = self.names["players"].resolve(key)
                    name = player if player in allowed else None
            if name is None:
                what = "a side" if self.p.players == 2 else f"a player of a {self.p.players}-player game"
                self.schema(kp, f"hands: {_type_name(key)} is not {what}; the hands are {', '.join(allowed)}")
                continue
            if name in result:
                self.schema(kp, f'hands: "{_shown(key)}" names {name} again; keep one')
                continue
            n = self.count(item, vp, f"hands › {name}")
            if n is not None:
                result[name] = Value(n, vp, kp)
        return result

    def control(self, value: Any, pos: Pos, key_pos: Pos) -> dict[str, list[Named]] | None:
        players = self.p.players
        if players not in self.data.control:
            self.schema(
                key_pos, f"control is only for 3 or 4 players; this is a {players}-player file, remove it"
            )
            return None
        mapping = self.mapping(value, pos, "control", "a mapping of players to lists of nations and minions")
        if mapping is None:
            return None
        allowed = tuple(self.data.control[players])
        result: dict[str, list[Named]] = {}
        for key, items in mapping.items():
            kp, vp = self.positions(mapping, key, pos)
            name: str | None = None
            if isinstance(key, str):
                name = self.side_key(key, allowed)
                if name is None:
                    player = self.names["players"].resolve(key)
                    name = player if player in allowed else None
            if name is None:
                self.schema(
                    kp,
                    f"control: {_type_name(key)} is not a player of a {players}-player game; "
                    f"the players are {', '.join(allowed)}",
                )
                continue
            if name in result:
                self.schema(kp, f'control: "{_shown(key)}" names {name} again; merge the two lists')
                continue
            listed = self.listing(items, vp, f"control › {name}")
            if listed is None:
                continue
            names: list[Named] = []
            for i, item in enumerate(listed):
                ipos = self.item_pos(listed, i, vp)
                text = self.text(item, ipos, f"control › {name} › item {i + 1}", "a nation or minion")
                if text is None:
                    continue
                nation = self.names["nations"].resolve(text)
                if nation is not None:
                    names.append(Named(nation, ipos))
                    continue
                character = self.names["characters"].resolve(text)
                if character is None:
                    self.unknown_character(text, ipos, extra=self.names["nations"])
                elif self.data.characters[character].kind != "minion":
                    self.schema(ipos, f"{character} is not a nation or minion; control lists only those")
                else:
                    names.append(Named(character, ipos))
            result[name] = names
        return result

    # --- the document -----------------------------------------------------------------------------

    def read(self, document: Any) -> None:
        p = self.p
        if not isinstance(document, dict):
            what = "an empty file" if document is None else _type_name(document)
            self.schema(
                getattr(document, "pos", _START),
                f"a position file is a mapping of keys such as game, board, fellowship; this is {what}",
            )
            p.readable = False
            return
        entries: dict[str, tuple[Any, Pos, Pos]] = {}
        for key, value in document.items():
            kp, vp = self.positions(document, key, _START)
            if key not in TOP_KEYS:
                self.unknown_key(key, kp, "position file", TOP_KEYS)
                continue
            entries[key] = (value, kp, vp)
            p.keys[key] = kp
        if "game" not in entries:
            self.schema(_START, "game: war-of-the-ring is required at the top of a position file")
        # the scalars first: `players` decides the keys of `hands` and `control`, `turn` whether `phase` may be
        for key in ("game", "name", "edition", "players", "turn", "phase", "result"):
            if key in entries:
                self.scalar(key, *entries[key])
        for key, (value, kp, vp) in entries.items():
            if key in ("game", "name", "edition", "players", "turn", "phase", "result"):
                continue
            self.section(key, value, kp, vp)

    def scalar(self, key: str, value: Any, kp: Pos, vp: Pos) -> None:
        p = self.p
        if key == "game":
            if not isinstance(value, str) or matched(value) not in GAME_NAMES:
                self.schema(vp, f"game should be war-of-the-ring, not {_type_name(value)}")
        elif key == "name":
            p.name = self.text(value, vp, "name", "text")
        elif key == "edition":
            if type(value) is int and value == 2:
                p.edition = Value(value, vp, kp)
            else:
                self.schema(
                    vp, f"edition should be 2 (this checker knows the 2nd edition), not {_type_name(value)}"
                )
        elif key == "players":
            if type(value) is int and self.data.players_min <= value <= self.data.players_max:
                p.players = value
                p.players_stated = True
            else:
                self.schema(vp, f"players should be 2, 3 or 4, not {_type_name(value)}")
        elif key == "turn":
            n = self.integer(value, vp, "turn")
            if n is not None and n < 0:
                self.schema(vp, f"turn {n} is impossible; 0 is the set-up, play starts at turn 1")
            elif n is not None:
                p.turn = Value(n, vp, kp)
        elif key == "phase":
            n = self.integer(value, vp, "phase")
            if n is not None and not 1 <= n <= 6:
                self.schema(vp, f"phase {n} is impossible; a turn has phases 1 to 6")
            elif n is not None and p.turn is not None and p.turn.value == 0:
                self.schema(
                    vp, "turn 0 is the set-up and has no phases; remove phase or give the turn played"
                )
            elif n is not None:
                p.phase = Value(n, vp, kp)
        elif key == "result":
            text = self.text(value, vp, "result", "one of " + ", ".join(self.data.results))
            found = None if text is None else self.names["results"].resolve(text)
            if text is not None and found is None:
                self.schema(vp, f'result "{_shown(text)}" is not one of {", ".join(self.data.results)}')
            if found is not None:
                p.result = Value(found, vp, kp)

    def section(self, key: str, value: Any, kp: Pos, vp: Pos) -> None:
        p = self.p
        if key == "board":
            p.board = self.places(value, vp, "board")
        elif key == "besieged":
            p.besieged = self.places(value, vp, "besieged")
        elif key == "captured":
            p.captured = self.captured(value, vp)
        elif key == "reinforcements":
            p.reinforcements = self.pools(value, vp, "reinforcements")
        elif key == "casualties":
            p.casualties = self.pools(value, vp, "casualties")
        elif key == "fellowship":
            p.fellowship = self.fellowship(value, vp)
        elif key == "characters":
            p.characters = self.on_map(value, vp)
        elif key == "eliminated":
            p.eliminated = self.character_list(value, vp, "eliminated")
        elif key == "action_dice":
            p.action_dice = self.record(value, vp, "action_dice", SIDE_COUNTS)
        elif key == "hunt":
            p.hunt = self.record(value, vp, "hunt", HUNT_FIELDS)
        elif key == "elven_rings":
            p.elven_rings = self.record(value, vp, "elven_rings", RING_FIELDS)
        elif key == "political":
            p.political = self.political(value, vp)
        elif key == "hands":
            p.hands = self.hands(value, vp)
        elif key == "victory_points":
            p.victory_points = self.record(value, vp, "victory_points", SIDE_COUNTS)
        elif key == "control":
            p.control = self.control(value, vp, kp)


def read_position(document: Any, path: str, data: WotrData) -> Position:
    """Read a parsed document (yamlpos values) into a Position; never raises for bad input."""
    position = Position(path, data, players=data.players_default)
    _Reader(position).read(document)
    return position
