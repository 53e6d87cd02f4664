"""syntax: text that is not YAML (or not text) becomes one problem with the parser's position."""

from __future__ import annotations

from armycheck import check, errors, message

from armybuilder.games.asoiaf.catalogue import Catalogue


def test_valid_yaml_has_no_syntax_problem(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units: [Stark Sworn Swords]
        """,
    )
    assert not [p for p in report.problems if p.rule == "syntax"]


def test_unclosed_flow_list(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units: [Stark Sworn Swords, Stark Bowmen
        ncus: [Catelyn Stark]
        """,
    )
    # where the list opens, with the fix: libyaml would stop a line later, at `ncus:`, saying it found no `:`
    assert errors(report) == {("syntax", 3)}
    assert 'nothing closes; put "]" after its last item' in message(report, "syntax")
    assert not report.valid
    assert report.context is None  # an unreadable list is not checked any further


def test_bad_indentation(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units:
          - Stark Sworn Swords
         - Stark Bowmen
        """,
    )
    assert {rule for rule, _ in errors(report)} == {"syntax"}
    assert "invalid YAML" in message(report, "syntax")


def test_duplicate_key_is_rejected_not_replaced(catalogue: Catalogue) -> None:
    report = check(
        catalogue,
        """
        faction: stark
        points: 40
        units: [Stark Sworn Swords]
        units: [Stark Bowmen]
        """,
    )
    assert errors(report) == {("syntax", 4)}
    assert "first at line 3" in message(report, "syntax")


def test_binary_data(catalogue: Catalogue) -> None:
    from armybuilder.games.asoiaf.check import validate_text

    report = validate_text(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", catalogue, "x.png")
    assert errors(report) == {("syntax", 1)}
    assert "binary" in message(report, "syntax")
