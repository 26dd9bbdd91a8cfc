"""The Excel worksheet functions, called exactly as xlwings calls them.

xlwings delivers numbers as floats, blanks as None (Office.js: 0 or ""),
ranges as lists of rows (ndim=2), error cells as their text (err_to_str).
Every expected value comes from the engine, computed on a model built
directly (Game/Seat), never from the adapter.
"""

from __future__ import annotations

import datetime
import importlib.util
import inspect
import math
import random
import re
import subprocess
import sys
import types
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dipxl.udfs as udfs
from dipxl.errors import DipxlError, InputError, Notice, grouped
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.standings import score_tournament
from dipxl.systems import SYSTEMS, GameSystem, canonical, get_system

UDFS = [getattr(udfs, name) for name in udfs.__all__]


def _board_call(spec: Any) -> Callable[..., Any]:
    """(centres, years, flags, parameters, final year, chart) -> the system's
    one-board function called with the inputs it takes, in the places it takes them
    (CDIPLO(c, p), DETOUR98E(c, y, p), SUMOFSQUARES(c, p, d), ...)."""
    function = getattr(udfs, spec.function)

    def call(c: Any, y: Any, d: Any, p: Any, f: Any = None, chart: Any = None) -> Any:
        given = {"centres": c, "eliminated_years": y, "draw_flags": d, "final_year": f,
                 "chart": chart, "parameters": p}
        return function(*(given[name] for name in spec.function_arguments))

    return call


def complete(spec: Any) -> bool:
    """True for a system that reads elimination or final years: its random
    boards give them all (a board without them may be refused)."""
    return bool({"eliminated", "year"} & set(spec.reads))


def final_of(years: Sequence[int | None]) -> int:
    """A final year for a random board: after every elimination."""
    return max([y for y in years if y is not None] + [1905]) + 1


BOARD_FUNCTIONS: dict[str, Callable[..., Any]] = {
    s.id: _board_call(s) for s in canonical() if s.per_game
}
assert set(BOARD_FUNCTIONS) >= {"cdiplo", "detour98e", "dimvalue"}
def refuses(spec: Any, game: Game) -> bool:
    """True when ``spec`` refuses ``game`` for a missing input it reads on
    that board (an elimination or final year): its worksheet functions must
    refuse it too."""
    try:
        spec.score_game(game, spec.params)
    except InputError as err:
        assert err.field in spec.reads, err
        return True
    return False


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------ xlwings' view


def column(values: Sequence[object]) -> list[list[object]]:
    """A column range as xlwings delivers it with ndim=2."""
    return [[v] for v in values]


def row(values: Sequence[object]) -> list[list[object]]:
    """A row range as xlwings delivers it with ndim=2."""
    return [list(values)]


def flatten(value: Any) -> list[object]:
    return [v for r in value for v in r] if isinstance(value[0], list) else list(value)


def cell(value: object, style: str) -> object:
    """A value as a cell delivers it: a float, or the number typed as text."""
    if value is None:
        return None
    if isinstance(value, bool):  # a draw flag: Y or N (not " True ", a number's text)
        return "Y" if value else "N"
    if style == "text" and isinstance(value, int):
        return f" {value} "
    return float(value) if isinstance(value, int) else value


def same(got: object, want: object) -> bool:
    if isinstance(want, float) and isinstance(got, float):
        return math.isclose(got, want, rel_tol=1e-12, abs_tol=1e-12)
    return got == want


COUNTED = "Counted:"  # engine_table's last row: how many boards DIPXL_STANDINGS counts


def assert_table(got: list[list[object]], want: list[list[object]]) -> None:
    if want and want[-1][0] == COUNTED:  # DIPXL_STANDINGS's last line: what it counted
        line, *rest = got[-1]
        assert isinstance(line, str) and line.startswith("Counted: "), line
        assert all(v is None for v in rest) and len(got[-1]) == len(want[0])
        match = re.search(r"(?:all )?([0-9]+) (?:of [0-9]+ )?boards? counted|no board|(the one)",
                          line)
        assert match is not None, line
        count = 1 if match.group(2) else int(match.group(1) or 0)
        assert count == want[-1][1], (line, want[-1])
        got, want = got[:-1], want[:-1]
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert len(g) == len(w), (g, w)
        assert all(same(a, b) for a, b in zip(g, w, strict=True)), (g, w)


# ------------------------------------------------------------- strategies


@st.composite
def boards(
    draw: st.DrawFn, complete: bool = False
) -> tuple[list[int], list[int | None], list[bool | None]]:
    """Centres, elimination years and draw flags of a valid finished board
    (``complete``: every eliminated power with its year)."""
    counts = draw(st.lists(st.integers(0, 17), min_size=7, max_size=7))
    if draw(st.booleans()):
        counts[draw(st.integers(0, 6))] = draw(st.integers(18, 34))
    if max(counts) == 0:
        counts[draw(st.integers(0, 6))] = draw(st.integers(1, 17))
    known = st.integers(1901, 1912)
    years = [draw(known if complete else st.one_of(st.none(), known)) if c == 0 else None
             for c in counts]
    flags: list[bool | None] = [None] * 7
    survivors = [i for i, c in enumerate(counts) if c > 0]
    if max(counts) < 18 and draw(st.booleans()):
        members = draw(st.lists(st.sampled_from(survivors), min_size=1, unique=True))
        flags = [i in members if i in survivors else None for i in range(7)]
    return counts, years, flags


def game_of(
    counts: Sequence[int | None],
    years: Sequence[int | None] = (None,) * 7,
    flags: Sequence[bool | None] = (None,) * 7,
    players: Sequence[str] = tuple(p.title for p in Power),
    rnd: int = 1,
    number: int = 1,
    year: int | None = None,
) -> Game:
    return Game(
        rnd,
        number,
        tuple(Seat(players[i], Power(i), counts[i], years[i], flags[i], year)
              for i in range(7)),
    )


@st.composite
def tournaments(draw: st.DrawFn, complete: bool = False) -> Tournament:
    """A random event: 7 x boards players, every player in every round."""
    per_round = draw(st.integers(1, 3))
    rounds = draw(st.integers(1, 3))
    names = [f"P{i:02d}" for i in range(7 * per_round)]
    games = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(names))
        for b in range(per_round):
            counts, years, flags = draw(boards(complete))
            games.append(game_of(counts, years, flags, order[7 * b : 7 * b + 7], rnd, b + 1,
                                 final_of(years)))
    return Tournament(tuple(games))


HEADERS = {
    "round": ["Round", "round", "Rnd"],
    "board": ["Board", "Game", "Table"],
    "power": ["Power", "Country"],
    "player": ["Player", "Name"],
    "centres": ["Centres", "Centers", "SCs"],
    "eliminated": ["Eliminated", "Elimination year"],
    "draw": ["Draw", "In draw"],
    "year": ["Year", "Final year"],
}


def results_range(
    event: Tournament, rnd: random.Random, office_js: bool = False
) -> list[list[object]]:
    """The event as a results range with a header row, as a TD might type it:
    columns in any order, synonyms, an extra column, numbers as floats or
    text, powers abbreviated, blank rows; Office.js blanks as 0."""
    fields = list(HEADERS)
    rnd.shuffle(fields)
    header: list[object] = [rnd.choice(HEADERS[f]) for f in fields]
    extra = rnd.randrange(len(fields) + 1)
    header.insert(extra, "Notes")
    table: list[list[object]] = [header]
    style = rnd.choice(["float", "text"])
    for game in event.games:
        for seat in game.seats:
            values: dict[str, object] = {  # (counts as text are no counts in a sheet)
                "round": cell(game.round, style),
                "board": cell(game.board, style),
                "power": rnd.choice([seat.power.title, seat.power.abbreviation, seat.power.name]),
                "player": seat.player,
                "centres": cell(seat.centres, "float"),
                "eliminated": cell(seat.eliminated, "float"),
                "draw": cell(seat.in_draw, style),
                "year": cell(seat.year, "float"),
            }
            line = [values[f] for f in fields]
            line.insert(extra, rnd.choice([None, "note", 3.0]))
            table.append(line)
        if rnd.random() < 0.2:
            table.append([None] * len(header))
    if office_js:
        table = [table[0]] + [[0.0 if v is None else v for v in line] for line in table[1:]]
    return table


def engine_table(event: Tournament, system: str, params: object = None) -> list[list[object]]:
    """What DIPXL_STANDINGS must show, straight from the engine: a finalist
    column (Y/N) with a final, each round's score after the tie-breakers."""
    spec = get_system(system)
    standings = score_tournament(event, spec, params)
    names = standings.tiebreak_names
    exact = not spec.per_game
    final = standings.params.final_round is not None
    rounds = standings.rounds
    table: list[list[object]] = [
        ["Rank", "Player", "Score", "Games", *(["Finalist"] if final else []),
         *standings.tiebreak_titles, *(f"R{n}" for n in rounds)]
        + (["Exact"] if exact else [])
    ]
    for r in standings.rows:
        values = [r.tiebreaks.get(n) for n in names]
        finalist = ["Y" if r.player in standings.finalists else "N"] if final else []
        by_round = [standings.round_score(r.player, n) for n in rounds]
        table.append(
            [r.rank, r.player, r.score, r.games, *finalist, *values, *by_round]
            + ([str(r.exact)] if exact else [])
        )
    table.append([COUNTED, len(standings.games)])  # the boards the last line says counted
    return table


# ------------------------------------------------------------- one board


@FAST
@given(
    board=boards(), shape=st.sampled_from([column, row]), style=st.sampled_from(["float", "text"])
)
def test_board_functions_agree_with_the_engine(
    board: tuple[list[int], list[int | None], list[bool | None]],
    shape: Callable[[Sequence[object]], list[list[object]]],
    style: str,
) -> None:
    counts, years, flags = board
    final = final_of(years)
    game = game_of(counts, years, flags, year=final)
    for system, call in BOARD_FUNCTIONS.items():
        spec = get_system(system)
        assert spec.score_game is not None
        args = (shape([cell(c, style) for c in counts]), shape([cell(y, style) for y in years]),
                shape([cell(f, style) for f in flags]), None, float(final))
        if refuses(spec, game):  # a year this system needs on this board is missing
            with pytest.raises(InputError):
                call(*args)
            continue
        want = shape(spec.score_game(game, spec.params))
        if style == "text":  # a count typed as text is no count in a spreadsheet
            with pytest.raises(InputError, match="is a number typed as text"):
                call(*args)
            continue
        try:
            want = shape(spec.score_game(game, spec.params))
        except InputError as refused:  # an input the rule needs (an elimination year)
            with pytest.raises(InputError, match=re.escape(refused.message)):
                call(*args)
            continue
        assert_table(call(*args), want)


@FAST
@given(board=boards(), round_to=st.integers(0, 3), best=st.integers(1, 5))
def test_parameters_in_every_accepted_form(
    board: tuple[list[int], list[int | None], list[bool | None]], round_to: int, best: int
) -> None:
    counts, years, flags = board
    final = final_of(years)
    game = game_of(counts, years, flags, year=final)
    forms = [
        f"round_to={round_to}; best_rounds={best}",
        [["round_to", float(round_to)], ["best_rounds", str(best)]],
        [[f"round_to={round_to}", f"best_rounds = {best}"]],
        [["round_to", float(round_to), "best_rounds", float(best)]],
    ]
    for system, call in BOARD_FUNCTIONS.items():
        spec = get_system(system)
        assert spec.score_game is not None
        try:
            want = column(spec.score_game(game, spec.make_params({"round_to": round_to})))
        except InputError:  # an input the rule needs: test_board_functions_agree_...
            continue
        for form in forms:
            got = call(column([float(c) for c in counts]), column(years),
                       column([cell(f, "float") for f in flags]), form, float(final))
            assert_table(got, want)


# Every yes/no parameter of every per-game system (Carnage's eliminated_by_year).
YES_NO = [(s.id, name, default) for s in canonical() if s.id in BOARD_FUNCTIONS
          for name, default in s.parameters() if isinstance(default, bool)]


@pytest.mark.skipif(not YES_NO, reason="no system has a yes/no parameter")
@FAST
@given(board=boards(), case=st.sampled_from(YES_NO or [("", "", False)]),
       form=st.integers(0, 3))
def test_a_yes_or_no_parameter_in_every_accepted_form(
    board: tuple[list[int], list[int | None], list[bool | None]],
    case: tuple[str, str, bool], form: int,
) -> None:
    """Switched from its default as text (yes / TRUE), as a boolean cell or
    as the number 1 or 0: the engine's scores with it switched."""
    counts, years, flags = board
    system, name, default = case
    spec = get_system(system)
    game = game_of(counts, years, flags)
    assume(not refuses(spec, game))
    want = column(spec.score_game(game, spec.make_params({name: not default})))
    word, upper = ("no", "FALSE") if default else ("yes", "TRUE")
    given_as = [f"{name}={word}", f"{name} = {upper}", [[name, not default]],
                [[name, 0.0 if default else 1.0]]][form]
    got = BOARD_FUNCTIONS[system](column([float(c) for c in counts]), column(years),
                                  column([cell(f, "float") for f in flags]), given_as)
    assert_table(got, want)


@pytest.mark.parametrize("spec", [s for s in SYSTEMS if s.per_game and s.module in BOARD_FUNCTIONS],
                         ids=lambda s: s.id)
def test_every_per_game_preset_is_reachable_through_parameters(spec: Any) -> None:
    call = BOARD_FUNCTIONS[spec.module]
    settings_range = [[name, ",".join(map(str, v)) if isinstance(v, tuple) else v]
                      for name, v in spec.parameters()]
    game = game_of([9, 8, 8, 7, 2, 0, 0], [None] * 5 + [1904, 1907])
    assert spec.score_game is not None
    want = column(spec.score_game(game, spec.params))
    got = call(column([9.0, 8.0, 8.0, 7.0, 2.0, 0.0, 0.0]), column([None] * 5 + [1904.0, 1907.0]),
               None, settings_range)
    assert_table(got, want)


@pytest.mark.parametrize("system", [s for s, _ in BOARD_FUNCTIONS.items()
                                    if "year" in get_system(s).reads])
def test_the_final_year_as_a_one_cell_range(system: str) -> None:
    """xlwings gives the final_year cell (declared a range) as [[1907.0]]:
    the year, as the engine scores the board with it."""
    spec = get_system(system)
    counts, years = [18, 5, 4, 3, 2, 2, 0], [None] * 6 + [1905]
    want = column(spec.score_game(game_of(counts, years, year=1907), spec.params))
    call = BOARD_FUNCTIONS[system]
    for final in ([[1907.0]], [1907.0], 1907.0):
        assert_table(call(column([float(c) for c in counts]), column(years), None, None, final),
                     want)


BLANK_BOARDS = [
    [None] * 7,
    [0.0] * 7,
    [""] * 7,
    [None, 0.0, "", " ", 0, None, 0.0],
]


@pytest.mark.parametrize("values", BLANK_BOARDS)
@pytest.mark.parametrize("shape", [column, row])
@pytest.mark.parametrize("system", list(BOARD_FUNCTIONS))
def test_a_board_not_played_yet_gives_blanks_in_its_shape(
    values: list[object], shape: Callable[[Sequence[object]], Any], system: str
) -> None:
    got = BOARD_FUNCTIONS[system](shape(values), shape([0.0] * 7), shape([0.0] * 7), None)
    assert got == shape([None] * 7)


@pytest.mark.parametrize("system", list(BOARD_FUNCTIONS))
def test_a_board_partly_entered_is_not_finished_and_gives_blanks(system: str) -> None:
    got = BOARD_FUNCTIONS[system](column([17.0, 5.0, None, 3.0, 3.0, 2.0, 0.0]), None, None, None)
    assert got == column([None] * 7)


@FAST
@given(board=boards())
def test_office_js_zeros_in_years_and_flags_read_as_blank(
    board: tuple[list[int], list[int | None], list[bool | None]],
) -> None:
    counts, years, flags = board
    centres = column([float(c) for c in counts])

    def blanks_as(blank: object) -> tuple[list[list[object]], list[list[object]]]:
        return (column([blank if y is None else float(y) for y in years]),
                column([blank if f is None else cell(f, "float") for f in flags]))

    def outcome(function: Callable[..., Any], blank: object) -> object:
        """The function's value, or the text of its refusal."""
        try:
            return function(centres, *blanks_as(blank), None)
        except InputError as refused:
            return str(refused)

    for system, call in BOARD_FUNCTIONS.items():
        with_blanks = outcome(call, None)
        with_zeros = outcome(call, 0.0)
        with_empty = outcome(call, "")
        assert with_blanks == with_zeros == with_empty, system


GOOD = [17.0, 5.0, 4.0, 3.0, 3.0, 2.0, 0.0]
HOSTILE_CENTRES: list[tuple[object, str]] = [
    (column(["x", *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column([17.5, *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column([*GOOD[:3], -1.0, *GOOD[4:]]), "centres, row 4 (Germany)"),
    (row([*GOOD[:6], 35.0]), "centres, column 7 (Turkey)"),
    (column([True, *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column(["#N/A", *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column([float("nan"), *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column([float("inf"), *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column([{"a": 1}, *GOOD[1:]]), "centres, row 1 (Austria)"),
    (column(GOOD[:6]), "centres"),
    (column([*GOOD, 1.0]), "centres"),
    ([GOOD, GOOD], "centres"),
    ([[1.0, [2.0]]], "centres"),
    (column([[17.0], *GOOD[1:]]), "centres, row 1 (Austria)"),
    ([[1.0], [2.0, 3.0]], "centres"),
    (17.0, "centres"),
    (column([18.0, 18.0, 0.0, 0.0, 0.0, 0.0, 0.0]), "centres"),
    (column([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0e300]), "centres, row 7 (Turkey)"),
]


@pytest.mark.parametrize(("centres", "where"), HOSTILE_CENTRES)
@pytest.mark.parametrize("system", list(BOARD_FUNCTIONS))
def test_invalid_centres_never_give_a_number(centres: object, where: str, system: str) -> None:
    with pytest.raises(DipxlError) as caught:
        BOARD_FUNCTIONS[system](centres, None, None, None)
    text = str(caught.value)
    assert text.startswith(f"{get_system(system).function}: {where}"), text


@pytest.mark.parametrize(
    ("years", "flags", "parameters", "where"),
    [
        (column([1904.0, *[None] * 6]), None, None, "eliminated_years, row 1 (Austria)"),
        (column([None] * 6 + ["1907?"]), None, None, "eliminated_years, row 7 (Turkey)"),
        (column([None] * 6 + [1800.0]), None, None, "eliminated_years, row 7 (Turkey)"),
        (column([None] * 5), None, None, "eliminated_years"),
        (row([None] * 6 + [1800.0]), None, None, "eliminated_years, column 7 (Turkey)"),
        (None, row(["maybe", *[None] * 6]), None, "draw_flags, column 1 (Austria)"),
        (None, column([None] * 6 + ["Y"]), None, "draw_flags, row 7 (Turkey)"),
        (None, column(["maybe", *[None] * 6]), None, "draw_flags, row 1 (Austria)"),
        (None, column(["N"] * 6 + [None]), None, "centres"),
        (None, None, "no_such=1", ""),
        (None, None, "round_to=lots", ""),
        (None, None, [["round_to"]], "parameters, row 1"),
        (None, None, [[3.0, 1.0]], "parameters, column 1"),
        (None, None, "round_to=1; round_to=2", "parameters"),
    ],
)
def test_invalid_years_flags_and_parameters_never_give_a_number(
    years: object, flags: object, parameters: object, where: str
) -> None:
    centres = column(GOOD)
    calls = {
        "DETOUR98E": lambda: udfs.DETOUR98E(centres, years, parameters),
        "DIMVALUE": lambda: udfs.DIMVALUE(centres, flags, parameters),
    }
    if years is None and flags is None:
        calls["CDIPLO"] = lambda: udfs.CDIPLO(centres, parameters)
    relevant = [n for n in calls if (years is None or n == "DETOUR98E")
                and (flags is None or n == "DIMVALUE")]
    for name in relevant:
        with pytest.raises(DipxlError) as caught:
            calls[name]()
        assert str(caught.value).startswith(f"{name}: {where}"), str(caught.value)


def test_two_solos_on_one_board_name_the_powers_alone() -> None:
    """One-board functions name players after their powers: a message names
    each power once."""
    with pytest.raises(DipxlError) as caught:
        udfs.CDIPLO([18.0, 0.0, 19.0, 0.0, 0.0, 0.0, 0.0])
    assert str(caught.value) == \
        "CDIPLO: centres: more than one power on 18 or more centres: Austria 18, France 19"


def test_a_flat_list_comes_back_flat() -> None:
    """Called from Python (or with ndim lost) a plain list stays a list."""
    spec = get_system("cdiplo")
    assert spec.score_game is not None
    want = list(spec.score_game(game_of([17, 5, 4, 3, 3, 2, 0]), spec.params))
    assert udfs.CDIPLO(GOOD) == want


# ---------------------------------------------------------------- standings


@SLOW
@given(data=st.data(), seed=st.integers(0, 2**32), office_js=st.booleans())
@pytest.mark.parametrize("spec", SYSTEMS, ids=lambda s: s.id)
def test_standings_agree_with_the_engine_for_every_system(
    spec: Any, data: st.DataObject, seed: int, office_js: bool
) -> None:
    event = data.draw(tournaments(complete(spec)))
    results = results_range(event, random.Random(seed), office_js)
    try:
        want = engine_table(event, spec.id)
    except InputError as refused:  # an input the rule needs (an elimination year)
        with pytest.raises(DipxlError, match=re.escape(refused.message)):
            udfs.DIPXL_STANDINGS(results, spec.id)
        return
    assert_table(udfs.DIPXL_STANDINGS(results, spec.id), want)


@SLOW
# (complete boards: every per-game system scores them, the survival ones too)
@given(event=tournaments(complete=True), best=st.integers(1, 3), round_to=st.integers(0, 2))
def test_standings_take_parameters(event: Tournament, best: int, round_to: int) -> None:
    results = results_range(event, random.Random(best))
    for system in BOARD_FUNCTIONS:  # every per-game system
        try:
            want = engine_table(event, system, {"best_rounds": best, "round_to": round_to})
        except InputError:  # an input the rule needs: see the test above
            continue
        got = udfs.DIPXL_STANDINGS(results, system.upper(), [[f"best_rounds={best}"],
                                                             [f"round_to={round_to}"]])
        assert_table(got, want)
    want = engine_table(event, "htm", {"divisor": "played"})
    assert_table(udfs.DIPXL_STANDINGS(results, "htm", "divisor=played"), want)


def test_standings_default_to_cdiplo_and_ignore_boards_not_played() -> None:
    played = game_of([17, 5, 4, 3, 3, 2, 0], players=[f"P{i}" for i in range(7)])
    unplayed = game_of([None] * 7, players=[f"Q{i}" for i in range(7)], number=2)
    results: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres"]]
    for game in (played, unplayed):
        for seat in game.seats:  # Office.js sends the blank centres as 0
            centres = 0.0 if seat.centres is None else float(seat.centres)
            results.append([1.0, float(game.board), seat.power.title, seat.player, centres])
    want = engine_table(Tournament((played, unplayed)), "cdiplo")
    assert len(want) == 9  # the header, seven players, what was counted
    assert_table(udfs.DIPXL_STANDINGS(results), want)
    assert_table(udfs.DIPXL_STANDINGS(results, None, None), want)
    assert_table(udfs.DIPXL_STANDINGS(results, " CDiplo "), want)


def test_office_js_zeros_in_a_results_table() -> None:
    """A blank player or power sent as 0 is blank, not a player named "0";
    a note beside an otherwise blank row does not make it a seat."""
    header = ["Round", "Board", "Power", "Player", "Centres", "Notes"]
    seats = [[1.0, 1.0, p.title, f"P{i}", float(c), None]
             for i, (p, c) in enumerate(zip(Power, [17, 5, 4, 3, 3, 2, 0], strict=True))]
    want = engine_table(Tournament((game_of([17, 5, 4, 3, 3, 2, 0],
                                            players=[f"P{i}" for i in range(7)]),)), "cdiplo")
    noted = [header, *seats, [0.0, 0.0, 0.0, 0.0, 0.0, "break"]]
    assert_table(udfs.DIPXL_STANDINGS(noted), want)
    no_player = [header, *seats]
    no_player[3] = [*seats[2][:3], 0.0, *seats[2][4:]]
    with pytest.raises(DipxlError, match="France has a result but no player"):
        udfs.DIPXL_STANDINGS(no_player)
    no_power = [header, *seats]
    no_power[3] = [*seats[2][:2], 0.0, *seats[2][3:]]
    with pytest.raises(
        DipxlError,
        match=r"^DIPXL_STANDINGS: row 4, Power \(round 1, board 1, P2\): .*got None",
    ):
        udfs.DIPXL_STANDINGS(no_power)
    # Several bad cells: the cell shows the first, counting the others.
    two_bad = [header, *seats]
    two_bad[3] = [*seats[2][:2], 0.0, *seats[2][3:]]
    two_bad[5] = [*seats[4][:4], 99.0, *seats[4][5:]]
    with pytest.raises(DipxlError) as caught:
        udfs.DIPXL_STANDINGS(two_bad)
    assert "\n" not in str(caught.value)
    assert re.match(r"^DIPXL_STANDINGS: row 4, Power \(round 1, board 1, P2\): .*got None "
                    r"\(and 1 more problem\)$", str(caught.value))


def test_standings_of_a_header_only_range_are_the_header_and_nothing_counted() -> None:
    header = ["Round", "Board", "Power", "Player", "Centres"]
    assert udfs.DIPXL_STANDINGS([header], "dimvalue")[0][:4] == ["Rank", "Player", "Score", "Games"]
    got = udfs.DIPXL_STANDINGS([header, [None] * 5, [0.0] * 5])
    assert got[1:] == [["Counted: no round finished: no board counted", None, None, None]]


@pytest.mark.parametrize(
    ("results", "system", "where"),
    [
        ([["Round", "Board", "Power", "Centres"]], None, "results, row 1"),
        ([["Round", "Board", "Power", "Player", "Centres"], [1.0, 1.0, "Austria", "A", "#N/A"]],
         None, "row 2, Centres"),
        ([["Rnd", "Game", "Country", "Name", "SCs"], [1.0, 1.0, "Prussia", "A", 3.0]],
         None, "row 2, Country"),
        ([["Round", "Board", "Power", "Player", "Centres"], [1.0, 1.0, "Austria", "A", 3.0]],
         None, "row 2 (round 1, board 1)"),
        ([["Round", "Board", "Power", "Player", "Centres"], [1.0, 1.0]], None, "results"),
        ([["Round", "Board", "Power", "Player", "Centres"]], "elo", ""),
        ([["Round", "Board", "Power", "Player", "Centres"]], 3.0, "system"),
    ],
)
def test_invalid_results_never_give_numbers(results: Any, system: object, where: str) -> None:
    with pytest.raises(DipxlError) as caught:
        udfs.DIPXL_STANDINGS(results, system)
    assert str(caught.value).startswith(f"DIPXL_STANDINGS: {where}"), str(caught.value)


# --------------------------------------------------------------------- HTM


def seat_columns(event: Tournament) -> tuple[list[object], ...]:
    players, powers, centres, rounds = [], [], [], []
    for game in event.games:
        for seat in game.seats:
            players.append(seat.player)
            powers.append(seat.power.abbreviation)
            centres.append(cell(seat.centres, "float"))
            rounds.append(float(game.round))
    return players, powers, centres, rounds


@SLOW
@given(event=tournaments(), by_power=st.booleans())
def test_htm_functions_agree_with_the_engine(event: Tournament, by_power: bool) -> None:
    players, powers, centres, rounds = seat_columns(event)
    if by_power:  # sorted by power: boards still in the same order for every power
        order = sorted(range(len(powers)), key=lambda k: Power.parse(powers[k]))
        players, powers, centres, rounds = ([x[k] for k in order] for x in
                                            (players, powers, centres, rounds))
    htm = get_system("htm")
    assert htm.score_event is not None
    hurst = htm.score_event(event, htm.params)
    played = htm.score_event(event, htm.make_params({"divisor": "played"}))
    for name in event.players:
        got = udfs.HTM_SCORE(column(players), column(powers), column(centres), name,
                             column(rounds))
        assert same(got, float(hurst.totals[name]))
        got = udfs.HTM_SCORE(row(players), row(powers), row(centres), name)
        assert same(got, float(played.totals[name]))
    means = [float(hurst.mean(p)) for p in Power]
    assert_table(udfs.HTM_MEANS(column(powers), column(centres)), column(means))
    assert_table(udfs.HTM_MEANS(row(powers), row(centres)), row(means))


def test_htm_score_of_hursts_example_matches_the_engine() -> None:
    from dipxl.examples import htm_example

    event = htm_example()
    players, powers, centres, rounds = seat_columns(event)
    standings = score_tournament(event, "htm")
    for r in standings.rows:
        got = udfs.HTM_SCORE(column(players), column(powers), column(centres), r.player,
                             column(rounds))
        assert r.exact is not None
        assert same(got, float(r.exact))


def test_htm_score_finds_a_player_typed_in_another_case() -> None:
    # As MATCH would: names differing only in case are one player everywhere.
    from dipxl.examples import htm_example

    event = htm_example()
    players, powers, centres, rounds = seat_columns(event)
    name = event.players[0]
    args = (column(players), column(powers), column(centres))
    assert udfs.HTM_SCORE(*args, name.upper(), column(rounds)) == \
        udfs.HTM_SCORE(*args, name, column(rounds))
    blank = column([p.title for p in Power]), column([None] * 7)
    assert udfs.HTM_SCORE(column([f"P{i}" for i in range(7)]), *blank, "p1") is None


def test_htm_blanks_until_a_board_is_finished() -> None:
    powers = column([p.title for p in Power])
    players = column([f"P{i}" for i in range(7)])
    for blank in ([None] * 7, [0.0] * 7, [""] * 7, [5.0, None, 4.0, 3.0, 3.0, 2.0, 0.0]):
        assert udfs.HTM_MEANS(powers, column(blank)) == column([None] * 7)
        assert udfs.HTM_SCORE(players, powers, column(blank), "P1") is None


@pytest.mark.parametrize(
    ("call", "where"),
    [
        (lambda p, w, c: udfs.HTM_SCORE(p, w, c, "Nobody"), "HTM_SCORE: player"),
        (lambda p, w, c: udfs.HTM_SCORE(p, w, c, None), "HTM_SCORE: player"),
        (lambda p, w, c: udfs.HTM_SCORE(p, w, c[:6], "P1"), "HTM_SCORE: centres"),
        (lambda p, w, c: udfs.HTM_MEANS(w, [*c[:3], ["#N/A"], *c[4:]]),
         "HTM_MEANS: centres, row 4"),
        (lambda p, w, c: udfs.HTM_MEANS([*w[:6], ["Prussia"]], c), "HTM_MEANS: powers, row 7"),
        (lambda p, w, c: udfs.HTM_MEANS([*w[:6], ["Austria"]], c), "HTM_MEANS: "),
        (lambda p, w, c: udfs.HTM_SCORE(p, w, c, "P1", [[1.0]] * 6 + [["x"]]),
         "HTM_SCORE: rounds, row 7"),
    ],
)
def test_invalid_htm_input_never_gives_a_number(call: Callable[..., Any], where: str) -> None:
    players = column([f"P{i}" for i in range(7)])
    powers = column([p.title for p in Power])
    centres = column(GOOD)
    with pytest.raises(DipxlError) as caught:
        call(players, powers, centres)
    assert str(caught.value).startswith(where), str(caught.value)


# ---------------------------------------------------------- check, systems


@SLOW
@given(event=tournaments(), seed=st.integers(0, 2**32))
def test_check_reports_what_the_engine_warns(event: Tournament, seed: int) -> None:
    results = results_range(event, random.Random(seed))
    lines = [line[0] for line in udfs.DIPXL_CHECK(results, "detour98e")]
    notices = score_tournament(event, "detour98e").notices
    assert all(isinstance(line, str) for line in lines)
    assert lines[1].startswith("Counted: ")  # what was counted, second
    if notices:
        assert lines[0] == f"{len(notices)} warning{'s' if len(notices) != 1 else ''}"
        # Those that may change a score one a line, then information one line a kind.
        told = grouped(list(notices))
        assert len(lines) == len(told) + 2
        scoring = [n for n in notices if n.changes_score]
        for line, notice in zip(lines[2:], scoring, strict=False):
            assert line.startswith("Warning: row ") and line.endswith(notice.message)
        kinds: dict[str, list[Notice]] = {}
        for n in notices:
            if not n.changes_score:
                kinds.setdefault(n.code, []).append(n)
        for line, (code, cases) in zip(lines[2 + len(scoring):], kinds.items(), strict=True):
            assert line.startswith("Warning: information: ")
            assert line.endswith(cases[0].message) if len(cases) == 1 else f"({code};" in line
    else:
        assert lines[0].startswith(f"OK: {len(event.games)} boards") and len(lines) == 2


def test_check_lists_every_error_with_its_cell() -> None:
    event = Tournament((game_of([17, 5, 4, 3, 3, 2, 0], players=[f"P{i}" for i in range(7)]),
                        game_of([9, 8, 8, 7, 2, 0, 0], players=[f"Q{i}" for i in range(7)],
                                number=2)))
    results = [["Round", "Board", "Power", "Player", "Centres"]]
    for game in event.games:
        for seat in game.seats:
            results.append([1.0, float(game.board), seat.power.title, seat.player,
                            float(seat.centres or 0)])
    duplicate = [r[:] for r in results[:8]]
    duplicate[2][2] = "Austria"
    results[3][4] = 99.0
    results[12][2] = "Prussia"
    lines = [line[0] for line in udfs.DIPXL_CHECK(results)]
    assert lines[0] == "2 errors"
    # Row 4 is board 1's France (P2); row 13 is board 2's Italy (Q4), whose
    # power is the bad value, so only the player names the seat.
    assert lines[1].startswith(
        "Error: row 4, Centres (round 1, board 1, France, P2): centres must be a whole number")
    assert lines[2].startswith(
        "Error: row 13, Power (round 1, board 2, Q4): power must be one of")
    lines = [line[0] for line in udfs.DIPXL_CHECK(duplicate)]
    assert lines[0] == "1 error" and "Austria appears twice" in lines[1]
    # Every one of many bad cells, counted and listed (a dipxl score error
    # shows the first 50).
    many = [results[0]] + [[1.0, float(b), p.title, f"P{b}-{p.title}", 99.0]
                           for b in range(1, 11) for p in Power]
    lines = [line[0] for line in udfs.DIPXL_CHECK(many)]
    assert lines[0] == "70 errors" and len(lines) == 71
    assert lines[-1].startswith("Error: row 71, Centres (round 1, board 10, Turkey")
    assert udfs.DIPXL_CHECK([["Round"]])[1][0].startswith("Error: results, row 1")


def test_check_lists_an_error_value_in_a_player_cell_and_every_other_error() -> None:
    """Issue 16: `#N/A` in a Player cell and "12a" in a Centres cell gave one
    error, hiding the other.  Both are listed, each at its cell, and the
    error value's seat is not taken for a player seated twice."""
    results: list[list[object]] = [["Round", "Board", "Power", "Player", "Centres"]]
    for board in (1, 2):
        for k, power in enumerate(Power):
            results.append([1.0, float(board), power.title, f"P{board}{k}",
                            float([17, 5, 4, 3, 3, 2, 0][k])])
    results[2][3] = "#N/A"  # row 3: board 1's England
    results[4][3] = "#N/A"  # row 5: board 1's Germany, the same error value
    results[10][4] = 99.0  # row 11: board 2's France
    lines = [line[0] for line in udfs.DIPXL_CHECK(results)]
    assert lines[0] == "3 errors", lines
    assert lines[1] == \
        "Error: row 3, Player: holds the error value #N/A: fix the cell it comes from"
    assert lines[2].startswith("Error: row 5, Player: holds the error value #N/A")
    assert lines[3].startswith("Error: row 11, Centres (round 1, board 2, France, P22)")
    assert not any("twice" in line or "two seats" in line for line in lines)
    # Alone, the error values are every error.
    results[10][4] = 2.0
    lines = [line[0] for line in udfs.DIPXL_CHECK(results)]
    assert lines[0] == "2 errors" and all("#N/A" in line for line in lines[1:])
    # A function that shows one problem still refuses the range at the first.
    with pytest.raises(DipxlError, match="row 3, Player: holds the error value #N/A"):
        udfs.DIPXL_STANDINGS(results)


def test_systems_lists_every_engine_system() -> None:
    table = udfs.DIPXL_SYSTEMS()
    assert table[0] == ["Id", "Title", "Rule", "Parameters"]
    assert [r[0] for r in table[1:]] == [s.id for s in SYSTEMS]
    for line, spec in zip(table[1:], SYSTEMS, strict=True):
        assert line[1] == spec.title
        assert line[2] == " ".join(spec.description.split())
        assert [p.split("=")[0] for p in str(line[3]).split("; ")] == [
            n for n, _ in spec.parameters()
        ]


# ------------------------------------------------------- what Excel reads

A1 = re.compile(r"^[A-Z]{1,3}[0-9]+$")
R1C1 = re.compile(r"^(R[0-9]*)?(C[0-9]*)?$")
SUPPORTED_HINTS = (Any,)
VBA_KEYWORDS = {
    "and", "as", "byref", "byval", "call", "case", "const", "date", "dim", "do", "each",
    "else", "end", "error", "exit", "false", "for", "function", "get", "if", "in", "is",
    "let", "loop", "me", "mod", "new", "next", "not", "nothing", "on", "option", "optional",
    "or", "paramarray", "property", "resume", "select", "set", "step", "stop", "string",
    "sub", "then", "to", "true", "type", "until", "variant", "wend", "while", "with", "xor",
}


@pytest.mark.parametrize("function", UDFS, ids=lambda f: f.__name__)
def test_every_exported_function_is_callable_from_excel(function: Callable[..., Any]) -> None:
    name = function.__name__
    assert name == name.upper() and re.fullmatch(r"[A-Z][A-Z0-9_]*", name) and len(name) <= 128
    assert not A1.match(name) and not R1C1.match(name), f"{name} reads as a cell reference"
    doc = function.__doc__
    assert doc and doc.strip() and "\n" not in doc.strip()
    assert len(doc) <= 255  # classic xlwings passes the whole docstring, cut at 255
    signature = inspect.signature(function)
    kinds = {p.kind for p in signature.parameters.values()}
    assert kinds <= {inspect.Parameter.POSITIONAL_OR_KEYWORD}, "xlwings: no *args/**kw here"
    for param in signature.parameters:  # VBA parameter names in the classic wrappers
        assert re.fullmatch(r"[a-z][a-z0-9_]*", param) and len(param) <= 255
        assert param not in VBA_KEYWORDS and not A1.match(param.upper()), param
    hints = typing.get_type_hints(function)
    for param, hint in hints.items():
        assert hint in SUPPORTED_HINTS, f"{name}.{param}: {hint!r} breaks classic calls"
    assert hints.get("return") is Any


def test_exports_are_the_whole_api() -> None:
    public = {n for n, v in vars(udfs).items() if callable(v) and n.isupper()}
    assert public == set(udfs.__all__)


def _load_udfs_with(fake_xlwings: object) -> types.ModuleType:
    """dipxl/udfs.py imported afresh with ``sys.modules['xlwings']`` replaced."""
    path = Path(udfs.__file__)
    saved = sys.modules.get("xlwings", None)
    sys.modules["xlwings"] = fake_xlwings  # type: ignore[assignment]
    try:
        spec = importlib.util.spec_from_file_location("dipxl_udfs_copy", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        if saved is None:
            del sys.modules["xlwings"]
        else:
            sys.modules["xlwings"] = saved


def test_every_argument_is_documented_and_read_as_a_range() -> None:
    """A recording stand-in for xlwings shows what classic and Lite are told."""
    registry: dict[str, dict[str, Any]] = {}

    def func(f: Any = None, **options: Any) -> Any:
        def mark(g: Any) -> Any:
            registry.setdefault(g.__name__, {"args": {}})["func"] = options
            return g

        return mark(f) if f is not None else mark

    def arg(name: str, convert: Any = None, **options: Any) -> Any:
        def mark(g: Any) -> Any:
            registry.setdefault(g.__name__, {"args": {}})["args"][name] = options
            return g

        return mark

    fake = types.ModuleType("xlwings")
    fake.func = func  # type: ignore[attr-defined]
    fake.arg = arg  # type: ignore[attr-defined]
    copy = _load_udfs_with(fake)
    assert set(registry) == set(copy.__all__)
    for name in copy.__all__:
        params = list(inspect.signature(getattr(copy, name)).parameters)
        info = registry[name]
        assert info["func"].get("category") == "dipxl"
        assert list(info["args"]) != [] or params == []
        assert set(info["args"]) == set(params), name
        for param, options in info["args"].items():
            assert 0 < len(options["doc"]) <= 255, (name, param)
            assert options.get("err_to_str") is True, (name, param)  # error cells refused
            if param not in ("player", "system"):
                assert options.get("ndim") == 2, (name, param)


def test_works_where_xlwings_is_not_installed() -> None:
    copy = _load_udfs_with(None)  # None in sys.modules: "import xlwings" fails
    assert copy.CDIPLO(column(GOOD)) == udfs.CDIPLO(column(GOOD))
    assert copy.DIPXL_SYSTEMS() == udfs.DIPXL_SYSTEMS()


def test_the_core_does_not_import_the_excel_adapter() -> None:
    code = (
        "import sys, dipxl, dipxl.standings, dipxl.systems, dipxl.tiebreaks;"
        "print(sorted(m for m in sys.modules if m == 'dipxl.udfs' or m.startswith('xlwings')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=Path(udfs.__file__).parents[1])
    assert done.stdout.strip() == "[]"


def test_the_readme_imports_every_function_for_xlwings_lite() -> None:
    """The README's main.py imports ``*``: exactly ``__all__``, which names
    every worksheet function, those made from the registry too."""
    readme = (Path(udfs.__file__).parents[1] / "README.md").read_text()
    section = readme.split("### Install: xlwings Lite", 1)[1].split("\n### ", 1)[0]
    imports = re.findall(r"^ *from dipxl\.udfs import (.*)$", section, re.MULTILINE)
    assert [line.split("#")[0].strip() for line in imports] == ["*"]
    functions = {name for name, value in vars(udfs).items()
                 if name.isupper() and callable(value)}
    assert sorted(functions) == sorted(udfs.__all__)
    assert {s.function for s in canonical() if isinstance(s, GameSystem)} <= functions


def test_maxonian_scores_a_board_without_its_chart() -> None:
    # Without the chart a tie on centres shares its places, as the engine
    # (and dipvis) share it.
    spec = get_system("maxonian")
    counts = [12, 7, 6, 4, 3, 1, 0]
    want = column(spec.score_game(game_of(counts, [None] * 6 + [1906], [None] * 7), spec.params))
    assert_table(udfs.MAXONIAN(column([float(c) for c in counts]), None), want)
    assert_table(udfs.MAXONIAN(column([float(c) for c in counts]), parameters="threshold=11"),
                 column([7 + 1, 6, 5, 4, 3, 2, 1]))
    assert_table(udfs.MAXONIAN(column([12.0, 7.0, 7.0, 4.0, 3.0, 1.0, 0.0]), None),
                 column([7, 5.5, 5.5, 4, 3, 2, 1]))


def test_maxonian_reads_the_chart_argument_either_way_round() -> None:
    # England and France tie on 7; the chart's 1906 (8 against 6) places
    # England 2nd and France 3rd, as the engine places them.
    counts = column([12.0, 7.0, 7.0, 4.0, 3.0, 1.0, 0.0])
    earlier = [(10, 11), (7, 8), (8, 6), (4, 4), (3, 3), (1, 1), (1, 1)]
    across = [[1905.0, 1906.0], *[[float(a), float(b)] for a, b in earlier]]
    down = [[1905.0, *(float(a) for a, _ in earlier)], [1906.0, *(float(b) for _, b in earlier)]]
    want = column([7, 6, 5, 4, 3, 2, 1])
    assert_table(udfs.MAXONIAN(counts, None, 1907.0, across), want)
    assert_table(udfs.MAXONIAN(counts, None, 1907.0, down), want)
    with pytest.raises(InputError, match="MAXONIAN: chart: expects the years"):
        udfs.MAXONIAN(counts, None, 1907.0, [[1905.0], [1.0]])
    with pytest.raises(InputError, match=r"MAXONIAN: chart, row 1, column 1: .*1901-2100"):
        udfs.MAXONIAN(counts, None, 1907.0, [["x", 1906.0], *across[1:]])


def test_standings_read_the_chart_columns() -> None:
    header = ["Round", "Board", "Power", "Player", "Centres", "Year", "1906"]
    rows = [header] + [
        [1.0, 1.0, p.title, f"P{p}", float(c), 1907.0, float(b)]
        for p, c, b in zip(Power, (12, 7, 7, 4, 3, 1, 0), (11, 8, 6, 4, 3, 1, 1), strict=True)]
    table = udfs.DIPXL_STANDINGS(rows, "maxonian")
    assert [r[2] for r in table[1:4]] == [7.0, 6.0, 5.0]  # the chart breaks the tie
    shared = udfs.DIPXL_STANDINGS([r[:6] for r in rows], "maxonian")
    assert [r[2] for r in shared[1:4]] == [7.0, 5.5, 5.5]  # no chart: shared


def test_a_final_year_typed_carelessly_is_refused_as_the_final_year() -> None:
    """The final_year argument refused says "final year" (not another
    field's name), and a final year before an elimination year is refused
    naming that seat's cell, never an internal error."""
    counts = column([10.0, 8.0, 6.0, 5.0, 3.0, 2.0, 0.0])
    years = column([None] * 6 + [1904.0])
    for typed in ("1907 ", "07", "'1907"):
        with pytest.raises(InputError, match=r"^DETOUR09: final_year: final year ") as err:
            udfs.DETOUR09(counts, years, None, typed)
        assert "elimination" not in str(err.value)
    with pytest.raises(InputError) as err:
        udfs.DETOUR09(counts, years, None, 1903.0)
    assert str(err.value) == ("DETOUR09: eliminated_years, row 7 (Turkey): eliminated in 1904, "
                              "after the game's final year 1903")


def test_a_chart_typed_carelessly_is_refused_naming_its_cell() -> None:
    """A count or a heading of the chart argument refused names its cell
    in the argument (and the power), says "the chart's 1906 count" of a
    count, a date as a date, a year heading two columns as such."""
    counts = column([12.0, 7.0, 7.0, 4.0, 3.0, 1.0, 0.0])
    earlier = [(10, 11), (7, 8), (8, 6), (4, 4), (3, 3), (1, 1), (1, 1)]

    def chart(heads: list[object], england_1906: object = 8.0) -> list[list[object]]:
        rows = [[float(a), float(b)] for a, b in earlier]
        rows[1][1] = england_1906
        return [heads, *rows]

    for typed, says in (("8", "the chart's 1906 count \"8\" is a number typed as text"),
                        (-1.0, "the chart's 1906 count must be a whole number 0-34, got -1.0"),
                        ("x", "the chart's 1906 count must be a whole number 0-34, got \"x\"")):
        with pytest.raises(InputError) as err:
            udfs.MAXONIAN(counts, None, 1907.0, chart([1905.0, 1906.0], typed))
        assert str(err.value).startswith(f"MAXONIAN: chart, row 3, column 2 (England): {says}")
    date = datetime.datetime(1906, 1, 1)
    with pytest.raises(InputError) as err:
        udfs.MAXONIAN(counts, None, 1907.0, chart([1905.0, date]))
    assert str(err.value) == ("MAXONIAN: chart, row 1, column 2: a chart's heading is a year "
                              "1901-2100, got a date (1906-01-01), not a number")
    with pytest.raises(InputError) as err:
        udfs.MAXONIAN(counts, None, 1907.0, chart([1906.0, 1906.0]))
    assert str(err.value).startswith("MAXONIAN: chart, row 1, column 2: 1906 heads two of the "
                                     "chart's years (also chart, row 1, column 1)")


def test_a_year_a_rule_needs_is_asked_for_at_its_argument() -> None:
    """A one-board function refusing a board that lacks an elimination
    year or the final year its rule needs names the argument's cell to
    fill, as its other refusals do, not a board of a results table."""
    draw = column([10.0, 8.0, 6.0, 5.0, 3.0, 2.0, 0.0])
    with pytest.raises(InputError) as err:
        udfs.BANGKOK(draw)
    assert str(err.value).startswith("BANGKOK: eliminated_years, row 7 (Turkey): this system "
                                     "needs the year each eliminated power lost")
    solo = column([18.0, 8.0, 4.0, 2.0, 1.0, 0.0, 0.0])
    with pytest.raises(InputError) as err:
        udfs.DETOUR09(solo, column([None] * 5 + [1903.0, 1905.0]))
    assert str(err.value).startswith("DETOUR09: final_year: this system needs the year of the "
                                     "final centre counts")
    assert "round 1" not in str(err.value)
    assert str(err.value).endswith("give it as final_year") and "Year column" not in str(err.value)
