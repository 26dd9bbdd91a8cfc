"""Cells as the worksheet functions receive them from xlwings.

The conventions every function of :mod:`dipxl.udfs` shares (see its
docstring): blanks (``None``, empty text, or ``0`` where Office.js sends
it), Excel's error values arriving as text (refused, never read as blanks),
a range flattened row by row with its shape kept for the answer and a name
for each cell in messages, the seven cells of a board, and parameter
overrides typed as ``"name=value"`` texts or a name | value range.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain
from typing import Any

from dipxl.errors import DipxlError, InputError, InputErrors
from dipxl.model import Power

__all__ = [
    "ERROR_TEXTS", "IN_PYODIDE", "Cells", "JsNull", "blank", "blank_or_zero", "board",
    "board_cells", "error_text", "left_out", "located", "no_error_texts", "optional_board",
    "orientation", "overrides", "zero_as_blank",
]

_TITLES = tuple(p.title for p in Power)

# ------------------------------------------------------------------ cells


class _NeverJsNull:
    """Outside Pyodide: a type no cell value ever has."""


def _js_null_type() -> type:
    """Pyodide's ``JsNull``: JavaScript's ``null`` in Python (Pyodide 0.28 on).
    xlwings Lite before 0.36.7 passes it on as it comes: a blank cell as
    ``jsnull`` (0.36.6), a left-out optional argument as ``[[jsnull]]``
    (0.33.15 to 0.36.5).  dipxl reads both as blank, as later xlwings does."""
    try:
        ffi = importlib.import_module("pyodide.ffi")
    except ImportError:  # not in Pyodide: CPython, classic xlwings
        return _NeverJsNull
    js_null: type = getattr(ffi, "JsNull", _NeverJsNull)
    return js_null


JsNull = _js_null_type()
IN_PYODIDE = JsNull is not _NeverJsNull


def blank(value: object) -> bool:
    return (
        value is None
        or (isinstance(value, str) and not value.strip())
        or type(value) is JsNull
    )


def left_out(value: object) -> bool:
    """An optional argument left out: ``None``, or in xlwings Lite before
    0.36.6 a ``jsnull``, alone or as the one cell of a range."""
    if value is None:
        return True
    while IN_PYODIDE and isinstance(value, list | tuple) and len(value) == 1:
        value = value[0]
    return type(value) is JsNull


def blank_or_zero(value: object) -> bool:
    """Blank, or the number 0 (Office.js may send a blank cell as 0)."""
    if blank(value):
        return True
    return isinstance(value, int | float) and not isinstance(value, bool) and value == 0


def zero_as_blank(value: object) -> object:
    if type(value) is float:  # the usual cell: fast path (NaN stays, to be refused)
        return value if value != 0 else None
    return None if blank_or_zero(value) else value


# Excel's error values as xlwings delivers them (err_to_str): text that no
# cell dipxl reads may hold, names included (a name cannot be told from an
# error cell here, unlike in a saved workbook).
ERROR_TEXTS = frozenset(
    (
        "#N/A", "#VALUE!", "#REF!", "#NAME?", "#DIV/0!", "#NUM!", "#NULL!", "#SPILL!",
        "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!",
        "#GETTING_DATA", "#EXTERNAL!", "#PYTHON!", "#TIMEOUT!",
    )
)


def located(err: DipxlError, function: str) -> DipxlError:
    """The error a function's cell shows: one line, the function named (the
    first of several problems, counting the rest: DIPXL_CHECK lists them)."""
    return (err.first() if isinstance(err, InputErrors) else err).located(function)


def error_text(value: object, where: str) -> None:
    """Refuse an error value (``#N/A`` ...) where a value belongs."""
    if type(value) is str and value in ERROR_TEXTS:
        raise InputError(f"holds the error value {value}: fix the cell it comes from", where)


def no_error_texts(cells: Cells) -> Cells:
    for k, value in enumerate(cells.values):
        if type(value) is str and value in ERROR_TEXTS:
            error_text(value, cells.label(k))
    return cells


_ROW_KINDS = frozenset((list, tuple))


class Cells:
    """An argument as xlwings delivers it, flattened row by row, with its
    shape so results go back in the same shape, and cell names for errors."""

    __slots__ = ("cols", "flat", "name", "rows", "values")

    def __init__(self, value: object, name: str) -> None:
        self.name = name
        self.flat = False
        if isinstance(value, list | tuple):
            # C-level checks first: this runs on every call of every function.
            if value and (set(map(type, value)) <= _ROW_KINDS
                          or all(isinstance(row, list | tuple) for row in value)):
                width = len(value[0])
                if width == 0 or len(set(map(len, value))) != 1:
                    raise InputError("rows of different lengths: not a range", name)
                self.values: list[object] = list(chain.from_iterable(value))
                self.rows, self.cols = len(value), width
            elif any(isinstance(v, list | tuple) for v in value):
                raise InputError("a mix of cells and rows: not a range", name)
            else:
                self.values = list(value)
                self.rows, self.cols, self.flat = 1, len(value), True
        else:
            self.values = [value]
            self.rows, self.cols, self.flat = 1, 1, True
        if IN_PYODIDE and JsNull in set(map(type, self.values)):
            self.values = [None if type(v) is JsNull else v for v in self.values]

    def __len__(self) -> int:
        return len(self.values)

    @property
    def is_row(self) -> bool:
        return self.rows == 1 and self.cols > 1

    def label(self, k: int) -> str:
        """The k-th cell (0-based) relative to the argument: ``centres, row 3``."""
        if self.cols == 1:
            return f"{self.name}, row {k + 1}"
        if self.rows == 1:
            return f"{self.name}, column {k + 1}"
        return f"{self.name}, row {k // self.cols + 1}, column {k % self.cols + 1}"

    def row(self, r: int) -> list[object]:
        return self.values[r * self.cols : (r + 1) * self.cols]

    def shaped(self, out: Sequence[object]) -> Any:
        """``out`` (one value per cell) in the shape the argument came in."""
        if self.flat:
            return list(out)
        if self.cols == 1:  # a column, the usual board
            return list(map(list, zip(out)))
        return [list(out[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


def board(value: object, name: str) -> Cells:
    cells = Cells(value, name)
    if len(cells) != 7:
        raise InputError(
            f"expects the seven cells of one board, Austria to Turkey, as a column "
            f"or a row; got {cells.rows} x {cells.cols} cells",
            name,
        )
    return cells


@lru_cache(maxsize=64)
def board_cells(centres: str, years: str, flags: str) -> tuple[dict[str, str], ...]:
    """Per power, the names of its centres / year / draw cells, each argument
    a column ("row n") or a row ("column n")."""

    def where(name: str, orientation: str, i: int) -> str:
        return f"{name}, {orientation} {i + 1} ({_TITLES[i]})"

    return tuple(
        {
            "centres": where("centres", centres, i),
            "eliminated": where("eliminated_years", years, i),
            "draw": where("draw_flags", flags, i),
        }
        for i in range(7)
    )


def optional_board(value: object, name: str, default: str) -> tuple[list[object], str]:
    """Seven values of an optional per-seat argument (0 read as blank) and
    its orientation (``default`` when left out)."""
    if left_out(value):
        return [None] * 7, default
    cells = board(value, name)
    return [zero_as_blank(v) for v in cells.values], orientation(cells)


def orientation(cells: Cells) -> str:
    return "row" if cells.cols == 1 else "column"


# ------------------------------------------------------------- parameters


def overrides(value: object) -> dict[str, object]:
    """Parameter overrides from ``"name=value"`` texts and name | value cells."""
    if value is None:
        return {}
    cells = no_error_texts(Cells(value, "parameters"))
    found: dict[str, object] = {}

    def add(name: str, setting: object, where: str) -> None:
        key = name.strip()
        if not key:
            raise InputError(f"a parameter value has no name: {setting!r}", where)
        if key.lower() in found:
            raise InputError(f"parameter {key} is given twice", where)
        found[key.lower()] = setting

    for r in range(cells.rows):
        row = cells.row(r)
        j = 0
        while j < len(row):
            item, where = row[j], cells.label(r * cells.cols + j)
            j += 1
            if blank(item):
                continue
            if not isinstance(item, str):
                raise InputError(
                    f'expected a parameter name or "name=value", got {item!r}', where
                )
            if "=" in item:
                for pair in _pairs(item):
                    name, _, setting = pair.partition("=")
                    add(name, setting, where)
            elif j < len(row):
                add(item, row[j], where)
                j += 1
            else:
                raise InputError(
                    f"parameter {item.strip()} has no value: put it in the next cell "
                    f'or write "{item.strip()}=value"',
                    where,
                )
    return found


def _pairs(text: str) -> list[str]:
    """``"a=1; b=2"`` -> ``["a=1", "b=2"]``; a piece without ``=`` belongs to
    the value before it (``"positions=38;14;7"``)."""
    pairs: list[str] = []
    for piece in text.replace("\n", ";").split(";"):
        if "=" in piece or not pairs:
            pairs.append(piece)
        else:
            pairs[-1] += ";" + piece
    return [p for p in pairs if p.strip()]
