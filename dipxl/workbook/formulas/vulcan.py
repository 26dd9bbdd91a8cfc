"""Vulcan as worksheet formulas (the twin of ``dipxl.systems.vulcan``).

Won (a solo or a concession): the winner ``set_solo``, other survivors
``set_solo_survival``, the eliminated 0.  Draw: a survivor on c centres
c + ``set_survival`` + c x (powers below c) - (their centres), and on the
top count ``set_top_bonus`` / (powers on it); the eliminated 0.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "VulcanFormulas"]


class VulcanFormulas(Formulas):
    module = "vulcan"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Vulcan")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e, block, top = s.cell("Centres"), s.block("Centres"), s.top
        below = f'{block},"<"&{e}'
        gaps = f"{e}*COUNTIF({below})-SUMIFS({block},{below})"
        bonus = f"IF({e}={top},{setting_name('top_bonus')}/COUNTIF({block},{top}),0)"
        draw = f"IF({e}=0,0,{e}+{setting_name('survival')}+{gaps}+{bonus})"
        survived = f"IF({e}>0,{setting_name('solo_survival')},0)"
        won = f"IF({s.winner},{setting_name('solo')},{survived})"
        return {"Score": s.won_score(won, draw)}


FORMULAS = VulcanFormulas()
