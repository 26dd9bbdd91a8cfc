"""Sydney League as worksheet formulas (the twin of ``dipxl.systems.sydney_league``).

``Rank key`` orders the seats for rank points as ``carnage.standing``: a
survivor's centres x ``ABOVE_YEARS``, an eliminated seat its elimination
year.  Every game is first scored as a draw: a survivor ``set_per_centre``
x centres, an eliminated seat ``set_per_year`` x (elimination year - 1900),
each + the rank points of the ranks its key occupies, shared equally
(:func:`shared_points`).  Won (a solo or a concession): the winner's draw
score x ``set_win_factor``, everyone else's x ``set_loss_factor``.  A game
with an eliminated seat and no elimination year is not counted
(:data:`~dipxl.workbook.formulas.needs.ELIMINATION_YEARS`), as ``dipxl
score`` refuses it.
"""

from __future__ import annotations

from dipxl.model import FIRST_YEAR
from dipxl.systems.carnage import ABOVE_YEARS
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    shared_points,
)
from dipxl.workbook.formulas.carnage import rank_key
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS

__all__ = ["FORMULAS", "SydneyLeagueFormulas"]


class SydneyLeagueFormulas(Formulas):
    module = "sydney-league"
    extra_columns = (SCORE_KEY, "Rank key")
    note = no_tiebreakers("Sydney League")
    needs = (ELIMINATION_YEARS,)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        key = s.cell("Rank key")
        share = shared_points(s.block("Rank key"), key)
        own = (f"IF({e}>0,{setting_name('per_centre')}*{e},"
               f"{setting_name('per_year')}*({f}-{FIRST_YEAR - 1}))")
        draw = f"({own}+{share})"
        factor = f"IF({s.winner},{setting_name('win_factor')},{setting_name('loss_factor')})"
        return {
            "Rank key": rank_key(s, ABOVE_YEARS, f"IF(ISNUMBER({f}),{f},0)"),
            "Score": s.won_score(f"{draw}*{factor}", draw),
        }


FORMULAS = SydneyLeagueFormulas()
