"""A `dipxl new` workbook, filled in, then saved by the applications TDs
use, scores as the file did before it was saved (issue 24, item 4).

Each application saves the same content its own way: LibreOffice writes
every TRUE and FALSE typed in as a formula (``<f>TRUE()</f>``), its own
shared strings, defined names and styles; Excel's conventions (openpyxl
stands in) rewrite the package; a Google Sheets export is built here in
the shape such exports take (inline strings, formulas without cached
values, booleans as ``t="b"``, defined names written without ``$``).
Real LibreOffice saves each file (as xlsx, and through its own .ods)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from lo import convert_many, recalculate_many, soffice_path

from dipxl.errors import DipxlError
from dipxl.examples import htm_example, worked_games_event
from dipxl.io.sheet_xml import NOT_CONSTANT, constant
from dipxl.standings import score_tournament
from dipxl.systems import canonical
from dipxl.tables import standings_dict
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.writer import write_workbook

CASES = [(s.id, worked_games_event if s.per_game else htm_example) for s in canonical()]

needs_lo = pytest.mark.skipif(soffice_path() is None, reason="LibreOffice not installed")


def filled(path: Path, system: str, make: Any) -> Path:
    """A generated workbook with the event's results typed into Results
    (draw flags as Y/N; each board's final year, the year after its last
    elimination when the event gives none, 1910 at the earliest, as some
    systems read it) and its first yes/no setting turned over."""
    tournament = make()
    write_workbook(path, system, title="Club night", rounds=3, boards=3,
                   players=list(tournament.players))
    seats = {(g.round, g.board, s.power.title): s for g in tournament.games for s in g.seats}
    final = {(g.round, g.board): g.year or max([s.eliminated or 0 for s in g.seats] + [1909]) + 1
             for g in tournament.games}
    wb = openpyxl.load_workbook(path)
    header = [c.value for c in wb["Results"][1]]
    assert header[3:8] == ["Player", "Centres", "Eliminated", "Draw", "Year"]
    for row in wb["Results"].iter_rows(min_row=2):
        seat = seats.get((row[0].value, row[1].value, row[2].value))
        if seat is not None:
            row[3].value, row[4].value, row[5].value = seat.player, seat.centres, seat.eliminated
            if seat.in_draw is not None:
                row[6].value = "Y" if seat.in_draw else "N"
            row[7].value = final[(row[0].value, row[1].value)]
    flags = [row[1] for row in wb["Settings"].iter_rows(min_row=2)
             if isinstance(row[1].value, bool)]
    if flags:
        flags[0].value = not flags[0].value
    wb.save(path)
    return path


def scored(path: Path) -> dict[str, Any]:
    book = read_workbook(path, "x.xlsx")
    assert book.system is not None
    return standings_dict(score_tournament(book.tournament, book.system, book.overrides))


def originals(folder: Path) -> list[Path]:
    folder.mkdir()
    return [filled(folder / f"{system}.xlsx", system, make) for system, make in CASES]


@needs_lo
def test_libreoffice_saves_score_like_the_original(tmp_path: Path) -> None:
    sources = originals(tmp_path / "in")
    saved = recalculate_many(sources, tmp_path / "xlsx")
    ods = convert_many(sources, tmp_path / "ods", "ods", ".ods")
    again = recalculate_many(ods, tmp_path / "ods-xlsx", infilter="calc8")
    with zipfile.ZipFile(saved[0]) as book:  # the class of file this is about
        assert b"<f aca=\"false\">TRUE()</f>" in book.read("xl/worksheets/sheet1.xml")
    for source, one, two in zip(sources, saved, again, strict=True):
        want = scored(source)
        assert scored(one) == want, one
        assert scored(two) == want, two


def test_an_openpyxl_save_scores_like_the_original(tmp_path: Path) -> None:
    for source in originals(tmp_path / "in"):
        out = tmp_path / source.name
        openpyxl.load_workbook(source).save(out)
        assert scored(out) == scored(source)


def sheets_export(source: Path, out: Path) -> Path:
    """``source`` (openpyxl's inline strings) as a Google Sheets export is
    shaped: every text in a shared strings table, formulas without cached
    values, booleans as ``t="b"``, defined names without ``$``."""
    strings: dict[bytes, int] = {}

    def shared(cell: re.Match[bytes]) -> bytes:
        index = strings.setdefault(cell[2], len(strings))
        return cell[1] + b' t="s"><v>' + str(index).encode() + b"</v></c>"

    with zipfile.ZipFile(source) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.startswith("xl/worksheets/sheet"):
                data = re.sub(rb'(<c r="[A-Z]+[0-9]+"(?: s="[0-9]+")?) t="inlineStr">'
                              rb"<is><t(?: [^>]*)?>([^<]*)</t></is></c>", shared, data)
                data = re.sub(rb"(</f>)<v>[^<]*</v>|(</f>)<v\s*/>", rb"\1\2", data)
            elif info.filename == "xl/workbook.xml":
                data = re.sub(rb"(<definedName[^>]*>[^<]*)", lambda m: m[1].replace(b"$", b""),
                              data)
            elif info.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", (
                    b'<Relationship Id="rIdSst" Target="sharedStrings.xml" Type="http://'
                    b'schemas.openxmlformats.org/officeDocument/2006/relationships/'
                    b'sharedStrings"/></Relationships>'))
            elif info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", (
                    b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
                    b"</Types>"))
            dst.writestr(info, data)
        table = b"".join(b"<si><t>" + text + b"</t></si>" for text in strings)
        dst.writestr("xl/sharedStrings.xml", (
            b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://'
            b'schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
            % (len(strings), len(strings))) + table + b"</sst>")
    return out


def test_a_google_sheets_export_scores_like_the_original(tmp_path: Path) -> None:
    for source in originals(tmp_path / "in"):
        out = sheets_export(source, tmp_path / source.name)
        with zipfile.ZipFile(out) as book:
            settings = book.read("xl/worksheets/sheet1.xml")
            results = book.read("xl/worksheets/sheet3.xml")
        assert b"inlineStr" not in settings and b't="b"' in settings
        assert re.search(rb"</f><v", results) is None and b"<f>" in results
        assert scored(out) == scored(source)


@needs_lo
def test_a_real_formula_saved_by_libreoffice_is_still_refused(tmp_path: Path) -> None:
    source = filled(tmp_path / "f.xlsx", "cdiplo", worked_games_event)
    wb = openpyxl.load_workbook(source)
    wb["Results"]["E2"] = "=E3"
    wb["Settings"]["B2"] = '=IF(TRUE(),"cdiplo","htm")'
    wb.save(source)
    (saved,) = recalculate_many([source], tmp_path / "out")
    assert b"TRUE()" in zipfile.ZipFile(saved).read("xl/worksheets/sheet1.xml")
    with pytest.raises(DipxlError) as err:
        read_workbook(saved, "f.xlsx")
    assert "holds a formula (=IF(TRUE()" in str(err.value)
    wb = openpyxl.load_workbook(saved)
    wb["Settings"]["B2"] = "cdiplo"
    wb.save(saved)
    with pytest.raises(DipxlError) as err:
        read_workbook(saved, "f.xlsx")
    assert str(err.value).startswith(
        "f.xlsx: Results!E2 (round 1, board 1, Austria, Alice): centres holds a formula (=E3)")


# Formula text -> the value typed in, for the formulas that are constants.
@pytest.mark.parametrize(("text", "value"), [
    ("=TRUE()", True), ("=FALSE()", False), ("=true", True), ("= FALSE ( ) ", False),
    ("=5", 5.0), ("=-1", -1.0), ("=+2.5e1", 25.0), ("=.5", 0.5),
    ('="Y"', "Y"), ('="say ""no"""', 'say "no"'), ('=""', ""),
])
def test_a_constant_formula_is_a_value_typed_in(text: str, value: object) -> None:
    got = constant(text)
    assert got == value and type(got) is type(value)


# Formulas that compute their value: never read as typed in.
@pytest.mark.parametrize("text", [
    "=A1", "=1+1", "=TRUE()+0", "=--5", "=NOT(FALSE())", "=TRUE(1)", '="a"&"b"', "=5%",
    "=1e999", '="open', "(shared formula)", "(formula)", "=N(5)", "=TRUE()=TRUE()",
])
def test_a_computing_formula_is_no_constant(text: str) -> None:
    assert constant(text) is NOT_CONSTANT
