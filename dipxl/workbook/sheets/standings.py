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
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.styling import (
    HEADER_FONT,
    blank_without_games,
    fit_columns,
    header_row,
    name_width,
    print_setup,
    put_formula,
    put_note,
    put_text,
    style_columns,
)

__all__ = ["build"]


def build(
    ws: Worksheet, plan: Plan, form: Formulas, letters: dict[str, str], look: Look
) -> None:
    """One row per player id; ``letters``: the Summary sheet's column letters;
    every column formatted as its kind (``look``)."""
    rounds = [f"round_{r}" for r in range(1, plan.rounds + 1)]
    values = ["fin", *form.standings, *rounds]
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

    sources = ["uniq", None, "total", "gamecount", *values]
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
            elif source == "fin":  # with a final: yes for a finalist, else no
                x = f"INDEX({col(source)},${hl}{row})"
                put_formula(
                    ws, row, i,
                    f'IF(AND(ISNUMBER({fx.setting_name("final_round")}),{x}<>""),'
                    f'IF({x}=1,"yes","no"),"")',
                )
            elif source in form.derived:
                # Shown from the Summary value it is packed in.
                base, expr = form.derived[source]
                x = f"INDEX({col(base)},${hl}{row})"
                put_formula(ws, row, i, f'IF({x}="","",{expr.format(x)})')
            else:
                put_formula(ws, row, i, f"INDEX({col(source)},${hl}{row})")
    shown = dict(enumerate(headers, start=1))
    style_columns(ws, look, shown, n + 1)
    ws.column_dimensions["B"].width = name_width(ws.parent, 20)
    fit_columns(ws, look, shown)
    blank_without_games(ws, headers.index("Games") + 1, 3, len(headers), n + 1)
    ws.column_dimensions[hl].hidden = True
    # What the standings count and leave out, live (as dipxl score says it).
    status_col = helper + 2
    put_text(ws.cell(1, status_col), "Counted")
    ws.cell(1, status_col).font = HEADER_FONT
    put_formula(ws, 2, status_col, "calc_counted")
    ws.cell(2, status_col).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions[column_letter(status_col)].width = 45
    note_col = status_col + 1
    put_text(ws.cell(1, note_col), "Tie-breakers")
    ws.cell(1, note_col).font = HEADER_FONT
    ws.column_dimensions[column_letter(note_col)].width = 60
    row = put_note(ws, 2, note_col, 60, form.note)
    for text in [*form.column_notes.values(), FORMATS_NOTE]:
        row = put_note(ws, row, note_col, 60, text)
    # What dipxl score would refuse in the formats, live (blank: nothing).
    put_formula(ws, row, note_col, format_checks(plan, form.per_game))
    ws.cell(row, note_col).alignment = Alignment(wrap_text=True, vertical="top")
    ws.freeze_panes = "C2"
    wide = sum(ws.column_dimensions[column_letter(i)].width for i in shown) > 90
    print_setup(ws, helper - 1, n + 1, landscape=wide)

