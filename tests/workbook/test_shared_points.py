"""``formulas.shared_points``, the worksheet twin of ``ranking.position_points``
with shared ties, judged by LibreOffice: boards of seven values (ties,
zeros, all equal) under position points of one to seven places; each cell's
formula must give what the engine gives the value it holds."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from lo import recalculate, soffice_path
from openpyxl import Workbook, load_workbook

from dipxl.ranking import TieShare, position_points
from dipxl.workbook.formulas import shared_points
from dipxl.workbook.sheets.styling import define_name

pytestmark = pytest.mark.skipif(soffice_path() is None, reason="LibreOffice not installed")

# (values of one board, position points of 1st, 2nd, ...)
CASES: list[tuple[tuple[int, ...], tuple[float, ...]]] = [
    ((10, 8, 8, 4, 2, 1, 1), (38, 14, 7)),            # C-Diplo's worked example
    ((10, 10, 10, 4, 0, 0, 0), (38, 14, 7)),          # three share 1st to 3rd
    ((0, 0, 0, 0, 0, 0, 34), (38, 14, 7)),            # six share nothing
    ((5, 5, 5, 5, 5, 5, 4), (7000, 6000, 5000, 4000, 3000, 2000, 1000)),
    ((3, 3, 3, 3, 3, 3, 3), (7000, 6000, 5000, 4000, 3000, 2000, 1000)),
    ((9, 0, 7, 0, 7, 6, 5), (7000, 6000, 5000, 4000, 3000, 2000, 1000)),
    ((1990, 0, 1905, 1905, 1901, 0, 2000), (4, 3, 2, 1)),
]
rng = random.Random(8)
CASES += [
    (tuple(rng.choice((0, 0, 1, 2, 3, 5, 8)) for _ in range(7)),
     tuple(float(rng.randint(0, 50)) for _ in range(rng.randint(1, 7))))
    for _ in range(12)
]


def test_shared_points_are_the_engine_s_shares(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Sheet"
    # Running sums of the position points, 0 first: column A of each case's rows.
    for k, (values, positions) in enumerate(CASES):
        top = 1 + 9 * k
        cum = [0.0]
        for p in (*positions, *[0.0] * (7 - len(positions))):
            cum.append(cum[-1] + p)
        for i, c in enumerate(cum):
            ws.cell(top + i, 1, c)
        for i, v in enumerate(values):
            ws.cell(top + i, 2, v)
    for k, _ in enumerate(CASES):
        top = 1 + 9 * k
        define_name(wb, f"case{k}_cum", f"Sheet!$A${top}:$A${top + 7}")
    for k, _ in enumerate(CASES):
        top = 1 + 9 * k
        block = f"$B${top}:$B${top + 6}"
        for i in range(7):
            text = shared_points(block, f"B{top + i}").replace("calc_cum", f"case{k}_cum")
            ws.cell(top + i, 3, f"={text}")
    source = tmp_path / "shared.xlsx"
    wb.save(source)
    got = load_workbook(recalculate(source, tmp_path / "out"), data_only=True)["Sheet"]
    for k, (values, positions) in enumerate(CASES):
        top = 1 + 9 * k
        want = position_points(values, positions, TieShare.SHARE)
        for i, v in enumerate(values):
            cell = got.cell(top + i, 3).value
            assert isinstance(cell, int | float), (values, positions, i, cell)
            assert math.isclose(cell, want[v], rel_tol=1e-12, abs_tol=1e-9), \
                (values, positions, i, cell, want[v])
