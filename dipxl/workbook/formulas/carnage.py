"""Carnage as worksheet formulas (the twin of ``dipxl.systems.carnage``,
and of Duct Tape V2, the same rule with other numbers).

``Rank key`` orders the seats for rank points: a survivor's centres x
``ABOVE_YEARS``; an eliminated seat 0, or with ``set_eliminated_by_year``
its elimination year (0 when blank), as ``carnage.standing``.  Draw:
``set_centre_points`` x centres + the rank points of the ranks the seat's
key occupies, shared equally (:func:`shared_points`), + for the seat on
the top count ``set_lead_bonus`` x (top - the second highest count, 0
when the top is shared or the seat survives alone: the second is then an
eliminated 0).  Won (a solo or a concession, :attr:`SeatRefs.won`): the
winner ``set_solo``, or when it is blank every rank point (``calc_cum``
row 8, the sum of ``set_positions_1..7``) + 34 x ``set_centre_points``;
everyone else ``set_solo_loss``.
"""

from __future__ import annotations

from dipxl.model import MAX_CENTRES
from dipxl.systems.carnage import ABOVE_YEARS
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
    setting_true,
    shared_points,
)

__all__ = ["FORMULAS", "CarnageFormulas", "by_year", "rank_key"]


def rank_key(s: SeatRefs, above: int, eliminated: str) -> str:
    """The Rank key cell of a rule ranking every survivor above every
    eliminated power: a survivor's centres x ``above``, an eliminated
    power's ``eliminated`` (a formula of its year, below ``above``); blank
    until the game is finished."""
    e = s.cell("Centres")
    return f'IF({s.done},IF({e}>0,{above}*{e},{eliminated}),"")'


def by_year() -> str:
    """True when Settings ranks eliminated powers by year."""
    return setting_true("eliminated_by_year")


class CarnageFormulas(Formulas):
    module = "carnage"
    extra_columns = (SCORE_KEY, "Rank key")
    note = no_tiebreakers("Carnage")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        f = s.cell("Eliminated")
        year = f"IF(AND({by_year()},ISNUMBER({f})),{f},0)"
        share = shared_points(s.block("Rank key"), s.cell("Rank key"))
        per_centre = setting_name("centre_points")
        solo = setting_name("solo")
        every = f"INDEX(calc_cum,8)+{MAX_CENTRES}*{per_centre}"
        won = (f"IF({s.winner},IF(ISNUMBER({solo}),{solo},{every}),"
               f"{setting_name('solo_loss')})")
        lead = (f"IF({e}={s.top},{setting_name('lead_bonus')}"
                f"*({s.top}-LARGE({s.block('Centres')},2)),0)")
        return {
            "Rank key": rank_key(s, ABOVE_YEARS, year),
            "Score": s.won_score(won, f"{per_centre}*{e}+{share}+{lead}"),
        }


FORMULAS = CarnageFormulas()
