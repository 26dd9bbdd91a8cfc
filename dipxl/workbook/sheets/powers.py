"""The Powers sheet: per power over the finished games, games, centres,
solos, eliminations, mean score and the best country (the best single game
with that power, found in passes the system's formula twin names)."""

from __future__ import annotations

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.model import Power
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.formulas import Formulas, Plan
from dipxl.workbook.layout import SHEETS
from dipxl.workbook.look import Look
from dipxl.workbook.sheets.styling import (
    blank_without_games,
    define_name,
    fit_columns,
    header_row,
    print_setup,
    put_text,
    style_columns,
    wrap_text,
)

__all__ = ["POWERS_HEADERS", "build"]

POWERS_HEADERS = (
    "Power",
    "Games",
    "Total centres",
    "Mean centres",
    "Solos",
    "Eliminations",
    "Mean score",
    "Best country",
    "Best score",
    "Holders",
)


def build(wb: Workbook, ws: Worksheet, plan: Plan, form: Formulas, look: Look) -> None:
    """One row per power, Austria to Turkey, then a note; every column
    formatted as its kind (``look``)."""
    headers = list(POWERS_HEADERS)
    htm = not form.per_game
    if htm:
        headers += ["Result total", "Power mean"]
    passes = list(form.best_passes)
    pass_cols = [f"Best pass {i}" for i in range(1, len(passes) + 1)]
    headers += [*pass_cols, "Best row"]
    header_row(ws, headers)
    letter = {h: column_letter(i) for i, h in enumerate(headers, start=1)}
    power = plan.column_range("Power")
    done = plan.column_range("Game done")
    rng = {h: plan.column_range(h) for h in ("Centres", "Score", "Player")}
    for i, pw in enumerate(Power):
        r = i + 2
        put_text(ws.cell(r, 1), pw.title)
        a = f"$A{r}"
        g = f"{letter['Games']}{r}"
        ws[g] = f"=COUNTIFS({power},{a},{done},1)"
        tc = f"{letter['Total centres']}{r}"
        ws[tc] = f"=SUMIFS({rng['Centres']},{power},{a},{done},1)"
        ws[f"{letter['Mean centres']}{r}"] = f'=IF({g}>0,{tc}/{g},"")'
        ws[f"{letter['Solos']}{r}"] = (
            f"=COUNTIFS({power},{a},{done},1,{rng['Centres']},"
            f'">="&{fx.setting_name("victory_centres")})'
        )
        ws[f"{letter['Eliminations']}{r}"] = f"=COUNTIFS({power},{a},{rng['Centres']},0,{done},1)"
        ws[f"{letter['Mean score']}{r}"] = (
            f'=IF({g}>0,SUMIFS({rng["Score"]},{power},{a},{done},1)/{g},"")'
        )
        if htm:
            rt = f"{letter['Result total']}{r}"
            ws[rt] = f"=SUMIFS({plan.column_range('Result')},{power},{a},{done},1)"
            ws[f"{letter['Power mean']}{r}"] = f'=IF({g}>0,{rt}/{g},"")'
        mask = f"({power}={a})*({done}=1)"
        conds: list[str] = []
        for kind, pc in zip(passes, pass_cols, strict=True):
            cell = f"{letter[pc]}{r}"
            if kind == "score":  # shifted to be positive; compared, never shown
                value = f"({plan.column_range(fx.SCORE_KEY)}-calc_floor)"
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*{value}))"
            elif kind == "gamekey":  # positive for every finished game
                value = plan.column_range("Game key")
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*{value}))"
            else:
                value = plan.column_range("Centres")
                ws[cell] = f"=SUMPRODUCT(MAX({mask}{''.join(conds)}*({value}+1)))-1"
            conds.append(f"*({value}={cell})")
        chosen = f"{mask}{''.join(conds)}"
        br = f"{letter['Best row']}{r}"
        ws[br] = f'=IF({g}>0,MATCH(1,INDEX({chosen},0),0),"")'
        ws[f"{letter['Best country']}{r}"] = f'=IF({g}>0,INDEX({rng["Player"]},{br}),"")'
        ws[f"{letter['Best score']}{r}"] = f'=IF({g}>0,INDEX({rng["Score"]},{br}),"")'
        ws[f"{letter['Holders']}{r}"] = f'=IF({g}>0,SUMPRODUCT({chosen}),"")'
    if htm:
        define_name(
            wb,
            "htm_sums",
            column_span(letter["Result total"], 2, 8, SHEETS["powers"]),
        )
    define_name(wb, "power_names", column_span("A", 2, 8, SHEETS["powers"]))
    shown = [h for h in headers if h not in (*pass_cols, "Best row")]
    style_columns(ws, look, {i: h for i, h in enumerate(headers, start=1) if h in shown}, 8)
    for h in [*pass_cols, "Best row"]:
        ws.column_dimensions[letter[h]].hidden = True
    ws.column_dimensions[letter["Best country"]].width = 26
    fit_columns(ws, look, {i: h for i, h in enumerate(headers, start=1) if h in shown})
    blank_without_games(ws, 2, 2, len(shown), 8)
    note = ws.cell(10, 1)
    put_text(
        note,
        "Games: finished games. Best country: the best single game with that power "
        + (
            "(outcome, then points; dipxl score applies Detour's full comparison)."
            if "gamekey" in passes
            else "(highest score, then most centres)."
        )
        + " Holders: how many games share that best.",
    )
    last = len(shown)
    ws.merge_cells(start_row=10, start_column=1, end_row=10, end_column=last)
    width = sum(ws.column_dimensions[letter[h]].width for h in shown)
    wrap_text(ws, 10, 1, width)
    ws.freeze_panes = "B2"
    print_setup(ws, last, 10, landscape=width > 90)
