"""Reading a position file into the model (`position.py`). The file's shape is said by its JSON Schema
(`schemas/position.schema.json`): every shape fault is a `schema` problem in the kit's words, at the
value. The reader keeps what a schema cannot say: every house and area name resolved once
(`unknown-house`, `unknown-area`, `area-out-of-play`, `unknown-unit-type`), a name written twice, and the
edition's facts (its player counts, units, Westeros cards, what a muster item means). Anything of the
wrong shape is left out of the model.

A well-shaped file is read once and never validated: the reader notices a fault without wording it, and
only then, or when it left a value unread after a problem (an unknown house's block), is the file run
through the schema for the words. Never raises."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from armybuilder.games.agot.data import (
    TOKENS,
    TRACKS,
    AgotData,
    Edition,
    Resolved,
)
from armybuilder.games.agot.muster import read_muster
from armybuilder.games.agot.nodes import item_at as _item_pos
from armybuilder.games.agot.nodes import key_at as _key_pos
from armybuilder.games.agot.nodes import value_at as _val_pos
from armybuilder.games.agot.orders import note_stars, read_orders
from armybuilder.games.agot.position import (
    _NO_KEYS,
    GAME_NAMES,
    HOUSE_KEYS,
    LIVE,
    NO_POS,
    PHASES,
    PUT_TO_THE_SWORD,
    REQUIRED,
    TOP_KEYS,
    Cards,
    HouseBlock,
    Position,
    Stack,
    Track,
    _tuple_new,
)
from armybuilder.games.agot.text import has_cjk, show, type_name
from armybuilder.kit import schema as kit
from armybuilder.kit.words import did_you_mean
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos, PosList, PosMap

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTE
SCHEMA = "position.schema.json"
_NO_TRACKS: dict[str, Track] = {}
_NO_NAMES: tuple[tuple[str, Pos], ...] = ()  # the card names of the usual counts (none given)
_PORT_RULES = ("port-capacity", "port-owner")
_STACK_RULES = ("ship-on-land", "land-unit-at-sea", *_PORT_RULES)
_TOP_KEYS, _HOUSE_KEYS, _TRACKS, _TOKENS, _REQUIRED = map(frozenset, (TOP_KEYS, HOUSE_KEYS, TRACKS, TOKENS, REQUIRED))


@cache
def validator() -> Draft202012Validator:
    """The position schema, compiled once."""
    return kit.whole_validator(kit.load_schema("armybuilder.games.agot", SCHEMA))


class Reader:
    """Reads one document into a `Position`, collecting problems in `found` and counting shape faults."""

    __slots__ = (
        "areas", "data", "ed", "ed1_unknown", "faults", "found", "holders", "out3", "path", "position", "unread"
    )

    def __init__(self, path: str, data: AgotData) -> None:
        self.path = path
        self.data = data
        self.found: list[Problem] = []
        self.faults = 0  # values of the wrong shape left out: the schema words them
        self.unread = 0  # values left unread after a problem (an unknown house's block): the schema looks
        self.ed1_unknown: list[tuple[Resolved, Pos]] = []
        self.ed: Edition
        self.position: Position
        self.out3 = False  # a 3-player second-edition game: part of the map is out of play
        self.holders: dict[str, str] = {}  # area -> the first house with units there (contested-area)
        self.areas: Mapping[str, Resolved]  # `known_areas`, once the player count is read

    def add(self, rule: str, severity: Severity, message: str, pos: Pos) -> None:
        self.found.append(Problem(rule, severity, message, self.path, pos[0], pos[1]))

    def schema(self, message: str, pos: Pos) -> None:
        self.add("schema", E, message, pos)

    def shaped(self, ok: bool) -> bool:
        """`ok`, counting a fault when it is not."""
        if not ok:
            self.faults += 1
        return ok

    def known_keys(self, m: dict[Any, Any], known: frozenset[str]) -> None:
        """Unknown keys are faults (the schema names them and the keys there are)."""
        if not known.issuperset(m):
            self.faults += 1

    # --- the document -------------------------------------------------------------------------------

    def read(self, value: Any) -> Position | None:
        """The position, or None when the file is too broken for any rule (required keys, edition)."""
        if not self.shaped(isinstance(value, dict)):
            return None
        self.known_keys(value, _TOP_KEYS)
        game = value.get("game")
        if isinstance(game, str) and " ".join(game.split()).casefold() not in GAME_NAMES:
            self.schema(f"game {show(game)} is not agot-board-game: write `game: agot-board-game`", _val_pos(value, "game"))
            self.unread += 1
            return None
        edition = value.get("edition")
        if not self.shaped(
            value.keys() >= _REQUIRED and isinstance(game, str) and type(edition) is int and edition in self.data.editions
        ):
            return None
        ed = self.data.editions[edition]
        pos = Position(self.path, self.data, ed)
        pos.found = self.found
        self.position = pos
        self.ed = ed

        players = value["players"]
        pos.players_pos = _val_pos(value, "players")
        if type(players) is int and ed.players_min <= players <= ed.players_max:
            pos.players = players
            self.out3 = ed.number == 2 and players == 3
        elif type(players) is int:
            self.schema(
                f"players {show(players)} is not a player count of the {ed.word} edition "
                f"({ed.players_min} to {ed.players_max}): write a whole number in that range",
                pos.players_pos,
            )
        else:
            self.faults += 1
        self.areas = ed.resolved(self.out3)
        pos.round_pos = _val_pos(value, "round")
        if self.shaped(type(value["round"]) is int):
            pos.round = value["round"]
            if not 1 <= pos.round <= self.data.rounds:
                pos.may_break.add("round-range")
        if "name" in value and self.shaped(isinstance(value["name"], str)):
            pos.name = value["name"].strip() or None
        self.read_scalars(value, pos)
        self.read_houses(value, pos)
        self.read_influence(value, pos)
        note_stars(self, pos)
        self.read_dominance(value, pos)
        self.read_neutral(value, pos)
        self.note_tokens(pos)
        self.read_westeros(value, pos)
        read_muster(self, value, pos)
        self.note_ed1_areas()
        return pos

    def read_scalars(self, value: dict[Any, Any], pos: Position) -> None:
        if "phase" in value:
            pos.phase_pos = _val_pos(value, "phase")
            if self.shaped(value["phase"] in PHASES and isinstance(value["phase"], str)):
                pos.phase = value["phase"]
                if pos.phase == "setup":
                    pos.may_break.add("standard-setup")
        if "wildling_threat" in value:
            pos.wildling_pos = _val_pos(value, "wildling_threat")
            if self.shaped(type(value["wildling_threat"]) is int):
                pos.wildling = value["wildling_threat"]
                if pos.wildling not in self.data.wildling_steps:
                    pos.may_break.add("wildling-track")
        if "put_to_the_sword" in value:
            choice = value["put_to_the_sword"]
            if self.ed.number == 1:
                self.unread += 1
                self.schema(
                    "put_to_the_sword is a second-edition card's choice; the first edition has no such card: remove it",
                    _key_pos(value, "put_to_the_sword"),
                )
            elif self.shaped(isinstance(choice, str) and choice in PUT_TO_THE_SWORD):
                pos.put_to_the_sword = choice
                pos.put_to_the_sword_pos = _val_pos(value, "put_to_the_sword")

    # --- names --------------------------------------------------------------------------------------

    def house(self, raw: Any, where: Pos, what: str, key: bool = False) -> str | None:
        """The house id a name stands for, or None (reported: unknown-house; a value that is not text is a
        fault, a key that is not text a schema problem of its own)."""
        if type(raw) is str:
            hid = self.ed.house_index.get(raw)
            if hid is not None and hid in self.ed.houses:  # the usual case: an id or alias, exactly
                return hid
        else:
            if key:
                self.unread += 1
                self.schema(f"{what} {show(raw)} is {type_name(raw)}: write a house id such as stark", where)
            else:
                self.faults += 1
            return None
        name = raw.strip()
        hid, close = self.ed.house(name)
        if hid is None and name.lower() in self.ed.house_index:  # house ids in any letter case (A6)
            hid, close = self.ed.house(name.lower())
        if hid is not None and hid in self.ed.houses:
            return hid
        if hid == "martell":
            message = (
                "Martell is a second-edition house; the first edition has Stark, Lannister, Baratheon, "
                "Greyjoy and Tyrell: remove it or write `edition: 2`"
            )
        elif not close and has_cjk(name):
            message = f"\"{name}\" is not one of the rulebook's Chinese house names; write the house id: {', '.join(self.ed.houses)}"
        else:
            hint = f'; did you mean "{close}"?' if close else f"; the houses are {', '.join(self.ed.houses)}"
            message = f"{show(name)} is not a house of the {self.ed.word} edition{hint}"
        self.add("unknown-house", E, message, where)
        return None

    def known_areas(self) -> Mapping[str, Resolved]:
        """Names already resolved to an area of the map, which `place` gives for them without a word (in a
        3-player game of the second edition, only the areas still in play: `place` speaks of the others)."""
        return self.areas

    def place(self, raw: Any, where: Pos, what: str, units: bool = False, key: bool = False) -> Resolved | None:
        """The area a name stands for (None: not a name at all; a key that is not text is reported)."""
        if type(raw) is not str:
            if key:
                self.unread += 1
                self.schema(f"{what} {show(raw)} is {type_name(raw)}: write an area name such as Winterfell", where)
            else:
                self.faults += 1
            return None
        r = self.ed.area(raw)
        status = r.status
        if status == "ok":
            if not self.out3:
                return r
            if r.name in self.ed.out_3p:
                self.add("area-out-of-play", E, f"{r.name} is out of play in a 3-player game: remove the entry", where)
                return Resolved(r.name, "out", r.area)
            return r
        if status == "noted":
            self.ed1_unknown.append((r, where))
            return r
        if status == "wall":
            fix = "move the units south of Castle Black" if units else "remove the entry"
            self.add("area-out-of-play", E, f"the lands beyond the Wall are not part of the game: {fix}", where)
            return r
        if r.hint == "summer":
            message = "the second edition has East Summer Sea and West Summer Sea, not Summer Sea: write one of them"
        elif not r.hint and has_cjk(r.name):
            message = f"\"{r.name}\" is not one of the rulebook's Chinese area names; write the area's English name"
        else:
            message = f'"{r.name}" is not an area of the second-edition map{r.hint or ": check the spelling"}'
        self.add("unknown-area", E, message, where)
        return r

    def places(self, items: Any, what: str) -> list[tuple[Resolved, Pos]] | None:
        """A list of areas (power tokens, neutral forces)."""
        if not isinstance(items, list):
            self.faults += 1
            return None
        found: list[tuple[Resolved, Pos]] = []
        areas = self.areas
        at = items.item_pos if items.__class__ is PosList and len(items.item_pos) == len(items) else None
        for i, item in enumerate(items):
            ipos = at[i] if at is not None else _item_pos(items, i)
            place = areas.get(item) if item.__class__ is str else None  # an item may be a list
            if place is None:  # else an area in play, resolved before: as `place` says
                place = self.place(item, ipos, what)
            if place is not None:
                found.append((place, ipos))
        return found

    def note_tokens(self, pos: Position) -> None:
        """The rules about power tokens and neutral forces the file may break (`Position.may_break`):
        a token listed twice, off land, beside another house's units or token, or on a neutral force;
        units on a neutral force."""
        holders = self.holders
        shared = "contested-area" in pos.may_break  # an area may hold several houses' units
        neutral = {place.name for place, _ in pos.neutral or ()}
        owners: dict[str, str] = {}
        for hid, block in pos.houses.items():
            tokens = block.tokens
            if not tokens:
                continue
            before = len(owners)
            for place, _ in tokens:
                name = place.name
                area = place.area
                holder = holders.get(name)
                if (
                    owners.setdefault(name, hid) != hid
                    or (area is not None and area.kind != "land")
                    or (holder is not None and (holder != hid or shared))
                    or name in neutral
                ):
                    pos.may_break.add("power-token-placement")
                    break
            else:  # each token's area taken by this house alone: fewer new ones than tokens is an area listed twice
                if len(owners) - before < len(tokens):
                    pos.may_break.add("power-token-placement")
        if not neutral.isdisjoint(holders):
            pos.may_break.add("neutral-force")

    def note_ed1_areas(self) -> None:
        if not self.ed1_unknown:
            return
        seen: dict[str, str] = {}
        for r, _ in self.ed1_unknown:
            hint = r.hint or (" (not one of the rulebook's Chinese names)" if has_cjk(r.name) else "")
            seen.setdefault(r.name, f'"{r.name}"{hint}')
        self.add(
            "unknown-area",
            N,
            "not checked against the first-edition map, whose area list is inferred: " + ", ".join(seen.values()),
            min(where for _, where in self.ed1_unknown),
        )

    def again(self, key: Any, name: str, first_key: Any, first: Pos, what: str, where: Pos) -> None:
        """A second key naming a house or an area already read."""
        self.schema(f"{show(key)} names {name} again (key {show(first_key)}, line {first[0]}): {what}", where)

    # --- houses ---------------------------------------------------------------------------------------

    def read_houses(self, value: dict[Any, Any], pos: Position) -> None:
        houses = value["houses"]
        pos.houses_pos = _val_pos(value, "houses")
        if not self.shaped(isinstance(houses, dict) and bool(houses)):
            return
        first: dict[str, tuple[Any, Pos]] = {}
        exact = self.ed.house_of
        names = self.data.house_names
        playing = self.ed.playing_sets.get(pos.players, ()) if pos.players is not None else None
        key_pos = houses.key_pos if houses.__class__ is PosMap else None
        for key, block in houses.items():
            kpos = key_pos.get(key) if key_pos is not None else None
            if kpos is None:
                kpos = _key_pos(houses, key)
            hid = exact.get(key) if key.__class__ is str else None  # the usual key: a house id, exactly
            if hid is None:
                hid = self.house(key, kpos, "house", key=True)
            if hid is None or hid in first:
                self.unread += 1
            if hid is None:
                continue
            if hid in first:
                self.again(key, names[hid], *first[hid], "this block is ignored; merge the two blocks", kpos)
                continue
            first[hid] = (key, kpos)
            if playing is not None and hid not in playing:
                pos.may_break.add("house-not-playing")
            h = pos.houses[hid] = HouseBlock(hid, names[hid], kpos)
            if block.__class__ is PosMap or (block is not None and self.shaped(isinstance(block, dict))):
                if not _HOUSE_KEYS.issuperset(block):
                    self.faults += 1  # unknown keys: the schema names them and the keys there are
                self.read_house(block, h)

    def read_house(self, block: dict[Any, Any], h: HouseBlock) -> None:
        data = self.data
        at = block.value_pos if block.__class__ is PosMap else _NO_KEYS  # where each value stands
        kat = block.key_pos if block.__class__ is PosMap else _NO_KEYS  # where each key stands
        supply = block.get("supply")
        if supply is not None or "supply" in block:
            if supply.__class__ is int:
                h.supply, h.supply_pos = supply, at.get("supply") or _val_pos(block, "supply")
            else:
                self.faults += 1
        n = block.get("power_available")
        if n is not None or "power_available" in block:
            if n.__class__ is int and n >= 0:
                h.power_available, h.power_available_pos = n, at.get("power_available") or _val_pos(block, "power_available")
            else:
                self.faults += 1
        if "power_on_board" in block:
            h.tokens = self.places(block["power_on_board"], "a power token area")
            h.tokens_pos = kat.get("power_on_board") or _key_pos(block, "power_on_board")
        if "house_cards" in block:
            self.read_cards(block, h, kat.get("house_cards") or _key_pos(block, "house_cards"))
        if "units" in block:
            self.read_units(block, h, kat.get("units") or _key_pos(block, "units"))
        if "orders" in block:
            read_orders(self, block, h, kat.get("orders") or _key_pos(block, "orders"))
        may_break = self.position.may_break
        if h.supply is not None and not 0 <= h.supply < len(data.supply_track):
            may_break.add("supply-range")
        if (h.power_available is not None or h.tokens is not None) and (h.power_available or 0) + len(
            h.tokens or ()
        ) > data.power_per_house:
            may_break.add("power-tokens")
        cards = h.cards
        if cards is not None and (cards.hand + cards.discarded != data.cards_per_house or not cards.hand or cards.names):
            may_break.add("house-cards")

    def read_cards(self, block: dict[Any, Any], h: HouseBlock, where: Pos) -> None:
        """A house's cards (`where`: the position of its key)."""
        v = block["house_cards"]
        if not (isinstance(v, dict) and len(v) == 2 and "hand" in v and "discarded" in v):
            self.faults += 1
            return
        hand, discarded = v["hand"], v["discarded"]
        if type(hand) is int and type(discarded) is int and hand >= 0 and discarded >= 0:
            h.cards = _tuple_new(Cards, (where, hand, discarded, _NO_NAMES, ()))  # the usual counts, checked at once
            return
        counts: list[int] = []
        names: list[tuple[str, Pos]] = []
        listed: list[str] = []
        for key in ("hand", "discarded"):
            item = v[key]
            if isinstance(item, list) and self.shaped(all(isinstance(name, str) for name in item)):
                names.extend((name.strip(), _item_pos(item, i)) for i, name in enumerate(item))
                counts.append(len(item))
                listed.append(key)
            elif self.shaped(type(item) is int and item >= 0):
                counts.append(item)
        if len(counts) == 2:
            h.cards = Cards(where, counts[0], counts[1], names, tuple(listed))

    def read_units(self, block: dict[Any, Any], h: HouseBlock, where: Pos) -> None:
        """A house's unit totals and the rules about where units stand that they may break
        (`Position.may_break`), noted in one pass over the entries; when every entry is usual (an area in
        play written as the map names it, so named once, its counts well shaped) the stacks are made only
        when asked (`HouseBlock.stacks`), else `read_stacks` reads them all (`where`: the position of the
        key)."""
        v = block["units"]
        if not isinstance(v, dict):
            self.faults += 1
            return
        units = self.ed.unit_set
        areas = self.areas
        position = self.position
        may_break = position.may_break
        holders = self.holders
        hid = h.id
        held = position.held_by.setdefault(hid, set())
        totals: dict[str, int] = {}
        sizes: list[int] = []
        for key, kinds in v.items():
            place = areas.get(key)
            if place is None or kinds.__class__ is not PosMap or key != (name := place.name):
                break  # (an area written as the map names it: no two keys name one area)
            total = 0
            for kind, n in kinds.items():
                if n.__class__ is not int or n < 0 or kind not in units:
                    break  # (`totals` is left: `read_stacks` counts again)
                total += n
                totals[kind] = totals.get(kind, 0) + n
            else:
                if total >= 2:
                    sizes.append(total)
                ships = kinds.get("ship", 0)
                land = total - ships
                area = place.area  # an area of `areas` is on the map (status "ok")
                if area is None or area.kind == "land":
                    if ships:
                        may_break.add("ship-on-land")
                    if land:
                        held.add(name)  # for `Position.control`
                else:
                    if land:
                        may_break.add("land-unit-at-sea")
                    if ships and area.kind == "port":
                        may_break.update(_PORT_RULES)
                if not total:
                    h._empty = True
                elif holders.setdefault(name, hid) != hid:
                    may_break.add("contested-area")
                continue
            break
        else:  # every entry usual
            h._raw_units, h._areas, h._unit_names = v, areas, v.keys()
            h.units_pos, h._totals = where, totals
            self.note_units(h, totals, sizes)
            return
        self.read_stacks(block, h, where)  # (what the loop above noted, it notes again: the same facts)

    def read_stacks(self, block: dict[Any, Any], h: HouseBlock, where: Pos) -> None:
        """A house's units by area, read entry by entry by `unit_entry` (some entry is not usual: reported,
        or an area named again and added up)."""
        v = block["units"]
        stacks: dict[str, Stack] = {}
        keys: dict[str, Any] = {}  # area -> its first key as written
        key_pos = getattr(v, "key_pos", _NO_KEYS)
        for key, kinds in v.items():
            self.unit_entry(key, kinds, key_pos.get(key, NO_POS), h, stacks, keys)
        totals: dict[str, int] = {}  # in the order of the areas, as `HouseBlock.unit_totals` gives them
        for stack in stacks.values():
            for kind, n in stack.counts.items():
                totals[kind] = totals.get(kind, 0) + n
        h._stacks, h.units_pos, h._totals, h._unit_names = stacks, where, totals, stacks.keys()
        self.note_units(h, totals, [stack.total for stack in stacks.values() if stack.total >= 2])

    def note_units(self, h: HouseBlock, totals: dict[str, int], sizes: list[int]) -> None:
        """The rules a house's unit totals and army sizes (`sizes`: every stack of 2 or more) may break."""
        may_break = self.position.may_break
        caps = self.ed.caps
        for kind, n in totals.items():
            if n > caps.get(kind, -1):
                may_break.add("unit-cap")
        track = self.data.supply_track
        if h.supply is not None and 0 <= h.supply < len(track):  # else army-supply does not look
            row = track[h.supply]
            if len(sizes) > len(row):
                may_break.add("army-supply")
            elif sizes:
                sizes.sort(reverse=True)
                if max(map(int.__sub__, sizes, row)) > 0:  # an army above its limit
                    may_break.add("army-supply")

    def unit_entry(
        self, key: Any, kinds: Any, kpos: Pos, h: HouseBlock, stacks: dict[str, Stack], keys: dict[str, Any]
    ) -> None:
        """One entry of a house's units whose house has an entry that is not usual: an area not resolved
        before, one named again, a count or a unit kind to report (the usual ones read alike)."""
        place = self.known_areas().get(key)
        if place is None:
            place = self.place(key, kpos, "a unit area", units=True, key=True)
        if place is None:
            return
        if kinds.__class__ is not PosMap and not self.shaped(isinstance(kinds, dict)):
            return
        units = self.ed.unit_set
        may_break = self.position.may_break
        holders = self.holders
        hid = h.id
        counts: dict[str, int] = {}
        total = 0
        for kind, n in kinds.items():
            if n.__class__ is int and n >= 0 and kind in units:  # the usual entry, checked at once
                counts[kind] = n
            elif not isinstance(kind, str):
                self.unread += 1
                self.schema(f"unit kind {show(kind)} is {type_name(kind)}: write footman, knight, ship…", _key_pos(kinds, kind))
                continue
            elif kind not in units:
                self.unread += 1
                self.unknown_unit(kind, _key_pos(kinds, kind))
                continue
            elif self.shaped(type(n) is int and n >= 0):
                counts[kind] = n
            else:
                continue
            total += n
        name = place.name
        stack = stacks.get(name)
        if stack is None:
            ships = counts.get("ship", 0)
            land = total - ships
            stacks[name] = Stack(place, kpos, counts, total, land)
            keys[name] = key
            area = place.area
            if area is None or area.kind == "land":
                if ships and area is not None:
                    may_break.add("ship-on-land")
                if land and place.status in LIVE:
                    self.position.held_by[hid].add(name)  # for `Position.control`
            else:
                if land:
                    may_break.add("land-unit-at-sea")
                if ships and area.kind == "port":
                    may_break.update(_PORT_RULES)
            if not total:
                h._empty = True
            elif holders.setdefault(name, hid) != hid:
                may_break.add("contested-area")
        else:
            self.again(key, name, keys[name], stack.pos, "the units are added together; merge the two entries", kpos)
            stack.add(counts)
            may_break.update(_STACK_RULES)  # a merged entry: its rules look for themselves
            if stack.total > 0 and holders.setdefault(name, hid) != hid:
                may_break.add("contested-area")
            if stack.land > 0 and stack.place.status in LIVE and (stack.place.area is None or stack.place.area.kind == "land"):
                self.position.held_by[hid].add(name)

    def unknown_unit(self, kind: str, where: Pos) -> None:
        if kind == "siege_engine" and self.ed.number == 1:
            self.add("unknown-unit-type", E, "siege engines are not part of the first edition: remove them", where)
            return
        hint = did_you_mean(kind, self.ed.units)
        message = f'{show(kind)} is not a unit; the units are {", ".join(self.ed.units)}'
        self.add("unknown-unit-type", E, message + (f"; {hint}" if hint else ""), where)

    # --- tracks, tokens, lists ------------------------------------------------------------------------

    def read_influence(self, value: dict[Any, Any], pos: Position) -> None:
        if "influence" not in value:
            return
        v = value["influence"]
        pos.influence_pos = _val_pos(value, "influence")
        if not self.shaped(isinstance(v, dict)):
            return
        self.known_keys(v, _TRACKS)
        tracks: dict[str, Track] = {}
        exact = self.ed.house_of
        playing = self.ed.playing_sets.get(pos.players) if pos.players is not None else None
        for track in TRACKS:
            if track not in v:
                continue
            items = v[track]
            if not isinstance(items, list):
                self.faults += 1
                continue
            at = items.item_pos if items.__class__ is PosList and len(items.item_pos) == len(items) else None
            hids: list[str | None]
            try:  # the usual entries: house ids (text: no other hashable value equals a key of `exact`)
                hids = list(map(exact.get, items))
            except TypeError:  # an item that cannot be a key (a list, a mapping): each read below
                hids = [None] * len(items)
            if at is not None and None not in hids:
                houses = list(zip(cast("list[str]", hids), at, strict=True))
                broken = False
                named = set(hids)
            else:
                houses = []
                for i, item in enumerate(items):
                    ipos = at[i] if at is not None else _item_pos(items, i)
                    hid = hids[i] or self.house(item, ipos, "a track entry")
                    if hid is not None:
                        houses.append((hid, ipos))
                broken = len(houses) < len(items)
                named = {h for h, _ in houses}
            tracks[track] = Track(_val_pos(v, track), houses, broken)
            if playing is None or len(houses) != len(playing) or named != playing:
                pos.may_break.add("influence-tracks")
        pos.influence = tracks

    def read_dominance(self, value: dict[Any, Any], pos: Position) -> None:
        if "dominance_tokens" not in value:
            return
        v = value["dominance_tokens"]
        pos.dominance_pos = _val_pos(value, "dominance_tokens")
        if not self.shaped(isinstance(v, dict)):
            return
        self.known_keys(v, _TOKENS)
        tokens: dict[str, tuple[str, Pos]] = {}
        playing = self.ed.playing_sets.get(pos.players) if pos.players is not None else None
        exact = self.ed.house_of
        at = v.value_pos if v.__class__ is PosMap else _NO_KEYS
        for token in TOKENS:
            if token not in v:
                continue
            where = at.get(token) or _val_pos(v, token)
            raw = v[token]
            hid = exact.get(raw) if raw.__class__ is str else None  # the usual holder: a house id, exactly
            if hid is None:
                hid = self.house(raw, where, "a token holder")
            if hid is not None:
                tokens[token] = (hid, where)
                track = (pos.influence or _NO_TRACKS).get(TOKENS[token])
                if (
                    playing is None
                    or hid not in playing
                    or track is None
                    or track.broken
                    or not track.houses
                    or track.houses[0][0] != hid
                ):
                    pos.may_break.add("dominance-tokens")
        pos.dominance = tokens

    def read_neutral(self, value: dict[Any, Any], pos: Position) -> None:
        if "neutral_forces" in value:
            pos.neutral_pos = _val_pos(value, "neutral_forces")
            pos.neutral = self.places(value["neutral_forces"], "a neutral force area")

    def read_westeros(self, value: dict[Any, Any], pos: Position) -> None:
        if "westeros_cards" not in value:
            return
        pos.westeros_pos = _val_pos(value, "westeros_cards")
        v = value["westeros_cards"]
        if not self.shaped(isinstance(v, list)):
            return
        self.shaped(len(v) <= 3)  # a round reveals 3 (one per deck); the cards are still read
        cards: list[tuple[str, Pos]] = []
        for i, item in enumerate(v):
            ipos = _item_pos(v, i)
            if not self.shaped(isinstance(item, str)):
                continue
            name = item.strip()
            if name not in self.ed.westeros:
                hint = did_you_mean(name, self.ed.westeros)
                self.schema(f"{show(item)} is not a Westeros card of the {self.ed.word} edition{'; ' + hint if hint else ''}", ipos)
                continue
            cards.append((name, ipos))
        pos.westeros = cards

    def worded(self, value: Any) -> None:
        """The schema's words for the shape faults, when the reader met any or left a value unread."""
        if not self.faults and not self.unread:
            return
        found = list(kit.shape_problems(validator(), value, self.path))
        if self.faults and not found:  # the reader and its schema disagree: say so, never drop silently
            found = [Problem("schema", E, "part of the file is not shaped like a position file; please report this file", self.path, 1, 1)]
        self.found.extend(found)


def read(path: str, value: Any, data: AgotData) -> tuple[Position | None, list[Problem]]:
    reader = Reader(path, data)
    position = reader.read(value)
    reader.worded(value)
    return position, reader.found
