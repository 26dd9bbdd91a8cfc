"""How the workbooks look and print, checked as properties of the files
(the pictures are for people: ``scripts/render.py``): a number format on
every numeric column (inputs and counts too), headers aligned as their
data, every visible sheet one page wide with its header row repeated, no
Standings text wider than its column, Help wrapped into rows tall enough."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from tournaments import random_tournament

from dipxl.examples import example
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS
from dipxl.workbook.look import Kind, Look, column_kind
from dipxl.workbook.sheets import scored
from dipxl.workbook.writer import build_workbook
from dipxl.workbook.xlsx import write_xlsx

SYSTEM_IDS = tuple(s.id for s in SYSTEMS)
# The columns of a generated workbook that hold text (or Y/N marks): every
# other column shown holds numbers.
TEXT_HEADERS = {"Power", "Player", "Draw", "Best country"}
TABULAR = {"Settings", "Players", "Results", "Standings", "Powers"}


@pytest.fixture(scope="module", params=SYSTEM_IDS)
def generated(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A filled workbook of each system, saved and read back."""
    path = tmp_path_factory.mktemp("look") / f"{request.param}.xlsx"
    tournament = random_tournament(7, 30, 3)
    build_workbook(request.param, None, "A title", tournament=tournament).save(path)
    return load_workbook(path)


@pytest.fixture(scope="module", params=("worked", "htm"))
def scored_book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The scored output of a worked example."""
    system = "htm" if request.param == "htm" else "detour98e"
    standings = score_tournament(example(request.param), system)
    path = tmp_path_factory.mktemp("scored") / f"{request.param}.xlsx"
    write_xlsx(path, scored.build(standings, "source.xlsx"))
    return load_workbook(path)


def _headers(ws: Any) -> dict[int, str]:
    """Column number -> header of the table's visible columns (from A to
    the first empty header: a note beside the table is not a column)."""
    found = {}
    for c in ws[1]:
        if c.value is None:
            break
        if not ws.column_dimensions[c.column_letter].hidden:
            found[c.column] = str(c.value)
    return found


def _shown(ws: Any, cell: Any) -> Any:
    """What formats ``cell`` as shown: its own style, or, where the cell is
    not written (a generated chart's empty cells), its column's."""
    return cell if cell.has_style else ws.column_dimensions[cell.column_letter]


def _print_checks(ws: Any, tabular: bool) -> list[str]:
    problems = []
    if not (ws.sheet_properties.pageSetUpPr and ws.sheet_properties.pageSetUpPr.fitToPage):
        problems.append(f"{ws.title}: not fitted to the page")
    if ws.page_setup.fitToWidth not in (1, "1", None) or str(ws.page_setup.fitToHeight) != "0":
        problems.append(
            f"{ws.title}: fit {ws.page_setup.fitToWidth} wide, {ws.page_setup.fitToHeight} high"
        )
    if tabular and str(ws.print_title_rows).replace("$", "") != "1:1":
        problems.append(f"{ws.title}: header row not repeated ({ws.print_title_rows})")
    return problems


def test_every_numeric_column_of_a_generated_workbook_has_a_number_format(generated: Any) -> None:
    problems = []
    for name in ("Players", "Results", "Standings", "Powers"):
        ws = generated[name]
        for column, header in _headers(ws).items():
            if header in TEXT_HEADERS:
                continue
            last = 8 if name == "Powers" else ws.max_row
            for row in range(2, last + 1):
                cell = ws.cell(row, column)
                if cell.value is None and name != "Results":
                    continue
                if cell.value is None and not cell.has_style and not header.isdigit():
                    continue  # a board's helper value, on its first row only
                if _shown(ws, cell).number_format == "General":
                    problems.append(f"{name}!{cell.coordinate} ({header}): General")
                    break
    assert not problems, problems


def test_scores_show_the_systems_decimals(generated: Any) -> None:
    system = next(s for s in SYSTEMS if s.id == generated["Settings"]["B3"].value)
    expected = "0.0000" if not system.per_game else "0.00"
    if getattr(system.params, "round_to", None) is not None:
        expected = "0" if system.params.round_to == 0 else "0." + "0" * system.params.round_to
    assert generated["Standings"]["C2"].number_format == expected
    results = generated["Results"]
    score = next(c for c in results[1] if c.value == "Score")  # after Year and any chart
    assert results.cell(2, score.column).number_format == expected
    assert generated["Results"]["E2"].number_format == "0"  # centres: a count
    assert generated["Results"]["F2"].number_format == "0"  # a year
    assert generated["Results"]["H2"].number_format == "0"  # the final year


def test_headers_are_aligned_as_their_data(generated: Any) -> None:
    for name in ("Results", "Standings", "Powers"):
        ws = generated[name]
        for column, header in _headers(ws).items():
            data = _shown(ws, ws.cell(2, column)).alignment.horizontal
            assert ws.cell(1, column).alignment.horizontal == data, (name, header)
            if header in ("Draw", "In draw", "Finalist"):
                want = "center"
            else:
                want = "left" if header in TEXT_HEADERS else "right"
            assert data == want, (name, header, data)


def test_every_visible_sheet_prints_one_page_wide(generated: Any) -> None:
    problems = []
    for ws in generated.worksheets:
        if ws.sheet_state == "visible":
            problems += _print_checks(ws, ws.title in TABULAR)
    assert not problems, problems


def test_no_standings_text_is_wider_than_its_column(generated: Any) -> None:
    ws = generated["Standings"]
    names = [c.value for c in generated["Players"]["B"][1:] if c.value]
    widths = {
        column: ws.column_dimensions[ws.cell(1, column).column_letter].width
        for column in _headers(ws)
    }
    for column, header in _headers(ws).items():
        assert len(header) * 1.1 + 1 <= widths[column], (header, widths[column])
    assert max(len(n) for n in names) + 1 <= widths[2]


def test_placeholder_rows_show_nothing_after_the_name(generated: Any) -> None:
    """A player with no finished game (a spare Players row) shows no 0s:
    a conditional number format that shows nothing covers his row."""
    ws = generated["Standings"]
    rules = [
        (str(rng.sqref), rule)
        for rng, rules in ws.conditional_formatting._cf_rules.items()
        for rule in rules
    ]
    hiding = [
        (sqref, rule)
        for sqref, rule in rules
        if rule.dxf is not None and getattr(rule.dxf.numFmt, "formatCode", None) == ";;;"
    ]
    assert hiding, rules
    sqref, rule = hiding[0]
    assert sqref.startswith("C2:") and rule.formula == ["N($D2)=0"]


def test_help_rows_are_tall_enough_for_their_wrapped_text(generated: Any) -> None:
    ws = generated["Help"]
    width = ws.column_dimensions["A"].width
    assert width <= 80  # one portrait page at 100%: LibreOffice does not shrink one column
    for row in ws.iter_rows(min_col=1, max_col=1):
        cell = row[0]
        if not cell.value:
            continue
        assert cell.alignment.wrap_text
        lines = len(textwrap.wrap(str(cell.value), int(width)))
        size = cell.font.sz or 11
        height = ws.row_dimensions[cell.row].height
        assert height is not None and height >= lines * size * 1.3, (cell.coordinate, lines)


def test_every_numeric_column_of_a_scored_workbook_has_a_number_format(scored_book: Any) -> None:
    problems = []
    for ws in scored_book.worksheets:
        if ws.title == "Settings":  # values as typed, text and numbers mixed
            continue
        for row in ws.iter_rows(min_row=2):
            for cell in row:
                number = isinstance(cell.value, int | float) and not isinstance(cell.value, bool)
                if number and cell.number_format == "General":
                    problems.append(f"{ws.title}!{cell.coordinate}={cell.value!r}: General")
    assert not problems, problems[:10]


def test_every_scored_sheet_prints_one_page_wide_with_its_header(scored_book: Any) -> None:
    problems = []
    for ws in scored_book.worksheets:
        problems += _print_checks(ws, True)
    assert not problems, problems


def test_no_scored_standings_text_is_wider_than_its_column(scored_book: Any) -> None:
    ws = scored_book["Standings"]
    for row in ws.iter_rows():
        for cell in row:
            if cell.value is None:
                continue
            shown = cell.value
            if isinstance(shown, float):
                decimals = len(cell.number_format.split(".")[1]) if "." in cell.number_format else 0
                shown = f"{shown:.{decimals}f}"
            width = ws.column_dimensions[cell.column_letter].width
            factor = 1.15 if cell.row == 1 else 1.0
            assert len(str(shown)) * factor <= width, (cell.coordinate, shown, width)


def test_a_column_anyone_adds_is_shown_as_a_score() -> None:
    """Columns other parts add (a round's score, a tie-breaker's points)
    take the score's format by default; counts are named in one place."""
    look = Look(2)
    for header in ("Round 1", "round_3", "Head to head", "Some new points"):
        assert column_kind(header) is Kind.SCORE
        assert look.number_format(header) == "0.00"
    assert Look(4).number_format("Mean centres") == "0.0000"
    assert Look(0).number_format("Score") == "0"
    for header in ("Games", "Wins", "total_centres", "Centres", "Rank"):
        assert look.number_format(header) == "0"
    assert math.isclose(look.width("Second-best game"), math.ceil(16 * 1.15 + 2.5))


def test_render_script_is_documented() -> None:
    root = Path(__file__).resolve().parents[2]
    assert (root / "scripts" / "render.py").is_file()
    assert "scripts/render.py" in (root / "README.md").read_text(encoding="utf-8")


def test_the_player_columns_fit_the_longest_name() -> None:
    name = "Anne-Marie de la Tour d'Auvergne-Smith"
    wb = build_workbook("cdiplo", players=["Al", name])
    assert wb["Standings"].column_dimensions["B"].width >= len(name) + 1
    assert wb["Results"].column_dimensions["D"].width >= len(name) + 1
