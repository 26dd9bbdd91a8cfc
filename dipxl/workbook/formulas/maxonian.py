"""Maxonian as worksheet formulas (the twin of ``dipxl.systems.maxonian``).

The chart is read from the Results columns 1901 ... 1920 (``CHART_HEADERS``).
A seat's place key is its final count, then its counts of the years,
latest first (a blank year is blank for all seven, so it changes no
comparison: skipped, as the engine skips it; the final year, where given,
repeats the final counts: the engine skips it, and it changes no
comparison either; a year after it is refused).  The key's 21
digits (counts 0-34, base 35) are compared in three steps of at most
seven digits each (exact in a double): ``Chart key 1`` is the final count
and the six latest years; ``Chart key 2`` is the board's order on key 1
(7 less the seats above it) followed by the next seven years, and
``Chart key 3`` the order on key 2 followed by the last seven years.  So
key 3 orders the seats as the whole key does, and the seats with equal
key 3 share the points of the places they occupy together (``calc_cum``,
from ``set_positions_1..7``).  A board's ``Chart until`` (on its first
row only, as ``Chart check``) is its final year, or 9999 when none is
typed (every chart year is then read).  Bonus:
``MIN(centres, set_victory_centres) - set_threshold`` when positive, to
every power in a draw, to the winner alone after a solo or a concession.

``Chart flag`` marks (1) a seat whose chart count of the final year
differs from its final centres.  A board
the engine refuses for its chart (a year partly entered, a count after the
final year, a final-year count that differs: :data:`CHECKS`, worked out
once a board in ``Chart check``; text in a chart cell or a count outside
0-34, as every count) is not counted (Game done is 0), and its Score
cells and the Standings line of boards left out say why instead of a
number.  A tie on centres that no earlier year breaks is shared, as the
engine shares it (with a warning there).
"""

from __future__ import annotations

from collections.abc import Callable

from dipxl.fields import SPEC
from dipxl.workbook.formulas import (
    SCORE_KEY,
    Formulas,
    Need,
    SeatRefs,
    no_tiebreakers,
    rounded,
    setting_name,
    shared_points,
    yes_flags,
)
from dipxl.workbook.layout import CHART_HEADERS

__all__ = ["FORMULAS", "MaxonianFormulas"]

BASE = 35  # counts 0-34: one digit each
YEARS = [int(h) for h in reversed(CHART_HEADERS)]  # latest first
# The years of each key after its first digit (the final count; the order
# on the key before): 6, 7 and 7 years.
SPLIT = (YEARS[:6], YEARS[6:13], YEARS[13:])
KEYS = ("Chart key 1", "Chart key 2", "Chart key 3")
UNTIL = "Chart until"  # the game's final year, or NO_FINAL_YEAR: on the first row
CHECK = "Chart check"  # which of CHECKS the board fails (0: none): on the first row
NO_FINAL_YEAR = 9999  # after every chart year: with no final year, every year is read


def _first_row(s: SeatRefs, header: str) -> str:
    """The board's cell of ``header`` on its first row (``$AG$9``)."""
    return f"${s.plan.col(header)}${s.first}"


def _digits(s: SeatRefs, years: list[int], first: str) -> str:
    """The number whose base-35 digits are ``first`` (a count, or the
    seat's order 1-7 on the key before) and this seat's counts of
    ``years`` (0 where blank).  Read only once the game counts: no text
    then, no count after the final year, and the final year's counts, if
    given, are all seven final counts, which order no seat differently
    (the engine skips that year)."""
    terms = [f"{first}*{BASE ** len(years)}"]
    for k, year in enumerate(years, start=1):
        power = BASE ** (len(years) - k)
        cell = s.cell(str(year))
        terms.append(f"{cell}*{power}" if power != 1 else cell)
    return "+".join(terms)


def _partial(s: SeatRefs) -> str:
    """True when a finished game's chart has a year up to the final year
    with some but not all seven counts."""
    until = _first_row(s, UNTIL)
    partial = "+".join(
        f"(MOD(COUNT({s.block(str(y))}),7)>0)*({y}<={until})"
        for y in YEARS)
    return f"AND(COUNT({s.block('Centres')})=7,({partial})>0)"


def _after(s: SeatRefs) -> str:
    """True when the chart has a count for a year after the final year
    (none is, with no final year: ``Chart until`` is then after them all)."""
    until = _first_row(s, UNTIL)
    return "+".join(f"({y}>{until})*COUNT({s.block(str(y))})" for y in YEARS) + ">0"


def _differs(s: SeatRefs) -> str:
    """True when a finished game's chart count of the final year differs
    from a seat's final centres (``Chart flag``)."""
    return f"AND(COUNT({s.block('Centres')})=7,SUM({s.block('Chart flag')})>0)"


# The chart's problems, in the order dipxl score checks them (text in a
# chart cell, or a count out of 0-34, is every system's check:
# SeatRefs.refused): each the board's Chart check equal to its number.
PROBLEMS = (
    (_partial, "chart: a year partly entered"),
    (_after, "chart: a count after the final year"),
    (_differs, "chart: the final year differs from Centres"),
)


def _failed(number: int) -> Callable[[SeatRefs], str]:
    return lambda s: f"{_first_row(s, CHECK)}={number}"


CHECKS = tuple(Need(_failed(n), reason) for n, (_, reason) in enumerate(PROBLEMS, start=1))


def _check(s: SeatRefs) -> str:
    """The board's Chart check: the number of the first of PROBLEMS it
    has, else 0 (read by Game done and the first Score cell: it must not
    read Game done)."""
    said = "0"
    for n, (problem, _) in reversed(list(enumerate(PROBLEMS, start=1))):
        said = f"IF({problem(s)},{n},{said})"
    return said


class MaxonianFormulas(Formulas):
    module = "maxonian"
    extra_columns = (SCORE_KEY, UNTIL, CHECK, *KEYS, "Chart flag")
    note = no_tiebreakers("Maxonian")
    checks = CHECKS

    def seat(self, s: SeatRefs) -> dict[str, str]:
        e = s.cell("Centres")
        until = _first_row(s, UNTIL)
        first = s.row == s.first
        # The board's values: on its first row only (the other rows read
        # that row's cells).
        cells = {UNTIL: f"IF({s.year}=0,{NO_FINAL_YEAR},{s.year})", CHECK: _check(s)
                 } if first else {}
        before = e
        for key, years in zip(KEYS, SPLIT, strict=True):
            cells[key] = f'IF({s.done},{_digits(s, years, before)},"")'
            before = f'(7-COUNTIF({s.block(key)},">"&{s.cell(key)}))'
        points = shared_points(s.block(KEYS[-1]), s.cell(KEYS[-1]))
        bonus = (f"MAX(0,MIN({e},{setting_name('victory_centres')})"
                 f"-{setting_name('threshold')})")
        # The bonus: to the top count of a solo, to the one seat marked Y of
        # a conceded game, to every seat of a draw.
        g = s.cell(SPEC["draw"].header)
        marked = ",".join(f'{g}="{flag}"' for flag in yes_flags())
        takes = f"IF({s.solo},{e}={s.top},IF({s.conceded},OR({marked}),TRUE))"
        # The final year's count of this seat's row, where typed.
        row = f"{s.cell(CHART_HEADERS[0])}:{s.cell(CHART_HEADERS[-1])}"
        at = f"INDEX({row},1,{until}-{int(CHART_HEADERS[0]) - 1})"
        in_chart = f"AND({until}>={CHART_HEADERS[0]},{until}<={CHART_HEADERS[-1]})"
        differs = f"IF({in_chart},IF(ISNUMBER({at}),{at}<>{e},FALSE),FALSE)"
        # Read by Game done (a check): it must not read Game done itself.
        cells["Chart flag"] = f'IF(COUNT({e})=1,IF({differs},1,0),"")'
        cells["Score"] = (f"IF({s.done},{rounded(f'{points}+IF({takes},{bonus},0)')},"
                          f"{s.unscored})")
        return cells


FORMULAS = MaxonianFormulas()
