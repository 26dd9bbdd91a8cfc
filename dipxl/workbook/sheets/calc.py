"""The hidden Calc sheet: helper values read by the other sheets' formulas
(position points and their running sums, the system's step tables,
finished games and rounds, the score floor, players seated twice)."""

from __future__ import annotations

from typing import Any

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from dipxl import counted
from dipxl.model import Power
from dipxl.systems import System
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.formulas import CALC, SUMMARY, Formulas, Plan
from dipxl.workbook.layout import ROUND_WEIGHTS, SHEETS
from dipxl.workbook.sheets.settings import MAX_POSITIONS, settings_table
from dipxl.workbook.sheets.styling import define_name, put_text, put_value

__all__ = ["build"]

# How many boards not counted the status line names (the others are counted),
# as dipxl score's (:data:`dipxl.counted.SHOWN`).
SHOWN = counted.SHOWN
# Rows below the last board looked at for results typed there.
BELOW = 1000


def build(
    wb: Workbook,
    ws: Worksheet,
    plan: Plan,
    spec: System,
    params: Any,
    letters: dict[str, str],
    form: Formulas,
) -> None:
    """The helper values; ``letters``: the Summary sheet's column letters."""
    put_text(ws.cell(1, 1), "Helper values computed from Settings and Results: do not edit.")
    column = 11
    for name, table in form.steps.items():
        put_text(ws.cell(2, column), f"{name}: key")
        put_text(ws.cell(2, column + 1), "value")
        for r, (key, value) in enumerate(table, start=3):
            ws.cell(r, column, key)
            ws.cell(r, column + 1, value)
        last = 2 + len(table)
        for offset, part in enumerate(("key", "value")):
            c = column_letter(column + offset)
            define_name(wb, f"calc_{name}_{part}", column_span(c, 3, last, CALC))
        column += 3
    rows = settings_table(spec, params, "", plan.rounds)
    settings_row = {name: r for r, name in enumerate((row[0] for row in rows), 2)}
    put_text(ws.cell(2, column), "weight of round")
    for rnd in range(1, plan.rounds + 1):
        ref = settings_row.get(f"{ROUND_WEIGHTS}_{rnd}")
        # Blank: 1 (text that is a number counts as that number, as
        # dipxl score reads it; other text makes every score an error).
        cell = f"{SHEETS['settings']}!$B${ref}"
        ws.cell(2 + rnd, column).value = f"=IF(COUNTA({cell})=0,1,{cell}*1)" if ref else 1
    weights = column_letter(column)
    define_name(wb, "calc_weights", column_span(weights, 3, 2 + plan.rounds, CALC))
    _counted(wb, ws, plan, column + 2)
    put_text(ws.cell(2, 1), "position points")
    put_text(ws.cell(2, 3), "running sum")
    ws.cell(3, 3, 0)
    for k in range(1, MAX_POSITIONS + 1):
        ref = settings_row.get(f"positions_{k}")
        # N() of the value, 0 when blank (Gnumeric's N() of an empty cell is #NUM!).
        cell = f"{SHEETS['settings']}!$B${ref}"
        ws.cell(3 + k - 1, 2).value = f"=IF(COUNTA({cell})=0,0,N({cell}))" if ref else 0
        ws.cell(3 + k, 3).value = f"=C{2 + k}+B{2 + k}"
    define_name(wb, "calc_pos", column_span("B", 3, 2 + MAX_POSITIONS, CALC))
    define_name(wb, "calc_cum", column_span("C", 3, 3 + MAX_POSITIONS, CALC))
    done = plan.column_range("Game done")
    put_text(ws.cell(2, 5), "finished games")
    ws["F2"] = f"=SUM({done})/7"
    define_name(wb, "calc_games", f"{CALC}!$F$2")
    put_text(ws.cell(3, 5), "rounds with a finished game")
    ws["F3"] = f'=COUNTIF($H$3:$H${2 + plan.rounds},">0")'
    define_name(wb, "calc_rounds", f"{CALC}!$F$3")
    put_text(ws.cell(5, 5), "decimals of game scores")
    rt = fx.setting_name("round_to")
    has_round = any(name == "round_to" for name, _ in spec.parameters())
    ws["F5"] = f"=IF(ISNUMBER({rt}),{rt},15)" if has_round else 15
    define_name(wb, "calc_digits", f"{CALC}!$F$5")
    put_text(ws.cell(4, 5), "score floor")
    has_key = fx.SCORE_KEY in plan.columns
    ws["F4"] = f"=MIN({plan.column_range(fx.SCORE_KEY)})-1" if has_key else 0
    define_name(wb, "calc_floor", f"{CALC}!$F$4")
    put_text(ws.cell(2, 8), "finished games in round")
    put_text(ws.cell(2, 9), "player twice in round")
    for rnd in range(1, plan.rounds + 1):
        r = 2 + rnd
        ws.cell(r, 7, rnd)
        ws.cell(r, 8).value = f"=SUM({plan.round_range('Game done', rnd)})/7"
        a = letters[f"a_{rnd}"]
        ws.cell(r, 9).value = (
            f"=COUNT({plan.round_range('Player id', rnd)})"
            f">COUNT({column_span(a, 2, plan.players + 1, SUMMARY)})"
        )
    define_name(wb, "calc_doubles", column_span("I", 3, 2 + plan.rounds, CALC))
    define_name(wb, "calc_round_no", column_span("G", 3, 2 + plan.rounds, CALC))
    define_name(wb, "calc_round_games", column_span("H", 3, 2 + plan.rounds, CALC))
    put_text(ws.cell(2, 10), "row in round")
    for k in range(1, plan.rows_per_round + 1):
        put_value(ws, 2 + k, 10, k, "n")
    define_name(wb, "calc_seq", column_span("J", 3, 2 + plan.rows_per_round, CALC))


def _counted(wb: Workbook, ws: Worksheet, plan: Plan, column: int) -> None:
    """One row a board from ``column`` on: its round, board and rows,
    whether it counts (Game done), why it does not (text in a count or a
    year, a draw flag not read, some counts blank: :data:`dipxl.counted`'s
    reasons, in words a formula can say) and its place among those left
    out; then the status line (``calc_counted``) that the Standings sheet
    shows, as ``dipxl score`` says it (:class:`dipxl.counted.Counted`)."""
    heads = ("round", "board", "counted", "not counted because", "left out no.", "label",
             "seats not on Players", "last round counted", "rows out of place")
    for offset, head in enumerate(heads):
        put_text(ws.cell(2, column + offset), head)
    c = [column_letter(column + k) for k in range(len(heads))]
    row = 3
    for rnd in range(1, plan.rounds + 1):
        for board in range(1, plan.boards + 1):
            first = plan.block_first(rnd, board)
            last = first + 6
            counts = plan.column_range("Centres", first, last)
            done = f"{plan.results}!${plan.col('Game done')}${first}"
            ws.cell(row, column, rnd)
            ws.cell(row, column + 1, board)
            ws.cell(row, column + 2).value = f"=IF({done}=1,1,0)"
            # The board's first Score cell says why it is not counted
            # (SeatRefs.unscored), blank when it is merely unfinished.
            said = f"{plan.results}!${plan.col('Score')}${first}"
            ws.cell(row, column + 3).value = (
                f'=IF({c[2]}{row}=1,"",IF({said}<>"",{said},'
                f'IF(COUNT({counts})>0,COUNT({counts})&" of 7 counts","")))')
            previous = f"{c[4]}{row - 1}" if row > 3 else "0"
            ws.cell(row, column + 4).value = f'={previous}+({c[3]}{row}<>"")'
            ws.cell(row, column + 5).value = (
                f'="R{rnd} B{board} (rows {first}-{last}: "&{c[3]}{row}&")"')
            # Names typed but not found on Players (the Player id stays blank).
            ws.cell(row, column + 6).value = (
                f"=COUNTA({plan.column_range('Player', first, last)})"
                f"-COUNT({plan.column_range('Player id', first, last)})")
            ws.cell(row, column + 7).value = f"=IF({c[2]}{row}=1,{rnd},0)"
            # Rows moved or relabelled: the formulas read the board by place
            # (dipxl score refuses it: workbook/reader.py, check_layout).
            powers = ",".join(f'{plan.results}!$C${first + int(p)}="{p.title}"' for p in Power)
            ws.cell(row, column + 8).value = (
                f"=IF(AND(COUNTIF({plan.column_range('Round', first, last)},{rnd})=7,"
                f"COUNTIF({plan.column_range('Board', first, last)},{board})=7,{powers}),0,1)")
            row += 1
    end = row - 1

    def whole(k: int) -> str:
        return f"${c[k]}$3:${c[k]}${end}"

    def nth(k: int) -> str:
        return f"INDEX({whole(5)},MATCH({k},{whole(4)},0))"

    total = f"SUM({whole(2)})"
    left = f"MAX({whole(4)})"
    unknown = f"SUM({whole(6)})"
    last_round = f"MAX({whole(7)})"
    named = "&".join([nth(1)] + [f'IF({left}>={k},", "&{nth(k)},"")'
                                 for k in range(2, SHOWN + 1)])
    more = f'IF({left}>{SHOWN}," and "&({left}-{SHOWN})&" more","")'
    head = f'IF({last_round}>0,"after round "&{last_round}&": ","no round finished: ")'
    every = f'IF({total}=1,"the one board","all "&{total}&" boards")'
    boards = (f'IF({left}=0,IF({total}>0,{every}&" counted","no board counted"),'
              f'{total}&" of "&({total}+{left})&" boards counted; not counted: "&{named}&{more})')
    seats = (f'IF({unknown}>0,"; "&{unknown}&IF({unknown}=1," seat"," seats")&'
             '" whose player is not on Players (the workbook leaves them out)","")')
    moved = f"SUM({whole(8)})"
    where = f"MATCH(1,{whole(8)},0)"
    out_of_place = (f'IF({moved}>0,"; rows out of place in "&{moved}&IF({moved}=1," board",'
                    f'" boards")&" (first R"&INDEX({whole(0)},{where})&" B"&INDEX({whole(1)},'
                    f'{where})&"): keep every row in its place","")')
    below_rows = (f"COUNTA({plan.results}!${plan.col('Player')}${plan.last_row + 1}:"
                  f"${plan.col('Draw')}${plan.last_row + BELOW})")
    below = (f'IF({below_rows}>0,"; results below row {plan.last_row} are not read (make a '
             'workbook with more rounds or boards)","")')
    at = column + len(heads) + 1
    put_text(ws.cell(2, at), "counted")
    ws.cell(3, at).value = f"={head}&{boards}&{seats}&{out_of_place}&{below}"
    define_name(wb, "calc_counted", f"{CALC}!${column_letter(at)}$3")
