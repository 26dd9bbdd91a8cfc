"""Ranked Classic as worksheet formulas (the twin of
``dipxl.systems.ranked_classic``).

Draw: a survivor scores ``set_survival`` + ``set_centre_points`` x centres
+ rank points by its place: with ``p`` seats above its count and ``k`` on
it, ``set_positions_{p+1}`` alone (``calc_pos``), ``set_two_way_{p+1}``
when two, and three or more ``set_positions_{p+k}`` (``set_multi_way_lower``)
or ``set_two_way_{p+k-1}`` (v2); an eliminated seat its elimination year -
1901.  Won (a solo, or a concession: one seat marked Y while nobody holds
18): a seat on ``set_victory_centres`` or more ``set_solo``, another
survivor the solo year - 1901, an eliminated seat its year - 1901.
A board lacking an elimination year or a final year the rule needs is not
counted (:attr:`Formulas.needs`), as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.model import FIRST_YEAR
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    setting_rows,
    setting_true,
)
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_BEATEN_SURVIVORS

__all__ = ["FORMULAS", "RankedClassicFormulas"]


def two_way(index: str) -> str:
    """``set_two_way_<index>`` (1 to 7; a blank cell is 0)."""
    return f"INDEX({setting_rows('two_way')},{index})"


class RankedClassicFormulas(Formulas):
    module = "ranked-classic"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Ranked Classic")
    needs = (ELIMINATION_YEARS, YEAR_BEATEN_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        p = f'COUNTIF({blk},">"&{e})'
        k = f"COUNTIF({blk},{e})"
        many = (f"IF({setting_true('multi_way_lower')},INDEX(calc_pos,{p}+{k}),"
                f"{two_way(f'{p}+{k}-1')})")
        points = f"IF({k}=1,INDEX(calc_pos,{p}+1),IF({k}=2,{two_way(f'{p}+1')},{many}))"
        survived = f"{f}-{FIRST_YEAR}"
        draw = (f"IF({e}>0,{setting_name('survival')}+{setting_name('centre_points')}*{e}"
                f"+{points},{survived})")
        won = (f"IF({e}>={setting_name('victory_centres')},{setting_name('solo')},"
               f"IF({e}>0,{s.solo_year}-{FIRST_YEAR},{survived}))")
        return {"Score": s.won_score(won, draw)}


FORMULAS = RankedClassicFormulas()
