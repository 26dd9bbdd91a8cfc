"""The Standings sheet: the players in rank order (the k-th smallest list
key of the Summary sheet), with score, games, the values the system's
formula twin shows and the score of each round, and a note on which
tie-breakers the formulas apply."""

from __future__ import annotations

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.tables import FINALIST, column_header, round_column
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.formulas import FORMATS_NOTE, SUMMARY, Formulas, Plan, format_checks
from dipxl.workbook.layout import SHEETS
from dipxl.workbook.sheets.cells import (
    HEADER_FONT,
    header_row,
    put_formula,
    put_text,
    score_format,
)

__all__ = ["build"]


def build(ws: Worksheet, plan: Plan, form: Formulas, letters: dict[str, str]) -> None:
    """One row per player id; ``letters``: the Summary sheet's column letters."""
    rounds = [f"round_{r}" for r in range(1, plan.rounds + 1)]
    shown = ["fin", *form.standings, *rounds]
    headers = [
        "Rank",
        "Player",
        "Score",
        "Games",
        FINALIST.header,
        *map(column_header, form.standings),
        *(round_column(r).header for r in range(1, plan.rounds + 1)),
    ]
    helper = len(headers) + 1
    header_row(ws, [*headers, "Row"])
    n = plan.players
    hl = column_letter(helper)

    def col(name: str) -> str:
        return column_span(letters[name], 2, n + 1, SUMMARY)

    sources = ["uniq", None, "total", "gamecount", *shown]
    for k in range(1, n + 1):
        row = k + 1
        # The k-th smallest list key (unique: rank, then id).
        key = f"LARGE({col('uniq')},{n + 1 - k})"
        put_formula(ws, row, helper, f"MATCH({key},{col('uniq')},0)")
        for i, source in enumerate(sources, start=1):
            if source == "uniq":  # the rank, from the list key
                x = f"INDEX({col('uniq')},${hl}{row})"
                put_formula(ws, row, i, f'IF({x}>{(n + 1) * (n + 1)},"",INT({x}/{n + 1}))')
            elif source is None:
                put_formula(
                    ws,
                    row,
                    i,
                    f'INDEX({column_span("B", 2, n + 1, SHEETS["players"])},${hl}{row})&""',
                )
            elif source == "fin":  # with a final: TRUE for a finalist
                x = f"INDEX({col(source)},${hl}{row})"
                put_formula(
                    ws, row, i,
                    f'IF(AND(ISNUMBER({fx.setting_name("final_round")}),{x}<>""),{x}=1,"")',
                )
            elif source in form.derived:
                # Shown from the Summary value it is packed in.
                base, expr = form.derived[source]
                x = f"INDEX({col(base)},${hl}{row})"
                put_formula(ws, row, i, f'IF({x}="","",{expr.format(x)})')
            else:
                put_formula(ws, row, i, f"INDEX({col(source)},${hl}{row})")
        ws.cell(row, 3).number_format = score_format(form)
        for i in range(helper - len(rounds), helper):  # the round scores
            ws.cell(row, i).number_format = score_format(form)
    ws.column_dimensions[hl].hidden = True
    ws.column_dimensions["A"].width = 6
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 12
    for i in range(4, helper):
        ws.column_dimensions[column_letter(i)].width = 15
    note_col = helper + 2
    put_text(ws.cell(1, note_col), "Tie-breakers")
    ws.cell(1, note_col).font = HEADER_FONT
    note = ws.cell(2, note_col)
    put_text(note, form.note)
    note.alignment = Alignment(wrap_text=True, vertical="top")
    lines = [*form.column_notes.values(), FORMATS_NOTE]
    for r, text in enumerate(lines, start=3):
        line = ws.cell(r, note_col)
        put_text(line, text)
        line.alignment = Alignment(wrap_text=True, vertical="top")
    # What dipxl score would refuse in the formats, live (blank: nothing).
    put_formula(ws, 3 + len(lines), note_col, format_checks(plan, form.per_game))
    ws.cell(3 + len(lines), note_col).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions[column_letter(note_col)].width = 60
    ws.freeze_panes = "C2"
    ws.print_title_rows = "1:1"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_area = f"A1:{column_letter(helper - 1)}{n + 1}"
