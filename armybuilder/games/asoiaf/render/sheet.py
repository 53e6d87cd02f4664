"""Printable army sheets: one resolved list as HTML (for print), Markdown, plain text or JSON.

Each format is a function that returns a string, so the `export` command only picks one and writes it.
Sheets carry names and numbers from the card data, never rules text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from armybuilder.errors import UsageError
from armybuilder.games.asoiaf.labels import word
from armybuilder.games.asoiaf.names import ENGLISH, Printing
from armybuilder.text import json_text

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import Entry
    from armybuilder.games.asoiaf.cards import Card
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.deck import Deck
    from armybuilder.games.asoiaf.interchange.warcouncil import ShareCode
    from armybuilder.problems import Problem

SHEET_FORMATS = ("html", "md", "text", "json")
PAGES = {"a4": ("A4", 297.0), "letter": ("letter", 279.4)}  # --page: the CSS name and the height in mm
ROUNDS = 6  # a game lasts at most six rounds (the round tracker's boxes)


# The sheet loads nothing and runs no script: a policy saying so, in case escaping ever missed something.
SHEET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"


def render_sheet(fmt: str, report: ListReport, deck: Deck | None, page: str = "a4") -> str:
    """The army sheet of a validated list in `fmt` (one of SHEET_FORMATS), as one string; `page` (a4 or
    letter) is the paper the HTML sheet is laid out for."""
    renderers: dict[str, Callable[[ListReport, Deck | None], str]] = {
        "md": markdown_sheet,
        "text": text_sheet,
        "json": json_sheet,
    }
    if page not in PAGES:
        raise UsageError(f"unknown page size {page!r}; choose one of {', '.join(PAGES)}")
    if fmt == "html":
        return html_sheet(report, deck, page)
    if fmt not in renderers:
        raise UsageError(f"unknown sheet format {fmt!r}; choose one of {', '.join(SHEET_FORMATS)}")
    return renderers[fmt](report, deck)


# --- what every format shows -------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One card of the list as a sheet shows it; `card` is None for a reference that did not resolve."""

    entry: Entry
    card: Card | None
    cost: int | None  # after every modifier; None when unresolved
    foreign: str | None  # the card's faction when it is not the army's (a neutral card, say)
    printing: Printing = ENGLISH  # the language card names are printed in
    why: Problem | None = None  # for an unresolved reference: the problem that says why (ambiguous, unknown, ...)

    @property
    def name(self) -> str:
        return self.printing.title(self.card) if self.card else self.entry.text

    @property
    def english(self) -> str | None:
        """The English title when the printed one differs (the sheet shows it small, for the opponent)."""
        return self.printing.english(self.card) if self.card else None

    @property
    def cost_label(self) -> str:
        """`C` for a commander printed as C, `4` or `3, printed 4` when a modifier changed the cost."""
        if self.card is None or self.cost is None:
            return "?"
        if self.card.cost is None:
            return "C"
        if self.cost != self.card.cost:
            return f"{self.cost}, printed {self.card.cost}"
        return str(self.cost)

    @property
    def commander(self) -> bool:
        return bool(self.card and self.card.commander)

    def short(self) -> str:
        """`Name (5)`, `Name (C)`, `Name (9) (C)` for a commander with a cost, `Name [neutral] (3)`."""
        text = self.name
        if self.foreign:
            text += f" [{self.foreign}]"
        text += f" ({self.cost_label})"
        if self.commander and self.cost_label != "C":
            text += " (C)"
        return text


def _line(report: ListReport, entry: Entry) -> Line:
    ctx, card = report.context, entry.card
    if card is None:
        at = (entry.line, entry.column)
        why = next((p for p in report.problems if (p.line, p.column) == at), None)
        return Line(entry, None, None, None, _printing(report), why)
    if ctx is None:
        return Line(entry, card, card.points, None, _printing(report))
    foreign = card.faction if ctx.faction is not None and card.faction != ctx.faction else None
    return Line(entry, card, ctx.cost(entry), foreign, ctx.catalogue.printed)


def _printing(report: ListReport) -> Printing:
    return report.context.catalogue.printed if report.context else ENGLISH


def _w(report: ListReport, english: str, **fields: object) -> str:
    """A label of the sheet in the language its card names are printed in."""
    return word(_printing(report).language, english, **fields)


def _commander_name(report: ListReport) -> str:
    commander = _commander(report)
    return _printing(report).title(commander) if commander else _w(report, "none")


def _units(report: ListReport) -> list[tuple[Line, list[Line]]]:
    return [(_line(report, u.unit), [_line(report, a) for a in u.attachments]) for u in report.army.units]


def _others(report: ListReport, entries: list[Entry]) -> list[Line]:
    return [_line(report, e) for e in entries]


def _reinforcements(report: ListReport) -> list[Line]:
    """The declared `reinforcements:` at their printed cost (they are beside the list: the total leaves them out)."""
    lines = _others(report, report.army.reinforcements)
    return [replace(x, cost=x.card.points) if x.card else x for x in lines]


def _people(report: ListReport) -> list[str]:
    """`Player: Ann`, `Team: Direwolves`: who the list is for, as the list states it."""
    army = report.army
    return [_w(report, f"{k}: {{name}}", name=v) for k, v in (("Player", army.player), ("Team", army.team)) if v]


def _points_text(report: ListReport, total: int | None, points: int | None) -> str:
    """`21/40`, or `at least 21 of 40` while cards the total leaves out could not be resolved (as `show`)."""
    from armybuilder.games.asoiaf.check import unresolved_count

    missing = unresolved_count(report)
    if missing:
        of = f" of {points}" if points else ""
        return f"at least {total}{of} ({missing} card{'s' if missing != 1 else ''} could not be counted)"
    return f"{total}/{points}" if points else str(total)


def _faction_name(report: ListReport) -> str:
    faction = report.army.faction
    return _printing(report).faction(faction.key, faction.name) if faction else "unknown faction"


def _commander(report: ListReport) -> Card | None:
    return report.context.commander if report.context else None


def _data_version(report: ListReport) -> str | None:
    return report.context.catalogue.data_version if report.context else None


def _verdict(report: ListReport) -> str:
    from armybuilder.render.reports.people import verdict_label

    return verdict_label(report)


def _totals(report: ListReport) -> dict[str, int | None]:
    from armybuilder.games.asoiaf.context import victory_points

    ctx = report.context
    points = ctx.points if ctx else report.army.points
    return {
        "points": points,
        "total": ctx.total if ctx else None,
        "neutral_total": ctx.neutral_total if ctx else None,
        "neutral_cap": ctx.neutral_cap if ctx else None,
        "victory_points": victory_points(points),
    }


def _totals_line(report: ListReport, sep: str = " · ") -> str:
    t = _totals(report)
    parts = []
    if _printing(report).language != "en":  # the labels as the HTML sheet has them
        for label, value in _total_items(report):
            parts.append(f"{label} {value}")
        return sep.join(parts)
    if t["total"] is not None:
        text = _points_text(report, t["total"], t["points"])
        parts.append(("Points: " if text.startswith("at least") else "Points ") + text)
    if t["neutral_cap"] is not None:
        parts.append(f"neutral {t['neutral_total']}/{t['neutral_cap']}")
    if t["victory_points"] is not None:
        parts.append(f"{t['victory_points']} victory points to win")
    version = _data_version(report)
    if version:
        parts.append(f"card data {version}")
    return sep.join(parts)


def _total_items(report: ListReport) -> list[tuple[str, str]]:
    """(label, value) of the totals: points, neutral, victory points to win, card data."""
    t = _totals(report)
    items = []
    if t["total"] is not None:
        items.append((_w(report, "Points"), _points_text(report, t["total"], t["points"])))
    if t["neutral_cap"] is not None:
        items.append((_w(report, "Neutral"), f"{t['neutral_total']}/{t['neutral_cap']}"))
    if t["victory_points"] is not None:
        items.append((_w(report, "Victory points to win"), str(t["victory_points"])))
    version = _data_version(report)
    if version:
        items.append((_w(report, "Card data"), version))
    return items


def share_code(report: ListReport) -> ShareCode:
    from armybuilder.games.asoiaf.interchange.warcouncil import share_code as code_of

    return code_of(report)


def _code_line(report: ListReport) -> str:
    """`War Council share code: …`, or why the list has none."""
    code = share_code(report)
    if code.code is not None:
        return f"{_w(report, 'War Council share code')}: {code.code}"
    return f"No War Council share code: {code.why_not}."


def _notes(report: ListReport) -> list[str]:
    """The player's `notes:`, line by line (trailing blank lines dropped)."""
    return (report.army.notes or "").rstrip().splitlines()


def _deck_lines(deck: Deck, printing: Printing = ENGLISH) -> list[tuple[str, str]]:
    """(where from, the cards' names joined) per source of the deck: the faction's, then the commander's."""
    rows = _deck_rows(deck, printing)
    faction = [name for name, origin, _ in rows if origin == "faction"]
    own = [f"{name} ({note})" if note else name for name, origin, note in rows if origin != "faction"]
    lines = [(word(printing.language, "Faction"), ", ".join(faction))] if faction else []
    if own:
        lines.append((printing.title(deck.commander), ", ".join(own)))
    return lines


def _deck_rows(deck: Deck, printing: Printing = ENGLISH) -> list[tuple[str, str, str]]:
    """(name, from, note) for each card of the deck, faction cards first."""
    rows = [(printing.tactics(card), "faction", "") for card in deck.faction_cards]
    replaced = {by.id: gone for gone, by in deck.removed if by is not None}
    for card in deck.commander_cards:
        note = ""
        if card.replaces == "all":
            note = "replaces every faction card"
        elif card.id in replaced:
            note = f"replaces {printing.tactics(replaced[card.id])}"
        rows.append((printing.tactics(card), "commander", note))
    return rows


# --- plain text and Markdown (for forums and chat) ---------------------------------------------


def text_sheet(report: ListReport, deck: Deck | None) -> str:
    """Compact plain text: a header, one line per unit with its attachments, NCUs, totals, verdict."""
    army = report.army
    head = army.name or army.path
    sub = [_faction_name(report)]
    if army.points:
        sub.append(_w(report, "{n} points", n=army.points))
    sub += _people(report)
    lines = [head, " · ".join(sub), f"{_w(report, 'Commander')}: {_commander_name(report)}", ""]
    for unit, attachments in _units(report):
        lines.append(" + ".join(x.short() for x in (unit, *attachments)))
    for label, entries in (("NCUs", army.ncus), ("Enemy attachments", army.enemy_attachments)):
        if entries:
            lines.append(f"{_w(report, label)}: " + ", ".join(x.short() for x in _others(report, entries)))
    if army.reinforcements:
        lines.append(f"{_w(report, 'Reinforcements')}: " + ", ".join(x.short() for x in _reinforcements(report)))
    if deck is not None:
        from armybuilder.games.asoiaf.deck import COPIES

        size = _w(report, "{n} cards, {copies} of each", n=deck.size, copies=COPIES)
        lines += ["", f"{_w(report, 'Tactics deck')} ({size}):"]
        lines += [f"  {where}: {names}" for where, names in _deck_lines(deck, _printing(report))]
    notes = _notes(report)
    if notes:
        lines += ["", f"{_w(report, 'Notes')}:", *(f"  {line}" for line in notes)]
    lines += ["", _totals_line(report), _code_line(report), f"{_w(report, 'Verdict')}: {_verdict(report)}"]
    lines += [f"  {_at(p.line)}: {p.rule}: {p.message}" for p in report.problems]
    return "\n".join(lines) + "\n"


def _at(line: int) -> str:
    """`line 7`, or `whole list` for a problem with no line (a list converted from another format)."""
    return f"line {line}" if line else "whole list"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&#])")


def md_escape(text: str) -> str:
    """Backslash-escape what Markdown (or the HTML inside it) would read as markup."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def markdown_sheet(report: ListReport, deck: Deck | None) -> str:
    """Compact Markdown: a heading, one bullet per unit with its attachments, NCUs, totals, verdict."""
    army = report.army
    sub = [f"**{md_escape(_faction_name(report))}**"]
    if army.points:
        sub.append(_w(report, "{n} points", n=army.points))
    sub.append(f"{_w(report, 'Commander')}: **{md_escape(_commander_name(report))}**")
    sub += [md_escape(who) for who in _people(report)]
    lines = [f"## {md_escape(army.name or army.path)}", "", " · ".join(sub), ""]
    for unit, attachments in _units(report):
        lines.append("- " + " + ".join(md_escape(x.short()) for x in (unit, *attachments)))
    for label, entries in (("NCUs", army.ncus), ("Enemy attachments", army.enemy_attachments)):
        if entries:
            names = ", ".join(md_escape(x.short()) for x in _others(report, entries))
            lines += ["", f"**{md_escape(_w(report, label))}:** {names}"]
    if army.reinforcements:
        names = ", ".join(md_escape(x.short()) for x in _reinforcements(report))
        lines += ["", f"**{md_escape(_w(report, 'Reinforcements'))}:** {names}"]
    if deck is not None:
        from armybuilder.games.asoiaf.deck import COPIES

        size = _w(report, "{n} cards, {copies} of each", n=deck.size, copies=COPIES)
        lines += ["", f"**{md_escape(_w(report, 'Tactics deck'))}** ({md_escape(size)}):", ""]
        lines += [f"- {md_escape(where)}: {md_escape(names)}" for where, names in _deck_lines(deck, _printing(report))]
    notes = _notes(report)
    if notes:
        lines += ["", f"**{md_escape(_w(report, 'Notes'))}:**", ""]
        lines += [f"> {md_escape(line)}" if line.strip() else ">" for line in notes]
    code = share_code(report)
    code_text = f"`{code.code}`" if code.code else md_escape(f"none: {code.why_not}")
    lines += ["", md_escape(_totals_line(report)), "", f"{md_escape(_w(report, 'War Council share code'))}: {code_text}"]
    lines += ["", f"**{md_escape(_w(report, 'Verdict'))}: {md_escape(_verdict(report))}**"]
    if report.problems:
        lines.append("")
        lines += [
            f"- {_at(p.line)}: `{p.rule}` {md_escape(p.message)}" + ("" if p.is_error else " (warning)")
            for p in report.problems
        ]
    return "\n".join(lines) + "\n"


# --- JSON (for other programs) -----------------------------------------------------------------


def _card_json(line: Line) -> dict[str, Any]:
    return {
        "id": line.card.id if line.card else None,
        "name": line.name,
        "cost": line.cost,
        "printed_cost": line.card.cost if line.card else None,
        "commander": line.commander,
        "faction": line.card.faction if line.card else None,
        "line": line.entry.line,
    }


def sheet_data(report: ListReport, deck: Deck | None) -> dict[str, Any]:
    """The resolved list as plain data: what the `json` sheet holds."""
    army = report.army
    commander = _commander(report)
    totals = _totals(report)
    from armybuilder.games.base import FORMAT_VERSION

    return {
        "format_version": FORMAT_VERSION,
        "name": army.name,
        "player": army.player,
        "team": army.team,
        "notes": army.notes,
        "faction": army.faction_key,
        "points": totals.pop("points"),
        "data_version": _data_version(report),
        "commander": {"id": commander.id, "name": commander.title} if commander else None,
        "units": [
            {**_card_json(unit), "attachments": [_card_json(a) for a in attachments]}
            for unit, attachments in _units(report)
        ],
        "ncus": [_card_json(x) for x in _others(report, army.ncus)],
        "enemy_attachments": [_card_json(x) for x in _others(report, army.enemy_attachments)],
        "reinforcements": [_card_json(x) for x in _reinforcements(report)],
        "totals": totals,
        "deck": deck.as_dict() if deck is not None else None,
        "share_code": share_code(report).as_dict(),
        "valid": report.valid,
        "problems": [p.as_dict(file=False) for p in report.problems],
    }


def json_sheet(report: ListReport, deck: Deck | None) -> str:
    return json_text(sheet_data(report, deck), indent=2) + "\n"


# --- HTML (one self-contained page for print) --------------------------------------------------

# A colour per faction, so a pile of printed sheets sorts at a glance: dark, print-safe tones that turn
# into distinct greys in black-and-white (the faction's name is printed too; no text is set in colour).
FACTION_ACCENTS = {
    "stark": "#4a5d6e",
    "lannister": "#a3201a",
    "baratheon": "#8a6a00",
    "targaryen": "#4d1016",
    "greyjoy": "#14504f",
    "martell": "#b8521a",
    "nightswatch": "#1c1c1c",
    "freefolk": "#6b4a2b",
    "bolton": "#8c3a5a",
    "brotherhood": "#4d6b2f",
    "neutral": "#6b6b6b",
}
_DEFAULT_ACCENT = "#555555"

# Every rule is scoped to `.sheet`, and sets what it relies on, so a sheet looks the same inside a batch
# report (whose own styles it must neither take nor change) as on its own page.
SHEET_CSS = (
    "\n".join(f".sheet.f-{key} {{ --accent: {colour}; }}" for key, colour in FACTION_ACCENTS.items())
    + """
.sheet { --accent: #555555; color: #111; background: #fff; text-align: left;
  font: 9pt/1.3 "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; }
.sheet * { box-sizing: border-box; }
.sheet section, .sheet article, .sheet header, .sheet footer { border-top: 0; margin: 0; padding: 0; }
.sheet h1 { font-size: 17pt; margin: 0; line-height: 1.15; }
.sheet h2 { font-size: 9pt; margin: 0 0 1.2mm; text-transform: uppercase; letter-spacing: .06em; color: #444;
  border-bottom: .4mm solid var(--accent); padding-bottom: .5mm; }
.sheet header { display: flex; justify-content: space-between; align-items: flex-end; gap: 4mm;
  border-top: 2.5mm solid var(--accent); border-bottom: .6mm solid var(--accent);
  padding: 1.5mm 0 1.5mm; margin-bottom: 2mm; }
.sheet header .sub { margin: .5mm 0 0; font-size: 9.5pt; }
.sheet header .commander { flex: none; max-width: 50%; text-align: right; font-size: 9.5pt; }
.sheet .label { color: #555; font-size: 7.5pt; text-transform: uppercase; letter-spacing: .05em; }
.sheet .verdict { border-radius: 1.2mm; padding: 1.4mm 2.5mm; margin-bottom: 2mm; font-weight: bold;
  font-size: 10pt; }
.sheet .verdict.valid { background: #dff3e1; border: .4mm solid #2e7d32; color: #1b5e20; }
.sheet .verdict.invalid { background: #fde2e1; border: .6mm solid #c62828; color: #8e0000; }
.sheet .verdict ul { margin: .8mm 0 0; padding-left: 4mm; font-weight: normal; font-size: 8.5pt; color: #111; }
.sheet .verdict .rule { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 7.5pt; }
.sheet .totals { display: flex; flex-wrap: wrap; gap: 1mm 6mm; margin-bottom: 2.5mm; font-size: 9pt; }
.sheet .totals b { font-size: 10pt; }
.sheet .units { columns: 2; column-gap: 4mm; }
.sheet .unit { break-inside: avoid; border: .3mm solid #888; border-left: 1mm solid var(--accent);
  border-radius: 1.2mm; padding: 1.2mm 2mm; margin: 0 0 2mm; }
.sheet .row { display: flex; align-items: baseline; gap: 1.5mm; }
.sheet .row .name { font-weight: bold; flex: 1; }
.sheet .en { font-weight: normal; font-size: 6.5pt; color: #555; }
.sheet .unit > .row .name { font-size: 10pt; }
.sheet .type { color: #555; font-size: 7.5pt; }
.sheet .cost { font-weight: bold; min-width: 5mm; text-align: right; white-space: nowrap; }
.sheet .cmd { background: #5b2a86; color: #fff; border-radius: .8mm; padding: 0 .8mm; font-size: 7pt;
  font-weight: bold; }
.sheet .foreign { color: #555; font-size: 7.5pt; }
.sheet .unknown { color: #c62828; font-style: italic; }
.sheet .stats { margin: .6mm 0 .4mm; display: flex; gap: 1mm; flex-wrap: wrap; }
.sheet .stat { border: .25mm solid #bbb; border-radius: .8mm; padding: 0 1.2mm; background: #f3f3f3; }
.sheet .stat b { font-size: 9.5pt; }
.sheet table { border-collapse: collapse; margin: 0; }
.sheet td, .sheet th { border: 0; padding: 0 2mm 0 0; background: none; vertical-align: baseline; }
.sheet .attacks .hit { font-weight: bold; }
.sheet .attacks .rng { color: #555; font-size: 8pt; }
.sheet .attacks .dice { font-weight: bold; letter-spacing: .03em; }
.sheet .abilities { color: #444; font-style: italic; font-size: 7.5pt; }
.sheet .attachment { border-top: .2mm dashed #aaa; margin-top: .8mm; padding-top: .5mm; }
.sheet .unit.ncu { border-style: dashed; border-left: 1mm solid var(--accent); }
.sheet .reinforcements { flex: 1; font-size: 7.5pt; line-height: 1.15; }
.sheet .reinforcements .label { margin-right: 1mm; }
.sheet .deck { break-inside: avoid; margin-top: .5mm; }
.sheet .deck-cards { columns: 2; column-gap: 4mm; }
.sheet .deck-card { display: flex; gap: 1.5mm; align-items: baseline; }
.sheet .deck-card .copies { color: #555; min-width: 4mm; }
.sheet .deck-card .from { color: #555; font-size: 7.5pt; margin-left: auto; text-align: right; }
.sheet .note { color: #555; font-size: 7.5pt; margin: .8mm 0 0; }
.sheet .play { display: flex; gap: 4mm; margin-top: 2mm; break-inside: avoid; }
.sheet .tracks { flex: 1; display: flex; flex-direction: column; gap: 1.5mm; }
.sheet .track { display: flex; align-items: center; gap: 2mm; }
.sheet .track .label { min-width: 38mm; }
.sheet .boxes { display: flex; gap: .8mm; flex-wrap: wrap; }
.sheet .boxes span { display: inline-block; width: 5.5mm; height: 5.5mm; border: .3mm solid #444;
  border-radius: .6mm; font-size: 6pt; color: #777; text-align: center; line-height: 5.2mm; }
.sheet .boxes span.goal { border: .6mm solid var(--accent); color: #111; font-weight: bold; }
.sheet .notes { flex: 1 0 auto; min-height: 16mm; border: .3mm solid #888; border-radius: 1.2mm;
  padding: 1mm 2mm; background: repeating-linear-gradient(transparent 0 5.6mm, #ccc 5.6mm 5.8mm); }
.sheet .notes .own { margin: .5mm 0 0; white-space: pre-wrap; font-size: 8.5pt; }
.sheet .share { flex: none; width: 28mm; text-align: center; }
.sheet .share svg { display: block; width: 28mm; height: 28mm; shape-rendering: crispEdges; }
.sheet .share .label { font-size: 6.5pt; }
.sheet .no-code { flex: none; width: 40mm; font-size: 7.5pt; color: #555; }
.sheet .code { margin: 1.5mm 0 0; font-size: 6.5pt; }
.sheet.translated { font-size: 8.5pt; line-height: 1.2; }
.sheet.translated .unit > .row .name { font-size: 9pt; }
.sheet.translated .unit { margin-bottom: 1.2mm; padding: 1mm 1.8mm; }
.sheet.translated .stats { margin: .3mm 0 .2mm; }
.sheet.translated .deck-card .from { font-size: 6.5pt; }
.sheet .code code { font: 6.5pt/1.25 "DejaVu Sans Mono", "Liberation Mono", monospace; word-break: break-all; }
.sheet footer { margin-top: 1.5mm; color: #666; font-size: 7pt; }
"""
)


def page_css(page: str) -> str:
    """The rules of a document of sheets only (one sheet, or a batch's list pack): its paper, one sheet to a
    page, each filled to the bottom by its notes box."""
    name, height = PAGES[page]
    inside = height - 11 - 13 - 2  # the @page margins, and 2 mm so that rounding never adds a page
    return f"""
@page {{ size: {name}; margin: 11mm 12mm 13mm; }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{ margin: 0; background: #fff; }}
.sheet {{ display: flex; flex-direction: column; min-height: {inside:.1f}mm; }}
.sheet .play {{ flex: 1 0 auto; }}
.sheet + .sheet {{ break-before: page; }}
@media screen {{
  body {{ background: #d8d8d8; }}
  .sheet {{ width: {"210" if page == "a4" else "215.9"}mm; min-height: {height}mm; margin: 0 auto 4mm;
    padding: 12mm; }}
}}
"""


def _h(text: object) -> str:
    return html.escape(str(text), quote=True)


def _html_name(line: Line) -> str:
    if line.card is None:  # not counted: say why, as `show` does (an ambiguous card lists its candidates)
        why = line.why
        if why is None:
            unknown = word(line.printing.language, "unknown card")
            return f'<span class="name unknown">{_h(line.name)} ({_h(unknown)})</span>'
        return (
            f'<span class="name unknown">{_h(line.name)} (not counted: {_h(why.rule)}, line {why.line} — '
            f"{_h(why.message)})</span>"
        )
    parts = [f'<span class="name">{_h(line.name)}']
    if line.foreign:
        parts.append(f' <span class="foreign">[{_h(line.foreign)}]</span>')
    if line.english:  # small, for an opponent who reads English
        parts.append(f' <span class="en" lang="en">{_h(line.english)}</span>')
    parts.append("</span>")
    if line.commander:
        parts.append('<span class="cmd" title="commander">C</span>')
    return "".join(parts)


def _html_abilities(card: Card | None) -> str:
    if card is None or not card.abilities:
        return ""
    return f'<div class="abilities">{_h(", ".join(card.abilities))}</div>'


def _stat_chip(part: str) -> str:
    """`Def 4+` from show's stat line as a label with its value in bold."""
    label, _, value = part.rpartition(" ")
    return f"{_h(label)} <b>{_h(value)}</b>"


def _html_unit(unit: Line, attachments: list[Line]) -> str:
    from armybuilder.games.asoiaf.render.show import stat_line

    card = unit.card
    out = ['<article class="unit">', '<div class="row">', _html_name(unit)]
    if card is not None and card.type:
        out.append(f'<span class="type">{_h(word(unit.printing.language, card.type))}</span>')
    out.append(f'<span class="cost">{_h(unit.cost_label)}</span></div>')
    if card is not None:
        stats = stat_line(card)
        if stats:
            chips = "".join(f'<span class="stat">{_stat_chip(part)}</span>' for part in stats.split(" · "))
            out.append(f'<div class="stats">{chips}</div>')
        if card.attacks:
            out.append('<table class="attacks">')
            for attack in card.attacks:
                dice = "/".join(str(d) for d in attack.dice)
                out.append(
                    f'<tr><td class="rng">{_h(attack.range_label)}</td><td>{_h(attack.name)}</td>'
                    f'<td class="hit">{attack.hit}+</td><td class="dice">{_h(dice)}</td></tr>'
                )
            out.append("</table>")
        out.append(_html_abilities(card))
    for att in attachments:
        out.append(
            f'<div class="attachment"><div class="row">+ {_html_name(att)}'
            f'<span class="cost">{_h(att.cost_label)}</span></div>{_html_abilities(att.card)}</div>'
        )
    out.append("</article>")
    return "".join(out)


def _html_verdict(report: ListReport) -> str:
    cls = "valid" if report.valid else "invalid"
    out = [f'<section class="verdict {cls}">{_h(_w(report, "Verdict"))}: {_h(_verdict(report))}']
    if report.problems:
        out.append("<ul>")
        for p in report.problems:
            out.append(
                f'<li>{_at(p.line)}: <span class="rule">{_h(p.rule)}</span>'
                f"{'' if p.is_error else ' (warning)'} — {_h(p.message)}</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


def _html_totals(report: ListReport) -> str:
    items = _total_items(report)
    cells = "".join(f'<div><span class="label">{_h(k)}</span> <b>{_h(v)}</b></div>' for k, v in items)
    return f'<section class="totals">{cells}</section>'


def _html_other(label: str, line: Line) -> str:
    """An NCU or an enemy attachment: a dashed box in the unit columns with its ability names."""
    return (
        f'<article class="unit ncu"><div class="row">{_html_name(line)}<span class="type">{_h(label)}</span>'
        f'<span class="cost">{_h(line.cost_label)}</span></div>{_html_abilities(line.card)}</article>'
    )


def _html_reinforcements(report: ListReport) -> str:
    """The declared reinforcements, beside the round track (they join during a game; the page has room there)."""
    if not report.army.reinforcements:
        return ""
    names = ", ".join(_h(x.short()) for x in _reinforcements(report))
    return f'<span class="reinforcements"><span class="label">{_h(_w(report, "Reinforcements"))}</span> {names}</span>'


def _html_deck(deck: Deck, printing: Printing = ENGLISH) -> str:
    from armybuilder.games.asoiaf.deck import COPIES

    heading = f"{word(printing.language, 'Tactics deck')} ({word(printing.language, '{n} cards', n=deck.size)})"
    out = [f'<section class="deck"><h2>{_h(heading)}</h2><div class="deck-cards">']
    for name, origin, note in _deck_rows(deck, printing):
        where = word(printing.language, "faction") if origin == "faction" else printing.title(deck.commander)
        if note:
            where += f" ({note})"
        out.append(
            f'<div class="deck-card"><span class="copies">{COPIES}×</span><span class="name">{_h(name)}</span>'
            f'<span class="from">{_h(where)}</span></div>'
        )
    out.append("</div>")
    if deck.problems:
        out.append(f'<p class="note unknown">{_h("; ".join(deck.problems))}</p>')
    out.append("</section>")
    return "".join(out)


def qr_svg(code: str) -> str:
    """The share code as a QR code: an inline SVG (no image to fetch), with the standard quiet zone; "" when
    the code is too long for any QR code (a list named with a megabyte of text)."""
    import segno

    try:
        qr = segno.make(code, error="m", micro=False)
    except segno.DataOverflowError:
        return ""
    svg: str = qr.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, title="War Council share code")
    return svg


MAX_TRACK = 40  # victory-point boxes at most (8 at 30 points, 2 more every 10: 40 boxes is 190 points)


def _html_play(report: ListReport) -> str:
    """The lower part of the page for the game itself: victory points, rounds, notes, and the share code."""
    target = _totals(report)["victory_points"]
    tracks = []
    if target is not None:
        # one box a victory point; a game size no table plays (`points: 1000000000`) gets the goal alone
        shown = range(1, target + 1) if target <= MAX_TRACK else (target,)
        boxes = "".join(f'<span class="goal">{n}</span>' if n == target else f"<span>{n}</span>" for n in shown)
        tracks.append(
            f'<div class="track vp"><span class="label">{_h(_w(report, "Victory points ({n} to win)", n=target))}</span>'
            f'<span class="boxes">{boxes}</span></div>'
        )
    rounds = "".join(f"<span>{n}</span>" for n in range(1, ROUNDS + 1))
    tracks.append(
        f'<div class="track rounds"><span class="label">{_h(_w(report, "Round"))}</span>'
        f'<span class="boxes">{rounds}</span>{_html_reinforcements(report)}</div>'
    )
    notes = "\n".join(_notes(report))
    own = f'<p class="own">{_h(notes)}</p>' if notes else ""
    tracks.append(f'<div class="notes"><span class="label">{_h(_w(report, "Notes"))}</span>{own}</div>')
    code = share_code(report)
    qr = qr_svg(code.code) if code.code is not None else ""
    if qr:
        scan = _h(_w(report, "Scan to import in War Council"))
        share = f'<div class="share">{qr}<span class="label">{scan}</span></div>'
    elif code.code is not None:  # too long for a QR code
        share = '<div class="no-code">The War Council share code is too long for a QR code.</div>'
    else:
        share = f'<div class="no-code">No War Council share code: {_h(code.why_not)}.</div>'
    return f'<section class="play"><div class="tracks">{"".join(tracks)}</div>{share}</section>'


def _html_code(report: ListReport) -> str:
    code = share_code(report)
    if code.code is None:
        return ""
    return f'<p class="code"><span class="label">{_h(_w(report, "Share code"))}</span> <code>{_h(code.code)}</code></p>'


def _html_english(report: ListReport) -> str:
    """The commander's English title in small print, when the sheet names it in another language."""
    commander = _commander(report)
    english = _printing(report).english(commander) if commander else None
    return f'<br><span class="en" lang="en">{_h(english)}</span>' if english else ""


def sheet_fragment(report: ListReport, deck: Deck | None) -> str:
    """The sheet as one element (`<div class="sheet">`, styled by SHEET_CSS): what a standalone page holds
    and what a batch report and a list pack show inline."""
    from armybuilder import __version__

    army = report.army
    title = army.name or army.path
    sub = [_faction_name(report)]
    if army.points:
        sub.append(_w(report, "{n} points", n=army.points))
    sub += _people(report)
    faction = army.faction_key or "none"
    translated = " translated" if _printing(report).language != "en" else ""  # longer names, English too
    body = [
        f'<div class="sheet f-{_h(faction)}{translated}">',
        "<header><div>",
        f"<h1>{_h(title)}</h1>",
        f'<p class="sub">{" · ".join(_h(s) for s in sub)}</p></div>',
        f'<div class="commander"><span class="label">{_h(_w(report, "Commander"))}</span><br>',
        f"<b>{_h(_commander_name(report))}</b>{_html_english(report)}</div></header>",
        _html_verdict(report),
        _html_totals(report),
        '<section class="units">',
        *(_html_unit(unit, attachments) for unit, attachments in _units(report)),
        *(_html_other(_w(report, "NCU"), line) for line in _others(report, army.ncus)),
        *(_html_other(_w(report, "enemy attachment"), line) for line in _others(report, army.enemy_attachments)),
        "</section>",
    ]
    if deck is not None:
        body.append(_html_deck(deck, _printing(report)))
    body += [_html_play(report), _html_code(report)]
    version = _data_version(report)
    checked = f" against card data {version}" if version else ""
    body.append(f"<footer>{_h(army.path)} · checked by armybuilder {_h(__version__)}{_h(checked)}.</footer>")
    body.append("</div>")
    return "\n".join(b for b in body if b)


def html_sheet(report: ListReport, deck: Deck | None, page: str = "a4") -> str:
    """One self-contained page (inline CSS and SVG; no scripts, fonts, images or links) to print on `page`
    (a4 or letter)."""
    title = report.army.name or report.army.path
    language = _printing(report).language
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_h(language)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{SHEET_CSP}">\n'
        f"<title>{_h(title)} — {_h(_w(report, 'army sheet'))}</title>\n"
        f"<style>{page_css(page)}{SHEET_CSS}</style>\n</head>\n<body>\n"
        + sheet_fragment(report, deck)
        + "\n</body>\n</html>\n"
    )
