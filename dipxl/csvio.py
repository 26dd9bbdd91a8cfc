"""Tournaments from CSV, and standings to CSV.

Input header (case-insensitive, any order, extra columns ignored):
``round,board,power,player,centres,eliminated,draw`` or their synonyms, as
in a workbook (``Centers``, ``SCs``, ``Board #``: :mod:`dipxl.fields`);
``eliminated`` and ``draw`` may be left out.  Errors name the file, line and
column, then the round, board, power and player of the row (those of them
that are readable).

Optional columns ``adjustment`` and ``note`` (:data:`~dipxl.fields.EXTRA_SYNONYMS`):
a row with a round and a player and no board and no power is a sit-out; a
row with a player, an adjustment (+ or -), an optional round and a note,
and no board and no power, is an adjustment (:mod:`dipxl.rows`).

A players file (:func:`parse_players_csv`): header ``player,status``, the
status blank, ``withdrawn`` or ``unranked``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from dipxl.errors import DipxlError, InputError, InputErrors, Notice
from dipxl.fields import (
    FIELDS,
    HEADER_SYNONYMS,
    REQUIRED,
    STATUS_SYNONYMS,
    chart_columns,
    extra_columns,
    header_columns,
    parse_player,
    parse_status,
)
from dipxl.io.limits import MAX_LINE, MAX_ROWS
from dipxl.model import Status, Tournament
from dipxl.rows import Rows, tournament_from_rows, with_statuses

__all__ = [
    "COLUMNS",
    "REQUIRED",
    "decode_csv",
    "parse_csv",
    "parse_players_csv",
    "safe_cell",
    "to_csv",
    "with_players_csv",
]

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
        found = header_columns(header)
        if all(c in found for c in REQUIRED):
            return dialect
    return csv.excel


def _shown(header: str) -> str:
    """A header line as a message quotes it: its first 200 characters."""
    if len(header) <= _SHOWN:
        return repr(header)
    return f"{header[:_SHOWN]!r}... ({len(header):,} characters)"


_SHOWN = 200


class _Semicolon(csv.excel):
    delimiter = ";"


def decode_csv(data: bytes, name: str = "<csv>") -> tuple[str, Notice | None]:
    """The text of a CSV file: UTF-8 (a byte-order mark allowed), else
    Windows-1252, which Excel writes as "CSV" on Windows (``Zoë`` as one
    byte ``0xEB``), with a warning naming the first line that is not UTF-8.
    Bytes that are neither are an :class:`InputError` naming the line.
    UTF-16 with its byte-order mark (Excel's "Unicode text") is read too."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), None
        except UnicodeDecodeError as err:
            raise InputError(
                f"not UTF-16 text (byte {err.start}): save the CSV as \"CSV UTF-8\"", name
            ) from None
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as err:
        line = _line_of(data, err.start)
        byte = data[err.start]
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as err:
        raise InputError(
            f"neither UTF-8 nor Windows-1252 text (byte 0x{data[err.start]:02X}): save the "
            'CSV as "CSV UTF-8"',
            f"{name}: line {_line_of(data, err.start)}",
        ) from None
    return text, Notice(
        "not_utf8",
        f"not UTF-8 (byte 0x{byte:02X}): the file was read as Windows-1252, Excel's "
        '"CSV" on Windows; if a name looks wrong, save the file as "CSV UTF-8"',
        f"line {line}",
    )


def _line_of(data: bytes, offset: int) -> int:
    """The line number of byte ``offset``."""
    return data.count(b"\n", 0, offset) + 1


def parse_csv(text: str, name: str = "<csv>", title: str = "") -> Tournament:
    """A tournament from CSV text; ``name`` (the file) prefixes every error."""
    if text.startswith("\ufeff"):
        text = text[1:]
    _refuse_long(text, name)
    dialect = _dialect(text, name)
    reader = csv.reader(_lines(text, name), dialect)
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
            + f", got {_shown(','.join(header))}",
            f"{name}: line 1",
        )
    index.update(chart_columns(header))  # the year-by-year chart: columns 1901, 1902, ...
    index.update(extra_columns(header))  # adjustment and note (issue 26)
    # A note alone does not make a row (as any column dipxl does not read).
    entries = [i for c, i in index.items() if c != "note"]
    columns: dict[str, list[object]] = {c: [] for c in index}
    lines: list[int] = []
    try:
        while True:
            line = reader.line_num + 1  # a quoted field may span lines: the first
            row = next(reader, None)
            if row is None:
                break
            if reader.line_num > line:  # a quoted field ran over more lines
                _runaway_quote(row, header, index, (line, reader.line_num), text, name,
                               dialect.delimiter)
            if not any(row[i].strip() for i in entries if i < len(row)):
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


def _runaway_quote(
    row: Sequence[str],
    header: Sequence[str],
    index: dict[str, int],
    lines: tuple[int, int],
    text: str,
    name: str,
    delimiter: str,
) -> None:
    """Refuse a row whose quote, opened on line ``first``, swallowed the
    lines up to ``last`` into a column dipxl reads: a stray ``"``.  Such a
    cell holds line breaks and, after one, the delimiters of the rows it
    swallowed (or its row is left short of columns).  A quoted line break
    in a name (read as white space) or in a note column not read is fine."""
    first, last = lines
    short = len(row) < len(header)
    for i in sorted(index.values()):
        breaks = [k for k in (row[i].find("\n"), row[i].find("\r")) if k >= 0] \
            if i < len(row) else []
        if breaks and (short or delimiter in row[i][min(breaks):]):
            end = sum(1 for _ in io.StringIO(text, newline=""))  # the file's last line
            closed = (
                "is never closed, so the rest of the file was"
                if last >= end
                else f"closes only on line {last}, so lines {first}-{last} were"
            )
            raise InputError(
                f'the quote (") opened in this cell {closed} read as one cell; '
                "remove the stray quote or close it",
                f"{name}: line {first}, column {header[i]}",
            )


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


def parse_players_csv(text: str, name: str = "<csv>") -> list[tuple[str, Status, str]]:
    """(player, status, where) of each row of a players file: a header
    with a ``player`` column (``name``, ``player name``) and a ``status``
    column, other columns ignored; the status blank, ``withdrawn`` or
    ``unranked`` (any case), anything else an error naming the line.  Read
    as a results file is (``,``, ``;`` or tab; a quoted cell)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    _refuse_long(text, name)
    wanted = {"player": HEADER_SYNONYMS["player"], "status": STATUS_SYNONYMS}
    for dialect in (csv.excel, _Semicolon, csv.excel_tab):
        try:
            reader = csv.reader(_lines(text, name), dialect)
            header = [" ".join(h.split()).lower() for h in next(reader, [])]
            index = {f: next((i for i, h in enumerate(header) if h in names), -1)
                     for f, names in wanted.items()}
            if min(index.values()) >= 0:
                break
        except csv.Error:
            continue
    else:
        raise InputError("a players file needs a header with player and status columns",
                         f"{name}: line 1")
    found = []
    problems: list[InputError] = []
    try:
        for row in reader:
            where = f"line {reader.line_num}"
            cells = [row[i] if i < len(row) else "" for i in (index["player"], index["status"])]
            try:
                player = parse_player(cells[0], f"{where}, column player")
                status = parse_status(cells[1], f"{where}, column status")
            except InputError as err:
                problems.append(err)
                continue
            if player:
                found.append((player, status, f"{where}, column status"))
    except csv.Error as err:
        raise InputError(
            f"not readable as CSV: {err}", f"{name}: line {reader.line_num}") from None
    if problems:
        raise InputErrors.of(problems[: InputErrors.KEPT], len(problems)).located(name)
    return found


def with_players_csv(tournament: Tournament, text: str, name: str = "<csv>") -> Tournament:
    """``tournament`` with the statuses of the players file ``text``
    (:func:`parse_players_csv`), names read as the results spell them."""
    return with_statuses(tournament, [
        (player, status, f"{name}: {where}")
        for player, status, where in parse_players_csv(text, name)])
