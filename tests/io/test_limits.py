"""Readers that cannot be steered or starved (issue 19 item 3), and the
limits of dipxl.io.limits that every legitimate file stays well inside.

Steering: whatever a relationship target says, the part whose formulas are
checked is the part whose values are read.  Starving: a sheet is measured
by every cell it holds, not by what its ``<dimension>`` claims; a shared
strings table, a CSV line or a CSV file of more than dipxl reads is
refused before anything holds it.  The time and memory of each refusal
are in tests/hostile/refuse.py (``HOSTILE``) and benchmarks/hostile.py."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.csvio import parse_csv
from dipxl.errors import DipxlError
from dipxl.io import limits
from dipxl.io.package import Package, part_name, sheet_extent
from dipxl.workbook.layout import INPUT_HEADERS
from dipxl.workbook.reader import read_workbook_bytes
from dipxl.workbook.writer import SizeError, check_size
from tests.hostile import files

# ---------------------------------------------------------------- part names

# (target, its source part, the part it names)
NAMES = [
    ("worksheets/sheet1.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"),
    ("worksheets/../worksheets/sheet1.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"),
    ("./worksheets//sheet1.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"),
    ("/xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"),
    ("../xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"),
    ("xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/xl/worksheets/sheet1.xml"),
    ("xl/./worksheets/sheet1.xml", "", "xl/worksheets/sheet1.xml"),
]


@pytest.mark.parametrize(("target", "source", "name"), NAMES)
def test_a_target_names_one_normal_part(target: str, source: str, name: str) -> None:
    assert part_name(target, source) == name


@pytest.mark.parametrize("target", ["../../x.xml", "/..", "/", "/./", "a/../../.."])
def test_a_target_out_of_the_package_is_damaged(target: str) -> None:
    with pytest.raises(DipxlError, match="the workbook is damaged: the part name"):
        part_name(target, "xl/workbook.xml")


def _with_rels(target: bytes, quote: bytes = b'"', formula: bool = True) -> bytes:
    """The good workbook whose relationship to its Results sheet is
    ``target`` (in ``quote``), its Alice's 17 centres a formula."""
    with zipfile.ZipFile(io.BytesIO(files.good_workbook_bytes())) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    rels = "xl/_rels/workbook.xml.rels"
    parts[rels] = parts[rels].replace(b'Target="worksheets/sheet1.xml"',
                                      b"Target=" + quote + target + quote)
    if formula:
        parts[files.SHEET] = files.alice_as_formula(parts[files.SHEET])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize("target", [t for t, s, n in NAMES[:5]])
@pytest.mark.parametrize("quote", [b'"', b"'"], ids=["double", "single"])
def test_the_part_checked_is_the_part_read(target: str, quote: bytes) -> None:
    # However the target is spelt, the formula at E2 is seen: the values
    # and the formula check come from one part.
    with pytest.raises(DipxlError, match=r"Results!E2 \(.*\): centres holds a formula \(=10\+7\)"):
        read_workbook_bytes(_with_rels(target.encode(), quote), "x.xlsx")
    book = read_workbook_bytes(_with_rels(target.encode(), quote, formula=False), "x.xlsx")
    assert len(book.tournament.games) == 6


def test_a_twin_part_under_an_unnormal_name_is_refused() -> None:
    # Before: the formula check read xl/worksheets/sheet1.xml (typed values)
    # while python-calamine read the twin, and scored its formula's 17.
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.steered(), "x.xlsx")
    assert str(err.value) == (
        "x.xlsx: the workbook is damaged: two parts are named xl/worksheets/sheet1.xml "
        "('xl/worksheets/sheet1.xml' and 'xl/worksheets/../worksheets/sheet1.xml'); "
        "refusing to guess which counts")
    # Without the twin, the target is read as the part it names.
    assert len(read_workbook_bytes(files.steered(twin=False)).tournament.games) == 6


def test_two_sheets_of_one_name_are_refused() -> None:
    with zipfile.ZipFile(io.BytesIO(files.good_workbook_bytes())) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    parts["xl/workbook.xml"] = parts["xl/workbook.xml"].replace(b'name="Settings"',
                                                                b'name="results"')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    with pytest.raises(DipxlError, match="two sheets are named 'results'"):
        Package(buffer.getvalue())


# ---------------------------------------------------------------- extents


# (sheet XML, its extent from A1: rows, columns)
EXTENTS = [
    (b'<sheetData><row r="3"><c r="B3"/><c r="C3"/></row></sheetData>', (3, 3)),
    (b"<sheetData><row><c/><c/><c/></row><row><c/></row></sheetData>", (2, 3)),
    (b'<row r="1"><c r="B1"/><c/></row><row r="2"><c/><c/></row>', (2, 4)),
    (b'<x:row r="2"><x:c r="$D$2"/><x:c/></x:row>', (2, 5)),
    (b"<row r='7'><c r='xfd7'/></row>", (7, 16384)),
    (b'<row r="1"><c r="&#88;FD1048576"/></row>', (1048576, 16384)),
    (b'<dimension ref="A1:B2"/><row r="1048576"><c r="XFD1048576"/></row>', (1048576, 16384)),
]


@pytest.mark.parametrize(("xml", "extent"), EXTENTS)
def test_a_sheet_is_measured_by_every_cell_it_holds(xml: bytes, extent: tuple[int, int]) -> None:
    assert sheet_extent(xml) == extent


def test_a_stray_cell_under_an_understated_dimension_is_refused() -> None:
    # Before: python-calamine asked for a grid of 17 billion cells and
    # aborted the process.
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.stray_cell(), "x.xlsx")
    assert str(err.value).startswith(
        "x.xlsx: Results: the sheet reaches row 1,048,576, more rows than dipxl reads "
        f"({limits.MAX_ROWS:,})")
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.stray_cell("XFD1000"), "x.xlsx")
    assert str(err.value).startswith(
        f"x.xlsx: Results: the sheet's used range A1:XFD1000 holds 16,384,000 cells, more than "
        f"dipxl reads ({limits.MAX_CELLS:,})")


def test_a_sheet_of_too_many_rows_is_refused() -> None:
    with pytest.raises(DipxlError, match=f"the sheet reaches row {limits.MAX_ROWS + 44:,}, more"):
        read_workbook_bytes(files.many_rows(limits.MAX_ROWS + 1), "x.xlsx")


def test_an_array_formula_is_seen_down_to_the_sheets_last_row_only() -> None:
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.array_formula(), "x.xlsx")
    # 42 rows of 7 input cells (A2:G43) in the range, less the cell named.
    assert "round holds a formula (=1) (and 293 more input cells)" in str(err.value)


def test_a_shared_strings_table_too_long_is_refused() -> None:
    with pytest.raises(DipxlError, match="holds 1,000,001 entries, more than dipxl reads"):
        Package(files.shared_strings(limits.MAX_SHARED_STRINGS + 1))
    assert Package(files.shared_strings(1000)).parts


# ---------------------------------------------------------------- CSV


def test_a_csv_line_too_long_is_refused_naming_it() -> None:
    text = files.csv_wide_header(limits.MAX_LINE).decode()
    with pytest.raises(DipxlError) as err:
        parse_csv(text, "x.csv")
    assert str(err.value) == (
        f"x.csv: line 1: the line is {2 * limits.MAX_LINE + 33:,} characters long, more than "
        f"dipxl reads on one line ({limits.MAX_LINE:,}): not a results table?")
    data = "round,board,power,player,centres\n1,1,Austria," + "x" * limits.MAX_LINE + ",5\n"
    with pytest.raises(DipxlError, match=r"x\.csv: line 2: the line is"):
        parse_csv(data, "x.csv")


def test_a_csv_file_of_too_many_lines_is_refused() -> None:
    text = files.csv_rows(limits.MAX_ROWS + 1).decode()
    lines = limits.MAX_ROWS + 2
    with pytest.raises(DipxlError, match=rf"x\.csv: the file has {lines:,} lines, more"):
        parse_csv(text, "x.csv")


def test_a_wide_header_without_the_columns_is_quoted_in_part() -> None:
    # Before: the whole line (up to a megabyte) in one message.
    header = "round,board,player" + ",x" * 100_000
    with pytest.raises(DipxlError) as err:
        parse_csv(header + "\n1,1,A\n", "x.csv")
    message = str(err.value)
    assert message.endswith(f"got {header[:200]!r}... ({len(header):,} characters)")
    assert len(message) < 500


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_csv_lines_end_as_before(end: str) -> None:
    text = files.csv_rows(14).decode().replace("\n", end)
    text = text.replace("P3", "\"P\n3\"")  # a quoted line break stays in the name
    tournament = parse_csv(text, "x.csv")
    assert len(tournament.games) == 2
    assert "P 3" in tournament.players  # (the break, like any run of spaces, is one space)
    with pytest.raises(DipxlError, match=r"x\.csv: line 4, column centres .*got \"99\""):
        parse_csv(text.replace(",5" + end, ",99" + end, 3).replace(",99", ",5", 2), "x.csv")


# ---------------------------------------------------------------- dipxl new


def test_new_refuses_more_than_it_writes_as_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "big.xlsx"
    result = CliRunner().invoke(cli, ["new", str(out), "-s", "cdiplo", "-n", "5740", "-r", "16"])
    assert result.exit_code == 2, result.output
    assert "820 boards (5,740 players) over 16 rounds is 91,840 result rows, more than " \
        "`dipxl new` writes (5,740" in " ".join(result.stderr.split())
    assert not out.exists()
    result = CliRunner().invoke(cli, ["new", str(out), "-s", "cdiplo", "-n", "5741"])
    assert result.exit_code == 2, result.output
    assert "5741 is not in the range 1<=x<=5740" in result.stderr
    check_size(10, limits.NEW_SEATS // 70, 2100)  # the limit itself is written
    with pytest.raises(SizeError):
        check_size(1, limits.NEW_SEATS // 7 + 1, 0)


def test_the_largest_new_workbook_is_well_inside_every_limit(tmp_path: Path) -> None:
    # Written at the limit by the system whose workbook is biggest
    # (Diminishing Value: its Summary sheet) and read back by `dipxl
    # score`: every measure at most half its limit, the cells of all its
    # sheets counted together as the reader counts them.
    out = tmp_path / "largest.xlsx"
    boards = limits.NEW_SEATS // 70
    result = CliRunner().invoke(cli, ["new", str(out), "-s", "dimvalue", "-b", str(boards),
                                      "-r", "10"])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert len(data) * 4 < limits.MAX_INPUT
    package = Package(data)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert sum(i.file_size for i in zf.infolist()) * 2 < limits.MAX_UNPACKED
    extents = [sheet_extent(package.part(part)) for part in package.parts.values()]
    assert max(rows for rows, _ in extents) * 4 < limits.MAX_ROWS
    assert sum(rows * columns for rows, columns in extents) * 2 < limits.MAX_CELLS
    scored = CliRunner().invoke(cli, ["score", str(out), "--format", "json"])
    assert scored.exit_code == 0, scored.output


# ---------------------------------------------------------------- the workbook's budget


def test_the_sheets_read_are_counted_together_against_the_cell_limit() -> None:
    # Results and Settings (both read whole), each under the limit, over it together.
    rows = limits.MAX_CELLS // 15 * 6 // 10  # 60% of the limit each
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.stray_cell(f"O{rows}", f"O{rows}"), "x.xlsx")
    assert str(err.value) == (
        f"x.xlsx: Results: the sheet's used range A1:O{rows} holds {15 * rows:,} cells, "
        f"and with those of the 1 sheets read before it (Settings) {2 * 15 * rows:,}, more "
        f"than dipxl reads in a workbook ({limits.MAX_CELLS:,}): are there stray values far "
        "below or right of the tables? Delete those rows and columns")


def test_sheets_not_needed_are_not_counted_nor_read() -> None:
    # Ten sheets of a tenth of the limit each, besides the results: before,
    # each was read in full (seconds apiece) and together they refused the
    # workbook; now only their first rows are looked at.
    rows = limits.MAX_CELLS // 150 + 1
    book = read_workbook_bytes(files.sheets(10, f"O{rows}"), "x.xlsx")
    assert len(book.tournament.games) == 6


# Sheets beside the results bigger than anything dipxl reads of a sheet.
@pytest.mark.parametrize("ref", [
    f"O{limits.MAX_CELLS // 15 + 1}",  # past the cell limit
    f"A{limits.MAX_ROWS + 1}",  # past the row limit
    "XFD1048576",  # a stray value in the last cell of a sheet
])
def test_a_big_sheet_not_needed_does_not_refuse_the_workbook(ref: str) -> None:
    book = read_workbook_bytes(files.sheets(1, ref), "x.xlsx")
    assert len(book.tournament.games) == 6


def test_a_full_sheet_not_needed_costs_only_its_first_rows() -> None:
    # A pasted log of twice the cells dipxl reads of a workbook, and an old
    # results table of as many cells: both beside Results, neither read.
    rows = 2 * limits.MAX_CELLS // 10
    log = files.sheets(1, rows=files.log_rows(rows))
    old = files.sheets(1, rows=files.log_rows(rows, 10, INPUT_HEADERS))
    started = time.perf_counter()
    book = read_workbook_bytes(log, "x.xlsx")
    assert time.perf_counter() - started < 2  # about 0.25 s, mostly unpacking
    assert len(book.tournament.games) == 6 and not book.tournament.remarks
    book = read_workbook_bytes(old, "x.xlsx")
    assert [str(n) for n in book.tournament.remarks] == [
        "'Notes 1'!A1: sheet 'Notes 1' also has a results header, but dipxl reads the results "
        "of 'Results' only: move its rows to 'Results', or delete it"]


def test_a_cell_text_longer_than_a_cell_holds_is_refused_naming_it() -> None:
    with pytest.raises(DipxlError) as err:
        read_workbook_bytes(files.padded(limits.MAX_TEXT + 1, files.SHEET, "cell"), "x.xlsx")
    assert str(err.value) == (
        f"x.xlsx: Results!A60: the cell holds {limits.MAX_TEXT + 1:,} characters of text, "
        f"more than a spreadsheet cell holds ({limits.MAX_TEXT:,})")
    with pytest.raises(DipxlError) as err:  # as long as a cell holds: read (a bad round)
        read_workbook_bytes(files.padded(limits.MAX_TEXT, files.SHEET, "cell"), "x.xlsx")
    assert "Results!A60: round must be" in str(err.value)
