"""A list file as a ruamel round-trip document: where its units, attachments and NCUs are written, and how
card references on the command line resolve. Edits change `Document.data` in place; `dump()` keeps comments,
key order and quoting.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

from armybuilder import yamlpos
from armybuilder.errors import ArmyBuilderError, CardReferenceError, UsageError
from armybuilder.games.asoiaf.armylist import Slot, choose
from armybuilder.games.asoiaf.builder.comments import keep_comments, split_preamble
from armybuilder.games.asoiaf.cards import NEUTRAL, Card, CardKind
from armybuilder.games.asoiaf.catalogue import Catalogue, normalize
from armybuilder.games.asoiaf.listwriter import reference
from armybuilder.kit.words import closest, closest_in, marked
from armybuilder.text import or_quoted as _or


def find_card(catalogue: Catalogue, text: str, kinds: Iterable[CardKind], faction: str | None) -> Card:
    """The card a command-line reference means, trying each kind in turn (as a list reference would)."""
    kinds = tuple(kinds)
    problems: list[tuple[str, str]] = []
    for kind in kinds:
        slot = {
            CardKind.COMBAT_UNIT: Slot.UNIT,
            CardKind.NCU: Slot.NCU,
            CardKind.ATTACHMENT: Slot.ATTACHMENT,
        }[kind]
        result = choose(catalogue, text, slot, faction)
        if isinstance(result, Card):
            return result
        problems.append(result)
    for rule, message in problems:
        if rule == "ambiguous-card":
            raise CardReferenceError(message, ambiguous=True)
    if any(rule == "wrong-slot" for rule, _ in problems):
        found = catalogue.find(text)
        raise CardReferenceError(f"'{found[0].title}' is {found[0].kind.label}; it cannot be used here")
    suggestions = catalogue.suggest(text, kinds)
    hint = f"; did you mean {_or(suggestions)}?" if suggestions else ""
    what = " or ".join(k.label for k in kinds)
    raise CardReferenceError(f"no {what} called '{marked(text)}'{hint}", candidates=tuple(suggestions))


def find_commander(catalogue: Catalogue, text: str, faction: str) -> Card:
    """The commander a reference means among the commanders an army of `faction` may field (its own and
    neutral ones): `Euron Greyjoy` is the one Euron who is a commander, and a commander of another faction
    is refused by name rather than written into the list."""
    fielded = [c for c in catalogue.cards.values() if c.commander and c.faction in (faction, NEUTRAL)]
    found = [c for c in catalogue.find(text) if c.commander]
    mine = [c for c in found if c in fielded]
    for preferred in ([c for c in mine if c.faction == faction], mine):
        if len(preferred) == 1:
            return preferred[0]
        if preferred:
            listed = ", ".join(c.label for c in preferred)
            raise CardReferenceError(
                f"'{text}' matches {len(preferred)} commanders: {listed}; write `Name, Subname` or the id",
                ambiguous=True,
            )
    army = catalogue.factions[faction].name if faction in catalogue.factions else faction
    if found:
        elsewhere = ", ".join(f"{c.title} is a {catalogue.factions[c.faction].name} commander" for c in found)
        raise UsageError(
            f"there is no {army} commander called '{text}' ({elsewhere}); "
            f"`armybuilder cards --faction {faction} --kind commander` lists the {army} commanders"
        )
    others = catalogue.find(text)
    if others:
        raise UsageError(f"{others[0].title} is not a commander card; pick one marked Commander")
    keys = {normalize(c.title): c.title for c in fielded} | {normalize(c.name): c.title for c in fielded}
    names = closest_in(normalize(text), keys, n=3)
    hint = f"; did you mean {_or(names)}?" if names else ""
    raise CardReferenceError(f"no {army} commander called '{marked(text)}'{hint}", candidates=tuple(names))


def commanders_hint(catalogue: Catalogue, faction_text: str | None) -> str:
    """What `new` says without --commander: the commanders the faction may field (its own, then neutral)."""
    if not faction_text:
        return f"a new army list needs --faction (one of {', '.join(catalogue.factions)}) and --commander"
    faction = find_faction(catalogue, faction_text)
    fielded = [c for c in catalogue.cards.values() if c.commander and c.faction in (faction, NEUTRAL)]
    fielded.sort(key=lambda c: (c.faction != faction, c.title))
    army = catalogue.factions[faction].name
    named = "; ".join(c.title + (" [neutral]" if c.faction != faction else "") for c in fielded)
    return f"a new {army} list needs --commander, one of: {named}"


def find_faction(catalogue: Catalogue, text: str) -> str:
    faction = catalogue.faction(text)
    if faction is not None:
        return faction.key
    close = closest(text.casefold(), catalogue.factions, cutoff=0.5)
    hint = f"did you mean `{close[0]}`? " if close else ""
    raise UsageError(f"unknown faction {text!r}; {hint}known factions: {', '.join(catalogue.factions)}")


def scalar(text: str) -> Any:
    """A card reference as a YAML scalar: plain when safe, double-quoted otherwise (as listwriter writes)."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    plain = (
        text[:1].isalpha()
        and not any(ch in text for ch in ":#,[]{}&*!|>'\"%@`")
        and text.strip() == text
        and not text.isdigit()
    )
    return text if plain else DoubleQuotedScalarString(text)


class Document:
    """A list file in ruamel round-trip form: edit `data`, then `dump()` keeps comments and key order."""

    def __init__(self, text: str, path: str = "<list>") -> None:
        from ruamel.yaml import YAML
        from ruamel.yaml.comments import CommentedMap
        from ruamel.yaml.error import YAMLError
        from ruamel.yaml.util import load_yaml_guess_indent

        try:  # the loader every command uses first: the same one-line, positioned message for bad YAML
            yamlpos.load(text)
        except yamlpos.YamlError as exc:
            reason = exc.message.removeprefix("invalid YAML: ")
            raise UsageError(
                f"cannot edit: the file is not valid YAML: {reason}", path=path, line=exc.line or None
            ) from None
        self.text = text
        self.preamble, text = split_preamble(text)  # (the writer drops what stands above `---`)
        self.lost_comments: list[str] = []  # what the last `dump()` could not keep
        try:
            try:
                _, indent, offset = load_yaml_guess_indent(text)
            except IndexError:  # (ruamel's guess stumbles on a bare `-` as the first item): the usual widths
                indent, offset = None, None
            self.yaml = YAML(typ="rt")
            self.yaml.preserve_quotes = True
            self.yaml.width = 4096
            indent = indent or 2
            offset = offset if offset is not None else 2
            self.yaml.indent(mapping=2, sequence=max(indent, offset + 2), offset=offset)
            data = self.yaml.load(text)
        except YAMLError as exc:
            raise UsageError(
                f"cannot edit: the file is not valid YAML ({str(exc).splitlines()[0]})", path=path
            ) from None
        if data is None:
            data = CommentedMap()
        if not isinstance(data, CommentedMap):
            raise UsageError(
                "cannot edit: a list file must be a mapping with `faction:`, `points:`, `units:`", path=path
            )
        self.data: Any = data
        _refuse_unkept(data, path, self.preamble.count("\n"))

    def dump(self) -> str:
        """The edited file: the text above `---` as it was, comment lines put back above the lines they stood
        above (`lost_comments`: those that could not be, for the command to tell)."""
        for key, value in self.data.items():  # an empty list under a comment is written `[]` at column 0:
            comments = getattr(value, "ca", None) if isinstance(value, list) and not value else None
            if comments is not None:
                comments.comment = None  # not YAML; its comments go (and are told, below)
                entry = self.data.ca.items.get(key)
                if entry is not None and len(entry) > 3:
                    entry[3] = None
        out = io.StringIO()
        self.yaml.dump(self.data, out)
        text = out.getvalue()
        text = self.preamble + (text if text.endswith("\n") else text + "\n")
        text, self.lost_comments = keep_comments(self.text, text)
        try:  # the writer's own text must load: never a file the next command cannot read
            yamlpos.load(text)
        except yamlpos.YamlError as exc:
            raise ArmyBuilderError(
                f"cannot edit: the edited list would not be YAML ({exc.message}); nothing written — please "
                "report this list"
            ) from None
        return text

    def seq(self, key: str) -> Any:
        """The sequence under `key`, created (block style, after `points`/`commander`) when missing."""
        from ruamel.yaml.comments import CommentedSeq

        value = self.data.get(key)
        if isinstance(value, CommentedSeq):
            if not value:
                value.fa.set_block_style()
            return value
        seq = CommentedSeq()
        if value is not None and not isinstance(value, (dict, list)):
            seq.append(value)
        if key in self.data:
            self.data[key] = seq
        else:
            order = ["name", "player", "team", "faction", "points", "commander", "units", "ncus"]
            before = order[: order.index(key)] if key in order else order
            pos = max((i + 1 for i, k in enumerate(self.data) if k in before), default=len(self.data))
            self.data.insert(pos, key, seq)
        return seq


def _refuse_unkept(data: Any, path: str, above: int) -> None:
    """Refuse to edit a file whose cards the edits could not keep: `units` or `ncus` written as a mapping
    (an edit writes them as a list), or a unit with both `attachment:` and `attachments:` (an edit keeps
    one). Each is a schema error of the list; the message says where and what to write instead."""
    for key in ("units", "ncus"):
        if isinstance(data.get(key), dict):
            raise UsageError(
                f"cannot edit: `{key}` is written as a mapping; write each card as a list item (`- Name`) "
                "first, so that no card is lost",
                path=path,
                line=data.lc.key(key)[0] + 1 + above,
            )
    units = data.get("units")
    if isinstance(units, list):
        for item in units:
            if isinstance(item, dict) and "attachment" in item and "attachments" in item:
                raise UsageError(
                    f"cannot edit: the unit {marked(str(item.get('unit')))} has both `attachment:` and "
                    "`attachments:`; put all its attachments under `attachments:` first",
                    path=path,
                    line=cast(Any, item).lc.key("attachments")[0] + 1 + above,
                )


@dataclass
class DocUnit:
    """A combat unit as written in the document: 1-based position among the entries of `units:` (where the
    edits write), reference, card, attachments, and its number as `options` and `complete` count (in the order
    `show` lists the units; entries the validator cannot read as a unit are not counted)."""

    position: int
    text: str
    card: Card | None
    attachments: list[tuple[str, Card | None]]
    number: int = 0

    @property
    def title(self) -> str:
        return self.card.title if self.card else self.text


def list_faction(doc: Document, catalogue: Catalogue) -> str | None:
    value = doc.data.get("faction")
    found = catalogue.faction(str(value)) if isinstance(value, (str, int)) else None
    return found.key if found else None


def _is_ref(value: Any) -> bool:
    """Whether the validator reads a value as a card reference (a name or an id), and not as a mistake."""
    return not isinstance(value, bool) and isinstance(value, (str, int))


def _resolve(catalogue: Catalogue, text: Any, slot: Slot, faction: str | None) -> Card | None:
    if not _is_ref(text):
        return None
    result = choose(catalogue, str(text).strip(), slot, faction)
    return result if isinstance(result, Card) else None


def _attachment_texts(item: Any) -> list[Any]:
    for key in ("attachment", "attachments"):
        value = item.get(key)
        if value is None:
            continue
        return list(value) if isinstance(value, list) else [value]
    return []


def doc_units(doc: Document, catalogue: Catalogue) -> list[DocUnit]:
    faction = list_faction(doc, catalogue)
    raw = doc.data.get("units")
    if not isinstance(raw, list):
        return []
    out: list[DocUnit] = []
    for index, item in enumerate(raw):
        if not _is_ref(item.get("unit") if isinstance(item, dict) else item):
            continue  # the validator skips it too (and says why): it gets no number
        if isinstance(item, dict):
            text = item.get("unit")
            atts = [
                (str(a), _resolve(catalogue, a, Slot.ATTACHMENT, faction)) for a in _attachment_texts(item)
            ]
        else:
            text, atts = item, []
        card = _resolve(catalogue, text, Slot.UNIT, faction)
        out.append(DocUnit(index + 1, str(text), card, atts, len(out) + 1))
    return out


def doc_ncus(doc: Document, catalogue: Catalogue) -> list[tuple[str, Card | None]]:
    faction = list_faction(doc, catalogue)
    raw = doc.data.get("ncus")
    items = raw if isinstance(raw, list) else ([] if raw is None else [raw])
    return [(str(i), _resolve(catalogue, i, Slot.NCU, faction)) for i in items]


def card_ref(card: Card, slot: Slot, doc: Document, catalogue: Catalogue) -> Any:
    faction = list_faction(doc, catalogue) or card.faction
    return scalar(reference(card, slot, faction, catalogue))


def typed_number(text: str) -> int | None:
    """A number as typed on the command line (decimal digits of any script, never `²`), or None; at most nine
    digits, since no unit position or game size is longer (and `int` refuses thousands)."""
    text = text.strip()
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def pick_unit(doc: Document, catalogue: Catalogue, text: str) -> DocUnit:
    """A unit named by its number (counted in the order `show` lists them) or by name (several of that name: the first without
    attachment)."""
    units = doc_units(doc, catalogue)
    if not units:
        raise UsageError("the list has no combat units yet; add one first")
    number = typed_number(text)
    if text.strip().isdecimal() and (number is None or number > len(units)) and text.strip() not in catalogue.cards:
        raise UsageError(
            f"there is no unit {marked(text.strip()[:12])}; the list has {len(units)} combat unit"
            f"{'s' if len(units) != 1 else ''} (`armybuilder show` lists them in order)"
        )
    if number is not None and number <= len(units):
        if number < 1:
            raise UsageError(f"unit positions start at 1; the list has {len(units)} combat units")
        return units[number - 1]
    card = find_card(catalogue, text, [CardKind.COMBAT_UNIT], list_faction(doc, catalogue))
    named = [u for u in units if u.card == card]
    if not named:
        listed = ", ".join(f"{u.position}. {u.title}" for u in units)
        raise UsageError(f"the list has no {card.title}; its units are {listed}")
    return next((u for u in named if not u.attachments), named[0])


def set_attachments(doc: Document, catalogue: Catalogue, position: int, cards: list[Any]) -> None:
    """Write a unit's attachments, keeping the entry's form where it can, and its comments."""
    units = doc.data["units"]
    item = units[position - 1]
    if not isinstance(item, dict) and not cards:
        return
    # the comment on the unit's line and the comment lines below the entry stay where they are, whatever
    # form the entry takes (`- Unit` or `- unit: Unit` with attachments)
    eol, below = _entry_comments(units, position - 1)
    _write_attachments(units, position, cards)
    _put_entry_comments(units, position - 1, eol, below)


def _write_attachments(units: Any, position: int, cards: list[Any]) -> None:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    item = units[position - 1]
    if not isinstance(item, dict):
        new = CommentedMap()
        new["unit"] = item
        units[position - 1] = new
        item = new
    key = "attachments" if "attachments" in item else "attachment"
    if not cards:
        for k in ("attachment", "attachments"):
            if k in item:
                del item[k]
        if list(item) == ["unit"]:
            units[position - 1] = item["unit"]
        return
    value: Any
    if len(cards) == 1 and key == "attachment":
        value = cards[0]
    elif isinstance(item.get(key), CommentedSeq):
        value = item[key]
        del value[:]
        value.extend(cards)
    else:
        value = CommentedSeq(cards)
        if key == "attachment":  # a second attachment: `attachment: X` becomes `attachments: [X, Y]`
            index = list(item).index("attachment") if "attachment" in item else len(item)
            if "attachment" in item:
                del item["attachment"]
            item.insert(index, "attachments", value)
            return
    item[key] = value


def _split_comment(token: Any) -> tuple[str, str]:
    """(the comment on the line, the comment and blank lines below it) of a ruamel comment token."""
    if token is None:
        return "", ""
    eol, _, below = str(token.value).partition("\n")
    return eol, below


def _tail_holder(units: Any, index: int) -> tuple[Any, Any, int]:
    """Where ruamel keeps the comment after a unit entry: (container, key or index, slot)."""
    from ruamel.yaml.comments import CommentedSeq

    item = units[index]
    if not isinstance(item, dict) or not item:
        return units, index, 0
    last = list(item)[-1]
    value = item[last]
    if isinstance(value, CommentedSeq) and value and not value.fa.flow_style() and not isinstance(value[-1], dict):
        return value, len(value) - 1, 0
    return item, last, 2


def _token(holder: tuple[Any, Any, int]) -> Any:
    container, key, slot = holder
    found = container.ca.items.get(key)
    return None if found is None else found[slot]


def _entry_comments(units: Any, index: int) -> tuple[Any, str]:
    """(the token of the comment on the unit's line, or None; the comment lines below the entry), taken
    out of the entry."""
    item = units[index]
    tail = _tail_holder(units, index)
    eol: Any = None
    if isinstance(item, dict):
        found = cast(Any, item).ca.items.get("unit")
        eol = None if found is None else found[2]
        if eol is not None and tail != (item, "unit", 2):
            found[2] = None
    else:
        eol = _token(tail)
    token = _token(tail)
    _, below = _split_comment(token)
    if token is not None:
        tail[0].ca.items[tail[1]][tail[2]] = None
    return eol, below


def _put_entry_comments(units: Any, index: int, eol: Any, below: str) -> None:
    """Put a unit entry's comments back: on the unit's line and below the entry."""
    import copy

    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    line, _ = _split_comment(eol)
    item = units[index]
    tail = _tail_holder(units, index)
    head = (units, index, 0) if not isinstance(item, dict) else (item, "unit", 2)
    if line:
        token = copy.copy(eol)
        token.value = line + "\n" + (below if head == tail else "")
        _place(head, token)
    if below and not (line and head == tail):
        _place(tail, CommentToken("\n" + below, CommentMark(0)))


def _place(holder: tuple[Any, Any, int], token: Any) -> None:
    container, key, slot = holder
    entry = container.ca.items.setdefault(key, [None, None, None, None])
    entry[slot] = token


def raw_attachments(doc: Document, position: int) -> list[Any]:
    item = doc.data["units"][position - 1]
    return _attachment_texts(item) if isinstance(item, dict) else []
