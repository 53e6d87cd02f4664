"""Checking one ASOIAF list: load it, build the army context, run every rule, and report."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from armybuilder.games.base import DEFAULT_OPTIONS, EMPTY_SUMMARY, Options, Report, Summary, Tally
from armybuilder.record import compared

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.armylist import ArmyList
    from armybuilder.games.asoiaf.catalogue import Catalogue
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.deck import Deck
    from armybuilder.kit.rules import Rules

GAME = "asoiaf"


@compared
@dataclass(eq=False, repr=False)
class ListReport(Report["ArmyList"]):
    """The verdict on one army list: `model` is the ArmyList, `context` the Army the rules read."""

    @property
    def army(self) -> ArmyList:
        assert self.model is not None, "a list report always holds its list"
        return self.model

    @property
    def deck(self) -> Deck | None:
        """The list's tactics deck (built once, during validation), when it has exactly one commander."""
        return self.context.deck if self.context is not None else None


def summarize(army: ArmyList, ctx: Army | None) -> Summary:
    """What every reporter and batch row reads of a checked list."""
    faction = army.faction
    if ctx is None:
        key = faction.key if faction else None
        details = dict(_NO_CONTEXT, name=army.name, player=army.player, faction=key, points=army.points)
        return Summary(army.name, army.player, army.team, key, faction.name if faction else None,
                       details=details)  # fmt: skip
    commander = ctx.commander
    points, total, cap = ctx.points, ctx.total, ctx.neutral_cap
    neutral = ctx.neutral_total
    tallies = _tallies(total, points, neutral, cap) if points is not None else ()
    title = commander.title if commander else None
    key = faction.key if faction else None
    return Summary(
        army.name, army.player, army.team, key, faction.name if faction else None, title, tallies,
        tuple([card.id for _, card in ctx.pairs]),
        {"name": army.name, "player": army.player, "faction": key, "points": points, "total": total,
         "neutral_total": neutral, "neutral_cap": cap, "commander": title},
    )  # fmt: skip


@lru_cache(maxsize=4096)
def _tallies(total: int, points: int, neutral: int, cap: int | None) -> tuple[Tally, ...]:
    """A list's points (and neutral points) against their limits; a batch meets the same few hundred
    figures again and again, and a Tally never changes, so each is built once."""
    if cap is None:
        return (Tally("points", total, points),)
    return Tally("points", total, points), Tally("neutral", neutral, cap)


_NO_CONTEXT: dict[str, object] = {"name": None, "player": None, "faction": None, "points": None, "total": None,
               "neutral_total": None, "neutral_cap": None, "commander": None}  # fmt: skip


@cache
def _checking() -> tuple[type[Army], Rules[Army]]:
    """The context and the rules, imported at the first check (an import statement per list costs more
    than some rules do)."""
    from armybuilder.games.asoiaf.context import Army
    from armybuilder.games.asoiaf.rules import RULES

    return Army, RULES


def validate(army: ArmyList, catalogue: Catalogue, options: Options | None = None) -> ListReport:
    """Check a loaded list against every rule (and against the player's collection when `options` names
    one); never raises for anything wrong with the list (UsageError for an unusable collection file)."""
    options = options or DEFAULT_OPTIONS
    report = ListReport(army.path, GAME, strict=options.strict, summary=EMPTY_SUMMARY, model=army)
    problems = list(army.problems)
    ctx = None
    if army.readable:
        army_class, rules = _checking()
        ctx = army_class.build(army, catalogue, options.points)
        report.context = ctx
        problems.extend(rules.run(ctx))
        if options.collection is not None:  # UsageError (one line) when the collection has errors
            from armybuilder.games.asoiaf.collection import collection_problems, usable_collection

            problems.extend(collection_problems(ctx, usable_collection(options.collection, catalogue)))
    report.add(problems)
    report.summary = summarize(army, ctx)
    return report


def validate_path(path: str, catalogue: Catalogue, options: Options | None = None) -> ListReport:
    """A list file checked the way `validate` checks it: read by the core, through the game's system."""
    from armybuilder import games
    from armybuilder.engine import read

    checked: ListReport = games.get(GAME).check(read(path), catalogue, options or DEFAULT_OPTIONS)
    return checked


def validate_text(
    text: str | bytes, catalogue: Catalogue, path: str, options: Options | None = None
) -> ListReport:
    """A list given as text (the builder's, an archive's, a test's), checked the way `validate` checks it."""
    from armybuilder import games
    from armybuilder.engine import parse

    checked: ListReport = games.get(GAME).check(parse(text, path), catalogue, options or DEFAULT_OPTIONS)
    return checked


def unresolved_count(report: ListReport) -> int:
    """How many card entries of the list name no card (unknown, ambiguous, in the wrong slot)."""
    army = report.army
    entries = [e for u in army.units for e in (u.unit, *u.attachments)]
    entries += [*army.ncus, *army.enemy_attachments]
    return sum(1 for e in entries if e.card is None)
