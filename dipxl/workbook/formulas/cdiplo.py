"""C-Diplo as worksheet formulas (the twin of ``dipxl.systems.cdiplo``).

Solo: the soloist ``set_solo``, everyone else ``set_solo_loss``.  Draw:
``set_played`` + centres + the position points of the positions the seat's
centre count occupies, shared equally (:func:`shared_points`).
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    Seat,
    rounded,
    setting_name,
    shared_points,
)

__all__ = ["FORMULAS", "CDiploFormulas"]


class CDiploFormulas(Formulas):
    module = "cdiplo"
    extra_columns = (SCORE_KEY,)
    note = (
        "C-Diplo has no tie-breakers: players level on score share the rank "
        "(1, 2, 2, 4), in these formulas and in dipxl score alike."
    )

    def seat(self, s: Seat) -> dict[str, str]:
        e = s.cell("Centres")
        draw = f"{setting_name('played')}+{e}+{shared_points(s.block('Centres'), e)}"
        solo = f"IF({e}={s.top},{setting_name('solo')},{setting_name('solo_loss')})"
        return {"Score": f'IF({s.done},{rounded(f"IF({s.solo},{solo},{draw})")},{s.unscored})'}


FORMULAS = CDiploFormulas()
