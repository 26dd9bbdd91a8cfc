"""Reading saved workbooks: layouts, Settings, and every refusal naming its
file, sheet and cell.  Expected standings come from the engine."""

from __future__ import annotations

import datetime
import io
import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from dipxl import udfs
from dipxl.errors import DipxlError, InputError
from dipxl.examples import htm_example, worked_games_event
from dipxl.model import Tournament
from dipxl.standings import score_tournament
from dipxl.systems import canonical, system_ids
from dipxl.tables import standings_dict
from dipxl.workbook.demo import write_results_workbook
from dipxl.workbook.layout import INPUT_HEADERS, header_field
from dipxl.workbook.reader import HEADER_ROWS, read_workbook
from dipxl.workbook.writer import write_workbook
from tests.workbooks import (
    FOREIGN_HEADER,
    fake_encrypted,
    foreign_workbook,
    results_workbook,
    seat_rows,
    text_cell,
    with_final_years,
)


def worked_games_with_years() -> Tournament:
    """The worked games with each board's final year (the Year column):
    some systems score a solo's survivors by the year it ended."""
    return with_final_years(worked_games_event())


# Every system of the registry: HTM's own example for a tournament-wide
# system, the worked games (with their final years) for the per-game ones.
CASES = [(s.id, worked_games_with_years if s.per_game else htm_example) for s in canonical()]


def same_result(got: dict[str, object], want: dict[str, object]) -> bool:
    """Equal standings, games, best country, powers; the workbook's warnings
    are the engine's with the rows' cells in front."""
    warnings_got, warnings_want = got.pop("warnings"), want.pop("warnings")
    assert isinstance(warnings_got, list) and isinstance(warnings_want, list)
    assert len(warnings_got) == len(warnings_want)
    for g, w in zip(warnings_got, warnings_want, strict=True):
        assert re.fullmatch(r"Results!A\d+-A\d+ \(" + re.escape(w.replace(":", "):", 1)), g)
    return got == want


def error_of(path: Path) -> str:
    with pytest.raises(DipxlError) as err:
        read_workbook(path)
    return str(err.value)


@pytest.mark.parametrize(("system", "make"), CASES)
def test_a_filled_contract_workbook_scores_like_the_engine(
    tmp_path: Path, system: str, make: object
) -> None:
    tournament = make()  # type: ignore[operator]
    expected = standings_dict(score_tournament(tournament, system))
    for writer in (results_workbook, write_results_workbook):
        path = writer(tmp_path / f"{writer.__name__}.xlsx", tournament, system)
        book = read_workbook(path)
        assert book.system is not None and book.system.id == system
        got = standings_dict(score_tournament(book.tournament, book.system, book.overrides))
        assert same_result(got, dict(expected))
        assert book.tournament.title == tournament.title


@pytest.mark.parametrize(("system", "make"), CASES)
def test_a_generated_then_filled_workbook_scores_like_the_engine(
    tmp_path: Path, system: str, make: object
) -> None:
    tournament = make()  # type: ignore[operator]
    path = write_workbook(tmp_path / "new.xlsx", system, title="Club night", rounds=3,
                          boards=3, players=list(tournament.players))
    # The TD fills in Results: players, centres, elimination years.
    seats = {(g.round, g.board, s.power.title): s for g in tournament.games for s in g.seats}
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    assert [c.value for c in ws[1][:len(INPUT_HEADERS)]] == list(INPUT_HEADERS)
    for row in ws.iter_rows(min_row=2):
        seat = seats.get((row[0].value, row[1].value, row[2].value))
        if seat is not None:
            row[3].value, row[4].value, row[5].value = seat.player, seat.centres, seat.eliminated
            row[7].value = seat.year
    wb.save(path)
    book = read_workbook(path)
    assert book.system is not None and (book.system.id, book.title) == (system, "Club night")
    got = standings_dict(score_tournament(book.tournament, book.system, book.overrides))
    want = standings_dict(score_tournament(tournament, system))
    assert got["title"] == "Club night"
    want["title"] = "Club night"
    assert same_result(got, want)


_SHEET1 = "xl/worksheets/sheet1.xml"


def _rewrite_sheet(path: Path, out: Path, edit: Callable[[bytes], bytes]) -> Path:
    """A copy of the workbook at ``path`` with its first sheet's XML edited."""
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, edit(data) if info.filename == _SHEET1 else data)
    return out


def _sheet_xml(path: Path) -> bytes:
    with zipfile.ZipFile(path) as book:
        return book.read(_SHEET1)


def test_settings_parameters_are_used(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo",
                            {"solo": 50, "positions": (30, 20, 10)})
    book = read_workbook(path)
    assert book.system is not None
    params = book.system.make_params(book.overrides)
    assert params.solo == 50 and tuple(params.positions) == (30, 20, 10)
    expected = score_tournament(worked_games_event(), "cdiplo",
                                {"solo": 50, "positions": (30, 20, 10)})
    got = standings_dict(score_tournament(book.tournament, book.system, book.overrides))
    assert same_result(got, standings_dict(expected))


def test_a_foreign_layout_scores_like_the_engine(tmp_path: Path) -> None:
    path = foreign_workbook(tmp_path / "club.xlsx", worked_games_with_years(), "Spring Cup 2026")
    book = read_workbook(path)
    assert (book.sheet, book.header_row, book.title, book.system) == \
        ("Scores", 3, "Spring Cup 2026", None)
    for system in system_ids():
        got = standings_dict(score_tournament(book.tournament, system))
        want = standings_dict(score_tournament(worked_games_with_years(), system))
        assert got["standings"] == want["standings"]
        assert got["games"] == want["games"]
        assert got["best_country"] == want["best_country"]


# Each case: header texts as TDs write them, and the field each names.
@pytest.mark.parametrize(("texts", "field"), [
    (["Round", "round #", "Rd.", "Round No.", "round_number"], "round"),
    (["Board", "Board #", "Game #", "Table", "game no."], "board"),
    (["Power", "Country", "Nation"], "power"),
    (["Player", "Name", "Player name"], "player"),
    (["Centres", "Centre", "Centers", "SCs", "SC's", "SC\u2019s", "Final SCs", "Supply Centres",
      "Supply center"], "centres"),
    (["Eliminated", "Elimination year", "Elim."], "eliminated"),
    (["Draw", "Draw?", "In draw"], "draw"),
    (["Player #", "Power #", "Score", "Notes"], None),  # ids and other columns: no field
])
def test_header_texts_name_their_field(texts: list[str], field: str | None) -> None:
    assert {text: header_field(text) for text in texts} == dict.fromkeys(texts, field)


def test_a_header_of_synonyms_scores_like_the_engine(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Rd.", "Game #", "Country", "Player Name", "SC's", "Elim. year", "Draw?",
               "Final year"])
    for row in seat_rows(worked_games_event()):
        ws.append(row)
    wb.save(tmp_path / "club.xlsx")
    games = read_workbook(tmp_path / "club.xlsx").tournament.games
    assert [(g.round, g.board, g.seats) for g in games] == [
        (g.round, g.board, g.seats) for g in worked_games_event().games]


# Each case: a bad centres value, and how the error shows it (Excel turns
# "12-3" typed into a cell into a date).
@pytest.mark.parametrize(("value", "shown"), [
    (35, "35"),
    (datetime.date(2025, 12, 3), "a date (2025-12-03), not a number"),
])
def test_a_bad_value_names_file_sheet_and_cell(tmp_path: Path, value: object, shown: str) -> None:
    path = foreign_workbook(tmp_path / "club.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    # Board 1's Austria is data row 1 (row 4), so row 6 is its France
    # (Chloe); the centres column is G.
    assert FOREIGN_HEADER[5] == "Supply centres"
    wb["Scores"]["G6"] = value
    wb.save(path)
    assert error_of(path) == (
        "club.xlsx: Scores!G6 (round 1, board 1, France, Chloe): "
        f"centres must be a whole number 0-34, got {shown}"
    )


def test_a_structural_error_names_the_rows(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["C3"] = "Austria"  # England's row of board 1 now says Austria
    wb.save(path)
    message = error_of(path)
    assert message == (
        "e.xlsx: Results!A2 (round 1, board 1): Austria appears twice (Alice and Bruno)"
    )


def test_a_sheet_name_with_spaces_is_quoted(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"].title = "Round results"
    wb["Round results"]["E5"] = -1  # board 1's Germany (Dmitri)
    wb.save(path)
    assert error_of(path) == (
        "e.xlsx: 'Round results'!E5 (round 1, board 1, Germany, Dmitri): "
        "centres must be a whole number 0-34, got -1"
    )


def test_a_sheet_name_with_quotes_and_entities(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"].title = 'Bob\'s "R&D" <1>'
    wb['Bob\'s "R&D" <1>']["E5"] = "=1+1"
    wb.save(path)
    assert error_of(path).startswith(
        'e.xlsx: \'Bob\'\'s "R&D" <1>\'!E5 (round 1, board 1, Germany, Dmitri): '
        "centres holds a formula (=1+1)"
    )


def test_missing_columns_name_the_header_row(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"].delete_cols(5)  # Centres
    wb.save(path)
    message = error_of(path)
    assert message.startswith("e.xlsx: Results!A1: missing column(s) Centres")


def test_a_formula_in_an_input_cell_is_an_error_naming_it(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E9"] = "=3+4"
    wb.save(path)
    message = error_of(path)
    assert message.startswith(
        "e.xlsx: Results!E9 (round 1, board 2, Austria, Hugo): centres holds a formula (=3+4)")
    with pytest.raises(DipxlError) as err:
        read_workbook(path)
    assert (err.value.field, err.value.value, err.value.cell) == ("centres", "=3+4", "Results!E9")


def test_a_formula_error_names_the_row_by_its_typed_values_only(tmp_path: Path) -> None:
    # Row 9 is board 2's Austria (Hugo).  Its round (A9) and player (D9)
    # hold formulas, D9's with the cached result "Zed": the error names A9,
    # and its row by the values typed in, never by a formula's result.
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["A9"] = "=0+1"
    wb["Results"]["D9"] = '=TRIM("Zed")'
    wb.save(path)
    cached = _rewrite_sheet(path, tmp_path / "cached.xlsx", lambda xml: re.sub(
        rb'<c r="D9"[^>]*>.*?</c>', lambda _: b'<c r="D9" t="str"><f>TRIM("Zed")</f><v>Zed</v></c>',
        xml, count=1, flags=re.S))
    assert b"<v>Zed</v>" in _sheet_xml(cached)
    assert error_of(cached).startswith(
        "cached.xlsx: Results!A9 (board 2, Austria): round holds a formula (=0+1) "
        "(and 1 more input cells)"
    )


def test_an_error_value_names_its_cell_and_row(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E9"] = "#N/A"  # board 2's Austria (Hugo)
    wb["Results"]["E9"].data_type = "e"
    wb.save(path)
    assert error_of(path).startswith(
        "e.xlsx: Results!E9 (round 1, board 2, Austria, Hugo): centres holds the error value #N/A"
    )


def test_a_formula_found_when_cells_omit_their_reference(tmp_path: Path) -> None:
    # A dense sheet (every cell written, "" for blanks) ...
    path = tmp_path / "dense.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Results"
    ws.append(list(INPUT_HEADERS))
    for row in seat_rows(worked_games_event()):
        ws.append(["" if v is None else v for v in row])
    ws["B12"] = "=1+1"
    wb.save(path)
    # ... rewritten without the optional r="A1" attributes of its cells.
    stripped = _rewrite_sheet(path, tmp_path / "stripped.xlsx",
                              lambda xml: re.sub(rb'(<c)\s+r="[A-Z]+[0-9]+"', rb"\1", xml))
    assert b'<c r="' not in _sheet_xml(stripped)
    assert error_of(stripped).startswith(  # B12 is board 2's Germany (Kofi)
        "stripped.xlsx: Results!B12 (round 1, Germany, Kofi): board holds a formula")


def test_a_formula_found_when_cells_put_other_attributes_first(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["C20"] = '=IF(1,"Austria","")'
    wb.save(path)
    moved = _rewrite_sheet(path, tmp_path / "moved.xlsx", lambda xml: re.sub(
        rb'<c r="([A-Z]+[0-9]+)"([^>/]*)', rb'<c s="0"\2 r="\1"', xml))
    assert b'<c r="' not in _sheet_xml(moved)
    assert error_of(moved).startswith(
        'moved.xlsx: Results!C20 (round 2, board 1, Jonas): '
        'power holds a formula (=IF(1,"Austria",""))'
    )


def test_a_formula_found_when_a_cell_tag_has_a_tab(tmp_path: Path) -> None:
    # <c\tr="E9"> is well-formed XML (and calamine reads it) like <c r="E9">.
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E9"] = "=3+4"
    wb.save(path)
    tabbed = _rewrite_sheet(path, tmp_path / "tabbed.xlsx",
                            lambda xml: xml.replace(b'<c r="E9"', b'<c\tr="E9"'))
    assert b'<c\tr="E9"' in _sheet_xml(tabbed)
    assert error_of(tabbed).startswith(
        "tabbed.xlsx: Results!E9 (round 1, board 2, Austria, Hugo): centres holds a formula (=3+4)")


_MAIN_NS = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"


# Each case: how the formula cell E9 (=3+4, cached 7) is written into the
# sheet's XML; calamine reads 7 from every one of them.  Text that looks
# like a cell of a computed column (I9) in a comment, a processing
# instruction or a CDATA section, prefixed tags, a formula after the value,
# and quotes or ">" inside attribute values must not hide the formula.
@pytest.mark.parametrize("cell", [
    b'<c r="E9"><!-- <c r="I9"> --><f>3+4</f><v>7</v></c>',
    b'<c r="E9"><?x <c r="I9"?><f>3+4</f><v>7</v></c>',
    b'<c r="E9"><![CDATA[<c r="I9">]]><f>3+4</f><v>7</v></c>',
    b'<c r="E9"><x:f xmlns:x="' + _MAIN_NS + b'">3+4</x:f><v>7</v></c>',
    b'<x:c xmlns:x="' + _MAIN_NS + b'" r="E9"><x:f>3+4</x:f><x:v>7</x:v></x:c>',
    b'<c r="E9"><v>7</v><f>3+4</f></c>',
    b"<c x=' r=\"I9\" ' r=\"E9\"><f>3+4</f><v>7</v></c>",
    b'<c x="a>b" r="E9"><f>3+4</f><v>7</v></c>',
], ids=["comment", "processing-instruction", "cdata", "prefixed-f", "prefixed-cell",
        "f-after-v", "r-in-a-quoted-value", "gt-in-a-value"])
def test_a_formula_is_found_however_its_cell_is_written(tmp_path: Path, cell: bytes) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E9"] = "=3+4"
    wb.save(path)
    edited = _rewrite_sheet(path, tmp_path / "edited.xlsx", lambda xml: re.sub(
        rb'<c r="E9"[^>]*>.*?</c>', lambda _: cell, xml, count=1, flags=re.S))
    assert cell in _sheet_xml(edited)
    assert error_of(edited).startswith(
        "edited.xlsx: Results!E9 (round 1, board 2, Austria, Hugo): centres holds a formula (=3+4)")


# Each case: a cell of the sheet and what replaces it, written so that a
# search of the bytes might take the formula for one outside the input
# columns (calamine reads E9's cached value from each): a single-quoted or
# character-referenced array formula over E9:I9, a cell tag hiding a fake
# '<c r="I9"' in a single-quoted value, a cell with two r attributes
# (calamine takes the last).
@pytest.mark.parametrize(("cell", "written"), [
    ("I9", b"<c r=\"I9\"><f t='array' ref='E9:I9'>E9:I9*1</f><v>1</v></c>"),
    ("I9", b'<c r="I9"><f t="&#97;rray" ref="E9:I9">E9:I9*1</f><v>1</v></c>'),
    ("E9", b'<c r="E9" x=\'<c r="I9" \'><f t="shared" si="5">3+4</f><v>7</v></c>'),
    ("E9", b'<c r="I9" r="E9"><f>3+4</f><v>7</v></c>'),
], ids=["single-quoted-array", "referenced-array", "quoted-fake-cell", "two-r"])
def test_a_formula_hidden_from_a_byte_search_is_still_refused(
    tmp_path: Path, cell: str, written: bytes
) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    edited = _rewrite_sheet(path, tmp_path / "edited.xlsx", lambda xml: re.sub(
        rb'<c r="' + cell.encode() + rb'"[^>]*>.*?</c>', lambda _: written, xml, count=1,
        flags=re.S))
    assert written in _sheet_xml(edited)
    message = error_of(edited)
    assert (message.startswith("edited.xlsx: Results!E9") and "holds a formula" in message) \
        or message.startswith("edited.xlsx: the workbook is damaged"), message


def test_an_array_formula_over_input_cells_is_found_when_parsed(tmp_path: Path) -> None:
    # A comment sends the sheet to the XML parser, which must still mark an
    # array formula's whole range (here anchored in I9, spanning E9:I9).
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    edited = _rewrite_sheet(path, tmp_path / "edited.xlsx", lambda xml: re.sub(
        rb'<c r="I9"[^>]*>.*?</c>',
        lambda _: b'<!-- x --><c r="I9"><f t="array" ref="E9:I9">E9:I9*1</f><v>1</v></c>',
        xml, count=1, flags=re.S))
    assert b'ref="E9:I9"' in _sheet_xml(edited)
    assert error_of(edited).startswith(
        "edited.xlsx: Results!E9 (round 1, board 2, Austria, Hugo): centres holds a formula")


def test_formulas_after_the_input_columns_are_ignored(tmp_path: Path) -> None:
    # results_workbook puts =E2*2 in column H of every row.
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    assert len(read_workbook(path).tournament.games) == 6


def test_names_that_look_like_formulas_stay_names(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    for row in range(2, 100):
        if wb["Results"][f"D{row}"].value == "Greta":
            text_cell(wb["Results"], f"D{row}", "=HYPERLINK(\"x\")")
    wb.save(path)
    book = read_workbook(path)
    assert '=HYPERLINK("x")' in book.tournament.players


def test_the_header_is_found_only_in_the_first_rows(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.cell(HEADER_ROWS + 1, 1, "Round")
    for col, text in enumerate(("Board", "Power", "Player", "Centres"), start=2):
        ws.cell(HEADER_ROWS + 1, col, text)
    wb.save(tmp_path / "low.xlsx")
    assert "no results found" in error_of(tmp_path / "low.xlsx")


@pytest.mark.parametrize(
    ("name", "make", "says"),
    [
        ("empty.xlsx", lambda p: p.write_bytes(b""), "the file is empty"),
        ("renamed.xlsx", lambda p: p.write_text("round,board,power\n1,1,A\n"),
         "text file (a CSV?)"),
        ("latin1.xlsx", lambda p: p.write_bytes("player;centres\nJos\xe9;3\n".encode("cp1252")),
         "text file (a CSV?)"),
        ("encrypted.xlsx", fake_encrypted, "password-protected"),
        ("old.xlsx", lambda p: fake_encrypted(p, encrypted=False), "Excel 97-2003 (.xls)"),
        ("page.xlsx", lambda p: p.write_text("<html><body>hi</body></html>"), "HTML or XML"),
        ("blank.xlsx", lambda p: openpyxl.Workbook().save(p), "no results found"),
    ],
)
def test_what_is_not_a_results_workbook_is_refused_clearly(
    tmp_path: Path, name: str, make: object, says: str
) -> None:
    path = tmp_path / name
    make(path)  # type: ignore[operator]
    message = error_of(path)
    assert message.startswith(f"{name}: ") and says in message


@pytest.mark.parametrize("dimension", [True, False])
def test_a_stray_value_far_away_is_refused_not_loaded(tmp_path: Path, dimension: bool) -> None:
    # python-calamine would hold A1:BXX45000 as a dense grid (gigabytes)
    # and abort the process: run in a subprocess so a regression cannot
    # take pytest down with it.
    path = results_workbook(tmp_path / "far.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"].cell(45_000, 2_000, "oops")
    wb.save(path)
    if not dimension:  # the <dimension> element is optional: scan the cells
        plain = path.read_bytes()
        with zipfile.ZipFile(io.BytesIO(plain)) as src, zipfile.ZipFile(path, "w") as dst:
            for info in src.infolist():
                data = src.read(info)
                if info.filename == "xl/worksheets/sheet1.xml":
                    data = re.sub(rb"<dimension [^>]*/>", b"", data)
                    assert b"<dimension" not in data
                dst.writestr(info, data)
    code = (
        "import sys; from pathlib import Path\n"
        "from dipxl.workbook.reader import read_workbook\n"
        "try:\n    read_workbook(Path(sys.argv[1]))\nexcept Exception as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr[-500:]
    assert out.stdout.startswith(
        "far.xlsx: Results: the sheet's used range A1:BXX45000 holds 90,000,000 cells"
    )


def test_a_truncated_workbook_is_refused(tmp_path: Path) -> None:
    good = results_workbook(tmp_path / "good.xlsx", worked_games_event())
    data = good.read_bytes()
    for cut in (len(data) // 2, len(data) - 30):
        bad = tmp_path / "cut.xlsx"
        bad.write_bytes(data[:cut])
        assert "damaged or truncated" in error_of(bad)


def test_a_zip_that_is_no_workbook_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "z.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("readme.txt", "hello")
    assert "not an xlsx workbook (no xl/workbook.xml)" in error_of(path)


def test_a_really_encrypted_workbook_is_refused(tmp_path: Path) -> None:
    ooxml = pytest.importorskip("msoffcrypto.format.ooxml")
    plain = results_workbook(tmp_path / "plain.xlsx", worked_games_event())
    locked = tmp_path / "locked.xlsx"
    with plain.open("rb") as src, locked.open("wb") as dst:
        ooxml.OOXMLFile(src).encrypt("secret", dst)
    assert error_of(locked).startswith("locked.xlsx: the workbook is password-protected")


def test_a_header_without_rows_is_refused(tmp_path: Path) -> None:
    wb = openpyxl.Workbook()
    wb.active.append(["Round", "Board", "Power", "Player", "Centres"])
    wb.save(tmp_path / "h.xlsx")
    assert "no results" in error_of(tmp_path / "h.xlsx")


@pytest.mark.parametrize(("name", "value", "says"), [
    ("round_to", -1, "round_to must be at least 0, got -1"),
    ("solo", "abc", "solo must be a number, got 'abc'"),
])
def test_a_bad_parameter_names_its_cell(tmp_path: Path, name: str, value: object,
                                        says: str) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(path)
    for row in wb["Settings"].iter_rows(min_row=2):
        if row[0].value == name:
            row[1].value = value
            ref = row[1].coordinate
    wb.save(path)
    assert error_of(path) == f"e.xlsx: Settings!{ref}: {says}"


def test_a_bad_setting_names_the_settings_sheet(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event(), "cdiplo")
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "system":
            row[1].value = "nonesuch"
            ref = row[1].coordinate
    wb.save(path)
    assert error_of(path).startswith(f"e.xlsx: Settings!{ref}: unknown scoring system")


def _sheets_of_rounds(path: Path, names: list[str]) -> Path:
    """The worked event, one sheet per round (sheet k: round k), each with
    its own results header."""
    rows = seat_rows(worked_games_event())
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for k, name in enumerate(names, start=1):
        ws = wb.create_sheet(name)
        ws.append(list(INPUT_HEADERS))
        for row in rows:
            if row[0] == k:
                ws.append(row)
    wb.save(path)
    return path


def test_results_on_several_sheets_are_refused_not_read_in_part(tmp_path: Path) -> None:
    path = _sheets_of_rounds(tmp_path / "rounds.xlsx", ["Round 1", "Round 2", "Round 3"])
    assert error_of(path) == (
        "rounds.xlsx: 'Round 1'!A1: results headers on 3 sheets ('Round 1', 'Round 2', "
        "'Round 3'): dipxl reads the results of one sheet; put them all on one sheet, or "
        "name the one to read 'Results'"
    )


def test_the_results_sheet_is_read_whatever_other_sheets_hold(tmp_path: Path) -> None:
    path = _sheets_of_rounds(tmp_path / "rounds.xlsx", ["Old", "Results", "Spare"])
    book = read_workbook(path)
    assert book.sheet == "Results"
    assert {g.round for g in book.tournament.games} == {2}


def test_checkbox_columns_get_one_message_a_column(tmp_path: Path) -> None:
    # A hand-made table whose Draw column is checkboxes (TRUE/FALSE, as
    # Excel and Google Sheets save them; LibreOffice as =TRUE() formulas)
    # and one Centres cell ticked by mistake: one message a column, saying
    # what to type, never one a cell.
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    assert ws["G1"].value == "Draw"
    for row in range(2, 16):
        ws[f"G{row}"] = row % 2 == 0 if row < 9 else ("=TRUE()" if row % 2 else "=FALSE()")
    ws["E30"] = True
    ws["E31"] = False
    wb.save(path)
    assert error_of(path).splitlines() == [
        "e.xlsx: Results!E30:E31: Centres column holds TRUE/FALSE (checkboxes) in 2 cells: type "
        "the centres held at the end (0-34)",
        "e.xlsx: Results!G2:G15: Draw column holds TRUE/FALSE (checkboxes) in 14 cells: type Y "
        "for a draw member, N for a survivor left out, or leave blank",
    ]
    # The same through a worksheet function (the core's check).
    rows = [[c.value for c in r] for r in openpyxl.load_workbook(path)["Results"].iter_rows(
        max_col=7)]
    cells = [[float(v) if type(v) is int else v for v in r] for r in rows]
    with pytest.raises(InputError, match=r"Centres column holds TRUE/FALSE .* more problem"):
        udfs.DIPXL_STANDINGS(cells[:1] + [[*r[:6], True] for r in cells[1:4]] + cells[4:],
                             "cdiplo")


def test_one_ticked_count_is_a_careless_entry_its_board_not_counted(tmp_path: Path) -> None:
    path = results_workbook(tmp_path / "e.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(path)
    wb["Results"]["E30"] = True
    wb.save(path)
    book = read_workbook(path)
    [notice] = [n for n in book.tournament.remarks if n.code == "not_counted"]
    assert notice.where == "Results!E30" and "(a checkbox?)" in notice.message


def test_a_csv_export_of_checkboxes_gets_one_message_a_column() -> None:
    """Google Sheets and Excel write a checkbox column to CSV as the text
    TRUE/FALSE: one message for the column, as in a workbook."""
    from dipxl.csvio import parse_csv

    flags = ["TRUE", "TRUE", "FALSE", "false", "FALSE", "FALSE", "FALSE"]
    text = "Round,Board,Power,Player,Centres,Draw\n" + "".join(
        f"1,1,{p},P{i},{c},{d}\n" for i, (p, c, d) in enumerate(
            zip("AEFGIRT", [10, 8, 6, 4, 3, 2, 1], flags, strict=True)))
    with pytest.raises(InputError) as err:
        parse_csv(text, "x.csv")
    assert str(err.value) == (
        "x.csv: lines 2-8, column draw: Draw column holds TRUE/FALSE (checkboxes) in 7 cells: "
        "type Y for a draw member, N for a survivor left out, or leave blank")
    # One TRUE typed by mistake is a careless entry: its board is not counted.
    once = parse_csv(text.replace("FALSE", "").replace("false", "").replace(
        ",TRUE\n", ",Y\n", 1), "x.csv")
    assert [n.code for n in once.remarks] == ["not_counted"]
