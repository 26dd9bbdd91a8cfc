"""Sum of Squares as worksheet formulas (the twin of
``dipxl.systems.sumofsquares``).

Won (a solo or a concession): the winner ``set_win``, everyone else 0.
Draw: ``set_draw_total``
x the seat's centres squared / the sum of the squares of the game's seven
counts (``SUMPRODUCT`` of the Centres block with itself).
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "SumOfSquaresFormulas"]


class SumOfSquaresFormulas(Formulas):
    module = "sumofsquares"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Sum of Squares")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        blk = s.block("Centres")
        draw = f"{setting_name('draw_total')}*({e}*{e})/SUMPRODUCT({blk},{blk})"
        return {"Score": s.won_score(f"IF({s.winner},{setting_name('win')},0)", draw)}


FORMULAS = SumOfSquaresFormulas()
