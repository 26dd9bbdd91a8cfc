"""Bangkok Pike as worksheet formulas (the twin of ``dipxl.systems.bangkok_pike``).

Won game (:attr:`SeatRefs.won`: a solo or a concession): the winner
``set_solo``, everyone else ``set_per_year`` x (year - 1900), the year its
elimination year or, for a survivor, the solo year (the game's Year, + 1
after a concession).  Draw: centres + the top bonus + ``set_survival`` for
a survivor, ``set_per_year`` x (elimination year - 1900) for an eliminated
power.  Top bonus: a lone topper ``set_sole_top``, + ``set_one_behind``
when no count is one below the top, + ``set_two_behind`` more when none is
two below either; a shared top ``set_shared_top`` each; one below the top
``set_one_behind``, two below ``set_two_behind``.  A board the rule cannot
score is not counted, its Score cells saying why: an eliminated power with
no elimination year, or a won game with survivors besides the winner and
no Year (:mod:`dipxl.workbook.formulas.needs`), as ``dipxl score`` refuses
them.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_WON_SURVIVORS

__all__ = ["FORMULAS", "BangkokPikeFormulas"]


class BangkokPikeFormulas(Formulas):
    module = "bangkok_pike"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Bangkok Pike")
    needs = (ELIMINATION_YEARS, YEAR_WON_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        top = s.top
        one, two = setting_name("one_behind"), setting_name("two_behind")
        per_year = setting_name("per_year")
        lone = (f"{setting_name('sole_top')}+IF(COUNTIF({blk},{top}-1)=0,"
                f"{one}+IF(COUNTIF({blk},{top}-2)=0,{two},0),0)")
        bonus = (f"IF({e}={top},IF(COUNTIF({blk},{top})>1,{setting_name('shared_top')},{lone}),"
                 f"IF({e}={top}-1,{one},IF({e}={top}-2,{two},0)))")
        draw = f"{e}+{bonus}+IF({e}>0,{setting_name('survival')},{per_year}*({f}-1900))"
        won = f"IF({s.winner},{setting_name('solo')},{per_year}*(IF({e}>0,{s.solo_year},{f})-1900))"
        return {"Score": s.won_score(won, draw)}


FORMULAS = BangkokPikeFormulas()
