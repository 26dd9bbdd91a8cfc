"""Whole-column references (issue 19 item 3): ``=DIPXL_STANDINGS(Results!A:H)``
or ``=HTM_MEANS(B:B, C:C)`` make Excel pass 1,048,576 rows, nearly all
blank.  Every worksheet function gives the same answer as for the rows a
TD typed, reads a value however far down it is (as a row, or an error
naming that row), refuses more filled rows than any tournament with a
message saying how many and the limit, and a one-board function refuses a
column before reading it.

The cost is checked without a clock: the memory a call allocates
(tracemalloc) stays far below what reading a million rows cell by cell
takes (``benchmarks/udf_ranges.py`` has the times, old and new).
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from dipxl import udfs
from dipxl.errors import DipxlError
from dipxl.examples import htm_example, worked_games_event
from dipxl.io.limits import MAX_CELLS, MAX_ROWS
from dipxl.systems import GameSystem, canonical
from dipxl.systems.base import CHART, FINAL_YEAR
from tests.runtimes.cases import results_table

WHOLE = 1 << 20  # rows of a whole column
BOARD = [[17.0], [5.0], [4.0], [3.0], [3.0], [2.0], [0.0]]
YEARS: list[list[object]] = [[None]] * 6 + [[1907.0]]
RESULTS = results_table(worked_games_event())  # blank rows between rounds, a Notes column
HTM = results_table(htm_example())[1:]
PLAYERS, POWERS, CENTRES, ROUNDS = ([[r[j]] for r in HTM] for j in (3, 2, 4, 0))
# Seven more powers typed for a round whose centres are not in yet.
NEXT_POWERS = POWERS + POWERS[:7]
KiB = 1 << 10


def whole(rows: list[list[Any]], blank: object = None, at: int | None = None,
          value: object = None, column: int = 0, distinct: bool = False) -> list[list[Any]]:
    """``rows`` at the top of a whole-column range, the rest ``blank``;
    ``value`` in row ``at`` (1-based).  ``distinct``: a new list a row, as
    xlwings builds it (slow to build); else one list for every blank row."""
    width = len(rows[0])
    tail = WHOLE - len(rows)
    gc.disable()  # a million new lists would run the collector again and again
    try:
        grid = [list(r) for r in rows] + (
            [[blank] * width for _ in range(tail)] if distinct else [[blank] * width] * tail)
    finally:
        gc.enable()
    if at is not None:
        grid[at - 1] = list(grid[at - 1])
        grid[at - 1][column] = value
    return grid


def _arguments(system: GameSystem[Any], **given: object) -> list[object]:
    """The one-board function's arguments in ``system.function_arguments``
    order: those ``given`` by name, the rest left out (None)."""
    return [given.get(name) for name in system.function_arguments]


def _board_function(system: GameSystem[Any]) -> Callable[..., Any]:
    function = getattr(udfs, system.function)
    return lambda parameters: function(*_arguments(
        system, centres=BOARD, eliminated_years=YEARS, parameters=parameters))


BOARD_FUNCTIONS = {s.function: _board_function(s) for s in canonical()
                   if isinstance(s, GameSystem)}
PARAMETERS = [["round_to", 1.0], [None, None], ["best_rounds", 2.0]]  # every system's
PARAMETER_TEXT = [["best_rounds=2"]]

# name -> (the call with its table ranges as given, the table ranges typed).
CALLS: dict[str, tuple[Callable[..., Any], list[list[list[Any]]]]] = {
    **{name: (call, [PARAMETERS]) for name, call in BOARD_FUNCTIONS.items()},
    "DIPXL_STANDINGS": (lambda r, p: udfs.DIPXL_STANDINGS(r, "detour98e", p),
                        [RESULTS, PARAMETER_TEXT]),
    "DIPXL_CHECK": (lambda r: udfs.DIPXL_CHECK(r, "cdiplo"), [RESULTS]),
    "HTM_SCORE": (lambda *c: udfs.HTM_SCORE(c[0], c[1], c[2], "P13", c[3]),
                  [PLAYERS, POWERS, CENTRES, ROUNDS]),
    "HTM_MEANS": (udfs.HTM_MEANS, [NEXT_POWERS, CENTRES + [[None]] * 7]),
}


def test_every_function_is_covered() -> None:
    assert set(CALLS) == set(udfs.__all__) - {"DIPXL_SYSTEMS"}  # it takes no argument


@contextmanager
def allocates_at_most(kib: int, what: str) -> Iterator[None]:
    """Fail when the block's allocations peak above ``kib``: reading a whole
    column cell by cell takes megabytes (a list of its cells alone is 8 MiB)."""
    tracemalloc.start()
    try:
        yield
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak <= kib * KiB, f"{what}: {peak / KiB:,.0f} KiB allocated"


def _answer(call: Callable[[], Any]) -> object:
    try:
        return call()
    except DipxlError as err:
        return f"error: {err}"


@pytest.mark.parametrize("blank", [None, ""], ids=["None", "empty text"])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_whole_columns_give_the_answer_of_the_rows_typed(name: str, blank: object) -> None:
    call, typed = CALLS[name]
    expected = call(*typed)
    assert not isinstance(expected, str)
    columns = [whole(rows, blank, distinct=True) for rows in typed]
    with allocates_at_most(2048, name):
        got = call(*columns)
    assert got == expected


# Where a value typed far below goes: (argument, column) of the centres.
CENTRES_AT = {"DIPXL_STANDINGS": (0, 4), "DIPXL_CHECK": (0, 4), "HTM_MEANS": (1, 0),
              "HTM_SCORE": (2, 0)}


@pytest.mark.parametrize("name", sorted(CENTRES_AT))
@pytest.mark.parametrize("at", [WHOLE, WHOLE // 2])
@pytest.mark.parametrize("value", [5.0, "x", False], ids=repr)
def test_a_value_far_below_is_read_and_named_by_its_row(
    name: str, at: int, value: object
) -> None:
    call, typed = CALLS[name]
    index, column = CENTRES_AT[name]
    if value is False and name.startswith("DIPXL"):
        column = 6  # in the Draw column
    columns = [whole(rows, at=at, value=value, column=column) if k == index else whole(rows)
               for k, rows in enumerate(typed)]
    answer = str(_answer(lambda: call(*columns)))
    assert f"row {at}" in answer, answer
    assert "rror" in answer, answer  # an error, or DIPXL_CHECK's "Error: " line


@pytest.mark.parametrize("name", sorted(BOARD_FUNCTIONS))
def test_a_parameter_far_below_is_read(name: str) -> None:
    parameters = whole([["round_to", 1.0]], at=WHOLE, value=5.0)
    answer = _answer(lambda: BOARD_FUNCTIONS[name](parameters))
    assert answer == (f"error: {name}: parameters, row {WHOLE:d}, column 1: expected a "
                      "parameter name or \"name=value\", got 5.0")


def test_a_setting_far_below_changes_the_standings() -> None:
    params = whole([["best_rounds", 2.0]], at=WHOLE, value="round_weights=1,1,2")
    expected = udfs.DIPXL_STANDINGS(
        RESULTS, "cdiplo", [["best_rounds", 2.0], ["round_weights=1,1,2", None]])
    assert udfs.DIPXL_STANDINGS(RESULTS, "cdiplo", params) == expected
    assert expected != udfs.DIPXL_STANDINGS(RESULTS, "cdiplo", [["best_rounds", 2.0]])


# ----------------------------------------------------------- refused


def _filled(count: int, row: list[Any]) -> list[list[Any]]:
    """``count`` filled rows (one list, many times: cheap), then blanks."""
    return [row] * count + [[None] * len(row)] * (WHOLE - count)


OVER = MAX_ROWS + 1
TOO_MANY = (f"{OVER:,} of its rows are filled, more than dipxl reads ({MAX_ROWS:,}): "
            "is it the right range?")
SEAT = [1.0, 1.0, "Austria", "Alice", 3.0, None, None, None]


def test_more_filled_rows_than_any_tournament_are_refused() -> None:
    results = [RESULTS[0], *_filled(OVER, SEAT)[:-1]]
    with pytest.raises(DipxlError) as caught:
        udfs.DIPXL_STANDINGS(results)
    assert str(caught.value) == f"DIPXL_STANDINGS: results: {TOO_MANY}"
    assert udfs.DIPXL_CHECK(results) == [["1 error"], [f"Error: results: {TOO_MANY}"]]
    with pytest.raises(DipxlError) as caught:
        udfs.HTM_MEANS(_filled(OVER, ["Austria"]), _filled(OVER, [3.0]))
    assert str(caught.value) == f"HTM_MEANS: powers: {TOO_MANY}"
    with pytest.raises(DipxlError) as caught:
        udfs.CDIPLO(BOARD, _filled(OVER, ["round_to", 1.0]))
    assert str(caught.value) == f"CDIPLO: parameters: {TOO_MANY}"


def test_parallel_ranges_over_the_limit_together_are_refused() -> None:
    # Powers typed in the top rows, centres in the rows below: each under
    # the limit, the seats (rows with either) over it.
    half = OVER // 2 + 1
    powers = [["Austria"]] * half + [[None]] * (WHOLE - half)
    centres = [[None]] * half + [[3.0]] * half + [[None]] * (WHOLE - 2 * half)
    with pytest.raises(DipxlError) as caught:
        udfs.HTM_MEANS(powers, centres)
    assert str(caught.value) == (f"HTM_MEANS: powers: {2 * half:,} of its rows are filled, "
                                 f"more than dipxl reads ({MAX_ROWS:,}): is it the right range?")


def test_a_range_too_wide_is_refused() -> None:
    width = 1 << 14  # columns A:XFD
    rows = MAX_CELLS // width + 1
    header = RESULTS[0] + [None] * (width - len(RESULTS[0]))
    results = [header] + [SEAT + [None] * (width - len(SEAT))] * (rows - 1)
    with pytest.raises(DipxlError) as caught:
        udfs.DIPXL_STANDINGS(results)
    assert str(caught.value) == (
        f"DIPXL_STANDINGS: results: its {rows:,} filled rows of {width:,} columns hold "
        f"{rows * width:,} cells, more than dipxl reads ({MAX_CELLS:,}): "
        "is it the right range?")


class Unread(list[Any]):
    """A range that fails the test when its cells are read."""

    def __iter__(self) -> Iterator[Any]:
        raise AssertionError("the range was read")


@pytest.mark.parametrize("name", sorted(BOARD_FUNCTIONS))
def test_a_board_function_refuses_a_whole_column_unread(name: str) -> None:
    system = next(s for s in canonical() if isinstance(s, GameSystem) and s.function == name)
    function = getattr(udfs, name)
    column = Unread([[None]] * WHOLE)
    with pytest.raises(DipxlError) as caught:
        function(*_arguments(system, centres=column))
    assert str(caught.value) == (
        f"{name}: centres: expects the seven cells of one board, Austria to Turkey, "
        f"as a column or a row; got {WHOLE:,} x 1 cells")
    for board_input in system.board_inputs:
        if board_input.name == CHART:  # a table (the years down A, the powers in B:H: a
            continue                   # whole-column chart is fine), read as parameters are
        with pytest.raises(DipxlError) as caught:
            function(*_arguments(system, centres=BOARD,
                                 **{board_input.name: Unread([[None]] * WHOLE)}))
        refused = (f"expects one cell, got a range of {WHOLE:,} x 1 cells"
                   if board_input.name == FINAL_YEAR else "expects the seven cells")
        assert f"{name}: {board_input.name}: {refused}" in str(caught.value)


def test_a_range_where_one_cell_belongs_is_refused_by_its_size() -> None:
    # Not by its cells: the text of a whole column would be megabytes in a cell.
    column = whole([["cdiplo"]])
    refused = f"expects one cell, got a range of {WHOLE:,} x 1 cells"
    with pytest.raises(DipxlError) as caught:
        udfs.DIPXL_STANDINGS(RESULTS, column)
    assert str(caught.value) == f"DIPXL_STANDINGS: system: {refused}"
    assert udfs.DIPXL_CHECK(RESULTS, column) == [["1 error"], [f"Error: system: {refused}"]]
    with pytest.raises(DipxlError) as caught:
        udfs.HTM_SCORE(PLAYERS, POWERS, CENTRES, whole([["P13"]]))
    assert str(caught.value) == f"HTM_SCORE: player: {refused}"
