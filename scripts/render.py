"""Render what a TD sees: every printed page of the demo workbooks, the
templates and the scored outputs, through LibreOffice to PDF, then PNG.

    python scripts/render.py [OUT] [--dpi 50] [--only GLOB]

OUT (default ``render/``) gets:

- ``workbooks/``: the demo's four example workbooks (``dipxl demo``) and
  their scored outputs (``NAME-scored.xlsx``), and a copy of every
  template of ``templates/``;
- ``pdf/``: each workbook as LibreOffice prints it (formulas recalculated
  on load, every visible sheet with its own page set-up, one PDF a
  workbook);
- ``png/``: each PDF page as ``<workbook>-<page>.png``.

Look at every page (an image viewer, or a file-view tool): a sheet should
fit its page width, repeat its header row on every page, show numbers with
the number of decimals of their kind, and no text should run off a page.

Needs LibreOffice (``soffice``; Debian: ``apt-get install
libreoffice-calc-nogui``) and ``pdftoppm`` from poppler (Debian:
``apt-get install poppler-utils``).  Reuses the LibreOffice runner of the
tests (``tests/lo.py``: a fresh private profile, recalculation forced).
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import io
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from lo import convert_many  # noqa: E402  (tests/ is put on the path first)

from dipxl.cli import cli  # noqa: E402


def workbooks(folder: Path) -> list[Path]:
    """The demo workbooks and their scored outputs, and the templates,
    written or copied into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # the demo's tables
            cli.main(["demo", str(folder), "--force"], standalone_mode=False)
    except SystemExit as stop:  # the demo exits non-zero when it warns
        if stop.code not in (0, None):
            print(f"dipxl demo exited {stop.code}", file=sys.stderr)
    for template in sorted((ROOT / "templates").glob("*.xlsx")):
        shutil.copyfile(template, folder / f"template-{template.name}")
    return sorted(folder.glob("*.xlsx"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("render"))
    parser.add_argument("--dpi", type=int, default=50, help="PNG resolution (default 50)")
    parser.add_argument("--only", default="*", help="render only workbooks matching this glob")
    args = parser.parse_args(argv)
    if shutil.which("pdftoppm") is None:
        print("pdftoppm not found: apt-get install poppler-utils", file=sys.stderr)
        return 1
    out: Path = args.out
    chosen = [p for p in workbooks(out / "workbooks") if fnmatch.fnmatch(p.name, args.only)]
    pdfs = convert_many(chosen, out / "pdf", "pdf", ".pdf", timeout=900)
    png = out / "png"
    png.mkdir(parents=True, exist_ok=True)
    for old in png.glob("*.png"):
        old.unlink()
    for pdf in pdfs:
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(args.dpi), str(pdf), str(png / pdf.stem)], check=True
        )
        pages = [p for p in png.glob(f"{pdf.stem}-*.png") if p.stem[len(pdf.stem) + 1 :].isdigit()]
        print(f"{pdf.name}: {len(pages)} page{'s' if len(pages) != 1 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
