"""Reading sit-outs, adjustments and who is ranked (issue 26, the input
side): a results row with a round and a player and no board and no power
is a sit-out; with an ``adjustment`` it is an adjustment (a ``note`` and a
round optional); a Players sheet's (or a players file's) ``status`` column
says who is withdrawn or unranked.  A CSV file and a workbook read the
same table alike, and every refusal names its cell."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest

from dipxl.csvio import parse_csv, parse_players_csv, with_players_csv
from dipxl.errors import InputError, InputErrors
from dipxl.fields import extra_columns, parse_adjustment, parse_status
from dipxl.model import Adjustment, SitOut, Status, Tournament
from dipxl.workbook.reader import read_workbook, read_workbook_bytes
from dipxl.workbook.writer import write_workbook

POWERS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
HEADER = ["Round", "Board", "Power", "Player", "Centres", "Adjustment", "Note"]
COUNTS = (10, 8, 6, 4, 3, 2, 1)


def boards() -> list[list[object]]:
    """Two rounds of one board each: seven players A-G, and H who sits out."""
    rows: list[list[object]] = []
    for rnd in (1, 2):
        for k, power in enumerate(POWERS):
            rows.append([rnd, 1, power, "ABCDEFG"[k], COUNTS[k], None, None])
    return rows


# The rows around the games, below the boards (CSV lines 16-21, sheet rows
# 16-21): a sit-out a round; a penalty with no round; a bonus in round 2,
# a second adjustment of A; a note alone on a row (a TD's remark, not read).
AROUND: list[list[object]] = [
    [1, None, None, "H", None, None, None],
    [2, None, None, "H", None, None, "a bye"],
    [None, None, None, "B", None, -5, "late for round 1"],
    [2, None, None, "A", None, 2.5, "best press"],
    [None, None, None, "A", None, -1, None],
    [None, None, None, None, None, None, "checked by the TD"],
]


def table(extra: list[list[object]] | None = None) -> list[list[object]]:
    return [HEADER, *boards(), *AROUND, *(extra or [])]


def csv_text(rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def xlsx_bytes(rows: list[list[object]], players: list[list[object]] | None = None) -> bytes:
    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Results"
    for row in rows:
        ws.append(row)
    if players is not None:
        sheet = wb.create_sheet("Players")
        for row in players:
            sheet.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def read_csv(rows: list[list[object]]) -> Tournament:
    return parse_csv(csv_text(rows), "event.csv")


def read_xlsx(rows: list[list[object]]) -> Tournament:
    return read_workbook_bytes(xlsx_bytes(rows), "event.xlsx").tournament


READERS = {"csv": read_csv, "xlsx": read_xlsx}
# Where each surface puts row 16 (the first sit-out) and a cell of it.
ROW = {"csv": "line 16", "xlsx": "Results!A16"}
ADJUSTMENT_CELL = {"csv": "line {}, column adjustment", "xlsx": "Results!F{}"}
CENTRES_CELL = {"csv": "line {}, column centres", "xlsx": "Results!E{}"}
ROUND_CELL = {"csv": "line {}, column round", "xlsx": "Results!A{}"}
PLAYER_CELL = {"csv": "line {}, column player", "xlsx": "Results!D{}"}


# ---------------------------------------------------------------- reading


@pytest.mark.parametrize("surface", READERS)
def test_sit_outs_and_adjustments_are_read(surface: str) -> None:
    t = READERS[surface](table())
    assert t.sit_outs == (SitOut("H", 1), SitOut("H", 2))
    assert t.sit_outs[0].where == ROW[surface]
    assert t.adjustments == (
        Adjustment("B", -5, "late for round 1"),
        Adjustment("A", 2.5, "best press", round=2),
        Adjustment("A", -1),
    )
    assert t.adjustments[0].where == ADJUSTMENT_CELL[surface].format(18)
    # The games are those of the boards alone: H plays none.
    assert len(t.games) == 2
    assert "H" not in t.players
    assert t.statuses == ()


def test_the_readers_agree() -> None:
    """One table, one reading: the CSV file and the workbook give the same
    sit-outs, adjustments (places aside) and games."""
    a, b = read_csv(table()), read_xlsx(table())
    assert a.sit_outs == b.sit_outs
    assert a.adjustments == b.adjustments
    assert [g.seats for g in a.games] == [g.seats for g in b.games]


@pytest.mark.parametrize("surface", READERS)
def test_without_such_rows_nothing_changes(surface: str) -> None:
    """A table of boards alone (with or without the new columns) reads
    as before: no sit-outs, no adjustments."""
    plain = [HEADER[:5], *(row[:5] for row in boards())]
    for rows in (plain, [HEADER, *boards()]):
        t = READERS[surface](rows)
        assert (t.sit_outs, t.adjustments, len(t.games)) == ((), (), 2)


def test_a_generated_workbook_reads_as_before(tmp_path: Path) -> None:
    path = tmp_path / "new.xlsx"
    write_workbook(path, "cdiplo", rounds=2, boards=1, players=list("ABCDEFGH"))
    t = read_workbook(path).tournament
    assert (t.sit_outs, t.adjustments, t.statuses) == ((), (), ())


@pytest.mark.parametrize("surface", READERS)
def test_a_sit_out_typed_twice_is_read_once_with_a_warning(surface: str) -> None:
    t = READERS[surface](table([[1, None, None, "H", None, None, None]]))
    assert t.sit_outs == (SitOut("H", 1), SitOut("H", 2))
    [twice] = [n for n in t.remarks if n.code == "sat_out_twice"]
    assert twice.where.endswith("22") and ROW[surface] in twice.message
    assert not twice.changes_score


@pytest.mark.parametrize("surface", READERS)
def test_a_name_in_another_case_is_the_player_of_the_boards(surface: str) -> None:
    t = READERS[surface](table([[None, None, None, "c", None, 3, None]]))
    assert t.adjustments[-1].player == "C"
    assert any(n.code == "similar_names" for n in t.remarks)


def test_header_synonyms() -> None:
    """``Adj`` and ``Notes`` are read; ``Penalty`` is not (a penalty typed
    as 5 would mean -5 to one TD and +5 to another)."""
    assert extra_columns(["Round", "Adj.", "Notes"]) == {"adjustment": 1, "note": 2}
    assert extra_columns(["Penalty", "Bonus", "Comment"]) == {}


# Adjustment values as typed in a text file: (typed, read)
TYPED = [("-5", -5.0), ("+2.5", 2.5), (" 3 ", 3.0), ("\u22124", -4.0), ("0", 0.0)]


@pytest.mark.parametrize(("typed", "read"), TYPED)
def test_adjustment_numbers_in_a_text_file(typed: str, read: float) -> None:
    assert parse_adjustment(typed) == read


@pytest.mark.parametrize("typed", ["abc", "5 points", "1,5", "nan", "inf", True, "1e9"])
def test_adjustment_refuses_what_is_no_number(typed: object) -> None:
    with pytest.raises(InputError, match="adjustment must be a number") as err:
        parse_adjustment(typed, "line 9, column adjustment")
    assert err.value.where == "line 9, column adjustment"
    assert err.value.field == "adjustment"


def test_adjustment_as_text_in_a_spreadsheet_is_refused() -> None:
    with pytest.raises(InputError, match="typed as text"):
        parse_adjustment("-5", "Results!F9", sheet=True)
    assert parse_adjustment(-5, sheet=True) == -5.0


# ---------------------------------------------------------------- refusals


def refusal(surface: str, extra: list[list[object]]) -> InputError:
    with pytest.raises(InputError) as err:
        READERS[surface](table(extra))
    return err.value


@pytest.mark.parametrize("surface", READERS)
def test_a_result_on_a_sit_out_row_is_refused_at_its_cell(surface: str) -> None:
    err = refusal(surface, [[1, None, None, "H2", 5, None, None]])
    assert CENTRES_CELL[surface].format(22) in str(err)
    assert "sit-out" in err.message and err.field == "centres"


@pytest.mark.parametrize("surface", READERS)
def test_a_result_on_an_adjustment_row_is_refused_at_its_cell(surface: str) -> None:
    err = refusal(surface, [[None, None, None, "A", 5, -1, None]])
    assert CENTRES_CELL[surface].format(22) in str(err)
    assert "adjustment's row" in err.message


@pytest.mark.parametrize("surface", READERS)
def test_text_in_an_adjustment_is_refused_at_its_cell(surface: str) -> None:
    err = refusal(surface, [[None, None, None, "A", None, "minus five", None]])
    assert ADJUSTMENT_CELL[surface].format(22) in str(err)
    assert err.field == "adjustment" and err.value == "minus five"


@pytest.mark.parametrize("surface", READERS)
def test_an_adjustment_on_a_seats_row_is_refused(surface: str) -> None:
    rows = table()
    rows[3][5] = -2  # round 1, board 1, France (line/row 4)
    with pytest.raises(InputError) as err:
        READERS[surface](rows)
    assert ADJUSTMENT_CELL[surface].format(4) in str(err.value)
    assert "row of its own" in str(err.value)


@pytest.mark.parametrize("surface", READERS)
def test_an_adjustment_needs_its_player(surface: str) -> None:
    err = refusal(surface, [[1, None, None, None, None, -3, "who?"]])
    assert PLAYER_CELL[surface].format(22) in str(err)


@pytest.mark.parametrize("surface", READERS)
def test_a_sit_out_needs_its_round(surface: str) -> None:
    err = refusal(surface, [[None, None, None, "H", None, None, None]])
    assert ROUND_CELL[surface].format(22) in str(err)
    assert "needs its round" in err.message


@pytest.mark.parametrize("surface", READERS)
def test_sitting_out_a_round_played_is_refused_naming_both_places(surface: str) -> None:
    err = refusal(surface, [[2, None, None, "D", None, None, None]])
    # The sit-out's row, and the cell of D's seat in round 2 (line/row 12).
    text = str(err)
    assert ROW[surface].replace("16", "22") in text
    assert PLAYER_CELL[surface].format(12) in text
    assert "sits out round 2" in text


@pytest.mark.parametrize("surface", READERS)
@pytest.mark.parametrize("missing", [1, 2])  # board, power
def test_a_board_without_a_power_is_refused_as_before(surface: str, missing: int) -> None:
    rows = table()
    rows[1][missing] = None  # round 1, board 1, Austria
    with pytest.raises(InputError) as err:
        READERS[surface](rows)
    assert err.value.field == ("board" if missing == 1 else "power")
    assert str(err.value).startswith(
        f"event.{surface}: " + ("line 2, column board" if surface == "csv" else "Results!B2")
        if missing == 1 else
        f"event.{surface}: " + ("line 2, column power" if surface == "csv" else "Results!C2"))


@pytest.mark.parametrize("surface", READERS)
def test_every_problem_at_once(surface: str) -> None:
    """Problems of the boards and of the rows around them, all listed."""
    rows = table([[None, None, None, "A", None, "x", None], [1, None, None, "H", 3, None, None]])
    rows[2][4] = 99  # England's centres: out of range, refused
    with pytest.raises(InputErrors) as err:
        READERS[surface](rows)
    assert err.value.total == 3
    fields = [p.field for p in err.value.problems]
    assert sorted(map(str, fields)) == ["adjustment", "centres", "centres"]


# ---------------------------------------------------------------- status

PLAYERS = [["Player", "Status"], ["a", " Withdrawn "], ["H", "UNRANKED"], ["C", None],
           ["Nobody", "unranked"]]


def test_status_parsing() -> None:
    assert [parse_status(v) for v in ("", None, "withdrawn", " UNRANKED ")] == [
        Status.RANKED, Status.RANKED, Status.WITHDRAWN, Status.UNRANKED]
    for bad in ("retired", "TD", 1, True):
        with pytest.raises(InputError, match=r"blank \(ranked\), withdrawn or unranked"):
            parse_status(bad, "Players!B3")


WANT = (("A", Status.WITHDRAWN), ("H", Status.UNRANKED), ("Nobody", Status.UNRANKED))


def test_statuses_from_the_players_sheet() -> None:
    t = read_workbook_bytes(xlsx_bytes(table(), PLAYERS), "event.xlsx").tournament
    assert t.statuses == WANT
    assert t.status("A") is Status.WITHDRAWN and t.status("C") is Status.RANKED


def test_statuses_from_a_players_file_agree() -> None:
    t = with_players_csv(read_csv(table()), csv_text(PLAYERS), "players.csv")
    assert t.statuses == WANT


def test_a_players_sheet_without_status_is_not_read() -> None:
    players = [["Player", "Club"], ["A", "unranked"]]
    t = read_workbook_bytes(xlsx_bytes(table(), players), "event.xlsx").tournament
    assert t.statuses == ()


def test_a_bad_status_is_refused_at_its_cell() -> None:
    players = [*PLAYERS, ["D", "retired"]]
    with pytest.raises(InputError) as err:
        read_workbook_bytes(xlsx_bytes(table(), players), "event.xlsx")
    assert str(err.value).startswith("event.xlsx: Players!B6: status must be")
    with pytest.raises(InputError) as err:
        parse_players_csv(csv_text(players), "players.csv")
    assert str(err.value).startswith("players.csv: line 6, column status: status must be")


def test_two_statuses_for_one_player_are_refused_naming_both_cells() -> None:
    players = [*PLAYERS, ["A", "unranked"]]
    with pytest.raises(InputError) as err:
        read_workbook_bytes(xlsx_bytes(table(), players), "event.xlsx")
    assert "Players!B6" in str(err.value) and "Players!B2" in str(err.value)


def test_a_status_without_a_player_is_refused() -> None:
    players = [*PLAYERS, [None, "withdrawn"]]
    with pytest.raises(InputError, match="no player") as err:
        read_workbook_bytes(xlsx_bytes(table(), players), "event.xlsx")
    assert "Players!B6" in str(err.value)


def test_a_formula_in_a_status_is_refused() -> None:
    players = [*PLAYERS, ["D", '=IF(1,"unranked","")']]
    with pytest.raises(InputError, match="formula") as err:
        read_workbook_bytes(xlsx_bytes(table(), players), "event.xlsx")
    assert "Players!B6" in str(err.value)


def test_a_formula_in_an_adjustment_is_refused() -> None:
    rows = table([[None, None, None, "A", None, "=-2*3", None]])
    with pytest.raises(InputError, match="formula") as err:
        read_xlsx(rows)
    assert "Results!F22" in str(err.value)


# ---------------------------------------------------------------- worksheet functions


def udf_cells(rows: list[list[object]], zeros: bool = False) -> list[list[object]]:
    """The table as xlwings hands a range to a worksheet function: numbers
    as floats, blanks as None (``zeros``: as 0.0, as Office.js sends them)."""
    blank = 0.0 if zeros else None
    return [[float(v) if type(v) in (int, float) else (blank if v is None else v)
             for v in row] for row in rows]


@pytest.mark.parametrize("zeros", [False, True])
def test_a_worksheet_functions_range_reads_alike(zeros: bool) -> None:
    from dipxl import udfs
    from dipxl.rows import tournament_from_rows

    rows = table()
    t = tournament_from_rows(udfs._results(udf_cells(rows, zeros)))
    want = read_csv(rows)
    assert (t.sit_outs, t.adjustments) == (want.sit_outs, want.adjustments)
    assert t.sit_outs[0].where == "row 16"


def test_a_worksheet_function_refuses_an_adjustment_on_a_seats_row() -> None:
    from dipxl import udfs
    from dipxl.rows import tournament_from_rows

    rows = table()
    rows[3][5] = -2
    with pytest.raises(InputError, match="row of its own") as err:
        tournament_from_rows(udfs._results(udf_cells(rows)))
    assert "row 4, Adjustment" in str(err.value)
