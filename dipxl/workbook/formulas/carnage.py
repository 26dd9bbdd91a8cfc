"""Carnage as worksheet formulas (the twin of ``dipxl.systems.carnage``).

``Rank key`` orders the seats for rank points: a survivor's centres x
``ABOVE_YEARS``; an eliminated seat 0, or with ``set_eliminated_by_year``
its elimination year (0 when blank), as ``carnage.standing``.  Draw:
centres + the rank points of the ranks the seat's key occupies, shared
equally (:func:`shared_points`).  Solo: the soloist every rank point
(``calc_cum`` row 8, the sum of ``set_positions_1..7``) + 34, everyone else 0.
"""

from __future__ import annotations

from dipxl.model import MAX_CENTRES
from dipxl.systems.carnage import ABOVE_YEARS
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_true,
    shared_points,
)

__all__ = ["FORMULAS", "CarnageFormulas", "by_year"]


def by_year() -> str:
    """True when Settings ranks eliminated powers by year."""
    return setting_true("eliminated_by_year")


class CarnageFormulas(Formulas):
    module = "carnage"
    extra_columns = (SCORE_KEY, "Rank key")
    note = no_tiebreakers("Carnage")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        year = f"IF(AND({by_year()},ISNUMBER({f})),{f},0)"
        share = shared_points(s.block("Rank key"), s.cell("Rank key"))
        solo = s.soloist(f"INDEX(calc_cum,8)+{MAX_CENTRES}")
        return {
            "Rank key": f'IF({s.done},IF({e}>0,{ABOVE_YEARS}*{e},{year}),"")',
            "Score": s.score(solo, f"{e}+{share}"),
        }


FORMULAS = CarnageFormulas()
