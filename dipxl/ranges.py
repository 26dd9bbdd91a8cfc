"""Cells as the worksheet functions receive them from xlwings.

The conventions every function of :mod:`dipxl.udfs` shares (see its
docstring): blanks (``None``, empty text, or ``0`` where Office.js sends
it), Excel's error values arriving as text (refused, never read as blanks),
a range flattened row by row with its shape kept for the answer and a name
for each cell in messages, a table range read as its filled rows only (a
whole column costs what the rows typed cost), the seven cells of a board,
and parameter overrides typed as ``"name=value"`` texts or a name | value
range.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain, compress
from operator import not_
from typing import Any, NoReturn

from dipxl.errors import DipxlError, InputError, InputErrors
from dipxl.fields import is_blank
from dipxl.io.limits import MAX_CELLS, MAX_ROWS
from dipxl.model import Power

__all__ = [
    "ERROR_TEXTS", "IN_PYODIDE", "JsNull", "Range", "blank", "blank_or_zero", "board",
    "board_cells", "error_text", "left_out", "located", "no_error_texts",
    "one_cell", "optional_board", "orientation", "overrides", "parallel", "table", "zero_as_blank",
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
    """Blank as every reader says it (:func:`dipxl.fields.is_blank`), and
    xlwings Lite's ``jsnull``."""
    return is_blank(value) or type(value) is JsNull


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
    """An empty cell as None: nothing, ``""``, ``jsnull``, or 0 (Office.js
    may send a blank cell as 0).  Text of spaces stays text: a spreadsheet
    counts it as an entry (COUNTA), and so do the readers."""
    if type(value) is float:  # the usual cell: fast path (NaN stays, to be refused)
        return value if value != 0 else None
    if value is None or value == "" or type(value) is JsNull:
        return None
    return None if blank_or_zero(value) and not isinstance(value, str) else value


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


def no_error_texts(cells: Range) -> Range:
    for k, value in enumerate(cells.values):
        if type(value) is str and value in ERROR_TEXTS:
            error_text(value, cells.label(k))
    return cells


_ROW_KINDS = frozenset((list, tuple))
# Blank cells whose values equal only themselves (unlike 0, which equals
# False and 0.0): rows of them are found by comparing whole rows in C.
_EXACT = frozenset((type(None), str, JsNull))
_Grid = Sequence[Sequence[object]]


def _grid(value: object, name: str) -> tuple[_Grid, int, bool]:
    """An argument as rows: (rows, width, flat); ``flat`` when it came as a
    single value or a list of cells rather than a list of rows."""
    if not isinstance(value, list | tuple):
        return [[value]], 1, True
    # C-level checks first: this runs on every call of every function.
    if value and (set(map(type, value)) <= _ROW_KINDS
                  or all(isinstance(row, list | tuple) for row in value)):
        width = len(value[0])
        if width == 0 or len(set(map(len, value))) != 1:
            raise InputError("rows of different lengths: not a range", name)
        return value, width, False
    if any(isinstance(v, list | tuple) for v in value):
        raise InputError("a mix of cells and rows: not a range", name)
    return [value], len(value), True


class Range:
    """An argument as xlwings delivers it, flattened row by row, with its
    shape so results go back in the same shape, and cell names for errors.

    A table (:func:`table`, :func:`parallel`) keeps its filled rows only:
    ``numbers`` holds the index in the argument of each row kept."""

    __slots__ = ("cols", "flat", "name", "numbers", "rows", "values")

    def __init__(self, value: object, name: str) -> None:
        self._fill(name, *_grid(value, name), None)

    @classmethod
    def _of(cls, name: str, grid: tuple[_Grid, int, bool], numbers: list[int] | None) -> Range:
        cells = cls.__new__(cls)
        cells._fill(name, *grid, numbers)
        return cells

    def _fill(self, name: str, rows: _Grid, width: int, flat: bool,
              numbers: list[int] | None) -> None:
        self.name, self.cols, self.flat, self.numbers = name, width, flat, numbers
        self.values: list[object] = list(chain.from_iterable(rows))
        self.rows = len(rows)
        if IN_PYODIDE and JsNull in set(map(type, self.values)):
            self.values = [None if type(v) is JsNull else v for v in self.values]

    def __len__(self) -> int:
        return len(self.values)

    @property
    def is_row(self) -> bool:
        return self.rows == 1 and self.cols > 1 and self.numbers is None

    def number(self, r: int) -> int:
        """The row number (1-based) in the argument of the r-th row kept."""
        return (r if self.numbers is None else self.numbers[r]) + 1

    def index(self, k: int) -> int:
        """The index in the argument (row by row) of the k-th cell kept."""
        if self.numbers is None:
            return k
        r, c = divmod(k, self.cols)
        return self.numbers[r] * self.cols + c

    def label(self, k: int) -> str:
        """The k-th cell (0-based) relative to the argument: ``centres, row 3``."""
        r, c = divmod(self.index(k), self.cols)
        if self.cols == 1:
            return f"{self.name}, row {r + 1}"
        if self.rows == 1 and self.numbers is None:
            return f"{self.name}, column {c + 1}"
        return f"{self.name}, row {r + 1}, column {c + 1}"

    def row(self, r: int) -> list[object]:
        return self.values[r * self.cols : (r + 1) * self.cols]

    def shaped(self, out: Sequence[object]) -> Any:
        """``out`` (one value per cell) in the shape the argument came in."""
        if self.flat:
            return list(out)
        if self.cols == 1:  # a column, the usual board
            return list(map(list, zip(out)))
        return [list(out[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


# ------------------------------------------------- tables: whole columns
#
# A TD writes =DIPXL_STANDINGS(Results!A:H) and xlwings passes all
# 1,048,576 rows, nearly all blank.  A table range is read as its filled
# rows only, found without per-cell Python work: the blank rows at its end
# are skipped a chunk at a time, the others by comparing whole rows in C.
# A value anywhere, however far down, keeps its row (it is read, and
# refused like any other bad row).  More filled rows than any tournament
# (MAX_ROWS) are refused before they are read.


def _blank_rows(last: object) -> list[Sequence[object]]:
    """The rows that are blank as xlwings sends them, of the kind (list or
    tuple) and width of ``last`` (the range's last row): all ``None``
    (classic and Lite), and ``last`` itself when it is blank in another way
    (empty text, Lite's ``jsnull``).  None of these equals a row holding a
    value."""
    if not isinstance(last, list | tuple) or not last:
        return []
    found: list[Sequence[object]] = [type(last)((None,) * len(last))]
    if last != found[0] and set(map(type, last)) <= _EXACT and all(map(blank, last)):
        found.append(last)
    return found


_CHUNK = 1024


def _end(value: object, first: int = 0) -> int:
    """One past the last row of ``value`` that is not blank (at least
    ``first``), read from the end a growing chunk at a time."""
    if not isinstance(value, list | tuple):
        return 1
    blanks = _blank_rows(value[-1]) if value else []
    end, step = len(value), 64
    while blanks and end > first:
        start = max(first, end - step)
        chunk = value[start:end]
        if sum(map(chunk.count, blanks)) == len(chunk):
            end, step = start, min(step * 2, 1 << 16)
        elif step > 64:
            step = 64
        else:
            return next(i + 1 for i in range(end - 1, start - 1, -1) if value[i] not in blanks)
    return end


def _kept(value: object, name: str, first: int, end: int | None = None) -> list[int] | None:
    """The indices of the rows of ``value`` to read (the ``first`` rows, a
    header, always), up to ``end`` (default: its last filled row), a chunk
    at a time (a blank chunk costs one comparison a row); None when
    ``value`` is not a list of rows.  More filled rows than
    :data:`~dipxl.io.limits.MAX_ROWS` are refused here, before they are read."""
    if not isinstance(value, list | tuple) or not value:
        return None
    blanks = _blank_rows(value[-1])
    if not blanks:
        return None
    if end is None:
        end = _end(value, first)
    kept = list(range(min(first, end)))
    for start in range(first, end, _CHUNK):
        chunk = value[start:start + _CHUNK]
        if sum(map(chunk.count, blanks)) < len(chunk):
            read = map(not_, map(blanks.__contains__, chunk))
            kept += compress(range(start, start + len(chunk)), read)
            if len(kept) - first > MAX_ROWS:
                rest = value[first:end]
                _too_many(len(rest) - sum(map(rest.count, blanks)), name)
    return kept


def _too_many(rows: int, name: str) -> NoReturn:
    raise InputError(f"{rows:,} of its rows are filled, more than dipxl reads "
                     f"({MAX_ROWS:,}): is it the right range?", name)


def _read(value: object, name: str, kept: list[int] | None) -> Range:
    """The rows ``kept`` of ``value`` as cells (all of them when None)."""
    if kept is None or not isinstance(value, list | tuple):
        return Range(value, name)
    kept = kept or [0]  # a blank range: one blank row
    width = len(value[-1])  # the width of its blank rows (or of every row)
    if len(kept) * width > MAX_CELLS:
        raise InputError(
            f"its {len(kept):,} filled rows of {width:,} columns hold {len(kept) * width:,} "
            f"cells, more than dipxl reads ({MAX_CELLS:,}): is it the right range?", name)
    if len(kept) == len(value):
        return Range(value, name)
    grid = _grid(list(map(value.__getitem__, kept)), name)
    if grid[2]:  # cells kept, the rows beside them blank
        raise InputError("a mix of cells and rows: not a range", name)
    if grid[1] != width:
        raise InputError("rows of different lengths: not a range", name)
    return Range._of(name, grid, kept)


def table(value: object, name: str, header: bool = False) -> Range:
    """A range read as a table of rows (results, parameters): its filled
    rows only, and the header row, so that a whole-column reference costs
    what the rows a TD typed cost."""
    return _read(value, name, _kept(value, name, int(header)))


def parallel(values: dict[str, object]) -> dict[str, Range]:
    """Parallel ranges (HTM's players, powers, centres, rounds: the k-th
    cells of each belong together) of one shape: the rows blank in all of
    them are dropped from all of them."""
    shapes = {_size(v) for v in values.values()}
    if len(shapes) != 1 or next(iter(shapes))[0] == 1:  # a row, or shapes that differ
        return {name: Range(value, name) for name, value in values.items()}
    end = 0
    for value in values.values():  # the last row filled in any of them
        end = _end(value, end)
    kept = [_kept(value, name, 0, end) for name, value in values.items()]
    numbers = None
    if all(k is not None for k in kept):
        numbers = sorted(set().union(*(k for k in kept if k is not None)))
        if len(numbers) > MAX_ROWS:  # each under the limit, together over it
            _too_many(len(numbers), next(iter(values)))
    return {name: _read(value, name, numbers) for name, value in values.items()}


def board(value: object, name: str) -> Range:
    rows, cols = _size(value)
    if rows * cols == 7:  # a whole column is refused before it is read
        cells = Range(value, name)
        rows, cols = cells.rows, cells.cols
        if len(cells) == 7:
            return cells
    raise InputError(
        f"expects the seven cells of one board, Austria to Turkey, as a column "
        f"or a row; got {rows:,} x {cols:,} cells",
        name,
    )


def one_cell(value: object, name: str) -> object:
    """The value of ``value`` where one cell belongs: a one-cell range
    (``[[v]]``, ``[v]``) gives its value; a range of several cells is
    refused by its size (its cells are not shown: a whole column would make
    a message of megabytes)."""
    rows, cols = _size(value)
    if rows * cols > 1:
        raise InputError(f"expects one cell, got a range of {rows:,} x {cols:,} cells", name)
    while isinstance(value, list | tuple) and len(value) == 1:
        value = value[0]
    return value


def _size(value: object) -> tuple[int, int]:
    """Rows and columns of an argument, from its first row alone."""
    if not isinstance(value, list | tuple):
        return 1, 1
    if value and isinstance(value[0], list | tuple):
        return len(value), len(value[0])
    return 1, len(value)


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


def orientation(cells: Range) -> str:
    return "row" if cells.cols == 1 else "column"


# ------------------------------------------------------------- parameters


def overrides(value: object) -> dict[str, object]:
    """Parameter overrides from ``"name=value"`` texts and name | value cells."""
    if value is None:
        return {}
    cells = no_error_texts(table(value, "parameters"))
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
