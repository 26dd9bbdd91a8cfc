"""Southern Sun as worksheet formulas (the twin of ``dipxl.systems.southern_sun``).

``Rank share``: a survivor's share of the rank points of the ranks its
centre count occupies (:func:`shared_points` over the Centres block: the
eliminated, on 0, are never above a survivor), 0 for an eliminated seat.
The Score rounds it half to even as Python's ``round()`` does
(:func:`half_even`; Excel's ROUND alone would give 73 for 72.5).  Won (a
solo or a concession): the winner ``set_solo``, everyone else 0.  Draw: a
survivor ``set_survived`` + ``set_per_centre`` x centres + the rounded
share; an eliminated seat ``set_per_year`` x (elimination year - 1900).
A drawn game with an eliminated seat and no elimination year is not
counted (:data:`~dipxl.workbook.formulas.needs.DRAWN_ELIMINATION_YEARS`),
as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.model import FIRST_YEAR
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    shared_points,
)
from dipxl.workbook.formulas.needs import DRAWN_ELIMINATION_YEARS

__all__ = ["FORMULAS", "SouthernSunFormulas", "half_even"]


def half_even(x: str) -> str:
    """``x`` rounded to a whole number, a half to the even neighbour (as
    Python's ``round()``): MOD(x, 2) is 0.5 for ..., -1.5, 0.5, 2.5, ...
    (down to even) and 1.5 for ..., -0.5, 1.5, 3.5, ... (up to even)."""
    return f"IF(MOD({x},2)=0.5,{x}-0.5,IF(MOD({x},2)=1.5,{x}+0.5,ROUND({x},0)))"


class SouthernSunFormulas(Formulas):
    module = "southern-sun"
    extra_columns = (SCORE_KEY, "Rank share")
    note = no_tiebreakers("Southern Sun")
    needs = (DRAWN_ELIMINATION_YEARS,)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        share = shared_points(s.block("Centres"), e)
        survivor = (f"{setting_name('survived')}+{setting_name('per_centre')}*{e}"
                    f"+{half_even(s.cell('Rank share'))}")
        dead = f"{setting_name('per_year')}*({f}-{FIRST_YEAR - 1})"
        draw = f"IF({e}>0,{survivor},{dead})"
        return {
            "Rank share": f'IF({s.done},IF({e}>0,{share},0),"")',
            "Score": s.won_score(f"IF({s.winner},{setting_name('solo')},0)", draw),
        }


FORMULAS = SouthernSunFormulas()
