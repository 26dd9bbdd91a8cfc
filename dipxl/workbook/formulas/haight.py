"""Haight v1.0 as worksheet formulas (the twin of ``dipxl.systems.haight``).

``Rank key`` orders the seats of a drawn game: a survivor's centres x
``ABOVE_YEARS``, an eliminated seat's elimination year - 1901, as
``haight.rank_key``.  Draw: 10 a centre (``set_centre_points``) for a
survivor, elimination year - 1900 for an eliminated seat, + the rank points
of the *lowest* place the key occupies (``INDEX(calc_pos, seats on that key
or more)``) + for the sole board topper ``set_lead`` x (its centres - the
second key as centres: a survivor's count, an eliminated seat's
(year - 1901) / 100).  Won (a solo, or a concession: one seat marked Y
while nobody holds 18): a seat on ``set_victory_centres`` or more
``set_solo``, another survivor MAX(``set_loser_centres`` x centres, solo
year - 1900), an eliminated seat its year - 1900.
A board lacking an elimination year or a final year the rule needs is not
counted (:attr:`Formulas.needs`), as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.model import FIRST_YEAR
from dipxl.systems.haight import ABOVE_YEARS
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
)
from dipxl.workbook.formulas.carnage import rank_key
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_BEATEN_SURVIVORS

__all__ = ["FORMULAS", "HaightFormulas"]


class HaightFormulas(Formulas):
    module = "haight"
    extra_columns = (SCORE_KEY, "Rank key")
    note = no_tiebreakers("Haight")
    needs = (ELIMINATION_YEARS, YEAR_BEATEN_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        key = s.cell("Rank key")
        keys = s.block("Rank key")
        position = f'INDEX(calc_pos,COUNTIF({keys},">="&{key}))'
        second = f"LARGE({keys},2)"
        second_centres = f"IF({second}>={ABOVE_YEARS},{second}/{ABOVE_YEARS},{second}/100)"
        sole = f"AND({e}={s.top},COUNTIF({blk},{e})=1)"
        lead = f"IF({sole},{setting_name('lead')}*({e}-{second_centres}),0)"
        played = f"{f}-1900"
        draw = f"IF({e}>0,{setting_name('centre_points')}*{e},{played})+{position}+{lead}"
        beaten = f"MAX({setting_name('loser_centres')}*{e},{s.solo_year}-1900)"
        won = (f"IF({e}>={setting_name('victory_centres')},{setting_name('solo')},"
               f"IF({e}>0,{beaten},{played}))")
        return {
            "Rank key": rank_key(s, ABOVE_YEARS, f"{f}-{FIRST_YEAR}"),
            "Score": s.won_score(won, draw),
        }


FORMULAS = HaightFormulas()
