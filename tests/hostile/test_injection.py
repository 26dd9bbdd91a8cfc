"""Formula injection: player names and titles that a spreadsheet would run as
formulas (``=``, ``+``, ``-``, ``@``, tab, carriage return) are written as
text in every output, proven by LibreOffice.

Every output of one event with such names is made through the real command
line: ``dipxl score`` of a CSV file and of a workbook (xlsx, CSV, JSON and
the WDD's two CSV files), ``dipxl new --players-file --title`` and ``dipxl demo``.
LibreOffice then opens them all (two soffice runs: the workbooks, and the
CSV files imported with "evaluate formulas" on, as a careless user would)
and saves them again; in what it saved there must be no formula dipxl did
not write itself, and the names and titles must read back as the same text.
Controls (a real formula in a workbook and in a CSV file) prove that the
judge sees formulas where there are some.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.examples import worked_games_event
from dipxl.model import Game, Tournament
from tests.lo import CSV_EVALUATING, recalculate_many, soffice_path
from tests.workbooks import results_workbook, text_cell, without_counted

pytestmark = pytest.mark.skipif(soffice_path() is None, reason="LibreOffice is not installed")

# As typed (some with a leading tab or carriage return), and as read: a
# reader folds the white space at the ends of a name.
TYPED = [
    "=SUM(1,2)", "+44 1", "-2+3", "@SUM(1)", '=HYPERLINK("http://x","click")',
    "=cmd|'/c calc'!A1", "\t=1+1", "\r=2+2", "-x", "=A1", "+A1", "@A1", "=NOW()",
    "\t-3",
]
NAMES = [" ".join(n.split()) for n in TYPED]
TITLE = '=HYPERLINK("http://evil","title")'
FILE_TITLE = "=1+2"  # a CSV file's title is its name


def _hostile_event() -> Tournament:
    event = worked_games_event()
    rename = dict(zip(event.players, TYPED, strict=True))
    games = tuple(
        Game(g.round, g.board, tuple(replace(s, player=rename[s.player]) for s in g.seats))
        for g in event.games
    )
    return Tournament(games, TITLE)


def _csv_input(path: Path, event: Tournament) -> Path:
    import csv

    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["round", "board", "power", "player", "centres", "eliminated", "draw"])
        for g in event.games:
            for s in g.seats:
                writer.writerow([g.round, g.board, s.power.title, s.player, s.centres,
                                 s.eliminated or "", ""])
    return path


def _run(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, (args, result.output, result.exception)


def _formulas(path: Path) -> dict[tuple[str, str], str]:
    wb = openpyxl.load_workbook(path)
    try:
        return {
            (ws.title, cell.coordinate): str(cell.value)
            for ws in wb.worksheets
            for row in ws.iter_rows()
            for cell in row
            if cell.data_type == "f"
        }
    finally:
        wb.close()


def _values(path: Path, sheet: str, column: int) -> list[Any]:
    wb = openpyxl.load_workbook(path, data_only=True)
    try:
        rows = list(wb[sheet].iter_rows(values_only=True))
        if sheet == "Standings":
            rows = without_counted(rows)
        return [row[column] for row in rows[1:] if any(v is not None for v in row)]
    finally:
        wb.close()


def _setting(path: Path, name: str) -> Any:
    wb = openpyxl.load_workbook(path, data_only=True)
    try:
        for row in wb["Settings"].iter_rows(values_only=True):
            if row[0] == name:
                return row[1]
    finally:
        wb.close()
    raise KeyError(name)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every output made by the command line, and LibreOffice's copies."""
    root = tmp_path_factory.mktemp("injection")
    made, lo_in = root / "made", root / "lo-in"
    made.mkdir()
    lo_in.mkdir()
    event = _hostile_event()
    csv_in = _csv_input(made / f"{FILE_TITLE}.csv", event)
    book_in = results_workbook(made / "book.xlsx", event, "cdiplo")
    wb = openpyxl.load_workbook(book_in)  # the title typed as text, not a formula
    for row in wb["Settings"].iter_rows(min_row=2):
        if row[0].value == "title":
            text_cell(wb["Settings"], row[1].coordinate, TITLE)
    wb.save(book_in)
    for fmt in ("xlsx", "csv", "json", "wdd"):
        _run(["score", str(csv_in), "-s", "cdiplo", "--format", fmt, "--out", str(made / "csv")])
        _run(["score", str(book_in), "--format", fmt, "--out", str(made / "book")])
    names = made / "names.txt"
    names.write_text("\n".join(TYPED) + "\n", encoding="utf-8")
    plain = made / "plain.txt"
    plain.write_text("\n".join(f"Plain {i}" for i in range(len(TYPED))) + "\n")
    _run(["new", str(made / "new.xlsx"), "-s", "detour98e", "--players-file", str(names),
          "--title", FILE_TITLE])
    _run(["new", str(made / "plain.xlsx"), "-s", "detour98e", "--players-file", str(plain),
          "--title", "Plain title"])
    _run(["demo", str(made / "demo")])

    found: dict[str, Path] = {
        "scored-csv.xlsx": made / "csv" / f"{FILE_TITLE}-scored.xlsx",
        "scored-book.xlsx": made / "book" / "book-scored.xlsx",
        "new.xlsx": made / "new.xlsx",
        "plain.xlsx": made / "plain.xlsx",
        "scored-csv.csv": made / "csv" / f"{FILE_TITLE}-scored.csv",
        "scored-book.csv": made / "book" / "book-scored.csv",
        "scored-csv.json": made / "csv" / f"{FILE_TITLE}-scored.json",
        "scored-book.json": made / "book" / "book-scored.json",
    }
    for kind in WDD_FILES:
        found[f"wdd-csv-{kind}.csv"] = made / "csv" / f"{FILE_TITLE}-wdd-{kind}.csv"
        found[f"wdd-book-{kind}.csv"] = made / "book" / f"book-wdd-{kind}.csv"
    for demo in sorted((made / "demo").glob("*-scored.xlsx")):
        found[f"demo-{demo.name}"] = demo
    # Controls: a real formula where a name goes, in a workbook and in CSV.
    control = openpyxl.Workbook()
    control.active.append(["rank", "player"])
    control.active.append([1, "=1+1"])
    control.save(made / "control.xlsx")
    found["control.xlsx"] = made / "control.xlsx"
    (made / "control.csv").write_text("rank,player\n1,=1+1\n", encoding="utf-8")
    found["control.csv"] = made / "control.csv"

    # LibreOffice needs distinct, tame file names: copy.
    books, texts = [], []
    for key, path in found.items():
        if key.endswith(".json"):
            continue
        copy = lo_in / (key.replace(".", "_") + Path(key).suffix)
        shutil.copyfile(path, copy)
        (books if key.endswith(".xlsx") else texts).append(copy)
    saved = recalculate_many(books, root / "lo-books")
    saved += recalculate_many(texts, root / "lo-csv", infilter=CSV_EVALUATING)
    for key in list(found):
        if not key.endswith(".json"):
            found["lo:" + key] = next(p for p in saved if p.stem == key.replace(".", "_"))
    return found


def test_the_judge_sees_a_real_formula(outputs: dict[str, Path]) -> None:
    assert _formulas(outputs["lo:control.xlsx"]) == {("Sheet", "B2"): "=1+1"}
    assert list(_formulas(outputs["lo:control.csv"]).values()) == ["=1+1"]


@pytest.mark.parametrize("key", ["scored-csv.xlsx", "scored-book.xlsx"])
def test_scored_workbooks_hold_no_formula_and_the_same_names(
    outputs: dict[str, Path], key: str
) -> None:
    for path in (outputs[key], outputs["lo:" + key]):
        assert _formulas(path) == {}, path
        assert sorted(_values(path, "Standings", 1)) == sorted(NAMES)
        assert sorted(set(_values(path, "Games", 3))) == sorted(NAMES)
        assert set(_values(path, "Best country", 1)) <= set(NAMES)
    title = FILE_TITLE if key == "scored-csv.xlsx" else TITLE
    assert _setting(outputs["lo:" + key], "title") == title


def test_demo_outputs_hold_no_formula(outputs: dict[str, Path]) -> None:
    demos = [k for k in outputs if k.startswith("lo:demo-")]
    assert len(demos) == 4
    for key in demos:
        assert _formulas(outputs[key]) == {}, key


@pytest.mark.parametrize("key", ["scored-csv.csv", "scored-book.csv"])
def test_csv_outputs_stay_text_when_calc_evaluates_formulas(
    outputs: dict[str, Path], key: str
) -> None:
    saved = outputs["lo:" + key]
    assert _formulas(saved) == {}
    wb = openpyxl.load_workbook(saved, data_only=True)
    rows = without_counted(list(wb.active.iter_rows(values_only=True)))
    assert tuple(rows[0][:4]) == ("rank", "player", "score", "games")
    players = [r[1] for r in rows[1:]]
    # A name that starts like a formula keeps a leading apostrophe (the
    # usual defusing); every other name is itself.
    assert sorted(p[1:] if p[:1] == "'" and p[1:] in NAMES else p for p in players) == \
        sorted(NAMES)
    assert all(p[:1] not in "=+-@\t\r" for p in players)


WDD_FILES = ("classification", "boards")


@pytest.mark.parametrize("kind", WDD_FILES)
@pytest.mark.parametrize("source", ["csv", "book"])
def test_wdd_files_stay_text_when_calc_evaluates_formulas(
    outputs: dict[str, Path], source: str, kind: str
) -> None:
    """Each half of a split name (FIRST NAME: all but the last word, NAME:
    the last word) is a cell of its own, each defused on its own."""
    saved = outputs[f"lo:wdd-{source}-{kind}.csv"]
    assert _formulas(saved) == {}
    wb = openpyxl.load_workbook(saved, data_only=True)
    rows = list(wb.active.iter_rows(values_only=True))
    assert rows[0][:2] == ("FIRST NAME", "NAME")
    cells = [c for r in rows[1:] for c in r[:2] if c is not None]
    assert all(str(c)[:1] not in "=+-@\t\r" for c in cells)

    def undefused(cell: Any) -> str:
        text = str(cell)
        return text[1:] if text[:1] == "'" and text[1:2] in "=+-@" else text

    players = {" ".join(undefused(c) for c in r[:2] if c is not None) for r in rows[1:]}
    assert players == set(NAMES)


@pytest.mark.parametrize("key", ["scored-csv.json", "scored-book.json"])
def test_json_outputs_carry_the_names_as_they_are(outputs: dict[str, Path], key: str) -> None:
    data = json.loads(outputs[key].read_text(encoding="utf-8"))
    assert sorted(r["player"] for r in data["standings"]) == sorted(NAMES)
    assert data["title"] == (FILE_TITLE if key == "scored-csv.json" else TITLE)


def test_a_generated_workbook_holds_only_the_formulas_dipxl_writes(
    outputs: dict[str, Path],
) -> None:
    # The same workbook with plain names and title is the reference: names
    # and title are data, so every formula must be the same, in the file
    # dipxl wrote and after LibreOffice recalculated and saved it.
    for prefix in ("", "lo:"):
        hostile = _formulas(outputs[prefix + "new.xlsx"])
        assert hostile, "a generated workbook has formulas"
        assert hostile == _formulas(outputs[prefix + "plain.xlsx"])
    saved = outputs["lo:new.xlsx"]
    assert _values(saved, "Players", 1)[: len(NAMES)] == NAMES
    assert _setting(saved, "title") == FILE_TITLE
