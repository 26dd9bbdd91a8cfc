"""CSV files as TDs really save them, on a real ``dipxl`` process (issue 16).

Excel's "CSV" on Windows is Windows-1252, not UTF-8: it is read, with a
warning naming the first line that is not UTF-8 (an error under
``--strict``).  An unclosed quote used to swallow the rest of the file and
end in "a game has seven seats, this one has 4"; it is now named at the
line and column where it opened.  A player seated twice names both Player
cells, not the Round cell.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import openpyxl

from dipxl.examples import worked_games_event
from tests.test_cli_csv import event_csv
from tests.test_cli_terminal import dipxl
from tests.workbooks import results_workbook


def accented() -> str:
    """The worked event with Alice as Zoë and Bruno as Renée (line 2 and 3)."""
    return event_csv().replace("Alice", "Zoë").replace("Bruno", "Renée")


def test_a_windows_1252_csv_is_read_with_a_warning_naming_the_line(tmp_path: Path) -> None:
    (tmp_path / "cup.csv").write_bytes(accented().encode("cp1252"))
    result = dipxl("score", "cup.csv", "-s", "cdiplo", "--format", "csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    players = {row["player"] for row in csv.DictReader(io.StringIO(result.stdout))}
    assert {"Zoë", "Renée"} <= players  # the names as typed
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, result.stderr
    assert "cup.csv: line 2:" in warnings[0] and "Windows-1252" in warnings[0]
    assert "CSV UTF-8" in warnings[0]  # what to do about it
    data = json.loads(
        dipxl("score", "cup.csv", "-s", "cdiplo", "--format", "json", cwd=tmp_path).stdout
    )
    assert any("Windows-1252" in w for w in data["warnings"])
    strict = dipxl("score", "cup.csv", "-s", "cdiplo", "--strict", cwd=tmp_path)
    assert strict.returncode == 1 and "Windows-1252" in strict.stderr


def test_a_csv_that_is_neither_utf8_nor_windows_1252_names_the_line(tmp_path: Path) -> None:
    text = event_csv().replace("Hugo", "Hugo\x81")  # 0x81: no character in Windows-1252
    (tmp_path / "cup.csv").write_bytes(text.encode("latin-1"))
    result = dipxl("score", "cup.csv", "-s", "cdiplo", cwd=tmp_path)
    assert result.returncode == 1
    line = 1 + next(n for n, row in enumerate(text.splitlines()) if "Hugo" in row)
    assert f"cup.csv: line {line}: neither UTF-8 nor Windows-1252" in result.stderr


def test_utf8_with_a_byte_order_mark_and_utf16_read_silently(tmp_path: Path) -> None:
    (tmp_path / "bom.csv").write_bytes(accented().encode("utf-8-sig"))
    (tmp_path / "u16.csv").write_bytes(accented().encode("utf-16"))
    for name in ("bom.csv", "u16.csv"):
        result = dipxl("score", name, "-s", "cdiplo", "--format", "csv", cwd=tmp_path)
        assert result.returncode == 0 and "warning" not in result.stderr, result.stderr
        assert "Zoë" in result.stdout


def _lines_with(text: str, name: str) -> int:
    return 1 + next(n for n, row in enumerate(text.splitlines()) if name in row)


def test_an_unclosed_quote_is_named_where_it_opened(tmp_path: Path) -> None:
    text = event_csv().replace(",Hugo,", ',"Hugo,', 1)
    (tmp_path / "cup.csv").write_text(text, encoding="utf-8")
    result = dipxl("score", "cup.csv", "-s", "cdiplo", cwd=tmp_path)
    assert result.returncode == 1
    line = _lines_with(text, '"Hugo')
    assert f"cup.csv: line {line}, column player: the quote" in result.stderr
    assert "never closed" in result.stderr
    assert "seven seats" not in result.stderr


def test_a_quote_closed_lines_later_names_both_lines(tmp_path: Path) -> None:
    text = event_csv().replace(",Hugo,", ',"Hugo,', 1).replace(",Kofi,", ',Ko"fi,', 1)
    (tmp_path / "cup.csv").write_text(text, encoding="utf-8")
    result = dipxl("score", "cup.csv", "-s", "cdiplo", cwd=tmp_path)
    assert result.returncode == 1
    first, last = _lines_with(text, '"Hugo'), _lines_with(text, 'Ko"fi')
    assert f"line {first}, column player" in result.stderr
    assert f"closes only on line {last}, so lines {first}-{last}" in result.stderr


def test_a_note_over_two_lines_in_a_column_not_read_is_fine(tmp_path: Path) -> None:
    rows = list(csv.reader(io.StringIO(event_csv())))
    rows[0].append("notes")
    rows[5].append("late start,\nboard moved")
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    (tmp_path / "cup.csv").write_text(out.getvalue(), encoding="utf-8")
    result = dipxl("score", "cup.csv", "-s", "cdiplo", "--format", "json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["games"]) == len(worked_games_event().games)


def test_a_player_on_two_seats_names_both_player_cells(tmp_path: Path) -> None:
    text = event_csv().replace(",Bruno,", ",Alice,", 1)  # line 3: Alice again
    (tmp_path / "cup.csv").write_text(text, encoding="utf-8")
    result = dipxl("score", "cup.csv", "-s", "cdiplo", cwd=tmp_path)
    assert result.returncode == 1
    assert "line 2, column player and line 3, column player (round 1, board 1): " \
        "player Alice holds two seats (Austria and England)" in result.stderr
    book = results_workbook(tmp_path / "cup.xlsx", worked_games_event())
    wb = openpyxl.load_workbook(book)
    wb["Results"]["D3"] = "Alice"
    wb.save(book)
    result = dipxl("score", "cup.xlsx", cwd=tmp_path)
    assert result.returncode == 1
    assert "Results!D2 and Results!D3 (round 1, board 1): player Alice holds two seats" \
        in result.stderr
