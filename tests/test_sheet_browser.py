"""The HTML army sheet of a 50-point list, printed by headless Chromium, is one page on A4 (and on Letter),
carries the commander's name and the War Council share code as text, and its QR code scans as that code.

Needs Debian's `chromium` (and `pdfinfo`/`pdftotext` from poppler-utils, used when present). Without
chromium the test is skipped on a developer's machine but fails in CI (`CI` set), which must run it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from armybuilder.games.asoiaf.catalogue import Catalogue
from armybuilder.games.asoiaf.check import validate_path
from armybuilder.games.asoiaf.deck import build_deck
from armybuilder.games.asoiaf.interchange import export_list
from armybuilder.games.asoiaf.render.sheet import render_sheet

pytestmark = pytest.mark.browser

SHEETS = Path(__file__).parent / "cases" / "sheets"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium() -> str:
    exe = shutil.which("chromium")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail(
                "chromium is not installed, and CI must print the army sheet: apt-get install chromium"
            )
        pytest.skip("chromium is not installed (apt-get install chromium poppler-utils)")
    return exe


def print_to_pdf(html_file: Path, pdf: Path, profile: Path) -> bytes:
    result = subprocess.run(
        [
            chromium(),
            *CHROMIUM_FLAGS,
            f"--user-data-dir={profile}",
            "--no-pdf-header-footer",
            f"--print-to-pdf={pdf}",
            html_file.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0 and pdf.is_file(), f"chromium failed:\n{result.stderr[-2000:]}"
    return pdf.read_bytes()


def page_count(pdf: Path, data: bytes) -> int:
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=60, check=True)
        found = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
        assert found, info.stdout
        return int(found.group(1))
    # page objects, not the /Pages tree node
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def pdf_text(pdf: Path, data: bytes) -> str:
    if shutil.which("pdftotext"):
        out = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, timeout=60, check=True
        )
        return out.stdout
    # without poppler: inflate the content streams; text may be in font-subset glyph codes, so this can
    # only find what is written plainly
    chunks = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            chunks.append(zlib.decompress(stream).decode("latin-1"))
        except zlib.error:
            continue
    return "\n".join(chunks)


def pgm_pixels(pgm: bytes) -> memoryview:
    """A binary PGM (pdftoppm -gray) as a 2-D memoryview of grey bytes, the shape a QR reader takes."""
    fields = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", pgm)
    assert fields is not None, pgm[:40]
    width, height = int(fields[1]), int(fields[2])
    return memoryview(pgm[fields.end() : fields.end() + width * height]).cast("B", shape=[height, width])


def scanned_codes(pdf: Path) -> list[str]:
    """What a phone would read from the printed page: pdftoppm rasterises it, zxing-cpp decodes the QR."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="the QR reader is a test extra: pip install '.[test]'")
    if not shutil.which("pdftoppm"):
        if os.environ.get("CI"):
            pytest.fail("pdftoppm is not installed, and CI must scan the printed QR code: apt-get install poppler-utils")
        pytest.skip("pdftoppm is not installed (apt-get install poppler-utils)")
    pgm = subprocess.run(
        ["pdftoppm", "-r", "150", "-gray", "-singlefile", str(pdf)], capture_output=True, timeout=60, check=True
    ).stdout
    return [barcode.text for barcode in zxingcpp.read_barcodes(pgm_pixels(pgm))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", ["stark-50", "stark-50-dense"])
def test_fifty_point_sheet_prints_on_one_page(
    catalogue: Catalogue, tmp_path: Path, name: str, paper: str
) -> None:
    report = validate_path(str(SHEETS / f"{name}.yaml"), catalogue)
    assert report.valid, report.problems
    ctx = report.context
    assert ctx is not None and ctx.commander is not None and ctx.faction is not None
    assert ctx.total == 50
    assert report.army.notes
    page = render_sheet("html", report, build_deck(catalogue, ctx.faction, ctx.commander), paper)
    html_file = tmp_path / "sheet.html"
    html_file.write_text(page, encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"

    data = print_to_pdf(html_file, pdf, tmp_path / "profile")

    assert data.startswith(b"%PDF")
    assert page_count(pdf, data) == 1
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=60).stdout
        expected = "(A4)" if paper == "a4" else "(letter)"
        assert expected in info, info
    text = " ".join(pdf_text(pdf, data).split())
    if not shutil.which("pdftotext") and ctx.commander.title not in text:
        # Chromium writes glyph ids of font subsets: only pdftotext can read them back
        if os.environ.get("CI"):
            pytest.fail(
                "pdftotext is not installed, and CI must read the printed sheet: apt-get install poppler-utils"
            )
        pytest.skip(
            "pdftotext is not installed (apt-get install poppler-utils): page count checked, text not"
        )
    assert ctx.commander.title in text
    assert report.army.player is not None and report.army.player in text
    declared = [report.army.team or "", *(e.card.title for e in report.army.reinforcements if e.card)]
    words = set(text.replace(",", " ").split())  # (a name wraps beside the round track: look for its words)
    assert all(set(what.replace(",", "").split()) <= words for what in declared)  # the team, the reinforcements
    assert report.army.reinforcements
    assert "Verdict: valid" in text
    code = export_list("warcouncil", report, catalogue).strip()
    assert code in "".join(text.split())  # the code as printed (it may wrap at the page's edge)
    assert report.army.notes.split()[0] in text
    assert "Victory points (12 to win)".upper() in text.upper()
    assert scanned_codes(pdf) == [code]


@pytest.mark.parametrize(("language", "label", "victory"), [
    ("de", "Kommandant", "Siegpunkte (12 zum Sieg)"),
    ("fr", "Commandant", "Points de victoire (12 pour gagner)"),
])  # fmt: skip
@pytest.mark.parametrize("name", ["stark-50", "stark-50-dense"])
def test_the_sheet_in_another_language_prints_on_one_page(
    catalogue: Catalogue, tmp_path: Path, language: str, label: str, victory: str, name: str
) -> None:
    translated = catalogue.in_language(language)
    report = validate_path(str(SHEETS / f"{name}.yaml"), translated)
    assert report.valid, report.problems
    ctx = report.context
    assert ctx is not None and ctx.commander is not None and ctx.faction is not None
    page = render_sheet("html", report, build_deck(translated, ctx.faction, ctx.commander), "a4")
    html_file = tmp_path / "sheet.html"
    html_file.write_text(page, encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"

    data = print_to_pdf(html_file, pdf, tmp_path / "profile")

    assert page_count(pdf, data) == 1
    if not shutil.which("pdftotext"):
        if os.environ.get("CI"):
            pytest.fail("pdftotext is not installed, and CI must read the printed sheet: apt-get install poppler-utils")
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils): page count checked, text not")
    text = " ".join(pdf_text(pdf, data).split())
    assert translated.printed.title(ctx.commander) in text
    assert ctx.commander.title in text  # English in small print, for the opponent
    assert label.upper() in text.upper()
    assert victory.upper() in text.upper()
    words = set(text.replace(",", " ").split())  # a long name wraps inside its two-column box: look for its words
    for entry in (*(e for u in ctx.army.units for e in (u.unit, *u.attachments)), *ctx.army.ncus):
        assert entry.card is not None
        assert set(translated.printed.title(entry.card).replace(",", "").split()) <= words
    code = export_list("warcouncil", report, translated).strip()
    assert scanned_codes(pdf) == [code]
