"""The small xlsx writer: what openpyxl (an independent reader) reads back."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from dipxl.workbook.xlsx import MAX_TEXT, Sheet, write_xlsx


def test_values_come_back_with_their_types(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    rows = [
        [1, 2.5, True, None, "=SUM(A1:A3)"],
        [-7, 1 / 3, False, "a & b < c > d", "+1"],
        [10**15, float("nan"), "tab\tand\x01control", "@x", "-1"],
    ]
    write_xlsx(path, [Sheet("Data", ["int", "float", "bool", "none", "text"], rows)])
    ws = openpyxl.load_workbook(path)["Data"]
    got = [[c.value for c in row] for row in ws.iter_rows(min_row=2)]
    assert got[0] == [1, 2.5, True, None, "=SUM(A1:A3)"]
    assert got[1] == [-7, 1 / 3, False, "a & b < c > d", "+1"]
    assert got[2] == [10**15, "nan", "tab\tand\ufffdcontrol", "@x", "-1"]
    # Text that looks like a formula is text.
    assert ws["E2"].data_type == "s" and ws["E3"].data_type == "s"
    assert [c.value for c in ws[1]] == ["int", "float", "bool", "none", "text"]
    assert ws[1][0].font.b and ws.freeze_panes == "A2"


def test_long_text_is_cut_to_excels_limit(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    write_xlsx(path, [Sheet("S", ["x"], [["y" * (MAX_TEXT + 10)]])])
    assert len(openpyxl.load_workbook(path)["S"]["A2"].value) == MAX_TEXT


def test_the_same_sheets_give_the_same_bytes(tmp_path: Path) -> None:
    sheets = [Sheet("A", ["h"], [[1], ["x"]]), Sheet("B", ["k"], [])]
    write_xlsx(tmp_path / "1.xlsx", sheets)
    write_xlsx(tmp_path / "2.xlsx", sheets)
    assert (tmp_path / "1.xlsx").read_bytes() == (tmp_path / "2.xlsx").read_bytes()
    assert openpyxl.load_workbook(tmp_path / "1.xlsx").sheetnames == ["A", "B"]


@pytest.mark.parametrize("name", ["", "a" * 32, "x/y", "what?", "[1]"])
def test_bad_sheet_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="sheet name"):
        write_xlsx(tmp_path / "t.xlsx", [Sheet(name, ["h"])])


def test_other_types_are_refused(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="cannot write"):
        write_xlsx(tmp_path / "t.xlsx", [Sheet("S", ["h"], [[object()]])])  # type: ignore[list-item]
