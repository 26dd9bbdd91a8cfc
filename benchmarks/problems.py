"""Inputs with very many problems (issue 19 item 3): the time and memory of
``dipxl score`` refusing, or warning about, an input that is bad in every
row, old and new in one run (``python benchmarks/problems.py --roots .
/work/main``).

Every file stays inside the readers' size limits; what it costs is the
number of its problems:

- ``dense-60k-x15.xlsx``: a Results sheet of 60,000 rows of 15 numbers
  (every cell of row ``r`` holds ``r``): about 300,000 bad cells;
- ``bad-99k.csv``: 99,000 such rows as CSV text (seven columns, about
  530,000 bad cells);
- ``broken-games-99k.csv``: every cell right, every board of eight seats
  (12,375 broken games);
- ``half-entered-99k.csv``: every board with one centre count blank and
  players in two games a round (about 40,000 warnings, the file scored).

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

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
# Inside the limits of dipxl.io.limits as the lead lowers them (100,000
# result rows, a million cells): what is refused fast for its size is not
# measured here.
ROWS = 99_000
DENSE_ROWS = 60_000


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
    "dense-60k-x15.xlsx": dense,
    "bad-99k.csv": bad_csv,
    "broken-games-99k.csv": broken_games,
    "half-entered-99k.csv": half_entered,
}


def main() -> None:
    """``benchmarks/hostile.py``'s command (``--roots``, ``--only``, ``--cap``,
    ``--timeout``) over these files instead of its own."""
    hostile.FILES.clear()
    hostile.FILES.update(FILES)
    hostile.main()


if __name__ == "__main__":
    main()
