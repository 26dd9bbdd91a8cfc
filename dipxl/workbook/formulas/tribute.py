"""Tribute as worksheet formulas (the twin of ``dipxl.systems.tribute``).

Won (a solo or a concession): the winner ``set_solo``, everyone else 0.
Draw: a survivor its centres + ``set_survival`` / S (S survivors); a
survivor on the top count L adds b x (S - n) / n (n on L), any other pays
b = MIN(``set_survival`` / S, L - ``set_threshold``) when L is above
``set_threshold`` (else 0); the eliminated 0.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "TributeFormulas"]


class TributeFormulas(Formulas):
    module = "tribute"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Tribute")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e, block, top = s.cell("Centres"), s.block("Centres"), s.top
        survivors = f'COUNTIF({block},">0")'
        toppers = f"COUNTIF({block},{top})"
        share = f"{setting_name('survival')}/{survivors}"
        threshold = setting_name("threshold")
        tribute = f"IF({top}>{threshold},MIN({share},{top}-{threshold}),0)"
        paid = f"IF({e}={top},{tribute}*({survivors}-{toppers})/{toppers},-{tribute})"
        draw = f"IF({e}=0,0,{e}+{share}+{paid})"
        won = f"IF({s.winner},{setting_name('solo')},0)"
        return {"Score": s.won_score(won, draw)}


FORMULAS = TributeFormulas()
