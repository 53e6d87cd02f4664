"""Which cards a name as players write it may be: exact spellings, then short forms (singular or plural),
then the nicknames of `nicknames.yaml`, then a misspelling with one clear candidate (memoised per catalogue)."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING

from armybuilder import yamlpos
from armybuilder.games.asoiaf.armylist import Slot, renamed
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import normalize
from armybuilder.kit.words import close_matches

from .lines import HONORIFIC, QUOTES

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue

MAX_NAME = 80  # characters: no card's title is longer, so no longer text is a misspelt or renamed one


def variants(name: str) -> list[str]:
    """The ways `name` may spell a card title: as written (its quotes straight, and as typed), with its dash,
    colon or brackets as the comma."""
    base = name.translate(QUOTES).strip(" ,;:.")
    written = name.strip(" ,;:.")
    out = [base] if written == base else [base, written]  # `„Prinz“ von Winterfell`: German quotes in the name
    if base.casefold().startswith("the "):  # `The Bastard's Girls`
        out.append(base[4:])
    if HONORIFIC.match(base):  # `Lady Catelyn Stark`, `Ser Rodrik`
        out.append(HONORIFIC.sub("", base, count=1))
    for sep in (" – ", " — ", " - ", " : ", ": ", " / ", "–", "—"):
        if sep in base:
            out.append(base.replace(sep, ", ", 1))
    bracket = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", base)
    if bracket:
        out.append(f"{bracket[1]}, {bracket[2]}")
    return out


# a run of Chinese, Japanese or Korean letters is a word too: `安柏狂戰士 + Umber Champion` has three, not the
# two of `Umber Champion` (which it was read as, the unit lost)
_WORD = re.compile(r"[0-9a-z]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+")


def tokens(text: str) -> tuple[str, ...]:
    """The words of a name as compared: `and` and `&` alike left out (`Bran & Hodor`, `Bran and Hodor`)."""
    return tuple(w for w in _WORD.findall(normalize(text).replace("'", "")) if w != "and")


def _singular(words: tuple[str, ...]) -> tuple[str, ...]:
    """`Thenns` and `Thenn`, `Mountain Men` and `Mountain's Men` (its apostrophe gone) compare alike."""
    return tuple(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


def card_index(catalogue: Catalogue) -> list[tuple[Card, tuple[str, ...], tuple[str, ...]]]:
    """Every card with the words of its title and of its name (built once per catalogue)."""
    found = catalogue.memo.get(("pasted-index",))
    if found is None:
        found = catalogue.memo[("pasted-index",)] = [
            (c, tokens(c.title), tokens(c.name)) for c in catalogue.cards.values()
        ]
    return found  # type: ignore[return-value]


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))


def _short_form(card: Card, title: tuple[str, ...], own: tuple[str, ...], words: tuple[str, ...]) -> bool:
    """Whether `words`, found in `card`'s title, may be a short form of it: a character by a part of its
    name (`Aemon`) or by its whole epithet (`The Kingslayer`); a unit or attachment that is no character
    only with its noun, the last word before any `of` (`Umber Berserkers`, `Bowmen`, `Veterans`).
    `Dragonstone` alone is a place (a terrain piece in a report), neither `Dragonstone Noble` nor
    `Cressen, Maester at Dragonstone`."""
    if not card.character:  # the noun: `Bowmen`, `Veterans` of `Veterans of the Watch`
        head = own[: own.index("of")] if "of" in own[1:] else own
        return not head or head[-1] in words
    epithet = title[len(own) :]
    return _contains(own, words) or _bare(epithet) == _bare(words)


def _bare(words: tuple[str, ...]) -> tuple[str, ...]:
    return words[1:] if words[:1] == ("the",) else words


class _Words:
    """The card index arranged for `lookup` (built once per catalogue): which entries of `card_index` a
    title or name spells whole, and which hold a word, as written and in the singular. A name is compared
    only with the entries holding all its words, in the index's order, so what it finds is what comparing
    it with every card finds."""

    def __init__(self, index: list[tuple[Card, tuple[str, ...], tuple[str, ...]]]) -> None:
        self.index = index
        self.singular = [(_singular(title), _singular(own)) for _, title, own in index]
        self.whole: dict[tuple[str, ...], list[int]] = {}
        self.whole_singular: dict[tuple[str, ...], list[int]] = {}
        self.in_title: dict[str, set[int]] = {}
        self.in_own: dict[str, set[int]] = {}
        self.in_title_singular: dict[str, set[int]] = {}
        for i, ((_, title, own), (stitle, sown)) in enumerate(zip(index, self.singular, strict=True)):
            for whole, spelt in ((self.whole, (title, own)), (self.whole_singular, (stitle, sown))):
                for words in dict.fromkeys(spelt):
                    whole.setdefault(words, []).append(i)
            for table, words in ((self.in_title, title), (self.in_own, own), (self.in_title_singular, stitle)):
                for word in words:
                    table.setdefault(word, set()).add(i)

    @staticmethod
    def having(table: dict[str, set[int]], words: tuple[str, ...]) -> list[int]:
        """The entries (in order) whose words in `table` include every one of `words`."""
        found: set[int] | None = None
        for word in set(words):
            holding = table.get(word)
            if not holding:
                return []
            found = set(holding) if found is None else found & holding
        return sorted(found or ())


def _words(catalogue: Catalogue) -> _Words:
    found = catalogue.memo.get(("pasted-words",))
    if found is None:
        found = catalogue.memo[("pasted-words",)] = _Words(card_index(catalogue))
    return found  # type: ignore[return-value]


def lookup(catalogue: Catalogue, name: str) -> tuple[list[Card], list[Card]]:
    """(cards `name` spells exactly, cards it is a short form of): the second only when the first is empty."""
    key = ("pasted-lookup", name)
    found = catalogue.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    exact: list[Card] = []
    for variant in variants(name):
        exact += [c for c in catalogue.find(variant) if c not in exact]
    short: list[Card] = []
    words = tokens(variants(name)[-1] if HONORIFIC.match(name) else name)
    if not exact and words:
        table = _words(catalogue)
        index = table.index
        exact = [index[i][0] for i in table.whole.get(words, ())]
        if not exact:
            short = [
                c
                for c, title, own in (index[i] for i in table.having(table.in_title, words))
                if _contains(title, words) and _short_form(c, title, own, words)
            ]
        if not exact:  # `Tyrion (The Imp)`: part of the name, and the whole subname
            for variant in variants(name)[1:]:
                first, _, sub = variant.partition(", ")
                head, tail = tokens(first), tokens(sub)
                if head and tail:
                    exact += [
                        c
                        for c, title, own in (index[i] for i in table.having(table.in_own, head))
                        if _contains(own, head) and title[len(own) :] == tail and c not in exact
                    ]
        if not exact and not short:  # singular for plural and back
            one = _singular(words)
            exact = [index[i][0] for i in table.whole_singular.get(one, ())]
            if not exact:
                short = [
                    index[i][0]
                    for i in table.having(table.in_title_singular, one)
                    if _contains(table.singular[i][0], one)
                    and _short_form(index[i][0], *table.singular[i], one)
                ]
    if not exact and not short and len(words) > 1 and words[0] == "the":  # `the Mammoth`
        exact, short = lookup(catalogue, name.strip()[4:])
    catalogue.memo[key] = (exact, short)
    return exact, short


def nickname(catalogue: Catalogue, name: str) -> list[Card]:
    """The cards a community nickname or short form stands for (`Thenns`, `Scorpion`, `Jarl Raid Leader`)."""
    table = catalogue.memo.get(("pasted-nicknames",))
    if table is None:
        table = catalogue.memo[("pasted-nicknames",)] = _nicknames(catalogue)
    found: list[Card] = table.get(_singular(tokens(name)), [])  # type: ignore[attr-defined]
    return found


def nickname_table() -> dict[str, list[str]]:
    """`nicknames.yaml`: card id -> the nicknames players write for it."""
    text = resources.files(__package__).joinpath("nicknames.yaml").read_text(encoding="utf-8")
    data = yamlpos.load(text)
    return {str(card): [str(n) for n in names] for card, names in (data or {}).items()}


def _nicknames(catalogue: Catalogue) -> dict[tuple[str, ...], list[Card]]:
    out: dict[tuple[str, ...], list[Card]] = {}
    for card_id, names in nickname_table().items():
        card = catalogue.cards.get(card_id)
        if card is None:  # another data folder may lack it
            continue
        for written in names:
            cards = out.setdefault(_singular(tokens(written)), [])
            if card not in cards:  # `Thenns` and `Thenn` are one entry
                cards.append(card)
    return out


def misspelt(catalogue: Catalogue, name: str) -> list[Card]:
    """The cards of the one title a misspelt name is clearly closest to (`Unyeilding`, `Casterley`,
    `Knigsguard`); none when no title is close or two are about as close."""
    if len(name) > MAX_NAME:  # longer than any card's title: a sentence, not a misspelling
        return []
    key = ("pasted-misspelt", name)
    found = catalogue.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    out: list[Card] = []
    titles = _spelt(catalogue)
    for variant in variants(name):
        words = " ".join(tokens(variant))
        if len(words) < 5:
            continue
        close = close_matches(words, titles, n=2, cutoff=0.84)
        if not close:
            continue
        best = difflib.SequenceMatcher(None, words, close[0]).ratio()
        second = difflib.SequenceMatcher(None, words, close[1]).ratio() if len(close) > 1 else 0.0
        cards = titles[close[0]]
        if not _no_word_added(words, close[0]):  # `Tyrion Lannister, The Imp, Pycelle`: two cards, not a typo
            continue
        if best - second >= 0.04 or (len(close) > 1 and titles[close[1]] == cards):
            out = list(dict.fromkeys(cards))
            break
    catalogue.memo[key] = out
    return out


def _no_word_added(written: str, title: str) -> bool:
    """Whether `written` adds no word to `title`: a misspelling changes letters, or a word for another
    (`Fearless Bannerman` for `Fierce Bannerman`), but a word of three letters or more beyond the title's
    that is close to none of its words is something else (`Kingsguard Jaime Lannister The Young Lion` is a
    unit and its attachment, `Lannister Halberdiers one` a card and the start of a remark)."""
    ours = [word for word in written.split() if len(word) >= 3]
    theirs = [word for word in title.split() if len(word) >= 3]
    if len(ours) <= len(theirs):
        return True
    return all(any(difflib.SequenceMatcher(None, word, their).ratio() >= 0.6 for their in theirs) for word in ours)


def house_before(catalogue: Catalogue, name: str) -> tuple[str, str] | None:
    """(house, the rest) when `name` is a card's whole name after its house's name, which is no part of it
    (`Night's Watch Veterans of the Watch`, `House Stark Stark Sworn Swords`); else None."""
    words = name.split()
    for n in (1, 2, 3):  # `Stark`, `Night's Watch`, `The Night's Watch`
        if len(words) > n:
            house = " ".join(words[:n])
            if any(catalogue.faction(f"{prefix}{house}") is not None for prefix in ("", "house ", "the ")):
                rest = " ".join(words[n:])
                if lookup(catalogue, rest)[0]:
                    return house, rest
    return None


def housed(catalogue: Catalogue, name: str) -> list[Card]:
    """The cards of a card's whole name written after its house's name (`house_before`)."""
    split = house_before(catalogue, name)
    return lookup(catalogue, split[1])[0] if split is not None else []


def _spelt(catalogue: Catalogue) -> dict[str, list[Card]]:
    """Every title and name as its words spell it -> its cards (built once per catalogue)."""
    found = catalogue.memo.get(("pasted-spelt",))
    if found is None:
        titles: dict[str, list[Card]] = {}
        for card, title, own in card_index(catalogue):
            titles.setdefault(" ".join(title), []).append(card)
            titles.setdefault(" ".join(own), []).append(card)
        found = catalogue.memo[("pasted-spelt",)] = titles
    return found  # type: ignore[return-value]


def narrow(pool: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
    """The cards of `pool` that `keep`, when there are any; else the pool as it was (a hint, not a rule)."""
    kept = [c for c in pool if keep(c)]
    return kept or pool


def describe(card: Card) -> str:
    return f"{card.id} {card.title}" + (" (commander)" if card.commander else "")


def earlier(catalogue: Catalogue, name: str) -> list[Card]:
    """The card a name of an earlier card season stands for (`Beric Dondarrion, Lightining Lord` of
    2025.02 is `Lightning Lord` in S07): a list written last season still reads."""
    if len(name) > MAX_NAME:
        return []
    for variant in variants(name):
        for slot in (Slot.UNIT, Slot.ATTACHMENT, Slot.NCU):
            found = renamed(catalogue, variant, slot, None)
            if found is not None:
                return [found[0]]
    return []


def spellings(catalogue: Catalogue) -> list[str]:
    """Every card's title and name as words, and a `House X …` name without its first word too (`Umber
    Berserkers`): what a misspelt card line is close to (built once per catalogue)."""
    found = catalogue.memo.get(("pasted-spellings",))
    if found is None:
        names = {" ".join(words) for _, title, own in card_index(catalogue) for words in (title, own)}
        names |= {n.removeprefix("house ") for n in names if n.startswith("house ") and len(n.split()) >= 3}
        found = catalogue.memo[("pasted-spellings",)] = sorted(names)
    return found  # type: ignore[return-value]
