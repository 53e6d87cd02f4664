"""Pass 2 of the reader: which card each piece is (faction vote, hints of place, cost) and where it sits."""

from __future__ import annotations

from collections import Counter

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.interchange.common import ImportedList
from armybuilder.games.asoiaf.listwriter import Origin
from armybuilder.kit import words
from armybuilder.text import or_quoted

from .model import Piece, State
from .names import describe, house_before, housed, narrow, variants

PRINTED_SIZES = (30, 40, 50, 60)  # printed costs adding up to one of these state the game size


class Placing(State):
    # --- pass 2: which card each piece is --------------------------------------------------------------

    def _pieces_in_order(self) -> list[Piece]:
        return [p for row in self.rows for p in row.pieces]

    def _finish(self) -> ImportedList:
        pieces = self._pieces_in_order()
        body = [p for p in pieces if not p.header]
        if not pieces and not self.problems.problems:
            self.problems.add(
                "no line of it names a card (the lines before the first card are read as its title); "
                "is this a list?",
                self.rows[0].number if self.rows else 1,
            )
        indents = [p.indent for p in body]
        base = min(indents, default=0)
        for piece in body:
            piece.attached = piece.attached or piece.indent > base
        for piece in pieces:
            piece.pool = self._hinted(piece)
        self._forced(body)
        self.explicit = any(p.marked for p in pieces)
        if self.faction is None:  # (a line not read elsewhere never leaves the faction unsaid)
            self._vote(pieces)
        if self.faction is not None:
            for piece in pieces:
                self._at_home(piece)
        header = self.commander_piece
        named: Card | None = None
        if header is not None:
            named = header.card = self._choose(header, None)
        unit: Card | None = None  # the unit an attachment below it joins: its house chooses between versions
        for piece in body:
            piece.card = self._choose(piece, named, unit if piece.attached else None)
            self._guessed(piece)
            if piece.card is not None and piece.card.kind is CardKind.COMBAT_UNIT:
                unit = piece.card
        spec = ImportedList(faction=self.faction.key if self.faction is not None else "", points=0)
        written = self._assemble(body, named, spec)
        if "name" in self.values or "title" in self.values:
            spec.name = (self.values.get("name") or self.values["title"])[0]
        if "player" in self.values:
            spec.player = self.values["player"][0]
        if "team" in self.values:
            spec.team = self.values["team"][0]
        if self.values.get("notes", ("",))[0]:
            spec.list_notes = self.values["notes"][0]
        keys = spec.origin.keys if spec.origin is not None else {}
        for key in ("name", "title", "player", "team", "faction", "notes"):
            if key in self.values:
                keys.setdefault("name" if key == "title" else key, self.values[key][1])
        marked = next((p for p in body if p.marked and p.card is not None and p.card.commander), None)
        commander = self.commander_piece or marked
        if commander is not None:
            keys["commander"] = commander.line
            cards = spec.cards()
            if commander.card in cards and sum(c.commander for c in cards) > 1:  # which commander card leads
                spec.leader = commander.card
        elif spec.commander is not None:  # one commander card, on a line that does not say so
            line = next((p.line for p in body if p.card == spec.commander), None)
            if line is not None:
                keys["commander"] = line
                self.notes.append(
                    f"Line {line}: {spec.commander.title} is the list's one commander card: read as its "
                    "commander (no line marks one; write (C) after it to say so)."
                )
        if self.faction is not None:
            self._costs(spec, written)
        self._size(spec, written, keys)
        spec.notes = self.notes + spec.notes + self.skipped
        spec.not_read = sorted((line or 0, message) for line, message in self.problems.problems)
        return spec

    def _size(
        self, spec: ImportedList, written: list[tuple[Card, Piece | None]], keys: dict[str, int]
    ) -> None:
        """The game size: as the text states it; else what its printed costs add up to, when that is a
        standard size; else `--points`; else a problem (never a guess from today's costs)."""
        printed = [p.cost for _, p in written if p is not None and p.cost is not None]
        total = sum(printed)
        if self.points is not None:
            spec.points = self.points[0]
            keys["points"] = self.points[1]
            if printed and total in PRINTED_SIZES and total != spec.points:
                self.notes.append(
                    f"The printed costs add up to {total}; the text states {spec.points} points (kept)."
                )
        elif printed and total in PRINTED_SIZES:
            spec.points = total
            self.notes.append(f"No game size stated: the printed costs add up to {total}, so points {total}.")
        elif self.given_points is not None:
            spec.points = self.given_points
            self.notes.append(f"No game size in the text: points {spec.points} as --points gives.")
        else:
            first = self.rows[0].number if self.rows else 1
            added = (
                f"its printed costs add up to {total}, no standard size" if printed else "it prints no costs"
            )
            self._problem(
                first,
                f"the text states no game size and {added}; add a line such as `Points: 40`, or give "
                "--points",
            )

    def _guessed(self, piece: Piece) -> None:
        """Every accepted guess is a note with the card chosen, never silent."""
        card = piece.card
        if card is None:
            return
        if piece.guess == "nickname":
            self.notes.append(
                f"Line {piece.line}: '{piece.name}' read as {card.title} (a name players use for it)."
            )
        elif piece.guess == "renamed":
            self.notes.append(
                f"Line {piece.line}: '{piece.name}' is the name of an earlier card season: read as {card.title} "
                "(renamed)."
            )
        elif piece.guess == "house" and (split := house_before(self.catalogue, piece.name)) is not None:
            self.notes.append(
                f"Line {piece.line}: '{split[0]}' before {split[1]} names its house, not a part of the card's name: "
                f"read as {card.title}."
            )
        elif piece.guess == "misspelling":
            self.notes.append(
                f"Line {piece.line}: '{words.marked(piece.name)}' read as {card.title}, the one card name close to it "
                "(correct the spelling if this is wrong)."
            )
        elif (
            not piece.guess
            and not piece.exact
            and self.faction is not None
            and card.faction != self.faction.key
            and len({c.id for c in piece.short}) > 1
        ):  # `Archers` in a Stark list: of the cards it shortens, a neutral one (another house's name, too)
            self.notes.append(
                f"Line {piece.line}: '{piece.name}' read as {card.title} ({card.faction}), the card of its name the "
                "army may take; write the card's whole name if you meant another."
            )
        if piece.comment:
            self.notes.append(
                f"Line {piece.line}: '{piece.comment}' after {card.title} is a comment, not read."
            )

    def _forced(self, body: list[Piece]) -> None:
        """An attachment a unit must carry (`Eddard's Honor Guard` and `Eddard Stark, Lord of Winterfell`,
        `Drogo's Bloodriders` and `Khal Drogo`): the card the unit's requirement names, and when that is a
        commander card, read as the commander though the list does not mark it (a note says so)."""
        unit: list[Card] = []
        for piece in body:
            if not piece.attached:
                unit = [c for c in piece.pool if c.kind is CardKind.COMBAT_UNIT]
                continue
            targets = [r.target for c in unit for r in c.requirements_of("must_attach_to") if r.target]
            forced = [c for c in piece.pool if any(self.catalogue.matches(c, t) for t in targets)]
            if not forced or piece.marked:
                continue
            piece.pool = forced
            if all(c.commander for c in forced):
                piece.marked = True
                self.notes.append(
                    f"Line {piece.line}: {unit[0].title} must carry {forced[0].title}, a commander card: "
                    f"'{piece.name}' read as the list's commander."
                )

    def _at_home(self, piece: Piece) -> None:
        """Which house's card a piece is, once the army's house is known:
        - `Stormcrow Mercenaries [neutral]` (a tag, as our own sheet writes it): a card of that house.
        And for a piece whose cards are all of another house than the army's, when the army has a card it names:
        - `Bolton Cutthroats` in a Bolton army: its own `Cutthroats` written after its house's name, rather
          than the card of another house whose name the words shorten (the neutral `House Bolton Cutthroats`);
          a note says so (`_guessed`). A card's whole name is that card.
        - `Unit + Robb Stark (C) + Catelyn Stark` in a Stark army: the NCU Catelyn, not the Brotherhood's
          attachment that a place after `+` asks for; a note says so."""
        assert self.faction is not None
        own = self.faction.key
        if piece.house:  # `Stormcrow Mercenaries [neutral]` in a Targaryen list: the neutral card, as tagged
            piece.pool = narrow(piece.pool, lambda c: c.faction == piece.house)
            return
        if not piece.pool or piece.section is Slot.ENEMY or any(c.faction == own for c in piece.pool):
            return
        mine = [] if piece.exact else [c for c in housed(self.catalogue, piece.name) if c.faction == own]
        if mine:
            piece.exact, piece.short, piece.guess = [], mine, "house"
            piece.pool = self._hinted(piece) or mine
            return
        if not piece.attached or any(c.faction == NEUTRAL for c in piece.pool):
            return  # (a name on a line of its own: `_choose` says why its card stands where it does)
        at_home = [c for c in piece.exact or piece.short if c.faction in (own, NEUTRAL)]
        if at_home:
            away = {c.kind.value for c in piece.pool}
            piece.pool = at_home
            self.notes.append(
                f"Line {piece.line}: '{piece.name}' read as a card the army may take ("
                f"{' or '.join(sorted(c.title for c in at_home))}), not the {' or '.join(sorted(away))} of "
                f"another house its place on the line asks for."
            )

    def _hinted(self, piece: Piece) -> list[Card]:
        """The cards a piece may be before its faction is known: hard marks, then hints of place (a line
        on its own is a combat unit before an attachment; in an NCU section, an NCU)."""
        for tier in (piece.exact, piece.short):
            pool = [c for c in tier if c.commander] if piece.marked else list(tier)
            if not piece.attached and piece.section in (None, Slot.UNIT) and not piece.header:
                pool = narrow(pool, lambda c: c.kind is not CardKind.ATTACHMENT)
            if piece.section is Slot.NCU:
                pool = narrow(pool, lambda c: c.kind is CardKind.NCU)
            if piece.section is Slot.REINFORCEMENT:  # our sheet's `Reinforcements:` line: NCUs and attachments
                pool = narrow(pool, lambda c: c.kind in Slot.REINFORCEMENT.kinds)
            if piece.attached or piece.section in (Slot.ATTACHMENT, Slot.ENEMY):
                pool = narrow(pool, lambda c: c.kind is CardKind.ATTACHMENT)
            if piece.section is Slot.UNIT:
                pool = narrow(pool, lambda c: c.kind is not CardKind.NCU)
            if pool:
                return pool
        return []

    def _vote(self, body: list[Piece]) -> None:
        """The faction from the cards: the great house most of them can only belong to."""
        votes: Counter[str] = Counter()
        names = {k: f.name for k, f in self.catalogue.factions.items()}
        for piece in body:
            pool = self._by_cost(piece, piece.pool)
            houses = {c.faction for c in pool}
            if len(houses) == 1 and NEUTRAL not in houses:
                house = houses.pop()
                votes[house] += 1
                piece.became = f"a card of {names.get(house, house)}"
            elif pool:
                piece.became = (
                    "a card of " + " or ".join(sorted(names.get(h, h) for h in houses)) + " (no vote)"
                )
        if not votes:
            if body and all(any(c.is_neutral for c in p.pool) for p in body):
                self.faction = self.catalogue.factions.get(NEUTRAL)
                self.notes.append("No `Faction:` line and only neutral cards: the army is neutral.")
                if self.faction is not None:
                    return
            first = self.rows[0].number if self.rows else 1
            self.problems.add(
                "no `Faction:` line, and the cards do not tell which faction this is; add one, e.g. "
                "`Faction: House Stark`",
                first,
            )
            return
        ranked = votes.most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            tied = [names.get(k, k) for k, n in ranked if n == ranked[0][1]]
            first = self.rows[0].number if self.rows else 1
            self.problems.add(
                f"no `Faction:` line, and the cards are as much {' as '.join(tied)} "
                f"({ranked[0][1]} each); add one, e.g. `Faction: {tied[0]}`",
                first,
            )
            return
        key, count = ranked[0]
        self.faction = self.catalogue.factions[key]
        others = sum(votes.values()) - count
        tail = f" ({others} of another house)" if others else ""
        self.notes.append(
            f"No `Faction:` line: the faction is {self.faction.name}, the house of {count} of the cards{tail}."
        )

    def _by_cost(self, piece: Piece, pool: list[Card]) -> list[Card]:
        if piece.cost is None:
            return pool
        return narrow(pool, lambda c: (c.cost or 0) == piece.cost)

    def _choose(self, piece: Piece, named: Card | None, unit: Card | None = None) -> Card | None:
        """The one card that fits a piece, or None with the problem recorded on its line."""
        faction = self.faction.key if self.faction is not None else None
        pool = piece.pool
        if not pool:
            self._unplaced(piece)
            return None
        if faction is not None and not any(c.faction == faction or c.is_neutral for c in pool):
            pool = self._own_attachment(piece, faction) or pool
        for preferred in (
            [c for c in pool if c.faction == faction],
            [c for c in pool if c.is_neutral],
        ):
            if preferred:
                pool = preferred
                break
        if unit is not None and len(pool) > 1:  # `Sworn Brothers (Jon Snow)`: the Watch's Jon Snow
            pool = narrow(pool, lambda c: c.faction == unit.faction)
        if named is not None and named in pool:
            pool = [named]
        elif self.explicit and not piece.marked:  # the list names its commander: this is another version
            pool = narrow(pool, lambda c: not c.commander)
        pool = self._by_cost(piece, pool)
        if len(pool) == 1:
            return pool[0]
        ways = ["its subname"]
        if len({c.kind for c in pool}) > 1:
            ways.append("`with` before an attachment")
        if any(c.commander for c in pool):
            ways.append("(C) after the commander")
        if len({c.cost for c in pool}) > 1:
            ways.append("its cost")
        listed = ", ".join(f"{c.title} ({c.kind.label} {c.id})" for c in pool)
        self._problem(
            piece.line,
            f"'{piece.name}' could be any of {len(pool)} cards: {listed}; write "
            + (", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]),
        )
        return None

    def _own_attachment(self, piece: Piece, faction: str) -> list[Card]:
        """`Jon Snow` on its own line after a Night's Watch unit: the hint that a line on its own is a unit
        or an NCU, never an attachment (`_hinted`), left only another faction's card of that name. The list's
        own attachment of the name is read instead, on the unit above, and a note says so; none: []."""
        if piece.attached or piece.section not in (None, Slot.UNIT) or piece.header:
            return []  # the hint was not applied: what the list marked stands
        # a card's whole name only: a part of one (`Stark`, read as a short form) is too little to set a hint aside
        own = [c for c in piece.exact if c.faction == faction and c.kind is CardKind.ATTACHMENT]
        if piece.marked:
            own = [c for c in own if c.commander]
        if own:  # several: `_choose` narrows them as it does any pool, or names them all in a problem
            titles = " or ".join(sorted({c.title for c in own}))
            self.notes.append(
                f"Line {piece.line}: '{piece.name}' stands on a line of its own, and this faction's card of that "
                f"name is an attachment: taken for {titles}, on the unit above (the other cards of the name are "
                "another faction's)."
            )
        return own

    def _unplaced(self, piece: Piece) -> None:
        tiers = piece.exact or piece.short
        if piece.marked and tiers:
            versions = {v.title for c in tiers for v in [c, *self.catalogue.versions_of(c)] if v.commander}
            hint = f"; the commander is {or_quoted(sorted(versions))}" if versions else ""
            self._problem(
                piece.line, f"'{piece.name}' is marked as the commander, but is no commander card{hint}"
            )
            return
        suggestions: list[str] = []
        for variant in variants(piece.name):
            suggestions = self.catalogue.suggest(variant)
            if suggestions:
                break
        hint = (
            f"; did you mean {or_quoted(suggestions)}?"
            if suggestions
            else ("; it is no card, and not a title, total or header line — remove it or correct it")
        )
        self._problem(piece.line, f"no card called '{words.marked(piece.name)}'{hint}")

    def _problem(self, line: int, message: str) -> None:
        self.problems.add(message, line)
        self.errors.setdefault(line, message)

    # --- the list ------------------------------------------------------------------------------------------

    def _assemble(
        self, body: list[Piece], named: Card | None, spec: ImportedList
    ) -> list[tuple[Card, Piece | None]]:
        """Place every card by its kind; (card, the piece that wrote it) in the order the YAML lists them."""
        units: list[tuple[Piece, list[Piece]]] = []
        ncus: list[Piece] = []
        enemy: list[Piece] = []
        declared: list[Piece] = []  # reinforcements, beside the list: in no unit, and in no cost of it
        for piece in body:
            card = piece.card
            if card is None:
                continue
            if piece.section is Slot.REINFORCEMENT:
                declared.append(piece)
                piece.became = f"reinforcements: {describe(card)}"
            elif card.kind is CardKind.COMBAT_UNIT:
                units.append((piece, []))
                piece.became = f"units: {describe(card)}"
            elif card.kind is CardKind.NCU:
                ncus.append(piece)
                piece.became = f"ncus: {describe(card)}"
            elif piece.section is Slot.ENEMY or card.requirements_of("attach_to_enemy_unit"):
                enemy.append(piece)
                piece.became = f"enemy_attachments: {describe(card)}"
                if piece.section is not Slot.ENEMY and units and piece.attached:  # `Unit + Jaqen H'ghar`
                    self.notes.append(
                        f"Line {piece.line}: {card.title} joins an enemy unit, not {units[-1][0].name}: read as "
                        "an enemy attachment."
                    )
            elif units and piece.section is not Slot.NCU:
                unit = units[-1][0]
                units[-1][1].append(piece)
                assert unit.card is not None
                piece.became = f"attachment of {unit.card.title} (line {unit.line}): {describe(card)}"
            elif units:  # `NCUs: High Sparrow (C)`: an attachment among the NCUs joins no unit
                self._problem(
                    piece.line,
                    f"'{card.title}' is an attachment, but stands among the NCUs; write it on the line after "
                    "the unit it joins",
                )
            else:
                self._problem(
                    piece.line,
                    f"'{card.title}' is an attachment, but no combat unit comes before it; write it on the "
                    "line after the unit it joins",
                )
        placed = [p.card for p in body if p.card is not None and not p.header and p.section is not Slot.REINFORCEMENT]
        marked = [p for p in body if p.marked and p.card is not None and not p.header]
        header = self.commander_piece
        commanders = [p for p in marked if p.card is not None and p.card.commander]
        second = next((p for p in commanders if p.card != commanders[0].card), None)
        again = next((p for p in commanders[1:] if p.card == commanders[0].card), None)
        if header is None and second is not None:  # two lists in one text, or a slip: never guess which
            assert second.card is not None and commanders[0].card is not None
            self._problem(
                second.line,
                f"a second commander: {second.card.title} is marked (C) here, {commanders[0].card.title} on line "
                f"{commanders[0].line}; an army has one commander (import two lists one at a time)",
            )
        elif header is None and again is not None:  # the same commander written on two units
            assert again.card is not None
            self._problem(
                again.line,
                f"{again.card.title} is marked (C) here and on line {commanders[0].line}; the commander leads one "
                "unit: remove one",
            )
        if named is not None and header is not None:
            others = [p for p in marked if p.card != named]
            # `Areo Hotah (C)` under `Commander: Doran`, Doran fielded too (as our sheet prints): the (C) of a
            # card printed with the cost C is its cost, not a second mark
            printed_c = [p for p in others if p.card is not None and p.card.cost is None] if named in placed else []
            for printed in printed_c:
                assert printed.card is not None
                self.notes.append(
                    f"Line {printed.line}: the (C) after {printed.card.title} is read as its printed cost C: the "
                    f"commander is {named.title} (line {header.line})."
                )
            others = [p for p in others if p not in printed_c]
            if others:
                assert others[0].card is not None
                self._problem(
                    header.line,
                    f"the commander is {named.title} here, but line {others[0].line} marks "
                    f"{others[0].card.title} (C); keep one",
                )
            elif named not in placed:
                if named.kind is CardKind.NCU:
                    ncus.append(header)
                    header.became = f"ncus: {describe(named)}"
                elif named.kind is CardKind.COMBAT_UNIT:
                    units.append((header, []))
                    header.became = f"units: {describe(named)}"
                else:
                    self._problem(
                        header.line,
                        f"the commander {named.title} is in none of the units; write it on the line after the "
                        f"unit it leads (e.g. `with {named.title}`)",
                    )
            else:
                header.became = f"commander: {describe(named)}"
        out: list[tuple[Card, Piece | None]] = []
        origin = spec.origin = Origin()
        for unit, attachments in units:
            assert unit.card is not None
            placed_attachments = [a for a in attachments if a.card is not None]
            spec.units.append((unit.card, [a.card for a in placed_attachments if a.card is not None]))
            origin.units.append((unit.line, [a.line for a in placed_attachments]))
            out += [(unit.card, unit)] + [(a.card, a) for a in placed_attachments if a.card is not None]
        for target, pieces, lines in (
            (spec.ncus, ncus, origin.ncus),
            (spec.enemy_attachments, enemy, origin.enemy_attachments),
        ):
            for piece in pieces:
                card = piece.card if not piece.header else named
                assert card is not None
                target.append(card)
                lines.append(piece.line)
                out.append((card, piece))
        for piece in declared:
            assert piece.card is not None
            spec.reinforcements.append(piece.card)
            origin.reinforcements.append(piece.line)
        return out
