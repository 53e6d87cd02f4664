"""Armies against a row of the Supply track (§1.3 `army-supply`).

A row lists one size limit per army allowed, largest first. Armies fit when, sorted largest first,
there are no more of them than limits and the k-th army is at most the k-th limit. When they do not,
the fewest units to destroy come from pairing the k-th largest army with the k-th limit: an army over
its limit loses the excess, and armies beyond the row are cut to a single unit.
"""

from __future__ import annotations

from collections.abc import Sequence

from armybuilder.games.agot.text import and_list, plural


def cuts(armies: Sequence[tuple[str, int]], row: Sequence[int]) -> list[tuple[str, int]]:
    """(area, units to destroy) for each army that does not fit; empty when they all fit.

    Equal armies keep their file order (the sort is stable)."""
    ordered = sorted(armies, key=lambda a: -a[1])
    result: list[tuple[str, int]] = []
    for k, (area, size) in enumerate(ordered):
        limit = row[k] if k < len(row) else 1
        if size > limit:
            result.append((area, size - limit))
    return result


def fits(armies: Sequence[tuple[str, int]], row: Sequence[int]) -> bool:
    if len(armies) > len(row):
        return False
    sizes = sorted((size for _, size in armies), reverse=True)
    return all(size <= limit for size, limit in zip(sizes, row, strict=False))


def sizes(armies: Sequence[tuple[str, int]]) -> list[int]:
    return sorted((size for _, size in armies), reverse=True)


def destroy_text(found: Sequence[tuple[str, int]]) -> str:
    """`destroy 1 unit in Harrenhal` / `destroy 2 units, 1 in Harrenhal and 1 in The Golden Sound`."""
    total = sum(n for _, n in found)
    if len(found) == 1:
        return f"destroy {plural(total, 'unit')} in {found[0][0]}"
    return f"destroy {plural(total, 'unit')}, " + and_list(f"{n} in {area}" for area, n in found)
