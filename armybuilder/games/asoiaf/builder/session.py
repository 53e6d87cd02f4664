"""The interactive builder (`armybuilder build`): menus that offer only legal choices, one line of input a
prompt. The session reads and writes through the `Terminal` it is given, so the command wires it to
standard input and output and a test or another front end to anything else."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.builder.options import Found
    from armybuilder.games.asoiaf.builder.proposals import Limits
    from armybuilder.games.asoiaf.cards import Card, CardKind
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.listwriter import ListSpec

T = TypeVar("T")


@dataclass(frozen=True)
class Terminal:
    """Where a session reads and writes."""

    read_line: Callable[[], str]  # one line with its newline; "" when the input ended
    write: Callable[[str], None]  # text as it is (prompts end without a newline)
    show: Callable[[object], None]  # a rich renderable (the saved list's printout)
    echo_answers: bool  # a scripted input: each answer is repeated, so the transcript reads like a typed one


PAGE = 10
COMPLETE_TIMEOUT = 3.0  # seconds the builder's "complete the list" step searches
OPTIONS_TIMEOUT = 3.0  # seconds a menu of what may be added is searched (a list of 10,000 units stops there)
COMPLETE_TOP = 5


class InputEnded(Exception):
    """Standard input ended before the builder was done."""


def kind_text(card: Card) -> str:
    """`infantry`, `cavalry attachment`, `NCU`: what a menu says a card is."""
    from armybuilder.games.asoiaf.cards import CardKind

    if card.kind is CardKind.NCU:
        return "NCU"
    if card.kind is CardKind.ATTACHMENT:
        return "attachment" if card.type in (None, "none") else f"{card.type} attachment"
    return card.type or "combat unit"


def card_items(entries: list[tuple[Card, str]]) -> list[tuple[str, Card]]:
    """Menu items for cards, each with its type, cost text and a neutral marker; cards that share a title
    (the neutral and a faction's Stormcrow Mercenaries) also show their ids."""
    titles = [card.title for card, _ in entries]
    items = []
    for card, cost in entries:
        label = card.title + (" [neutral]" if card.is_neutral else "") + (" (commander)" if card.commander else "")
        label += f" — {kind_text(card)}, {cost}"
        if titles.count(card.title) > 1:
            label += f" (id {card.id})"
        items.append((label, card))
    return items


class Session:
    """One interactive build: every prompt reads one line from the terminal it is given."""

    def __init__(
        self,
        cat: Catalogue,
        terminal: Terminal,
        owned: dict[str, int] | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.cat = cat
        self.limits = limits  # what the complete step may propose (None: the defaults)
        self.terminal = terminal
        self.owned = owned  # copies per card id the player owns (None: every card)
        self.history: list[ListSpec] = []
        self.saved: Path | None = None  # where the list was last saved
        self.saved_text: str | None = None  # what was written there
        self.saved_valid = True

    def say(self, text: str, end: str = "\n") -> None:
        self.terminal.write(text + end)

    def ask(self, prompt: str, default: str | None = None) -> str:
        shown = f"{prompt} [{default}]: " if default is not None else f"{prompt}: "
        self.say(shown, end="")
        line = self.terminal.read_line()
        if not line:
            self.say("")
            raise InputEnded
        answer = line.strip()
        if self.terminal.echo_answers:
            self.say(answer)  # a scripted session reads like a typed one
        return answer or (default or "")

    def menu(
        self, title: str, items: list[tuple[str, T]], allow_back: bool = True, numbers: list[int] | None = None
    ) -> T | None:
        """Pick one item by number (its position, or its own number from `numbers`: a unit's position in the
        list); text filters the menu (one match is picked), > and < turn pages, empty goes back."""
        if not items:
            self.say(f"{title}: nothing fits.")
            return None
        own = dict(zip(numbers or range(1, len(items) + 1), items, strict=True))
        shown, page, query = items, 0, ""
        while True:
            pages = max(1, (len(shown) + PAGE - 1) // PAGE)
            page = min(page, pages - 1)
            head = f"{title}" + (f" (filter: {query})" if query else "")
            self.say(head + (f" — page {page + 1}/{pages}" if pages > 1 else ""))
            for n, (label, value) in enumerate(shown[page * PAGE : (page + 1) * PAGE], page * PAGE + 1):
                if numbers is not None:
                    n = next(k for k, item in own.items() if item == (label, value))
                self.say(f"  {n:>3}. {label}")
            hints = ["number to pick", "text to filter"]
            if pages > 1:
                hints.append("> / < for pages")
            if allow_back:
                hints.append("empty to go back")
            answer = self.ask("  " + ", ".join(hints))
            if answer == "":
                if allow_back:
                    return None
                continue
            if answer == ">":
                page += 1
            elif answer == "<":
                page = max(0, page - 1)
            elif answer.isdigit() and numbers is not None:
                if int(answer) in own:
                    return own[int(answer)][1]
                self.say(f"  choose one of {', '.join(str(k) for k in own)}")
            elif answer.isdigit():
                n = int(answer)
                if 1 <= n <= len(shown):
                    return shown[n - 1][1]
                self.say(f"  choose 1 to {len(shown)}")
            else:
                filtered = [i for i in items if answer.casefold() in i[0].casefold()]
                if len(filtered) == 1:
                    self.say(f"  → {filtered[0][0]}")
                    return filtered[0][1]
                if filtered:
                    shown, page, query = filtered, 0, answer
                else:
                    self.say(f"  nothing matches '{answer}'")
                    shown, page, query = items, 0, ""

    def report(self, spec: ListSpec) -> ListReport:
        from armybuilder.games.asoiaf.builder.judge import validate_spec

        return validate_spec(spec, self.cat)

    def army(self, spec: ListSpec) -> ArmyList:
        from armybuilder.games.asoiaf.armylist import load_list_text
        from armybuilder.games.asoiaf.listwriter import dump_list

        return load_list_text(dump_list(spec, self.cat), self.cat)

    def text(self, spec: ListSpec) -> str:
        from armybuilder.games.asoiaf.listschema import modeline
        from armybuilder.games.asoiaf.listwriter import dump_list

        return dump_list(spec, self.cat, comment=f"{modeline()}\nBuilt with `armybuilder build`.")

    def free_text(self, prompt: str) -> str | None:
        from armybuilder.errors import ArmyBuilderError
        from armybuilder.games.asoiaf.builder.edits import plain_text

        while True:
            try:
                return plain_text(prompt.split(" (")[0].casefold(), self.ask(prompt)) or None
            except ArmyBuilderError as exc:
                self.say(f"  {exc.message}")

    def start(self) -> ListSpec:
        from armybuilder.games.asoiaf.armylist import MAX_POINTS
        from armybuilder.games.asoiaf.builder.edits import commanders_of
        from armybuilder.games.asoiaf.cards import CardKind
        from armybuilder.games.asoiaf.listwriter import ListSpec

        factions = [(f"{f.name} ({f.key})", f.key) for f in self.cat.factions.values()]
        faction = self.menu("Faction", factions, allow_back=False)
        assert faction is not None
        while True:
            size = self.ask("Game size in points", "40")
            if size.isascii() and size.isdigit() and 0 < int(size) <= MAX_POINTS:
                break
            self.say(f"  a positive whole number up to {MAX_POINTS:,}, e.g. 30, 40 or 50")
        while True:
            commanders = [
                (c, "C" if c.cost is None else f"{c.cost} pts")
                for c in commanders_of(self.cat, faction)
                if self._owns(c) and (c.kind is not CardKind.ATTACHMENT or self._hosts(faction, c))
            ]
            commander = self.menu("Commander", card_items(commanders), allow_back=False)
            assert commander is not None
            spec = ListSpec(faction=faction, points=int(size))
            if commander.kind is CardKind.ATTACHMENT:
                hosts = self._hosts(faction, commander)
                fitting = [
                    (h, f"{h.points} pts")
                    for h in hosts
                    if self._legal(ListSpec(faction, int(size), units=[(h, [commander])]))
                ]
                host = self.menu(f"Unit {commander.title} leads", card_items(fitting))
                if host is None:
                    continue
                spec.units.append((host, [commander]))
            elif commander.kind is CardKind.NCU:
                spec.ncus.append(commander)
            else:
                spec.units.append((commander, []))
            break
        spec.name = self.free_text("List name (empty for none)")
        spec.player = self.free_text("Player (empty for none)")
        return spec

    def _owns(self, card: Card) -> bool:
        return self.owned is None or self.owned.get(card.id, 0) > 0

    def _hosts(self, faction: str, commander: Card) -> list[Card]:
        from armybuilder.games.asoiaf.builder.edits import host_units

        return [h for h in host_units(self.cat, faction, commander) if self._owns(h)]

    def _legal(self, spec: ListSpec) -> bool:
        return not self.report(spec).errors

    def summary(self, spec: ListSpec) -> None:
        from armybuilder.games.asoiaf.render.builder import totals_line

        self.say("")
        named = f"{spec.name} — " if spec.name else ""
        played = f", played by {spec.player}" if spec.player else ""
        self.say(f"Army: {named}{self.cat.factions[spec.faction].name}, {spec.points} points{played}")
        for n, (unit, atts) in enumerate(spec.units, 1):
            extra = "".join(f" + {a.title}" for a in atts)
            self.say(f"  {n}. {unit.title}{extra}")
        for ncu in spec.ncus:
            self.say(f"  NCU {ncu.title}")
        report = self.report(spec)
        self.say(totals_line(report))
        errors = len(report.errors)
        if errors:
            self.say(f"Legal: no — {errors} error{'s' if errors != 1 else ''} to fix:")
        else:
            self.say("Legal: yes" + (" (unsaved changes)" if self.unsaved(spec) else " (saved)"))
        for problem in report.errors:
            self.say(f"  ! {problem.message}")

    def unsaved(self, spec: ListSpec) -> bool:
        return self.saved_text != self.text(spec)

    def options(self, army: ArmyList, kind: CardKind) -> Found:
        """What may be added, searched for OPTIONS_TIMEOUT seconds at most, as `complete` is; a search the
        bound stopped says so, and the menu holds what was found."""
        from armybuilder.games.asoiaf.builder.options import options

        found = options(army, self.cat, kinds=[kind], owned=self.owned, timeout=OPTIONS_TIMEOUT)
        if not found.complete:
            self.say(
                f"  (searched for {OPTIONS_TIMEOUT:g} s: {found.tried} of {found.total} cards tried; "
                "the menu shows what fits of those)"
            )
        return found

    def add(self, spec: ListSpec, kind: str) -> ListSpec | None:
        import copy

        from armybuilder.games.asoiaf.cards import CardKind

        army = self.army(spec)
        if kind == "u":
            found = self.options(army, CardKind.COMBAT_UNIT)
            card = self.menu("Add a combat unit", card_items([(o.card, self._cost(o.cost, o.left)) for o in found]))
            if card is None:
                return None
            new = copy.deepcopy(spec)
            new.units.append((card, []))
            return new
        if kind == "n":
            found = self.options(army, CardKind.NCU)
            card = self.menu("Add an NCU", card_items([(o.card, self._cost(o.cost, o.left)) for o in found]))
            if card is None:
                return None
            new = copy.deepcopy(spec)
            new.ncus.append(card)
            return new
        found = self.options(army, CardKind.ATTACHMENT)
        hosts = sorted({o.unit for o in found if o.unit is not None})
        unit = self.menu(  # each unit under its position in the list: typing 2 picks unit 2
            "Attach to which unit",
            [(f"{spec.units[u - 1][0].title} — {kind_text(spec.units[u - 1][0])}", u) for u in hosts],
            numbers=hosts,
        )
        if unit is None:
            return None
        mine = [o for o in found if o.unit == unit]
        card = self.menu(
            f"Attachment for {unit}. {spec.units[unit - 1][0].title}",
            card_items([(o.card, self._cost(o.cost, o.left)) for o in mine]),
        )
        if card is None:
            return None
        new = copy.deepcopy(spec)
        new.units[unit - 1][1].append(card)
        return new

    @staticmethod
    def _cost(cost: int, left: int | None) -> str:
        return f"{cost} pts" + (f", {left} left" if left is not None else "")

    def complete(self, spec: ListSpec) -> ListSpec | None:
        """The completion search (`armybuilder complete`) as a step: pick one of the best ways to spend
        what is left."""
        import copy

        from armybuilder.errors import ArmyBuilderError
        from armybuilder.games.asoiaf.builder.complete import complete
        from armybuilder.games.asoiaf.builder.proposals import DEFAULT_LIMITS
        from armybuilder.games.asoiaf.render.builder import additions_lines

        army = self.army(spec)
        self.say(f"  searching for the best ways to spend the rest (up to {COMPLETE_TIMEOUT:g} s) ...")
        try:
            search = complete(
                army,
                self.cat,
                top=COMPLETE_TOP,
                timeout=COMPLETE_TIMEOUT,
                owned=self.owned,
                limits=self.limits or DEFAULT_LIMITS,
            )
        except ArmyBuilderError as exc:
            self.say(f"  cannot complete the list: {exc.message}")
            return None
        names = {n: unit.title for n, (unit, _) in enumerate(spec.units, 1)}
        items = [
            (
                " + ".join(additions_lines(c.additions, names))
                + f" — spends {c.spent}, {c.left} left, {c.activations} activations, neutral {c.neutral}",
                c,
            )
            for c in search.completions
        ]
        if not items:
            self.say("  nothing legal fits in the points left")
            return None
        picked = self.menu("Complete the list with", items)
        if picked is None:
            return None
        new = copy.deepcopy(spec)
        for addition in picked.additions:
            if addition.kind == "unit" and addition.card is not None:
                new.units.append((addition.card, list(addition.attachments)))
            elif addition.kind == "attach" and addition.unit is not None:
                new.units[addition.unit][1].extend(addition.attachments)
            elif addition.card is not None:
                new.ncus.append(addition.card)
        return new

    def remove(self, spec: ListSpec) -> ListSpec | None:
        import copy

        items: list[tuple[str, tuple[str, int, int]]] = []
        for n, (unit, atts) in enumerate(spec.units):
            if not (unit.commander or any(a.commander for a in atts)):  # the commander's unit stays
                items.append(
                    (f"unit {n + 1}. {unit.title}" + "".join(f" + {a.title}" for a in atts), ("u", n, 0))
                )
            items += [
                (f"attachment {a.title} (from {n + 1}. {unit.title})", ("a", n, i))
                for i, a in enumerate(atts)
                if not a.commander
            ]
        items += [(f"NCU {c.title}", ("n", i, 0)) for i, c in enumerate(spec.ncus) if not c.commander]
        picked = self.menu("Remove", items)
        if picked is None:
            return None
        what, n, i = picked
        new = copy.deepcopy(spec)
        if what == "u":
            del new.units[n]
        elif what == "a":
            del new.units[n][1][i]
        else:
            del new.ncus[n]
        return new

    def save(self, spec: ListSpec) -> None:
        import re

        from armybuilder.errors import ArmyBuilderError
        from armybuilder.fileio import write_atomic
        from armybuilder.games.asoiaf.check import validate_path
        from armybuilder.games.asoiaf.render.show import show

        slug = re.sub(r"[^a-z0-9]+", "-", (spec.name or "").casefold()).strip("-")
        default = str(self.saved) if self.saved else f"{slug or spec.faction + '-' + str(spec.points)}.yaml"
        path = Path(self.ask("Save as", default))
        if path.is_dir():
            self.say(f"  cannot save: {path} is a folder; give a file name, e.g. {path / default}")
            return
        if not path.parent.is_dir():
            self.say(f"  cannot save: folder {path.parent} does not exist; create it first or give another name")
            return
        if path.exists() and path != self.saved:
            replace = self.ask(f"{path} exists; replace it? (y/N)", "n")
            if replace.casefold() not in ("y", "yes"):
                return
        text = self.text(spec)
        try:
            write_atomic(path, text, force=True)
        except ArmyBuilderError as exc:
            self.say(f"  cannot save: {exc.message}")
            return
        self.saved, self.saved_text = path, text
        self.say(f"Saved {path}.")
        report = validate_path(str(path), self.cat)
        self.saved_valid = report.valid
        self.terminal.show(show(report, report.deck))

    def quit(self, spec: ListSpec) -> bool:
        """Whether to quit now: at once when everything is saved, else only when the player confirms."""
        if not self.unsaved(spec):
            return True
        answer = self.ask("The list has unsaved changes; quit without saving? (y/N)", "n")
        return answer.casefold() in ("y", "yes")

    def run(self) -> int:
        """The session until the player quits: the exit code (0, or 1 when the list saved is illegal)."""
        spec = self.start()
        while True:
            self.summary(spec)
            try:
                action = self.ask(
                    "[u] add unit, [a] attachment, [n] NCU, [c] complete the list, [r] remove, [z] undo, "
                    "[s] save, [q] quit"
                ).casefold()[:1]
            except InputEnded:
                if self.unsaved(spec):
                    raise
                return 0 if self.saved_valid else 1
            changed: ListSpec | None = None
            if action in ("u", "a", "n"):
                changed = self.add(spec, action)
            elif action == "c":
                changed = self.complete(spec)
            elif action == "r":
                changed = self.remove(spec)
            elif action == "z":
                if not self.history:
                    self.say("  nothing to undo")
                    continue
                spec = self.history.pop()
                continue
            elif action == "s":
                self.save(spec)
                continue
            elif action == "q":
                if self.quit(spec):
                    saved = self.saved is not None and not self.unsaved(spec)
                    self.say(f"Done; the list is in {self.saved}." if saved else "Quit without saving.")
                    return 0 if not saved or self.saved_valid else 1
                continue
            else:
                self.say("  choose u, a, n, c, r, z, s or q")
                continue
            if changed is not None:
                self.history.append(spec)
                spec = changed
