"""The words a pasted list's labels are written in: `Key:` names and section headings (one table each, so a
language adds words here, not code)."""

from __future__ import annotations

from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.labels import WORDS


def _sheet_words(english: str) -> tuple[str, ...]:
    """A label of our own sheet in the other languages it is printed in (`export --lang`, `labels.py`),
    lower-cased: a sheet printed in German, French or Chinese reads back as the English one does."""
    return tuple(sorted({w[english].casefold() for w in WORDS.values() if english in w} - {english.casefold()}))


KEYS = {
    "faction": "faction",
    "house": "faction",
    "army": "army",  # a faction when it names one, else the list's name
    "commander": "commander",
    "general": "commander",
    "warlord": "commander",
    "leader": "commander",
    "army commander": "commander",
    "cmdr": "commander",
    "cmd": "commander",
    "commanding": "commander",
    "led by": "commander",
    "points": "points",
    "size": "points",
    "game size": "points",
    "army size": "points",
    "point limit": "points",
    "name": "name",
    "list": "name",
    "list name": "name",
    "army name": "name",
    "title": "name",
    "player": "player",
    "played by": "player",
    "author": "player",
    "by": "player",
    "team": "team",
    "team name": "team",
}
SECTIONS = {
    "combat units": Slot.UNIT,
    "units (attachments)": Slot.UNIT,
    "units and attachments": Slot.UNIT,
    "combat unit": Slot.UNIT,
    "units": Slot.UNIT,
    "non combat units": Slot.NCU,
    "non-combat units": Slot.NCU,
    "noncombat units": Slot.NCU,
    "non combat unit": Slot.NCU,
    "non-combat unit": Slot.NCU,
    "non-combat": Slot.NCU,
    "none combat units": Slot.NCU,
    "none-combat units": Slot.NCU,
    "ncus'": Slot.NCU,
    "ncu’s": Slot.NCU,
    "non combat": Slot.NCU,
    "ncus": Slot.NCU,
    "ncu": Slot.NCU,
    "ncu's": Slot.NCU,
    "attachments": Slot.ATTACHMENT,
    "attachment": Slot.ATTACHMENT,
    "enemy attachments": Slot.ENEMY,
    "enemy attachment": Slot.ENEMY,
    "enemy": Slot.ENEMY,
    "enemies": Slot.ENEMY,
    "ea": Slot.ENEMY,
}

# headings over cards that are not the army's: its tactics deck (our own text export prints it; the deck is
# the faction's and the commander's, never written in a list) and a player's spare cards. Every line under
# one is left out, each with a note: to the end of the text under a sideboard (which may have its own
# `Units:` and `NCUs:`), until a heading of the army's own or a unit or NCU under a tactics deck.
TACTICS_HEADINGS = frozenset({"tactics deck", "tactics cards", "tactic cards", "tactics", *_sheet_words("Tactics deck")})
# the heading over the list's own notes on our sheet, in the other languages it is printed in (`Notizen:`)
NOTES_WORDS = _sheet_words("Notes")
# the line of our own sheet that lists the reinforcements declared beside the list (`Reinforcements: A (1), B (6)`):
# read back as the list's `reinforcements:` on our sheet; in any other pasted list, spare cards set aside
REINFORCEMENTS_HEADING = "reinforcements"
# the words of a heading of spare cards: alone (`Sideboard`, `Not taking`), or among a few words of a heading
# ending in `:` (`Possible swaps:`, `Subs if needed:`, `Side board units:`); no card's name holds one
SET_ASIDE_WORDS = frozenset({
    "sideboard", "reserve", "reserves", "alternate", "alternates", "alternative", "alternatives", "substitute",
    "substitutes", "substitution", "substitutions", "sub", "subs", "swap", "swaps", "bench", "spare", "spares",
    "removed", "reinforcement", "reinforcements",
    # German and French: `Ersatz:`, `Ersatzbank:`, `Banc :`, `Renforts :`, `Remplaçants :`
    "ersatz", "ersatzbank", "reservebank", "auswechselbank", "reserven", "banc", "renfort", "renforts",
    "réserve", "réserves", "remplaçant", "remplaçants", "remplacement", "remplacements", "remplaçante",
    "remplaçantes", "替補", "備用", "候補", "預備",
})  # fmt: skip
SET_ASIDE_PHRASES = (
    "side board", "not taking", "not taken", "left out", "nicht dabei", "nicht mitgenommen", "pas pris",
    "non pris", "pas prises", "pas inclus", "hors liste",
)  # fmt: skip

# the house a card is from, in brackets after its name, as our own sheet prints a card not of the army's
# faction: `House Bolton Cutthroats [neutral] (5)`
FACTION_TAGS = (
    "neutral", "stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell", "freefolk", "nightswatch",
    "bolton", "brotherhood",
)  # fmt: skip
# a cost a modifier changed, as our own sheet prints it: `Anguy, The Archer (1, printed 2)`
PRINTED_WORDS = ("printed",)

# words before a section heading that do not change it: `and for none combat units`, `my NCUs`
FILLER = frozenset({"and", "for", "my", "the", "plus", "then", "with", "also"})
# a commander as a word: `(C)`, `(Commander)`, `(Jon Snow, Commander)`, `Commander Jon Snow in …`
COMMANDER_WORDS = ("c", "cmdr", "commander", "general", "warlord")
# what joins names on one line: `NCUs: A, B & C`, `… and D`, German `NKE: A und B`, French `UNC : A et B`, Chinese
# `A 和 B` (a card's name holding one is read whole first: `Bran und Hodor`, as `Bran and Hodor`; only names are
# split at these, never a title or a player's name: `玩家：和田`)
JOINERS = ("&", "and", "+", "/", "und", "et", "和")
# an aside about a name in brackets: `Eddison Tollett (or Dolorous Ed)`
ASIDES = ("or", "aka", "a.k.a.", "also", "i.e.")
# `Attachment in Unit`: the commander or attachment first, the unit it leads after
INSIDE = ("in", "leading", "leads", "joining", "joins")
# what a card's role is called beside its name, dropped: `The High Sparrow (NCU)`, `(Joffrey, Special Attachment)`
ROLES = ("special attachment", "attachment", "ncu", "unit")
# `1 x Units of Stark Sworn Swords`
UNITS_OF = ("units of", "unit of")
# how players join an attachment to its unit on one line, besides `+`, `w/`, `&` (no card name holds these
# words: only tactics cards, which a pasted list does not name, have `on` or French `plus` in their names)
LED_BY = ("with", "w/", "led by", "lead by", "incl.", "including", "feat.", "ft.", "plus")
# titles before a name that the card's name may not have: `Ser Rodrik`, `Lady Catelyn Stark`
HONORIFICS = ("ser", "lady", "lord", "maester", "king", "queen", "prince", "princess", "grand maester")
# a sentence leading into a list on the same line: `Ste's list was Stormcrow Dervishes with …`
LEAD_IN_OWNERS = ("my", "his", "her", "their", "our")
LEAD_IN_NOUNS = ("list", "army", "force")
LEAD_IN_VERBS = ("was", "is", "were")

# a cost's unit: `(6 pts)`, `6pts`, `1 point`, `6p`
POINT_UNITS = ("pts", "pt", "points", "point", "p")
# what a heading's number counts: `Stark (40 pts)`, `My list - 7 activations`
COUNT_WORDS = (*POINT_UNITS, "activations", "activation", "units", "unit", "cards", "card")
# an activation count: `(7 activations)`, `Activations: 7`
ACTIVATION_WORDS = ("activations", "activation")
# a line that sums the list up: `Total: 38`, `Points spent 40`
TOTAL_WORDS = ("total", "totals", "spent", "used", "cost")
# a line crediting a tool or a person: `Built with ASOIAF Builder`, `posted by …`
CREDIT_VERBS = ("built", "created", "made", "generated", "exported", "shared", "posted", "copied")
CREDIT_LINKS = ("on", "with", "by", "using", "at", "from", "in", "via")
# the heading over each of a player's lists: `List 1`, `Army #2`, `Option B`
LIST_WORDS = ("list", "army", "option")
# the NCU label written before its names, with or without a colon: `NCUs: A, B`, `NCU's High Sparrow and Tyrion`
NCU_LABELS = (
    "non combat units", "non-combat units", "noncombat units", "non combat unit", "non-combat unit",
    "noncombat unit", "ncu's'", "ncus'", "ncu's", "ncus", "ncu'", "ncu",
)  # fmt: skip
# keys also written with a dash: `Commander - Robb Stark`
DASH_KEYS = ("faction", "commander", "general", "points", "size", "name", "player")
# an attachment's line begins with these (besides `+`, `&` and arrows): `with Umber Champion`, `w/ Jon Snow`
ATTACH_WORDS = ("with", "w/", "and")
# labels that only a list has (for telling a pasted list from other text)
LIST_LABELS = (
    "combat units", "combat unit", "non-combat units", "non combat units", "non-combat unit", "non combat unit",
    "noncombat units", "ncus", "ncu", "enemy attachments", "enemy attachment", "commander", "faction", "points",
)  # fmt: skip

# --- lists pasted in German, French and Chinese: their label words, read as the English ones ---------------
# (card and faction names come from the name tables, data/names/; these are the words around them)

# `Label: value` keys
KEYS_IN_OTHER_LANGUAGES = {
    "commander": ("kommandant", "kommandantin", "befehlshaber", "commandant", "général", "統帥", "主帥", "指揮官"),
    "faction": ("fraktion", "haus", "faction", "maison", "陣營", "勢力", "派系", "家族"),
    "points": ("punkte", "punktzahl", "armeegröße", "spielgröße", "taille", "taille de la partie", "點數", "分數"),
    "name": ("name der liste", "listenname", "liste", "nom", "nom de la liste", "名稱", "名字", "列表名稱"),
    "player": ("spieler", "spielerin", "joueur", "joueuse", "玩家"),
    "team": ("équipe", "隊伍"),  # (German sheets print `Team:`)
    # our sheet's heading over the list's declared reinforcements (`Verstärkungen:`), read as the English one
    "reinforcements": _sheet_words("Reinforcements"),
    # the last lines of our own sheet printed in another language (`Code de partage War Council :`, `結果：`): in
    # English, as in any list, labels no card follows (each line left out with a note)
    **{english.casefold(): _sheet_words(english) for english in ("War Council share code", "Share code", "Verdict")},
}
# section headings
SECTIONS_IN_OTHER_LANGUAGES = {
    "combat units": ("kampfeinheiten", "kampf-einheiten", "einheiten", "unités de combat", "unités", "戰鬥單位", "部隊", "單位"),
    "non-combat units": (
        "nicht-kampfeinheiten", "nicht-kampf-einheiten", "nichtkampfeinheiten", "nke", "unités non-combattantes",
        "unités non combattantes", "unc", "非戰鬥單位", "非作戰單位",
    ),
    "attachments": ("aufwertungen", "attachements", "附屬", "附屬單位"),
    "enemy attachments": ("feindliche aufwertungen", "attachements ennemis", "敵方附屬"),
}  # fmt: skip
# an attachment's line begins with these (`mit Streiter von Haus Umber`); French `avec` also joins names on one
# line (no French card name holds it; German `mit` stays at the line's start: `Styr, Tyrann mit eiserner Faust`)
WITH_AT_START = ("mit", "avec", "搭配")
WITH_BETWEEN = ("avec",)
# a commander mark in brackets: `(K)`, `(Kommandant)`, `(Commandant)`, `（統帥）`
COMMANDER_MARKS = ("k", "kdt", "kommandant", "commandant", "統帥", "統")
# a cost's unit: `(5 Punkte)`, `1 Punkt`, `（5點）`
POINT_WORDS = ("punkte", "punkt", "pkt", "點", "点", "分")
# Chinese lists write full-width punctuation
FULL_WIDTH = {"，": ", ", "：": ": ", "（": " (", "）": ")", "＋": " + ", "；": "; ", "、": ", ", "【": "[", "】": "]"}
