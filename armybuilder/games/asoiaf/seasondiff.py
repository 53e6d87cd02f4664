"""What a new season of card data changes: every card, tactics card and special card that differs between two
catalogues, and what the change does to one list (each card whose cost or legality differs, the totals under
both). Plain text lines; the commands print them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from armybuilder.games.asoiaf.cards import Attack, Card, Special, TacticsCard
from armybuilder.games.asoiaf.describe import describe_requirement
from armybuilder.text import count

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.check import ListReport
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.problems import Problem

ARROW = "→"


def _attack(attack: Attack) -> str:
    return f"{attack.name} ({attack.type}, hit {attack.hit}+, dice {'/'.join(map(str, attack.dice))})"


def _shown(value: object) -> str:
    return "-" if value is None or value == "" else str(value)


def _listed(before: Sequence[str], after: Sequence[str]) -> str | None:
    """`−gone, +new` for two lists of names (None when equal; the order alone changing says so)."""
    if list(before) == list(after):
        return None
    gone = [f"−{x}" for x in before if x not in after]
    new = [f"+{x}" for x in after if x not in before]
    return ", ".join(gone + new) if gone or new else f"reordered: {', '.join(after)}"


def card_changes(old: Card, new: Card, old_cat: Catalogue, new_cat: Catalogue) -> list[str]:
    """Each fact of a card that differs: `cost 8 → 9`, `abilities −A, +B`, `requirements +…`."""
    out: list[str] = []
    for label, a, b in (
        ("name", old.title, new.title),
        ("faction", old.faction, new.faction),
        ("kind", old.kind, new.kind),
        ("version", old.version, new.version),
        ("cost", old.cost_label, new.cost_label),
        ("commander", "yes" if old.commander else "no", "yes" if new.commander else "no"),
        ("type", old.type, new.type),
        ("tray", old.tray, new.tray),
        ("speed", old.speed, new.speed),
        ("defense", old.defense, new.defense),
        ("morale", old.morale, new.morale),
        ("wounds", old.wounds, new.wounds),
    ):
        if a != b:
            out.append(f"{label} {_shown(a)} {ARROW} {_shown(b)}")
    if old.attacks != new.attacks:
        before = ", ".join(map(_attack, old.attacks)) or "none"
        after = ", ".join(map(_attack, new.attacks)) or "none"
        out.append(f"attacks {before} {ARROW} {after}")
    for label, a_list, b_list in (
        ("abilities", old.abilities, new.abilities),
        ("characters", old.characters, new.characters),
        ("tactics", old.tactics, new.tactics),
    ):
        changed = _listed(a_list, b_list)
        if changed:
            out.append(f"{label} {changed}")
    reqs = _listed(
        [describe_requirement(r, old_cat) for r in old.requirements],
        [describe_requirement(r, new_cat) for r in new.requirements],
    )
    if reqs:
        out.append(f"requirements {reqs}")
    return out


def _tactics_changes(old: TacticsCard, new: TacticsCard) -> list[str]:
    return [
        f"{label} {_shown(a)} {ARROW} {_shown(b)}"
        for label, a, b in (
            ("name", old.name, new.name),
            ("version", old.version, new.version),
            ("commander", old.commander, new.commander),
            ("replaces", old.replaces, new.replaces),
        )
        if a != b
    ]


def _special_changes(old: Special, new: Special, old_cat: Catalogue, new_cat: Catalogue) -> list[str]:
    out = [
        f"{label} {_shown(a)} {ARROW} {_shown(b)}"
        for label, a, b in (
            ("name", old.name, new.name),
            ("type", old.type, new.type),
            ("version", old.version, new.version),
            ("used by", ", ".join(old.used_by), ", ".join(new.used_by)),
        )
        if a != b
    ]
    effects = _listed(
        [describe_requirement(e, old_cat) for e in old.effects],
        [describe_requirement(e, new_cat) for e in new.effects],
    )
    if effects:
        out.append(f"effects {effects}")
    return out


def _special_line(special: Special, cat: Catalogue) -> str:
    return " ".join(describe_requirement(e, cat) for e in special.effects)


def diff_catalogues(old: Catalogue, new: Catalogue) -> list[str]:
    """Every card, tactics card and special card added, removed or changed from `old` to `new`, grouped by
    faction (in the new data's order), then a closing count."""
    by_faction: dict[str, list[str]] = {}

    def note(faction: str, line: str) -> None:
        by_faction.setdefault(faction, []).append(f"  {line}")

    counts = {"changed": 0, "added": 0, "removed": 0}
    for ident in sorted(set(old.cards) | set(new.cards)):
        a, b = old.cards.get(ident), new.cards.get(ident)
        if a is None and b is not None:
            counts["added"] += 1
            note(b.faction, f"+ {b.label}: new {b.kind.label}, cost {b.cost_label}")
        elif b is None and a is not None:
            counts["removed"] += 1
            note(a.faction, f"− {a.label}: no longer in the data")
        elif a is not None and b is not None:
            changes = card_changes(a, b, old, new)
            if changes:
                counts["changed"] += 1
                note(b.faction, f"{b.label}: {'; '.join(changes)}")
    others = {"tactics": 0, "specials": 0}
    for ident in sorted(set(old.tactics) | set(new.tactics)):
        ta, tb = old.tactics.get(ident), new.tactics.get(ident)
        if ta is None and tb is not None:
            note(tb.faction, f"+ tactics card {tb.name} ({ident})")
        elif tb is None and ta is not None:
            note(ta.faction, f"− tactics card {ta.name} ({ident})")
        elif ta is not None and tb is not None and (changes := _tactics_changes(ta, tb)):
            note(tb.faction, f"tactics card {tb.name} ({ident}): {'; '.join(changes)}")
        else:
            continue
        others["tactics"] += 1
    for ident in sorted(set(old.specials) | set(new.specials)):
        sa, sb = old.specials.get(ident), new.specials.get(ident)
        if sa is None and sb is not None:
            note(sb.faction, f"+ special card {sb.name} ({ident}): {_special_line(sb, new)}")
        elif sb is None and sa is not None:
            note(sa.faction, f"− special card {sa.name} ({ident})")
        elif sa is not None and sb is not None and (changes := _special_changes(sa, sb, old, new)):
            note(sb.faction, f"special card {sb.name} ({ident}): {'; '.join(changes)}")
        else:
            continue
        others["specials"] += 1
    order = [*new.factions, *(f for f in old.factions if f not in new.factions)]
    out = [f"card data {old.data_version} {ARROW} {new.data_version}"]
    for faction in sorted(by_faction, key=lambda f: order.index(f) if f in order else len(order)):
        shown = new.factions.get(faction) or old.factions.get(faction)
        out.append(shown.name if shown else faction)
        out.extend(by_faction[faction])
    out.append(
        f"{count(counts['changed'], 'card')} changed, {counts['added']} added, {counts['removed']} removed; "
        f"{count(others['tactics'], 'tactics card')} and {count(others['specials'], 'special card')} "
        "added, removed or changed"
    )
    return out


# --- one list under two seasons ---------------------------------------------------------------------------


def _errors_at(problems: Iterable[Problem], line: int, column: int) -> dict[str, str]:
    return {p.rule: p.message for p in problems if p.is_error and (p.line, p.column) == (line, column)}


def _verdict(report: ListReport) -> str:
    if report.valid:
        return "valid"
    rules = sorted({p.rule for p in report.problems if p.is_error or report.strict})
    return f"invalid ({', '.join(rules)})"


def _totals(ctx: Army | None) -> str:
    if ctx is None or ctx.points is None:
        return "?"
    text = f"{ctx.total}/{ctx.points} points"
    if ctx.neutral_cap is not None and ctx.neutral_total:
        text += f", neutral {ctx.neutral_total}/{ctx.neutral_cap}"
    return text


def compare_reports(old: ListReport, new: ListReport) -> list[str]:
    """What moving one list from the old season to the new does: each card whose cost or legality differs,
    the problems of the whole list that come or go, the totals and verdicts under both."""
    a, b = old.context, new.context
    if a is None or b is None:
        first = (new if b is None else old).problems[0]
        return [f"{new.path}: cannot compare: the list cannot be read ({first.message})"]
    va, vb = a.catalogue.data_version, b.catalogue.data_version
    out = [f"{new.path}: card data {va} {ARROW} {vb}"]
    positions: set[tuple[int, int]] = set()
    by_pos_a = {(e.line, e.column): e for e in a.entries}
    for entry in b.entries:
        pos = (entry.line, entry.column)
        positions.add(pos)
        before = by_pos_a.get(pos)
        title = (
            entry.card.title
            if entry.card is not None
            else (before.card.title if before and before.card else "?")
        )
        facts = []
        if before is not None and before.card is not None and entry.card is not None:
            ca, cb = a.cost(before), b.cost(entry)
            if ca != cb:
                facts.append(f"{ca} {ARROW} {cb} points")
        errors_a, errors_b = _errors_at(old.problems, *pos), _errors_at(new.problems, *pos)
        if set(errors_a) != set(errors_b):
            if errors_b:
                gained = [f"{rule}: {message}" for rule, message in errors_b.items() if rule not in errors_a]
                facts.append(f"illegal under {vb} ({'; '.join(gained) or ', '.join(errors_b)})")
            if errors_a and not errors_b:
                facts.append(f"legal under {vb} (under {va}: {'; '.join(errors_a)})")
            elif errors_a:
                lost = [rule for rule in errors_a if rule not in errors_b]
                if lost:
                    facts.append(f"no longer {', '.join(lost)}")
        if facts:
            out.append(f"  {title} (line {entry.line}): {'; '.join(facts)}")
    army_a = {p.rule: p.message for p in old.problems if p.is_error and (p.line, p.column) not in positions}
    army_b = {p.rule: p.message for p in new.problems if p.is_error and (p.line, p.column) not in positions}
    for rule in sorted(set(army_b) - set(army_a)):
        out.append(f"  the list under {vb}: {rule}: {army_b[rule]}")
    for rule in sorted(set(army_a) - set(army_b)):
        out.append(f"  the list under {va} only: {rule}: {army_a[rule]}")
    if len(out) == 1:
        out.append("  no card of this list changes cost or legality")
    out.append(f"  totals: {_totals(a)} under {va}; {_totals(b)} under {vb}")
    out.append(f"  verdict: {_verdict(old)} under {va}; {_verdict(new)} under {vb}")
    return out
