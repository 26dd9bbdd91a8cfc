"""C-Diplo as worksheet formulas (the twin of ``dipxl.systems.cdiplo``).

Solo: the soloist ``set_solo``, everyone else ``set_solo_loss``.  Draw:
``set_played`` + the centre points of the seat's count (:func:`centre_points`)
+ the position points of the positions the seat's centre count occupies,
shared equally (:func:`shared_points`).
"""

from __future__ import annotations

from dipxl.systems.cdiplo import MAX_TABLE
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    setting_rows,
    shared_points,
)

__all__ = ["FORMULAS", "CDiploFormulas", "centre_points"]


def centre_points(centres: str) -> str:
    """The centre points of ``centres`` by the Settings rows
    ``set_centre_points_1..7`` (row k: the points of k - 1 centres; the
    table ends at its last filled row, blank rows before it are 0, none
    filled is a table of one 0), 1 more each centre past the table: the
    twin of ``cdiplo.centre_points`` as ``dipxl score`` reads those rows."""
    rows = [setting_name(f"centre_points_{k}") for k in range(1, MAX_TABLE + 1)]
    last = "MAX(1," + ",".join(f"{k}*(COUNTA({r})>0)" for k, r in enumerate(rows[1:], 2)) + ")"
    k = f"MIN({centres}+1,{last})"
    return f"(SUM(INDEX({setting_rows('centre_points')},{k}))+{centres}+1-{k})"


class CDiploFormulas(Formulas):
    module = "cdiplo"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("C-Diplo")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        draw = (f"{setting_name('played')}+{centre_points(e)}"
                f"+{shared_points(s.block('Centres'), e)}")
        solo = s.soloist(setting_name("solo"), setting_name("solo_loss"))
        return {"Score": s.score(solo, draw)}


FORMULAS = CDiploFormulas()
