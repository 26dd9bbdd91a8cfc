"""Whipping as worksheet formulas (the twin of ``dipxl.systems.whipping``).

An eliminated seat: its Eliminated year - 1900, whatever the result.
Solo (a count on ``set_victory_centres``; concessions are not read): the
soloist ``set_solo``, every other survivor the board's Year - 1900.  Draw:
a survivor ``set_per_centre`` x centres + ``set_survivors_share`` / the
survivors, and the seat on the top count, when no other seat holds it,
``set_top_factor`` x its centres.
A board lacking an elimination year or a final year the rule needs is not
counted (:attr:`Formulas.needs`), as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.systems.whipping import BASE_YEAR
from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_SOLO_SURVIVORS

__all__ = ["FORMULAS", "WhippingFormulas"]


class WhippingFormulas(Formulas):
    module = "whipping"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Whipping")
    needs = (ELIMINATION_YEARS, YEAR_SOLO_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        c = s.cell("Centres")
        blk = s.block("Centres")
        dead = f"{s.cell('Eliminated')}-{BASE_YEAR}"
        solo = f"IF({c}={s.top},{setting_name('solo')},IF({c}>0,{s.year}-{BASE_YEAR},{dead}))"
        alone = f"AND({c}={s.top},COUNTIF({blk},{s.top})=1)"
        draw = (f"IF({c}>0,{setting_name('per_centre')}*{c}"
                f"+{setting_name('survivors_share')}/COUNTIF({blk},\">0\")"
                f"+IF({alone},{setting_name('top_factor')}*{c},0),{dead})")
        return {"Score": s.score(solo, draw)}


FORMULAS = WhippingFormulas()
