"""Tournaments from CSV, and standings to CSV.

Input header (case-insensitive, any order, extra columns ignored):
``round,board,power,player,centres,eliminated,draw`` or their synonyms, as
in a workbook (``Centers``, ``SCs``, ``Board #``: :mod:`dipxl.fields`);
``eliminated`` and ``draw`` may be left out.  Errors name the file, line and
column, then the round, board, power and player of the row (those of them
that are readable).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from dipxl.errors import DipxlError, InputError
from dipxl.fields import FIELDS, REQUIRED, header_columns
from dipxl.io.limits import MAX_LINE, MAX_ROWS
from dipxl.model import Tournament
from dipxl.rows import Rows, tournament_from_rows

__all__ = ["COLUMNS", "REQUIRED", "parse_csv", "safe_cell", "to_csv"]

COLUMNS = FIELDS


def _lines(text: str, name: str) -> Iterator[str]:
    """The lines of ``text`` with their ends (``\n``, ``\r\n`` or ``\r``),
    one at a time, for the csv module; a line over :data:`MAX_LINE`
    characters is refused before the csv module splits it."""
    start, number, size = 0, 1, len(text)
    while start < size:
        end = text.find("\n", start)
        end = size if end < 0 else end + 1
        cr = text.find("\r", start, end)  # a lone \r ends a line too
        if cr >= 0 and not (cr == end - 2 and text[end - 1] == "\n"):
            end = cr + 1
        if end - start > MAX_LINE:
            raise InputError(
                f"the line is {end - start:,} characters long, more than dipxl reads on one "
                f"line ({MAX_LINE:,}): not a results table?",
                f"{name}: line {number}",
            )
        yield text[start:end]
        start, number = end, number + 1


def _refuse_long(text: str, name: str) -> None:
    """Refuse a file of more lines than :data:`MAX_ROWS` results and a header."""
    lines = max(text.count("\n"), text.count("\r"))
    if lines > MAX_ROWS + 1:
        raise InputError(
            f"the file has {lines:,} lines, more than dipxl reads ({MAX_ROWS:,} rows of "
            "results and a header)", name
        )


def _dialect(text: str, name: str) -> type[csv.Dialect]:
    """The dialect whose delimiter (``,``, ``;`` or tab) splits the header
    line into the required columns; comma when none does.  Only the header
    decides: names in the data (``O'Brien``, ``a;b``) cannot sway it, and
    the quote character is always ``"``."""
    for dialect in (csv.excel, _Semicolon, csv.excel_tab):
        try:
            header = next(csv.reader(_lines(text, name), dialect), [])
        except csv.Error:
            continue
        if all(c in header_columns(header) for c in REQUIRED):
            return dialect
    return csv.excel


class _Semicolon(csv.excel):
    delimiter = ";"


def parse_csv(text: str, name: str = "<csv>", title: str = "") -> Tournament:
    """A tournament from CSV text; ``name`` (the file) prefixes every error."""
    if text.startswith("\ufeff"):
        text = text[1:]
    _refuse_long(text, name)
    reader = csv.reader(_lines(text, name), _dialect(text, name))
    try:
        header = next(reader)
    except StopIteration:
        raise InputError(
            "the file is empty: expected a header " + ",".join(COLUMNS), name
        ) from None
    except csv.Error as err:
        raise InputError(f"not readable as CSV: {err}", f"{name}: line 1") from None
    index = header_columns(header)
    missing = [c for c in REQUIRED if c not in index]
    if missing:
        raise InputError(
            f"missing column(s) {', '.join(missing)}; the header must hold "
            + ",".join(COLUMNS)
            + f", got {','.join(header)!r}",
            f"{name}: line 1",
        )
    columns: dict[str, list[object]] = {c: [] for c in index}
    lines: list[int] = []
    try:
        while True:
            line = reader.line_num + 1  # a quoted field may span lines: the first
            row = next(reader, None)
            if row is None:
                break
            if not any(row[i].strip() for i in index.values() if i < len(row)):
                continue  # a blank row (a note in another column does not count)
            for c, i in index.items():
                columns[c].append(row[i] if i < len(row) else None)
            lines.append(line)
    except csv.Error as err:
        raise InputError(
            f"not readable as CSV: {err}", f"{name}: line {reader.line_num}"
        ) from None

    # Rows are named without the file (a warning names the game's lines, the
    # caller the file), which errors get below.
    def cell(field: str, i: int) -> str:
        return f"line {lines[i]}, column {field}" if field in index else ""

    try:
        return tournament_from_rows(Rows(columns, [f"line {n}" for n in lines], cell), title)
    except DipxlError as err:
        raise err.located(name) from None


def safe_cell(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def to_csv(rows: Iterable[Sequence[Any]]) -> str:
    """CSV text, every user text defused (see :func:`safe_cell`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if v is None else safe_cell(v) for v in row])
    return out.getvalue()
