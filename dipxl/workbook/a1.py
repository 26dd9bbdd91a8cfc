"""A1 references: the one place that turns column numbers into letters and
back, and builds the references formulas and messages name.

Columns are numbered from 1 (``A``), as in a spreadsheet and in openpyxl;
rows from 1.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["cell", "column_letter", "column_number", "column_span", "parse_cell"]

_CELL = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]+)$")


@lru_cache(maxsize=1024)
def column_letter(column: int) -> str:
    """``1 -> A``, ``26 -> Z``, ``27 -> AA``."""
    if column < 1:
        raise ValueError(f"column numbers start at 1, got {column}")
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_number(letters: str | bytes) -> int:
    """``A -> 1``, ``AA -> 27`` (either case; text or ASCII bytes)."""
    text = letters.decode("ascii") if isinstance(letters, bytes) else letters
    number = 0
    for ch in text.upper():
        number = number * 26 + (ord(ch) - 64)
    return number


def cell(column: int, row: int, *, absolute: bool = False) -> str:
    """``B7``, or ``$B$7`` when ``absolute``."""
    if absolute:
        return f"${column_letter(column)}${row}"
    return f"{column_letter(column)}{row}"


def column_span(letter: str, first: int, last: int, sheet: str | None = None) -> str:
    """Rows ``first``-``last`` of a column, absolute: ``$E$2:$E$64``, with
    ``Sheet!`` in front when a sheet is named."""
    prefix = f"{sheet}!" if sheet else ""
    return f"{prefix}${letter}${first}:${letter}${last}"


def parse_cell(ref: str) -> tuple[int, int] | None:
    """``(row, column)`` of a single-cell reference (``B7``, ``$B$7``), or
    None when ``ref`` is not one."""
    m = _CELL.match(ref.strip())
    if not m:
        return None
    return int(m.group(2)), column_number(m.group(1))
