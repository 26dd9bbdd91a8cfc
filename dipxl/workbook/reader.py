"""Reading a saved workbook into a tournament (and its Settings, if any).

What is read: the results sheet, found by its header row (``Round``,
``Board``, ``Power``, ``Player``, ``Centres`` and optionally ``Eliminated``
and ``Draw``, or their synonyms of :mod:`dipxl.workbook.layout`) within the
first rows of a sheet named ``Results`` or else of any sheet; other columns,
their order, blank rows and a title above the header do not matter.  A
``Settings`` sheet in the layout's format gives the system, its parameters
and the title (:mod:`dipxl.workbook.settings_read`: in a generated
workbook, as its formulas read them).  A ``Players`` sheet whose header
row has ``Player`` and ``First name`` and/or ``Last name`` gives the
players' first and last names when asked for (the WDD export,
:mod:`dipxl.wdd`); otherwise it is not read.

Only input cells are read.  Values come from python-calamine (the fastest
reader here; it returns cached values), and :mod:`dipxl.io.sheet_xml` finds the
cells that hold formulas or error values: either in an input cell is an
error naming the cell, so a cached formula result is never taken as data.

The file is read once into memory, checked by :mod:`dipxl.io.package`, and
never opened for writing.  Anything that is not an xlsx package (a CSV or an
.xls renamed .xlsx, an encrypted file, a truncated zip, a workbook without a
results sheet) is an :class:`~dipxl.errors.InputError` that names the file,
and errors in the data name the file, sheet and cell:
``spring.xlsx: Results!E14: centres must be a whole number 0-34, got "12a"``.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import python_calamine

from dipxl.errors import DipxlError, InputError, InputErrors, Notice
from dipxl.fields import (
    FIELDS,
    REQUIRED,
    SPEC,
    STATUS_SYNONYMS,
    chart_columns,
    chart_year,
    describe,
    extra_columns,
    header_columns,
    is_blank,
    parse_player,
    parse_status,
    parse_text,
    read_whole,
)
from dipxl.io.files import read_input
from dipxl.io.limits import MAX_TEXT
from dipxl.io.package import Package as _Package
from dipxl.io.package import sheet_ref as _sheet_ref
from dipxl.io.sheet_xml import parse_ref
from dipxl.model import Power, Status, Tournament
from dipxl.names import match_key, near_pairs
from dipxl.rows import Rows, tournament_from_rows, with_statuses
from dipxl.systems import System
from dipxl.workbook import formulas as fx
from dipxl.workbook.a1 import column_letter
from dipxl.workbook.layout import (
    CHART_HEADERS,
    HEADER_ROWS,
    INPUT_HEADERS,
    NAME_HEADERS,
    SHEETS,
)
from dipxl.workbook.settings_read import Settings, read_settings, settings_header

__all__ = ["HEADER_ROWS", "WorkbookInput", "read_workbook", "read_workbook_bytes"]

_TITLES = dict(zip(FIELDS, INPUT_HEADERS, strict=True))


@dataclass(frozen=True)
class WorkbookInput:
    """What a workbook holds: its tournament, where it was found, and the
    system, parameter overrides and title of its Settings sheet (``system``
    is None when the workbook has no Settings sheet naming one), and
    ``params``: the system's parameters with those overrides, built and
    checked once, when the workbook is read (None without a system).
    ``names``: player -> (first name, last name) from the Players sheet's
    ``First name`` / ``Last name`` columns (empty without them, or when not
    asked for)."""

    tournament: Tournament
    sheet: str
    header_row: int
    title: str
    system: System | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    params: Any = None
    names: Mapping[str, tuple[str, str]] = field(default_factory=dict)


def read_workbook(path: Path, label: str | None = None, *, names: bool = False) -> WorkbookInput:
    """Read the workbook at ``path``; every error is prefixed with ``label``
    (default: the file name).  ``names``: read the Players sheet's first
    and last names too (only the WDD export needs them)."""
    path = Path(path)
    name = label if label is not None else path.name
    return read_workbook_bytes(read_input(path, name), name, default_title=path.stem,
                               names=names)


def read_workbook_bytes(
    data: bytes, label: str = "", default_title: str = "", *, names: bool = False
) -> WorkbookInput:
    """Read a workbook from its bytes; errors are prefixed with ``label``;
    ``names`` as for :func:`read_workbook`."""
    try:
        return _Reader(data).read(default_title, names)
    except DipxlError as err:
        raise err.located(label) if label else err from None


# ---------------------------------------------------------------- sheets


def _blank_rows(columns: Sequence[list[Any]]) -> set[int]:
    """Rows (indexes) empty or blank text in every one of ``columns``."""
    blank: Sequence[int] | None = None
    for values in columns:
        kinds = set(map(type, values))
        if str not in kinds and type(None) not in kinds:
            return set()
        blank = [
            i
            for i in (range(len(values)) if blank is None else blank)
            if values[i] is None or (type(values[i]) is str and not values[i].strip())
        ]
        if not blank:
            return set()
    return set(blank or ())


def _as_typed(values: list[Any]) -> list[Any]:
    """Cell values as typed: empty is None, a whole float an int (calamine
    stores every number as a float; "-1" must not read "-1.0")."""
    kinds = set(map(type, values))
    if kinds == {str}:
        if values.count("") == len(values):
            return [None] * len(values)
        return [None if v == "" else v for v in values] if "" in values else values
    if kinds == {float} and all(map(float.is_integer, values)):
        return list(map(int, values))
    return [
        None if v == "" else (int(v) if type(v) is float and v.is_integer() else v)
        for v in values
    ]


def _input_columns(
    header: _Header, rows: Sequence[list[Any]]
) -> tuple[dict[str, list[Any]], Sequence[int]]:
    """The values of each input column below the header as read (``""``
    for an empty cell), without the rows blank in all of them, and the row
    numbers of the rows kept."""
    columns = header.columns
    present = [(f, columns[f]) for f in FIELDS if f in columns]
    present += [(f, c) for f, c in columns.items() if f not in SPEC]  # the chart's years
    last = max(c for _, c in present)
    body = rows[header.row :]
    if body and min(map(len, body)) <= last:
        body = [r if len(r) > last else [*r, *[None] * (last + 1 - len(r))] for r in body]
    raw = [[row[c] for row in body] for _, c in present]
    numbers: Sequence[int] = range(header.row + 1, len(rows) + 1)
    # A note alone does not make a row (as any column dipxl does not read).
    blank = _blank_rows([values for (f, _), values in zip(present, raw, strict=True)
                         if f != "note"])
    if blank:
        kept = [i for i in range(len(body)) if i not in blank]
        raw = [[values[i] for i in kept] for values in raw]
        numbers = [numbers[i] for i in kept]
    return dict(zip((f for f, _ in present), raw, strict=True)), numbers


def _rows(ref: str, header: _Header, columns: Mapping[str, list[Any]],
          numbers: Sequence[int]) -> Rows:
    """The rows of ``columns`` (values as read; typed here, see
    :func:`_as_typed`), row ``i`` being sheet row ``numbers[i]``, each value
    at its cell; a row is named by its first input cell."""
    letters = {f: f"{ref}!{column_letter(c + 1)}" for f, c in header.columns.items()}
    first = f"{ref}!{column_letter(min(header.columns.values()) + 1)}"

    def cell(name: str, i: int) -> str:
        return f"{letters[name]}{numbers[i]}" if name in letters else ""

    typed = {f: _as_typed(values) for f, values in columns.items()}
    return Rows(typed, [f"{first}{n}" for n in numbers], cell, sheet=True)


def _row_place(
    ref: str, header: _Header, rows: Sequence[list[Any]], row: int, unread: Collection[int],
    name: str,
) -> str:
    """Where field ``name`` of sheet row ``row`` (1-based) is, for a refused
    cell: the cell, and the round, board, power and player of the row, the
    cells of columns ``unread`` (formulas, error values: never read) taken
    as blank."""
    values = rows[row - 1] if row <= len(rows) else []
    columns = {
        f: [values[c] if c < len(values) and c not in unread else None]
        for f, c in header.columns.items()
    }
    return _rows(ref, header, columns, (row,)).locate(name, 0)


def _typed_in(
    rows: Sequence[list[Any]], formulas: Mapping[tuple[int, int], str],
    constants: Mapping[tuple[int, int], object],
) -> dict[tuple[int, int], str]:
    """The ``formulas`` (cell -> text) that compute their value; a cell whose
    formula is a constant (``constants``: cell -> value; LibreOffice saves
    every TRUE typed in as ``=TRUE()``) holds a value typed in, written
    into ``rows`` as such, whatever value was cached with it (or none)."""
    computed = {}
    for (row, col), text in formulas.items():
        if (row, col) in constants and row <= len(rows) and col < len(rows[row - 1]):
            rows[row - 1][col] = constants[(row, col)]
        else:
            computed[(row, col)] = text
    return computed


def _unread(
    ref: str, header: _Header, rows: Sequence[list[Any]], cells: Mapping[tuple[int, int], str],
    holds: str, advice: str,
) -> InputError:
    """The error for input cells never read (formulas, error values:
    ``cells`` maps (row, column) to the text seen): the first of them named,
    the others counted; ``holds`` says what the cell holds (``{}``: the
    text), ``advice`` comes before "enter the value itself"."""
    row, col = min(cells)
    name = next(f for f, c in header.columns.items() if c == col)
    more = f" (and {len(cells) - 1} more input cells)" if len(cells) > 1 else ""
    return InputError(
        f"{_TITLES.get(name, name).lower()} holds {holds.format(cells[(row, col)])}{more}; "
        f"{advice}enter the value itself",
        _row_place(ref, header, rows, row, {c for r, c in cells if r == row}, name),
        field=name,
        value=cells[(row, col)],
        cell=f"{ref}!{column_letter(col + 1)}{row}",
    )


def _refuse_long_text(sheet: str, rows: list[list[Any]]) -> None:
    """Refuse a cell whose text is longer than :data:`MAX_TEXT` characters,
    which no spreadsheet application writes in a cell (a name, a title):
    a hostile file's, whose every later step (a message quoting it, the
    terminal) would cost seconds."""
    for number, row in enumerate(rows, 1):
        for col, value in enumerate(row):
            if type(value) is str and len(value) > MAX_TEXT:
                raise InputError(
                    f"the cell holds {len(value):,} characters of text, more than a "
                    f"spreadsheet cell holds ({MAX_TEXT:,})",
                    f"{_sheet_ref(sheet)}!{column_letter(col + 1)}{number}",
                )


@dataclass
class _Header:
    row: int  # 1-based
    columns: dict[str, int]  # field -> 0-based column


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.package = _Package(data)
        try:
            unpacked = io.BytesIO(self.package.unpacked)  # checked: calamine inflates nothing
            self.book = python_calamine.CalamineWorkbook.from_filelike(unpacked)
        except Exception as err:  # calamine's own errors: damaged or unreadable parts
            raise InputError(f"the workbook cannot be read (damaged?): {err}") from None
        self.names: list[str] = list(self.book.sheet_names)
        self.loaded: dict[str, list[list[Any]]] = {}
        self.heads: dict[str, list[list[Any]]] = {}  # first rows of sheets not loaded

    def rows(self, sheet: str, nrows: int | None = None) -> list[list[Any]]:
        """Cell values from A1 (``""`` for empty cells), the first ``nrows``
        rows (all when None); the sheet is read once, and a text longer than
        a spreadsheet cell holds (:data:`MAX_TEXT`) refused, naming its cell.
        The first rows of a sheet not read are read alone, from the start
        of its XML (:meth:`Package.sheet_head`): a sheet dipxl does not
        need costs little, whatever its size."""
        loaded = self.loaded.get(sheet)
        if loaded is None and nrows is not None:
            if sheet not in self.heads:
                self.heads[sheet] = self.package.sheet_head(sheet, HEADER_ROWS)
            return self.heads[sheet][:nrows]
        if loaded is None:
            self.package.check_extent(sheet)
            try:
                loaded = self.book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
            except Exception as err:  # calamine's own errors
                raise InputError(
                    f"sheet {sheet!r} cannot be read (damaged?): {err}") from None
            _refuse_long_text(sheet, loaded)
            self.loaded[sheet] = loaded
        return loaded[:nrows]

    def read(self, default_title: str, names: bool = False) -> WorkbookInput:
        if not self.names:
            raise InputError("the workbook has no sheets")
        settings = self.settings()
        sheet, header, rows = self.results_sheet()
        # The year-by-year chart's columns (headed 1901, 1902, ...), and the
        # adjustment and its note (issue 26), read too.
        head = rows[header.row - 1]
        header = _Header(header.row, {**header.columns, **chart_columns(head),
                                      **extra_columns(head)})
        # A note is text for people: a formula there is its shown text.
        input_cols = {c for f, c in header.columns.items() if f != "note"}
        formulas = _typed_in(rows, self.package.formula_cells(sheet, input_cols, header.row),
                             self.package.constant_cells(sheet, input_cols, header.row))
        ref = _sheet_ref(sheet)
        if formulas:
            raise _unread(ref, header, rows, formulas, "a formula ({})",
                          "dipxl reads only typed-in values, never formula results: ")
        errors = self.package.error_cells(sheet, input_cols, header.row)
        if errors:
            raise _unread(ref, header, rows, errors, "the error value {}", "")
        columns, numbers = _input_columns(header, rows)
        if not numbers:
            raise InputError(
                "no results: the sheet has a header row but no result rows below it",
                f"{ref}!A{header.row}",
            )
        settings.check_results(rows[header.row - 1])
        self.check_layout(sheet, header, rows)
        title = settings.title or self.title_above(rows, header) or default_title
        registered = self.registered()
        spelt = columns
        if registered and "player" in columns:
            # A name the workbook's MATCH finds is that player, spelt as on
            # Players (its Standings show that spelling).
            spelt = {**columns, "player": [
                registered.get(match_key(raw), (raw, 0))[0] if isinstance(raw, str) else raw
                for raw in columns["player"]]}
        tournament = tournament_from_rows(_rows(ref, header, spelt, numbers), title)
        statuses = self.player_statuses()
        if statuses:
            tournament = with_statuses(tournament, statuses)
        overrides, params = settings.for_event(tournament)
        remarks = [*self.not_on_players(ref, header, columns, numbers, registered),
                   *self.other_results(sheet)]
        if remarks:
            tournament = replace(tournament, remarks=(*tournament.remarks, *remarks))
        return WorkbookInput(tournament, sheet, header.row, title, settings.system, overrides,
                             params, self.player_names() if names else {})

    # -- results

    def results_sheet(self) -> tuple[str, _Header, list[list[Any]]]:
        wanted = SHEETS["results"].lower()
        order = sorted(
            (n for n in self.names if n.lower() != SHEETS["settings"].lower()),
            key=lambda n: n.lower() != wanted,
        )
        partial: tuple[int, str, int, dict[str, int]] | None = None
        full: list[tuple[str, _Header]] = []
        for sheet in order:
            # The Results sheet is read whole, once; another sheet's first
            # rows only, until it proves to hold the results.
            results = sheet.lower() == wanted
            head = self.rows(sheet) if results else self.rows(sheet, HEADER_ROWS)
            for index, row in enumerate(head[:HEADER_ROWS]):
                columns = header_columns(row)
                if all(f in columns for f in REQUIRED):
                    if results:  # the Results sheet: no other is read
                        return sheet, _Header(index + 1, columns), head
                    full.append((sheet, _Header(index + 1, columns)))
                    break
                count = sum(f in columns for f in REQUIRED)
                if count >= 3 and (partial is None or count > partial[0]):
                    partial = (count, sheet, index + 1, columns)
        if len(full) == 1:  # found in its first rows: now read whole, and found there
            sheet, header = full[0]
            rows = self.rows(sheet)
            columns = header_columns(rows[header.row - 1]) if header.row <= len(rows) else {}
            if all(f in columns for f in REQUIRED):
                return sheet, _Header(header.row, columns), rows
            raise InputError("the workbook is damaged: the sheet's first rows read two ways",
                             _sheet_ref(sheet))
        if full:  # results spread over sheets: reading one would lose the others
            names = ", ".join(repr(n) for n, _ in full)
            sheet, header = full[0]
            corner = column_letter(min(header.columns.values()) + 1)
            raise InputError(
                f"results headers on {len(full)} sheets ({names}): dipxl reads the results "
                "of one sheet; put them all on one sheet, or name the one to read 'Results'",
                f"{_sheet_ref(sheet)}!{corner}{header.row}",
            )
        if partial is not None:
            _count, sheet, header_row, columns = partial
            missing = [_TITLES[f] for f in REQUIRED if f not in columns]
            have = [_TITLES[f] for f in FIELDS if f in columns]
            first = min(columns.values())
            raise InputError(
                f"missing column(s) {', '.join(missing)}: the header row has "
                f"{', '.join(have)}; a results header needs "
                f"{', '.join(_TITLES[f] for f in REQUIRED)}",
                f"{_sheet_ref(sheet)}!{column_letter(first + 1)}{header_row}",
            )
        sheets = ", ".join(repr(n) for n in self.names)
        raise InputError(
            f"no results found: no sheet ({sheets}) has a header row with "
            f"{', '.join(_TITLES[f] for f in REQUIRED)} in its first {HEADER_ROWS} rows"
        )

    def other_results(self, sheet: str) -> list[Notice]:
        """A warning for each sheet besides ``sheet`` (the one read) that
        also has a results header: its rows are not read, which must not go
        unsaid.  The sheets a generated workbook computes are not looked at."""
        own = {n.lower() for n in (*SHEETS.values(), fx.CALC, fx.SUMMARY)}
        found = []
        for other in self.names:
            if other == sheet or other.lower() in own:
                continue
            for index, row in enumerate(self.rows(other, HEADER_ROWS)):
                columns = header_columns(row)
                if all(f in columns for f in REQUIRED):
                    corner = column_letter(min(columns.values()) + 1)
                    found.append(Notice(
                        "other_results_sheet",
                        f"sheet {other!r} also has a results header, but dipxl reads the "
                        f"results of {sheet!r} only: move its rows to {sheet!r}, or delete it",
                        f"{_sheet_ref(other)}!{corner}{index + 1}",
                    ))
                    break
        return found

    def check_layout(self, sheet: str, header: _Header, rows: Sequence[list[Any]]) -> None:
        """In a generated workbook (its defined name ``results_layout``),
        refuse rows its formulas read otherwise than dipxl would: they read
        each board from its seven rows by place, whatever their Round, Board
        and Power cells say, and nothing below the last board.  So a row
        moved (sorted, swapped), a Round, Board or Power cell retyped, and a
        result typed below the last board are errors naming the cell (the
        workbook's Standings say so too: its Counted column); so are the
        chart's headings it would read otherwise (:func:`_chart_headings`)."""
        names = self.package.defined_names()
        layout = _named_block(names.get(fx.RESULTS_LAYOUT, ""))
        rounds_ref = _named_block(names.get("calc_round_no", ""))
        if layout is None or rounds_ref is None:
            return
        where, first, last, col, _ = layout
        rounds = rounds_ref[2] - rounds_ref[1] + 1
        places = [col, col + 1, col + 2]
        typed_at = [header.columns.get(f) for f in ("round", "board", "power")]
        if where != sheet or places != typed_at or rounds < 1 or (last - first + 1) % (7 * rounds):
            return  # not the layout the formulas were written for: nothing to compare
        boards = (last - first + 1) // (7 * rounds)
        ref = _sheet_ref(sheet)
        problems = _chart_headings(ref, header, rows, _named_block(names.get(fx.RESULTS_CHART, "")))
        for number in range(first, min(last, len(rows)) + 1):
            k, seat = divmod(number - first, 7)
            rnd, board, power = k // boards + 1, k % boards + 1, Power(seat)
            row = rows[number - 1]
            got = _as_typed([row[c] if c < len(row) else None for c in places])
            block = f"round {rnd}, board {board}'s rows ({number - seat}-{number - seat + 6})"
            for i, (what, want) in enumerate((("round", rnd), ("board", board))):
                if read_whole(got[i], 1, 1 << 30) != want:
                    problems.append(_misplaced(
                        f"{ref}!{column_letter(col + i + 1)}{number}", what, got[i], block,
                        f"{what} {want}", str(want)))
            if not (isinstance(got[2], str) and got[2].casefold() == power.title.casefold()):
                problems.append(_misplaced(
                    f"{ref}!{column_letter(col + 3)}{number}", "power", got[2],
                    block, power.title, power.title))
        entries = [header.columns[f] for f in ("player", "centres", "eliminated", "draw")
                   if f in header.columns]
        for number in range(last + 1, len(rows) + 1):
            row = rows[number - 1]
            typed = [c for c in entries if c < len(row) and not is_blank(row[c])]
            if typed:
                problems.append(InputError(
                    f"a result below the workbook's last board (row {last}), which its "
                    "formulas never read: make a workbook with more rounds or boards "
                    "(dipxl new -r ROUNDS -b BOARDS) and copy the results into it, or score "
                    "them as a CSV file",
                    f"{ref}!{column_letter(typed[0] + 1)}{number}",
                ))
                break
        if problems:
            raise InputErrors.of(problems[: InputErrors.KEPT], len(problems))

    def players_range(self) -> tuple[str, tuple[str, int, int, int] | None]:
        """The defined name ``player_names`` of a generated workbook (the
        Players range its formulas MATCH names in) as written, and as
        (sheet, first row, last row, 0-based column); None in any other
        workbook."""
        target = self.package.defined_names().get(_PLAYER_NAMES, "")
        listed = _named_range(target)
        return target, listed if listed is not None and listed[0] in self.names else None

    def registered(self) -> dict[object, tuple[str, int]]:
        """In a generated workbook (its defined name ``player_names``), the
        names of its Players sheet by :func:`dipxl.names.match_key` (as the
        sheet's MATCH compares a Players cell: untrimmed, case aside):
        (the name as typed there, its row); empty in any other workbook."""
        _, listed = self.players_range()
        if listed is None:
            return {}
        sheet, first, last, col = listed
        registered: dict[object, tuple[str, int]] = {}
        for number, row in enumerate(self.rows(sheet)[first - 1 : last], start=first):
            if col < len(row) and not is_blank(row[col]):
                registered.setdefault(match_key(row[col], trim=False), (row[col], number))
        return registered

    def not_on_players(
        self, ref: str, header: _Header, columns: Mapping[str, list[Any]],
        numbers: Sequence[int], registered: Mapping[object, tuple[str, int]],
    ) -> list[Notice]:
        """In a generated workbook (its defined name ``player_names``), a
        warning for each player of Results not on its Players sheet, found as
        the sheet's MATCH finds names (:func:`dipxl.names.match_key`: the
        Results name trimmed, case aside, nothing else): its own formulas
        leave that seat out and mark it red; dipxl scores it.  A registered
        name near it (accents, case, spaces, a letter) is suggested, naming
        its cell."""
        target, listed = self.players_range()
        if listed is None or "player" not in columns:
            return []
        sheet, _first, _last, col = listed
        cells: dict[object, tuple[object, list[int]]] = {}
        for raw, number in zip(columns["player"], numbers, strict=True):
            # Any entry counts, spaces alone too: the sheet's COUNTA does.
            if raw not in (None, "") and match_key(raw) not in registered:
                cells.setdefault(match_key(raw), (raw, []))[1].append(number)
        letter = column_letter(header.columns["player"] + 1)
        spelt = {str(name): at for name, at in registered.values()}
        # The registered name nearest each unknown one, all found in one pass.
        nearest: dict[str, str] = {}
        for typed, other in near_pairs([str(raw) for raw, _ in cells.values()], spelt):
            nearest.setdefault(typed, other)
        found = []
        for raw, rows in cells.values():
            more = f" (and {len(rows) - 1} more rows)" if len(rows) > 1 else ""
            if isinstance(raw, str) and not raw.strip():
                found.append(Notice(
                    "not_on_players",
                    f"the Player cell holds only spaces{more}, which the workbook counts as a "
                    "name not on Players: clear it",
                    f"{ref}!{letter}{rows[0]}", count=len(rows),
                ))
                continue
            hint = ""
            name = nearest.get(str(raw), "")
            if name:
                hint = (f"; did you mean {describe(name)} "
                        f"({_sheet_ref(sheet)}!{column_letter(col + 1)}{spelt[name]})?")
                if name != " ".join(name.split()):
                    hint += (" That Players cell has spaces around or inside the name, "
                             "which the formulas' MATCH keeps: remove them there")
            found.append(Notice(
                "not_on_players",
                f"player {describe(raw)} is not on the Players sheet ({target}){more}: the "
                "workbook's own formulas leave the seat out (the sheet marks it red) while "
                f"dipxl scores it; add the name to Players or correct it{hint}",
                f"{ref}!{letter}{rows[0]}",
                count=len(rows),
            ))
        return found

    @staticmethod
    def title_above(rows: Sequence[list[Any]], header: _Header) -> str:
        for row in rows[: header.row - 1]:
            for value in row:
                if isinstance(value, str) and value.strip():
                    return " ".join(value.split())
        return ""

    # -- players

    def player_names(self) -> dict[str, tuple[str, str]]:
        """player -> (first name, last name) from the Players sheet's
        optional ``First name`` / ``Last name`` columns; a row with both
        blank gives nothing (the name is split as usual).  Text is folded
        as a player's name is; a formula or an error value in those
        columns is an error naming the cell, as in the results."""
        sheet = next((n for n in self.names if n.lower() == SHEETS["players"].lower()), None)
        if sheet is None:
            return {}
        if _names_header(self.rows(sheet, HEADER_ROWS)) is None:
            return {}  # no names to read: the sheet is not read
        rows = self.rows(sheet)
        found = _names_header(rows)
        if found is None:
            return {}
        header_index, columns = found
        ref = _sheet_ref(sheet)
        self._typed_only(sheet, rows, columns, header_index, "the name")
        names: dict[str, tuple[str, str]] = {}
        for number, row in enumerate(rows[header_index + 1 :], start=header_index + 2):
            text = {}
            for what, col in columns.items():
                cell = f"{ref}!{column_letter(col + 1)}{number}"
                value = row[col] if col < len(row) else None
                if isinstance(value, str):
                    text[what] = parse_text(value, what, cell, what)
                else:
                    text[what] = parse_player(None if value == "" else value, cell)
            if text["player"] and (text.get("first name") or text.get("last name")):
                names[text["player"]] = (text.get("first name", ""), text.get("last name", ""))
        return names

    def _typed_only(self, sheet: str, rows: list[list[Any]], columns: Mapping[str, int],
                    header_index: int, instead: str) -> None:
        """InputError at the first cell below the header of ``columns`` (name
        -> column index) holding a formula or an error value: dipxl reads
        only typed-in values (``instead``: what to enter)."""
        ref = _sheet_ref(sheet)
        for cells, holds in (
            (_typed_in(rows, self.package.formula_cells(sheet, columns.values(), header_index + 1),
                       self.package.constant_cells(sheet, columns.values(), header_index + 1)),
             "a formula"),
            (self.package.error_cells(sheet, columns.values(), header_index + 1),
             "the error value"),
        ):
            if cells:
                (at, col), seen = min(cells.items())
                cell = f"{ref}!{column_letter(col + 1)}{at}"
                what = next(k for k, c in columns.items() if c == col)
                raise InputError(
                    f"{what} holds {holds} ({seen}); dipxl reads only typed-in values: "
                    f"enter {instead} itself", cell, field=what, value=seen, cell=cell,
                )

    def player_statuses(self) -> list[tuple[str, Status, str]]:
        """(player, status, its cell) of each row of the Players sheet when
        its header row (in the first rows) has a ``Player`` and a ``Status``
        column (:data:`~dipxl.fields.STATUS_SYNONYMS`); else nothing (the
        sheet is not read).  A status is blank, ``withdrawn`` or
        ``unranked`` (any case); anything else, and a formula or an error
        value in either column, is an error naming the cell."""
        sheet = next((n for n in self.names if n.lower() == SHEETS["players"].lower()), None)
        if sheet is None or _status_header(self.rows(sheet, HEADER_ROWS)) is None:
            return []
        rows = self.rows(sheet)
        found = _status_header(rows)
        if found is None:
            return []
        index, columns = found
        ref = _sheet_ref(sheet)
        self._typed_only(sheet, rows, columns, index, "the value")
        listed = []
        problems = []
        for number, row in enumerate(rows[index + 1 :], start=index + 2):
            values = [row[c] if c < len(row) else None for c in columns.values()]
            player_value, status_value = (None if v == "" else v for v in values)
            places = [f"{ref}!{column_letter(c + 1)}{number}" for c in columns.values()]
            try:
                player = parse_player(player_value, places[0])
                status = parse_status(status_value, places[1])
            except InputError as err:
                problems.append(_at_cell(err))
                continue
            if player:
                listed.append((player, status, places[1]))
            elif status is not Status.RANKED:
                problems.append(InputError(
                    f"status {describe(status_value)} on a row with no player: type the "
                    "player's name or clear the status", places[1], field="status",
                    value=status_value, cell=places[1]))
        if problems:
            raise InputErrors.of(problems[: InputErrors.KEPT], len(problems))
        return listed

    def settings(self) -> Settings:
        """The Settings sheet's system, parameters and title (empty without one)."""
        sheet = next((n for n in self.names if n.lower() == SHEETS["settings"].lower()), None)
        if sheet is None:
            return Settings()
        if settings_header(self.rows(sheet, HEADER_ROWS)) is None:
            return Settings()  # a Settings sheet of another kind: not ours, not read
        rows = self.rows(sheet)
        found = settings_header(rows)
        if found is None:
            return Settings()
        header_index, _, value_col = found
        return read_settings(
            rows, sheet, found,
            _typed_in(rows, self.package.formula_cells(sheet, (value_col,), header_index + 1),
                      self.package.constant_cells(sheet, (value_col,), header_index + 1)),
            self.package.error_cells(sheet, (value_col,), header_index + 1),
            self.package.defined_names(),
        )


def _names_header(rows: Sequence[list[Any]]) -> tuple[int, dict[str, int]] | None:
    """(row index, {"player"/"first name"/"last name": column}) of a Players
    header row with a player column and a first or last name column."""
    for index, row in enumerate(rows[:HEADER_ROWS]):
        columns: dict[str, int] = {}
        for col, value in enumerate(row):
            text = " ".join(value.split()).lower() if isinstance(value, str) else None
            what = NAME_HEADERS.get(text or "")
            if what is not None and what not in columns:
                columns[what] = col
        if "player" in columns and len(columns) > 1:
            return index, columns
    return None


def _status_header(rows: Sequence[list[Any]]) -> tuple[int, dict[str, int]] | None:
    """(row index, {"player": column, "status": column}) of a Players header
    row with a player column and a status column."""
    for index, row in enumerate(rows[:HEADER_ROWS]):
        columns: dict[str, int] = {}
        for col, value in enumerate(row):
            text = " ".join(value.split()).lower() if isinstance(value, str) else ""
            what = ("status" if text in STATUS_SYNONYMS
                    else "player" if NAME_HEADERS.get(text) == "player" else None)
            if what is not None and what not in columns:
                columns[what] = col
        if len(columns) == 2:
            return index, {"player": columns["player"], "status": columns["status"]}
    return None


def _at_cell(err: InputError) -> InputError:
    """``err`` with its place as its cell (a Players cell)."""
    return InputError(err.message, err.where, field=err.field, value=err.value, cell=err.where)


_PLAYER_NAMES = "player_names"  # the Players range the Results formulas MATCH names in


def _named_range(target: str) -> tuple[str, int, int, int] | None:
    """(sheet, first row, last row, 0-based column) of a one-column range
    ``Players!$B$2:$B$22``; None for anything else."""
    block = _named_block(target)
    if block is None or block[3] != block[4]:
        return None
    return block[:4]


def _chart_headings(
    ref: str, header: _Header, rows: Sequence[list[Any]],
    chart: tuple[str, int, int, int, int] | None,
) -> list[InputError]:
    """In a generated workbook of a system reading the chart, the chart's
    headings that dipxl would read otherwise than its formulas, which read
    each chart column by place as the year it was made with (``chart``:
    the defined name :data:`~dipxl.workbook.formulas.RESULTS_CHART`; None:
    nothing to compare): a heading retyped as another year, as a date, as
    text that is no year; and a column headed by a year outside the chart,
    which dipxl would read and the formulas do not."""
    if chart is None or not chart[1] == header.row == chart[2]:
        return []
    heads = rows[header.row - 1] if header.row <= len(rows) else []
    problems = []
    _, _, _, first, last = chart
    read_by_formulas = range(first, last + 1)
    if len(read_by_formulas) != len(CHART_HEADERS):
        return [InputError(
            f"the chart's columns were made as the {len(CHART_HEADERS)} years "
            f"{CHART_HEADERS[0]}-{CHART_HEADERS[-1]} but now span {len(read_by_formulas)} "
            "columns (one inserted or deleted among them): the workbook's formulas read "
            "each by place; make a new workbook and copy the results into it",
            f"{ref}!{column_letter(first + 1)}{header.row}")]
    for year, col in zip(CHART_HEADERS, read_by_formulas, strict=True):
        text = heads[col] if col < len(heads) else None
        read = chart_year(text)
        if read == int(year):
            continue
        cell = f"{ref}!{column_letter(col + 1)}{header.row}"
        said = "is blank" if is_blank(text) else f"says {describe(text)}"
        problems.append(InputError(
            f"the workbook's formulas read this column as the chart's {year} counts, but its "
            f"heading {said}, which dipxl reads {f'as {read}' if read else 'as no year'}: "
            f"type {year} back", cell, field="chart", value=text, cell=cell))
    for key, col in header.columns.items():
        if key not in SPEC and col not in read_by_formulas:
            cell = f"{ref}!{column_letter(col + 1)}{header.row}"
            problems.append(InputError(
                f"{describe(heads[col])} heads a column dipxl reads as the chart's {key} "
                f"counts, which this workbook's formulas do not read (its chart is the columns "
                f"{CHART_HEADERS[0]}-{CHART_HEADERS[-1]}): rename the heading, or type the "
                "counts in the chart's columns", cell, field="chart", value=heads[col],
                cell=cell))
    return problems


def _misplaced(cell: str, what: str, value: object, place: str, reads: str,
               typed: str) -> InputError:
    """A pre-filled Round, Board or Power cell that says another place than
    the row's: its formulas read the row as ``reads``."""
    return InputError(
        f"says {what} {describe(value)}, but this row is one of {place}, which the "
        f"workbook's formulas read as {reads}: keep every row in its place (sorted by "
        f"Round, Board and the powers Austria to Turkey), or type {typed}",
        cell, field=what, value=value, cell=cell,
    )


def _named_block(target: str) -> tuple[str, int, int, int, int] | None:
    """(sheet, first row, last row, first and last 0-based column) of a
    range ``Results!$A$2:$C$29`` or a cell; None for anything else."""
    sheet, _, address = target.rpartition("!")
    first, _, last = address.partition(":")
    a, b = parse_ref(first), parse_ref(last or first)
    if not sheet or a is None or b is None or b[0] < a[0] or b[1] < a[1]:
        return None
    return sheet.strip("'").replace("''", "'"), a[0], b[0], a[1], b[1]
