"""Maxonian as worksheet formulas (the twin of ``dipxl.systems.maxonian``).

The chart is read from the Results columns 1901 ... 1920 (``CHART_HEADERS``).
A seat's place key is its final count, then its counts of the earlier
years, latest first (a year at or after the game's final year, where one
is typed, counts as blank; a blank year is blank for all seven, so it
changes no comparison: skipped, as the engine skips it).  The key's 21
digits (counts 0-34, base 35) are held in three numbers of at most seven
digits each (``Chart key 1..3``, exact in a double), compared in turn:
the seats above a seat are those with a greater first key, or an equal
first and a greater second, or ...; the seats with all three keys equal
share the points of the places they occupy together (``calc_cum``, from
``set_positions_1..7``).  Bonus: ``MIN(centres, set_victory_centres) -
set_threshold`` when positive, to every power in a draw, to the winner
alone after a solo or a concession.

``Chart flag`` marks, per seat, a tie on final centres (10) and a chart
count of the final year that differs from the final centres (1); the
``Chart check`` of the game says why the engine would refuse the board
(text in a chart cell, a year partly entered, a count after the final
year, a final-year count that differs), and the Score cells then say it
instead of a number.  A tie on centres that no earlier year breaks is
shared, as the engine shares it (with a warning there).
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    TEXT_ENTRY,
    Formulas,
    SeatRefs,
    no_tiebreakers,
    setting_name,
)
from dipxl.workbook.layout import CHART_HEADERS

__all__ = ["FORMULAS", "MaxonianFormulas"]

BASE = 35  # counts 0-34: one digit each
YEARS = [int(h) for h in reversed(CHART_HEADERS)]  # latest first
# The digits of each key after the final count: 6, 7 and 7 years.
SPLIT = (YEARS[:6], YEARS[6:13], YEARS[13:])
KEYS = ("Chart key 1", "Chart key 2", "Chart key 3")


def _earlier(year: int, final: str) -> str:
    """True when chart year ``year`` is before the game's final year (every
    year when no final year is typed: ``final`` is 0)."""
    return f"OR({final}=0,{year}<{final})"


def _digits(s: SeatRefs, years: list[int], final: str, first: str = "") -> str:
    """The number whose base-35 digits are ``first`` (a count) and this
    seat's counts of ``years`` (0 where blank or not earlier)."""
    size = len(years) + (1 if first else 0)
    terms = [f"{first}*{BASE ** (size - 1)}"] if first else []
    for k, year in enumerate(years, start=size - len(years)):
        power = BASE ** (size - 1 - k)
        digit = f"IF({_earlier(year, final)},N({s.cell(str(year))}),0)"
        terms.append(f"{digit}*{power}" if power != 1 else digit)
    return "+".join(terms)


def _check(s: SeatRefs) -> str:
    """The game's chart problem as text, "" when none."""
    final = s.year
    first, last = s.block(CHART_HEADERS[0]), s.block(CHART_HEADERS[-1])
    chart = f"{first.split(':')[0]}:{last.split(':')[1]}"
    partial = "+".join(
        f"(COUNT({s.block(str(y))})>0)*(COUNT({s.block(str(y))})<7)*{_earlier(y, final)}"
        for y in YEARS)
    after = "+".join(f"({y}>{final})*COUNT({s.block(str(y))})" for y in YEARS)
    flags = f"SUM({s.block('Chart flag')})"
    return (
        f'IF(COUNTA({chart})>COUNT({chart}),"{TEXT_ENTRY}",'
        f'IF(({partial})>0,"chart: a year partly entered",'
        f'IF(AND({final}>0,({after})>0),"chart: a count after the final year",'
        f'IF(MOD({flags},10)>0,"chart: the final year differs from Centres",'
        '""))))'
    )


class MaxonianFormulas(Formulas):
    module = "maxonian"
    extra_columns = (SCORE_KEY, *KEYS, "Chart flag", "Chart check")
    note = no_tiebreakers("Maxonian")

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        final = s.year
        cells = {
            key: f'IF({s.done},{_digits(s, years, final, e if n == 0 else "")},"")'
            for n, (key, years) in enumerate(zip(KEYS, SPLIT, strict=True))
        }
        k1, k2, k3 = (s.cell(k) for k in KEYS)
        b1, b2, b3 = (s.block(k) for k in KEYS)
        above = (f'COUNTIF({b1},">"&{k1})+COUNTIFS({b1},{k1},{b2},">"&{k2})'
                 f'+COUNTIFS({b1},{k1},{b2},{k2},{b3},">"&{k3})')
        n = f"COUNTIFS({b1},{k1},{b2},{k2},{b3},{k3})"
        points = f"(INDEX(calc_cum,{above}+{n}+1)-INDEX(calc_cum,{above}+1))/{n}"
        bonus = (f"MAX(0,MIN({e},{setting_name('victory_centres')})"
                 f"-{setting_name('threshold')})")
        won = f"{points}+IF({s.winner},{bonus},0)"
        # The final year's count of this seat's row, where typed.
        row = f"{s.cell(CHART_HEADERS[0])}:{s.cell(CHART_HEADERS[-1])}"
        at = f"INDEX({row},1,{final}-{int(CHART_HEADERS[0]) - 1})"
        in_chart = f"AND({final}>={CHART_HEADERS[0]},{final}<={CHART_HEADERS[-1]})"
        differs = f"IF({in_chart},IF(ISNUMBER({at}),{at}<>{e},FALSE),FALSE)"
        check = s.cell("Chart check")
        cells["Chart flag"] = (
            f'IF({s.done},10*(COUNTIF({s.block("Centres")},{e})>1)+IF({differs},1,0),"")')
        cells["Chart check"] = f'IF({s.done},{_check(s)},"")'
        cells["Score"] = (f'IF(AND({s.done},{check}<>""),{check},'
                          f"{s.won_score(won, f'{points}+{bonus}')})")
        return cells


FORMULAS = MaxonianFormulas()
