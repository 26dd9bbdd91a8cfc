"""OpenTribute as worksheet formulas (the twin of ``dipxl.systems.opentribute``).

Won (a solo or a concession): the winner ``set_solo``, everyone else 0.
Draw, L the top count: a survivor ``set_base`` + ``set_per_centre`` x
centres - (L - centres); a survivor on L adds INT(T / n^2), n powers on L
and T = 7 x L - the board's centres (every power pays L minus its
centres); the eliminated 0.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "OpenTributeFormulas"]


class OpenTributeFormulas(Formulas):
    module = "opentribute"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("OpenTribute")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e, block, top = s.cell("Centres"), s.block("Centres"), s.top
        toppers = f"COUNTIF({block},{top})"
        tribute = f"(7*{top}-SUM({block}))"
        own = f"{setting_name('base')}+{setting_name('per_centre')}*{e}-({top}-{e})"
        draw = f"IF({e}=0,0,{own}+IF({e}={top},INT({tribute}/({toppers}*{toppers})),0))"
        won = f"IF({s.winner},{setting_name('solo')},0)"
        return {"Score": s.won_score(won, draw)}


FORMULAS = OpenTributeFormulas()
