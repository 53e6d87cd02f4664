"""Printouts of `collection`: the best list per owned commander, what to buy next, and a progress line."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.games.asoiaf.armies import Fielding, Progress, Shopping
from armybuilder.games.asoiaf.armylist import Slot
from armybuilder.games.asoiaf.cards import Card
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.collection import Collection
from armybuilder.games.asoiaf.listwriter import ListSpec, dump_list, reference
from armybuilder.games.asoiaf.render.builder import totals_line
from armybuilder.games.base import FORMAT_VERSION
from armybuilder.text import count, json_text

SHOW_AFTER = 1.0  # seconds before a progress line appears


def _how(fielding: Fielding) -> str:
    return "proven best" if fielding.proven else f"best found, not proven ({fielding.why})"


def armies_text(fieldings: list[Fielding], collection: Collection, points: int) -> RenderableType:
    """Each owned commander with its best list and totals, or why it has none."""
    parts: list[RenderableType] = []
    for fielding in fieldings:
        head = Text(fielding.commander.title, style="bold")
        if fielding.spec is None or fielding.report is None:
            head.append(f" — not playable: {fielding.why}", style="yellow")
            parts += [head, Text("")]
            continue
        head.append(f" ({fielding.spec.faction})", style="dim")
        parts.append(head)
        ctx = fielding.report.context
        assert ctx is not None
        table = Table(box=None, show_header=False, pad_edge=False)
        table.add_column("", overflow="fold")
        table.add_column("", justify="right", no_wrap=True)
        for unit in ctx.army.units:
            entries = [e for e in (unit.unit, *unit.attachments) if e.card is not None]
            label = " + ".join(ctx.card(e).title + (" (C)" if ctx.card(e).commander else "") for e in entries)
            table.add_row(f"  {label}", str(sum(ctx.cost(e) for e in entries)))
        for entry in ctx.army.ncus:
            if entry.card is not None:
                mark = " (C)" if entry.card.commander else ""
                table.add_row(f"  NCU {entry.card.title}{mark}", str(ctx.cost(entry)))
        parts.append(table)
        parts.append(Text(f"  {totals_line(fielding.report)} · {_how(fielding)}", style="dim"))
        parts.append(Text(""))
    playable = sum(1 for f in fieldings if f.playable)
    if fieldings:
        parts.append(Text(f"{playable} of {count(len(fieldings), 'commander')} owned playable at {points} points "
                          f"from {collection.path}"))  # fmt: skip
    else:
        parts.append(Text(f"{collection.path} holds no commander (of that faction); `armybuilder collection next` "
                          "says which to buy"))  # fmt: skip
    return Group(*parts)


def list_data(spec: ListSpec, catalogue: Catalogue) -> dict[str, Any]:
    """A list as plain data in the list format (JSON is YAML: saved, it validates as a list file)."""

    def ref(card: Card, slot: Slot) -> str:
        return reference(card, slot, spec.faction, catalogue)

    units: list[Any] = []
    for unit, attachments in spec.units:
        if attachments:
            units.append(
                {"unit": ref(unit, Slot.UNIT), "attachments": [ref(a, Slot.ATTACHMENT) for a in attachments]}
            )
        else:
            units.append(ref(unit, Slot.UNIT))
    commander = spec.commander
    return {
        "faction": spec.faction,
        "points": spec.points,
        **({"commander": commander.title} if commander is not None else {}),
        "units": units,
        "ncus": [ref(n, Slot.NCU) for n in spec.ncus],
    }


def _card(card: Card) -> dict[str, Any]:
    return {"id": card.id, "title": card.title, "faction": card.faction, "cost": card.cost_label}


def armies_data(
    fieldings: list[Fielding], collection: Collection, catalogue: Catalogue, points: int, faction: str | None
) -> dict[str, Any]:
    """Every commander's best list as plain data for `--format json`."""
    armies = []
    for f in fieldings:
        item: dict[str, Any] = {"commander": _card(f.commander), "playable": f.playable}
        ctx = f.report.context if f.report is not None else None
        if f.spec is not None and ctx is not None:
            item.update(
                faction=f.spec.faction,
                proven=f.proven,
                why_not_proven=None if f.proven else f.why,
                totals={
                    "points": ctx.points,
                    "total": ctx.total,
                    "left": (ctx.points or 0) - ctx.total,
                    "neutral_total": ctx.neutral_total,
                    "neutral_cap": ctx.neutral_cap,
                    "units": len(ctx.army.units),
                    "cards": len(ctx.pairs),
                },
                list=list_data(f.spec, catalogue),
            )
        else:
            item["why"] = f.why
        armies.append(item)
    return {
        "format_version": FORMAT_VERSION,
        "collection": collection.path,
        "points": points,
        "faction": faction,
        "armies": armies,
    }


def armies_json(*args: Any) -> str:
    return json_text(armies_data(*args), indent=2) + "\n"


def list_comment(fielding: Fielding, collection: Collection, points: int) -> str:
    return (
        f"{fielding.commander.title}: the best list from {collection.path} at {points} points "
        f"({_how(fielding)}); built by `armybuilder collection armies`"
    )


def armies_yaml(fieldings: list[Fielding], collection: Collection, catalogue: Catalogue, points: int) -> str:
    """The lists as a YAML stream, one document per playable commander; the others as comments first."""
    lines = [
        f"# {f.commander.title}: not playable at {points} points: {f.why}"
        for f in fieldings
        if not f.playable
    ]
    docs = [
        dump_list(f.spec, catalogue, comment=list_comment(f, collection, points))
        for f in fieldings
        if f.spec is not None
    ]
    head = "\n".join(lines) + "\n" if lines else ""
    return head + "".join(f"---\n{doc}" for doc in docs)


def next_table(shopping: Shopping, collection: Collection, points: int, faction: str) -> RenderableType:
    """The purchases that make the most more commanders playable, smallest first."""
    parts: list[RenderableType] = []
    playable = ", ".join(c.title for c in shopping.playable) or "none"
    parts.append(Text(f"Playable now at {points} points ({faction}): {playable}"))
    if shopping.purchases:
        table = Table(box=None, header_style="bold", pad_edge=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("Buy", overflow="fold")
        table.add_column("Cost", justify="right", no_wrap=True)
        table.add_column("Unlocks", overflow="fold")
        for rank, purchase in enumerate(shopping.purchases, 1):
            buy = " + ".join(c.title for c in purchase.cards)
            if purchase.alternatives:
                others = ", ".join(c.title for c in purchase.alternatives[:4])
                more = f" and {len(purchase.alternatives) - 4} more" if len(purchase.alternatives) > 4 else ""
                buy += f"\n  (or instead of {purchase.cards[-1].title}: {others}{more})"
            table.add_row(str(rank), buy, str(purchase.cost), ", ".join(c.title for c in purchase.unlocks))
        parts += [Text(""), table]
    else:
        parts.append(Text("No purchase of one or two cards makes another commander playable."))
    if shopping.out_of_reach:
        parts.append(Text(""))
        parts.append(Text("Out of reach with one or two cards:", style="bold"))
        parts += [Text(f"  {c.title}: {why}", style="dim") for c, why in shopping.out_of_reach]
    return Group(*parts)


def next_data(shopping: Shopping, collection: Collection, points: int, faction: str) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "collection": collection.path,
        "points": points,
        "faction": faction,
        "playable": [_card(c) for c in shopping.playable],
        "purchases": [
            {
                "buy": [_card(c) for c in p.cards],
                "or_instead_of_last": [_card(c) for c in p.alternatives],
                "cost": p.cost,
                "unlocks": [_card(c) for c in p.unlocks],
            }
            for p in shopping.purchases
        ],
        "out_of_reach": [{**_card(c), "why": why} for c, why in shopping.out_of_reach],
    }


class ArmiesProgress:
    """A transient progress line on standard error while `collection armies` searches, shown once the run
    has taken over a second (only on a terminal)."""

    def __init__(self, color: bool) -> None:
        import threading

        from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
        from rich.progress import Progress as Bar

        from armybuilder.render.console import make_console

        self.bar = Bar(
            TextColumn("searching"),
            BarColumn(),
            TextColumn("{task.completed}/{task.total} commanders {task.fields[what]}"),
            TimeElapsedColumn(),
            console=make_console(color=color, stderr=True),
            transient=True,
        )
        self.task = self.bar.add_task("armies", total=1, what="")
        self.timer = threading.Timer(SHOW_AFTER, self.bar.start)  # quick runs print no progress at all
        self.timer.daemon = True

    def __enter__(self) -> ArmiesProgress:
        self.timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.timer.cancel()
        self.timer.join()
        self.bar.stop()

    def update(self, state: Progress) -> None:
        what = f"· {state.commander.title}" if state.commander is not None else ""
        self.bar.update(self.task, total=max(1, state.total), completed=state.done, what=what)
