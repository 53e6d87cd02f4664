"""not-read: a line of an imported text that `import` could not read, kept under `not_read:`."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_a_list_with_nothing_left_unread(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units: [Stark Sworn Swords]
        not_read: []
        """,
    )
    assert not [p for p in report.problems if p.rule == "not-read"]


def test_each_line_not_read_is_a_problem_at_its_entry(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units: [Stark Sworn Swords]
        not_read:
          - "line 3: no card called 'Stark Crossbowmen'; did you mean 'Stark Bowmen'?"
          - "line 7: 'Daenerys Targaryen' could be any of 2 cards"
        """,
    )
    assert {p for p in errors(report) if p[0] == "not-read"} == {("not-read", 5), ("not-read", 6)}
    assert "the import could not read this: line 3: no card called 'Stark Crossbowmen'" in message(
        report, "not-read"
    )
