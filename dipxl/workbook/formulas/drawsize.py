"""Draw size as worksheet formulas (the twin of ``dipxl.systems.drawsize``).

Solo: the soloist ``set_win``, everyone else 0.  Draw: each member of the
draw (``In draw``: the seats marked Y where the board marks any, else every
survivor not marked N) ``set_draw_total`` / the number of members, everyone
else 0.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, Seat, in_draw, rounded, setting_name

__all__ = ["FORMULAS", "DrawSizeFormulas"]


class DrawSizeFormulas(Formulas):
    module = "drawsize"
    extra_columns = (SCORE_KEY, "In draw")
    note = (
        "Draw size has no tie-breakers: players level on score share the rank "
        "(1, 2, 2, 4), in these formulas and in dipxl score alike."
    )

    def seat(self, s: Seat) -> dict[str, str]:
        e = s.cell("Centres")
        members = f"SUM({s.block('In draw')})"
        draw = f"IF({s.cell('In draw')}=1,{setting_name('draw_total')}/{members},0)"
        solo = f"IF({e}={s.top},{setting_name('win')},0)"
        return {
            "Score": f'IF({s.done},{rounded(f"IF({s.solo},{solo},{draw})")},{s.unscored})',
            "In draw": in_draw(s),
        }


FORMULAS = DrawSizeFormulas()
