#!/usr/bin/env python3
"""Render a list's HTML army sheet and take a PNG screenshot of it with headless Chromium, to look at.

    .venv/bin/python benchmarks/sheet_screenshot.py [LIST] [-o sheet.png] [--pdf sheet.pdf]

The screenshot is one A4 page at 150 dpi (1240 × 1754 pixels); `--pdf` also prints the sheet the way a
browser's print dialog would and says how many pages it took. Needs Debian's `chromium`
(`apt-get install chromium poppler-utils`).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LIST = ROOT / "tests" / "cases" / "sheets" / "stark-50.yaml"
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
A4_CSS_PX = 794  # 210 mm at 96 CSS pixels per inch


def sheet_html(list_path: Path) -> str:
    from armybuilder.games.asoiaf.catalogue import load_catalogue
    from armybuilder.games.asoiaf.check import validate_path
    from armybuilder.games.asoiaf.deck import build_deck
    from armybuilder.games.asoiaf.render.sheet import render_sheet

    catalogue = load_catalogue()
    report = validate_path(str(list_path), catalogue)
    ctx = report.context
    deck = None
    if ctx is not None and ctx.commander is not None and ctx.faction is not None:
        deck = build_deck(catalogue, ctx.faction, ctx.commander)
    return render_sheet("html", report, deck)


def chromium(args: list[str], profile: Path) -> None:
    exe = shutil.which("chromium")
    if exe is None:
        sys.exit("chromium is not installed: apt-get install chromium")
    subprocess.run(
        [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        check=True,
        timeout=120,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("list", nargs="?", type=Path, default=DEFAULT_LIST, help="list file (YAML)")
    parser.add_argument("-o", "--out", type=Path, default=Path("sheet.png"), help="PNG to write")
    parser.add_argument("--html", type=Path, help="also keep the HTML sheet here")
    parser.add_argument("--pdf", type=Path, help="also print the sheet to this PDF")
    opts = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="sheet-") as tmp:
        page = Path(opts.html or Path(tmp) / "sheet.html").resolve()
        page.write_text(sheet_html(opts.list), encoding="utf-8")
        # the window is measured in CSS pixels: one A4 page (794 × 1123), scaled to 1240 × 1754 (150 dpi)
        scale = 1240 / A4_CSS_PX
        chromium(
            [
                f"--window-size={A4_CSS_PX},{round(1754 / scale)}",
                f"--force-device-scale-factor={scale:.4f}",
                "--hide-scrollbars",
                f"--screenshot={opts.out.resolve()}",
                page.as_uri(),
            ],
            Path(tmp) / "profile-png",
        )
        print(f"wrote {opts.out}")
        if opts.pdf:
            chromium(
                ["--no-pdf-header-footer", f"--print-to-pdf={opts.pdf.resolve()}", page.as_uri()],
                Path(tmp) / "profile-pdf",
            )
            pages = opts.pdf.read_bytes().count(b"/Type /Page") - opts.pdf.read_bytes().count(b"/Type /Pages")
            print(f"wrote {opts.pdf} ({pages} page{'s' if pages != 1 else ''})")


if __name__ == "__main__":
    main()
