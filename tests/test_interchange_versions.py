"""Two versions of a card that share a name (Mag the Mighty at 5 and at 9 points; Varamyr Sixskins, Master
Skinchanger, at 3 and at 2): an asoiaf-stats text writes only the name and the cost, so the cost tells the
version apart, with a note; without a cost that fits one version the name stays a problem."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_interchange import import_comment, reimport, shape, spec_of

from armybuilder.errors import ArmyBuilderError
from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.interchange import export_list, import_list

VALID = Path(__file__).parent / "cases" / "valid"


@pytest.mark.parametrize("name", ["freefolk-40", "freefolk-varamyr"])
def test_an_asoiaf_stats_text_of_a_card_two_versions_share_imports_back_the_same_version(name: str, catalogue: Catalogue) -> None:
    # it exported, then `import --from asoiaf-stats` stopped: "'Mag the Mighty' matches 2 cards"
    report = validate_path(str(VALID / f"{name}.yaml"), catalogue)
    spec, _ = reimport("asoiaf-stats", export_list("asoiaf-stats", report, catalogue), catalogue)
    assert shape(spec) == shape(spec_of(report))
    assert "names 2 cards; read as" in import_comment("asoiaf-stats", spec)


@pytest.mark.parametrize(("line", "card"), [("• Mag the Mighty (5)", "10313"), ("• Mag the Mighty (9)", "10314")])
def test_the_cost_chooses_the_version(line: str, card: str, catalogue: Catalogue) -> None:
    spec = import_list("asoiaf-stats", f"Faction: Free Folk\nPoints: 40\n\nCombat Units\n{line}\n", catalogue)
    assert [u.id for u, _ in spec.units] == [card]


@pytest.mark.parametrize("line", ["• Mag the Mighty", "• Mag the Mighty (7)", "• Mag the Mighty (05)", "• Mag the Mighty (" + "9" * 5000 + ")"])
def test_a_cost_that_fits_no_single_version_leaves_the_name_a_problem(line: str, catalogue: Catalogue) -> None:
    with pytest.raises(ArmyBuilderError, match="matches 2 cards"):
        import_list("asoiaf-stats", f"Faction: Free Folk\nPoints: 40\n\nCombat Units\n{line}\n", catalogue)
