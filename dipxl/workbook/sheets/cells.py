"""What the sheet builders share: styles, cell writers, defined names.

:func:`put_formula` and :func:`put_value` reach into openpyxl 3.1's cell
store, for the Results, Summary and Standings cells (all but a few
hundred of the workbook's): on the 1,000-player, 7-round C-Diplo workbook
of ``benchmarks/workbook.py`` building takes 0.52 s of CPU with them and
0.81 s with ``ws.cell(row, column).value = ...`` (saving, 1.1 s, is the
same either way), a fifth of the generation time.  Every other cell goes
through openpyxl's public API.
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles import Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.errors import DipxlError
from dipxl.fields import parse_text
from dipxl.workbook.formulas import Formulas
from dipxl.workbook.xlsx import MAX_TEXT

__all__ = [
    "HEADER_FILL",
    "HEADER_FONT",
    "INPUT_FILL",
    "MISSING_FILL",
    "TEXT_FILL",
    "TEXT_FONT",
    "WARN_FILL",
    "define_name",
    "header_row",
    "put_formula",
    "put_text",
    "put_value",
    "score_format",
    "user_text",
]

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="DDE5F0")
INPUT_FILL = PatternFill("solid", fgColor="FFFDE7")
WARN_FILL = PatternFill("solid", fgColor="F8B4B4")
MISSING_FILL = PatternFill("solid", fgColor="FFE08A")
TEXT_FILL = PatternFill("solid", fgColor="B39DDB")
TEXT_FONT = Font(bold=True, color="4A148C")


def put_text(cell: Any, value: str) -> None:
    """Store ``value`` as text, never as a formula (names may start with =)."""
    cell.value = value
    cell.data_type = "s"


def header_row(ws: Worksheet, headers: Sequence[str], row: int = 1) -> None:
    """Bold, shaded headers from column A of ``row``."""
    for i, text in enumerate(headers, start=1):
        cell = ws.cell(row, i)
        put_text(cell, text)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL


def put_formula(ws: Worksheet, row: int, column: int, formula: str) -> None:
    """Put ``=formula`` in a cell, fast: generated formulas are plain ASCII
    text, so openpyxl's per-value checks (most of its time on a big sheet)
    are skipped.  Relies on openpyxl 3.1's cell store."""
    cell = Cell(ws, row=row, column=column)
    cell._value = "=" + formula
    cell.data_type = "f"
    ws._cells[(row, column)] = cell


def put_value(
    ws: Worksheet, row: int, column: int, value: object, kind: str, style: Any = None
) -> None:
    """Put a value of a known kind (``"n"`` a number or None, ``"s"`` text
    already checked by :func:`user_text` or written by dipxl) in a cell,
    fast, like :func:`put_formula`; ``style`` a style array to copy."""
    cell = Cell(ws, row=row, column=column, style_array=None if style is None else copy(style))
    cell._value = value
    cell.data_type = kind
    ws._cells[(row, column)] = cell


def define_name(wb: Workbook, name: str, ref: str) -> None:
    """A workbook-level defined name for ``ref`` (``Sheet!$A$1``)."""
    wb.defined_names[name] = DefinedName(name, attr_text=ref)


def user_text(value: object, where: str, what: str) -> str:
    """A name or title as it will be written: white space folded, control
    characters refused, at most as long as a spreadsheet cell holds."""
    text = parse_text(str(value), what, where)
    if len(text) > MAX_TEXT:
        raise DipxlError(
            f"{what} is {len(text):,} characters long, more than a cell holds ({MAX_TEXT:,})",
            where,
        )
    return text


def score_format(form: Formulas) -> str:
    """HTM scores are shown to 4 decimals (Hurst); game scores as they are."""
    return "0.0000" if not form.per_game else "General"
