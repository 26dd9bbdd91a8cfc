"""Draw size as worksheet formulas (the twin of ``dipxl.systems.drawsize``).

Solo: the soloist ``set_win``, everyone else 0.  Draw: each member of the
draw (``In draw``: the seats marked Y where the board marks any, else every
survivor not marked N) ``set_draw_total`` / the number of members, everyone
else 0.
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    in_draw,
    no_tiebreakers,
    setting_name,
)

__all__ = ["FORMULAS", "DrawSizeFormulas"]


class DrawSizeFormulas(Formulas):
    module = "drawsize"
    extra_columns = (SCORE_KEY, "In draw")
    note = no_tiebreakers("Draw size")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        members = f"SUM({s.block('In draw')})"
        draw = f"IF({s.cell('In draw')}=1,{setting_name('draw_total')}/{members},0)"
        return {
            "Score": s.score(s.soloist(setting_name("win")), draw),
            "In draw": in_draw(s),
        }


FORMULAS = DrawSizeFormulas()
