"""Bangkok (and Olympic) as worksheet formulas (the twin of ``dipxl.systems.bangkok``).

Won game (:attr:`SeatRefs.won`: a solo or a concession): the winner
``set_solo``, everyone else ``set_loser_per_centre`` x centres.  Draw:
centres + ``set_survival`` for a survivor, ``set_per_year`` x (elimination
year - 1901) for an eliminated power, + ``set_domination`` x the seat's
domination shares / the game's shares (``set_top_shares`` on the top count,
``set_one_behind_shares`` one behind, ``set_two_behind_shares`` two behind).
A drawn game with an eliminated power and no elimination year is not
counted (:data:`~dipxl.workbook.formulas.needs.DRAWN_ELIMINATION_YEARS`), as
``dipxl score`` refuses it.
"""

from __future__ import annotations

from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name
from dipxl.workbook.formulas.needs import DRAWN_ELIMINATION_YEARS

__all__ = ["FORMULAS", "BangkokFormulas"]


class BangkokFormulas(Formulas):
    module = "bangkok"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Bangkok")
    needs = (DRAWN_ELIMINATION_YEARS,)

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        blk = s.block("Centres")
        top = s.top
        top_s, one_s, two_s = (setting_name(f"{k}_shares") for k in ("top", "one_behind",
                                                                     "two_behind"))
        shares = f"IF({e}={top},{top_s},IF({e}={top}-1,{one_s},IF({e}={top}-2,{two_s},0)))"
        total = (f"(COUNTIF({blk},{top})*{top_s}+COUNTIF({blk},{top}-1)*{one_s}"
                 f"+COUNTIF({blk},{top}-2)*{two_s})")
        base = (f"IF({e}>0,{e}+{setting_name('survival')},"
                f"{setting_name('per_year')}*({f}-1901))")
        draw = f"{base}+{setting_name('domination')}*{shares}/{total}"
        won = (f"IF({s.winner},{setting_name('solo')},"
               f"{setting_name('loser_per_centre')}*{e})")
        return {"Score": s.won_score(won, draw)}


FORMULAS = BangkokFormulas()
