"""World Classic as worksheet formulas (the twin of ``dipxl.systems.world_classic``).

An eliminated seat: its Eliminated year - 1901, whatever the result.  Won
game (:attr:`SeatRefs.won`: a count on ``set_victory_centres`` or a
concession): the winner ``set_solo``; another survivor the solo year -
1901, the solo year being the board's Year, plus 1 after a concession (the
vote's year).  Draw: a survivor ``set_per_centre`` x centres +
``set_survived``, and a seat on the top count ``set_top_pool`` / the seats
on it, when ``set_top_sharers`` is blank or at least that many.
A board lacking an elimination year or a final year the rule needs is not
counted (:attr:`Formulas.needs`), as ``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.systems.world_classic import BASE_YEAR
from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.needs import ELIMINATION_YEARS, YEAR_WON_SURVIVORS

__all__ = ["FORMULAS", "WorldClassicFormulas"]


class WorldClassicFormulas(Formulas):
    module = "world_classic"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("World Classic")
    needs = (ELIMINATION_YEARS, YEAR_WON_SURVIVORS)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        c = s.cell("Centres")
        dead = f"{s.cell('Eliminated')}-{BASE_YEAR}"
        won = (f"IF({c}=0,{dead},IF({s.winner},{setting_name('solo')},"
               f"{s.solo_year}-{BASE_YEAR}))")
        toppers = f"COUNTIF({s.block('Centres')},{s.top})"
        sharers = setting_name("top_sharers")
        pooled = f"OR(NOT(ISNUMBER({sharers})),{toppers}<={sharers})"
        bonus = f"IF(AND({c}={s.top},{pooled}),{setting_name('top_pool')}/{toppers},0)"
        draw = (f"IF({c}=0,{dead},{setting_name('per_centre')}*{c}"
                f"+{setting_name('survived')}+{bonus})")
        return {"Score": s.won_score(won, draw)}


FORMULAS = WorldClassicFormulas()
