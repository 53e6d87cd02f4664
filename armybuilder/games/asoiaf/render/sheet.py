"""Printable army sheets: one resolved list as HTML (for print), Markdown, plain text or JSON.

Each format is a function that returns a string, so the `export` command only picks one and writes it.
Sheets carry names and numbers from the card data, never rules text.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.errors import UsageError

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import Entry
    from armybuilder.games.asoiaf.cards import Card
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.deck import Deck

SHEET_FORMATS = ("html", "md", "text", "json")


def render_sheet(fmt: str, report: ListReport, deck: Deck | None) -> str:
    """The army sheet of a validated list in `fmt` (one of SHEET_FORMATS), as one string."""
    renderers: dict[str, Callable[[ListReport, Deck | None], str]] = {
        "html": html_sheet,
        "md": markdown_sheet,
        "text": text_sheet,
        "json": json_sheet,
    }
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

    @property
    def name(self) -> str:
        return self.card.title if self.card else self.entry.text

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


def _line(ctx: Army | None, entry: Entry) -> Line:
    card = entry.card
    if card is None or ctx is None:
        return Line(entry, card, card.points if card else None, None)
    foreign = card.faction if ctx.faction is not None and card.faction != ctx.faction else None
    return Line(entry, card, ctx.cost(entry), foreign)


def _units(report: ListReport) -> list[tuple[Line, list[Line]]]:
    ctx = report.context
    return [(_line(ctx, u.unit), [_line(ctx, a) for a in u.attachments]) for u in report.army.units]


def _others(report: ListReport, entries: list[Entry]) -> list[Line]:
    return [_line(report.context, e) for e in entries]


def _faction_name(report: ListReport) -> str:
    faction = report.army.faction
    return faction.name if faction else "unknown faction"


def _commander(report: ListReport) -> Card | None:
    return report.context.commander if report.context else None


def _data_version(report: ListReport) -> str | None:
    return report.context.catalogue.data_version if report.context else None


def _verdict(report: ListReport) -> str:
    from armybuilder.render.reports import verdict_text

    return verdict_text(report).plain


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
    if t["total"] is not None:
        parts.append(f"Points {t['total']}/{t['points']}" if t["points"] else f"Points {t['total']}")
    if t["neutral_cap"] is not None:
        parts.append(f"neutral {t['neutral_total']}/{t['neutral_cap']}")
    if t["victory_points"] is not None:
        parts.append(f"{t['victory_points']} victory points to win")
    version = _data_version(report)
    if version:
        parts.append(f"card data {version}")
    return sep.join(parts)


def _deck_rows(deck: Deck) -> list[tuple[str, str, str]]:
    """(name, from, note) for each card of the deck, faction cards first."""
    rows = [(card.name, "faction", "") for card in deck.faction_cards]
    replaced = {by.id: gone for gone, by in deck.removed if by is not None}
    for card in deck.commander_cards:
        note = ""
        if card.replaces == "all":
            note = "replaces every faction card"
        elif card.id in replaced:
            note = f"replaces {replaced[card.id].name}"
        rows.append((card.name, "commander", note))
    return rows


# --- plain text and Markdown (for forums and chat) ---------------------------------------------


def text_sheet(report: ListReport, deck: Deck | None) -> str:
    """Compact plain text: a header, one line per unit with its attachments, NCUs, totals, verdict."""
    army = report.army
    commander = _commander(report)
    head = army.name or army.path
    sub = [_faction_name(report)]
    if army.points:
        sub.append(f"{army.points} points")
    if army.player:
        sub.append(f"Player: {army.player}")
    lines = [head, " · ".join(sub), f"Commander: {commander.title if commander else 'none'}", ""]
    for unit, attachments in _units(report):
        lines.append(" + ".join(x.short() for x in (unit, *attachments)))
    for label, entries in (("NCUs", army.ncus), ("Enemy attachments", army.enemy_attachments)):
        if entries:
            lines.append(f"{label}: " + ", ".join(x.short() for x in _others(report, entries)))
    lines += ["", _totals_line(report), f"Verdict: {_verdict(report)}"]
    lines += [f"  line {p.line}: {p.rule}: {p.message}" for p in report.problems]
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&#])")


def md_escape(text: str) -> str:
    """Backslash-escape what Markdown (or the HTML inside it) would read as markup."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def markdown_sheet(report: ListReport, deck: Deck | None) -> str:
    """Compact Markdown: a heading, one bullet per unit with its attachments, NCUs, totals, verdict."""
    army = report.army
    commander = _commander(report)
    sub = [f"**{md_escape(_faction_name(report))}**"]
    if army.points:
        sub.append(f"{army.points} points")
    sub.append(f"Commander: **{md_escape(commander.title) if commander else 'none'}**")
    if army.player:
        sub.append(f"Player: {md_escape(army.player)}")
    lines = [f"## {md_escape(army.name or army.path)}", "", " · ".join(sub), ""]
    for unit, attachments in _units(report):
        lines.append("- " + " + ".join(md_escape(x.short()) for x in (unit, *attachments)))
    for label, entries in (("NCUs", army.ncus), ("Enemy attachments", army.enemy_attachments)):
        if entries:
            names = ", ".join(md_escape(x.short()) for x in _others(report, entries))
            lines += ["", f"**{label}:** {names}"]
    lines += ["", md_escape(_totals_line(report)), "", f"**Verdict: {md_escape(_verdict(report))}**"]
    if report.problems:
        lines.append("")
        lines += [
            f"- line {p.line}: `{p.rule}` {md_escape(p.message)}" + ("" if p.is_error else " (warning)")
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
    return {
        "name": army.name,
        "player": army.player,
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
        "totals": totals,
        "deck": deck.as_dict() if deck is not None else None,
        "valid": report.valid,
        "problems": [p.as_dict(file=False) for p in report.problems],
    }


def json_sheet(report: ListReport, deck: Deck | None) -> str:
    return json.dumps(sheet_data(report, deck), indent=2, ensure_ascii=False) + "\n"


# --- HTML (one self-contained page for print) --------------------------------------------------


# A4 with margins that suit Letter too; a 50-point list must fit Letter's shorter page (255 mm inside
# these margins), which the browser test checks.
_CSS = """
@page { size: A4; margin: 11mm 12mm 13mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; background: #fff;
  font: 9pt/1.3 "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; }
@media screen {
  body { background: #d8d8d8; }
  .sheet { width: 210mm; min-height: 297mm; margin: 0 auto; padding: 12mm; background: #fff; }
}
h1 { font-size: 17pt; margin: 0; line-height: 1.15; }
h2 { font-size: 9pt; margin: 0 0 1.2mm; text-transform: uppercase; letter-spacing: .06em; color: #444;
  border-bottom: .3mm solid #999; padding-bottom: .5mm; }
header { display: flex; justify-content: space-between; align-items: flex-end; gap: 4mm;
  border-bottom: .6mm solid #111; padding-bottom: 1.5mm; margin-bottom: 2mm; }
header .sub { margin: .5mm 0 0; font-size: 9.5pt; }
header .commander { flex: none; max-width: 50%; text-align: right; font-size: 9.5pt; }
.label { color: #555; font-size: 7.5pt; text-transform: uppercase; letter-spacing: .05em; }
.verdict { border-radius: 1.2mm; padding: 1.4mm 2.5mm; margin-bottom: 2mm; font-weight: bold; font-size: 10pt; }
.verdict.valid { background: #dff3e1; border: .4mm solid #2e7d32; color: #1b5e20; }
.verdict.invalid { background: #fde2e1; border: .6mm solid #c62828; color: #8e0000; }
.verdict ul { margin: .8mm 0 0; padding-left: 4mm; font-weight: normal; font-size: 8.5pt; color: #111; }
.verdict .rule { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 7.5pt; }
.totals { display: flex; flex-wrap: wrap; gap: 1mm 6mm; margin-bottom: 2.5mm; font-size: 9pt; }
.totals b { font-size: 10pt; }
.units { columns: 2; column-gap: 4mm; }
.unit { break-inside: avoid; border: .3mm solid #888; border-radius: 1.2mm; padding: 1.2mm 2mm;
  margin: 0 0 2mm; }
.row { display: flex; align-items: baseline; gap: 1.5mm; }
.row .name { font-weight: bold; flex: 1; }
.unit > .row .name { font-size: 10pt; }
.type { color: #555; font-size: 7.5pt; }
.cost { font-weight: bold; min-width: 5mm; text-align: right; white-space: nowrap; }
.cmd { background: #5b2a86; color: #fff; border-radius: .8mm; padding: 0 .8mm; font-size: 7pt;
  font-weight: bold; }
.foreign { color: #555; font-size: 7.5pt; }
.unknown { color: #c62828; font-style: italic; }
.stats { margin: .6mm 0 .4mm; display: flex; gap: 1mm; flex-wrap: wrap; }
.stat { border: .25mm solid #bbb; border-radius: .8mm; padding: 0 1.2mm; background: #f3f3f3; }
.stat b { font-size: 9.5pt; }
table { border-collapse: collapse; }
.attacks td { padding: 0 2mm 0 0; }
.attacks .hit { font-weight: bold; }
.attacks .rng { color: #555; font-size: 8pt; }
.attacks .dice { font-weight: bold; letter-spacing: .03em; }
.abilities { color: #444; font-style: italic; font-size: 7.5pt; }
.attachment { border-top: .2mm dashed #aaa; margin-top: .8mm; padding-top: .5mm; }
.unit.ncu { border-style: dashed; }
.deck { break-inside: avoid; margin-top: .5mm; }
.deck-cards { columns: 2; column-gap: 4mm; }
.deck-card { display: flex; gap: 1.5mm; align-items: baseline; }
.deck-card .copies { color: #555; min-width: 4mm; }
.deck-card .from { color: #555; font-size: 7.5pt; margin-left: auto; text-align: right; }
.note { color: #555; font-size: 7.5pt; margin: .8mm 0 0; }
footer { margin-top: 2mm; color: #666; font-size: 7pt; }
"""


def _h(text: object) -> str:
    return html.escape(str(text), quote=True)


def _html_name(line: Line) -> str:
    if line.card is None:
        return f'<span class="name unknown">{_h(line.name)} (unknown card)</span>'
    parts = [f'<span class="name">{_h(line.name)}']
    if line.foreign:
        parts.append(f' <span class="foreign">[{_h(line.foreign)}]</span>')
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
        out.append(f'<span class="type">{_h(card.type)}</span>')
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
    out = [f'<section class="verdict {cls}">Verdict: {_h(_verdict(report))}']
    if report.problems:
        out.append("<ul>")
        for p in report.problems:
            out.append(
                f'<li>line {p.line}: <span class="rule">{_h(p.rule)}</span>'
                f"{'' if p.is_error else ' (warning)'} — {_h(p.message)}</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return "".join(out)


def _html_totals(report: ListReport) -> str:
    t = _totals(report)
    items = []
    if t["total"] is not None:
        size = f"/{t['points']}" if t["points"] else ""
        items.append(("Points", f"{t['total']}{size}"))
    if t["neutral_cap"] is not None:
        items.append(("Neutral", f"{t['neutral_total']}/{t['neutral_cap']}"))
    if t["victory_points"] is not None:
        items.append(("Victory points to win", str(t["victory_points"])))
    version = _data_version(report)
    if version:
        items.append(("Card data", version))
    cells = "".join(f'<div><span class="label">{_h(k)}</span> <b>{_h(v)}</b></div>' for k, v in items)
    return f'<section class="totals">{cells}</section>'


def _html_other(label: str, line: Line) -> str:
    """An NCU or an enemy attachment: a dashed box in the unit columns with its ability names."""
    return (
        f'<article class="unit ncu"><div class="row">{_html_name(line)}<span class="type">{_h(label)}</span>'
        f'<span class="cost">{_h(line.cost_label)}</span></div>{_html_abilities(line.card)}</article>'
    )


def _html_deck(deck: Deck) -> str:
    from armybuilder.games.asoiaf.deck import COPIES

    out = [f'<section class="deck"><h2>Tactics deck ({deck.size} cards)</h2><div class="deck-cards">']
    for name, origin, note in _deck_rows(deck):
        where = "faction" if origin == "faction" else deck.commander.title
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


def html_sheet(report: ListReport, deck: Deck | None) -> str:
    """One self-contained page (inline CSS; no scripts, fonts, images or links) to print on A4 or Letter."""
    from armybuilder import __version__

    army = report.army
    commander = _commander(report)
    title = army.name or army.path
    sub = [_faction_name(report)]
    if army.points:
        sub.append(f"{army.points} points")
    if army.player:
        sub.append(f"Player: {army.player}")
    body = [
        "<header><div>",
        f"<h1>{_h(title)}</h1>",
        f'<p class="sub">{" · ".join(_h(s) for s in sub)}</p></div>',
        '<div class="commander"><span class="label">Commander</span><br>',
        f"<b>{_h(commander.title) if commander else 'none'}</b></div></header>",
        _html_verdict(report),
        _html_totals(report),
        '<section class="units">',
        *(_html_unit(unit, attachments) for unit, attachments in _units(report)),
        *(_html_other("NCU", line) for line in _others(report, army.ncus)),
        *(_html_other("enemy attachment", line) for line in _others(report, army.enemy_attachments)),
        "</section>",
    ]
    if deck is not None:
        body.append(_html_deck(deck))
    version = _data_version(report)
    checked = f" against card data {version}" if version else ""
    body.append(f"<footer>Checked by armybuilder {_h(__version__)}{_h(checked)}.</footer>")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_h(title)} — army sheet</title>\n"
        f"<style>{_CSS}</style>\n</head>\n<body>\n"
        '<main class="sheet">\n' + "\n".join(b for b in body if b) + "\n</main>\n</body>\n</html>\n"
    )
