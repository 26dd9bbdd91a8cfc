"""Solo or bust as worksheet formulas (the twin of ``dipxl.systems.solo_or_bust``).

Won (a solo or a concession): the winner ``set_win``, everyone else 0.
Any other game: 0 for everyone.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "SoloOrBustFormulas"]


class SoloOrBustFormulas(Formulas):
    module = "solo-or-bust"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Solo or bust")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        return {"Score": s.won_score(f"IF({s.winner},{setting_name('win')},0)", "0")}


FORMULAS = SoloOrBustFormulas()
