"""The Results sheet: seven rows a board (powers in canonical order), the
input columns the TD fills in, then the computed columns of the system's
formula twin; data validation and the TD's warning colours."""

from __future__ import annotations

from copy import copy

from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.fields import FIELD_SPECS, SPEC, seat_entries
from dipxl.model import FIRST_YEAR, LAST_YEAR, MAX_CENTRES, Game, Power, Tournament
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.formulas import Formulas, Plan, SeatRefs
from dipxl.workbook.layout import CHART_HEADERS
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.styling import (
    INPUT_FILL,
    MISSING_FILL,
    TEXT_FILL,
    TEXT_FONT,
    WARN_FILL,
    define_name,
    fit_columns,
    header_row,
    name_width,
    print_setup,
    put_formula,
    put_value,
    style_columns,
)

__all__ = ["build"]


def build(
    ws: Worksheet, plan: Plan, form: Formulas, tournament: Tournament | None, look: Look
) -> None:
    """Every seat of every board, pre-filled from ``tournament``; every
    column formatted as its kind (``look``)."""
    header_row(ws, plan.columns)
    filled: dict[tuple[int, int], Game] = {}
    if tournament is not None:
        filled = {(g.round, g.board): g for g in tournament.games}
    names = "player_names"
    # One style object per kind of cell, shared (setting styles cell by cell
    # is most of openpyxl's time on a big sheet): openpyxl's style array of
    # a prototype cell, copied into each cell (see cells.put_value).
    proto = ws.cell(plan.last_row + 5, 1)
    proto.fill = INPUT_FILL
    input_style = copy(proto._style)
    ws._cells.pop((proto.row, proto.column))
    index = {h: i for i, h in enumerate(plan.columns, start=1)}
    # The entry columns after Round, Board and Power, by field.
    entry_columns = [(f.name, index[f.header]) for f in FIELD_SPECS[3:]]
    chart_columns = [(int(h), index[h]) for h in CHART_HEADERS if h in index]
    for rnd in range(1, plan.rounds + 1):
        for board in range(1, plan.boards + 1):
            first = plan.block_first(rnd, board)
            found = filled.get((rnd, board))
            for power in Power:
                row = first + int(power)
                put_value(ws, row, 1, rnd, "n")
                put_value(ws, row, 2, board, "n")
                put_value(ws, row, 3, power.title, "s")
                entries = seat_entries(found.seats[int(power)]) if found is not None else {}
                for name, c in entry_columns:
                    value = entries.get(name)
                    put_value(ws, row, c, value, "s" if isinstance(value, str) else "n",
                              input_style)
                if chart_columns and found is not None:  # the year-by-year chart's counts
                    counts = dict(found.seats[int(power)].chart)
                    for year, c in chart_columns:
                        if year in counts:
                            put_value(ws, row, c, counts[year], "n", input_style)
                s = SeatRefs(plan, row, first, first + 6, form.needs, form.checks)
                cells = fx.common_seat(s, names)
                cells.update(form.seat(s))
                for header, formula in cells.items():
                    if header in index:
                        put_formula(ws, row, index[header], formula)
    last = plan.last_row
    # The pre-filled Round, Board and Power cells whose rows the formulas
    # read by place (dipxl score checks them: workbook/reader.py).
    define_name(ws.parent, fx.RESULTS_LAYOUT,
                f"{plan.results}!$A${plan.first_row}:$C${last}")
    charts = fx.chart_headers(plan)
    if charts:  # the chart's headings, each read as its year by place (dipxl score checks them)
        define_name(ws.parent, fx.RESULTS_CHART,
                    f"{plan.results}!${plan.col(charts[0])}$1:${plan.col(charts[-1])}$1")
    headers = dict(enumerate(plan.columns, start=1))
    style_columns(ws, look, headers, last, text=(index["Player"],))
    _results_validation(ws, plan)
    _results_formatting(ws, plan)
    ws.column_dimensions[plan.col("Player")].width = name_width(ws.parent, 26)
    fit_columns(ws, look, headers)
    _chart_look(ws, plan, look)
    for header in plan.columns[plan.columns.index("Score") + 1 :]:
        ws.column_dimensions[plan.col(header)].outlineLevel = 1
    ws.freeze_panes = "E2"
    ws.auto_filter.ref = f"A1:{column_letter(len(plan.columns))}{last}"
    print_setup(ws, index["Score"], last, landscape=False)


def _results_validation(ws: Worksheet, plan: Plan) -> None:
    last = plan.last_row
    player = DataValidation(
        type="list",
        formula1="player_names",
        allow_blank=True,
        showErrorMessage=True,
        errorTitle="Unknown player",
        error="Pick a player from the Players sheet (add new players there first).",
    )
    centres = DataValidation(
        type="whole",
        operator="between",
        formula1="0",
        formula2=str(MAX_CENTRES),
        allow_blank=True,
        showErrorMessage=True,
        error=f"Centres: a whole number 0-{MAX_CENTRES}.",
    )
    year = DataValidation(
        type="whole",
        operator="between",
        formula1=str(FIRST_YEAR),
        formula2=str(LAST_YEAR),
        allow_blank=True,
        showErrorMessage=True,
        error=f"Elimination year: {FIRST_YEAR}-{LAST_YEAR}, blank for a survivor.",
    )
    draw = DataValidation(
        type="list",
        formula1='"Y,N"',
        allow_blank=True,
        showErrorMessage=True,
        error="Draw: Y (in the draw), N (left out) or blank (every survivor); "
        "Y on one survivor alone concedes the game to it.",
    )
    final = DataValidation(
        type="whole",
        operator="between",
        formula1=str(FIRST_YEAR),
        formula2=str(LAST_YEAR),
        allow_blank=True,
        showErrorMessage=True,
        error=f"Year of the final centre counts: {FIRST_YEAR}-{LAST_YEAR}, on one row of "
        "the board or all alike.",
    )
    checks = ((player, "Player"), (centres, "Centres"), (year, "Eliminated"), (draw, "Draw"),
              (final, "Year"))
    for dv, header in checks:
        c = plan.col(header)
        dv.add(f"{c}2:{c}{last}")
        ws.add_data_validation(dv)
    chart = [h for h in CHART_HEADERS if h in plan.columns]
    if chart:  # the year-by-year chart: adjacent columns
        counts = DataValidation(
            type="whole", operator="between", formula1="0", formula2=str(MAX_CENTRES),
            allow_blank=True, showErrorMessage=True,
            error=f"The chart: this power's centres at the end of the year heading the column, "
            f"0-{MAX_CENTRES}; blank: not entered (give all seven counts of a year, or none).",
        )
        counts.add(f"{plan.col(chart[0])}2:{plan.col(chart[-1])}{last}")
        ws.add_data_validation(counts)


def _chart_look(ws: Worksheet, plan: Plan, look: Look) -> None:
    """The chart's empty cells, not written (20 columns of blank cells were
    most of a big Maxonian workbook's size and time): their number format
    and alignment are the columns' own, and the input colour is a
    formatting rule over the chart's rows (a column's fill would run on
    below the last board).  Typed counts look as the other input cells."""
    chart = [h for h in CHART_HEADERS if h in plan.columns]
    if not chart:
        return
    for header in chart:
        dim = ws.column_dimensions[plan.col(header)]
        dim.number_format = look.number_format(header)
        dim.alignment = Alignment(horizontal=look.align(header))
    ws.conditional_formatting.add(
        f"{plan.col(chart[0])}2:{plan.col(chart[-1])}{plan.last_row}",
        FormulaRule(formula=["TRUE"], fill=INPUT_FILL),
    )


def _results_formatting(ws: Worksheet, plan: Plan) -> None:
    """Flags for the TD.  Every rule reads a few cells only: the game rules
    find the game's seven rows from the row number (games are seven-row
    blocks from row 2), one rule over the whole column each."""
    last = plan.last_row
    e = plan.col("Centres")
    f = plan.col("Eliminated")
    d = plan.col("Player")
    pid = plan.col("Player id")
    top = f"ROW()-MOD(ROW()-{plan.first_row},7)"
    # The game's seven Centres cells.  OFFSET, not INDEX(..):INDEX(..),
    # which IronCalc cannot evaluate; seven single INDEXes cost LibreOffice
    # more.  OFFSET is volatile, which matters in a cell (it recalculates
    # with every edit) and not in a formatting rule, evaluated only to draw
    # its cell: rules are the one place dipxl uses it.
    block = f"OFFSET(${e}$1,{top}-1,0,7,1)"
    # Text in Centres, Eliminated or Year ("5" pasted past validation): the
    # game is not counted (its Score cells say so), as dipxl score leaves it
    # out.  First, so that its colour wins over the others.
    # One rule for each block of columns, each formula relative to its own
    # first cell: the apps differ in which cell a range list's rule is
    # relative to.
    y = plan.col("Year")
    for first, final in ((e, f), (y, y)):
        ws.conditional_formatting.add(
            f"{first}2:{final}{last}",
            FormulaRule(formula=[f"COUNTA({first}2)>COUNT({first}2)"], fill=TEXT_FILL,
                        font=TEXT_FONT),
        )
    # A draw flag the formulas do not read (x, 1, TRUE, " Y"): the game is
    # not counted (its Score cells say so), nor by dipxl score.
    g = plan.col("Draw")
    ws.conditional_formatting.add(
        f"{g}2:{g}{last}",
        FormulaRule(
            formula=[f"AND(COUNTA({g}2)>0,"
                     + "+".join(f'COUNTIF({g}2,"{flag}")' for flag in SPEC["draw"].flags)
                     + "=0)"],
            fill=TEXT_FILL, font=TEXT_FONT,
        ),
    )
    # A game whose centres total more than 34.
    ws.conditional_formatting.add(
        f"{e}2:{e}{last}", FormulaRule(formula=[f"SUM({block})>34"], fill=WARN_FILL)
    )
    # A missing player or centre count in a game that has started.
    ws.conditional_formatting.add(
        f"{d}2:{e}{last}",
        FormulaRule(formula=[f'AND(COUNT({block})>0,OR(${d}2="",${e}2=""))'], fill=MISSING_FILL),
    )
    # A player seated a second time in one round (by id: names may hold
    # wildcards): the player's first seat of the round is another row (IF,
    # not AND: AND would evaluate INDEX on a blank id, an error).
    for rnd in range(1, plan.rounds + 1):
        a, b = plan.round_first(rnd), plan.round_last(rnd)
        ws.conditional_formatting.add(
            f"{d}{a}:{d}{b}",
            FormulaRule(
                formula=[f'IF(${pid}{a}="",FALSE,INDEX(sum_a_{rnd},${pid}{a})<>ROW()-{a - 1})'],
                fill=WARN_FILL,
            ),
        )
    # A name that is not on the Players sheet.
    ws.conditional_formatting.add(
        f"{d}2:{d}{last}", FormulaRule(formula=[f'AND(${d}2<>"",${pid}2="")'], fill=WARN_FILL)
    )
