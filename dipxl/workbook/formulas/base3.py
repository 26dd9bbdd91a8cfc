"""Base 3 as worksheet formulas (the twin of ``dipxl.systems.base3``).

Won game (:attr:`SeatRefs.won`: a solo or a concession): the winner
``set_solo``, everyone else 0.  Draw: a survivor ``set_survival`` +
centres, an eliminated power 0; each of the n seats on the top count adds
``set_top_bonus`` / ``set_top_divisor`` ^ (n - 1).
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "Base3Formulas"]


class Base3Formulas(Formulas):
    module = "base3"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Base 3")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        top = s.top
        toppers = f"COUNTIF({s.block('Centres')},{top})"
        bonus = f"{setting_name('top_bonus')}/{setting_name('top_divisor')}^({toppers}-1)"
        draw = f"IF({e}>0,{setting_name('survival')}+{e},0)+IF({e}={top},{bonus},0)"
        won = f"IF({s.winner},{setting_name('solo')},0)"
        return {"Score": s.won_score(won, draw)}


FORMULAS = Base3Formulas()
