"""A1 references: column numbers to letters and back, as Excel names columns."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.workbook.a1 import cell, column_letter, column_number, column_span, parse_cell


def test_column_letters() -> None:
    # column (1 = A): letters, as Excel names columns
    assert [column_letter(i) for i in (1, 26, 27, 52, 53, 702, 703, 16384)] == \
        ["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA", "XFD"]


def test_there_is_no_column_zero() -> None:
    with pytest.raises(ValueError, match="start at 1"):
        column_letter(0)


@given(st.integers(min_value=1, max_value=16384))
def test_letters_read_back_as_their_column(column: int) -> None:
    assert column_number(column_letter(column)) == column
    assert column_number(column_letter(column).lower().encode()) == column


def test_references() -> None:
    assert cell(2, 7) == "B7"
    assert cell(28, 7, absolute=True) == "$AB$7"
    assert column_span("E", 2, 64) == "$E$2:$E$64"
    assert column_span("B", 2, 9, "Players") == "Players!$B$2:$B$9"


def test_parsed_cells_are_row_then_column() -> None:
    assert parse_cell("B7") == (7, 2)
    assert parse_cell(" $AB$12 ") == (12, 28)
    assert parse_cell("xfd1048576") == (1048576, 16384)
    for bad in ("", "7B", "B", "ABCD1", "B7:C9", "Sheet!B7"):
        assert parse_cell(bad) is None, bad
