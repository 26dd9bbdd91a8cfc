"""Your Draw Size as worksheet formulas (the twin of
``dipxl.systems.your_draw_size``).

Won (a solo or a concession): the winner ``set_win``, everyone else 0.
Any other game: the points of the seat's centre band, looked up in the
step table ``bands`` of the Calc sheet (``your_draw_size.BANDS``: the
fewest centres of each band and its points).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from dipxl.systems.your_draw_size import BANDS
from dipxl.workbook.formulas import SCORE_KEY, Formulas, SeatRefs, no_tiebreakers, setting_name

__all__ = ["FORMULAS", "YourDrawSizeFormulas"]


class YourDrawSizeFormulas(Formulas):
    module = "yds-short"
    extra_columns = (SCORE_KEY,)
    note = no_tiebreakers("Your Draw Size")
    steps: Mapping[str, tuple[tuple[float, float], ...]] = MappingProxyType({"bands": BANDS})

    def seat(self, s: SeatRefs) -> dict[str, str]:
        band = f"INDEX(calc_bands_value,MATCH({s.cell('Centres')},calc_bands_key,1))"
        return {"Score": s.won_score(f"IF({s.winner},{setting_name('win')},0)", band)}


FORMULAS = YourDrawSizeFormulas()
