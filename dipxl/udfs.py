"""Excel worksheet functions through xlwings: cells -> model -> core -> cells.

One module serves xlwings' classic add-in (Windows Excel: UDF Modules
``dipxl.udfs``, Import Functions) and xlwings Lite (``main.py`` imports the
functions).  Where xlwings is absent (the core installs without the
``excel`` extra) the decorators are stand-ins that return the function
unchanged, so every function here is plain Python and can be called as such.

Conventions, the same for every function (README, "Excel worksheet
functions"):

- Cells arrive as xlwings delivers them: numbers as floats, blanks as
  ``None`` (Office.js may send ``0`` or ``""``; xlwings Lite before 0.36.7
  Pyodide's ``jsnull``, read as blank too), numbers typed as text as text;
  ranges are asked for with ``ndim=2`` so a column stays a column.
  Error cells (``#N/A``...) arrive as their text and are refused, never
  read as blanks.
- A board is seven cells in power order, Austria to Turkey, as a column or
  a row; its scores come back in the same shape.  A board whose seven
  centres are all blank or 0 is "not played yet": blanks come back, not
  zeros.  A board with only some counts entered is not finished: blanks too,
  as every system ignores unfinished games.
- A table range (a results table, HTM's parallel columns, a parameters
  block) may be a whole column (``Results!A:H``): only its filled rows
  are read, a value however far down among them, and more filled rows
  than ``dipxl.io.limits.MAX_ROWS`` are refused (:func:`dipxl.ranges.table`).
- In elimination years and draw flags the number 0 counts as blank (Excel
  on the web may send blanks as 0): write ``N`` to leave a survivor out of
  the draw.
- Invalid input never yields a number: the function raises a
  :class:`~dipxl.errors.DipxlError` whose text starts with the function's
  name and names the offending cell relative to its argument, e.g.
  ``CDIPLO: centres, row 3 (France): centres must be a whole number 0-34,
  got "x"``.  Classic xlwings shows that text in the cell; xlwings Lite
  should show ``#VALUE!`` with the text on the error flag (what xlwings'
  Office.js code does with an exception; not seen in Lite here).
  ``DIPXL_CHECK`` alone reports problems as text lines and never fails.
- Parameters go in one optional argument: ``"name=value"`` texts (several
  separated by ``;``), a two-column name | value range, or both, e.g.
  ``"round_to=2"`` or ``{"round_to",2}``.  (xlwings cannot combine optional
  arguments with a variable argument list.)

Every per-game system of the registry has a one-board function named after
its id (``CDIPLO``, ``DETOUR98E``, ``DIMVALUE``, ...): it is made here from
the registry entry alone (see "one-board functions" below), with the
system's own per-seat inputs (``GameSystem.board_inputs``) between the
centres and the parameters.

No rule arithmetic lives here: every number comes from the core.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any, TypeVar

from dipxl.counted import counted
from dipxl.errors import DipxlError, InputError, InputErrors, Notice, grouped, ordered
from dipxl.fields import CHART_READ_CELL as _read_chart_cell
from dipxl.fields import (
    REQUIRED,
    SPEC,
    chart_columns,
    chart_year,
    describe,
    extra_columns,
    header_columns,
    parse_chart_count,
    parse_player,
    parse_whole,
    unread_reason,
)
from dipxl.model import Power, Tournament
from dipxl.ranges import ERROR_TEXTS as _ERROR_TEXTS
from dipxl.ranges import Range as _Range
from dipxl.ranges import blank as _blank
from dipxl.ranges import blank_or_zero as _blank_or_zero
from dipxl.ranges import board as _board
from dipxl.ranges import board_cells as _board_cells
from dipxl.ranges import error_text as _error_text
from dipxl.ranges import left_out as _left_out
from dipxl.ranges import located as _located
from dipxl.ranges import no_error_texts as _no_error_texts
from dipxl.ranges import one_cell as _one_cell
from dipxl.ranges import optional_board as _optional_board
from dipxl.ranges import orientation as _orientation
from dipxl.ranges import overrides as _overrides
from dipxl.ranges import parallel as _parallel
from dipxl.ranges import table as _table
from dipxl.ranges import zero_as_blank
from dipxl.ranges import zero_as_blank as _zero_as_blank
from dipxl.rows import Rows, board_from_values, finished_counts, tournament_from_rows
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, EventSystem, GameSystem, System, canonical, get_system
from dipxl.systems.base import CHART, DRAW_FLAGS, ELIMINATED_YEARS, FINAL_YEAR, BoardInput
from dipxl.systems.common import YEAR_HINT
from dipxl.tables import flag, standings_table
from dipxl.workbook.layout import INPUT_HEADERS

__all__ = [  # the one-board functions are made from the registry
    *(s.function for s in canonical() if isinstance(s, GameSystem)),
    "DIPXL_CHECK",
    "DIPXL_STANDINGS",
    "DIPXL_SYSTEMS",
    "HTM_MEANS",
    "HTM_SCORE",
]

_F = TypeVar("_F", bound=Callable[..., Any])


def _func_stand_in(f: Any = None, **options: Any) -> Any:
    """``xlwings.func`` where xlwings is absent: the function unchanged."""
    return f if f is not None else (lambda g: g)


def _arg_stand_in(name: str, convert: Any = None, **options: Any) -> Callable[[_F], _F]:
    """``xlwings.arg`` where xlwings is absent: the function unchanged."""
    return lambda f: f


try:
    from xlwings import arg, func
except ImportError:  # the core installs without the "excel" extra
    func = _func_stand_in
    arg = _arg_stand_in  # type: ignore[assignment]  # same call shape as xlwings.arg

CATEGORY = "dipxl"
# Conversion options of every range argument: keep a column a column
# (ndim=2) and let error cells arrive as text so they are refused, not
# silently read as blanks (err_to_str).
_RANGE = {"ndim": 2, "err_to_str": True}

_POWERS = tuple(Power)
_TITLES = tuple(p.title for p in Power)
_BOARD_DOC = "The board's seven final centre counts, Austria to Turkey: a column or a row."

def _score_board(
    system: GameSystem[Any], centres: object, years: object, flags: object, final: object,
    chart: object, parameters: object,
) -> Any:
    """One board through ``system``'s per-game scorer, in the input's shape."""
    cells = _board(centres, "centres")
    if years is None and flags is None and final is None and chart is None \
            and parameters is None:
        # The usual call (plain counts, default rules): no Game to build
        # where the system reads the counts alone.
        counts = finished_counts(cells.values)
        if counts is not None:
            scores = system.score_counts(counts, system.params)
            if scores is not None:
                return cells.shaped(scores)
    blanks = [None] * 7
    if all(_blank_or_zero(v) for v in cells.values):
        return cells.shaped(blanks)
    params = _params(system, parameters)
    orientation = _orientation(cells)
    year_values, year_orientation = _optional_board(years, "eliminated_years", orientation)
    flag_values, flag_orientation = _optional_board(flags, "draw_flags", orientation)
    where = _board_cells(orientation, year_orientation, flag_orientation)
    # One cell; blank (or 0, as Excel on the web sends a blank) is no year.
    # (declared a range, as every input: xlwings gives a lone cell as [[v]]).
    final_year = None if _left_out(final) else zero_as_blank(_one_cell(final, FINAL_YEAR))
    charts = None if _left_out(chart) else _chart(chart)
    try:
        game = board_from_values(cells.values, year_values, flag_values, where, final_year,
                                 charts)
    except InputError as err:
        if err.field in ("year", "chart"):
            name = FINAL_YEAR if err.field == "year" else CHART
            raise InputError(err.message, name, field=err.field, value=err.value) from None
        if err.field not in ("centres", "eliminated", "draw"):  # the board's, not a cell's
            raise InputError(err.message, "centres", field=err.field, value=err.value) from None
        raise
    if not game.finished:
        return cells.shaped(blanks)
    try:
        return cells.shaped(system.score_game(game, params))
    except InputError as err:
        raise _at_argument(err, where) from None


def _at_argument(err: InputError, where: tuple[dict[str, str], ...]) -> InputError:
    """A rule's refusal of a board lacking an input it needs (an elimination
    year, the final year: the fields ``eliminated`` and ``year``, naming the
    seats' powers) placed at the argument's cell, as every other refusal of
    these functions is (``eliminated_years, row 7 (Turkey)``, ``final_year``),
    not at a board of a results table."""
    if err.field == "year":
        message = err.message.replace(YEAR_HINT, f"give it as {FINAL_YEAR}")
        return InputError(message, FINAL_YEAR, field=err.field, value=err.value)
    powers = err.value if isinstance(err.value, tuple) else ()
    if err.field == "eliminated" and powers and all(isinstance(p, Power) for p in powers):
        return InputError(err.message, where[int(powers[0])]["eliminated"], field=err.field,
                          value=err.value)
    return err


def _chart(value: object) -> list[tuple[tuple[int, int], ...]]:
    """Each power's (year, count) pairs from a chart argument: the years in
    its first row and a row a power below (8 rows), or the years in its
    first column and a column a power beside (8 columns); blank cells are
    counts not entered.  InputError naming the cell for anything else."""
    grid = _table(value, CHART)
    rows, cols = grid.rows, grid.cols
    across = rows == 8  # the years across the first row

    def at(p: int, k: int) -> int:
        """The index of power p's count of the k-th year (p = -1: the heading)."""
        return (p + 1) * cols + k if across else k * cols + p + 1

    if across:
        size = cols
    elif cols == 8:
        size = rows
    else:
        raise InputError(
            f"expects the years in its first row and a row a power, Austria to Turkey, below "
            f"(8 rows), or the same turned (8 columns); got {rows} x {cols} cells", CHART)
    pairs: list[list[tuple[int, int]]] = [[] for _ in range(7)]
    headed: dict[int, str] = {}  # year -> its heading's cell
    for k in range(size):
        heading = grid.values[at(-1, k)]
        if _blank(heading):
            continue
        year = chart_year(heading)
        where = grid.label(at(-1, k))
        if year is None:
            raise InputError(f"a chart's heading is a year 1901-2100, got {describe(heading)}",
                             where)
        if year in headed:
            raise InputError(f"{year} heads two of the chart's years (also {headed[year]}): "
                             "give each year once", where)
        headed[year] = where
        for p in range(7):
            count = grid.values[at(p, k)]
            if _blank(count):
                continue
            read = _read_chart_cell(count)
            if not isinstance(read, int):
                where = f"{grid.label(at(p, k))} ({_TITLES[p]})"
                parse_chart_count(count, year, where)  # raises, saying why
                raise InputError(unread_reason(str(year), count, True), where)
            pairs[p].append((year, read))
    return [tuple(sorted(p)) for p in pairs]


def _params(system: System, parameters: object) -> Any:
    overrides = _overrides(parameters)
    return system.make_params(overrides) if overrides else system.params


def _system(value: object) -> System:
    value = _one_cell(value, "system")
    if _blank(value):
        return get_system("cdiplo")
    if not isinstance(value, str):
        raise InputError(f"a system id is text such as cdiplo, got {value!r}", "system")
    return get_system(value)


# ---------------------------------------------------------------- results


def _key(value: object) -> object:
    """A round or board number for grouping; unreadable values stay as they
    are and are reported by the core with their cell."""
    if type(value) is float and value.is_integer():  # the usual cell: fast path
        return int(value)
    try:
        return parse_whole(value, "number", 0, 1 << 62)
    except InputError:
        return ("unread", repr(value))


def _not_played(rows: Rows) -> Rows:
    """Boards whose seven centres are all blank or 0 are not played yet:
    their centres become blank (Office.js may send blanks as 0)."""
    size = len(rows)
    rounds = rows.columns.get("round", (None,) * size)
    boards = rows.columns.get("board", (None,) * size)
    keys = [
        (r if type(r) is float else _key(r), b if type(b) is float else _key(b))
        for r, b in zip(rounds, boards, strict=True)
    ]
    centres = rows.columns.get("centres", (None,) * size)
    played = {
        k for k, c in zip(keys, centres, strict=True)
        if (c != 0 if type(c) is float else not _blank_or_zero(c))
    }
    if len(played) == len(set(keys)):
        return rows
    blanked = [c if k in played else None for k, c in zip(keys, centres, strict=True)]
    return replace(rows, columns={**rows.columns, "centres": blanked})


def _hold(value: str, where: str, held: list[InputError] | None) -> None:
    """The error for an error value (``#N/A``) at ``where``: raised, or
    with ``held`` (DIPXL_CHECK) added there."""
    try:
        _error_text(value, where)
    except InputError as err:
        if held is None:
            raise
        held.append(err)


def _results(results: object, held: list[InputError] | None = None) -> Rows:
    """The rows of a results range whose first row is the header.  An error
    value (``#N/A``) in a Player, Centres, Eliminated or Draw cell is an
    error (never a board merely not counted); with ``held`` (DIPXL_CHECK,
    which lists every problem) it is added there and the row goes on (a
    player with a name of its own, a value blank), so that the other cells
    are still checked."""
    grid = _table(results, "results", header=True)
    header = grid.row(0)
    fields = header_columns(header)
    for year, j in chart_columns(header).items():  # the year-by-year chart (Maxonian)
        if j not in fields.values():
            fields[year] = j
    for extra, j in extra_columns(header).items():  # adjustment and note (issue 26)
        if j not in fields.values():
            fields[extra] = j
    missing = [f for f in REQUIRED if f not in fields]
    if missing:
        seen = ", ".join(str(h) for h in header if not _blank(h)) or "nothing"
        raise InputError(
            f"the first row must name the columns {', '.join(INPUT_HEADERS[:5])} "
            f"(Eliminated, Draw, Year and the chart optional); missing {', '.join(missing)}; "
            f"the first row holds {seen}",
            "results, row 1",
        )
    names = {f: str(header[j]).strip() for f, j in fields.items()}
    columns: dict[str, list[object]] = {f: [] for f in fields}
    numbers: list[int] = []
    used = [j for f, j in fields.items() if f != "note"]  # a note alone makes no row
    board_at, power_at = fields["board"], fields["power"]
    width, values = grid.cols, grid.values
    for r in range(1, grid.rows):
        row = values[r * width:(r + 1) * width]
        number = grid.number(r)
        first = row[used[0]]
        if not (type(first) is float and first) and all(_blank_or_zero(row[j]) for j in used):
            continue  # a blank row (notes beside it do not count)
        for name, j in fields.items():
            value = row[j]
            if type(value) is str and value in _ERROR_TEXTS and (
                    name == "player" or name not in SPEC or SPEC[name].board):
                # (others cannot parse one)
                _hold(value, f"row {number}, {names[name]}", held)
                # The row goes on: a player of its own (no false "two seats").
                value = f"{value} (row {number})" if name == "player" else None
            if name in ("power", "player"):
                value = value if type(value) is str and value.strip() else _zero_as_blank(value)
            elif name in ("adjustment", "note"):  # Office.js sends a blank as 0
                value = _zero_as_blank(value)
            elif name in ("round", "board") and _blank_or_zero(row[board_at]) \
                    and _blank_or_zero(row[power_at]):
                # A row with no board and no power (a sit-out, an adjustment):
                # its board and an adjustment's round are blank, sent as 0.
                value = _zero_as_blank(value)
            elif name in ("eliminated", "draw", "year"):
                value = _zero_as_blank(value)
            columns[name].append(value)
        numbers.append(number)

    def cell(name: str, i: int) -> str:
        return f"row {numbers[i]}, {names[name]}" if name in names else ""

    return _not_played(Rows(columns, [f"row {n}" for n in numbers], cell, sheet=True))


def _number(value: object) -> object:
    """A core value as a cell value."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return float(value)
    return str(value)


# -------------------------------------------------------------------- HTM


def _htm() -> EventSystem[Any]:
    system = get_system("htm")
    if not isinstance(system, EventSystem):
        raise TypeError("htm is a tournament-wide system")
    return system


def _htm_event(
    players: object, powers: object, centres: object, rounds: object
) -> tuple[Tournament, _Range]:
    """The seats of parallel ranges grouped into boards: within each round
    (the whole table without rounds) the k-th seat of each power belongs to
    board k.  Without rounds every board is its own round."""
    ranges = {"powers": powers, "centres": centres}
    if players is not None:
        ranges["players"] = players
    if rounds is not None:
        ranges["rounds"] = rounds
    columns = _parallel(ranges)  # blank rows dropped from all at once: whole columns
    for name in ("players", "centres"):  # (powers cannot parse an error text anyway)
        if name in columns:
            _no_error_texts(columns[name])
    n = len(columns["powers"])
    for name, cells in columns.items():
        if len(cells) != n:
            raise InputError(
                f"powers has {n} cells but {name} has {len(cells)}: the ranges must be parallel",
                name,
            )
    seen: dict[tuple[object, Power], int] = {}
    seats: list[dict[str, object]] = []
    wheres: list[str] = []
    seat_cells: list[dict[str, str]] = []
    for k in range(n):
        row = {name: cells.values[k] for name, cells in columns.items()}
        if all(_blank_or_zero(v) for v in row.values()):
            continue
        where = {name: cells.label(k) for name, cells in columns.items()}
        power = Power.parse(_zero_as_blank(row["powers"]), where["powers"])
        rnd = _key(row["rounds"]) if rounds is not None else None
        board = seen.get((rnd, power), 0) + 1
        seen[(rnd, power)] = board
        player = _zero_as_blank(row["players"]) if players is not None else _TITLES[power]
        named = {
            "round": where.get("rounds", ""),
            "power": where["powers"],
            "player": where.get("players", ""),
            "centres": where["centres"],
        }
        seats.append({
            "round": row["rounds"] if rounds is not None else board,
            "board": board if rounds is not None else 1,
            "power": power,
            "player": player,
            "centres": row["centres"],
        })
        seat_cells.append(named)
        wheres.append(f"seat {columns['powers'].index(k) + 1}")
    event = tournament_from_rows(_not_played(Rows.of(seats, wheres, seat_cells, sheet=True)))
    for notice in event.remarks:
        # A board these functions cannot count: their answer has no room
        # for the warning, so the cell says it (never a quietly other mean).
        if notice.code == "not_counted":
            raise InputError(notice.message, notice.where)
    return event, columns["powers"]


# -------------------------------------------------------------- functions


# ----------------------------------------------- one-board functions
#
# Every per-game system of the registry (presets aside: they are its
# parameters) gets a one-board function named after its id (cdiplo ->
# CDIPLO), made here from its registry entry alone: the centres, then the
# system's own per-seat inputs (GameSystem.board_inputs: Detour's
# elimination years, Diminishing Value's draw flags), then the parameters.
# The function is real Python with named arguments (xlwings reads the
# signature); its help comes from the system's title and parameter names.

_BOARD_INPUTS = (ELIMINATED_YEARS, DRAW_FLAGS, FINAL_YEAR, CHART)  # what _score_board reads
_BOARD_TEMPLATE = """\
def {name}({arguments}) -> Any:
    try:
        return _score_board(_SYSTEM, centres, {years}, {flags}, {final}, {chart}, parameters)
    except DipxlError as err:
        raise _located(err, {name!r}) from None
"""


def _parameters_doc(system: GameSystem[Any]) -> str:
    """The help of a board function's parameters argument (at most 255
    characters, as Excel allows): the system's parameter names."""
    names = ", ".join(name for name, _ in system.parameters())
    doc = (f'Optional {system.title} parameters: "name=value" texts or a name | value '
           f'range, e.g. "round_to=2". Names: {names}.')
    return doc if len(doc) <= 255 else doc[:252] + "..."


def _board_function(system: GameSystem[Any]) -> Callable[..., Any]:
    """The one-board worksheet function of ``system``, decorated for xlwings:
    the centres, the system's inputs, the parameters, then the inputs
    listed ``after_parameters`` (a system that came to read more keeps the
    places of the arguments its worksheets already pass)."""
    inputs = system.board_inputs
    unknown = [i.name for i in inputs if i.name not in _BOARD_INPUTS]
    if unknown or not system.function.isidentifier():
        raise ValueError(f"{system.id}: no worksheet function {system.function!r} with "
                         f"inputs {[i.name for i in inputs]}")
    names = [i.name for i in inputs]
    by_name = {i.name: i for i in inputs}
    order = system.function_arguments
    late = [by_name[n] for n in order[order.index("parameters") + 1:]]
    early = [by_name[n] for n in order[1:order.index("parameters")]]

    def declared(given: list[BoardInput]) -> list[str]:
        return [f"{i.name}: Any" if i.required else f"{i.name}: Any = None" for i in given]

    source = _BOARD_TEMPLATE.format(
        name=system.function,
        arguments=", ".join(["centres: Any", *declared(early), "parameters: Any = None",
                             *declared(late)]),
        years=ELIMINATED_YEARS if ELIMINATED_YEARS in names else "None",
        flags=DRAW_FLAGS if DRAW_FLAGS in names else "None",
        final=FINAL_YEAR if FINAL_YEAR in names else "None",
        chart=CHART if CHART in names else "None",
    )
    namespace: dict[str, Any] = {
        "Any": Any, "DipxlError": DipxlError, "_SYSTEM": system,
        "_located": _located, "_score_board": _score_board,
    }
    exec(source, namespace)  # a template over checked identifiers: named args for xlwings
    function: Callable[..., Any] = namespace[system.function]
    function.__module__ = __name__
    function.__doc__ = (f"{system.title} scores of one board, Austria to Turkey; "
                        "blanks until it is played.")
    for board_input in reversed(late):
        function = arg(board_input.name, doc=board_input.doc, **_RANGE)(function)
    function = arg("parameters", doc=_parameters_doc(system), **_RANGE)(function)
    for board_input in reversed(early):
        function = arg(board_input.name, doc=board_input.doc, **_RANGE)(function)
    function = arg("centres", doc=_BOARD_DOC, **_RANGE)(function)
    made: Callable[..., Any] = func(category=CATEGORY)(function)
    return made


_BOARD_FUNCTIONS = {
    system.function: _board_function(system)
    for system in canonical() if isinstance(system, GameSystem)
}
globals().update(_BOARD_FUNCTIONS)


@func(category=CATEGORY)
@arg("players", doc="The player of each seat, parallel to powers and centres.", **_RANGE)
@arg("powers", doc="The power of each seat (Austria ... Turkey, or A/E/F/G/I/R/T).", **_RANGE)
@arg("centres", doc="The final centre count of each seat.", **_RANGE)
@arg("player", doc="The player whose score you want.", err_to_str=True)
@arg(
    "rounds",
    doc="Optional: the round of each seat. Given: divide by the rounds of the event "
    "(Hurst). Left out: divide by the games the player played.",
    **_RANGE,
)
def HTM_SCORE(players: Any, powers: Any, centres: Any, player: Any, rounds: Any = None) -> Any:
    """Hurst Tournament Mean score of one player (centres minus power means)."""
    try:
        player = _one_cell(player, "player")
        _error_text(player, "player")
        name = parse_player(None if _blank(player) else player, "player")
        rounds = None if _left_out(rounds) else rounds
        if not name:
            raise InputError("no player name given", "player")
        system = _htm()
        event, _ = _htm_event(players, powers, centres, rounds)
        params = system.params if rounds is not None else system.make_params({"divisor": "played"})
        scores = system.score_event(event, params)
        # The player as the table spells it: names differing only in case
        # are one player (as MATCH reads them).
        folded = name.casefold()
        spelt = next((seat.player for game in event.games for seat in game.seats
                      if seat.player.casefold() == folded), None)
        if spelt is None:
            raise InputError(f"no seat of player {name!r} in players", "player")
        return float(scores.totals[spelt]) if spelt in scores.totals else None
    except DipxlError as err:
        raise _located(err, "HTM_SCORE") from None


@func(category=CATEGORY)
@arg("powers", doc="The power of each seat (Austria ... Turkey, or A/E/F/G/I/R/T).", **_RANGE)
@arg("centres", doc="The final centre count of each seat, parallel to powers.", **_RANGE)
def HTM_MEANS(powers: Any, centres: Any) -> Any:
    """Hurst Tournament Mean: the mean centres of each power, Austria to Turkey."""
    try:
        system = _htm()
        event, shape = _htm_event(None, powers, centres, None)
        scores = system.score_event(event, system.params)
        means = [float(scores.mean(p)) if scores.games else None for p in _POWERS]
        return [means] if shape.is_row else [[m] for m in means]
    except DipxlError as err:
        raise _located(err, "HTM_MEANS") from None


@func(category=CATEGORY)
@arg(
    "results",
    doc="The results table with its header row: Round, Board, Power, Player, Centres "
    "(Eliminated, Draw, Year and the chart's year columns optional), one row per seat.",
    **_RANGE,
)
@arg(
    "system",
    doc="Optional scoring system id, e.g. cdiplo, detour98e, world-classic (DIPXL_SYSTEMS "
    "lists every id and preset); default cdiplo.",
    err_to_str=True,
)
@arg(
    "parameters",
    doc='Optional parameters of the system, e.g. "best_rounds=3" or '
    '"round_weights=1,1,2; final_round=3".',
    **_RANGE,
)
def DIPXL_STANDINGS(results: Any, system: Any = None, parameters: Any = None) -> Any:
    """Standings of a results table: rank, player, score, games, tie-breakers, R1, ..., counted."""
    try:
        spec = _system(system)
        params = _params(spec, parameters)
        event = tournament_from_rows(_results(results))
        standings = score_tournament(event, spec, params)
        table = standings_table(standings)
        width = len(table.columns)
        return [
            [c.title for c in table.columns],
            *([_number(flag(value)) for value in row] for row in table.rows),
            [f"Counted: {standings.counted}", *[None] * (width - 1)],
        ]
    except DipxlError as err:
        raise _located(err, "DIPXL_STANDINGS") from None


@func(category=CATEGORY)
@arg(
    "results",
    doc="The results table with its header row: Round, Board, Power, Player, Centres "
    "(Eliminated and Draw optional).",
    **_RANGE,
)
@arg("system", doc="Optional scoring system id, to add that system's warnings.", err_to_str=True)
def DIPXL_CHECK(results: Any, system: Any = None) -> Any:
    """Checks a results table: a summary line, then every error or warning."""
    held: list[InputError] = []  # error values in Player cells
    try:
        rows = _results(results, held)
        spec = None if _blank(system) else _system(system)
    except DipxlError as err:
        return [["1 error"], [f"Error: {err}"]]
    errors = [str(problem) for problem in held]
    notices: tuple[Notice, ...] = ()
    unlisted = 0  # errors counted, not listed (past InputErrors.KEPT)
    status = ""
    try:
        event = tournament_from_rows(rows)
        if spec:
            standings = score_tournament(event, spec)
            notices, status = standings.notices, f"Counted: {standings.counted}"
        else:
            notices = ordered(event.notices())
            status = f"Counted: {counted(event, notices)}"
    except InputErrors as err:  # every bad cell, else every broken board
        errors += [str(problem) for problem in err.problems]
        unlisted = err.unlisted
    except DipxlError as err:
        errors.append(str(err))
    if errors:
        lines = [f"Error: {e}" for e in errors] + [f"and {unlisted:,} more"] * (unlisted > 0)
        count = len(errors) + unlisted
        summary = f"{count:,} error{'s' if count != 1 else ''}"
    elif notices:  # information one line a kind, as on the command line
        lines = [status, *(f"Warning: {line}" for line in grouped(notices))]
        summary = f"{len(notices)} warning{'s' if len(notices) != 1 else ''}"
    else:
        lines = [status]
        summary = (
            f"OK: {len(event.games)} boards ({len(event.finished_games)} finished), "
            f"{len(event.players)} players with a finished board, no errors or warnings"
        )
    return [[summary], *([line] for line in lines)]


@func(category=CATEGORY)
def DIPXL_SYSTEMS() -> Any:
    """The scoring systems: id, title, rule, and parameters with their defaults."""
    table: list[list[object]] = [["Id", "Title", "Rule", "Parameters"]]
    for spec in SYSTEMS:
        settings = "; ".join(f"{name}={_setting(value)}" for name, value in spec.parameters())
        table.append([spec.id, spec.title, " ".join(spec.description.split()), settings])
    return table


def _setting(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, tuple):
        return ",".join(_setting(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
