"""Schema and integrity checks of card data (placeholder until the checker lands)."""

from __future__ import annotations

from armybuilder.problems import Problem

from .catalogue import DataFile


def check(files: list[DataFile]) -> list[Problem]:
    return []
