"""Worksheet-function calls shared by the runtime tests (xlwings Lite in
Pyodide, classic xlwings' COM path): every function of ``dipxl.udfs``, with
the cells a TD really has -- blank cells, error cells, omitted optional
arguments, whole numbers, fractions, text -- written once, as plain Python
values the way the functions document them:

- a range is a list of rows (``[[17.0], [5.0], ...]``: ndim=2), a single
  value (a literal or one cell given where no range is asked for) is the
  value itself;
- ``None`` is a blank cell; a text in :data:`ERRORS` is an error cell;
- :data:`OMITTED` is an optional argument left out of the formula.

Each runtime turns these into what it delivers (Office.js payloads, COM
values) and compares what comes back with the direct CPython call.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dipxl.examples import htm_example, worked_games_event
from dipxl.model import Power, Tournament
from dipxl.systems import GameSystem, canonical
from dipxl.systems.base import ELIMINATED_YEARS, FINAL_YEAR

__all__ = ["CASES", "ERRORS", "OMITTED", "Call", "cpython"]


class _Omitted:
    """An optional argument left out of the formula."""

    def __repr__(self) -> str:
        return "OMITTED"


OMITTED: Any = _Omitted()

# Excel's error values and the ``errorType`` Office.js gives each.
ERRORS = {
    "#DIV/0!": "Div0",
    "#N/A": "NotAvailable",
    "#NAME?": "Name",
    "#NULL!": "Null",
    "#NUM!": "Num",
    "#REF!": "Ref",
    "#VALUE!": "Value",
}


@dataclass(frozen=True)
class Call:
    """One formula: ``function(*args)``, and what it is about."""

    about: str
    function: str
    args: tuple[Any, ...]

    @property
    def id(self) -> str:
        return f"{self.function}: {self.about}"


def column(values: list[Any]) -> list[list[Any]]:
    return [[v] for v in values]


def whole(values: list[int | None]) -> list[float | None]:
    """Counts as Excel holds them: floats (0 stays 0.0)."""
    return [None if v is None else float(v) for v in values]


SOLO = [18, 5, 4, 3, 2, 2, 0]
BOARD = [17, 5, 4, 3, 3, 2, 0]
DRAW = [10, 8, 8, 5, 3, 0, 0]


def _boards() -> list[Call]:
    calls = [
        Call("a finished board, a column of floats", "CDIPLO", (column(whole(BOARD)), OMITTED)),
        Call("a finished board as a row", "CDIPLO", ([whole(BOARD)], OMITTED)),
        Call("a solo", "CDIPLO", (column(whole(SOLO)), OMITTED)),
        Call("not played yet: all blank", "CDIPLO", (column([None] * 7), OMITTED)),
        Call("not played yet: all 0", "CDIPLO", (column([0.0] * 7), OMITTED)),
        Call("entered halfway: blanks", "CDIPLO",
             (column([17.0, 5.0, None, None, 3.0, None, 0.0]), OMITTED)),
        Call("a parameter text", "CDIPLO", (column(whole(BOARD)), [["round_to=2"]])),
        Call("a name | value range with a blank row", "CDIPLO",
             (column(whole(BOARD)), [["positions", "38,14,7"], [None, None], ["round_to", 1.0]])),
        Call("a blank parameters cell", "CDIPLO", (column(whole(BOARD)), [[None]])),
        Call("an error cell among the centres", "CDIPLO",
             (column([17.0, 5.0, "#N/A", 3.0, 3.0, 2.0, 0.0]), OMITTED)),
        Call("a fraction of a centre", "CDIPLO",
             (column([17.5, 5.0, 4.0, 3.0, 3.0, 2.0, 0.0]), OMITTED)),
        Call("text", "CDIPLO", (column([17.0, 5.0, "x", 3.0, 3.0, 2.0, 0.0]), OMITTED)),
        Call("numbers typed as text", "CDIPLO", (column([str(c) for c in BOARD]), OMITTED)),
        Call("an unknown parameter", "CDIPLO", (column(whole(BOARD)), [["colour=red"]])),
        Call("six cells", "CDIPLO", (column(whole(BOARD[:6])), OMITTED)),
        Call("eliminations with blanks for survivors", "DETOUR98E",
             (column(whole(BOARD)), column([None] * 6 + [1907.0]), OMITTED)),
        Call("two eliminations, a parameter", "DETOUR98E",
             (column(whole(DRAW)), column([None] * 5 + [1904.0, 1907.0]), [["round_to=2"]])),
        Call("no elimination: one blank cell", "DETOUR98E",
             (column(whole([9, 8, 8, 5, 2, 1, 1])), [[None]], OMITTED)),
        Call("no elimination: seven blank cells", "DETOUR98E",
             (column(whole([9, 8, 8, 5, 2, 1, 1])), column([None] * 7), OMITTED)),
        Call("a solo", "DETOUR98E", (column(whole(SOLO)), column([None] * 6 + [1905.0]), OMITTED)),
        Call("an error cell among the years", "DETOUR98E",
             (column(whole(BOARD)), column([None] * 5 + ["#REF!", 1907.0]), OMITTED)),
        Call("all survivors in the draw", "DIMVALUE", (column(whole(DRAW)), OMITTED, OMITTED)),
        Call("Y and N flags with blanks", "DIMVALUE",
             (column(whole(DRAW)), column(["Y", "Y", "N", "Y", "Y", None, None]), OMITTED)),
        Call("draw flags left out, a parameter", "DIMVALUE",
             (column(whole(DRAW)), OMITTED, [["ante=60"]])),
        Call("a solo", "DIMVALUE", (column(whole(SOLO)), OMITTED, OMITTED)),
        Call("not played yet", "DIMVALUE", (column([None] * 7), OMITTED, OMITTED)),
        Call("an error cell among the flags", "DIMVALUE",
             (column(whole(DRAW)), column(["Y", "#VALUE!", "Y", "Y", "Y", None, None]), OMITTED)),
    ]
    rng = random.Random(15)
    for k in range(12):  # random boards of every shape, as rows and columns
        owned = rng.randint(1, 34)
        counts = [0] * 7
        for _ in range(owned):
            counts[rng.randrange(7)] += 1
        cells = whole(counts)
        shaped = [cells] if k % 2 else column(cells)
        years = [None if c else float(1901 + rng.randrange(9)) for c in counts]
        years_shaped = [years] if k % 2 else column(years)
        final = max([y for y in years if y is not None] + [1906.0]) + 1
        # Every per-game system's function, from the registry, its arguments
        # in their places: the elimination years and the final year (one
        # cell) where it reads them, its other inputs and parameters left out.
        given = {"centres": shaped, ELIMINATED_YEARS: years_shaped, FINAL_YEAR: [[final]]}
        calls += [
            Call(f"random board {k}", system.function,
                 tuple(given.get(name, OMITTED) for name in system.function_arguments))
            for system in canonical() if isinstance(system, GameSystem)
        ]
    return calls


RESULTS_HEADER = ["Round", "Board", "Power", "Player", "Centres", "Eliminated", "Draw", "Notes"]


def results_table(event: Tournament) -> list[list[Any]]:
    """A results range with its header: rounds and boards as floats,
    survivors' years and draw flags blank, a blank row between rounds."""
    rows: list[list[Any]] = [list(RESULTS_HEADER)]
    last_round = None
    for game in event.games:
        if last_round is not None and game.round != last_round:
            rows.append([None] * len(RESULTS_HEADER))
        last_round = game.round
        for seat in game.seats:
            rows.append([
                float(game.round), float(game.board), seat.power.title, seat.player,
                None if seat.centres is None else float(seat.centres),
                None if seat.eliminated is None else float(seat.eliminated),
                None, "checked" if seat.power is Power.TURKEY else None,
            ])
    return rows


def _tables() -> list[Call]:
    worked = results_table(worked_games_event())
    unfinished = [row[:] for row in worked]
    unfinished[3][4] = None  # round 1, board 1, France: not entered yet
    broken = [row[:] for row in worked]
    broken[5][4] = "#DIV/0!"
    flagged = [row[:] for row in worked]
    for row in flagged[1:8]:
        row[6] = "Y" if row[4] else None
    htm = results_table(htm_example())
    calls = [
        Call("the worked event, system left out", "DIPXL_STANDINGS", (worked, OMITTED, OMITTED)),
        Call("blank system cell", "DIPXL_STANDINGS", (worked, None, OMITTED)),
        Call("Detour 98e", "DIPXL_STANDINGS", (worked, "detour98e", OMITTED)),
        Call("Diminishing Value, best 2 rounds", "DIPXL_STANDINGS",
             (worked, "dimvalue", [["best_rounds=2"]])),
        Call("C-Diplo, round weights, best 2 games, a final", "DIPXL_STANDINGS",
             (worked, "cdiplo", [["round_weights", "1,1,2"], ["best_games=2; final_round=3"]])),
        Call("draw flags with blanks", "DIPXL_STANDINGS", (flagged, "dimvalue", OMITTED)),
        Call("an unfinished board", "DIPXL_STANDINGS", (unfinished, "cdiplo", OMITTED)),
        Call("an error cell", "DIPXL_STANDINGS", (broken, OMITTED, OMITTED)),
        Call("HTM", "DIPXL_STANDINGS", (htm, "htm", OMITTED)),
        Call("an unknown system", "DIPXL_STANDINGS", (worked, "nosuch", OMITTED)),
        Call("the worked event", "DIPXL_CHECK", (worked, OMITTED)),
        Call("with a system's warnings", "DIPXL_CHECK", (worked, "detour98e")),
        Call("an unfinished board", "DIPXL_CHECK", (unfinished, OMITTED)),
        Call("an error cell", "DIPXL_CHECK", (broken, OMITTED)),
        Call("the systems", "DIPXL_SYSTEMS", ()),
    ]
    players = [[row[3]] for row in htm[1:]]
    powers = [[row[2]] for row in htm[1:]]
    centres = [[row[4]] for row in htm[1:]]
    rounds = [[row[0]] for row in htm[1:]]
    calls += [
        Call("the seeds/003 example, rounds given", "HTM_SCORE",
             (players, powers, centres, "P13", rounds)),
        Call("rounds left out", "HTM_SCORE", (players, powers, centres, "P13", OMITTED)),
        Call("a player with no seat", "HTM_SCORE", (players, powers, centres, "Nobody", OMITTED)),
        Call("a blank player cell", "HTM_SCORE", (players, powers, centres, None, OMITTED)),
        Call("an error cell as the player", "HTM_SCORE",
             (players, powers, centres, "#N/A", OMITTED)),
        Call("the seeds/003 example", "HTM_MEANS", (powers, centres)),
        Call("as rows", "HTM_MEANS", ([[p[0] for p in powers]], [[c[0] for c in centres]])),
    ]
    blanked = [row[:] for row in centres]
    blanked[0] = [None]
    calls.append(Call("a blank centres cell", "HTM_MEANS", (powers, blanked)))
    # Whole-column references: the rows a TD typed, then blank rows (a real
    # column has a million; these are enough to take the same path).
    tail = [[None] * len(RESULTS_HEADER)] * TAIL
    stray = [None, None, None, None, 5.0, None, None, None]
    calls += [
        Call("a whole column: blank rows below", "DIPXL_STANDINGS", (worked + tail, "cdiplo",
                                                                      OMITTED)),
        Call("a whole column, a value far below", "DIPXL_STANDINGS",
             (worked + tail + [stray], OMITTED, OMITTED)),
        Call("a whole column: blank rows below", "DIPXL_CHECK", (worked + tail, OMITTED)),
        Call("whole columns", "HTM_MEANS", (powers + [[None]] * TAIL, centres + [[None]] * TAIL)),
        Call("whole columns, a value far below", "HTM_MEANS",
             (powers + [[None]] * TAIL, centres + [[None]] * TAIL + [[5.0]])),
    ]
    return calls


TAIL = 20_000


CASES: tuple[Call, ...] = (*_boards(), *_tables())


def cpython(call: Call, left_out: Callable[[Any], bool] = lambda a: a is OMITTED) -> dict[str, Any]:
    """The direct CPython call, as the cell would show it: a grid of values
    (blank as ""), or the error text; an argument ``left_out`` says is left
    out of the formula is passed as None."""
    from dipxl import udfs

    args = [None if left_out(a) else a for a in call.args]
    try:
        value = getattr(udfs, call.function)(*args)
    except Exception as err:
        return {"error": str(err)}
    if not isinstance(value, list):
        value = [[value]]
    elif value and not isinstance(value[0], list):
        value = [value]
    return {"result": [["" if v is None else v for v in row] for row in value]}
