"""The Charts sheet: the top of the standings and the mean centres of each
power, as bar charts over the Standings and Powers sheets."""

from __future__ import annotations

from openpyxl.chart import BarChart, Reference
from openpyxl.chart.data_source import AxDataSource, StrRef
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.workbook.formulas import Plan
from dipxl.workbook.layout import SHEETS

__all__ = ["build"]


def _text_categories(chart: BarChart) -> None:
    """Categories read from text cells (player and power names) as a string
    reference (``strRef``), which is what they are; openpyxl's
    ``set_categories`` writes every reference as numbers (``numRef``)."""
    for series in chart.series:
        series.cat = AxDataSource(strRef=StrRef(f=series.cat.numRef.f))


def build(ws: Worksheet, plan: Plan) -> None:
    """Two bar charts over the sheets Standings and Powers (built first)."""
    top = min(10, plan.players)
    standings = ws.parent[SHEETS["standings"]]
    powers = ws.parent[SHEETS["powers"]]
    chart = BarChart()
    chart.type = "bar"
    chart.title = f"Standings: top {top}"
    chart.y_axis.title = "Score"
    data = Reference(standings, min_col=3, min_row=1, max_row=top + 1)
    cats = Reference(standings, min_col=2, min_row=2, max_row=top + 1)
    chart.add_data(data, titles_from_data=True)
    chart.set_categories(cats)
    _text_categories(chart)
    chart.x_axis.scaling.orientation = "maxMin"
    chart.legend = None
    chart.height = 10
    chart.width = 20
    ws.add_chart(chart, "A1")
    means = BarChart()
    means.title = "Mean centres per power"
    means.y_axis.title = "Centres"
    data = Reference(powers, min_col=4, min_row=1, max_row=8)
    cats = Reference(powers, min_col=1, min_row=2, max_row=8)
    means.add_data(data, titles_from_data=True)
    means.set_categories(cats)
    _text_categories(means)
    means.legend = None
    means.height = 10
    means.width = 20
    ws.add_chart(means, "A22")
