"""What the ASOIAF commands share: the card catalogue, loaded or a one-line error."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from armybuilder.cli.common import game_data

if TYPE_CHECKING:
    from armybuilder.games.asoiaf.catalogue import Catalogue


def catalogue(
    data: Path | None, version: str | None = None, names: Path | None = None, language: str | None = None
) -> Catalogue:
    """The card catalogue (of one season: None for the newest) with a club's names file, or a one-line error
    and exit 2 when the data or the names file cannot be used."""
    cat: Catalogue = game_data("asoiaf", data, version, names, language)
    return cat
