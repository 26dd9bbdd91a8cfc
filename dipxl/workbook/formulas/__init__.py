"""The worksheet-formula twins of the scoring systems.

One module per system (the one its class names as ``twin``, e.g. ``cdiplo``)
writes the same rule as worksheet formulas; this package holds what they
share: where things are in a generated workbook (:class:`Plan`), the named
cells of the Settings sheet, and the formula interface (:class:`Formulas`).

Rules every formula here follows (NOTES.md):

- per-game formulas read only the game's own seven rows (absolute block
  ranges), so the work is linear in the number of results;
- a player's games are found by numeric player id (never by name in a
  criterion: names may hold ``*``, ``?``, ``~`` or start with ``=``), one
  MATCH per player and round over that round's rows only;
- totals are compared for rank after ``ROUND(x, 9)``;
- only functions that Excel 2010+ and LibreOffice 7.4 both compute, and no
  array formulas, LET, XLOOKUP, FILTER, SORT, UNIQUE or ``[#All]``;
- only what formualizer and IronCalc compute too (``tests/engines.py``):
  no ``INDEX(r,a):INDEX(r,b)`` range, no ``ROUND``/``MOD`` of a range
  inside ``SUMPRODUCT``, no ``ROW(range)`` as an array, no whole column
  (``$E:$E``) read below its last filled cell.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

from dipxl.errors import DipxlError
from dipxl.fields import FIELD_SPECS, SPEC
from dipxl.model import MAX_CENTRES, SOLO_CENTRES
from dipxl.systems import System
from dipxl.workbook.a1 import column_letter, column_span
from dipxl.workbook.layout import CHART_HEADERS

__all__ = [
    "COMMON_COLUMNS",
    "DRAW_ENTRY",
    "FORMATS_NOTE",
    "RESULTS_CHART",
    "RESULTS_LAYOUT",
    "SCORE_KEY",
    "TEXT_ENTRY",
    "YEARS_DIFFER",
    "Cell",
    "Formulas",
    "Need",
    "Plan",
    "PlayerRow",
    "chart_headers",
    "for_system",
    "format_checks",
    "in_draw",
    "member",
    "no_tiebreakers",
    "setting_name",
    "setting_rows",
    "setting_true",
    "shared_points",
    "solo_win",
    "top_sum",
    "yes_count",
    "yes_flags",
]

# Computed columns of the Results sheet every system has, after the input
# columns (layout.INPUT_HEADERS); a system may add its own after these.
COMMON_COLUMNS = ("Score", "Player id", "Game done")
# The score rounded to 9 decimals, 0 for an unfinished game: the systems
# whose best country compares scores list it among their extra columns.
SCORE_KEY = "Score key"

# What the Score cells of a game say when one of its Centres or Eliminated
# cells holds text (the game is then not counted).
TEXT_ENTRY = "text entry"

# What the Score cells of a game say when one of its Draw cells holds
# something else than Y, Yes, N, No or nothing (the game is then not counted).
DRAW_ENTRY = "draw: Y or N"

# What the Score cells of a game say when two of its Year cells differ (the
# game is then not counted; dipxl score refuses the board, naming them).
YEARS_DIFFER = "years differ"

# What the Score cells of a game say when its entries are numbers dipxl
# score refuses (the game is then not counted: :attr:`SeatRefs.refused`):
# a count or year outside its field's bounds (``Field.bounds``; a chart
# count outside 0-34), an elimination year of a survivor or after the
# final year, a draw member on 0 centres, more than one power on 18, seven
# counts of 0, a drawn game whose every survivor is marked N.
OUT_OF_RANGE = "number out of range"
SURVIVOR_ELIMINATED = "survivor with an elimination year"
ELIMINATED_AFTER = "eliminated after Year"
ELIMINATED_IN_DRAW = "draw: Y on 0 centres"
TWO_ON_18 = "two powers on 18"
NO_CENTRES = "every count 0"
NO_DRAW_MEMBER = "draw: no member"

# The board fields held as numbers: a board with text in one of them is not
# counted (:attr:`SeatRefs.typed`); adjacent columns of Results, in this order.
NUMBER_FIELDS = tuple(f for f in FIELD_SPECS if f.board and f.number)

# The defined name of the Results rows the formulas read by place: their
# Round, Board and Power cells (A:C), seven rows a board, round by round.
RESULTS_LAYOUT = "results_layout"
# The defined name of the chart's header cells (1901 ... 1920) of a system
# reading the chart: the formulas read each column as its year, by place.
RESULTS_CHART = "results_chart"

# Sheet names of the hidden helper sheets.
CALC = "Calc"
SUMMARY = "Summary"


def setting_name(name: str) -> str:
    """The workbook-level defined name of a Settings row: ``set_<name>``."""
    return f"set_{name}"


def setting_rows(name: str) -> str:
    """The workbook-level defined name of the Settings rows of the tuple
    parameter ``name`` (``set_<name>_1`` down to its last row, blank rows
    included): ``set_<name>_rows``, for ``INDEX`` (CHOOSE is not in every
    engine)."""
    return f"set_{name}_rows"


def setting_true(name: str) -> str:
    """True when the yes/no setting ``name`` says yes: TRUE, 1, or the
    texts true / yes / 1 (any case, spaces ignored), as ``dipxl score``
    reads it (``systems.base.truth``, which refuses other text)."""
    x = setting_name(name)
    t = f'SUBSTITUTE({x}," ","")'
    return f'OR({x}=TRUE,{x}=1,{t}="true",{t}="yes",{t}="1")'


def top_sum(values: str, count: str) -> str:
    """The sum of the ``count`` largest numbers of the range ``values``
    (all of them when fewer; blanks and text skipped; at least one
    number): with ``t`` the smallest of those counted, the numbers above
    ``t`` plus ``t`` for each place left.  (Should the criterion's text
    of ``t`` round it, the numbers equal to ``t`` that it counts as above
    add ``t`` and take a place each: the same sum.)"""
    m = f"MIN({count},COUNT({values}))"
    t = f"LARGE({values},{m})"
    above = f'{values},">"&{t}'
    return f"SUMIFS({values},{above})+{t}*({m}-COUNTIFS({above}))"


@dataclass(frozen=True)
class Plan:
    """Where everything is: sizes, Results columns and row blocks.

    Results: header in row 1; round ``r`` (1-based) occupies ``7 * boards``
    rows from :meth:`round_first`, board ``b`` of it the seven rows from
    :meth:`block_first`, powers in canonical order.
    """

    rounds: int
    boards: int
    players: int
    columns: tuple[str, ...]
    results: str = "Results"
    first_row: int = 2
    _letters: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "_letters",
            {name: column_letter(i) for i, name in enumerate(self.columns, start=1)},
        )

    def col(self, header: str) -> str:
        """Column letter of a Results header."""
        return self._letters[header]

    @property
    def rows_per_round(self) -> int:
        return 7 * self.boards

    def round_first(self, rnd: int) -> int:
        return self.first_row + (rnd - 1) * self.rows_per_round

    def round_last(self, rnd: int) -> int:
        return self.round_first(rnd) + self.rows_per_round - 1

    def block_first(self, rnd: int, board: int) -> int:
        return self.round_first(rnd) + (board - 1) * 7

    @property
    def last_row(self) -> int:
        return self.round_last(self.rounds)

    def column_range(self, header: str, first: int | None = None, last: int | None = None) -> str:
        """``Results!$E$2:$E$64`` (the whole table unless rows are given)."""
        c = self.col(header)
        a = self.first_row if first is None else first
        b = self.last_row if last is None else last
        return column_span(c, a, b, self.results)

    def round_range(self, header: str, rnd: int) -> str:
        """A column over the rows of one round."""
        return self.column_range(header, self.round_first(rnd), self.round_last(rnd))


def chart_headers(plan: Plan) -> tuple[str, ...]:
    """The year-by-year chart's columns of the plan (only a system reading
    the chart has them: :data:`~dipxl.workbook.layout.CHART_HEADERS`)."""
    return tuple(h for h in CHART_HEADERS if h in plan.columns)


def typed_block(plan: Plan, first: int, last: int, sheet: str = "") -> str:
    """Rows ``first..last`` of the number board fields' columns (:data:`NUMBER_FIELDS`)
    and of the chart's (:func:`chart_headers`), on ``sheet`` when given:
    areas of adjacent columns joined by commas
    (``Results!$E$2:$F$8,Results!$H$2:$AB$8``), read only as the arguments
    of COUNT and COUNTA."""
    prefix = f"{sheet}!" if sheet else ""
    numbers = sorted(plan.columns.index(h) for h in (
        *(f.header for f in NUMBER_FIELDS), *chart_headers(plan)))
    areas: list[list[int]] = []
    for index in numbers:
        if areas and areas[-1][-1] == index - 1:
            areas[-1].append(index)
        else:
            areas.append([index])
    return ",".join(
        f"{prefix}${plan.col(plan.columns[a[0]])}${first}:${plan.col(plan.columns[a[-1]])}${last}"
        for a in areas
    )


def text_entry(typed: str) -> str:
    """True when a cell of ``typed`` (:func:`typed_block`) holds text: COUNTA
    counts it, COUNT does not."""
    return f"COUNTA({typed})>COUNT({typed})"


def flags_read(block: str) -> str:
    """True when every cell of ``block`` (Draw cells) is blank or a flag of
    the draw field (``Field.flags``; COUNTIF ignores case, as the readers)."""
    counted = "+".join(f'COUNTIF({block},"{flag}")' for flag in SPEC["draw"].flags)
    return f"COUNTA({block})={counted}"


def yes_flags() -> list[str]:
    """The Draw flags read as "in the draw" (Y, Yes)."""
    field = SPEC["draw"]
    return [f for f in field.flags if field.read_cell(f) is True]


def yes_count(block: str) -> str:
    """How many cells of ``block`` (Draw cells) say yes (any case)."""
    return "+".join(f'COUNTIF({block},"{f}")' for f in yes_flags())


@dataclass(frozen=True)
class Need:
    """An input a system's rule needs on some boards, which ``dipxl score``
    refuses without it, naming the cells (an elimination year, the final
    year: :mod:`dipxl.workbook.formulas.needs`).  ``missing(s)`` is a
    formula, true when the board of ``s`` lacks it (it must not read Game
    done, which reads it); such a board is not counted and its Score cells
    and the Standings line of boards left out say ``reason``."""

    missing: Callable[[SeatRefs], str]
    reason: str


@dataclass(frozen=True)
class SeatRefs:
    """References for the formulas of one Results row (on the Results
    sheet); ``needs``: the inputs the system's rule needs
    (:attr:`Formulas.needs`); ``checks``: its own inputs refused
    (:attr:`Formulas.checks`)."""

    plan: Plan
    row: int
    first: int
    last: int
    needs: tuple[Need, ...] = ()
    checks: tuple[Need, ...] = ()

    def cell(self, header: str) -> str:
        """This row's cell of a column: ``E14``."""
        return f"{self.plan.col(header)}{self.row}"

    def block(self, header: str) -> str:
        """The game's seven rows of a column: ``$E$9:$E$15``."""
        return column_span(self.plan.col(header), self.first, self.last)

    @property
    def top(self) -> str:
        """The game's highest centre count."""
        return f"MAX({self.block('Centres')})"

    @property
    def done(self) -> str:
        """True once the game is finished (this row's Game done is 1)."""
        return f"{self.cell('Game done')}=1"

    @property
    def solo(self) -> str:
        """True when the game is a solo."""
        return f"{self.top}>={setting_name('victory_centres')}"

    @property
    def typed(self) -> str:
        """The game's cells of the number board fields (``Field.number`` and
        ``Field.board`` of :data:`dipxl.fields.FIELD_SPECS`: Centres and
        Eliminated, adjacent columns).  An entry among them that is not a
        number (``"5"`` pasted past validation: COUNTA counts it, COUNT does
        not) stops the game from counting, and its Score cells say
        :data:`TEXT_ENTRY`, as every reader leaves it out
        (:data:`dipxl.fields.UNREAD`)."""
        return typed_block(self.plan, self.first, self.last)

    @property
    def flags_read(self) -> str:
        """True when every Draw cell of the game is blank or a flag these
        formulas read (``Field.flags`` of the draw field, any case:
        :func:`member`), as every reader reads them in a spreadsheet;
        anything else (``x``, ``1``, TRUE, spaces around) stops the game
        from counting, and its Score cells say :data:`DRAW_ENTRY`: never
        read as a blank."""
        return flags_read(self.block(SPEC["draw"].header))

    @property
    def out_of_range(self) -> str:
        """True when a number of the game's count and year cells is outside
        its field's bounds (``Field.bounds``; a chart count outside 0-34,
        as :data:`~dipxl.fields.CHART_READ_CELL` reads it): dipxl score
        refuses it, naming the cell (the data validation stops it being
        typed, not pasted).  Text and blanks are not counted here."""
        bounded = [(self.block(f.header), f.bounds) for f in NUMBER_FIELDS if f.bounds]
        charts = chart_headers(self.plan)
        if charts:
            first, last = self.block(charts[0]), self.block(charts[-1])
            bounded.append((f"{first.split(':')[0]}:{last.split(':')[1]}", (0, MAX_CENTRES)))
        return "+".join(f'COUNTIF({block},"<{low}")+COUNTIF({block},">{high}")'
                        for block, (low, high) in bounded) + ">0"

    @cached_property  # read twice on a board's first row: Game done and Score
    def refused(self) -> tuple[tuple[str, str], ...]:
        """(condition, reason): each way a game's entries are left out or
        refused by ``dipxl score`` (a warning naming the cell, or an error),
        in the order of its checks: a formula true when the game's entries
        are so, and what its Score cells then say.  Such a game is not
        counted (Game done is 0); its Score cells and the Standings line
        of boards left out say the reason (:attr:`unscored`), never a
        number.  Then the system's own :attr:`checks`."""
        e, f, g = self.block("Centres"), self.block("Eliminated"), self.block("Draw")
        finished = f"COUNT({e})=7"
        draw = SPEC["draw"]
        no = "+".join(f'COUNTIFS({e},">0",{g},"{flag}")'
                      for flag in draw.flags if draw.read_cell(flag) is False)
        on_0 = "+".join(f'COUNTIFS({e},0,{g},"{flag}")' for flag in yes_flags())
        return (
            (text_entry(self.typed), TEXT_ENTRY),
            (f"NOT({self.flags_read})", DRAW_ENTRY),
            (self.out_of_range, OUT_OF_RANGE),
            (f"NOT({self.years_agree})", YEARS_DIFFER),
            (f'COUNTIFS({e},">0",{f},">0")>0', SURVIVOR_ELIMINATED),
            (f"AND(COUNT({self.block('Year')})>0,MAX({f})>{self.year})", ELIMINATED_AFTER),
            (f"{on_0}>0", ELIMINATED_IN_DRAW),
            (f'AND({finished},COUNTIF({e},">={SOLO_CENTRES}")>1)', TWO_ON_18),
            (f"AND({finished},{self.top}=0)", NO_CENTRES),
            (f'AND({finished},{self.top}<{SOLO_CENTRES},{yes_count(g)}=0,'
             f'COUNTIF({e},">0")={no})', NO_DRAW_MEMBER),
            *((check.missing(self), check.reason) for check in self.checks),
        )

    @property
    def counts(self) -> str:
        """1 when the game counts: seven centre counts, none of its entries
        :attr:`refused`, every input the rule needs (:attr:`complete`);
        else 0 (TRUE/FALSE multiplied into 1/0, as in Excel)."""
        done = (f"(COUNT({self.block('Centres')})=7)"
                f"*NOT(OR({','.join(condition for condition, _ in self.refused)}))")
        return f"{done}*({self.complete})" if self.needs else done

    @property
    def unscored(self) -> str:
        """A Score cell's value while the game is not counted: blank, or
        the reason of the first of :attr:`refused` that holds (a Centres or
        Eliminated cell holding text: ``dipxl score`` would read ``"5"`` as
        5 and score the game: the sheet must not look merely unfinished),
        else of what the rule needs and the board lacks (:attr:`lacking`).
        Worked out on the game's first row; the other six rows show that
        row's Score cell (no Score cell reads another, so this makes no
        cycle), which keeps the largest workbooks well inside the size
        limits (dipxl.io.limits)."""
        if self.row != self.first:
            score = self.plan.col("Score")
            return f"${score}${self.first}"
        said = self.lacking
        for condition, reason in reversed(self.refused):
            said = f'IF({condition},"{reason}",{said})'
        return said

    @property
    def lacking(self) -> str:
        """What a board of seven counts lacks that the rule needs: the
        reason of the first of :attr:`needs` it lacks, in the order
        ``dipxl score`` checks them, or ``""``."""
        said = '""'
        for need in reversed(self.needs):
            said = f'IF({need.missing(self)},"{need.reason}",{said})'
        if not self.needs:
            return said
        return f"IF(COUNT({self.block('Centres')})=7,{said},\"\")"

    @property
    def complete(self) -> str:
        """1 when the board holds every input the rule needs on it (see
        :attr:`needs`), else 0."""
        if not self.needs:
            return "1"
        return f"NOT(OR({','.join(need.missing(self) for need in self.needs)}))"

    @property
    def year(self) -> str:
        """The game's final year: its Year cells (one row gives it, or all
        rows alike), 0 when none is typed."""
        return f"MAX({self.block('Year')})"

    @property
    def solo_year(self) -> str:
        """The year a won game's other survivors survived to: the final
        year, the year of the passed vote (the year after) after a
        concession (``dipxl.systems.common.solo_year``)."""
        return f"({self.year}+IF({self.conceded},1,0))"

    @property
    def years_agree(self) -> str:
        """True unless two Year cells of the game differ (dipxl score
        refuses such a board; the formulas do not count it)."""
        block = self.block("Year")
        return f"MIN({block})=MAX({block})"

    @property
    def conceded(self) -> str:
        """True when the game was conceded: exactly one Draw cell says yes
        (Y or Yes, any case) while no count reaches 18 (the model's
        :attr:`dipxl.model.Game.conceded_to`)."""
        return f"AND({yes_count(self.block(SPEC['draw'].header))}=1,{self.top}<{SOLO_CENTRES})"

    @property
    def won(self) -> str:
        """True when the game has a winner: a count on ``victory_centres``
        or more, or a concession (dipvis's ``soloer()``)."""
        return f"OR({self.solo},{self.conceded})"

    @property
    def winner(self) -> str:
        """True for this seat when it won the game: the top count of a solo,
        or the one seat marked in the draw of a conceded game."""
        g = self.cell(SPEC["draw"].header)
        yes = ",".join(f'{g}="{f}"' for f in yes_flags())
        return f"IF({self.solo},{self.cell('Centres')}={self.top},AND({self.conceded},OR({yes})))"

    def soloist(self, points: str, others: str = "0") -> str:
        """A solo's score of this seat: ``points`` for the soloist (on the
        game's top count), ``others`` for everyone else."""
        return f"IF({self.cell('Centres')}={self.top},{points},{others})"

    def score(self, solo: str, draw: str) -> str:
        """The Score cell: ``solo`` in a solo, ``draw`` in a drawn game,
        either rounded as Settings says (:func:`rounded`); :attr:`unscored`
        until the game is finished."""
        return f'IF({self.done},{rounded(f"IF({self.solo},{solo},{draw})")},{self.unscored})'

    def won_score(self, won: str, draw: str) -> str:
        """The Score cell of a system that reads concessions: ``won`` when
        the game has a winner (:attr:`won`: a solo or a concession; the
        winner is :attr:`winner`), ``draw`` otherwise; rounded and blank
        as :meth:`score`."""
        return f'IF({self.done},{rounded(f"IF({self.won},{won},{draw})")},{self.unscored})'


@dataclass(frozen=True)
class PlayerRow:
    """References for one row of the per-player Summary sheet.

    ``series(kind)`` is the row's range of that kind over all rounds
    (``$K5:$M5``), ``value(name)`` a single summary cell of the row.
    """

    row: int
    rounds: int
    letters: Mapping[str, str]

    def series(self, kind: str, upto: int | None = None) -> str:
        last = self.rounds if upto is None else upto
        return f"${self.letters[f'{kind}_1']}{self.row}:${self.letters[f'{kind}_{last}']}{self.row}"

    def at(self, kind: str, rnd: int) -> str:
        return f"{self.letters[f'{kind}_{rnd}']}{self.row}"

    def value(self, name: str) -> str:
        return f"{self.letters[name]}{self.row}"

    def column(self, name: str, first: int, last: int) -> str:
        c = self.letters[name]
        return f"${c}${first}:${c}${last}"


# A Results column's cell by header (see :meth:`Formulas.second`).
Cell = Callable[[str], str]


def no_tiebreakers(system: str) -> str:
    """The note of a system with no tie-breakers whose ties share the rank."""
    return (
        f"{system} has no tie-breakers: players level on score share the rank "
        "(1, 2, 2, 4), in these formulas and in dipxl score alike."
    )


def rounded(expr: str) -> str:
    """Apply the optional per-game rounding (Settings ``round_to``):
    ``calc_digits`` is ``round_to``, or 15 decimals when it is blank (exact
    as far as a float holds: a change of at most 5e-16)."""
    return f"ROUND({expr},calc_digits)"


class Formulas:
    """The worksheet twin of one scoring system (subclassed per module).

    - ``extra_columns``: Results columns after :data:`COMMON_COLUMNS`;
    - ``kinds``: per-round values the Summary fetches for each player,
      ``(kind, expression)``, the expression naming Results columns in
      braces, e.g. ``1000*{Centres}*{Game done}``; it must give 0
      for a seat of an unfinished game, except the ``count_kind``;
    - ``count_kind``: the kind (a bare column, blank for an unfinished
      game) whose round value is blank when the player finished no game
      of the round, so that COUNT over the rounds counts the rounds
      played (None: the system counts games its own way, see
      :meth:`gamecount`);
    - ``standings``: the names of the values shown on Standings after Score
      and Games: engine tie-breaker names where they are one (their headers
      are :func:`dipxl.tables.column_header`'s, as in every other table);
    - ``applied``: the tie-breakers the formulas apply to the rank, in
      order (integers below 1000 each);
    - ``note``: what the Standings sheet says about tie-breakers;
    - ``needs``: the inputs the rule needs on some boards, in the order
      ``dipxl score`` checks them (:class:`Need`);
    - ``checks``: the system's own inputs that ``dipxl score`` refuses on
      a board (Maxonian's chart), each as a :class:`Need` whose
      ``missing`` is true when the board is refused, after the checks of
      every system (:attr:`SeatRefs.refused`).
    """

    module: str = ""
    needs: tuple[Need, ...] = ()
    checks: tuple[Need, ...] = ()
    per_game: bool = True
    extra_columns: tuple[str, ...] = ()
    kinds: tuple[tuple[str, str], ...] = (("score", "{Score}"),)
    standings: tuple[str, ...] = ()
    applied: tuple[str, ...] = ()
    note: str = ""
    # One-line notes on shown values whose order might surprise, by
    # ``standings`` name, each naming its column (Standings prints them
    # under the tie-breaker note).
    column_notes: Mapping[str, str] = MappingProxyType({})
    # Best country: the passes comparing one game with another, in order:
    # "score" (the Score key column), "centres", or "gamekey" (Detour's
    # Game key column).
    best_passes: tuple[str, ...] = ("score", "centres")
    # Kinds whose round value is the larger of two seats in one round, not the sum.
    maxima: tuple[str, ...] = ()
    # Kinds whose round value is the smaller of two seats in one round (0
    # with one seat): with ``maxima`` they keep both seats' values.
    minima: tuple[str, ...] = ()
    # Summary values computed but not shown on Standings.
    hidden: tuple[str, ...] = ()
    # A last tie-breaker, a Summary value compared as a number after
    # ``applied`` (higher is better).
    final_key: str | None = None
    count_kind: str | None = "score"
    # Standings values shown from another Summary value, with no column of
    # their own: key -> (Summary value, expression of it as "{0}").
    derived: Mapping[str, tuple[str, str]] = MappingProxyType({})
    # True when values besides the game count read ``more`` (then a
    # Summary column; otherwise written into the game count formula).
    more_column: bool = False
    # True when a value besides the total needs to know which games count
    # (Diminishing Value's zero for defeat): the Summary then has keep flags
    # for the first and second seat of each round (``ka``, ``kb``).
    needs_keep: bool = False
    # Values of each seat fetched besides the weighted game value ``w``:
    # (kind, expression naming Results columns in braces), giving Summary
    # columns ``<kind>a_r`` and ``<kind>b_r`` (blank unless the seat's game
    # is scored).
    seat_kinds: tuple[tuple[str, str], ...] = ()
    # Small step tables written on the Calc sheet, read by
    # ``INDEX(calc_<name>_value,MATCH(x,calc_<name>_key,1))``: name ->
    # ((key, value), ...) in ascending key order.
    steps: Mapping[str, tuple[tuple[float, float], ...]] = MappingProxyType({})

    def seat(self, s: SeatRefs) -> dict[str, str]:
        """Formulas of the computed cells of one Results row (Score and
        the system's extra columns)."""
        raise NotImplementedError

    def second(self, first: Cell, other: Cell, kind: Cell) -> str:
        """What a round with a player seated twice adds to the ``more``
        Summary value; ``first(header)`` and ``other(header)`` are the two
        seats' cells of a Results column (a column some kind names),
        ``kind(name)`` the round's Summary cell of a kind.  By default 1
        when both games are finished: COUNT over the rounds counted that
        round once."""
        column = self.count_column
        return f"IF(COUNT({first(column)},{other(column)})=2,1,0)"

    @property
    def count_column(self) -> str:
        """The Results column of ``count_kind`` (its expression is ``{Column}``)."""
        expr = dict(self.kinds)[str(self.count_kind)]
        assert expr.startswith("{") and expr.endswith("}"), expr
        return expr[1:-1]

    def gamecount(self, p: PlayerRow, more: str) -> str:
        """The player's finished games: the rounds played plus the second
        games of rounds where he was seated twice (``more``: the sum of
        :meth:`second` over the rounds, a cell or an expression)."""
        return f"COUNT({p.series(str(self.count_kind))})+{more}"

    def game_value(self) -> str:
        """One game's value as it counts towards the total, before its
        round's weight, naming Results columns in braces (the score)."""
        return "{Score}"

    def divisor(self, p: PlayerRow) -> str:
        """What the summed game values are divided by ("1": nothing)."""
        return "1"

    def round_score(self, p: PlayerRow, rnd: int) -> str:
        """The player's score in round ``rnd`` as Standings shows it: his
        games of the round after its weight, blank when he finished none."""
        wa, wb = p.at("wa", rnd), p.at("wb", rnd)
        d = self.divisor(p)
        over = "" if d == "1" else f"/({d})"
        return f'IF(COUNT({wa},{wb})=0,"",SUM({wa},{wb}){over})'

    def games(self, p: PlayerRow) -> str:
        """The row's range of every finished game's weighted value (the
        first seats of each round, then the second seats)."""
        return f"${p.letters['wa_1']}{p.row}:${p.letters[f'wb_{p.rounds}']}{p.row}"

    def total(self, p: PlayerRow) -> str:
        """The player's tournament score (only used when Games > 0): the
        weighted game values summed, or only the best ``best_rounds``
        rounds, or only the best ``best_games`` games (Settings; rounds
        and games not played are blank, which LARGE and COUNT skip)."""
        games = self.games(p)
        best_games = setting_name("best_games")
        by_games = top_sum(games, best_games)
        counted = f"IF(ISNUMBER({best_games}),{by_games},SUM({games}))"
        if not self.per_game:
            return f"({counted})/({self.divisor(p)})"
        best_rounds = setting_name("best_rounds")
        by_rounds = top_sum(p.series("round"), best_rounds)
        return f"IF(ISNUMBER({best_rounds}),{by_rounds},{counted})"

    def values(self, p: PlayerRow) -> dict[str, str]:
        """Formulas of the ``standings`` values on the Summary row (those in
        ``derived`` are shown from another value, and need none unless
        ``applied`` names them)."""
        return {}


def member(s: SeatRefs) -> str:
    """True for a draw member of a drawn game: the seats marked Y where the
    game marks any, else every survivor not marked N."""
    g = s.cell("Draw")
    gb = s.block("Draw")
    e = s.cell("Centres")
    # The flags as the field reads them (text compares ignore case here too).
    field = SPEC["draw"]
    yes = yes_flags()
    no = [f for f in field.flags if field.read_cell(f) is False]
    marked = yes_count(gb)
    is_yes = ",".join(f'{g}="{f}"' for f in yes)
    not_no = ",".join(f'{g}<>"{f}"' for f in no)
    return f"IF({marked}>0,OR({is_yes}),AND({e}>0,{not_no}))"


def shared_points(block: str, value: str) -> str:
    """The position points of the positions ``value`` occupies in ``block``
    (highest first), shared equally by the cells holding it: with
    ``calc_cum`` the running sums of ``set_positions_1..7`` (row k+1 =
    points of positions 1..k), a value held by n cells with m cells above it
    shares ``(cum[m+n] - cum[m]) / n`` (the twin of
    ``ranking.position_points`` with ``TieShare.SHARE``)."""
    above = f'COUNTIF({block},">"&{value})'
    upto = f'COUNTIF({block},">="&{value})'
    return f"(INDEX(calc_cum,{upto}+1)-INDEX(calc_cum,{above}+1))/COUNTIF({block},{value})"


def in_draw(s: SeatRefs) -> str:
    """1 for a member of the draw of a drawn game, 0 otherwise."""
    return f'IF({s.done},IF({s.solo},0,IF({member(s)},1,0)),"")'


def solo_win(s: SeatRefs) -> str:
    """1 for the soloist of a finished game, else 0."""
    return f'IF({s.done},IF(AND({s.solo},{s.cell("Centres")}={s.top}),1,0),"")'


def common_seat(s: SeatRefs, player_names: str) -> dict[str, str]:
    """Formulas of the common computed columns except Score (and of the
    Score key, written where a system lists it).

    The player's id is an exact MATCH of the name, TRIMmed (spaces around
    and doubled, as every reader folds them: :func:`dipxl.names.match_key`),
    with the criteria wildcards ``~ * ?`` escaped, so any name finds itself.
    """
    d = f'TRIM({s.cell("Player")})'
    escaped = f'SUBSTITUTE(SUBSTITUTE(SUBSTITUTE({d},"~","~~"),"*","~*"),"?","~?")'
    return {
        "Player id": f'IF({d}="","",IFERROR(MATCH({escaped},{player_names},0),""))',
        # Seven centre counts, none of the entries dipxl score leaves out
        # or refuses (numbers alone among the count and year cells, draw
        # flags read as dipxl reads them, the years agreeing, ...) and every
        # input the rule needs (SeatRefs.counts); worked out on the board's
        # first row, read by the other six.  Not COUNTIF(..,"*"):
        # LibreOffice matches numbers with it too.
        "Game done": s.counts if s.row == s.first else f"${s.plan.col('Game done')}${s.first}",
        SCORE_KEY: f"IF({s.done},ROUND({s.cell('Score')},9),0)",
    }


FORMATS_NOTE = (
    "Formats (Settings): round_weights multiply each round's game scores (blank: 1), "
    "best_games keeps each player's best N games, and final_round makes that round's "
    "board 1 the top board: once it is finished, a solo on it ranks first "
    "(final_solo_wins) and its players above everyone else (finalists_first). These "
    "formulas follow all of them; the finalists are ordered by score and the "
    "tie-breakers named above, as everyone else. `dipxl score` also refuses what does "
    "not fit the event (best_games with best_rounds, a final that is not the last "
    "round played), as the line below says when it applies."
)


def format_checks(plan: Plan, per_game: bool) -> str:
    """A formula: what ``dipxl score`` would refuse in the formats of
    Settings, as text (blank when nothing): both best N rounds and games
    (the formulas count the rounds), a final round that is not a round of
    the workbook (the formulas apply no final) or with finished games in a
    later round."""
    final = setting_name("final_round")
    outside = f"OR({final}<1,{final}>{plan.rounds},INT({final})<>{final})"
    later = f'COUNTIFS(calc_round_no,">"&{final},calc_round_games,">0")>0'
    checks = (
        f'IF(ISNUMBER({final}),IF({outside},"final_round "&{final}&" is not a round of this '
        f'workbook: no final is applied here, and dipxl score refuses it. ",IF({later},'
        f'"A round after final_round has finished games: dipxl score refuses that (the final '
        f'is the last round). ","")),"")'
    )
    if per_game:
        rounds, games = setting_name("best_rounds"), setting_name("best_games")
        both = f"AND(ISNUMBER({rounds}),ISNUMBER({games}))"
        checks = (
            f'IF({both},"best_rounds and best_games are both set: dipxl score refuses that; '
            f'these formulas count the best rounds. ","")&{checks}'
        )
    return checks


def for_system(system: System) -> Formulas:
    """The formula twin the system names (``twin``: a module of this
    package, holding ``FORMULAS``; presets share their system's).  A system
    without one: DipxlError naming it (no workbook can score it)."""
    if system.twin is None:
        raise DipxlError(
            f"{system.id} ({system.title}) has no worksheet formulas yet, so no workbook "
            "can score it; score its results with dipxl score or the worksheet functions",
            "--system",
        )
    module = importlib.import_module(f"{__name__}.{system.twin}")
    found: Formulas = module.FORMULAS
    return found
