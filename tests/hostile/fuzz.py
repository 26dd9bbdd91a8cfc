"""Malformed results tables for the fuzz tests, each with the outcome it must
have: the oracle.

A generated case starts from *intended data*: seats of valid boards (random
centres, elimination years and draw records from ``tests.helpers``, now and
then a concession: one survivor alone marked Y) with awkward but valid
names; a board's final year (the Year column) on all its rows, on one of
them or on none; sometimes the year-by-year chart (columns headed by a
year, holding random counts up to the final year, some blank).  It is then
written as a table with any number of harmless variations (column order,
header synonyms and case, chart years headed as text or numbers, extra and
duplicate columns, blank, hidden and title rows, numbers typed as text or
as floats, abbreviated powers, spaces around names, shuffled rows, other
sheet names) and at most one fault:

- a **cell fault** (a value no reader may take: wrong type, formula, error
  value, huge or fractional number, NaN/inf, control characters, a blank
  where a value belongs, a merged cell; in a Year or a chart cell too):
  the outcome must be a :class:`~dipxl.errors.DipxlError` naming the file,
  the sheet and exactly that cell (CSV: the line and column);
- a **semantic fault** (a power twice in a board, an eighth or a missing
  seat, a player twice in a board or a round, two powers on 18+, final
  years that differ within a board, an elimination or a chart year after
  the final year, a chart count of the final year other than the final
  centres, ...): the intended data changes, and the model built *directly*
  from it (``Seat``, ``Game``, ``Tournament``, no reader involved) decides:
  where a seat is refused, the reader must name the cell of the field it
  refuses; where a game is, the reader must raise the same message naming
  the sheet and the board; where it scores, the reader's standings must
  equal the engine's on it;
- a **header fault** (a required column missing): an error naming the
  header row.

With no fault, the standings must equal the engine's on the intended data.

A value that no formula reads (text in a spreadsheet's count, year or chart
cell, ``x`` in a draw column) leaves its board not counted, with a warning:
no fault here (``tests/workbook/test_careless.py`` covers it), so neither
the intended data nor the cell faults hold one.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.fields import (
    CHART_READ,
    CHART_READ_CELL,
    FIELDS,
    REFUSED,
    SPEC,
    chart_year,
    header_field,
    parse_player,
)
from dipxl.model import LAST_YEAR, SOLO_CENTRES, Game, Power, Seat, Tournament
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.layout import HEADER_SYNONYMS
from tests.helpers import finished_games

# The columns of a case: the fields (dipxl.fields.FIELDS, the Year column
# included) and the chart's, each named by its year as text ("1903"), as
# the readers key them.


def _is_chart(name: str) -> bool:
    return name.isdigit()


def _is_input(name: str) -> bool:
    """A column a reader reads: a field or a chart year."""
    return name in FIELDS or _is_chart(name)


@dataclass(frozen=True)
class Formula:
    """A cell holding a formula (xlsx only)."""

    text: str


@dataclass(frozen=True)
class ErrorValue:
    """A cell holding an error value such as ``#N/A`` (xlsx only)."""

    text: str


@dataclass
class IntendedSeat:
    round: int
    board: int
    power: Power
    player: str
    centres: int | None
    eliminated: int | None
    draw: bool | None
    year: int | None = None  # the final year, as this seat's row gives it
    chart: dict[int, int | None] = field(default_factory=dict)  # year -> count (None: blank)

    def copy(self) -> IntendedSeat:
        return IntendedSeat(**{**vars(self), "chart": dict(self.chart)})

    def chart_pairs(self) -> tuple[tuple[int, int], ...]:
        """The chart as :class:`Seat` holds it: (year, count), blanks left out."""
        return tuple((y, c) for y, c in sorted(self.chart.items()) if c is not None)

    def value(self, name: str) -> object:
        """The intended value of column ``name`` (a field or a chart year)."""
        return self.chart.get(int(name)) if _is_chart(name) else getattr(self, name)


@dataclass
class Case:
    """One generated input and its expected outcome."""

    kind: str  # "csv" or "xlsx"
    header: list[object]
    rows: list[list[object]]  # data rows, one cell per header column
    title_rows: list[list[object]] = field(default_factory=list)  # xlsx: above the header
    hidden: set[int] = field(default_factory=set)  # data row indexes (xlsx)
    merges: list[tuple[int, int, int]] = field(default_factory=list)  # (column, first, last row)
    sheet: str = "Results"
    delimiter: str = ","
    newline: str = "\n"
    bom: bool = False
    quote_all: bool = False
    # Expected outcome
    intended: Tournament | None = None  # scores like the engine on this
    error_cell: tuple[str, int] | None = None  # (field, data row index) named by the error
    row_seats: list[IntendedSeat | None] = field(default_factory=list)  # per row (None: blank)
    error_message: str | None = None  # the model's message (semantic faults)
    error_board: tuple[int, int] | None = None
    header_error: bool = False
    fault: str = "none"

    # -- rendering

    @property
    def header_row(self) -> int:
        """1-based row (xlsx) or line (CSV) of the header."""
        return len(self.title_rows) + 1

    def column_of(self, name: str) -> int:
        """Index of the first header cell naming ``name`` (a field, or a
        chart year as text): what readers use."""
        for i, text in enumerate(self.header):
            if _field_of(text) == name:
                return i
        raise KeyError(name)

    def cell_ref(self, name: str, row: int) -> str:
        """Where the reader must point for data row ``row``'s ``name`` cell."""
        if self.kind == "csv":
            return f"line {self.csv_lines()[row]}, column {name}"
        sheet = self.sheet if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", self.sheet) \
            else "'" + self.sheet.replace("'", "''") + "'"
        return f"{sheet}!{column_letter(self.column_of(name) + 1)}{self.header_row + 1 + row}"

    def csv_text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(
            out,
            delimiter=self.delimiter,
            lineterminator=self.newline,
            quoting=csv.QUOTE_ALL if self.quote_all else csv.QUOTE_MINIMAL,
        )
        for row in [self.header, *self.rows]:
            writer.writerow(["" if v is None else _csv_text(v) for v in row])
        return ("\ufeff" if self.bom else "") + out.getvalue()

    def csv_lines(self) -> list[int]:
        """The first physical line of each data row (quoted newlines span lines)."""
        lines, line = [], 1 + _csv_span(self.header)
        for row in self.rows:
            lines.append(line)
            line += _csv_span(row)
        return lines

    def write_xlsx(self, path: Path) -> Path:
        import openpyxl

        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "Notes" if self.sheet != "Notes" else "Other"
        ws["A1"] = "Results are on the next sheet"
        ws = wb.create_sheet(self.sheet)
        for r, row in enumerate(self.title_rows, start=1):
            for c, value in enumerate(row, start=1):
                _put(ws, r, c, value)
        for c, value in enumerate(self.header, start=1):
            _put(ws, self.header_row, c, value)
        for r, row in enumerate(self.rows, start=self.header_row + 1):
            for c, value in enumerate(row, start=1):
                _put(ws, r, c, value)
        for i in self.hidden:
            ws.row_dimensions[self.header_row + 1 + i].hidden = True
        for col, first, last in self.merges:
            letter = column_letter(col + 1)
            ws.merge_cells(
                f"{letter}{self.header_row + 1 + first}:{letter}{self.header_row + 1 + last}"
            )
        wb.save(path)
        return path


def _csv_span(row: Sequence[object]) -> int:
    """Physical lines a written row takes (a quoted field may hold newlines)."""
    return 1 + sum(len(re.findall("\r\n|\r|\n", _csv_text(v))) for v in row if v is not None)


def _csv_text(value: object) -> str:
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _put(ws: Any, row: int, col: int, value: object) -> None:
    if value is None:
        return
    cell = ws.cell(row, col)
    if isinstance(value, Formula):
        cell.value = value.text
    elif isinstance(value, ErrorValue):
        cell.value = value.text
        cell.data_type = "e"
    elif isinstance(value, str):
        cell.value = value
        cell.data_type = "s"  # text, even when it starts with "="
    else:
        cell.value = value


def _field_of(text: object) -> str | None:
    """The field a header cell names, or the chart year (as text), or None."""
    name = header_field(text)
    if name is not None:
        return name
    year = chart_year(text)
    return None if year is None else str(year)


# ---------------------------------------------------------------- intended data

# Valid names a TD may type: formulas-to-be, quotes, delimiters, scripts.
AWKWARD_NAMES = (
    "=SUM(A1:A9)", "+44 Smith", "-minus", "@home", "=1+1", "O'Brien", "d'Arc",
    'Say "hi"', "a,b", "semi;colon", "Zoë", "Łukasz", "李雷", "Ωmega", "👍 thumbs",
    "مرحبا", "St*r", "~tilde", "?q", "#N/A", "TRUE", "12", "3.5", "=HYPERLINK(\"x\")",
    "'quoted", "x\u200dy", "Ångström", "e\u0301",
)


@st.composite
def names(draw: st.DrawFn, count: int) -> list[str]:
    plain = st.text(
        alphabet=st.characters(codec="utf-8", categories=("L", "N", "P", "S", "Zs")),
        min_size=1, max_size=12,
    ).map(lambda s: " ".join(s.split())).filter(bool)
    pool = st.one_of(st.sampled_from(AWKWARD_NAMES), plain, st.just(None))
    chosen: list[str] = []
    for i in range(count):
        name = draw(pool)
        if name is not None:
            name = parse_player(name)  # as every reader reads it (NFC, no invisibles)
        # FALSE is no name a reader takes: a Player column holding it (a player
        # plays every round) is refused as a column of checkboxes (TRUE alone is
        # a name: rows._refuse_checkboxes).  Names that differ only in case are
        # one player to a reader (as to a spreadsheet): no two intended players.
        if not name or name.casefold() in {c.casefold() for c in chosen} \
                or name.strip().casefold() == "false":
            name = f"Player {i + 1}"
        chosen.append(name)
    return chosen


# Where a board's final year is typed: on every row, on one row, on none.
YEAR_PLACES = ("all", "all", "one", "none")


@st.composite
def intended_seats(draw: st.DrawFn) -> list[IntendedSeat]:
    rounds = draw(st.integers(1, 3))
    boards = draw(st.integers(1, 2))
    pool = draw(names(7 * boards))
    seats: list[IntendedSeat] = []
    rng = random.Random(draw(st.integers(0, 2**32)))
    # The Year column typed at all; the chart's years (a few, or none).
    dated = rng.random() < 0.6
    chart_years = sorted(rng.sample(range(1901, 1911), rng.randint(1, 3))) \
        if rng.random() < 0.35 else []
    for rnd in range(1, rounds + 1):
        order = pool[:]
        rng.shuffle(order)
        for b in range(1, boards + 1):
            game = draw(finished_games())
            state = draw(st.sampled_from(["finished"] * 6 + ["blank", "partial"]))
            flags = [s.in_draw for s in game.seats]
            if state != "blank" and game.centres_desc[0] < SOLO_CENTRES and rng.random() < 0.2:
                flags = _conceded(rng, game.centres)
            place = rng.choice(YEAR_PLACES) if dated and state != "blank" else "none"
            # The final year: at or after every elimination and chart year.
            low = max([1901, *chart_years, *(s.eliminated or 0 for s in game.seats)])
            final = min(LAST_YEAR, low + rng.randint(0, 4))
            at = rng.randrange(7)
            for i, seat in enumerate(game.seats):
                centres: int | None = seat.centres
                year, flag = seat.eliminated, flags[i]
                if state == "blank" or (state == "partial" and i % 3 == 0):
                    centres, year, flag = None, None, None
                chart = {y: None if state == "blank" else _chart_count(
                    rng, y, None if place == "none" else final, centres) for y in chart_years}
                seats.append(IntendedSeat(
                    rnd, b, seat.power, order[(b - 1) * 7 + i], centres, year, flag,
                    final if place == "all" or (place == "one" and i == at) else None, chart))
    return seats


def _conceded(rng: random.Random, centres: Sequence[int]) -> list[bool | None]:
    """Draw flags conceding a game (nobody on 18) to one survivor: Y on it
    alone, the other survivors N or blank (Game.conceded_to)."""
    survivors = [i for i, c in enumerate(centres) if c > 0]
    winner = rng.choice(survivors)
    return [True if i == winner else rng.choice([None, False]) if i in survivors else None
            for i in range(len(centres))]


def _chart_count(
    rng: random.Random, year: int, final: int | None, centres: int | None
) -> int | None:
    """A valid chart count of ``year``: blank now and then; the final
    year's is the final count (Game refuses another)."""
    if rng.random() < 0.2:
        return None
    if year == final:
        return centres
    return rng.randint(0, 34) if final is None or year < final else None


def build(seats: Sequence[IntendedSeat]) -> Tournament:
    """The model of the intended data, built directly (no reader): grouped
    by (round, board) in order of appearance, as every reader groups."""
    groups: dict[tuple[int, int], list[Seat]] = {}
    for s in seats:
        groups.setdefault((s.round, s.board), []).append(
            Seat(s.player, s.power, s.centres, s.eliminated, s.draw, s.year, s.chart_pairs())
        )
    return Tournament(tuple(Game(r, b, tuple(ss)) for (r, b), ss in groups.items()))


def seat_error(seats: Sequence[IntendedSeat]) -> tuple[str, int] | None:
    """The cell (column, row) a reader must name where the model refuses a
    seat of ``seats`` (in row order), None where it refuses none: the
    field it names (an elimination year after the final year its row
    gives: the Eliminated cell), else, every seat's own fields right, the
    chart year it names (a count after the final year its row gives).
    Every reader checks in that order: cells, seats, charts, then games."""
    for i, s in enumerate(seats):
        try:
            Seat(s.player, s.power, s.centres, s.eliminated, s.draw, s.year)
        except InputError as err:
            return err.field or "centres", i
    for i, s in enumerate(seats):
        try:
            Seat(s.player, s.power, s.centres, s.eliminated, s.draw, s.year, s.chart_pairs())
        except InputError as err:
            assert err.field == "chart", err
            return str(err.value), i
    return None


# ---------------------------------------------------------------- faults

# Values no reader may accept, per field (and the chart's counts); "any"
# ones go in every column.
CELL_FAULTS: dict[str, list[object]] = {
    "round": [0, -3, 1.5, "r1", 10001, 1e20, "1_0", "\u0661", " ", None],
    "board": [0, -1, 2.5, "b", 100001, 1e300, "0x1", None],
    "power": ["Prussia", 3, "", None, "Aus tria", "A\x00"],
    "player": ["a\x01b", "\x1b[31mred", "tab\x0bbed", "x\x85y"],
    "centres": [-1, 35, 3.5, "12a", "1_0", "nan", "inf", "-inf", "1e999", 1e300,
                "\u0661\u0662", "\uff15", "3 4", -0.5],  # Arabic-Indic 12, full-width 5
    "eliminated": [1800, 2101, "x", 1903.5, "19O5", -1905],
    "draw": ["maybe", 2, "YN", -1, 0.5, "x", "1", "0", "TRUE", "-"],  # Y/N only
    "year": [0, 1900, 2101, 1905.5, -1905, 1e20, "1800", "2101.0", "1905.5", "+3000",
             "19O5", "x"],
    "chart": [-1, 35, 3.5, 1e300, -0.5, 99, "35", "-1", "2.5", "1e3", "1e999", "inf",
              "\uff13\uff15", "x"],  # full-width 35
}
XLSX_ONLY_FAULTS: list[object] = [
    True, False, datetime.datetime(2026, 5, 1), datetime.time(12, 0), Formula("=3+4"),
    Formula("=A1"), ErrorValue("#N/A"), ErrorValue("#DIV/0!"), ErrorValue("#REF!"),
]
CONTROL = ("a\x01b", "\x1b[31mred", "tab\x0bbed", "x\x85y")

SEMANTIC = ("power_twice", "eighth_seat", "missing_seat", "player_twice_board",
            "player_twice_round", "two_solos", "no_player", "all_zero", "nobody_in_draw",
            "survivor_year", "eliminated_in_draw", "years_differ", "eliminated_after_year",
            "chart_after_year", "chart_final_differs")


def _cell_faults(kind: str, name: str) -> list[object]:
    values = list(CELL_FAULTS["chart" if _is_chart(name) else name])
    if kind == "xlsx":
        values = [v for v in values if not (isinstance(v, str) and v in CONTROL)
                  and v != "A\x00"]
        values += XLSX_ONLY_FAULTS
    if _is_chart(name) or SPEC[name].board:
        # A board field's value that no formula reads leaves its board not
        # counted (a warning, tests/workbook/test_careless.py), a chart
        # count's too; the errors are the values refused (a number out of
        # range, a formula, ...).
        if _is_chart(name):
            read = CHART_READ_CELL if kind == "xlsx" else CHART_READ
        else:
            read = SPEC[name].read_cell if kind == "xlsx" else SPEC[name].read
        values = [v for v in values if isinstance(v, Formula | ErrorValue)
                  or read(v) is REFUSED]
    return values


def _truth(value: object) -> bool | None:
    """The truth value a checkbox leaves in a cell (TRUE or FALSE, or their
    text), else None: a column holding two, a FALSE among them, is refused
    as a column of checkboxes (``dipxl.rows._refuse_checkboxes``)."""
    if type(value) is bool:
        return value
    if type(value) is str and len(value) <= 7:
        return {"true": True, "false": False}.get(value.strip().casefold())
    return None


def _blank_is_fault(name: str) -> bool:
    return name in ("round", "board", "power")


# ---------------------------------------------------------------- the case


def _header_text(draw: st.DrawFn, name: str, kind: str) -> object:
    """A header naming column ``name``: a synonym of the field in any case,
    spaces around or as underscores (every reader reads
    :data:`HEADER_SYNONYMS`); a chart year as text, or as a number in a
    spreadsheet."""
    if _is_chart(name):
        year = int(name)
        forms: list[object] = [name, f" {name} "]
        if kind == "xlsx":
            forms += [year, float(year)]
        return draw(st.sampled_from(forms))
    text = draw(st.sampled_from(HEADER_SYNONYMS[name]))
    return draw(st.sampled_from([text, text.upper(), text.title(), f" {text} ",
                                 text.replace(" ", "_")]))


def _render(pick: Callable[[list[Any]], Any], name: str, value: object, kind: str) -> object:
    """A valid way of typing ``value`` (already parsed) into a cell, one of
    its forms chosen by ``pick``."""
    chart = _is_chart(name)
    # text is no count, year or flag in a sheet
    sheet = kind == "xlsx" and (chart or SPEC[name].board)
    if value is None:
        if name == "power":
            return None
        return pick([None, ""] if sheet else [None, "", "  "])
    if chart or name in ("round", "board", "centres", "eliminated", "year"):
        assert isinstance(value, int)
        forms: list[object] = [value, float(value)]
        if not sheet:
            forms += [str(value), f" {value} ", f"{value}.0", f"+{value}"]
        return pick(forms)
    if name == "power":
        assert isinstance(value, Power)
        forms = [value.title, value.abbreviation, value.name[0], value.title.lower(),
                 value.title.upper(), f" {value.title} "]
        if value is Power.AUSTRIA:
            forms.append("Austria-Hungary")
        return pick(forms)
    if name == "player":
        assert isinstance(value, str)
        forms = [value, f" {value}", f"{value}  "]
        if unicodedata.normalize("NFD", value) != value:
            forms.append(unicodedata.normalize("NFD", value))  # an accent typed as two
        if " " in value:
            forms.append(value.replace(" ", "  "))
        if value.isascii() and value.isdigit() and kind == "xlsx":
            forms.append(int(value))  # a number typed as a name
        return pick(forms)
    if name == "draw":
        yes = ["Y", "y", "yes", "YES"] + ([] if sheet else [" Y "])
        no = ["N", "n", "no", "No"] + ([] if sheet else ["n "])
        return pick(yes if value else no)
    raise AssertionError(name)


@st.composite
def cases(draw: st.DrawFn, kind: str) -> Case:
    seats = draw(intended_seats())
    fault = draw(st.sampled_from(["none"] * 4 + ["cell"] * 4 + ["semantic"] * 3 + ["header"]))
    error_cell: tuple[str, int] | None = None
    semantic = None
    if fault == "semantic":
        semantic = draw(st.sampled_from(SEMANTIC))
        seats = _apply_semantic(draw, semantic, seats)

    # Columns: the fields (eliminated, draw and year when any value needs
    # them), the chart's years (now and then one nobody's count fills),
    # extra columns, a duplicate column after the real one.
    wanted = ["round", "board", "power", "player", "centres"]
    for name in ("eliminated", "draw", "year"):
        if any(getattr(s, name) is not None for s in seats) or draw(st.booleans()):
            wanted.append(name)
    charted = {y for s in seats for y in s.chart}
    if draw(st.integers(0, 7)) == 0:
        charted.add(draw(st.integers(1901, 1930)))
    wanted += [str(y) for y in sorted(charted)]
    columns: list[str] = draw(st.permutations(wanted))
    extras = draw(st.lists(st.sampled_from(["Notes", "Score", "Comment", "dup"]),
                           max_size=3))
    for extra in extras:
        at = draw(st.integers(0, len(columns)))
        if extra == "dup":
            dup = draw(st.sampled_from(wanted))
            at = max(at, columns.index(dup) + 1)
            columns.insert(at, "dup:" + dup)
        else:
            columns.insert(at, "extra:" + extra)

    header: list[object] = []
    for col in columns:
        if col.startswith("dup:"):
            header.append(_header_text(draw, col[4:], kind))
        elif col.startswith("extra:"):
            header.append(col[6:])
        else:
            header.append(_header_text(draw, col, kind))

    if fault == "header":
        missing = draw(st.sampled_from(["round", "board", "power", "player", "centres"]))
        header = [("Note" if c == missing or c == "dup:" + missing else h)
                  for c, h in zip(columns, header, strict=True)]

    # Each cell's form (and the junk of extra columns) from a seeded Random:
    # a Hypothesis draw a cell would cost more than the rest of a case, and
    # nothing is shrunk.
    rng = random.Random(draw(st.integers(0, 2**32)))
    junk: list[object] = [None, "ok", 12, "=not a formula"]
    if kind == "xlsx":
        junk += [Formula("=1/0"), ErrorValue("#N/A"), True]
    rows: list[list[object]] = []
    for seat in seats:
        row: list[object] = []
        for col in columns:
            if col.startswith("extra:"):
                row.append(rng.choice(junk))
            elif col.startswith("dup:"):
                row.append(rng.choice([None, "junk", 99, -1]))
            else:
                row.append(_render(rng.choice, col, seat.value(col), kind))
        rows.append(row)

    # Shuffle the rows (readers group by round and board in order of
    # appearance, so the order of boards cannot matter; the seats of a
    # board keep their order, which error messages follow).
    if draw(st.booleans()):
        keys = list(dict.fromkeys((s.round, s.board) for s in seats))
        order = draw(st.permutations(keys))
        pairs = sorted(zip(seats, rows, strict=True),
                       key=lambda p: order.index((p[0].round, p[0].board)))
        seats = [p[0] for p in pairs]
        rows = [p[1] for p in pairs]

    error_cell = seat_error(seats)

    if fault == "cell":
        field_name = draw(st.sampled_from([c for c in columns
                                           if _is_input(c) and _cell_faults(kind, c)]))
        index = draw(st.integers(0, len(rows) - 1))
        at = columns.index(field_name)
        faults = _cell_faults(kind, field_name)
        if any(_truth(row[at]) is not None for row in rows):
            # TRUE or FALSE beside another (a player named "TRUE") would
            # make a column of checkboxes, refused as a whole (test_faults).
            faults = [v for v in faults if _truth(v) is None]
        bad = draw(st.sampled_from(faults))
        blank = bad is None or (isinstance(bad, str) and not bad.strip())
        if blank and not _blank_is_fault(field_name):
            bad = "?"
        rows[index][columns.index(field_name)] = bad
        error_cell = (field_name, index)

    case = Case(kind, header, rows, fault=fault if semantic is None else semantic)
    case.error_cell = error_cell
    case.row_seats = list(seats)

    # Blank rows (spaces at most; maybe a note in an extra column),
    # inserted after the faults so indexes are fixed up.
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(case.rows)))
        blank: list[object] = [draw(st.sampled_from([None, "", " "])) for _ in columns]
        for i, col in enumerate(columns):
            if col.startswith("extra:") and draw(st.booleans()):
                blank[i] = "a note"
        case.rows.insert(at, blank)
        case.row_seats.insert(at, None)
        if case.error_cell is not None and case.error_cell[1] >= at:
            case.error_cell = (case.error_cell[0], case.error_cell[1] + 1)

    if kind == "xlsx":
        case.sheet = draw(st.sampled_from(["Results", "Scores", "My results", "Bob's R&D",
                                           "Résultats"]))
        for _ in range(draw(st.integers(0, 3))):
            case.title_rows.append([draw(st.sampled_from([None, "Spring Cup", "=notes"]))])
        case.hidden = set(draw(st.lists(st.integers(0, len(case.rows) - 1), max_size=5)))
        if case.error_cell is None and fault == "none" and draw(st.integers(0, 5)) == 0:
            # A TD merges a board's Round cells: the merged-away cells are blank.
            col = columns.index(draw(st.sampled_from(["round", "board", "power"])))
            first = draw(st.integers(0, len(case.rows) - 1))
            last = min(len(case.rows) - 1, first + draw(st.integers(1, 6)))
            inputs = [i for i, c in enumerate(columns) if _is_input(c) and i != col]
            below = [i for i in range(first + 1, last + 1)
                     if any(case.rows[i][k] not in (None, "", " ", "  ") for k in inputs)]
            if below:
                case.merges.append((col, first, last))
                for i in range(first + 1, last + 1):
                    case.rows[i][col] = None
                case.error_cell = (columns[col], below[0])
                case.fault = "merged"
    else:
        case.delimiter = draw(st.sampled_from([",", ";", "\t"]))
        case.newline = draw(st.sampled_from(["\n", "\r\n"]))
        case.bom = draw(st.booleans())
        case.quote_all = draw(st.booleans())

    if fault == "header":
        case.header_error = True
    elif case.error_cell is None:
        try:
            case.intended = build(seats)
        except InputError as err:
            case.error_message = err.message
            board = next((s.round, s.board) for s in seats
                         if f"round {s.round}, board {s.board}" in err.where)
            case.error_board = board
    return case


def _apply_semantic(draw: st.DrawFn, kind: str, seats: list[IntendedSeat]) -> list[IntendedSeat]:
    """Change the intended data: the model, not the reader, says what follows."""
    seats = [s.copy() for s in seats]
    keys = list(dict.fromkeys((s.round, s.board) for s in seats))
    key = draw(st.sampled_from(keys))
    board = [i for i, s in enumerate(seats) if (s.round, s.board) == key]
    i, j = draw(st.permutations(board))[:2]
    a, b = seats[i], seats[j]
    if kind == "power_twice":
        a.power = b.power
    elif kind == "eighth_seat":
        extra = a.copy()
        extra.player = "Eighth Player"
        extra.power = draw(st.sampled_from(list(Power)))
        seats.insert(board[-1] + 1, extra)
    elif kind == "missing_seat":
        del seats[i]
    elif kind == "player_twice_board":
        a.player = b.player
    elif kind == "player_twice_round":
        others = [s for s in seats if s.round == a.round and s.board != a.board]
        here = {s.player for s in seats if (s.round, s.board) == key}
        candidates = [s.player for s in others if s.player not in here]
        if candidates:
            a.player = draw(st.sampled_from(candidates))
    elif kind == "two_solos":
        a.centres, b.centres = 18, draw(st.integers(18, 34))
        a.eliminated = b.eliminated = None
        a.draw = b.draw = None
    elif kind == "no_player":
        a.player = ""
    elif kind == "all_zero":
        for k in board:
            seats[k].centres, seats[k].draw = 0, None
    elif kind == "nobody_in_draw":
        for k in board:
            seats[k].draw = False if (seats[k].centres or 0) > 0 else None
    elif kind == "survivor_year":  # the seat itself is invalid: its cell is named
        a.centres, a.eliminated = draw(st.integers(1, 5)), 1905
    elif kind == "eliminated_in_draw":
        a.centres, a.eliminated, a.draw = 0, None, True
    elif kind == "years_differ":
        final = _final_year([seats[k] for k in board], draw)
        a.year = final
        b.year = min(LAST_YEAR, max(1901, final + draw(st.sampled_from([-2, -1, 1, 1, 3]))))
    elif kind in ("eliminated_after_year", "chart_after_year"):
        # After the final year the board gives on the seat's own row, on
        # every row, or on another row only.
        final = _final_year([seats[k] for k in board], draw)
        later = min(LAST_YEAR, final + draw(st.integers(1, 5)))
        if kind == "eliminated_after_year":
            a.centres, a.eliminated, a.draw = 0, later, None
            if a.chart.get(final) is not None:
                a.chart[final] = 0
        else:
            a.chart[later] = draw(st.integers(0, 34))
        typed = draw(st.sampled_from(["own", "every", "other"]))
        if typed == "every":
            for k in board:
                seats[k].year = final
        elif typed == "own":
            a.year = final
        else:  # the model takes it (a seat's own row gives no final year)
            a.year, b.year = None, final
    elif kind == "chart_final_differs":  # the final year's count is not the final count
        final = _final_year([seats[k] for k in board], draw)
        if all(seats[k].year is None for k in board):
            b.year = final
        a.chart[final] = draw(st.integers(0, 34).filter(lambda c: c != a.centres))
    return seats


def _final_year(board: Sequence[IntendedSeat], draw: st.DrawFn) -> int:
    """The final year ``board`` gives, else a year it may end in (at or
    after its elimination and chart years)."""
    given = next((s.year for s in board if s.year is not None), None)
    if given is not None:
        return given
    low = max([1901, *(s.eliminated or 0 for s in board),
               *(y for s in board for y, c in s.chart.items() if c is not None)])
    return min(LAST_YEAR, low + draw(st.integers(0, 3)))


# ---------------------------------------------------------------- checking


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """A standings dict without what legitimately differs between a reader
    and the engine on the intended data: the title, and the warnings (whose
    place is cells for a reader; see :func:`same_warnings`)."""
    data = dict(data)
    data.pop("title", None)
    data.pop("warnings", None)
    # What was counted, from the reader's warnings too (boards half
    # entered): checked with them, by same_warnings.
    counted = data.pop("counted", None)
    if counted is not None:
        data["counted_boards"] = counted["counted"]
    return data


def same_warnings(got: Sequence[str], want: Sequence[Any], case: Case) -> bool:
    """Warning texts ``got`` (``"<place>: <message>"``) say the engine's
    notices ``want`` in the same order, after the reader's own: one for each
    board of the case with some centre counts blank, and any about names
    typed in two ways that print alike."""
    half = [g for g in got if "centre counts: blank for" in g]
    alike = [g for g in got if "print alike but are typed differently" in g]
    rest = [g for g in got if g not in half and g not in alike]
    boards = [tuple(map(int, m.groups()))
              for m in (re.search(r"round ([0-9]+), board ([0-9]+) has", g) for g in half) if m]
    # The boards in any order: the reader says them in the order of the
    # file's rows, the intended data holds them in its own.
    return sorted(boards) == sorted(half_entered(case)) and len(rest) == len(want) and all(
        g.endswith(": " + n.message) for g, n in zip(rest, want, strict=True)
    )


def features(case: Case) -> list[str]:
    """What the case's intended data holds of the inputs added after the
    first seven fields (for Hypothesis' statistics): where boards give
    their final year, a chart, a concession."""
    seats = [s for s in case.row_seats if s is not None]
    given: dict[tuple[int, int], list[bool]] = {}
    for s in seats:
        given.setdefault((s.round, s.board), []).append(s.year is not None)
    found = [f"year on {'every' if all(g) else 'one'} row of a board"
             for g in given.values() if any(g) and (all(g) or sum(g) == 1)]
    if any(isinstance(h, int | float) for h in case.header):
        found.append("chart year headed by a number")
    if any(_is_chart(c) for c in map(_field_of, case.header) if c is not None):
        found.append("chart")
    if case.intended is not None and any(g.conceded_to is not None
                                         for g in case.intended.games):
        found.append("concession")
    return sorted(set(found))


def half_entered(case: Case) -> list[tuple[int, int]]:
    """(round, board) of the intended boards with some but not all counts."""
    assert case.intended is not None
    return [(g.round, g.board) for g in case.intended.games
            if 0 < sum(s.centres is None for s in g.seats) < 7]


def row_context(case: Case, name: str, row: int) -> str:
    """The round, board, power and player of data row ``row`` that an error
    about its ``name`` cell must name (all but ``name``), from the intended
    data."""
    seat = case.row_seats[row]
    assert seat is not None, "an error cell in a blank row"
    shown = {"round": f"round {seat.round}", "board": f"board {seat.board}",
             "power": seat.power.title, "player": seat.player}
    return ", ".join(text for key, text in shown.items() if key != name and text)


def check_error(
    case: Case, message: str, label: str, shown: Callable[[str], str] = str
) -> None:
    """The error ``message`` is the one the case must give, naming ``label``
    (the file) and the cell, or the sheet and the board; ``shown``: how the
    surface prints text (the command line writes control and invisible
    characters out, :func:`dipxl.io.terminal.visible`)."""
    assert message.startswith(f"{label}: "), message
    if case.header_error:
        assert "missing column" in message or "no results found" in message, message
        return
    if case.error_cell is not None:
        name, row = case.error_cell
        where = shown(f"{label}: {case.cell_ref(name, row)} ({row_context(case, name, row)}): ")
        assert message.startswith(where), (where, message)
        return
    assert case.error_message is not None, f"expected a score, got the error {message}"
    assert message.endswith(shown(case.error_message)), (case.error_message, message)
    assert case.error_board is not None
    rnd, board = case.error_board
    place = message[len(label) + 2:]
    assert f"round {rnd}, board {board}" in place, (case.error_board, message)
    if case.kind == "xlsx":
        assert "!" in place, message  # the sheet and a cell
    else:
        assert place.startswith("line "), message
