"""Detour09 as worksheet formulas (the twin of ``dipxl.systems.detour09``).

Draw: ``Raw`` = centres + ``set_alive`` for a survivor + the points of the
*lowest* place the seat's count occupies (``INDEX(calc_pos, seats on that
count or more)``) + the sole topper's lead over the second count; Score =
Raw scaled so the game's Raw totals ``set_draw_total``, + survival points
for an eliminated seat.  Won (a solo, or a concession: one seat marked Y
while nobody holds 18): the winner ``set_win``, every other seat its
survival points, to its elimination year or, alive, to the solo year (the
Year cells' year, + 1 for a concession's vote).  Survival points:
``set_survival`` x MIN(``set_survival_years``, year - 1901).
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
)
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_WON_SURVIVORS

__all__ = ["FORMULAS", "Detour09Formulas"]


def survival(year: str) -> str:
    """The survival points of a seat out (or beaten) in ``year``."""
    return (f"{setting_name('survival')}*MIN({setting_name('survival_years')},"
            f"{year}-{FIRST_YEAR})")


class Detour09Formulas(Formulas):
    module = "detour09"
    extra_columns = (SCORE_KEY, "Raw")
    note = no_tiebreakers("Detour09")
    needs = (ELIMINATION_YEARS, YEAR_WON_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        position = f'INDEX(calc_pos,COUNTIF({blk},">="&{e}))'
        # The sole topper's lead: a seat below the top is at most the
        # second count, a shared top gives 0.
        lead = f"MAX(0,{e}-LARGE({blk},2))"
        alive = f"IF({e}>0,{setting_name('alive')},0)"
        raw = f'IF(AND({s.done},NOT({s.won})),{e}+{alive}+{position}+{lead},"")'
        scaled = f"{s.cell('Raw')}*{setting_name('draw_total')}/SUM({s.block('Raw')})"
        draw = f"{scaled}+IF({e}>0,0,{survival(f)})"
        won = (f"IF({s.winner},{setting_name('win')},"
               f"IF({e}>0,{survival(s.solo_year)},{survival(f)}))")
        return {"Raw": raw, "Score": s.won_score(won, draw)}


FORMULAS = Detour09Formulas()
