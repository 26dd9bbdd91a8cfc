"""The inputs a rule needs on some boards, as worksheet formulas
(:class:`~dipxl.workbook.formulas.Need`): the twins list those of their
rule, in the order the rule checks them (``dipxl.systems.common``'s
``need_elimination_years``, ``need_year``, ``solo_year``).  A board that
lacks one is not counted, and its Score cells say which, where ``dipxl
score`` refuses it naming the cells.
"""

from __future__ import annotations

from dipxl.workbook.formulas import Need, SeatRefs, setting_name

__all__ = [
    "DRAWN_ELIMINATION_YEARS",
    "ELIMINATION_YEARS",
    "ELIMINATION_YEAR_NEEDED",
    "FINAL_YEAR_NEEDED",
    "YEAR_BEATEN_SURVIVORS",
    "YEAR_SOLO_SURVIVORS",
    "YEAR_WON_SURVIVORS",
]

ELIMINATION_YEAR_NEEDED = "elimination year needed"
FINAL_YEAR_NEEDED = "final year needed"


def _no_elimination_year(s: SeatRefs) -> str:
    """True when a seat of the board on 0 centres has no elimination year."""
    blk = s.block("Centres")
    return f'COUNTIF({blk},0)>COUNTIFS({blk},0,{s.block("Eliminated")},">0")'


def _no_final_year(s: SeatRefs) -> str:
    return f"COUNT({s.block('Year')})=0"


def _others_alive(s: SeatRefs) -> str:
    """True when a survivor besides the winner holds a centre (the winner
    holds one: a soloist, or the survivor a game is conceded to)."""
    return f'COUNTIF({s.block("Centres")},">0")>1'


# Every power on 0 centres has its elimination year, whatever the result.
ELIMINATION_YEARS = Need(_no_elimination_year, ELIMINATION_YEAR_NEEDED)

# In a drawn game (no solo, no concession), every power on 0 centres has its
# elimination year.
DRAWN_ELIMINATION_YEARS = Need(
    lambda s: f"AND(NOT({s.won}),{_no_elimination_year(s)})", ELIMINATION_YEAR_NEEDED)

# A won game (a solo or a concession) with survivors besides the winner
# gives its final year (they score by the solo year).
YEAR_WON_SURVIVORS = Need(
    lambda s: f"AND({s.won},{_others_alive(s)},{_no_final_year(s)})", FINAL_YEAR_NEEDED)

# A solo on centres (a concession is a draw here) with other survivors
# gives its final year.
YEAR_SOLO_SURVIVORS = Need(
    lambda s: f"AND({s.solo},{_others_alive(s)},{_no_final_year(s)})", FINAL_YEAR_NEEDED)

# A won game with a survivor below the victory count (after a concession,
# the winner itself) gives its final year.
YEAR_BEATEN_SURVIVORS = Need(
    lambda s: (f'AND({s.won},COUNTIFS({s.block("Centres")},">0",{s.block("Centres")},'
               f'"<"&{setting_name("victory_centres")})>0,{_no_final_year(s)})'),
    FINAL_YEAR_NEEDED)
