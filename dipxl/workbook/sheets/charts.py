"""The Charts sheet: the top of the standings and the mean centres of each
power, as bar charts over the Standings and Powers sheets."""

from __future__ import annotations

from openpyxl.chart import BarChart, Reference
from openpyxl.chart.data_source import AxDataSource, NumFmt, StrRef
from openpyxl.worksheet.worksheet import Worksheet

from dipxl.workbook.formulas import Plan
from dipxl.workbook.layout import SHEETS
from dipxl.workbook.sheets.styling import print_setup

__all__ = ["build"]

# Each chart's size in cm: both fit one portrait page, one above the other.
WIDTH, HEIGHT = 16.0, 10.0


def _text_categories(chart: BarChart) -> None:
    """Categories read from text cells (player and power names) as a string
    reference (``strRef``), which is what they are; openpyxl's
    ``set_categories`` writes every reference as numbers (``numRef``)."""
    for series in chart.series:
        series.cat = AxDataSource(strRef=StrRef(f=series.cat.numRef.f))


def _plain(chart: BarChart) -> None:
    """Value axis numbers as plain numbers (not in the format of the cells
    the values come from: ``14.0000``), category labels at the low end of
    the value axis (clear of negative bars), no legend, the page's size."""
    chart.y_axis.numFmt = NumFmt(formatCode="General", sourceLinked=False)
    chart.x_axis.tickLblPos = "low"
    chart.legend = None
    chart.width = WIDTH
    chart.height = HEIGHT


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
    chart.y_axis.crosses = "max"  # the score axis below the bars, by its title
    _plain(chart)
    ws.add_chart(chart, "A1")
    means = BarChart()
    means.title = "Mean centres per power"
    means.y_axis.title = "Centres"
    data = Reference(powers, min_col=4, min_row=1, max_row=8)
    cats = Reference(powers, min_col=1, min_row=2, max_row=8)
    means.add_data(data, titles_from_data=True)
    means.set_categories(cats)
    _text_categories(means)
    _plain(means)
    ws.add_chart(means, "A22")
    # The page: the cells under both charts (20 rows each and a gap).
    print_setup(ws, 10, 42, landscape=False, titles=False)
