"""The year-by-year chart as an input (Maxonian reads it): columns headed by
the year (1901 ... 2100, as text or a number), each holding that year's
count (0-34, blank: not entered), read from CSV files and workbooks into
``Seat.chart``; bad values as the other counts."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import openpyxl
import pytest

from dipxl.csvio import parse_csv
from dipxl.errors import InputError
from dipxl.fields import chart_columns, chart_year
from dipxl.systems import get_system
from dipxl.workbook.layout import CHART_HEADERS
from dipxl.workbook.reader import read_workbook

POWERS = "AEFGIRT"
FINAL = (12, 7, 7, 4, 3, 1, 0)
Y1906 = (11, 7, 7, 4, 3, 1, 0)
Y1905 = (10, 6, 5, 5, 4, 2, 1)  # England ahead of France


def csv_text(y1905: tuple[object, ...] = Y1905) -> str:
    lines = ["Round,Board,Power,Player,Centres,Eliminated,Year,1906, 1905 ,Notes"]
    for i, p in enumerate(POWERS):
        eliminated = "1906" if FINAL[i] == 0 else ""
        lines.append(f"1,1,{p},P{i},{FINAL[i]},{eliminated},1907,{Y1906[i]},{y1905[i]},x")
    return "\n".join(lines) + "\n"


def test_headers_that_are_years() -> None:
    # header | the year it names (None: not a chart column)
    cases = [("1901", 1901), (" 1955 ", 1955), (1902, 1902), (1903.0, 1903), ("2100", 2100),
             ("1900", None), (2101, None), ("Year", None), ("1901a", None), (1901.5, None),
             (True, None), ("\uff11\uff19\uff10\uff11", None)]  # full-width digits
    for header, year in cases:
        assert chart_year(header) == year, header
    assert chart_columns(["Round", "1901", 1902, "1901", "Year"]) == {"1901": 1, "1902": 2}


def test_a_csv_chart_breaks_the_tie() -> None:
    event = parse_csv(csv_text())
    game = event.games[0]
    assert game.chart == {1905: Y1905, 1906: Y1906}
    assert game.seats[1].chart == ((1905, 6), (1906, 7))
    spec = get_system("maxonian")
    assert spec.score_game(game, spec.params) == (7, 6, 5, 4, 3, 2, 1)


def test_a_chart_value_refused_names_its_cell() -> None:
    with pytest.raises(InputError, match=r"line 3, column 1905 .*England.*the chart's 1905 "
                                         r"count must be a whole number 0-34, got \"40\""):
        parse_csv(csv_text((10, 40, 5, 5, 4, 2, 1)), "t.csv")


def test_a_chart_year_after_the_final_year_is_refused() -> None:
    text = csv_text().replace(",1906, 1905 ,", ",1908, 1905 ,")
    with pytest.raises(InputError, match="1908, after the game's final year 1907") as err:
        parse_csv(text, "t.csv")
    assert err.value.field == "chart"
    assert "column 1908" in str(err.value)


def test_text_in_a_csv_chart_cell_leaves_the_board_not_counted() -> None:
    event = parse_csv(csv_text((10, 6, "x", 5, 4, 2, 1)))
    assert not event.games[0].finished
    (notice,) = [n for n in event.remarks if n.code == "not_counted"]
    assert "the chart's 1905 count" in notice.message


def test_a_blank_chart_cell_is_not_entered() -> None:
    game = parse_csv(csv_text((10, 6, "", 5, 4, 2, 1))).games[0]
    assert game.chart[1905] == (10, 6, None, 5, 4, 2, 1)
    spec = get_system("maxonian")
    with pytest.raises(InputError, match="1905 but none for France"):
        spec.score_game(game, spec.params)


def workbook(tmp_path: Path, y1905: tuple[object, ...] = Y1905) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Results"
    ws.append(["Round", "Board", "Power", "Player", "Centres", "Eliminated", "Year", 1906, "1905"])
    for i, p in enumerate(POWERS):
        ws.append([1, 1, p, f"P{i}", FINAL[i], 1906 if FINAL[i] == 0 else None, 1907, Y1906[i],
                   y1905[i]])
    path = tmp_path / "chart.xlsx"
    wb.save(path)
    return path


def test_a_workbook_chart_headed_by_numbers_or_text(tmp_path: Path) -> None:
    game = read_workbook(workbook(tmp_path)).tournament.games[0]
    assert game.chart == {1905: Y1905, 1906: Y1906}


def test_a_workbook_chart_count_typed_as_text_is_not_counted(tmp_path: Path) -> None:
    event = read_workbook(workbook(tmp_path, (10, 6, "5", 5, 4, 2, 1))).tournament
    assert not event.games[0].finished
    (notice,) = [n for n in event.remarks if n.code == "not_counted"]
    assert "Results!I4" in notice.where


def test_a_workbook_chart_value_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"Results!I3 .*got 6\.5"):
        read_workbook(workbook(tmp_path, (10, 6.5, 5, 5, 4, 2, 1)))


def test_a_generated_workbook_has_the_chart_columns_of_a_system_reading_it(
    tmp_path: Path,
) -> None:
    from dipxl.standings import score_tournament
    from dipxl.tables import standings_dict
    from dipxl.workbook.writer import build_workbook
    from tests.workbook.tournaments import random_tournament

    event = random_tournament(5, 14, 2, unfinished_share=0)
    wb = build_workbook("maxonian", tournament=event)
    headers = [c.value for c in wb["Results"][1]]
    first = headers.index("Year") + 1
    assert headers[first : first + len(CHART_HEADERS)] == list(CHART_HEADERS)
    path = tmp_path / "maxonian.xlsx"
    wb.save(path)
    book = read_workbook(path)
    read = [(g.round, g.board, g.chart) for g in book.tournament.games if g.finished]
    assert read == [(g.round, g.board, g.chart) for g in event.games]
    got, want = (standings_dict(score_tournament(t, "maxonian")) for t in (book.tournament, event))
    assert got["standings"] == want["standings"]
    others = [c.value for c in build_workbook("cdiplo", tournament=event)["Results"][1]]
    assert not set(CHART_HEADERS) & set(others)


def _generated(tmp_path: Path, headings: dict[str, object], extra: object = None) -> Path:
    """A ``dipxl new`` Maxonian workbook holding one board whose tie on 7
    (England, France) its 1906 count breaks, with chart headings retyped
    (``headings``: as made -> as typed) and ``extra`` heading a column
    after the last."""
    from dipxl.workbook.writer import write_workbook

    path = write_workbook(tmp_path / "m.xlsx", "maxonian", rounds=1, boards=1,
                          players=[f"P{i}" for i in range(7)])
    wb = openpyxl.load_workbook(path)
    ws = wb["Results"]
    at = {c.value: c.column for c in ws[1]}
    for i in range(7):
        for header, value in (("Player", f"P{i}"), ("Centres", FINAL[i]), ("1906", Y1906[i]),
                              ("1905", Y1905[i]), ("Year", 1907 if i == 0 else None)):
            ws.cell(2 + i, at[header]).value = value
    for made, typed in headings.items():
        ws.cell(1, at[made]).value = typed
    if extra is not None:
        ws.cell(1, ws.max_column + 1).value = extra
    wb.save(path)
    return path


@pytest.mark.parametrize("typed", ["1906 ", 1906, " 1906"])
def test_a_generated_chart_heading_typed_as_its_year_is_read(tmp_path: Path, typed: object
                                                              ) -> None:
    game = read_workbook(_generated(tmp_path, {"1906": typed})).tournament.games[0]
    assert game.chart == {1905: Y1905, 1906: Y1906}


@pytest.mark.parametrize(("headings", "extra", "cells", "says"), [
    # A date: dipxl read no 1906 (France 2nd), the formulas read 1906 (England 2nd).
    ({"1906": datetime.datetime(1906, 1, 1)}, None, ["Results!N1"],
     "heading says a date (1906-01-01), not a number, which dipxl reads as no year"),
    ({"1906": "1096"}, None, ["Results!N1"], "says \"1096\", which dipxl reads as no year"),
    ({"1906": None}, None, ["Results!N1"], "heading is blank"),
    ({"1906": "1905", "1905": "1906"}, None, ["Results!M1", "Results!N1"],
     "which dipxl reads as 1906: type 1905 back"),
    # A year the formulas have no column for: dipxl read it, they do not.
    ({}, "1921", ["Results!AM1"], "which this workbook's formulas do not read"),
])
def test_a_generated_chart_heading_dipxl_would_read_otherwise_is_refused(
    tmp_path: Path, headings: dict[str, object], extra: object, cells: list[str], says: str
) -> None:
    """The workbook's formulas read each chart column by place, as the year
    it was made with; dipxl reads a column by its heading.  A heading
    retyped so that dipxl would read it as another year or none, or a year
    heading a column outside the chart, is refused naming the cell."""
    with pytest.raises(InputError) as err:
        read_workbook(_generated(tmp_path, headings, extra))
    assert re.findall(r"Results![A-Z]+1", str(err.value)) == cells
    assert says in str(err.value)


def test_the_chart_s_empty_cells_look_as_input_cells_without_being_written(tmp_path: Path
                                                                          ) -> None:
    """A generated workbook writes no empty chart cell (20 columns of them
    were most of a big Maxonian workbook's time): the input colour of the
    chart's rows is one formatting rule, the number format and alignment
    are the columns' own; a count written from results keeps the input
    look of the other entry cells."""
    from dipxl.workbook.sheets.styling import INPUT_FILL
    from dipxl.workbook.writer import write_workbook

    path = write_workbook(tmp_path / "m.xlsx", "maxonian", rounds=2, boards=3,
                          players=[f"P{i}" for i in range(21)])
    ws = openpyxl.load_workbook(path)["Results"]
    at = {c.value: c.column_letter for c in ws[1]}
    first, last = at[CHART_HEADERS[0]], at[CHART_HEADERS[-1]]
    assert all(ws[f"{at[h]}{r}"].value is None and not ws[f"{at[h]}{r}"].has_style
               for h in CHART_HEADERS for r in range(2, 2 + 42))
    colours = [(str(rng.sqref), rule.dxf.fill.fgColor.rgb)
               for rng, rules in ws.conditional_formatting._cf_rules.items()
               for rule in rules if rule.formula == ["TRUE"]]
    assert colours == [(f"{first}2:{last}43", INPUT_FILL.fgColor.rgb)]
    for h in CHART_HEADERS:
        dim = ws.column_dimensions[at[h]]
        assert (dim.number_format, dim.alignment.horizontal) == ("0", "right")
