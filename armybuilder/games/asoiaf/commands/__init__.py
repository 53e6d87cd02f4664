"""The commands only ASOIAF has: editing and building lists, browsing cards, importing other formats, what
a collection can field."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer


def register(app: typer.Typer) -> None:
    """Add every ASOIAF command to the application (each module imports what it runs lazily)."""
    from armybuilder.games.asoiaf.commands import (
        browse,
        collection,
        complete,
        edit,
        interchange,
        lists,
        schema,
    )

    for module in (lists, browse, interchange, edit, complete, schema, collection):
        module.register(app)
