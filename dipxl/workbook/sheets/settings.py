"""The Settings sheet: one row per setting (``Setting | Value | Notes``),
each value a named cell ``set_<name>`` that the formulas read."""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.systems import System
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import cell as a1_cell
from dipxl.workbook.layout import (
    ROUND_WEIGHTS,
    SETTINGS_HEADER,
    SHEETS,
    TUPLE_BLANKS,
    settings_rows,
)
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.styling import (
    INPUT_FILL,
    define_name,
    header_row,
    print_setup,
    put_text,
    style_columns,
    wrap_text,
)

__all__ = ["MAX_POSITIONS", "build", "settings_table"]

# Rows of a tuple parameter (``positions``): enough for a board's seven places.
MAX_POSITIONS = 7
# The Notes column, in characters: with Setting and Value, one portrait page.
NOTES_WIDTH = 60


def build(
    wb: Workbook, ws: Worksheet, spec: System, params: Any, title: str, rounds: int
) -> None:
    """Title, system and every parameter of ``spec`` with its note
    (``rounds``: the workbook's, one ``round_weights`` row each)."""
    header_row(ws, SETTINGS_HEADER)
    ordered = settings_table(spec, params, title, rounds)
    top = Alignment(vertical="top")
    for r, (name, value, note) in enumerate(ordered, start=2):
        put_text(ws.cell(r, 1), name)
        ws.cell(r, 1).alignment = top
        cell = ws.cell(r, 2)
        cell.alignment = top
        if isinstance(value, str):
            put_text(cell, value)
        elif value is not None:
            cell.value = value
        cell.fill = INPUT_FILL
        put_text(ws.cell(r, 3), _setting_note(spec, name, note))
        if name not in ("title", "system"):
            ref = a1_cell(2, r, absolute=True)
            define_name(wb, fx.setting_name(name), f"{SHEETS['settings']}!{ref}")
    # Each tuple parameter's rows as one range too (set_<name>_rows).
    rows = [name for name, _, _ in ordered]
    for name, default in spec.parameters():
        if isinstance(default, tuple):
            span = [r for r, row in enumerate(rows, start=2)
                    if row.rpartition("_")[0] == name and row.rpartition("_")[2].isdigit()]
            first, last = span[0], span[-1]
            define_name(wb, fx.setting_rows(name),
                        f"{SHEETS['settings']}!$B${first}:$B${last}")
    ws.column_dimensions["A"].width = 22
    ws.column_dimensions["B"].width = min(50, max(28, len(title) + 4))
    wrap_text(ws, 2, 2, ws.column_dimensions["B"].width)  # a long title
    ws.column_dimensions["C"].width = NOTES_WIDTH
    style_columns(ws, Look(), dict(enumerate(SETTINGS_HEADER, start=1)), len(ordered) + 1)
    for r in range(2, len(ordered) + 2):
        wrap_text(ws, r, 3, NOTES_WIDTH)
    ws.freeze_panes = "A2"
    print_setup(ws, 3, len(ordered) + 1, landscape=False)


def _setting_note(spec: System, name: str, note: str) -> str:
    """The note of a Settings row: the parameter's documentation (from its
    field; ``positions_2``: its element's), else the row's own note."""
    doc = spec.parameter_doc(name)
    if not doc:
        return note
    blank = note.rpartition(" (blank: ")[2]
    return f"{doc} (blank: {blank}" if note.endswith(")") and " (blank: " in note else doc


def settings_table(
    spec: System, params: Any, title: str, rounds: int = MAX_POSITIONS
) -> list[tuple[str, Any, str]]:
    """The Settings rows as written: :func:`settings_rows`, with each tuple
    parameter padded with blank rows so that a TD can add an element
    without breaking a formula: ``positions`` to seven rows (blank: 0
    points), ``round_weights`` to one row a round of the workbook's
    ``rounds`` (blank: weight 1)."""
    rows = {row[0]: row for row in settings_rows(spec, params, title)}
    out = [rows["title"], rows["system"]]
    for name, default in spec.parameters():
        if not isinstance(default, tuple):
            out.append(rows[name])
            continue
        have = len(getattr(params, name))
        out.extend(rows[f"{name}_{k}"] for k in range(1, have + 1))
        size = rounds if name == ROUND_WEIGHTS else MAX_POSITIONS
        blank = TUPLE_BLANKS.get(name, 0)
        out.extend(
            (f"{name}_{k}", None, f"{name}: element {k} (blank: {blank})")
            for k in range(have + 1, size + 1)
        )
    return out
