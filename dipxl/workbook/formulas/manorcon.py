"""ManorCon as worksheet formulas (the twin of ``dipxl.systems.manorcon``).

Won game (:attr:`SeatRefs.won`: a count on ``set_victory_centres`` or a
concession): the winner ``set_solo``; another survivor ``set_year_points``
x (solo year - 1901), the solo year being the board's Year, plus 1 after a
concession (the vote's year); an eliminated seat ``set_year_points`` x
(its Eliminated year - 1901), in a draw too.  Draw: a survivor 100 x N /
the sum of N, with N = c*c + 4c + 16 for a survivor and ``set_dead_n`` for
an eliminated seat; the sum is ``SUMPRODUCT`` of the Centres block with
itself + 4 x its sum + 16 a survivor + ``set_dead_n`` an eliminated seat.
A board lacking an elimination year or a final year the rule needs is not
counted (:attr:`Formulas.needs`), as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.systems.manorcon import BASE_YEAR
from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_WON_SURVIVORS

__all__ = ["FORMULAS", "ManorConFormulas"]


class ManorConFormulas(Formulas):
    module = "manorcon"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("ManorCon")
    needs = (ELIMINATION_YEARS, YEAR_WON_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        c = s.cell("Centres")
        blk = s.block("Centres")
        per_year = setting_name("year_points")
        dead = f"{per_year}*({s.cell('Eliminated')}-{BASE_YEAR})"
        won = (f"IF({s.winner},{setting_name('solo')},"
               f"IF({c}>0,{per_year}*({s.solo_year}-{BASE_YEAR}),{dead}))")
        total = (f"SUMPRODUCT({blk},{blk})+4*SUM({blk})+16*COUNTIF({blk},\">0\")"
                 f"+{setting_name('dead_n')}*COUNTIF({blk},0)")
        draw = f"IF({c}>0,100*({c}*{c}+4*{c}+16)/({total}),{dead})"
        return {"Score": s.won_score(won, draw)}


FORMULAS = ManorConFormulas()
