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

import math
import textwrap
from collections.abc import Collection, Mapping, Sequence
from copy import copy
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.formatting.rule import Rule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.differential import DifferentialStyle
from openpyxl.styles.numbers import NumberFormat
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.errors import DipxlError
from dipxl.fields import parse_text
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.layout import SHEETS
from dipxl.workbook.look import Look
from dipxl.workbook.xlsx import HEADER_SHADE, MAX_TEXT

__all__ = [
    "HEADER_FILL",
    "HEADER_FONT",
    "INPUT_FILL",
    "MISSING_FILL",
    "TEXT_FILL",
    "TEXT_FONT",
    "WARN_FILL",
    "blank_without_games",
    "define_name",
    "fit_columns",
    "header_row",
    "name_width",
    "print_setup",
    "put_formula",
    "put_note",
    "put_text",
    "put_value",
    "style_columns",
    "user_text",
    "wrap_text",
]

HEADER_FONT = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor=HEADER_SHADE)
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


def style_columns(
    ws: Worksheet, look: Look, headers: Mapping[int, str], last_row: int, header_row: int = 1,
    text: Collection[int] = (),
) -> None:
    """Format the columns ``headers`` (column number -> header) as their
    kind says (:class:`~dipxl.workbook.look.Look`): the number format and
    alignment on every existing cell below ``header_row`` down to
    ``last_row``, keeping each cell's own fill and font, and the header
    aligned as its data.  Fast: one new style per (old style, column),
    shared by the cells (see :func:`put_value`).  Columns ``text`` hold
    names: formatted as Text, so a name typed as a number (``12``) is the
    text ``12`` that every application's MATCH compares alike."""
    proto = ws.cell(ws.max_row + 5, 1)
    made: dict[tuple[int, bool, bytes], StyleArray] = {}
    formats = {
        c: ("@" if c in text else look.number_format(h), look.align(h), look.indent(h))
        for c, h in headers.items()
    }
    plain = StyleArray()
    for (row, column), cell in ws._cells.items():
        if column not in formats or not header_row <= row <= last_row or cell is proto:
            continue
        old = plain if cell._style is None else cell._style  # put_formula: the plain style
        key = (column, row == header_row, old.tobytes())
        new = made.get(key)
        if new is None:
            proto._style = StyleArray(old)
            fmt, align, indent = formats[column]
            if row > header_row:
                proto.number_format = fmt
            was = cell.alignment
            proto.alignment = Alignment(
                horizontal=align, indent=indent, vertical=was.vertical, wrap_text=was.wrap_text
            )
            new = made[key] = StyleArray(proto._style)
        cell._style = StyleArray(new)
    ws._cells.pop((proto.row, proto.column), None)


def blank_without_games(
    ws: Worksheet, games: int, first: int, last: int, last_row: int
) -> None:
    """Show nothing in columns ``first`` to ``last`` of a row whose Games
    (column ``games``) is 0 or blank: an empty placeholder row, a player or
    power with no finished game, whose 0s are not results.  A conditional
    number format that shows no number (and a white font, for a reader
    that ignores it): the values the formulas compute are unchanged."""
    hide = DifferentialStyle(
        numFmt=NumberFormat(numFmtId=200, formatCode=";;;"), font=Font(color="FFFFFF")
    )
    ws.conditional_formatting.add(
        f"{column_letter(first)}2:{column_letter(last)}{last_row}",
        Rule(type="expression", formula=[f"N(${column_letter(games)}2)=0"], dxf=hide),
    )


# The widest Player column (characters): a longer name is cut on screen.
NAME_WIDTH = 40


def name_width(wb: Workbook, least: float) -> float:
    """A width for a column of player names: the longest name on the
    Players sheet (built first) and a little, between ``least`` and
    :data:`NAME_WIDTH`."""
    players = wb[SHEETS["players"]]
    longest = max((len(str(c.value)) for c in players["B"][1:] if c.value), default=0)
    return float(min(NAME_WIDTH, max(least, longest + 3)))


def fit_columns(ws: Worksheet, look: Look, headers: Mapping[int, str]) -> None:
    """Widen each column so that its header fits (never narrower than set)."""
    for column, header in headers.items():
        dim = ws.column_dimensions[column_letter(column)]
        dim.width = max(dim.width or 0, look.width(header))


def _lines(text: str, width: float) -> int:
    """How many lines ``text`` takes wrapped in a column ``width`` wide:
    wrapped at as many characters as the width (a line of text in the
    default font holds a few more), so never too few."""
    per_line = max(10, int(width))
    return sum(max(1, len(textwrap.wrap(part, per_line))) for part in text.split("\n"))


def wrap_text(ws: Worksheet, row: int, column: int, width: float, size: float = 11) -> None:
    """Wrap the text of a cell whose column is ``width`` wide and make its
    row tall enough for every line (LibreOffice draws a wrapped row at the
    height the file gives, and Excel recomputes it only when edited)."""
    cell = ws.cell(row, column)
    cell.alignment = Alignment(wrap_text=True, vertical="top")
    height = _lines(str(cell.value or ""), width) * size * 1.35 + 2
    dim = ws.row_dimensions[row]
    dim.height = max(dim.height or 0, height)


def put_note(ws: Worksheet, row: int, column: int, width: float, text: str) -> int:
    """A wrapped note beside a table: its cell merged down over as many
    rows as its lines take, so that the table's rows keep their height.
    The row after the note."""
    put_text(ws.cell(row, column), text)
    ws.cell(row, column).alignment = Alignment(wrap_text=True, vertical="top")
    rows = _lines(text, width) * 11 * 1.35 / 15
    ws.merge_cells(
        start_row=row, start_column=column, end_row=row + math.ceil(rows), end_column=column
    )
    return row + math.ceil(rows) + 1


def print_setup(
    ws: Worksheet, last_column: int, last_row: int, *, landscape: bool, titles: bool = True
) -> None:
    """Print ``A1`` to the last cell one page wide (as many pages down as it
    takes), the header row repeated on every page when ``titles``."""
    if titles:
        ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_area = f"A1:{column_letter(last_column)}{last_row}"
