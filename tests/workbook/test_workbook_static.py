"""What a generated workbook holds, checked without a spreadsheet engine:
committed templates up to date, every formula within what Excel 2010+ and
LibreOffice 7.4 both compute, per-game formulas local to their game, names
stored as text, the Settings contract, and the ``dipxl new`` command."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook
from openpyxl.formula import Tokenizer
from openpyxl.utils import FORMULAE
from openpyxl.utils.cell import range_boundaries
from tournaments import AWKWARD, random_tournament

from dipxl.cli import cli
from dipxl.systems import SYSTEMS, canonical, get_system
from dipxl.workbook.formulas import FORMATS_NOTE
from dipxl.workbook.layout import INPUT_HEADERS, system_from_settings
from dipxl.workbook.reader import read_workbook
from dipxl.workbook.writer import build_workbook

ROOT = Path(__file__).resolve().parents[2]
CANONICAL = tuple(s.id for s in canonical())
PRESETS = tuple(s.id for s in SYSTEMS if s.id != s.module)

# Every function the generated formulas may call: each one computed alike by
# Excel 2010+ and LibreOffice 7.4 (NOTES.md).
ALLOWED = {
    "AND", "COUNT", "COUNTA", "COUNTIF", "COUNTIFS", "IF", "IFERROR", "INDEX", "INT", "ISNUMBER",
    "LARGE", "MATCH", "MAX", "MIN", "MOD", "N", "NOT", "OR", "RANK", "ROUND",
    "ROW", "SUBSTITUTE", "SUM", "SUMIFS", "SUMPRODUCT", "TRIM",
}  # fmt: skip
# Volatile, so only in conditional-formatting rules (evaluated to draw a
# cell, never part of the calculation chain), never in a cell.
RULES_ONLY = {"OFFSET"}
FORBIDDEN = ("LET", "XLOOKUP", "FILTER", "SORT", "UNIQUE", "LAMBDA", "SEQUENCE", "SORTBY")
CELL = re.compile(r"^(?:'?[^!]+'?!)?\$?[A-Z]{1,3}\$?\d*(?::\$?[A-Z]{1,3}\$?\d*)?$")


def _filled(system: str) -> Any:
    return build_workbook(system, None, "lint", tournament=random_tournament(5, 30, 3))


def _formulas(wb: Any) -> list[tuple[str, str]]:
    """(where, formula text) of every formula: cells, conditional
    formatting, data validation and defined names."""
    found = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    found.append((f"{ws.title}!{cell.coordinate}", str(cell.value)))
        for rng, rules in ws.conditional_formatting._cf_rules.items():
            for rule in rules:
                for text in rule.formula or ():
                    found.append((f"{ws.title} CF {rng.sqref}", "=" + text))
        for dv in ws.data_validations.dataValidation:
            for text in (dv.formula1, dv.formula2):
                if text:
                    found.append((f"{ws.title} DV {dv.sqref}", "=" + text))
    for name, dn in wb.defined_names.items():
        found.append((f"name {name}", "=" + dn.attr_text))
    return found


def _snapshot(path: Path) -> dict[str, Any]:
    """Structure, cell values and formulas, names, validation and
    formatting rules of a workbook file: what must not drift."""
    wb = load_workbook(path)
    return {
        "sheets": [(ws.title, ws.sheet_state) for ws in wb.worksheets],
        "cells": {
            ws.title: {
                c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None
            }
            for ws in wb.worksheets
        },
        "names": {k: v.attr_text for k, v in wb.defined_names.items()},
        "validation": {
            ws.title: sorted(
                (str(dv.sqref), dv.type, dv.formula1, dv.formula2)
                for dv in ws.data_validations.dataValidation
            )
            for ws in wb.worksheets
        },
        "formatting": _formulas(wb),
        "layout": {ws.title: _layout(ws) for ws in wb.worksheets},
    }


def _chart(chart: Any) -> tuple[Any, ...]:
    """A chart as what a reader sees: kind, title, where, series sources."""
    title = "".join(
        run.t for para in chart.title.tx.rich.p for run in (para.r or ())
    ) if chart.title is not None and chart.title.tx is not None else None  # fmt: skip
    series = tuple(
        (
            s.val.numRef.f if s.val is not None and s.val.numRef is not None else None,
            (s.cat.strRef or s.cat.numRef).f if s.cat is not None else None,
        )
        for s in chart.series
    )
    anchor = chart.anchor._from
    return (chart.tagname, getattr(chart, "type", None), title, anchor.col, anchor.row, series)


def _layout(ws: Any) -> dict[str, Any]:
    """How a sheet looks and prints: charts, number formats, column widths,
    hidden and grouped columns, frozen panes, print area, titles and page
    setup."""
    return {
        "charts": [_chart(c) for c in ws._charts],
        "number formats": {
            c.coordinate: c.number_format
            for row in ws.iter_rows()
            for c in row
            if c.number_format != "General"
        },
        "columns": {
            k: (d.width, d.hidden, d.outlineLevel) for k, d in sorted(ws.column_dimensions.items())
        },
        "freeze": ws.freeze_panes,
        "print": (
            ws.print_area,
            ws.print_title_rows,
            ws.page_setup.orientation,
            ws.page_setup.fitToWidth,
            ws.page_setup.fitToHeight,
            ws.sheet_properties.pageSetUpPr.fitToPage if ws.sheet_properties.pageSetUpPr else None,
        ),
    }


@pytest.mark.parametrize("system", CANONICAL)
def test_committed_template_is_what_dipxl_new_makes(system: str, tmp_path: Path) -> None:
    out = tmp_path / f"{system}.xlsx"
    result = CliRunner().invoke(cli, ["new", str(out), "--system", system])
    assert result.exit_code == 0, result.output
    committed = ROOT / "templates" / f"{system}.xlsx"
    assert committed.exists(), f"run: dipxl new templates/{system}.xlsx --system {system}"
    assert _snapshot(committed) == _snapshot(out), (
        f"templates/{system}.xlsx is stale: dipxl new templates/{system}.xlsx "
        f"--system {system} --force"
    )


def _helper(ws: Any) -> str:
    """The letter of the Standings' hidden Row column."""
    (cell,) = [c for c in ws[1] if c.value == "Row"]
    return str(cell.column_letter)


def test_snapshot_sees_charts_formats_widths_panes_and_printing(tmp_path: Path) -> None:
    """A template that differs from what dipxl new makes in any of these
    (its charts gone, a number format, a column width, frozen panes, the
    print area) fails the template comparison."""
    path = tmp_path / "base.xlsx"
    build_workbook("detour98e").save(path)
    base = _snapshot(path)
    changes = {
        "charts gone": lambda wb: wb["Charts"]._charts.clear(),
        "chart moved": lambda wb: setattr(wb["Charts"]._charts[1].anchor._from, "row", 30),
        "number format": lambda wb: setattr(wb["Standings"]["C2"], "number_format", "0.000"),
        "column width": lambda wb: setattr(wb["Results"].column_dimensions["D"], "width", 12),
        "column shown": lambda wb: setattr(
            wb["Standings"].column_dimensions[_helper(wb["Standings"])], "hidden", False
        ),
        "freeze panes": lambda wb: setattr(wb["Results"], "freeze_panes", "A2"),
        "print area": lambda wb: setattr(wb["Results"], "print_area", "A1:D10"),
        "orientation": lambda wb: setattr(wb["Results"].page_setup, "orientation", "landscape"),
    }
    for what, change in changes.items():
        wb = load_workbook(path)
        change(wb)
        changed = tmp_path / "changed.xlsx"
        wb.save(changed)
        assert _snapshot(changed) != base, what


@pytest.mark.parametrize("system", CANONICAL + PRESETS)
def test_every_formula_is_portable(system: str) -> None:
    wb = _filled(system)
    names = set(wb.defined_names.keys())
    problems = []
    formulas = _formulas(wb)
    assert len(formulas) > 500
    for where, text in formulas:
        upper = text.upper()
        if "[#" in text or "[@" in text:
            problems.append(f"{where}: structured reference item {text}")
        for token in Tokenizer(text).items:
            if token.type == "FUNC" and token.subtype == "OPEN":
                fn = token.value[:-1].lstrip(":").upper()  # ":INDEX(" after a range colon
                bare = fn.removeprefix("_XLFN.")
                allowed = ALLOWED | RULES_ONLY if " CF " in where else ALLOWED
                if bare in FORBIDDEN or bare not in allowed:
                    problems.append(f"{where}: function {fn}")
                if bare not in FORMULAE and not fn.startswith("_XLFN."):
                    problems.append(f"{where}: {fn} needs the _xlfn. prefix")
            elif token.type == "OPERAND" and token.subtype == "RANGE":
                ref = token.value
                if not CELL.match(ref) and ref not in names:
                    problems.append(f"{where}: undefined name {ref}")
        assert "{" not in upper, f"{where}: array constant or CSE formula"
    assert problems == []


def _rows(ref: str) -> tuple[int, int]:
    _, top, _, bottom = range_boundaries(ref.replace("$", ""))
    return top, bottom


@pytest.mark.parametrize("system", CANONICAL)
def test_per_game_formulas_read_only_their_game(system: str) -> None:
    """Linear cost: a Results formula reads its own game's seven rows and
    the small named tables, nothing else of the results table."""
    wb = _filled(system)
    ws = wb["Results"]
    first_computed = len(INPUT_HEADERS) + 1
    checked = 0
    for row in ws.iter_rows(min_row=2, min_col=first_computed):
        for cell in row:
            if cell.data_type != "f":
                continue
            block = 2 + (cell.row - 2) // 7 * 7
            for token in Tokenizer(str(cell.value)).items:
                if token.type == "OPERAND" and token.subtype == "RANGE" and CELL.match(token.value):
                    assert "!" not in token.value, (cell.coordinate, token.value)
                    top, bottom = _rows(token.value)
                    assert block <= top and bottom <= block + 6, (cell.coordinate, token.value)
            checked += 1
    assert checked > 100


def test_awkward_names_are_text_and_settings_follow_the_contract(tmp_path: Path) -> None:
    path = tmp_path / "awkward.xlsx"
    build_workbook("detour98e", {"win": 90}, "=Cup", players=list(AWKWARD)).save(path)
    wb = load_workbook(path)
    names = [wb["Players"].cell(r, 2) for r in range(2, len(AWKWARD) + 2)]
    assert [c.value for c in names] == list(AWKWARD)
    assert all(c.data_type == "s" for c in names)
    ws = wb["Settings"]
    assert [c.value for c in ws[1]] == ["Setting", "Value", "Notes"]
    rows = [(ws.cell(r, 1).value, ws.cell(r, 2).value, f"B{r}") for r in range(2, ws.max_row + 1)]
    system, overrides, title = system_from_settings(rows)
    assert system.id == "detour98e" and title == "=Cup"
    assert get_system("detour98e").make_params(overrides) == get_system("detour98e").make_params(
        {"win": 90}
    )
    assert len(wb["Charts"]._charts) == 2  # standings top ten, power means
    results = wb["Results"]
    assert results.freeze_panes == "E2" and results.print_title_rows == "$1:$1"
    kinds = {dv.type for dv in results.data_validations.dataValidation}
    assert kinds == {"list", "whole"}
    assert len(results.conditional_formatting) > 4
    header = [c.value for c in wb["Results"][1]]
    assert tuple(header[: len(INPUT_HEADERS)]) == INPUT_HEADERS
    assert header[len(INPUT_HEADERS)] == "Score"


def test_dipxl_new_options(tmp_path: Path) -> None:
    runner = CliRunner()
    names = tmp_path / "names.txt"
    names.write_text("Alice\n\n=Bob\nSt*r\n", encoding="utf-8")
    out = tmp_path / "cup.xlsx"
    args = ["new", str(out), "-s", "cdiplo", "--players-file", str(names), "-r", "5"]
    assert runner.invoke(cli, [*args, "-p", "solo=90", "--title", "Cup"]).exit_code == 0
    again = runner.invoke(cli, args)
    assert again.exit_code == 1 and "already exists" in again.output
    wb = load_workbook(out)
    assert [wb["Players"].cell(r, 2).value for r in range(2, 5)] == ["Alice", "=Bob", "St*r"]
    settings = {
        wb["Settings"].cell(r, 1).value: wb["Settings"].cell(r, 2).value for r in range(2, 30)
    }
    assert settings["solo"] == 90 and settings["title"] == "Cup"
    assert wb["Results"].cell(wb["Results"].max_row, 1).value == 5
    assert runner.invoke(cli, [*args, "--force", "-b", "4"]).exit_code == 0
    assert load_workbook(out)["Results"].max_row == 1 + 5 * 4 * 7
    bad = runner.invoke(cli, ["new", str(tmp_path / "x.xlsx"), "-s", "cdiplo", "-p", "nope=1"])
    assert bad.exit_code == 2 and "nope" in bad.output  # a usage error (README)
    assert not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize("system", CANONICAL)
def test_results_validation_rules(system: str, tmp_path: Path) -> None:
    """Each input column of Results, every input row, has its rule: the
    player from the whole Players list (spare rows too), whole-number
    centres 0-34, elimination years 1901-2100, Y/N draw marks, final years
    1901-2100, and for a system that reads the chart its year columns
    (1901-1920, I to AB), centres 0-34."""
    path = tmp_path / "v.xlsx"
    build_workbook(system, None, "v", rounds=2, boards=3, players=["A", "B"]).save(path)
    wb = load_workbook(path)
    players = wb["Players"]
    listed = players.max_row  # the header, 2 names, 7 spare rows
    assert listed == 1 + 2 + 7 and players.cell(listed, 1).value == 9
    last = 1 + 2 * 3 * 7
    rules = {str(dv.sqref): dv for dv in wb["Results"].data_validations.dataValidation}
    chart = "chart" in get_system(system).reads
    if chart:
        assert [c.value for c in wb["Results"][1]][8:28] == [str(y) for y in range(1901, 1921)]
    assert set(rules) == {f"{c}2:{c}{last}" for c in "DEFGH"} | (
        {f"I2:AB{last}"} if chart else set())
    # (column, type, operator, formula1, formula2) of each rule
    expected = [
        ("D", "list", None, "player_names", None),  # the name of Players!$B$2:$B$<listed>
        ("E", "whole", "between", "0", "34"),
        ("F", "whole", "between", "1901", "2100"),
        ("G", "list", None, '"Y,N"', None),
        ("H", "whole", "between", "1901", "2100"),
    ]
    if chart:
        expected.append(("I2:AB", "whole", "between", "0", "34"))
    assert wb.defined_names["player_names"].attr_text == f"Players!$B$2:$B${listed}"
    for column, kind, operator, one, two in expected:
        dv = rules[f"{column}{last}" if ":" in column else f"{column}2:{column}{last}"]
        assert (dv.type, dv.operator, dv.formula1, dv.formula2) == (kind, operator, one, two)
        assert dv.allow_blank and dv.showErrorMessage and dv.error, column


# What each system's tie-breaker statement must say: (phrases naming what
# the formulas apply or that nothing is broken, phrases naming what is left
# to `dipxl score`), checked against the engine's tie-breakers below.
TIEBREAK_NOTES = {
    "cdiplo": (("no tie-breakers", "share the rank"), ()),
    "detour98e": (
        ("applied here: score, then wins, then drawn games in the draw, then the best game",),
        ("place by centres", "second- and third-best games", "`dipxl score`"),
    ),
    "dimvalue": (
        ("NOT applied", "share the rank"),
        (
            "head-to-head",
            "power-to-power",
            "superior player",
            "zero for defeat",
            "total centres",
            "`dipxl score`",
        ),
    ),
    "htm": (("no tie-breakers", "share the rank"), ()),
}


@pytest.mark.parametrize("system", CANONICAL)
def test_standings_and_help_say_what_the_formulas_apply(system: str) -> None:
    spec = get_system(system)
    wb = build_workbook(system, None, "notes", rounds=4, boards=2)
    standings = wb["Standings"]
    header = [c.value for c in standings[1]]
    column = header.index("Tie-breakers") + 1
    note = standings.cell(2, column).value
    # A system not listed: no tie-breakers and the sheet says so, or some,
    # left to `dipxl score`.
    plain = (("no tie-breakers", "share the rank"), ()) if not spec.tiebreakers \
        else ((), ("`dipxl score`",))
    applied, rest = TIEBREAK_NOTES.get(system, plain)
    for phrase in (*applied, *rest):
        assert phrase in note, (system, phrase)
    # Tie-breakers the engine has are named or left to dipxl score; none
    # means the sheet says so.
    assert bool(spec.tiebreakers) == ("`dipxl score`" in note)
    lines = [wb["Help"].cell(r, 1).value or "" for r in range(1, wb["Help"].max_row + 1)]
    assert lines[0] == "How to fill in this workbook"
    assert "4 rounds of 2 boards" in lines[2] and "Centres (0-34)" in lines[2]
    assert any("text entry" in line and "purple" in line for line in lines)
    # The rule text: the system's docstring, paragraph by paragraph, after its title.
    start = lines.index(f"Scoring system: {spec.title} ({spec.id})")
    paragraphs = [" ".join(p.split()) for p in spec.description.split("\n\n") if p.strip()]
    assert len(paragraphs) >= 2
    assert lines[start + 1 : start + 1 + len(paragraphs)] == paragraphs
    assert lines[lines.index("Tie-breakers") + 1] == note
    # One column per round after the tie-break values, and a one-line note
    # on a column whose order might surprise (Detour's best games).
    assert [h for h in header if h and re.fullmatch("R[0-9]+", h)] == [
        f"R{r}" for r in range(1, 5)
    ]
    assert header[:5] == ["Rank", "Player", "Score", "Games", "Finalist"]
    # Then the note on the formats, and a live line on what dipxl score
    # would refuse in them.
    below = [standings.cell(r, column).value for r in range(3, 60)]
    below = [text for text in below if text is not None]
    if system == "detour98e":
        assert below[0].startswith("Best game 1-3: ") and "outcome first" in below[0]
        below = below[1:]
    assert below[0] == FORMATS_NOTE
    assert below[1].startswith("=IF(") and "dipxl score refuses" in below[1]
    assert len(below) == 2
    assert lines[lines.index("Tournament formats") + 1].startswith("Formats (Settings): ")


def test_dipxl_new_players(tmp_path: Path) -> None:
    """--players N: N placeholders (plus spare rows for late players) and
    boards for all of them unless --boards says otherwise."""
    runner = CliRunner()
    out = tmp_path / "n.xlsx"
    assert runner.invoke(cli, ["new", str(out), "-s", "htm", "--players", "30"]).exit_code == 0
    wb = load_workbook(out)
    names = [wb["Players"].cell(r, 2).value for r in range(2, wb["Players"].max_row + 1)]
    assert names == [f"Player {i}" for i in range(1, 31)] + [None] * 7
    assert wb["Results"].max_row == 1 + 3 * 5 * 7  # 3 rounds of ceil(30 / 7) boards
    assert wb["Standings"].cell(38, 2).value is not None  # a row for each listed player
    assert wb["Standings"].cell(39, 2).value is None
    again = ["new", str(out), "-s", "htm", "-n", "200", "-b", "4", "--force"]
    assert runner.invoke(cli, again).exit_code == 0
    wb = load_workbook(out)
    assert wb["Players"].max_row == 1 + 200 + 20
    assert wb["Players"].cell(201, 2).value == "Player 200"
    assert wb["Results"].max_row == 1 + 3 * 4 * 7
    both_args = ["new", str(tmp_path / "x.xlsx"), "-s", "htm", "-n", "3"]
    both_args += ["--players-file", str(out)]
    both = runner.invoke(cli, both_args)
    assert both.exit_code == 2 and "not both" in both.output


def test_round_weights_have_a_row_a_round_read_as_the_formulas_read_them(
    tmp_path: Path,
) -> None:
    """One ``round_weights`` row per round of the workbook (blank: 1);
    dipxl score reads a blank row as 1 and leaves out the rows after the
    last round played, as the formulas weigh no game there."""
    t = random_tournament(5, 21, 3)
    wb = build_workbook("cdiplo", {"round_weights": (1, 1, 2)}, "w", rounds=5, tournament=t)
    ws = wb["Settings"]
    rows = {ws.cell(r, 1).value: r for r in range(2, ws.max_row + 1)}
    weights = [ws.cell(rows[f"round_weights_{k}"], 2).value for k in range(1, 6)]
    assert weights == [1, 1, 2, None, None] and "round_weights_6" not in rows
    assert ws.cell(rows["round_weights_4"], 3).value == "weight of round 4 (blank: 1)"
    for name, value in (("round_weights_2", 3), ("round_weights_3", None),
                        ("round_weights_5", 9)):
        ws.cell(rows[name], 2).value = value
    wb.save(tmp_path / "w.xlsx")
    assert t.rounds == (1, 2, 3)
    assert read_workbook(tmp_path / "w.xlsx").overrides["round_weights"] == (1, 3, 1)
