"""Reading a position file into the model (`position.py`): the shape of the file (`schema` problems) and
every house and area name resolved once (`unknown-house`, `unknown-area`, `area-out-of-play`,
`unknown-unit-type`). Anything of the wrong shape is reported and left out of the model. Never raises."""

from __future__ import annotations

import difflib
from typing import Any

from armybuilder.games.agot.data import (
    LAND_UNITS,
    TOKENS,
    TRACK_NAMES,
    TRACKS,
    AgotData,
    Edition,
    Resolved,
)
from armybuilder.games.agot.position import (
    GAME_NAMES,
    HOUSE_KEYS,
    NO_POS,
    PHASES,
    PUT_TO_THE_SWORD,
    REQUIRED,
    TOP_KEYS,
    Cards,
    HouseBlock,
    MusterItem,
    MusterPlan,
    MusterSource,
    Order,
    Position,
    Stack,
    Track,
)
from armybuilder.games.agot.text import has_cjk, show, type_name
from armybuilder.kit import schema as kit
from armybuilder.problems import Problem, Severity
from armybuilder.yamlpos import Pos, PosList, PosMap

E, W, N = Severity.ERROR, Severity.WARNING, Severity.NOTE
_NO_KEYS: dict[Any, Pos] = {}


def _key_pos(m: Any, key: Any) -> Pos:
    return kit.key_position(m, key) or _own_pos(m)


def _val_pos(m: Any, key: Any) -> Pos:
    return m.at(key) if isinstance(m, PosMap) else NO_POS


def _own_pos(v: Any) -> Pos:
    return kit.own_position(v) or NO_POS


def _item_pos(v: Any, i: int) -> Pos:
    return v.at(i) if isinstance(v, PosList) else NO_POS


def _is_int(v: Any) -> bool:
    return type(v) is int


def _close(name: str, options: tuple[str, ...] | list[str]) -> str:
    found = difflib.get_close_matches(name, list(options), n=1, cutoff=0.6)
    return f'; did you mean "{found[0]}"?' if found else ""


class Reader:
    """Reads one document into a `Position`, collecting problems in `position.found`."""

    def __init__(self, path: str, data: AgotData) -> None:
        self.path = path
        self.data = data
        self.found: list[Problem] = []
        self.ed1_unknown: list[tuple[Resolved, Pos]] = []
        self.ed: Edition
        self.position: Position
        self.out3 = False  # a 3-player second-edition game: part of the map is out of play

    def add(self, rule: str, severity: Severity, message: str, pos: Pos) -> None:
        self.found.append(Problem(rule, severity, message, self.path, pos[0], pos[1]))

    def schema(self, message: str, pos: Pos) -> None:
        self.found.append(Problem("schema", E, message, self.path, pos[0], pos[1]))

    def unknown_keys(self, m: dict[Any, Any], known: tuple[str, ...], where: str) -> None:
        for key in m:
            if key not in known:
                hint = _close(key, known) if isinstance(key, str) else ""
                self.schema(
                    f"unknown key {show(key)} {where}{hint}; the keys are {', '.join(known)}",
                    _key_pos(m, key),
                )

    # --- the document -------------------------------------------------------------------------------

    def read(self, value: Any) -> Position | None:
        """The position, or None when the file is too broken for any rule (required keys, edition)."""
        if not isinstance(value, dict):
            what = "empty" if value is None else f"{type_name(value)}, not a mapping"
            self.schema(
                f"the file is {what}: a position file is a mapping with game, edition, players, round and houses",
                getattr(value, "pos", Pos(1, 1)),
            )
            return None
        self.unknown_keys(value, TOP_KEYS, "at the top level")
        top = _own_pos(value)
        missing = [k for k in REQUIRED if k not in value]
        for k in missing:
            self.schema(f"the required key `{k}` is missing: add it", top if top != NO_POS else Pos(1, 1))
        game = value.get("game")
        if "game" in value and not (
            isinstance(game, str) and " ".join(game.split()).casefold() in GAME_NAMES
        ):
            self.schema(
                f"game {show(game)} is not agot-board-game: write `game: agot-board-game`",
                _val_pos(value, "game"),
            )
            return None
        edition_raw = value.get("edition")
        if "edition" in value and not (_is_int(edition_raw) and edition_raw in self.data.editions):
            self.schema(
                f"edition {show(edition_raw)} is not 1 or 2: write `edition: 1` (2003) or `edition: 2` (2011)",
                _val_pos(value, "edition"),
            )
            return None
        if missing:
            return None
        ed = self.data.editions[value["edition"]]
        pos = Position(self.path, self.data, ed)
        pos.found = self.found
        self.position = pos
        self.ed = ed

        players = value["players"]
        pos.players_pos = _val_pos(value, "players")
        if _is_int(players) and ed.players_min <= players <= ed.players_max:
            pos.players = players
            self.out3 = ed.number == 2 and players == 3
        else:
            self.schema(
                f"players {show(players)} is not a player count of the {ed.word} edition "
                f"({ed.players_min} to {ed.players_max}): write a whole number in that range",
                pos.players_pos,
            )
        rnd = value["round"]
        pos.round_pos = _val_pos(value, "round")
        if _is_int(rnd):
            pos.round = rnd
        else:
            self.schema(f"round {show(rnd)} is not a whole number: write the round, 1 to 10", pos.round_pos)

        name = value.get("name")
        if "name" in value:
            if isinstance(name, str):
                pos.name = name.strip() or None
            else:
                self.schema(
                    f"name is {type_name(name)}: write the position's name as text", _val_pos(value, "name")
                )

        self.read_scalars(value, pos)
        self.read_houses(value, pos)
        self.read_influence(value, pos)
        self.read_dominance(value, pos)
        self.read_neutral(value, pos)
        self.read_westeros(value, pos)
        self.read_muster(value, pos)
        self.note_ed1_areas()
        return pos

    def read_scalars(self, value: dict[Any, Any], pos: Position) -> None:
        if "phase" in value:
            phase = value["phase"]
            pos.phase_pos = _val_pos(value, "phase")
            if isinstance(phase, str) and phase in PHASES:
                pos.phase = phase
            else:
                hint = _close(phase, PHASES) if isinstance(phase, str) else ""
                self.schema(f"phase {show(phase)} is not one of {', '.join(PHASES)}{hint}", pos.phase_pos)
        if "wildling_threat" in value:
            threat = value["wildling_threat"]
            pos.wildling_pos = _val_pos(value, "wildling_threat")
            if _is_int(threat):
                pos.wildling = threat
            else:
                self.schema(
                    f"wildling_threat is {type_name(threat)}: write the Wildlings track value, 0 to 12",
                    pos.wildling_pos,
                )
        if "put_to_the_sword" in value:
            choice = value["put_to_the_sword"]
            where = _val_pos(value, "put_to_the_sword")
            if self.ed.number == 1:
                self.schema(
                    "put_to_the_sword is a second-edition card's choice; the first edition has no such card: remove it",
                    _key_pos(value, "put_to_the_sword"),
                )
            elif isinstance(choice, str) and choice in PUT_TO_THE_SWORD:
                pos.put_to_the_sword = choice
            else:
                hint = _close(choice, PUT_TO_THE_SWORD) if isinstance(choice, str) else ""
                self.schema(
                    f"put_to_the_sword {show(choice)} is not one of {', '.join(PUT_TO_THE_SWORD)}{hint}",
                    where,
                )

    # --- names --------------------------------------------------------------------------------------

    def house(self, raw: Any, where: Pos, what: str) -> str | None:
        """The house id a name stands for, or None (reported: schema for a non-name, else unknown-house)."""
        if type(raw) is str:
            hid = self.ed.house_index.get(raw)
            if hid is not None and hid in self.ed.houses:  # the usual case: an id or alias, exactly
                return hid
        else:
            self.schema(f"{what} {show(raw)} is {type_name(raw)}: write a house id such as stark", where)
            return None
        name = raw.strip()
        hid, close = self.ed.house(name)
        if hid is None and name.lower() in self.ed.house_index:  # house ids in any letter case (A6)
            hid, close = self.ed.house(name.lower())
        if hid is not None and hid in self.ed.houses:
            return hid
        if hid == "martell":
            self.add(
                "unknown-house",
                E,
                "Martell is a second-edition house; the first edition has Stark, Lannister, Baratheon, "
                "Greyjoy and Tyrell: remove it or write `edition: 2`",
                where,
            )
            return None
        if not close and has_cjk(name):
            message = f"\"{name}\" is not one of the rulebook's Chinese house names; write the house id: {', '.join(self.ed.houses)}"
            self.add("unknown-house", E, message, where)
            return None
        hint = f'; did you mean "{close}"?' if close else f"; the houses are {', '.join(self.ed.houses)}"
        self.add("unknown-house", E, f"{show(name)} is not a house of the {self.ed.word} edition{hint}", where)
        return None

    def place(self, raw: Any, where: Pos, what: str, units: bool = False) -> Resolved | None:
        """The area a name stands for (None: not a name at all, reported as schema)."""
        if type(raw) is not str:
            self.schema(
                f"{what} {show(raw)} is {type_name(raw)}: write an area name such as Winterfell", where
            )
            return None
        r = self.ed.area(raw)
        status = r.status
        if status == "ok":
            if not self.out3:
                return r
            if r.name in self.ed.out_3p:
                self.add(
                    "area-out-of-play",
                    E,
                    f"{r.name} is out of play in a 3-player game: remove the entry",
                    where,
                )
                return Resolved(r.name, "out", r.area)
            return r
        if status == "noted":
            self.ed1_unknown.append((r, where))
            return r
        if status == "wall":
            fix = "move the units south of Castle Black" if units else "remove the entry"
            self.add(
                "area-out-of-play", E, f"the lands beyond the Wall are not part of the game: {fix}", where
            )
            return r
        if r.hint == "summer":
            message = "the second edition has East Summer Sea and West Summer Sea, not Summer Sea: write one of them"
        elif not r.hint and has_cjk(r.name):
            message = f"\"{r.name}\" is not one of the rulebook's Chinese area names; write the area's English name"
        else:
            message = f'"{r.name}" is not an area of the second-edition map{r.hint or ": check the spelling"}'
        self.add("unknown-area", E, message, where)
        return r

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
            "not checked against the first-edition map, whose area list is inferred: "
            + ", ".join(seen.values()),
            min(where for _, where in self.ed1_unknown),
        )

    def count(self, v: Any, where: Pos, what: str) -> int | None:
        if _is_int(v) and v >= 0:
            return int(v)
        if _is_int(v):
            self.schema(f"{what} is {v}: a count cannot be negative", where)
        else:
            self.schema(f"{what} is {type_name(v)} ({show(v)}): write a whole number, 0 or more", where)
        return None

    # --- houses ---------------------------------------------------------------------------------------

    def read_houses(self, value: dict[Any, Any], pos: Position) -> None:
        houses = value["houses"]
        pos.houses_pos = _val_pos(value, "houses")
        if not isinstance(houses, dict) or not houses:
            what = "empty" if isinstance(houses, dict) or houses is None else type_name(houses)
            self.schema(
                f"houses is {what}: list each house as `stark:` with its block (supply, units, …) below it",
                pos.houses_pos,
            )
            return
        first: dict[str, Pos] = {}
        first_key: dict[str, Any] = {}
        for key, block in houses.items():
            kpos = _key_pos(houses, key)
            hid = self.house(key, kpos, "house")
            if hid is None:
                continue
            if hid in first:
                self.schema(
                    f"{show(key)} names {self.data.house_names[hid]} again (key {show(first_key[hid])}, line "
                    f"{first[hid][0]}): this block is ignored; merge the two blocks",
                    kpos,
                )
                continue
            first[hid] = kpos
            first_key[hid] = key
            h = HouseBlock(hid, self.data.house_names[hid], kpos)
            if block is None:
                pos.houses[hid] = h
                continue
            if not isinstance(block, dict):
                self.schema(
                    f"the {h.name} block is {type_name(block)}: write a mapping (supply, units, orders, …)",
                    _val_pos(houses, key),
                )
                pos.houses[hid] = h
                continue
            self.unknown_keys(block, HOUSE_KEYS, f"in the {h.name} block")
            self.read_house(block, h)
            pos.houses[hid] = h

    def read_house(self, block: dict[Any, Any], h: HouseBlock) -> None:
        if "supply" in block:
            v = block["supply"]
            where = _val_pos(block, "supply")
            if _is_int(v):
                h.supply, h.supply_pos = v, where
            else:
                self.schema(
                    f"{h.name}'s supply is {type_name(v)} ({show(v)}): write the Supply track level, 0 to 6",
                    where,
                )
        if "power_available" in block:
            where = _val_pos(block, "power_available")
            n = self.count(block["power_available"], where, f"{h.name}'s power_available")
            if n is not None:
                h.power_available, h.power_available_pos = n, where
        if "power_on_board" in block:
            self.read_tokens(block, h)
        if "house_cards" in block:
            self.read_cards(block, h)
        if "units" in block:
            self.read_units(block, h)
        if "orders" in block:
            self.read_orders(block, h)

    def read_tokens(self, block: dict[Any, Any], h: HouseBlock) -> None:
        v = block["power_on_board"]
        where = _key_pos(block, "power_on_board")
        if not isinstance(v, list):
            self.schema(
                f"{h.name}'s power_on_board is {type_name(v)}: write a list of areas, e.g. [Riverrun]", where
            )
            return
        tokens: list[tuple[Resolved, Pos]] = []
        for i, item in enumerate(v):
            ipos = _item_pos(v, i)
            place = self.place(item, ipos, "a power token area")
            if place is not None:
                tokens.append((place, ipos))
        h.tokens, h.tokens_pos = tokens, where

    def read_cards(self, block: dict[Any, Any], h: HouseBlock) -> None:
        v = block["house_cards"]
        where = _key_pos(block, "house_cards")
        if not isinstance(v, dict):
            self.schema(
                f"{h.name}'s house_cards is {type_name(v)}: write {{hand: 7, discarded: 0}} (counts or lists of names)",
                where,
            )
            return
        hand, discarded = v.get("hand"), v.get("discarded")
        if len(v) == 2 and type(hand) is int and type(discarded) is int and hand >= 0 and discarded >= 0:
            h.cards = Cards(where, hand, discarded, [])  # the usual counts, checked at once
            return
        self.unknown_keys(v, ("hand", "discarded"), f"in {h.name}'s house_cards")
        missing = [k for k in ("hand", "discarded") if k not in v]
        if missing:
            self.schema(
                f"{h.name}'s house_cards needs both hand and discarded: add {' and '.join(missing)}", where
            )
            return
        counts: list[int] = []
        names: list[tuple[str, Pos]] = []
        for key in ("hand", "discarded"):
            item = v[key]
            ipos = _val_pos(v, key)
            if isinstance(item, list):
                good = True
                for i, name in enumerate(item):
                    if isinstance(name, str):
                        names.append((name.strip(), _item_pos(item, i)))
                    else:
                        self.schema(
                            f"a card name in {h.name}'s {key} is {type_name(name)} ({show(name)}): write the card's name",
                            _item_pos(item, i),
                        )
                        good = False
                if not good:
                    return
                counts.append(len(item))
            else:
                n = self.count(item, ipos, f"{h.name}'s {key}")
                if n is None:
                    return
                counts.append(n)
        h.cards = Cards(where, counts[0], counts[1], names)

    def read_units(self, block: dict[Any, Any], h: HouseBlock) -> None:
        v = block["units"]
        where = _key_pos(block, "units")
        if not isinstance(v, dict):
            self.schema(
                f"{h.name}'s units is {type_name(v)}: write a mapping of areas, e.g. Winterfell: {{footman: 1}}",
                where,
            )
            return
        stacks: dict[str, Stack] = {}
        keys: dict[str, Any] = {}  # area -> its first key as written
        units = self.ed.units
        key_pos = getattr(v, "key_pos", _NO_KEYS)
        for key, kinds in v.items():
            kpos = key_pos.get(key, NO_POS)
            place = self.place(key, kpos, "a unit area", units=True)
            if place is None:
                continue
            if not isinstance(kinds, dict):
                self.schema(
                    f"{h.name}'s units in {place.name} is {type_name(kinds)}: write a mapping such as {{footman: 2}}",
                    _val_pos(v, key),
                )
                continue
            counts: dict[str, int] = {}
            for kind, n in kinds.items():
                if type(n) is int and n >= 0 and kind in units:  # the usual entry, checked at once
                    counts[kind] = n
                    continue
                kind_pos = _key_pos(kinds, kind)
                if not isinstance(kind, str):
                    self.schema(
                        f"unit kind {show(kind)} is {type_name(kind)}: write footman, knight, ship…",
                        kind_pos,
                    )
                    continue
                if kind not in units:
                    self.unknown_unit(kind, kind_pos)
                    continue
                c = self.count(n, _val_pos(kinds, kind), f"{h.name}'s {kind} count in {place.name}")
                if c is not None:
                    counts[kind] = c
            stack = stacks.get(place.name)
            if stack is None:
                total = sum(counts.values())
                stacks[place.name] = Stack(place, kpos, counts, total, total - counts.get("ship", 0))
                keys[place.name] = key
            else:
                self.schema(
                    f"{show(key)} names {place.name} again (key {show(keys[place.name])}, line {stack.pos[0]}): "
                    "the units are added together; "
                    "merge the two entries",
                    kpos,
                )
                stack.add(counts)
        h.stacks, h.units_pos = stacks, where

    def unknown_unit(self, kind: str, where: Pos) -> None:
        if kind == "siege_engine" and self.ed.number == 1:
            self.add(
                "unknown-unit-type", E, "siege engines are not part of the first edition: remove them", where
            )
            return
        hint = _close(kind, self.ed.units)
        self.add(
            "unknown-unit-type",
            E,
            f'{show(kind)} is not a unit; the units are {", ".join(self.ed.units)}{hint}',
            where,
        )

    def read_orders(self, block: dict[Any, Any], h: HouseBlock) -> None:
        v = block["orders"]
        where = _key_pos(block, "orders")
        if not isinstance(v, dict):
            self.schema(
                f"{h.name}'s orders is {type_name(v)}: write a mapping of areas to orders, e.g. Winterfell: march-0",
                where,
            )
            return
        known = self.data.order_tokens
        orders: list[Order] = []
        key_pos = getattr(v, "key_pos", _NO_KEYS)
        for key, token in v.items():
            kpos = key_pos.get(key, NO_POS)
            place = self.place(key, kpos, "an order area")
            if place is None:
                continue
            if type(token) is not str or token not in known:
                names = tuple(known)
                hint = _close(token, names) if isinstance(token, str) else ""
                self.schema(
                    f"{show(token)} is not an order token{hint}; the tokens are {', '.join(names)}",
                    _val_pos(v, key),
                )
                continue
            orders.append(Order(place, key, token, kpos))
        h.orders, h.orders_pos = orders, where

    # --- tracks, tokens, lists ------------------------------------------------------------------------

    def read_influence(self, value: dict[Any, Any], pos: Position) -> None:
        if "influence" not in value:
            return
        v = value["influence"]
        pos.influence_pos = _val_pos(value, "influence")
        if not isinstance(v, dict):
            self.schema(
                f"influence is {type_name(v)}: write iron_throne, fiefdoms and kings_court, each a list of houses",
                pos.influence_pos,
            )
            return
        self.unknown_keys(v, TRACKS, "in influence")
        tracks: dict[str, Track] = {}
        for track in TRACKS:
            if track not in v:
                continue
            items = v[track]
            tpos = _val_pos(v, track)
            if not isinstance(items, list):
                self.schema(
                    f"the {TRACK_NAMES[track]} track is {type_name(items)}: write a list of houses, position 1 first",
                    tpos,
                )
                continue
            houses: list[tuple[str, Pos]] = []
            broken = False
            item_pos = getattr(items, "item_pos", None) or [NO_POS] * len(items)
            for item, ipos in zip(items, item_pos, strict=False):
                hid = self.house(item, ipos, "a track entry")
                if hid is not None:
                    houses.append((hid, ipos))
                else:
                    broken = True
            tracks[track] = Track(tpos, houses, broken)
        pos.influence = tracks

    def read_dominance(self, value: dict[Any, Any], pos: Position) -> None:
        if "dominance_tokens" not in value:
            return
        v = value["dominance_tokens"]
        pos.dominance_pos = _val_pos(value, "dominance_tokens")
        if not isinstance(v, dict):
            self.schema(
                f"dominance_tokens is {type_name(v)}: write iron_throne, valyrian_steel_blade and messenger_raven "
                "with their holders",
                pos.dominance_pos,
            )
            return
        self.unknown_keys(v, tuple(TOKENS), "in dominance_tokens")
        tokens: dict[str, tuple[str, Pos]] = {}
        for token in TOKENS:
            if token in v:
                where = _val_pos(v, token)
                hid = self.house(v[token], where, "a token holder")
                if hid is not None:
                    tokens[token] = (hid, where)
        pos.dominance = tokens

    def list_section(self, value: dict[Any, Any], key: str, shape: str) -> list[Any] | None:
        """The list a section holds, or None after a `schema` problem saying what to write instead."""
        v = value[key]
        if not isinstance(v, list):
            self.schema(f"{key} is {type_name(v)}: write {shape}", _val_pos(value, key))
            return None
        return v

    def read_neutral(self, value: dict[Any, Any], pos: Position) -> None:
        if "neutral_forces" not in value:
            return
        pos.neutral_pos = _val_pos(value, "neutral_forces")
        v = self.list_section(value, "neutral_forces", "a list of areas, e.g. [King's Landing, The Eyrie]")
        if v is None:
            return
        areas: list[tuple[Resolved, Pos]] = []
        for i, item in enumerate(v):
            ipos = _item_pos(v, i)
            place = self.place(item, ipos, "a neutral force area")
            if place is not None:
                areas.append((place, ipos))
        pos.neutral = areas

    def read_westeros(self, value: dict[Any, Any], pos: Position) -> None:
        if "westeros_cards" not in value:
            return
        pos.westeros_pos = _val_pos(value, "westeros_cards")
        v = self.list_section(value, "westeros_cards", "a list of this round's cards, e.g. [Supply, Mustering]")
        if v is None:
            return
        if len(v) > 3:
            self.schema(
                f"westeros_cards lists {len(v)} cards; a round reveals 3 (one per deck): keep this round's 3",
                pos.westeros_pos,
            )
        cards: list[tuple[str, Pos]] = []
        known = tuple(self.ed.westeros)
        for i, item in enumerate(v):
            ipos = _item_pos(v, i)
            name = item.strip() if isinstance(item, str) else None
            if name is None or name not in self.ed.westeros:
                hint = _close(name, known) if name is not None else ""
                self.schema(f"{show(item)} is not a Westeros card of the {self.ed.word} edition{hint}", ipos)
                continue
            cards.append((name, ipos))
        pos.westeros = cards

    # --- muster ---------------------------------------------------------------------------------------

    def read_muster(self, value: dict[Any, Any], pos: Position) -> None:
        if "muster" not in value:
            return
        v = value["muster"]
        where = _val_pos(value, "muster")
        if not isinstance(v, dict):
            self.schema(
                f"muster is {type_name(v)}: write house -> source area -> list of units, e.g. "
                "lannister: {Lannisport: [footman]}",
                where,
            )
            return
        plans: list[MusterPlan] = []
        seen: set[str] = set()
        for key, sources in v.items():
            kpos = _key_pos(v, key)
            hid = self.house(key, kpos, "a muster house")
            if hid is None:
                continue
            name = self.data.house_names[hid]
            if hid in seen:
                self.schema(
                    f"{show(key)} names {name} again in muster: this plan is ignored; merge the two", kpos
                )
                continue
            seen.add(hid)
            if hid not in pos.houses:
                self.schema(
                    f"muster has a plan for {name}, which has no block under houses: add its block "
                    "(the plan is checked against its units)",
                    kpos,
                )
                plans.append(MusterPlan(hid, kpos, []))  # not read (A4); its key still meets house-not-playing
                continue
            if not isinstance(sources, dict):
                self.schema(
                    f"{name}'s muster plan is {type_name(sources)}: write source area -> list of units",
                    _val_pos(v, key),
                )
                continue
            plan = MusterPlan(hid, kpos, [])
            by_area: dict[str, MusterSource] = {}
            source_keys: dict[str, Any] = {}
            for skey, items in sources.items():
                spos = _key_pos(sources, skey)
                place = self.place(skey, spos, "a muster source area")
                if place is None:
                    continue
                if not isinstance(items, list):
                    self.schema(
                        f"the plan for {place.name} is {type_name(items)}: write a list such as [footman, {{ship: "
                        "The Golden Sound}]",
                        _val_pos(sources, skey),
                    )
                    continue
                parsed = [
                    m for i, item in enumerate(items) if (m := self.muster_item(item, _item_pos(items, i)))
                ]
                source = by_area.get(place.name)
                if source is None:
                    source = by_area[place.name] = MusterSource(place, spos, [])
                    source_keys[place.name] = skey
                    plan.sources.append(source)
                else:
                    self.schema(
                        f"{show(skey)} names {place.name} again (key {show(source_keys[place.name])}, line "
                        f"{source.pos[0]}): the plans are added "
                        "together; merge the two entries",
                        spos,
                    )
                source.items.extend(parsed)
            plans.append(plan)
        pos.muster = plans

    def muster_item(self, item: Any, where: Pos) -> MusterItem | None:
        if item is None or (isinstance(item, str) and not item.strip()):
            self.schema(
                "a muster item is empty: write a unit (footman, knight, siege_engine), {ship: AREA} or "
                "{upgrade: knight}",
                where,
            )
            return None
        if isinstance(item, str):
            kind = item.strip()
            if kind == "ship":
                self.schema(
                    "a mustered ship needs its sea area: write {ship: The Golden Sound} (or the port, edition 2)",
                    where,
                )
                return None
            if kind in LAND_UNITS and kind in self.ed.units:
                return MusterItem("unit", kind, where)
            self.unknown_unit(kind, where)
            return None
        if isinstance(item, dict) and len(item) == 1:
            ((key, target),) = item.items()
            tpos = _val_pos(item, key)
            if key == "ship" and (target is None or (isinstance(target, str) and not target.strip())):
                self.schema(
                    "a mustered ship needs its sea area: write {ship: The Golden Sound} (or the port, edition 2)",
                    tpos,
                )
                return None
            if key == "upgrade" and (target is None or (isinstance(target, str) and not target.strip())):
                self.schema("an upgrade needs its unit: write {upgrade: knight} or {upgrade: siege_engine}", tpos)
                return None
            if key == "ship":
                place = self.place(target, tpos, "a mustered ship's area")
                return MusterItem("ship", "ship", where, place) if place is not None else None
            if key == "upgrade":
                if not isinstance(target, str):
                    self.schema(
                        f"upgrade {show(target)}: write {{upgrade: knight}} or {{upgrade: siege_engine}}",
                        tpos,
                    )
                    return None
                kind = target.strip()
                if kind in ("footman", "ship"):
                    self.schema(
                        f"a footman can be upgraded only to a knight or a siege engine, not to a {kind}: "
                        "write {upgrade: knight}",
                        tpos,
                    )
                    return None
                if kind in self.ed.units:
                    return MusterItem("upgrade", kind, where)
                self.unknown_unit(kind, tpos)
                return None
        self.schema(
            f"muster item {show(item)} is not a unit, {{ship: AREA}} or {{upgrade: knight}}: write one of those",
            where,
        )
        return None


def read(path: str, value: Any, data: AgotData) -> tuple[Position | None, list[Problem]]:
    reader = Reader(path, data)
    position = reader.read(value)
    return position, reader.found
