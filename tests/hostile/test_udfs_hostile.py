"""Every worksheet function, fed hostile values in every argument and cell
(NaN, inf, huge numbers, error texts, control characters, nested lists,
wrong shapes, booleans, dates, foreign types), gives a visible error: a
DipxlError whose text starts with the function and names the argument or
cell.  Never a number, never another exception (TypeError, IndexError ...).
DIPXL_CHECK, which never fails, reports an error line instead."""

from __future__ import annotations

import datetime
import decimal
import fractions
import math
import os
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipxl import udfs
from dipxl.errors import DipxlError
from dipxl.examples import worked_games_event
from dipxl.systems import GameSystem, canonical

HOSTILE: list[object] = [
    math.nan, math.inf, -math.inf, 1e308, -1e308, 10**400, -(10**30), 2.5, -1.0,
    "#N/A", "#VALUE!", "#DIV/0!", "#REF!", "\x1b[2J", "a\x00b", "\u202etxet", "NaN", "inf",
    "1e999", "1_0", "x" * 100_000,
    [[1.0]], [[[1.0]]], [], [[]], [[1.0, 2.0], [3.0]], {"a": 1}, (1, 2),
    True, False, datetime.datetime(2026, 5, 1), datetime.date(2026, 5, 1),
    datetime.time(12, 0), datetime.timedelta(days=1), b"5", bytearray(b"5"),
    decimal.Decimal("5"), fractions.Fraction(5), complex(5, 0), object(),
]

BOARD = [[17.0], [5.0], [4.0], [3.0], [3.0], [2.0], [0.0]]
YEARS: list[list[object]] = [[None]] * 6 + [[1907.0]]
FLAGS: list[list[object]] = [[None]] * 7


def _results() -> list[list[object]]:
    rows: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres", "Eliminated",
                                 "Draw"]]
    for g in worked_games_event().games:
        for s in g.seats:
            rows.append([float(g.round), float(g.board), s.power.title, s.player,
                         float(s.centres or 0), float(s.eliminated) if s.eliminated else None,
                         None])
    return rows


RESULTS = _results()
# HTM's parallel ranges: the first two rounds of the worked event.
HTM_ROWS = [r for r in RESULTS[1:] if r[0] in (1.0, 2.0)]
PLAYERS = [[r[3]] for r in HTM_ROWS]
POWERS = [[r[2]] for r in HTM_ROWS]
CENTRES = [[r[4]] for r in HTM_ROWS]
ROUNDS = [[r[0]] for r in HTM_ROWS]

# function name -> (function, valid arguments, what each argument is called
# in messages: a cell of argument i is named by this text).
# Every per-game system's one-board function (CDIPLO, DETOUR98E, DIMVALUE,
# ...) with the per-seat inputs it takes, from the registry.
SEAT_INPUTS: dict[str, object] = {
    "eliminated_years": YEARS, "draw_flags": FLAGS, "final_year": 1907.0,
    # the chart: the years across its first row, a row a power below
    "chart": [[1905.0, 1906.0], *([float(k), float(k + 1)] for k in range(7))],
}
CALLS: dict[str, tuple[Callable[..., Any], list[object], list[str]]] = {
    **{
        s.function: (
            getattr(udfs, s.function),
            [{**SEAT_INPUTS, "centres": BOARD, "parameters": "round_to=2"}[name]
             for name in s.function_arguments],
            list(s.function_arguments),
        )
        for s in canonical() if isinstance(s, GameSystem)
    },
    "HTM_SCORE": (udfs.HTM_SCORE, [PLAYERS, POWERS, CENTRES, "Alice", ROUNDS],
                  ["players", "powers", "centres", "player", "rounds"]),
    "HTM_MEANS": (udfs.HTM_MEANS, [POWERS, CENTRES], ["powers", "centres"]),
    "DIPXL_STANDINGS": (udfs.DIPXL_STANDINGS, [RESULTS, "detour98e", "best_rounds=2"],
                        ["row ", "system", "parameters"]),
    "DIPXL_CHECK": (udfs.DIPXL_CHECK, [RESULTS, "cdiplo"], ["row ", "system"]),
}


def _copy(value: object) -> object:
    return [list(r) for r in value] if isinstance(value, list) else value


def _cells(arg: object) -> list[tuple[int, int]]:
    """Cell positions of a range argument (data rows only for a results table)."""
    if not isinstance(arg, list):
        return []
    first = 1 if arg is RESULTS else 0
    return [(r, c) for r in range(first, len(arg)) for c in range(len(arg[r]))]


def _accepts(name: str, index: int, column: int | None, value: object) -> bool:
    """Values that are valid where they are put (not hostile there)."""
    label = CALLS[name][2][index]
    draw_cell = label == "draw_flags" or (label == "row " and column == 6)
    if draw_cell and (isinstance(value, bool) or value in (1.0, -0.0)):
        return True
    player_cell = label == "players" or (label == "row " and column == 3)
    finite = (isinstance(value, int) and not isinstance(value, bool)) or \
        (isinstance(value, float) and math.isfinite(value))
    if player_cell and finite:
        return True  # a number typed as a name
    if player_cell and isinstance(value, str) and value.isprintable() and value.strip() \
            and value not in udfs._ERROR_TEXTS:
        return True  # text such as "NaN" or "1_0" is a name
    return label == "parameters" and value == []  # no parameters, as a blank cell


def _left_out(line: object) -> bool:
    """A status line saying a board was not counted, naming its cell (a
    value no formula reads: the board is left out, not refused)."""
    return isinstance(line, str) and line.startswith("Counted: ") and bool(
        re.search(r"not counted: R[0-9]+ B[0-9]+ \(row [0-9]+, ", line))


def _visible(name: str, index: int, call: Callable[[], Any], what: object = "") -> None:
    try:
        result = call()
    except DipxlError as err:
        text = str(err)
        assert text.startswith(f"{name}: "), text
        names = (CALLS[name][2][index], "results", "parameter", "system")
        assert any(n in text for n in names), text
        return
    if name == "DIPXL_CHECK":
        assert all(isinstance(v, str) for row in result for v in row)
        if _left_out(result[1][0] if len(result) > 1 else ""):
            return
        assert result[0][0].endswith(("error", "errors")), result
        return
    if name == "DIPXL_STANDINGS" and _left_out(result[-1][0]):
        return  # a board not counted, said on the last line (and by DIPXL_CHECK)
    raise AssertionError(f"{name} gave {str(result)[:300]} for the hostile {what!r:.200}")


def test_the_valid_calls_give_numbers() -> None:
    for name, (function, args, _) in CALLS.items():
        result = function(*args)
        assert result is not None, name
    assert udfs.DIPXL_CHECK(RESULTS, "cdiplo")[0][0].startswith("OK")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_hostile_value_in_every_argument_is_visible(name: str) -> None:
    function, args, _ = CALLS[name]
    for index, arg in enumerate(args):
        for value in HOSTILE:
            # The whole argument replaced ...
            if not _accepts(name, index, None, value):
                call_args = [_copy(a) for a in args]
                call_args[index] = value
                _visible(name, index, lambda a=call_args: function(*a),  # type: ignore[misc]
                         (index, value))
            # ... and one cell of a range argument (first, middle, last).
            cells = _cells(arg)
            for r, c in cells[:1] + cells[len(cells) // 2 : len(cells) // 2 + 1] + cells[-1:]:
                if _accepts(name, index, c, value):
                    continue
                call_args = [_copy(a) for a in args]
                call_args[index][r][c] = value  # type: ignore[index]
                _visible(name, index, lambda a=call_args: function(*a),  # type: ignore[misc]
                         (index, r, c, value))


@settings(max_examples=int(os.environ.get("DIPXL_FUZZ_EXAMPLES", "120")) * 2, deadline=None)
@given(data=st.data(), name=st.sampled_from(sorted(CALLS)))
def test_hostile_values_in_random_cells_are_visible(data: st.DataObject, name: str) -> None:
    function, args, _ = CALLS[name]
    ranges = [i for i, a in enumerate(args) if _cells(a)]
    index = data.draw(st.sampled_from(ranges))
    call_args = [_copy(a) for a in args]
    cells = _cells(args[index])
    chosen = data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=4, unique=True))
    hostile = False
    for r, c in chosen:
        value = data.draw(st.sampled_from(HOSTILE))
        hostile = hostile or not _accepts(name, index, c, value)
        call_args[index][r][c] = value  # type: ignore[index]
    if hostile:
        _visible(name, index, lambda: function(*call_args), call_args)
    else:  # valid values (two equal numbers as names may still seat a player twice)
        try:
            function(*call_args)
        except DipxlError as err:
            assert str(err).startswith(f"{name}: "), str(err)
