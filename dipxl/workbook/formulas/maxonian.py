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
count of the final year that differs from the final centres (1).  A board
the engine refuses for its chart (a year partly entered, a count after the
final year, a final-year count that differs: :data:`CHECKS`; text in a
chart cell or a count outside 0-34, as every count) is not counted (Game
done is 0), and its Score cells and the Standings line of boards left out
say why instead of a number.  A tie on centres that no earlier year breaks
is shared, as the engine shares it (with a warning there).
"""

from __future__ import annotations

from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    Need,
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


def _partial(s: SeatRefs) -> str:
    """True when a finished game's chart has a year before the final year
    with some but not all seven counts."""
    final = s.year
    partial = "+".join(
        f"(COUNT({s.block(str(y))})>0)*(COUNT({s.block(str(y))})<7)*{_earlier(y, final)}"
        for y in YEARS)
    return f"AND(COUNT({s.block('Centres')})=7,({partial})>0)"


def _after(s: SeatRefs) -> str:
    """True when the chart has a count for a year after the final year."""
    final = s.year
    after = "+".join(f"({y}>{final})*COUNT({s.block(str(y))})" for y in YEARS)
    return f"AND({final}>0,({after})>0)"


def _differs(s: SeatRefs) -> str:
    """True when a finished game's chart count of the final year differs
    from a seat's final centres (``Chart flag``)."""
    return f"AND(COUNT({s.block('Centres')})=7,MOD(SUM({s.block('Chart flag')}),10)>0)"


# The chart's problems, as dipxl score refuses the board (text in a chart
# cell, or a count out of 0-34, is every system's check: SeatRefs.refused).
CHECKS = (
    Need(_partial, "chart: a year partly entered"),
    Need(_after, "chart: a count after the final year"),
    Need(_differs, "chart: the final year differs from Centres"),
)


class MaxonianFormulas(Formulas):
    module = "maxonian"
    extra_columns = (SCORE_KEY, *KEYS, "Chart flag")
    note = no_tiebreakers("Maxonian")
    checks = CHECKS

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
        # Read by Game done (a check): it must not read Game done itself.
        cells["Chart flag"] = (
            f'IF(COUNT({e})=1,10*(COUNTIF({s.block("Centres")},{e})>1)+IF({differs},1,0),"")')
        cells["Score"] = s.won_score(won, f"{points}+{bonus}")
        return cells


FORMULAS = MaxonianFormulas()
