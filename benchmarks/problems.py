"""Inputs with very many problems (issue 19 item 3): the time and memory of
``dipxl score`` refusing, or warning about, an input that is bad in every
row, old and new in one run (``python benchmarks/problems.py --roots .
/work/main``).

Every file stays inside the readers' size limits; what it costs is the
number of its problems:

- ``dense.xlsx``: a Results sheet as full as the cell limit allows, rows of
  15 numbers (every cell of row ``r`` holds ``r``), nearly every cell bad;
- ``bad.csv``: as many rows as the row limit allows, seven columns, every
  cell bad;
- ``broken-games.csv``: every cell right, every board of eight seats;
- ``half-entered.csv``: every board with one centre count blank and
  players in two games a round (a warning a board, the file scored).

Each checkout scores each file (``--format json``) in a fresh process
through ``benchmarks/hostile.py`` (the clock started after the imports, peak
memory as the kernel reports it); its "worst hostile file" line is the worst
of these.  Figures, not a test.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import hostile  # benchmarks/hostile.py, beside this script
from hostile import files

from dipxl.io.limits import MAX_CELLS, MAX_ROWS

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
# Just inside the limits of dipxl.io.limits: what is refused fast for its
# size is not measured here.
ROWS = MAX_ROWS - 1_000
DENSE_ROWS = MAX_CELLS // 15 - 100


def dense(path: Path) -> None:
    body = b"".join(
        b'<row r="%d">' % r
        + b"".join(b'<c r="%s%d"><v>%d</v></c>' % (bytes([65 + c]), r, r) for c in range(15))
        + b"</row>"
        for r in range(44, 44 + DENSE_ROWS)
    )
    sheet = files._part(files.SHEET)
    path.write_bytes(files._edited({files.SHEET: sheet.replace(b"</sheetData>",
                                                                body + b"</sheetData>")}))


def bad_csv(path: Path) -> None:
    lines = ["Round,Board,Power,Player,Centres,Eliminated,Draw"]
    lines += [",".join([str(r)] * 7) for r in range(ROWS)]
    path.write_text("\n".join(lines) + "\n")


def broken_games(path: Path) -> None:
    lines = ["Round,Board,Power,Player,Centres"]
    lines += [f"1,{n // 8 + 1},{POWERS[n % 8 % 7]},P{n},4" for n in range(ROWS)]
    path.write_text("\n".join(lines) + "\n")


def half_entered(path: Path) -> None:
    lines = ["Round,Board,Power,Player,Centres"]
    for n in range(ROWS // 7 * 7):
        board, seat = divmod(n, 7)
        centres = "" if seat == 0 else "10" if seat == 6 else "4"
        lines.append(f"{1 + board // 1000},{board % 1000 + 1},{POWERS[seat]},P{n % 5000},"
                     f"{centres}")
    path.write_text("\n".join(lines) + "\n")


FILES: dict[str, Callable[[Path], None]] = {
    "dense.xlsx": dense,
    "bad.csv": bad_csv,
    "broken-games.csv": broken_games,
    "half-entered.csv": half_entered,
}


def main() -> None:
    """``benchmarks/hostile.py``'s command (``--roots``, ``--only``, ``--cap``,
    ``--timeout``) over these files instead of its own."""
    hostile.FILES.clear()
    hostile.FILES.update(FILES)
    hostile.main()


if __name__ == "__main__":
    main()
