"""One reading of the same data everywhere (issue 19 item 5, issue 16's
"nothing silent").

The same careless data, as a TD types it, goes to every surface: a CSV
file, a ``dipxl new`` workbook scored by ``dipxl score``, that workbook's
own formulas recalculated by LibreOffice, and the worksheet functions.
Each surface reads it alike, or says so: a warning naming the cells, or an
error naming the cell; never a third reading.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from engines import available, recalculate_many

from dipxl import udfs
from dipxl.batch import score_file
from dipxl.cli import cli
from dipxl.errors import DipxlError, InputError
from dipxl.fields import MAX_NAME, parse_draw, parse_player
from dipxl.model import Power
from dipxl.standings import Standings
from dipxl.workbook.formulas import DRAW_ENTRY
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.sheets.players import names_from_text
from dipxl.workbook.writer import write_workbook

SYSTEM = "dimvalue"  # reads draw flags: they change the scores
PLAYERS = ["Zoë", "José", "Ann", "Bob Smith", "Chloé", "Dan", "Eve",
           "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
P = PLAYERS
ROUNDS, BOARDS = 2, 2

# The careless data: per (round, board), seven seats in power order as
# (player as typed, centres as typed, draw flag as typed).
CARELESS: dict[tuple[int, int], list[tuple[str, object, object]]] = {
    # Flags typed in any case, Y and Yes alike: exactly those three draw.
    (1, 1): [(P[0], 10, "y"), (P[1], 8, "Yes"), (P[2], 8, "YES"), (P[3], 5, None),
             (P[4], 3, None), (P[5], 0, None), (P[6], 0, None)],
    # N and no alike; 20 centres in all (fewer than the 22 home centres: warned).
    (1, 2): [(P[7], 5, None), (P[8], 5, None), (P[9], 4, ""), (P[10], 3, "N"),
             (P[11], 2, "no"), (P[12], 1, None), (P[13], 0, None)],
    # A solo; nobody plays a power twice.
    (2, 1): [(P[9], 18, None), (P[0], 5, None), (P[8], 4, None), (P[1], 3, None),
             (P[10], 2, None), (P[2], 1, None), (P[7], 1, None)],
    # Two counts not entered: not scored anywhere, and warned.
    (2, 2): [(P[11], 7, None), (P[3], 6, None), (P[12], 5, None), (P[4], None, None),
             (P[13], 4, None), (P[6], None, None), (P[5], 2, None)],
}
HALF_ENTERED = {(2, 2): (Power.GERMANY, Power.RUSSIA)}

# Names typed another way that prints alike (round 2, board 1): an accent as
# a letter and a combining accent, an invisible zero-width space.
ALIKE = {(2, 1, Power.RUSSIA): "Ann\u200b", (2, 1, Power.GERMANY): "Jose\u0301"}
# Names typed in another case (round 2, board 1): one player each, as a
# spreadsheet's MATCH reads them, with a warning naming both cells.
CASED = {(2, 1, Power.AUSTRIA): "hal", (2, 1, Power.TURKEY): "FAY"}
# Draw flags no surface reads (round 1): text, a number, a truth value.
UNREAD_FLAGS = {(1, 1, Power.AUSTRIA): "x", (1, 2, Power.GERMANY): 1,
                (1, 2, Power.ITALY): True}


def _seats(changes: dict[tuple[int, int, Power], object], field: int
           ) -> dict[tuple[int, int], list[tuple[str, object, object]]]:
    """CARELESS with ``changes`` made to one field of some seats."""
    out = {}
    for key, seats in CARELESS.items():
        rows = []
        for power, seat in zip(Power, seats, strict=True):
            new = list(seat)
            if (*key, power) in changes:
                new[field] = changes[(*key, power)]
            rows.append((str(new[0]), new[1], new[2]))
        out[key] = rows
    return out


def _table(data: dict[tuple[int, int], list[tuple[str, object, object]]]) -> list[list[object]]:
    """The results as one table, header first."""
    table: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres", "Draw"]]
    for (rnd, board), seats in data.items():
        for power, (player, centres, flag) in zip(Power, seats, strict=True):
            table.append([rnd, board, power.title, player, centres, flag])
    return table


def _csv(path: Path, table: list[list[object]]) -> Path:
    """The table as a TD's CSV file: TRUE as Excel writes it, blanks empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in table:
        writer.writerow(["" if v is None else "TRUE" if v is True else v for v in row])
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _workbook(path: Path, table: list[list[object]], system: str = SYSTEM,
              settings: dict[str, object] | None = None) -> Path:
    """A ``dipxl new`` workbook (Players as registered) with the table typed
    into Results, cell by cell, values as typed (text, numbers, TRUE), and
    ``settings`` changed on its Settings sheet (None: cleared)."""
    write_workbook(path, system, rounds=ROUNDS, boards=BOARDS, players=PLAYERS)
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    at = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
    for name, value in (settings or {}).items():
        ws.cell(at[name], 2).value = value
    ws = wb["Results"]
    for i, (rnd, board, power, player, centres, flag) in enumerate(table[1:]):
        row = 2 + (int(rnd) - 1) * 7 * BOARDS + (int(board) - 1) * 7 + Power[power.upper()]
        assert (ws.cell(row, 1).value, ws.cell(row, 2).value, ws.cell(row, 3).value) == (
            rnd, board, power), i
        ws.cell(row, 4).value = player
        ws.cell(row, 5).value = centres
        ws.cell(row, 7).value = None if flag == "" else flag
    wb.save(path)
    return path


def _cells(table: list[list[object]]) -> list[list[object]]:
    """The table as xlwings hands a range to a worksheet function: numbers
    as floats, blanks as None."""
    return [[float(v) if type(v) is int else (None if v == "" else v) for v in row]
            for row in table]


def _scores(standings: Standings) -> dict[str, float]:
    return {r.player: round(r.score, 9) for r in standings.rows}


def _udf_scores(table: list[list[object]]) -> dict[str, float]:
    got = udfs.DIPXL_STANDINGS(_cells(table), SYSTEM)
    head = got[0]
    return {row[head.index("Player")]: round(row[head.index("Score")], 9) for row in got[1:-1]}


def _udf_check(table: list[list[object]]) -> list[str]:
    return [line[0] for line in udfs.DIPXL_CHECK(_cells(table), SYSTEM)]


def _formula_scores(wb: Any) -> dict[str, float]:
    """Player -> score on the recalculated Standings sheet (players with a
    finished game)."""
    ws = wb["Standings"]
    head = [c.value for c in ws[1]]
    at = {h: i for i, h in enumerate(head)}
    out = {}
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[at["Player"]] and row[at["Games"]]:
            out[row[at["Player"]]] = round(row[at["Score"]], 9)
    return out


def _results_rows(wb: Any) -> dict[tuple[int, int, str], dict[str, Any]]:
    ws = wb["Results"]
    head = [c.value for c in ws[1]]
    return {(r[0], r[1], r[2]): dict(zip(head, r, strict=False))
            for r in ws.iter_rows(min_row=2, values_only=True) if r[0] is not None}


def _row_of(rnd: int, board: int, power: Power) -> int:
    """The table row (1 = header) of a seat, = its Results row and CSV line."""
    return 2 + (rnd - 1) * 7 * BOARDS + (board - 1) * 7 + int(power)


@pytest.fixture(scope="module")
def surfaces(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every surface's reading of the three data sets: careless but readable
    (``same``), names typed alike (``alike``), unreadable flags (``flags``).
    The workbooks' formulas are recalculated by LibreOffice, in one run."""
    folder = tmp_path_factory.mktemp("one-reading")
    sets = {
        "same": _table(CARELESS),
        "alike": _table(_seats(ALIKE, 0)),  # type: ignore[arg-type]  # names are text
        "flags": _table(_seats(UNREAD_FLAGS, 2)),
        "cased": _table(_seats(CASED, 0)),  # type: ignore[arg-type]  # names are text
    }
    out: dict[str, Any] = {"tables": sets}
    books = {name: _workbook(folder / f"{name}.xlsx", t) for name, t in sets.items()}
    # C-Diplo with Settings edited as a TD would: 2nd place's points cleared
    # (the formulas read 0), a 4th place's added, a smaller solo.
    books["settings"] = _workbook(folder / "settings.xlsx", sets["same"], "cdiplo",
                                  {"positions_2": None, "positions_4": 3, "solo": 50})
    out["csv"] = {name: _csv(folder / f"{name}.csv", t) for name, t in sets.items()}
    out["xlsx"] = books
    reason = available("libreoffice")
    out["lo"] = None
    if reason is None:
        done = recalculate_many("libreoffice", list(books.values()), folder / "lo")
        out["lo"] = {name: openpyxl.load_workbook(p, data_only=True)
                     for name, p in zip(books, done, strict=True)}
    out["skip"] = reason
    return out


def test_careless_data_reads_alike_on_every_surface(surfaces: dict[str, Any]) -> None:
    table = surfaces["tables"]["same"]
    by_csv = score_file(surfaces["csv"]["same"], system_id=SYSTEM)
    by_xlsx = score_file(surfaces["xlsx"]["same"])
    assert by_xlsx.system.id == SYSTEM
    engine = _scores(by_csv)
    # Three draws and a solo scored; the half-entered board nowhere.
    assert len(by_csv.tournament.finished_games) == 3
    # Zoë: Y in a 3-way draw (two eliminated, two survivors left out), then a solo loss.
    assert engine["Zoë"] == round((60 * 2 + 10 * 2) / 3 - 62, 9)
    assert _scores(by_xlsx) == engine
    assert _udf_scores(table) == engine
    # The same warnings, each naming the cells, on every surface.
    half = [_row_of(2, 2, p) for p in HALF_ENTERED[(2, 2)]]
    warned = {
        "csv": [str(n) for n in by_csv.notices],
        "xlsx": [str(n) for n in by_xlsx.notices],
        "udf": _udf_check(table)[2:],
    }
    places = {
        "csv": [f"line {n}, column centres" for n in half],
        "xlsx": ["Results!E" + str(half[0]), "E" + str(half[1])],
        "udf": [f"row {n}, Centres" for n in half],
    }
    for surface, lines in warned.items():
        assert len(lines) == 2, (surface, lines)
        text = " | ".join(lines)
        assert "board 2 has 5 of 7 centre counts" in text, surface
        assert all(place in text for place in places[surface]), (surface, text)
        assert "fewer than the 22 home centres" in text, surface
    # --strict makes each warning an error.
    strict = CliRunner().invoke(cli, ["score", str(surfaces["xlsx"]["same"]), "--strict"])
    assert strict.exit_code == 1 and "errors under --strict" in strict.output
    # And the workbook's own formulas, recalculated by LibreOffice, agree.
    if surfaces["lo"] is None:
        pytest.skip(surfaces["skip"])
    assert _formula_scores(surfaces["lo"]["same"]) == pytest.approx(engine, rel=1e-9)


def test_settings_read_as_the_formulas_read_them(surfaces: dict[str, Any]) -> None:
    by_xlsx = score_file(surfaces["xlsx"]["settings"])
    assert by_xlsx.params.positions == (38, 0, 7, 3)
    assert (by_xlsx.system.id, by_xlsx.params.solo) == ("cdiplo", 50)
    if surfaces["lo"] is None:
        pytest.skip(surfaces["skip"])
    formulas = _formula_scores(surfaces["lo"]["settings"])
    assert formulas == pytest.approx(_scores(by_xlsx), rel=1e-9)
    # Zoë: 1st of a C-Diplo draw (1 + 10 centres + 38), then 2nd of a solo (0).
    assert formulas["Zoë"] == 1 + 10 + 38


def _one_player_each(surfaces: dict[str, Any], name: str, xlsx_place: str
                     ) -> tuple[dict[str, tuple[list[str], str]], dict[str, float]]:
    """Data set ``name`` scored alike on the engine's surfaces (CSV, the
    workbook by dipxl score, the functions) as the careless data it spells
    otherwise: (each surface's warnings and how it names a Player cell,
    the scores)."""
    table = surfaces["tables"][name]
    by_csv = score_file(surfaces["csv"][name], system_id=SYSTEM)
    by_xlsx = score_file(surfaces["xlsx"][name])
    same = _scores(score_file(surfaces["csv"]["same"], system_id=SYSTEM))
    assert _scores(by_csv) == same
    assert _scores(by_xlsx) == same
    assert _udf_scores(table) == same
    return {
        "csv": ([str(n) for n in by_csv.notices], "line {}, column player"),
        "xlsx": ([str(n) for n in by_xlsx.notices], xlsx_place),
        "udf": (_udf_check(table)[2:], "row {}, Player"),
    }, same


def _both_cells_named(warned: dict[str, tuple[list[str], str]], marker: str,
                      pairs: Sequence[tuple[tuple[int, int], str]]) -> list[str]:
    """On every surface, one warning (holding ``marker``) for each pair of
    spellings, naming both its rows' cells; those warnings."""
    found = []
    for surface, (lines, place) in warned.items():
        told = [line for line in lines if marker in line]
        assert len(told) == len(pairs), (surface, lines)
        for rows, spelt in pairs:
            line = next(x for x in told if spelt in x)
            assert all(place.format(r) in line for r in rows), (surface, line)
            found.append(line)
    return found


def test_names_that_print_alike_are_one_player_or_a_warning_naming_both_cells(
    surfaces: dict[str, Any]
) -> None:
    # One player each, as though typed alike, in the engine's surfaces.
    warned, _ = _one_player_each(surfaces, "alike", "D{}")
    ann = (_row_of(1, 1, Power.FRANCE), _row_of(2, 1, Power.RUSSIA))
    jose = (_row_of(1, 1, Power.ENGLAND), _row_of(2, 1, Power.GERMANY))
    _both_cells_named(warned, "print alike", ((ann, r'"Ann\u200b"'), (jose, r'"Jose\u0301"')))
    # The workbook's MATCH cannot see them as the registered names: dipxl
    # score says so, naming each cell (the sheet marks them red).
    missing = [line for line in warned["xlsx"][0] if "not on the Players sheet" in line]
    assert [re.search(r"Results!D[0-9]+", x).group() for x in missing] == [  # type: ignore[union-attr]
        f"Results!D{jose[1]}", f"Results!D{ann[1]}"]
    if surfaces["lo"] is None:
        pytest.skip(surfaces["skip"])
    rows = _results_rows(surfaces["lo"]["alike"])
    for rnd, board, power in ALIKE:
        assert rows[(rnd, board, power.title)]["Player id"] is None  # red: no player


def test_names_differing_in_case_are_one_player_everywhere_with_a_warning(
    surfaces: dict[str, Any]
) -> None:
    # Before: two players in dipxl score and the functions (with a
    # warning), one in the workbook's formulas (MATCH ignores case).
    warned, same = _one_player_each(surfaces, "cased", "Results!D{}")
    hal = (_row_of(1, 2, Power.FRANCE), _row_of(2, 1, Power.AUSTRIA))
    fay = (_row_of(1, 2, Power.AUSTRIA), _row_of(2, 1, Power.TURKEY))
    # A generated workbook spells each as its Players sheet does, as its
    # Standings do: one registered player, nothing to warn.
    xlsx, _ = warned.pop("xlsx")
    assert not [line for line in xlsx if "differ only in case" in line]
    for line in _both_cells_named(warned, "differ only in case",
                                  ((hal, "'Hal' and 'hal'"), (fay, "'Fay' and 'FAY'"))):
        assert "scored as one player" in line
    if surfaces["lo"] is None:
        pytest.skip(surfaces["skip"])
    assert _formula_scores(surfaces["lo"]["cased"]) == pytest.approx(same, rel=1e-9)


def test_a_draw_flag_no_surface_reads_leaves_its_board_out_everywhere(
    surfaces: dict[str, Any]
) -> None:
    """A flag that is not Y, Yes, N or No (x, 1, TRUE) leaves its board not
    counted on every surface, as the workbook's formulas do, with a warning
    naming the cell and a status line naming the board."""
    table = surfaces["tables"]["flags"]
    bad = [_row_of(rnd, board, power) for rnd, board, power in UNREAD_FLAGS]
    by_csv = score_file(surfaces["csv"]["flags"], system_id=SYSTEM)
    by_xlsx = score_file(surfaces["xlsx"]["flags"])
    engine = _scores(by_csv)
    assert _scores(by_xlsx) == engine and _udf_scores(table) == engine
    # Round 1's two boards are out: only round 2's solo is scored.
    assert [(g.round, g.board) for g in by_csv.tournament.finished_games] == [(2, 1)]
    udf = _udf_check(table)[2:]
    for lines, place in (([str(n) for n in by_csv.notices], "line {}, column draw"),
                         ([str(n) for n in by_xlsx.notices], "Results!G{}"),
                         (udf, "row {}, Draw")):
        text = "\n".join(lines)
        assert text.count("is not a draw flag") == 3, text
        assert all(place.format(n) in text for n in bad), text
    for status in (str(by_csv.counted), str(by_xlsx.counted), _udf_check(table)[1]):
        assert "1 of 4 boards counted; not counted: R1 B1 (" in status, status
        assert "R1 B2 (" in status and "R2 B2 (5 of 7 counts)" in status, status
    if surfaces["lo"] is None:
        pytest.skip(surfaces["skip"])
    # The formulas do not count those boards, and say why on the Score cells.
    rows = _results_rows(surfaces["lo"]["flags"])
    for rnd, board in ((1, 1), (1, 2)):
        for power in Power:
            assert rows[(rnd, board, power.title)]["Score"] == DRAW_ENTRY
            assert rows[(rnd, board, power.title)]["Game done"] == 0
    assert rows[(2, 1, "France")]["Game done"] == 1
    assert _formula_scores(surfaces["lo"]["flags"]) == pytest.approx(engine, rel=1e-9)


# ---------------------------------------------------------------- Settings

def _edited(tmp_path: Path, edit: Any, name: str = "s") -> Path:
    path = write_workbook(tmp_path / f"{name}.xlsx", "cdiplo", rounds=1, boards=1)
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    rows = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
    edit(ws, rows)
    wb.save(path)
    return path


def test_settings_are_read_from_the_cells_the_formulas_read(tmp_path: Path) -> None:
    # A cleared positions_2 is 0 points for 2nd (the formulas' blank), not
    # 3rd place's points moved up; blank rows after the last are no points.
    path = _edited(tmp_path, lambda ws, r: setattr(ws.cell(r["positions_2"], 2), "value", None))
    assert read_workbook(path).params.positions == (38, 0, 7)


@pytest.mark.parametrize(("edit", "cell", "message"), [
    # A position typed as text: the formulas read 0, dipxl read 14.
    (lambda ws, r: setattr(ws.cell(r["positions_1"], 2), "value", "14"), "B{positions_1}",
     "holds the text '14', which the workbook's formulas do not read as a number"),
    # The same setting twice: the formulas read the first only.
    (lambda ws, r: (setattr(ws.cell(30, 1), "value", "best_rounds"),
                    setattr(ws.cell(30, 2), "value", 2)), "A30",
     "best_rounds is given twice: the workbook's formulas read only"),
    # A misspelt setting: read by nothing.
    (lambda ws, r: (setattr(ws.cell(30, 1), "value", "best rounds"),
                    setattr(ws.cell(30, 2), "value", 2)), "A30",
     "'best rounds' is not a setting this workbook's formulas read"),
    # The system changed: the formulas still score C-Diplo.
    (lambda ws, r: setattr(ws.cell(r["system"], 2), "value", "sumofsquares"), "B{system}",
     "the system is sumofsquares, but this workbook's formulas score cdiplo"),
    # A blank where the formulas would read 0.
    (lambda ws, r: setattr(ws.cell(r["solo"], 2), "value", None), "B{solo}",
     "solo is blank, which the workbook's formulas would read as 0"),
    # A yes with a line break (Alt+Enter): the formulas drop spaces only,
    # and read it as no; dipxl read it as yes.
    (lambda ws, r: setattr(ws.cell(r["finalists_first"], 2), "value", "yes\n"),
     "B{finalists_first}", "finalists_first holds 'yes\\n', with a line break or tab"),
    # Rows sorted: the formulas read the solo cell, now labelled solo_loss.
    (lambda ws, r: setattr(ws.cell(r["solo"], 1), "value", "solo_loss"), "A{solo}",
     "labelled 'solo_loss', but the workbook's formulas read its value as solo"),
])
def test_settings_the_formulas_would_read_otherwise_are_refused_naming_the_cell(
    tmp_path: Path, edit: Any, cell: str, message: str
) -> None:
    found: dict[str, int] = {}

    def record(ws: Any, rows: dict[str, int]) -> None:
        found.update(rows)
        edit(ws, rows)

    path = _edited(tmp_path, record)
    with pytest.raises(InputError) as err:
        read_workbook(path)
    assert message in err.value.message
    assert err.value.where == "s.xlsx: Settings!" + cell.format(**found)


def test_settings_edited_in_place_are_read_as_before(tmp_path: Path) -> None:
    def edit(ws: Any, rows: dict[str, int]) -> None:
        ws.cell(rows["solo"], 2).value = 50
        ws.cell(rows["best_rounds"], 2).value = 2
        ws.cell(rows["positions_4"], 2).value = 3
        ws.cell(30, 1).value = "Note: round 3 played on Sunday"  # a label without a value

    params = read_workbook(_edited(tmp_path, edit)).params
    assert (params.solo, params.best_rounds, params.positions) == (50, 2, (38, 14, 7, 3))
    preset = _edited(tmp_path, lambda ws, r: setattr(ws.cell(r["system"], 2), "value",
                                                     "cdiplo-rounded"), "preset")
    assert read_workbook(preset).system.id == "cdiplo-rounded"  # same formulas


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(("typed", "read"), [
    ("Jose\u0301", "José"),  # NFD -> NFC
    ("Ann\u200b", "Ann"), ("\ufeffBob", "Bob"), ("Al\u200eice", "Alice"),  # invisible
    ("Zoe\u0308\u2060", "Zoë"), ("  Bob   Smith ", "Bob Smith"),
])
def test_a_name_reads_as_it_prints(typed: str, read: str) -> None:
    assert parse_player(typed) == read


@pytest.mark.parametrize("typed", ["x" * (MAX_NAME + 1), "y" * 32_768, "a\u202eb", "a\x85b"])
def test_a_name_too_long_or_with_controls_is_refused_naming_the_cell(typed: str) -> None:
    with pytest.raises(InputError) as err:
        parse_player(typed, "Results!D9")
    assert err.value.where == "Results!D9"


def test_a_name_not_on_the_players_sheet_is_warned_naming_the_cell(tmp_path: Path) -> None:
    table = _table(_seats({(2, 1, Power.FRANCE): "Lenna"}, 0))  # type: ignore[arg-type]
    path = _workbook(tmp_path / "lenna.xlsx", table)
    found = [str(n) for n in score_file(path).notices if "Players" in str(n)]
    assert found == [
        f"Results!D{_row_of(2, 1, Power.FRANCE)}: player \"Lenna\" is not on the Players "
        "sheet (Players!$B$2:$B$22): the workbook's own formulas leave the seat out (the "
        "sheet marks it red) while dipxl scores it; add the name to Players or correct it"]
    with pytest.raises(InputError, match="errors under --strict"):
        score_file(path, strict=True)
    # Case aside, as the sheet's MATCH: "zoË" is Zoë.
    zoe = _workbook(tmp_path / "zoe.xlsx",
                    _table(_seats({(2, 1, Power.ENGLAND): "zoË"}, 0)))  # type: ignore[arg-type]
    assert not [n for n in score_file(zoe).notices if "Players" in str(n)]


def test_a_results_sheet_beside_results_is_warned(tmp_path: Path) -> None:
    path = _workbook(tmp_path / "two.xlsx", _table(CARELESS))
    wb = openpyxl.load_workbook(path)
    extra = wb.create_sheet("Round 3")
    extra.append(["Round", "Board", "Power", "Player", "Centres"])
    extra.append([3, 1, "Austria", "Zoë", 7])
    wb.save(path)
    found = [str(n) for n in score_file(path).notices if "also has a results header" in str(n)]
    assert found == ["'Round 3'!A1: sheet 'Round 3' also has a results header, but dipxl "
                     "reads the results of 'Results' only: move its rows to 'Results', or "
                     "delete it"]


def test_a_draw_flag_with_spaces_is_left_out_where_the_formulas_would_not_read_it(
    tmp_path: Path
) -> None:
    assert parse_draw(" Y ") is True  # a CSV's ", Y"
    table = _table(_seats({(1, 1, Power.AUSTRIA): " Y"}, 2))
    standings = score_file(_workbook(tmp_path / "spaced.xlsx", table))
    [notice] = [n for n in standings.notices if n.code == "not_counted"]
    assert "has spaces around it" in notice.message
    assert notice.where == f"Results!G{_row_of(1, 1, Power.AUSTRIA)}"
    assert (1, 1) not in {(g.round, g.board) for g in standings.tournament.finished_games}


@pytest.mark.parametrize("flag", ["x", "1", "0", "TRUE", "false", "d", "-", "draw", 1, 0.0, True])
def test_only_y_yes_n_no_are_draw_flags(flag: object) -> None:
    with pytest.raises(InputError, match="draw must be Y, N or blank"):
        parse_draw(flag, "Results!G2")


# ---------------------------------------------------------------- players file


@pytest.mark.parametrize(("text", "names"), [
    ("# the club\nAnn\n\n  Bob \r\nCy\rDee\n", ["Ann", "Bob", "Cy", "Dee"]),
    ("\ufeffJose\u0301\n", ["José"]),
])
def test_a_players_file_is_one_name_a_line(text: str, names: Sequence[str]) -> None:
    assert names_from_text(text.removeprefix("\ufeff"), "p.txt") == names


@pytest.mark.parametrize(("text", "where", "message"), [
    ("Ann\nBob\nAnn\n", "p.txt: line 3", "'Ann' is already on line 1"),
    ("Ann\nann\n", "p.txt: line 2", "differs only in case from 'Ann' on line 1"),
    ("José\nJose\u0301\n", "p.txt: line 2", "'José' is already on line 1"),
    ("", "p.txt", "no player names"),
    ("# nobody yet\n\n", "p.txt", "no player names"),
    ("Ann\u2028Bob\n", "p.txt: line 1", "line separator (U+2028)"),
    ("Ann\nBob\x85Cy\n", "p.txt: line 2", "next-line (NEL)"),
    ("Ann\x0cBob\n", "p.txt: line 1", "form feed"),
    ("Ann\n" + "z" * 300 + "\n", "p.txt: line 2", "characters long"),
])
def test_a_players_file_s_mistakes_are_refused_naming_the_line(
    text: str, where: str, message: str
) -> None:
    with pytest.raises(DipxlError) as err:
        names_from_text(text, "p.txt")
    assert err.value.where == where and message in err.value.message


def test_dipxl_new_reads_a_players_file_so(tmp_path: Path) -> None:
    names = tmp_path / "names.txt"
    names.write_text("# registered\nAnn\nBob\nAnn\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "n.xlsx"), "-s", "cdiplo",
                                      "--players-file", str(names)])
    assert result.exit_code == 1 and "line 4: 'Ann' is already on line 2" in result.output
    assert not (tmp_path / "n.xlsx").exists()
