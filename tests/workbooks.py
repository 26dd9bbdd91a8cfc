"""Workbooks for the reader and batch tests, written by openpyxl (an
independent writer, as a TD's Excel would be) or by dipxl's own writer."""

from __future__ import annotations

import dataclasses
import hashlib
import struct
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import openpyxl

from dipxl.model import Tournament
from dipxl.systems import get_system
from dipxl.workbook.demo import seat_rows
from dipxl.workbook.layout import INPUT_HEADERS, SETTINGS_HEADER, settings_rows


def with_final_years(tournament: Tournament) -> Tournament:
    """``tournament`` with every board's final year typed in (the year after
    its last elimination, 1907 at the earliest), as the Year column gives it:
    some systems refuse a board without it (a solo's survivors)."""
    games = []
    for game in tournament.games:
        final = max([s.eliminated for s in game.seats if s.eliminated is not None] + [1906]) + 1
        seats = tuple(dataclasses.replace(s, year=final) for s in game.seats)
        games.append(dataclasses.replace(game, seats=seats))
    return dataclasses.replace(tournament, games=tuple(games))


def text_cell(ws: Any, ref: str, value: str) -> None:
    """Put ``value`` in ``ref`` as text even when it starts with ``=``."""
    ws[ref] = value
    ws[ref].data_type = "s"


def results_workbook(
    path: Path,
    tournament: Tournament,
    system_id: str | None = "cdiplo",
    overrides: dict[str, Any] | None = None,
) -> Path:
    """The layout contract written by openpyxl: Results + Settings."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append([*INPUT_HEADERS, "Score"])
    for i, row in enumerate(seat_rows(tournament), start=2):
        ws.append(row)
        text_cell(ws, f"D{i}", row[3])
        ws[f"I{i}"] = f"=E{i}*2"  # a computed column: ignored
    if system_id is not None:
        spec = get_system(system_id)
        st = wb.create_sheet("Settings")
        st.append(list(SETTINGS_HEADER))
        for row in settings_rows(spec, spec.make_params(overrides), tournament.title):
            st.append(list(row))
    wb.save(path)
    return path


def foreign_workbook(path: Path, tournament: Tournament, title: str = "Spring Cup") -> Path:
    """Another club's layout: a title above the header, the header in row 3
    from column B with other names and order, an extra column, abbreviated
    powers, a blank row after every board, results on a sheet 'Scores'
    after a notes sheet."""
    wb = openpyxl.Workbook()
    notes = wb.active
    notes.title = "Notes"
    notes["A1"] = "Remember to collect the entry fee"
    ws = wb.create_sheet("Scores")
    ws["B1"] = title
    for col, text in enumerate(FOREIGN_HEADER, start=2):
        ws.cell(3, col, text)
    row = 4
    for game in tournament.games:
        for seat in game.seats:
            values = [game.board, seat.power.abbreviation, seat.player, "ok", game.round,
                      seat.centres, seat.eliminated, seat.year]
            for col, value in enumerate(values, start=2):
                ws.cell(row, col, value)
            row += 1
        row += 1  # a blank row after every board
    wb.save(path)
    return path


# Columns B.. of the foreign layout's header (row 3); data from row 4.
FOREIGN_HEADER = ("Table", "Country", "Name", "Comment", "Rnd", "Supply centres",
                  "Year eliminated", "Final year")


def fake_encrypted(path: Path, encrypted: bool = True) -> Path:
    """A minimal OLE compound file (what Excel writes for a password-protected
    workbook) whose directory holds EncryptionInfo and EncryptedPackage
    streams (empty); with ``encrypted=False`` a 'Workbook' stream as in .xls."""
    end, free, fat_sector = 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFD
    header = bytearray(512)
    header[0:8] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    struct.pack_into("<HHHHH", header, 24, 0x3E, 3, 0xFFFE, 9, 6)
    struct.pack_into("<IIIIIIIII", header, 40, 0, 1, 1, 0, 4096, end, 0, end, 0)
    struct.pack_into("<I", header, 76, 0)  # the FAT is sector 0
    for i in range(1, 109):
        struct.pack_into("<I", header, 76 + 4 * i, free)
    fat = struct.pack("<II", fat_sector, end) + b"\xff" * (512 - 8)

    def entry(name: str, kind: int, child: int = free, right: int = free) -> bytes:
        raw = (name + "\0").encode("utf-16-le")
        data = bytearray(128)
        data[0 : len(raw)] = raw
        struct.pack_into("<HBB", data, 64, len(raw), kind, 1)
        struct.pack_into("<III", data, 68, free, right, child)
        struct.pack_into("<II", data, 116, end, 0)
        return bytes(data)

    names = ["EncryptionInfo", "EncryptedPackage"] if encrypted else ["Workbook", "SummaryInfo"]
    directory = (
        entry("Root Entry", 5, child=1)
        + entry(names[0], 2, right=2)
        + entry(names[1], 2)
        + bytes(128)
    )
    path.write_bytes(bytes(header) + fat + directory)
    return path


def sha256(paths: Iterable[Path]) -> dict[Path, str]:
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def sheet_values(path: Path, sheet: str) -> list[list[Any]]:
    """Every row of ``sheet`` as values (openpyxl, not dipxl)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        return [list(r) for r in wb[sheet].iter_rows(values_only=True)]
    finally:
        wb.close()


def close(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Rows equal, floats to 1e-9."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if isinstance(x, float) or isinstance(y, float):
            if x is None or y is None or abs(float(x) - float(y)) > 1e-9 * max(1, abs(float(y))):
                return False
        elif x != y:
            return False
    return True


def without_counted(rows: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """A standings table as an output holds it (CSV rows, a scored
    workbook's Standings sheet, DIPXL_STANDINGS) without its last line,
    which says what was counted: checked to be that line (``Counted: ...``
    first, nothing else), and in a workbook the blank row above it."""
    *table, last = [list(r) for r in rows]
    assert isinstance(last[0], str) and last[0].startswith("Counted: "), last
    assert all(v in (None, "") for v in last[1:]), last
    if table and all(v in (None, "") for v in table[-1]):
        table.pop()
    return table
