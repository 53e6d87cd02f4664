"""The player's limits on proposed lists, as options `complete`, `build` and `collection armies` share:
--max-copies, --min-units/--max-units, --min-ncus/--max-ncus, --with CARD, --without CARD."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from armybuilder.cli.common import fatal

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.builder.proposals import Limits
    from armybuilder.games.asoiaf.catalogue import Catalogue

MaxCopiesOption = typer.Option(
    3, "--max-copies", min=1, metavar="N", help="No card more than N times in a proposed list (default 3)."
)
MinUnitsOption = typer.Option(None, "--min-units", min=0, metavar="N", help="At least N combat units in the list.")
MaxUnitsOption = typer.Option(None, "--max-units", min=0, metavar="N", help="At most N combat units in the list.")
MinNcusOption = typer.Option(None, "--min-ncus", min=0, metavar="N", help="At least N NCUs in the list.")
MaxNcusOption = typer.Option(
    None,
    "--max-ncus",
    min=0,
    metavar="N",
    help="At most N NCUs in the list (default 2, or --min-ncus when that asks for more).",
)
WithOption = typer.Option(
    [], "--with", metavar="CARD", help="A card the list must hold (repeat the option for more)."
)
WithoutOption = typer.Option(
    [], "--without", metavar="CARD", help="A card a proposal may not add (repeat the option for more)."
)


def read_limits(
    cat: Catalogue,
    faction: str | None,
    max_copies: int,
    min_units: int | None,
    max_units: int | None,
    min_ncus: int | None,
    max_ncus: int | None,
    with_cards: list[str],
    without: list[str],
) -> Limits:
    """The options as `Limits`, or a one-line error (exit 2) naming the option that cannot be used."""
    from armybuilder.errors import ArmyBuilderError
    from armybuilder.games.asoiaf.builder.document import find_card
    from armybuilder.games.asoiaf.builder.proposals import MAX_NCUS, Limits
    from armybuilder.games.asoiaf.cards import CardKind

    if max_ncus is None:  # the default: what a player fields, unless the player asks for more
        max_ncus = max(MAX_NCUS, min_ncus or 0)
    for low, high, what in ((min_units, max_units, "units"), (min_ncus, max_ncus, "ncus")):
        if low is not None and high is not None and low > high:
            fatal(f"--min-{what} {low} is more than --max-{what} {high}; no list can have both")
    kinds = [CardKind.COMBAT_UNIT, CardKind.ATTACHMENT, CardKind.NCU]

    def card_id(option: str, text: str) -> str:
        try:
            return find_card(cat, text, kinds, faction).id
        except ArmyBuilderError as exc:
            fatal(f"{option} {text}: {exc}")

    wanted = [card_id("--with", t) for t in with_cards]
    unwanted = frozenset(card_id("--without", t) for t in without)
    clash = [t for t, i in zip(with_cards, wanted, strict=True) if i in unwanted]
    if clash:
        fatal(f"--with {clash[0]} and --without name the same card; keep one")
    return Limits(
        max_copies=max_copies,
        min_units=min_units,
        max_units=max_units,
        min_ncus=min_ncus,
        max_ncus=max_ncus,
        with_cards=tuple(frozenset({i}) for i in wanted),
        without=unwanted,
    )
