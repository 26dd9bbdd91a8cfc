"""Mischief as worksheet formulas (the twin of ``dipxl.systems.mischief``).

Won game (:attr:`SeatRefs.won`: a solo or a concession): the winner
``set_solo``, everyone else 0.  Draw: centres, + ``set_sole_top`` for a
lone topper, ``set_two_way_top`` each when two share the top, nothing when
three or more do.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "MischiefFormulas"]


class MischiefFormulas(Formulas):
    module = "mischief"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Mischief")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        top = s.top
        toppers = f"COUNTIF({s.block('Centres')},{top})"
        bonus = (f"IF({toppers}=1,{setting_name('sole_top')},"
                 f"IF({toppers}=2,{setting_name('two_way_top')},0))")
        draw = f"{e}+IF({e}={top},{bonus},0)"
        won = f"IF({s.winner},{setting_name('solo')},0)"
        return {"Score": s.won_score(won, draw)}


FORMULAS = MischiefFormulas()
