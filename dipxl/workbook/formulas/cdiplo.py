"""C-Diplo as worksheet formulas (the twin of ``dipxl.systems.cdiplo``).

Solo: the soloist ``set_solo``, everyone else ``set_solo_loss``.  Draw:
``set_played`` + centres + the position points of the positions the seat's
centre count occupies, shared equally (:func:`shared_points`).
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    shared_points,
)

__all__ = ["FORMULAS", "CDiploFormulas"]


class CDiploFormulas(Formulas):
    module = "cdiplo"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("C-Diplo")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        draw = f"{setting_name('played')}+{e}+{shared_points(s.block('Centres'), e)}"
        solo = s.soloist(setting_name("solo"), setting_name("solo_loss"))
        return {"Score": s.score(solo, draw)}


FORMULAS = CDiploFormulas()
