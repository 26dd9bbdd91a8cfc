"""The checked package: every part inflated once, into the copy that
python-calamine reads (stored, so calamine inflates nothing again)."""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any

import pytest

from dipxl.examples import worked_games_event
from dipxl.io.package import Package, sheet_ref
from dipxl.workbook.reader import read_workbook_bytes
from tests.workbooks import results_workbook


def test_every_part_read_is_inflated_once_into_a_stored_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Read: every part but the document properties (no relationship of the
    # workbook names them; images and charts would stay packed likewise).
    data = results_workbook(tmp_path / "e.xlsx", worked_games_event()).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as original:
        infos = [i for i in original.infolist() if not i.filename.startswith("docProps/")]
        parts = {i.filename: original.read(i) for i in infos}
        deflated = sum(i.compress_type == zipfile.ZIP_DEFLATED for i in infos)
        assert len(infos) < len(original.infolist())
    assert deflated > 0
    inflaters = []
    real = zlib.decompressobj

    def counted(*args: Any) -> Any:
        inflaters.append(args)
        return real(*args)

    monkeypatch.setattr(zipfile.zlib, "decompressobj", counted)
    package = Package(data)
    assert len(inflaters) == deflated
    with zipfile.ZipFile(io.BytesIO(package.unpacked)) as copy:
        assert {i.compress_type for i in copy.infolist()} == {zipfile.ZIP_STORED}
        copied = {i.filename: copy.read(i) for i in copy.infolist()}
    # The same parts, the workbook's relationships pointing at absolute names.
    rels = "xl/_rels/workbook.xml.rels"
    assert copied.pop(rels) == re.sub(rb'Target="(?:/xl/)?', b'Target="/xl/', parts.pop(rels))
    assert copied == parts
    inflaters.clear()
    assert len(read_workbook_bytes(data).tournament.games) == 6
    assert len(inflaters) == deflated  # the whole read: once each


def test_a_name_given_twice_is_read_as_zipfile_reads_it() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("xl/workbook.xml", b"<workbook/>")
        zf.writestr("xl/_rels/workbook.xml.rels", b"<Relationships/>")
        with pytest.warns(UserWarning, match="Duplicate name"):
            zf.writestr("xl/workbook.xml", b"<workbook><sheets/></workbook>")
    package = Package(buffer.getvalue())
    assert package.part("xl/workbook.xml") == b"<workbook><sheets/></workbook>"
    assert package.parts == {}


@pytest.mark.parametrize(("sheet", "ref"), [
    ("Results", "Results"), ("My results", "'My results'"), ("O'Neil", "'O''Neil'"),
    ("2024", "'2024'"),
])
def test_a_sheet_is_named_as_in_a_cell_reference(sheet: str, ref: str) -> None:
    assert sheet_ref(sheet) == ref


def _written_by_openpyxl(path: Path) -> Path:
    return results_workbook(path, worked_games_event())


def _written_by_dipxl_new(path: Path) -> Path:
    from dipxl.workbook.writer import write_workbook

    return write_workbook(path, "cdiplo", rounds=2, boards=2,
                          players=list(worked_games_event().players))


@pytest.mark.parametrize("write", [_written_by_openpyxl, _written_by_dipxl_new],
                         ids=["openpyxl", "dipxl-new"])
def test_the_sheets_real_writers_write_are_searched_not_parsed(
    tmp_path: Path, write: Any
) -> None:
    # The byte search gives up on anything unusual; on what openpyxl and
    # dipxl itself write (every sheet, formulas and all) it must answer.
    from dipxl.io.sheet_xml import parsed, searched

    package = Package(write(tmp_path / "w.xlsx").read_bytes())
    assert package.parts
    formulas = 0
    for sheet, part in package.parts.items():
        xml = package.part(part)
        assert searched(xml) == parsed(xml), sheet
        formulas += len(parsed(xml).formulas)
    assert formulas > 0
