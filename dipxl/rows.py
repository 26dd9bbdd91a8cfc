"""The one way into the model: result rows of raw cell values, with the
place of each cell, become a validated :class:`~dipxl.model.Tournament`.

Every reader (CSV, workbooks, the worksheet functions) hands its rows to
:func:`tournament_from_rows` as :class:`Rows`: columns of raw values (one
per row, as delivered: text, numbers, blanks), where each row is, and the
cell of each of its values.  Every value is parsed by its field's parser
(:mod:`dipxl.fields`; each distinct value of a column once), every bad cell
is reported at once (:class:`~dipxl.errors.InputErrors`, in the input's
order), then, when the cells are right, every broken game.  An error names
its cell and the round, board, power and player of its row
(``Results!E14 (round 2, board 3, Austria, Alice)``) and carries its
``field``, ``value`` and ``cell``.

Rows that are no seat (a player, no board and no power) are the event's
sit-outs and adjustments (:func:`_around_games`, issue 26), and
:func:`with_statuses` adds who is ranked from a Players sheet or a players
file.

:func:`board_from_values` reads the seven cells of one board for the
worksheet functions that score a single board.
"""

from __future__ import annotations

import contextlib
import itertools
import operator
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, cast

from dipxl.errors import InputError, InputErrors, Notice
from dipxl.fields import (
    CELL_READERS,
    CHART_READ,
    CHART_READ_CELL,
    EXTRA_FIELDS,
    FIELDS,
    PARSERS,
    READERS,
    REFUSED,
    SPEC,
    UNREAD,
    chart_year,
    describe,
    is_blank,
    parse_adjustment,
    parse_chart_count,
    parse_note,
    parse_player,
    parse_round,
    unread_reason,
)
from dipxl.model import (
    MAX_CENTRES,
    SOLO_CENTRES,
    Adjustment,
    Game,
    Power,
    Seat,
    SitOut,
    Status,
    Tournament,
)
from dipxl.names import near_pairs

__all__ = ["Rows", "board_from_values", "finished_counts", "tournament_from_rows", "with_statuses"]


def _no_cell(field: str, row: int) -> str:
    return ""


@dataclass(frozen=True, slots=True)
class Rows:
    """Result rows as columns of raw values, and where each value is.

    ``columns`` maps a field of :data:`~dipxl.fields.FIELDS` to its values,
    one a row (a field left out is blank in every row); ``wheres[i]`` names
    row ``i`` (``Results!A14``, ``line 14``, ``row 3``; ``""`` unknown);
    ``cells(field, i)`` names the cell of ``field`` in row ``i``
    (``Results!E14``; ``""`` unknown: the row's name stands for it);
    ``sheet``: the values are a spreadsheet's cells, where text is text
    (:data:`~dipxl.fields.CELL_READERS`), not a text file's.
    """

    columns: Mapping[str, Sequence[object]]
    wheres: Sequence[str]
    cells: Callable[[str, int], str] = _no_cell
    sheet: bool = False

    @classmethod
    def of(
        cls,
        rows: Sequence[Mapping[str, object]],
        wheres: Sequence[str] | None = None,
        cells: Sequence[Mapping[str, str]] | None = None,
        *,
        sheet: bool = False,
    ) -> Rows:
        """Rows given one mapping of field to value a row; ``cells[i]`` maps
        a field to its cell in row ``i``."""
        columns = {f: [row.get(f) for row in rows] for f in FIELDS}
        named = cells

        def cell(field: str, i: int) -> str:
            return named[i].get(field, "") if named is not None else ""

        return cls(columns, list(wheres) if wheres is not None else [""] * len(rows), cell,
                   sheet)

    def __len__(self) -> int:
        return len(self.wheres)

    def subset(self, keep: Sequence[int]) -> Rows:
        """The rows ``keep`` (indexes, in order), each value at its cell."""
        cells, kept = self.cells, list(keep)

        def cell(field: str, i: int) -> str:
            return cells(field, kept[i])

        return Rows({f: [values[i] for i in kept] for f, values in self.columns.items()},
                    [self.wheres[i] for i in kept], cell, self.sheet)

    def without(self, fields: Collection[str]) -> Rows:
        """The rows without the columns of ``fields``."""
        return Rows({f: v for f, v in self.columns.items() if f not in fields}, self.wheres,
                    self.cells, self.sheet)

    def value(self, field: str, i: int) -> object:
        """The raw value of ``field`` in row ``i`` (None for a column left out)."""
        column = self.columns.get(field)
        return None if column is None else column[i]

    def cell(self, field: str, i: int) -> str:
        """The cell of ``field`` in row ``i``, else the row."""
        return self.cells(field, i) or self.wheres[i]

    def locate(self, field: str, i: int) -> str:
        """Where ``field`` of row ``i`` is, for an error about it: the cell,
        then the row's round, board, power and player, those of them that
        are readable (``Results!E14 (round 2, board 3, Austria, Alice)``)."""
        seen = []
        for key in FIELDS[:4]:  # round, board, power, player
            if key == field:
                continue
            try:
                value = PARSERS[key](self.value(key, i))
            except InputError:
                continue
            if isinstance(value, Power):
                seen.append(value.title)
            elif value is not None and value != "":
                seen.append(f"{key} {value}" if key in ("round", "board") else str(value))
        cell = self.cell(field, i)
        if cell and seen:
            return f"{cell} ({', '.join(seen)})"
        return cell or ", ".join(seen)

    def problem(self, err: InputError, field: str, i: int) -> InputError:
        """``err`` about ``field`` of row ``i``, placed there."""
        return InputError(
            err.message,
            self.locate(field, i) or err.where,
            field=field,
            value=self.value(field, i),
            cell=self.cell(field, i),
        )


def tournament_from_rows(rows: Rows, title: str = "") -> Tournament:
    """Parse and group raw rows into a validated :class:`Tournament`.

    A row with a player and no board and no power is not a seat (issue
    26): with an ``adjustment`` it is an adjustment (points added to the
    player's total, its ``note`` and its round, if given, kept), without
    one a sit-out (its round required): :func:`_around_games`.

    Rows are grouped into games by (round, board) in order of appearance; a
    game's origin is the span of its rows (``Results!A2-A8``).  Every bad
    cell is an error, then every broken game (InputErrors when several).
    A board field's value that cannot be read (:data:`~dipxl.fields.UNREAD`:
    text in a spreadsheet's count, ``x`` in a draw column) is no error: its
    board is kept unfinished (not counted), with a ``not_counted`` warning
    naming the cell, as a generated workbook's formulas leave it out.
    """
    kinds = _row_kinds(rows)
    if kinds is not None:
        return _around_games(rows, kinds, title)
    if rows.columns.keys() & _AROUND:
        rows = rows.without(_AROUND)
    return _games_from_rows(rows, title)


def _games_from_rows(rows: Rows, title: str) -> Tournament:
    """:func:`tournament_from_rows` of rows that are all seats."""
    size = len(rows.wheres)
    _refuse_checkboxes(rows)
    parsed: dict[str, list[Any]] = {}
    refused: dict[str, list[bool]] = {}  # per field with a refused cell: which rows
    unread: dict[int, list[str]] = {}  # row -> its board fields not read
    readers = CELL_READERS if rows.sheet else READERS
    for name in FIELDS:
        values = rows.columns.get(name)
        if values is None:
            parsed[name] = [None] * size
            continue
        if len(values) != size:
            raise ValueError(f"column {name} and wheres are not of the same length")
        parsed[name], bad = _parsed_column(values, readers[name], name in ("round", "board"))
        if bad is not None:
            refused[name] = bad
        if SPEC[name].board:
            for i in _unread_rows(parsed[name]):
                parsed[name][i] = None
                unread.setdefault(i, []).append(name)
    seats: list[Seat] | None = None
    spelt: list[Notice] = []
    if not refused:
        parsed["player"], spelt = _one_spelling(rows, parsed["player"])
        with contextlib.suppress(InputError):  # each row's own check names its cell below
            seats = list(map(Seat, parsed["player"], parsed["power"], parsed["centres"],
                             parsed["eliminated"], parsed["draw"], parsed["year"]))
    if seats is None:
        raise _row_problems(rows, parsed, refused)
    if not rows.columns.keys() <= SPEC.keys():  # chart columns too
        _add_charts(rows, seats, unread)
    rounds = cast("list[int]", parsed["round"])
    boards = cast("list[int]", parsed["board"])
    grouped: dict[tuple[int, int], list[int]] = {}
    for i, key in enumerate(zip(rounds, boards, strict=True)):
        members = grouped.get(key)
        if members is None:
            grouped[key] = [i]
        else:
            members.append(i)
    uncounted = _not_counted(rows, grouped, unread, seats)
    games = []
    problems: list[InputError] = []
    broken = 0
    for (rnd, board), members in grouped.items():
        try:
            games.append(Game(rnd, board, tuple([seats[i] for i in members]),
                              _span([rows.wheres[i] for i in members]),
                              partial(_seat_cells, rows, members, seats)))
        except InputError as err:
            broken += 1
            if len(problems) < InputErrors.KEPT:
                problems.append(_game_problem(err, rows, members, seats, rnd, board))
    if problems:
        raise InputErrors.of(problems, broken)
    remarks = [*uncounted, *_half_entered(rows, grouped, seats), *spelt,
               *_spelt_alike(rows, parsed["player"]), *_near_names(rows, parsed["player"], rounds)]
    return Tournament(tuple(games), title, tuple(remarks))


def _refuse_checkboxes(rows: Rows) -> None:
    """Refuse a column of checkboxes (TRUE/FALSE: ticked or typed in a
    spreadsheet, saved by LibreOffice as =TRUE(), or the text a CSV export
    writes for them): one error a column, counting its cells and saying
    what to type (``Field.instead``).  A column of checkboxes holds two or
    more truth values, a FALSE among them (a box left unticked: Excel,
    Google Sheets and LibreOffice keep it as FALSE).  A TRUE typed here
    and there is a careless entry: refused cell by cell (a player, a
    power), or its board not counted (a count, a flag), as any value no
    formula reads."""
    problems = []
    for name, values in rows.columns.items():
        kinds = set(map(type, values))
        if bool not in kinds and str not in kinds:
            continue
        if bool not in kinds:  # text: each distinct value looked at once (fast)
            try:
                if not any(_truth(v) is not None for v in set(values)):
                    continue
            except TypeError:  # a value that cannot be a key (no reader sends one)
                pass
        truth = {i: t for i, v in enumerate(values) if (t := _truth(v)) is not None}
        if len(truth) < 2 or all(truth.values()):
            continue
        at = list(truth)
        first, last = rows.cell(name, at[0]), rows.cell(name, at[-1])
        span = first if len(at) == 1 else _joined_cells(first, last)
        cells = f"{len(at)} cell{'s' if len(at) > 1 else ''}"
        header, instead = ((SPEC[name].header, SPEC[name].instead) if name in SPEC
                           else (name, _CHART_INSTEAD))  # a chart year's column
        problems.append(InputError(
            f"{header} column holds TRUE/FALSE (checkboxes) in {cells}: {instead}",
            span, field=name, value=True, cell=first,
        ))
    if problems:
        raise InputErrors.of(problems)


def _truth(value: object) -> bool | None:
    """The truth value a checkbox left in a cell (TRUE or FALSE, or their
    text in a CSV file), else None."""
    if type(value) is bool:
        return value
    if type(value) is str and len(value) <= 7:
        return {"true": True, "false": False}.get(value.strip().casefold())
    return None


def _joined_cells(first: str, last: str) -> str:
    """The place from cell ``first`` to cell ``last`` of one column:
    ``Results!G2:G15``, ``lines 2-15, column draw`` (a CSV file),
    ``rows 2-15, Draw`` (a worksheet function's range)."""
    sheet, bang, _ = first.rpartition("!")
    if bang and last.startswith(sheet + "!"):
        return f"{first}:{last.rpartition('!')[2]}"
    a, b = _NUMBERED.fullmatch(first), _NUMBERED.fullmatch(last)
    if a and b and (a[1], a[3]) == (b[1], b[3]):
        return f"{a[1]}s {a[2]}-{b[2]}, {a[3]}"
    return f"{first} to {last}"


_NUMBERED = re.compile(r"(line|row) ([0-9]+), (.+)")


def _unread_rows(values: list[Any]) -> list[int]:
    """The rows whose value is :data:`~dipxl.fields.UNREAD`."""
    if UNREAD not in values:
        return []
    return [i for i, value in enumerate(values) if value is UNREAD]


def _not_counted(
    rows: Rows, grouped: Mapping[tuple[int, int], list[int]], unread: Mapping[int, list[str]],
    seats: list[Seat],
) -> list[Notice]:
    """A ``not_counted`` warning for each board with a value no formula
    reads (``unread``: row -> fields), naming each such cell and what to
    type; the board's seats become unfinished (``seats`` changed), so no
    system scores it."""
    if not unread:
        return []
    found = []
    for (rnd, board), members in grouped.items():
        cells = [(i, name) for i in members for name in unread.get(i, ())]
        if not cells:
            continue
        for i in members:
            seat = seats[i]
            seats[i] = Seat(seat.player, seat.power, None)
        reasons = [(rows.cell(name, i),
                    unread_reason(name, rows.value(name, i), rows.sheet)) for i, name in cells]
        said = reasons[0][1] if len(reasons) == 1 else "; ".join(
            f"{cell or rows.wheres[i]}: {why}"
            for (cell, why), (i, _) in zip(reasons, cells, strict=True))
        i, name = cells[0]
        first = rows.cell(name, i)
        value = rows.value(name, i)
        shown = repr(value) if isinstance(value, bool) else describe(value)
        kind = "text " if isinstance(value, str) and name != "draw" else ""
        more = f" and {len(cells) - 1} more" if len(cells) > 1 else ""
        found.append(Notice(
            "not_counted",
            f"round {rnd}, board {board} is not counted: {said}",
            _cells_text([rows.cell(n, k) for k, n in cells]),
            board=(rnd, board),
            brief=f"{first} {kind}{shown}{more}".strip(),
        ))
    return found


def _one_spelling(rows: Rows, names: list[Any]) -> tuple[list[Any], list[Notice]]:
    """Names that differ only in case as one player, spelt as first typed,
    with a warning naming a cell of each spelling: a spreadsheet's MATCH
    (a generated workbook's formulas) does not tell ``Ann`` from ``ann``,
    and every surface reads names alike."""
    distinct = {name for name in names if name}  # (None where no player column)
    if len({name.casefold() for name in distinct}) == len(distinct):
        return names, []  # no two names differ only in case
    first: dict[str, str] = {}  # folded -> the first spelling
    cells: dict[str, str] = {}  # spelling -> the cell where it is first typed
    for i, name in enumerate(names):
        if name and name not in cells:
            first.setdefault(name.casefold(), name)
            cells[name] = rows.cell("player", i)
    found = [Notice(
        "similar_names",
        f"player names {first[name.casefold()]!r} and {name!r} differ only in case: scored as "
        f"one player, {first[name.casefold()]!r} (as a spreadsheet's MATCH reads them)",
        f"{cells[first[name.casefold()]]}; {cells[name]}",
    ) for name in cells if first[name.casefold()] != name]
    return [first.get(name.casefold(), name) if name else name for name in names], found


def _spelt_alike(rows: Rows, names: Sequence[str]) -> list[Notice]:
    """A warning for each name typed in two ways that print alike (an accent
    as one code point or two, an invisible character): :func:`parse_player`
    reads them as one player, which must not go unsaid (a spreadsheet's
    MATCH would not)."""
    column = rows.columns.get("player")
    if column is None:
        return []
    if all(type(v) is not str or v.isascii() for v in set(column)):
        return []
    first: dict[str, dict[str, int]] = {}  # name -> raw spelling (folded) -> first row
    for i, raw in enumerate(column):
        if type(raw) is str and names[i]:
            first.setdefault(names[i], {}).setdefault(" ".join(raw.split()), i)
    found = []
    for name, spellings in first.items():
        if len(spellings) > 1 and not all(map(str.isascii, spellings)):
            (a, i), (b, j) = list(spellings.items())[:2]
            found.append(Notice(
                "names_alike",
                f"player names {_code_points(a)} and {_code_points(b)} print alike but are typed "
                "differently (an accent typed as one character or two, or an invisible "
                f"character): scored as one player, {describe(name)}",
                f"{rows.cell('player', i)}; {rows.cell('player', j)}",
            ))
    return found


def _near_names(rows: Rows, names: Sequence[str], rounds: Sequence[int]) -> list[Notice]:
    """A ``did_you_mean`` warning for two names that are likely one player
    typed two ways (:func:`dipxl.names.near_pairs`: ``Jose Alvarez`` and
    ``José Álvarez``) and never play in one round, naming a cell of each;
    the name typed more often is the one suggested.  They stay two players:
    a guess never merges them."""
    if rows.columns.get("player") is None:
        return []
    seen: dict[str, list[int]] = {}  # name -> its rows
    for i, name in enumerate(names):
        if name:
            seen.setdefault(name, []).append(i)
    if len(seen) < 2:
        return []
    found = []
    for name, other in near_pairs(list(seen)):
        if {rounds[i] for i in seen[name]} & {rounds[i] for i in seen[other]}:
            continue  # two players who meet in a round
        rare, usual = (name, other) if len(seen[name]) <= len(seen[other]) else (other, name)
        found.append(Notice(
            "did_you_mean",
            f"player {describe(rare)} is one letter or an accent away from {describe(usual)} "
            f"and never plays in a round with them: scored as two players; did you mean "
            f"{describe(usual)}? (if so, type it alike)",
            f"{rows.cell('player', seen[rare][0])}; {rows.cell('player', seen[usual][0])}",
        ))
    return found


def _cells_text(cells: Sequence[str]) -> str:
    """Cells named once: ``Results!E10, E11, E13`` (the sheet said once),
    else the places joined by semicolons (``line 3, column centres; ...``)."""
    sheet = cells[0].rpartition("!")[0] if cells else ""
    if sheet and all(c.rpartition("!")[0] == sheet for c in cells[1:]):
        return ", ".join([cells[0], *(c.rpartition("!")[2] for c in cells[1:])])
    return "; ".join(cells)


def _code_points(text: str) -> str:
    """Text quoted with every character beyond ASCII as its escape
    (``"Jose\\u0301"``): two spellings that print alike, told apart."""
    return '"' + text.encode("ascii", "backslashreplace").decode("ascii") + '"'


def _half_entered(
    rows: Rows, grouped: Mapping[tuple[int, int], list[int]], seats: Sequence[Seat]
) -> list[Notice]:
    """A warning for each board with some but not all centre counts entered:
    it is not scored (no system scores an unfinished board), which must not
    go unsaid.  It names the blank cells."""
    found = []
    for (rnd, board), members in grouped.items():
        blank = [i for i in members if seats[i].centres is None]
        if blank and len(blank) < len(members):
            who = ", ".join(
                f"{seats[i].power.title}" + (f" ({seats[i].player})" if seats[i].player else "")
                for i in blank
            )
            found.append(Notice(
                "board_half_entered",
                f"round {rnd}, board {board} has {len(members) - len(blank)} of 7 centre "
                f"counts: blank for {who}; the board is not scored until all seven are "
                "entered",
                _cells_text([rows.cell("centres", i) for i in blank]),
                board=(rnd, board),
                brief=f"{len(members) - len(blank)} of 7 counts",
            ))
    return found


# Kinds of raw value parsed once per distinct value: within each set, values
# that compare equal (``1 == 1.0``, two equal strings) parse alike.  ``True
# == 1`` too, but a bool does not parse like a number: a column mixing them
# is parsed value by value.
_NUMBERS_OR_TEXT = frozenset((str, int, float, type(None)))
_FLAGS_OR_TEXT = frozenset((str, bool, type(None)))


def _parsed_column(
    values: Sequence[object], read: Callable[[object], object], required: bool
) -> tuple[list[Any], list[bool] | None]:
    """``read`` (a field's reader: :data:`~dipxl.fields.READERS`) of each
    value, None where refused, and which values were refused (None when
    none was; a blank is refused where ``required``).  No error is built:
    :func:`_row_problems` asks the parser why, for the problems it shows."""
    kinds = set(map(type, values))
    if kinds <= _NUMBERS_OR_TEXT or kinds <= _FLAGS_OR_TEXT:
        table = {value: read(value) for value in set(values)}
        wrong = {v for v, got in table.items() if got is REFUSED or (required and got is None)}
        if not wrong:
            return list(map(table.__getitem__, values)), None
        table.update(dict.fromkeys(wrong))
        return list(map(table.__getitem__, values)), list(map(wrong.__contains__, values))
    out = list(map(read, values))
    bad = [got is REFUSED or (required and got is None) for got in out]
    if not any(bad):
        return out, None
    return [None if b else got for got, b in zip(out, bad, strict=True)], bad


def _row_problems(
    rows: Rows, parsed: Mapping[str, list[Any]], refused: Mapping[str, list[bool]]
) -> InputError:
    """Every problem of every row, in order: each refused cell, or for a row
    whose cells are right, its seat's.  The first :data:`InputErrors.KEPT`
    are located in full; the others are counted.  Each distinct refused
    value of a field is parsed again once for its message, each distinct
    seat checked once."""
    size = len(rows.wheres)
    total = sum(bad.count(True) for bad in refused.values())
    names = [name for name in FIELDS if name in refused]
    columns = [refused[name] for name in names]
    bad_rows = list(map(any, zip(*columns, strict=True))) if columns else [False] * size
    seat_fields = [parsed[name]
                   for name in ("player", "power", "centres", "eliminated", "draw", "year")]
    checked: dict[tuple[object, ...], InputError | None] = {}
    seat_errors: dict[int, InputError] = {}  # rows of right cells, their seat refused
    for i in itertools.compress(range(size), map(operator.not_, bad_rows)):
        seat = [column[i] for column in seat_fields]
        key = tuple(seat[2:])  # what a seat of right cells can be refused for
        if key not in checked:
            try:
                Seat(*seat)
                checked[key] = None
            except InputError as err:
                checked[key] = err
        refusal = checked[key]
        if refusal is not None:
            seat_errors[i] = refusal
    total += len(seat_errors)
    kept: list[InputError] = []
    cell_errors: dict[tuple[str, type, object], InputError] = {}
    for i in range(size):
        if len(kept) >= InputErrors.KEPT:
            break
        if bad_rows[i]:
            for name, bad in zip(names, columns, strict=True):
                if bad[i] and len(kept) < InputErrors.KEPT:
                    kept.append(rows.problem(_cell_error(cell_errors, rows, name, i), name, i))
        elif i in seat_errors:
            refusal = seat_errors[i]
            kept.append(rows.problem(refusal, refusal.field or "centres", i))
    return InputErrors.of(kept, total)


def _cell_error(
    known: dict[tuple[str, type, object], InputError], rows: Rows, name: str, i: int
) -> InputError:
    """The error of the refused value of ``name`` in row ``i``, parsed once
    for each distinct value (of each kind: ``1`` and ``1.0`` are told
    apart, as messages show them differently)."""
    value = rows.value(name, i)
    key = (name, type(value), value)
    try:
        err = known.get(key)
        keep = True
    except TypeError:  # a value that cannot be a key (no reader sends one): not kept
        err, keep = None, False
    if err is None:
        try:
            PARSERS[name](value)
        except InputError as refused:
            err = refused
        else:
            err = InputError(f"{name} is blank")  # a required field left blank
        if keep:
            known[key] = err
    return err


def _game_problem(
    err: InputError, rows: Rows, members: list[int], seats: list[Seat], rnd: int, board: int
) -> InputError:
    """A game's error pointed at the first of its rows it is about (the
    seats of the powers it names), else at the game; a player seated twice
    at both Player cells."""
    if err.field == "player" and isinstance(err.value, tuple):
        cells = [rows.cell("player", i) for i in members if seats[i].power in err.value]
        if all(cells):
            return InputError(
                err.message,
                f"{' and '.join(cells)} (round {rnd}, board {board})",
                field=err.field,
                value=err.value,
                cell=cells[0],
            )
    if err.field in ("power", "player") and isinstance(err.value, tuple):
        for i in members:
            where = rows.wheres[i]
            if seats[i].power in err.value and where:
                return InputError(
                    err.message,
                    f"{where} (round {rnd}, board {board})",
                    field=err.field,
                    value=err.value,
                    cell=where,
                )
    return err


def _seat_cells(
    rows: Rows, members: list[int], seats: Sequence[Seat], name: str, powers: tuple[Power, ...]
) -> str:
    """The cells of the field ``name`` of a game's seats of ``powers``
    (:attr:`dipxl.model.Game.cells`): a span for the whole board."""
    cells = [rows.cell(name, i) for i in members if seats[i].power in powers]
    return _span(cells) if len(cells) == len(members) else ", ".join(filter(None, cells))


def _span(wheres: Sequence[str]) -> str:
    """``Results!A2-A8`` style span of row references (the first and the
    last named), or the one named, or ``""``."""
    first = next(filter(None, wheres), "")
    return _joined(first, next(filter(None, reversed(wheres)), "")) if first else ""


def _joined(first: str, last: str) -> str:
    """The span from row reference ``first`` to ``last``: ``Results!A2-A8``
    (cells), ``line 2-8`` (lines of a text file), or ``first`` alone when
    they are the same."""
    if first == last:
        return first
    _, bang, cell = last.rpartition("!")
    if bang:
        return f"{first}-{cell}"
    before, space, number = last.rpartition(" ")
    if space and first.startswith(before + space):
        return f"{first}-{number}"
    return f"{first}-{last}"


# ---------------------------------------------------------------- one board

_ALL_POWERS = tuple(Power)
_TITLES = tuple(p.title for p in Power)


def board_from_values(
    centres: Sequence[object],
    years: Sequence[object] | None = None,
    draws: Sequence[object] | None = None,
    cells: Sequence[Mapping[str, str]] | None = None,
    final_year: object = None,
    charts: Sequence[tuple[tuple[int, int], ...]] | None = None,
) -> Game:
    """One board from raw cell values in power order (Austria ... Turkey),
    for functions that score a single board: players are named after their
    powers.  Values are spreadsheet cells (:data:`~dipxl.fields.CELL_READERS`):
    text in a count, or a flag no formula reads, is an error saying what to
    type (one board has nothing else to count).  ``cells[i]`` names the
    cells of seat ``i`` (``centres``, ``eliminated``, ``draw``) for error
    messages, which report the first bad cell (the power's name and the
    field when no cell is named).  ``final_year``: the year of the final
    counts, one value for the board; ``charts``: each power's (year,
    count) pairs of the year-by-year chart, read.  Round and board are 1."""
    if len(centres) != 7:
        raise InputError(f"a board has seven seats, got {len(centres)} centre counts")
    year = CELL_READERS["year"](final_year)
    if year is REFUSED or year is UNREAD:
        if year is UNREAD:
            raise InputError(unread_reason("year", final_year, True), field="year",
                             value=final_year)
        PARSERS["year"](final_year)  # raises, saying why
    year = cast("int | None", year)
    columns = {"centres": centres, "eliminated": years, "draw": draws}
    values: dict[str, list[Any]] = {}
    for name, given in columns.items():
        if given is None:
            values[name] = [None] * 7
            continue
        read = CELL_READERS[name]
        values[name] = got = [read(v) for v in given]
        if REFUSED in got or UNREAD in got:
            raise _first_bad_seat(columns, cells, year)
    try:
        seats = tuple(map(Seat, _TITLES, _ALL_POWERS, values["centres"], values["eliminated"],
                          values["draw"], [year] * 7, charts or [()] * 7))
    except InputError as err:
        if err.field in ("year", "chart"):
            raise
        raise _first_bad_seat(columns, cells, year) from None
    return Game(1, 1, seats)


def _first_bad_seat(
    columns: Mapping[str, Sequence[object] | None],
    cells: Sequence[Mapping[str, str]] | None,
    final_year: int | None = None,
) -> InputError:
    """The error of :func:`board_from_values` for the first seat refused:
    the seat's first bad cell, or its centres, elimination year, flag and
    the board's ``final_year`` disagreeing."""
    for i, power in enumerate(_ALL_POWERS):
        read: dict[str, Any] = {}
        try:
            for name, given in columns.items():
                value = given[i] if given is not None else None
                got = CELL_READERS[name](value)
                if got is UNREAD:
                    raise InputError(unread_reason(name, value, True), field=name, value=value)
                read[name] = PARSERS[name](value) if got is REFUSED else got
            Seat(power.title, power, read["centres"], read["eliminated"], read["draw"],
                 final_year)
        except InputError as err:
            name = err.field or "centres"
            cell = cells[i].get(name, "") if cells is not None else ""
            return InputError(
                err.message, cell or f"{power.title} {name}", field=name, value=err.value,
                cell=cell,
            )
    raise AssertionError("a bad value that no seat refuses")  # pragma: no cover


def finished_counts(values: Sequence[object]) -> tuple[int, ...] | None:
    """The seven centre counts of a finished board, in power order, when
    every value is a plain whole number 0-34 (an int or an integral float,
    as spreadsheets send them) and the counts make a game that :class:`Game`
    accepts; None otherwise, and the caller takes the general path
    (:func:`board_from_values`), which says what is wrong.  For functions
    that score a board from its centres alone, without building a Game."""
    if len(values) != 7:
        return None
    kinds = set(map(type, values))
    numbers = cast("Sequence[float]", values)  # when kinds says so
    if kinds == _FLOAT_KIND:  # as spreadsheets send numbers
        if not all(map(float.is_integer, numbers)):
            return None
        counts = tuple(map(int, numbers))
    elif kinds == _INT_KIND or (
        kinds == _NUMBER_KINDS and all(v.is_integer() for v in numbers if type(v) is float)
    ):
        counts = tuple(map(int, numbers))
    else:
        return None
    if min(counts) < 0 or max(counts) > MAX_CENTRES:
        return None
    desc = sorted(counts, reverse=True)
    if desc[0] == 0 or desc[1] >= SOLO_CENTRES:  # Game's own refusals
        return None
    return counts


_FLOAT_KIND = {float}
_INT_KIND = {int}
_NUMBER_KINDS = {int, float}


# ---------------------------------------------------------------- the chart

_CHART_INSTEAD = "type the power's centre count of that year (0-34), or leave blank"


def _add_charts(rows: Rows, seats: list[Seat], unread: dict[int, list[str]]) -> None:
    """Each seat's year-by-year chart from the chart columns of ``rows``
    (keyed by the year as text: :func:`~dipxl.fields.chart_columns`), read
    as the other counts are: a value refused is an error naming its cell,
    text in a spreadsheet leaves the board not counted (``unread``), a
    blank is a year not entered.  ``seats`` gets the seats with their
    charts; a chart year after the seat's final year is an error at its
    cell."""
    keys = sorted((year, key) for key in rows.columns
                  if key not in SPEC and (year := chart_year(key)) is not None)
    if not keys:
        return
    read = CHART_READ_CELL if rows.sheet else CHART_READ
    pairs: list[list[tuple[int, int]]] = [[] for _ in seats]
    problems: list[InputError] = []
    for year, key in keys:
        for i, value in enumerate(rows.columns[key]):
            got = read(value)
            if got is None:
                continue
            if got is UNREAD:
                unread.setdefault(i, []).append(key)
            elif got is REFUSED:
                try:
                    parse_chart_count(value, year)
                except InputError as err:
                    problems.append(InputError(
                        err.message, rows.locate(key, i) or err.where, field="chart",
                        value=value, cell=rows.cell(key, i)))
            else:
                pairs[i].append((year, cast("int", got)))
    for i, chart in enumerate(pairs):
        if not chart or problems:
            continue
        seat = seats[i]
        try:
            seats[i] = Seat(seat.player, seat.power, seat.centres, seat.eliminated,
                            seat.in_draw, seat.year, tuple(chart))
        except InputError as err:
            key = str(err.value)
            problems.append(InputError(
                err.message, rows.locate(key, i) if key in rows.columns else rows.wheres[i],
                field="chart", value=err.value, cell=rows.cell(key, i)))
    if problems:
        raise InputErrors.of(problems[: InputErrors.KEPT], len(problems))


# ---------------------------------------------------------------- around the games
#
# Rows that are no seat (issue 26).  A row with a player and neither board
# nor power is
#
# - an adjustment when its ``adjustment`` cell holds a number: the player,
#   the points (+ or -), the ``note`` and the round when given (several a
#   player allowed); never a sit-out;
# - else a sit-out: the player was present in the row's round (required)
#   and played no board there.
#
# Neither holds a result: centres, an elimination year, a draw flag, a
# final year or a chart count typed on one is an error naming the cell.  An
# adjustment typed on a seat's row is an error too (an adjustment goes on a
# row of its own).  A player who sits out a round and plays a board in it
# is an error naming both places; the same sit-out typed twice is read once,
# with a ``sat_out_twice`` warning (information: no score changes).  A row
# with a board or a power but not both stays a seat's, refused as before.
# Names are read as on the boards: a name that differs only in case from
# one on a board is that player, spelt as there, with a warning.

_AROUND = frozenset(EXTRA_FIELDS)
_RESULT_FIELDS = tuple(f for f in FIELDS if SPEC[f].board)  # centres, eliminated, draw, year


@dataclass(frozen=True, slots=True)
class _Kinds:
    """Which rows are seats, sit-outs and adjustments, and the adjustments
    typed on a seat's row (each an error)."""

    seats: list[int]
    sit_outs: list[int]
    adjustments: list[int]
    misplaced: list[int]


def _distinct(values: Sequence[object]) -> Iterable[object]:
    try:
        return set(values)
    except TypeError:  # a value that cannot be a key (no reader sends one)
        return values


def _row_kinds(rows: Rows) -> _Kinds | None:
    """The kinds of the rows, or None when every row is a seat's (the
    common case, found by looking at each distinct board and adjustment
    value once)."""
    board, power = rows.columns.get("board"), rows.columns.get("power")
    player, adjustment = rows.columns.get("player"), rows.columns.get("adjustment")
    typed = adjustment is not None and not all(map(is_blank, _distinct(adjustment)))
    if not typed and board is not None and not any(map(is_blank, _distinct(board))):
        return None
    size = len(rows.wheres)
    nothing: Sequence[object] = [None] * size
    board, power = board or nothing, power or nothing
    player, adjustment = player or nothing, adjustment or nothing
    kinds = _Kinds([], [], [], [])
    for i in range(size):
        points = not is_blank(adjustment[i])
        if is_blank(board[i]) and is_blank(power[i]) and (points or not is_blank(player[i])):
            (kinds.adjustments if points else kinds.sit_outs).append(i)
        else:
            kinds.seats.append(i)
            if points:
                kinds.misplaced.append(i)
    if not (kinds.sit_outs or kinds.adjustments or kinds.misplaced):
        return None
    return kinds


def _around_games(rows: Rows, kinds: _Kinds, title: str) -> Tournament:
    """The tournament of the seats' rows, with the sit-outs and adjustments
    of the others; every problem of either kind reported at once."""
    problems: list[InputError] = []
    for i in kinds.misplaced:
        problems.append(rows.problem(InputError(
            "an adjustment goes on a row of its own (the player, the round if it belongs to "
            "one, the adjustment and a note; no board, no power), not on a seat's row",
            field="adjustment"), "adjustment", i))
    sit_outs = [s for i in kinds.sit_outs if (s := _sit_out(rows, i, problems)) is not None]
    adjustments = [a for i in kinds.adjustments
                   if (a := _adjustment(rows, i, problems)) is not None]
    games: Tournament | None = None
    total = len(problems)
    try:
        games = _games_from_rows(rows.subset(kinds.seats).without(_AROUND), title)
    except InputError as err:
        found = list(err.problems) if isinstance(err, InputErrors) else [err]
        total += err.total if isinstance(err, InputErrors) else 1
        problems = found + problems
    if games is not None and not problems:
        spelt = _board_spellings(games)
        remarks: list[Notice] = []
        sit_outs = [replace(s, player=_spelt(s.player, s.where, spelt, remarks))
                    for s in sit_outs]
        adjustments = [replace(a, player=_spelt(a.player, a.where, spelt, remarks))
                       for a in adjustments]
        problems, sit_outs = _sit_outs_checked(games, sit_outs, remarks)
        if not problems:
            return Tournament(games.games, title, (*games.remarks, *remarks),
                              tuple(sit_outs), tuple(adjustments), games.statuses)
        total = len(problems)
    raise InputErrors.of(problems[: InputErrors.KEPT], total)


def _result_typed(rows: Rows, i: int, what: str, problems: list[InputError]) -> bool:
    """Whether row ``i`` (a sit-out's or an adjustment's: ``what``) holds a
    result: each such cell an error."""
    found = False
    for name in (*_RESULT_FIELDS, *(k for k in rows.columns if k not in SPEC
                                    and k not in _AROUND)):
        value = rows.value(name, i)
        if is_blank(value):
            continue
        found = True
        shown = SPEC[name].header.lower() if name in SPEC else f"the chart's {name} count"
        problems.append(rows.problem(InputError(
            f"{shown} {describe(value)} on {what} (no board, no power): it holds no result; "
            "clear the cell, or type the board and the power it belongs to",
            field=name if name in SPEC else "chart"), name, i))
    return found


def _sit_out(rows: Rows, i: int, problems: list[InputError]) -> SitOut | None:
    """The sit-out of row ``i``, or None with its problems added."""
    bad = _result_typed(rows, i, "a sit-out's row", problems)
    player = _read(rows, "player", i, parse_player, problems)
    rnd = _read(rows, "round", i, parse_round, problems)
    if rnd is None:
        problems.append(rows.problem(InputError(
            "a row with a player and no board and no power is a sit-out, which needs its "
            "round (or, with an adjustment, an adjustment)", field="round"), "round", i))
        return None
    if bad or not isinstance(player, str) or not isinstance(rnd, int):
        return None
    return SitOut(player, rnd, rows.wheres[i])


def _adjustment(rows: Rows, i: int, problems: list[InputError]) -> Adjustment | None:
    """The adjustment of row ``i``, or None with its problems added."""
    bad = _result_typed(rows, i, "an adjustment's row", problems)
    player = _read(rows, "player", i, parse_player, problems)
    rnd = _read(rows, "round", i, parse_round, problems)
    points = _read(rows, "adjustment", i,
                   lambda v, where: parse_adjustment(v, where, rows.sheet), problems)
    note = _read(rows, "note", i, parse_note, problems)
    if player == "":
        problems.append(rows.problem(InputError(
            "an adjustment needs the player it is for", field="player"), "player", i))
        return None
    if bad or not isinstance(player, str) or not isinstance(points, float) \
            or not isinstance(note, str) or (rnd is not None and not isinstance(rnd, int)):
        return None
    return Adjustment(player, points, note, rnd, rows.cell("adjustment", i))


_FAILED = object()


def _read(rows: Rows, name: str, i: int, parse: Callable[[object, str], object],
          problems: list[InputError]) -> object:
    """``parse`` of ``name`` in row ``i``; a problem added (and a marker
    returned) when it refuses the value."""
    try:
        return parse(rows.value(name, i), rows.cell(name, i))
    except InputError as err:
        problems.append(rows.problem(err, name, i))
        return _FAILED


def _board_spellings(games: Tournament) -> dict[str, str]:
    """Each player on a board, by the name folded (case aside), as spelt there."""
    spelt: dict[str, str] = {}
    for game in games.games:
        for seat in game.seats:
            if seat.player:
                spelt.setdefault(seat.player.casefold(), seat.player)
    return spelt


def _spelt(name: str, where: str, spelt: dict[str, str], remarks: list[Notice]) -> str:
    """``name`` spelt as on the boards (or as first typed on a row around
    them) when it differs only in case, with a ``similar_names`` warning."""
    first = spelt.setdefault(name.casefold(), name)
    if first != name:
        remarks.append(Notice(
            "similar_names",
            f"player names {first!r} and {name!r} differ only in case: read as one player, "
            f"{first!r} (as a spreadsheet's MATCH reads them)", where))
    return first


def _sit_outs_checked(
    games: Tournament, sit_outs: Sequence[SitOut], remarks: list[Notice]
) -> tuple[list[InputError], list[SitOut]]:
    """The problems of ``sit_outs`` against the boards (a player who sits
    out a round and plays a board in it: an error naming both places) and
    the sit-outs each once (one typed again: a ``sat_out_twice`` warning
    added to ``remarks``)."""
    played: dict[tuple[str, int], str] = {}
    for game in games.games:
        for seat in game.seats:
            if seat.player:
                played.setdefault((seat.player, game.round),
                                  game.where("player", (seat.power,)))
    problems: list[InputError] = []
    kept: dict[tuple[str, int], SitOut] = {}
    for s in sit_outs:
        board = played.get((s.player, s.round))
        if board is not None:
            problems.append(InputError(
                f"{s.player} sits out round {s.round} here but plays a board of round "
                f"{s.round} at {board}: keep one of the two", s.where,
                field="player", value=s.player, cell=s.where))
            continue
        first = kept.setdefault((s.player, s.round), s)
        if first is not s:
            remarks.append(Notice(
                "sat_out_twice",
                f"{s.player} sits out round {s.round} on two rows (also {first.where}): "
                "read once", s.where))
    return problems, list(kept.values())


def with_statuses(
    tournament: Tournament, listed: Iterable[tuple[str, Status, str]]
) -> Tournament:
    """``tournament`` with the statuses of a Players sheet or a players
    file: ``listed`` holds (name, status, the status cell) a player.  A
    name is the player of the results whose name differs from it only in
    case (as a spreadsheet's MATCH finds it), spelt as there; a player not
    in the results keeps the name as listed.  Only those not ranked are
    kept (:attr:`Tournament.statuses`); one player listed twice with two
    statuses is an error naming both cells."""
    spelt: dict[str, str] = {}
    for game in tournament.games:
        for seat in game.seats:
            if seat.player:
                spelt.setdefault(seat.player.casefold(), seat.player)
    for player in [s.player for s in tournament.sit_outs] + [
            a.player for a in tournament.adjustments]:
        spelt.setdefault(player.casefold(), player)
    found: dict[str, tuple[Status, str]] = {}
    problems = []
    for name, status, where in listed:
        if not name:
            continue
        player = spelt.setdefault(name.casefold(), name)
        first = found.setdefault(player, (status, where))
        if first[0] is not status:
            problems.append(InputError(
                f"{player} is listed twice, with two statuses: "
                f"{first[0].value or 'blank (ranked)'} at {first[1]}, "
                f"{status.value or 'blank (ranked)'} here: keep one", where,
                field="status", value=status.value, cell=where))
    if problems:
        raise InputErrors.of(problems[: InputErrors.KEPT], len(problems))
    statuses = tuple((p, s) for p, (s, _) in found.items() if s is not Status.RANKED)
    return replace(tournament, statuses=statuses)
