"""Sum of Squares as worksheet formulas (the twin of
``dipxl.systems.sumofsquares``).

Solo: the soloist ``set_win``, everyone else 0.  Draw: ``set_draw_total``
x the seat's centres squared / the sum of the squares of the game's seven
counts (``SUMPRODUCT`` of the Centres block with itself).
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, Seat, rounded, setting_name

__all__ = ["FORMULAS", "SumOfSquaresFormulas"]


class SumOfSquaresFormulas(Formulas):
    module = "sumofsquares"
    extra_columns = (SCORE_KEY,)
    note = (
        "Sum of Squares has no tie-breakers: players level on score share the rank "
        "(1, 2, 2, 4), in these formulas and in dipxl score alike."
    )

    def seat(self, s: Seat) -> dict[str, str]:
        e = s.cell("Centres")
        blk = s.block("Centres")
        draw = f"{setting_name('draw_total')}*({e}*{e})/SUMPRODUCT({blk},{blk})"
        solo = f"IF({e}={s.top},{setting_name('win')},0)"
        return {"Score": f'IF({s.done},{rounded(f"IF({s.solo},{solo},{draw})")},{s.unscored})'}


FORMULAS = SumOfSquaresFormulas()
