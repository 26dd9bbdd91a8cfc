"""Bangkok Pike as worksheet formulas (the twin of ``dipxl.systems.bangkok_pike``).

Won game (:attr:`SeatRefs.won`: a solo or a concession): the winner
``set_solo``, everyone else ``set_per_year`` x (year - 1900), the year its
elimination year or, for a survivor, the solo year (the game's Year, + 1
after a concession).  Draw: centres + the top bonus + ``set_survival`` for
a survivor, ``set_per_year`` x (elimination year - 1900) for an eliminated
power.  Top bonus: a lone topper ``set_sole_top``, + ``set_one_behind``
when no count is one below the top, + ``set_two_behind`` more when none is
two below either; a shared top ``set_shared_top`` each; one below the top
``set_one_behind``, two below ``set_two_behind``.  A game the rule cannot
score is not scored, its Score cells saying why: an eliminated power with
no elimination year (:data:`~dipxl.workbook.formulas.bangkok.YEAR_NEEDED`),
or a won game with survivors besides the winner and no Year
(:data:`FINAL_YEAR_NEEDED`), as ``dipxl score`` refuses them.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.bangkok import YEAR_NEEDED, checked_key, no_elimination_year

__all__ = ["FINAL_YEAR_NEEDED", "FORMULAS", "BangkokPikeFormulas"]

# What the Score cells of a won game say when the final year is needed and
# not typed.
FINAL_YEAR_NEEDED = "final year needed"


class BangkokPikeFormulas(Formulas):
    module = "bangkok_pike"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Bangkok Pike")

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
        solo_year = f"({s.year}+IF({s.conceded},1,0))"
        won = f"IF({s.winner},{setting_name('solo')},{per_year}*(IF({e}>0,{solo_year},{f})-1900))"
        no_final = f'AND({s.won},COUNT({s.block("Year")})=0,COUNTIF({blk},">0")>1)'
        score = (f'IF(AND({s.done},{no_elimination_year(s)}),"{YEAR_NEEDED}",'
                 f'IF(AND({s.done},{no_final}),"{FINAL_YEAR_NEEDED}",{s.won_score(won, draw)}))')
        return {"Score": score, SCORE_KEY: checked_key(s)}


FORMULAS = BangkokPikeFormulas()
