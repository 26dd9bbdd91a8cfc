"""OMG (Open Mind the Gap) as worksheet formulas (the twin of ``dipxl.systems.omg``).

``Own score``: ``set_per_centre`` x centres + ``set_survival`` for a
survivor + the position points of the places the seat's count occupies,
shared equally (:func:`shared_points`).  ``Tribute paid``: with one power
alone on the top count, MIN(gap to the second count, ``set_tribute_cap`` x
own score), else 0.  Won (a solo or a concession): the winner
``set_solo``, everyone else 0.  Draw: own score - tribute paid, and the
topper adds every seat's tribute paid (its own included).
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

__all__ = ["FORMULAS", "OmgFormulas"]

OWN = "Own score"
PAID = "Tribute paid"


class OmgFormulas(Formulas):
    module = "omg"
    extra_columns = (SCORE_KEY, OWN, PAID)
    note = no_tiebreakers("OMG")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e, block, top = s.cell("Centres"), s.block("Centres"), s.top
        alone = f"COUNTIF({block},{top})=1"
        gap = f"({top}-LARGE({block},2))"
        own = (f"{setting_name('per_centre')}*{e}+IF({e}>0,{setting_name('survival')},0)"
               f"+{shared_points(block, e)}")
        paid = f"IF({alone},MIN({gap},{setting_name('tribute_cap')}*{s.cell(OWN)}),0)"
        received = f"IF(AND({alone},{e}={top}),SUM({s.block(PAID)}),0)"
        draw = f"{s.cell(OWN)}-{s.cell(PAID)}+{received}"
        won = f"IF({s.winner},{setting_name('solo')},0)"
        drawn = f"AND({s.done},NOT({s.won}))"
        return {
            OWN: f'IF({drawn},{own},"")',
            PAID: f'IF({drawn},{paid},"")',
            "Score": s.won_score(won, draw),
        }


FORMULAS = OmgFormulas()
