"""An input with very many problems: the first are located in full, the
rest counted exactly, in every place that reports them (issue 19, item 3:
refusing an input must not cost more for each of its problems)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dipxl.cli import cli
from dipxl.errors import InputError, InputErrors
from dipxl.fields import CELL_READERS, FIELDS, PARSERS, READERS, REFUSED, SPEC, UNREAD
from dipxl.model import Power
from dipxl.rows import Rows, tournament_from_rows

TITLES = [p.title for p in Power]


def sheet(columns: dict[str, list[object]]) -> Rows:
    """Rows of a Results sheet from its columns, the header on row 1."""
    size = len(next(iter(columns.values())))
    letters = dict(zip(("round", "board", "power", "player", "centres", "eliminated", "draw"),
                       "ABCDEFG", strict=True))
    return Rows(columns, [f"Results!A{i + 2}" for i in range(size)],
                lambda field, i: f"Results!{letters[field]}{i + 2}")


def numbers(size: int, width: int = 7) -> dict[str, list[object]]:
    """The dense sheet of numbers: every cell of row ``i`` holds ``i``
    (round and board read, power refused, centres from 35 on)."""
    fields = ("round", "board", "power", "player", "centres", "eliminated", "draw")[:width]
    return {f: list(range(1, size + 1)) for f in fields}


def refused(rows: Rows) -> InputError:
    with pytest.raises(InputError) as caught:
        tournament_from_rows(rows)
    return caught.value


def test_many_bad_cells_are_counted_exactly_and_the_first_located_in_order() -> None:
    size = 3_000
    big = refused(sheet(numbers(size)))
    assert isinstance(big, InputErrors)
    # Every power refused, centres from 35 on, years but 1901-2100 (a
    # number is no draw flag: its board is not counted, no error).
    total = size + (size - 34) + (size - 200)
    assert big.total == total
    assert len(big.problems) == InputErrors.KEPT < total
    assert big.unlisted == total - InputErrors.KEPT
    # The problems kept are those a small input of the same first rows
    # gives, in the same order and the same words.
    small = refused(sheet(numbers(300)))
    assert isinstance(small, InputErrors)
    assert [str(p) for p in big.problems[: len(small.problems)]] == list(map(str, small.problems))
    assert [(p.field, p.value, p.cell) for p in big.problems[:4]] == [
        ("power", 1, "Results!C2"), ("eliminated", 1, "Results!F2"), ("power", 2, "Results!C3"),
        ("eliminated", 2, "Results!F3")]
    lines = str(big).splitlines()
    assert lines[: InputErrors.SHOWN] == [str(p) for p in big.problems[: InputErrors.SHOWN]]
    assert lines[-1] == f"and {total - InputErrors.SHOWN:,} more problems"
    assert len(lines) == InputErrors.SHOWN + 1
    assert big.first().message.endswith(f"(and {total - 1:,} more problems)")
    for moved in (big.located("f.xlsx"), big.moved("f.xlsx")):
        assert (moved.total, len(moved.problems)) == (total, InputErrors.KEPT)
    assert str(big.moved("f.xlsx")).splitlines()[-1] == lines[-1]
    # Located in a file, the count line names it too (every line does).
    assert str(big.located("f.xlsx")).splitlines()[-1] == f"f.xlsx: {lines[-1]}"
    assert str(big.located("b").located("a")).splitlines()[-1] == f"a: b: {lines[-1]}"


def test_equal_values_of_two_kinds_keep_their_own_words() -> None:
    columns = numbers(7, width=5)
    columns["power"] = TITLES
    columns["centres"] = [40, 40.0, 40, 5, 5, 5, 4]
    err = refused(sheet(columns))
    assert isinstance(err, InputErrors)
    assert [p.message.rpartition(" ")[2] for p in err.problems] == ["40", "40.0", "40"]


def test_a_blank_round_is_counted_with_the_bad_cells() -> None:
    columns = numbers(100, width=5)
    columns["power"] = (TITLES * 15)[:100]
    columns["centres"] = [5] * 100
    columns["round"] = [None, "x", *range(3, 101)]
    err = refused(sheet(columns))
    assert isinstance(err, InputErrors)
    assert [(p.cell, p.message) for p in err.problems] == [
        ("Results!A2", "round is blank"),
        ("Results!A3", 'round must be a whole number 1-10000, got "x"'),
    ]
    assert err.total == 2


def test_seats_refused_for_right_cells_are_all_counted() -> None:
    size = 2_100  # every seat has centres and an elimination year
    columns: dict[str, list[object]] = {
        "round": [1] * size, "board": [i // 7 + 1 for i in range(size)],
        "power": (TITLES * (size // 7)), "player": [f"P{i}" for i in range(size)],
        "centres": [3] * size, "eliminated": [1905] * size,
    }
    columns["eliminated"][5] = 1850  # a bad cell: that row's seat is not checked
    err = refused(sheet(columns))
    assert isinstance(err, InputErrors)
    assert err.total == size
    assert len(err.problems) == InputErrors.KEPT
    assert [(p.cell, p.message) for p in err.problems[4:7]] == [
        ("Results!F6", "has 3 centres but an elimination year (1905)"),
        ("Results!F7", "elimination year must be a whole number 1901-2100, got 1850"),
        ("Results!F8", "has 3 centres but an elimination year (1905)"),
    ]


def test_every_broken_game_is_counted() -> None:
    games = 1_500  # eight seats a board, a power twice
    size = 8 * games
    columns: dict[str, list[object]] = {
        "round": [1] * size, "board": [i // 8 + 1 for i in range(size)],
        "power": [TITLES[i % 8 % 7] for i in range(size)],
        "player": [f"P{i}" for i in range(size)], "centres": [4] * size,
    }
    err = refused(sheet(columns))
    assert isinstance(err, InputErrors)
    assert err.total == games and len(err.problems) == InputErrors.KEPT
    assert err.problems[0].where == "Results!A2-A9 (round 1, board 1)"
    assert str(err).splitlines()[-1] == f"and {games - InputErrors.SHOWN:,} more problems"


def test_a_few_problems_are_all_kept() -> None:
    err = InputErrors([InputError("a", "x"), InputError("b", "y")])
    assert (err.total, err.unlisted, str(err)) == (2, 0, "x: a\ny: b")
    assert InputErrors.of([InputError("a", "x")], 1).message == "a"
    assert isinstance(InputErrors.of([InputError("a", "x")], 5), InputErrors)


def test_check_counts_every_error_and_lists_the_first() -> None:
    import dipxl.udfs as udfs

    header = ["Round", "Board", "Power", "Player", "Centres"]
    table = [header, *([1.0, float(b), p.title, f"P{b}-{p.title}", 99.0]
                       for b in range(1, 201) for p in Power)]
    lines = [line[0] for line in udfs.DIPXL_CHECK(table)]
    assert lines[0] == "1,400 errors"
    assert len(lines) == 1 + InputErrors.KEPT + 1 and lines[-1] == "and 400 more"
    assert lines[1].startswith("Error: row 2, Centres (round 1, board 1, Austria")


def half_entered_csv(path: Path, boards: int) -> Path:
    """``boards`` boards, each with Austria's centres left blank (a warning each)."""
    lines = ["Round,Board,Power,Player,Centres"]
    for b in range(1, boards + 1):
        lines += [f"1,{b},{t},P{b}-{t},{'' if t == 'Austria' else 5 if t != 'Turkey' else 4}"
                  for t in TITLES]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_terminal_shows_the_first_warnings_and_counts_the_rest(tmp_path: Path) -> None:
    path = half_entered_csv(tmp_path / "half.csv", 80)
    data = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--format", "json"])
    warnings = json.loads(data.stdout)["warnings"]
    assert len(warnings) == 80  # every one kept where it costs nothing to keep
    told = [line for line in data.stderr.splitlines() if line.startswith("warning:")]
    assert told == [*(f"warning: {path}: {w}" for w in warnings[:50]),
                    f"warning: {path}: and 30 more warnings"]
    table = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert [line for line in table.stderr.splitlines() if line.startswith("warning:")] == told
    strict = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo", "--strict"])
    assert strict.exit_code == 1
    assert "80 warning(s) that may change a score, errors under --strict" in strict.stderr
    assert strict.stderr.count("has 6 of 7 centre counts") == 50
    assert "; and 30 more warnings" in strict.stderr


def test_the_command_line_counts_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("Round,Board,Power,Player,Centres\n"
                    + "".join(f"1,1,Prussia,P{i},{i}\n" for i in range(2_000)))
    result = CliRunner().invoke(cli, ["score", str(path), "-s", "cdiplo"])
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    # Every power refused, every count from 35 on: 3,965 problems.
    assert len(errors) == InputErrors.SHOWN + 1
    assert errors[-1] == (f"error: {path}: and {2_000 + 1_965 - InputErrors.SHOWN:,} more "
                          "problems")  # every line names the file
    assert errors[0] == (f"error: {path}: line 2, column power (round 1, board 1, P0): power "
                         "must be one of Austria, England, France, Germany, Italy, Russia, "
                         "Turkey (or A/E/F/G/I/R/T), got 'Prussia'")


VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 3000), st.integers(), st.floats(),
    st.text(max_size=8), st.from_regex(r"\s*[+-]?[0-9]{0,25}(\.[0-9]*)?\s*", fullmatch=True),
    st.sampled_from(["Y", "no", "Austria", "a-h", "١٢", "²", " ", "1_0", "1e3"]),
)


@given(VALUES)
@example("9" * 5000)
@settings(max_examples=400, deadline=None)
def test_each_reader_refuses_what_its_parser_refuses_and_reads_the_rest_alike(
    value: object,
) -> None:
    """A text file's reader gives what its field's parser gives; where the
    parser refuses, the reader refuses too, or (a board field) leaves the
    board not counted.  A spreadsheet cell's reader reads a number as that
    reader does and text as no number at all."""
    for name in FIELDS:
        got = READERS[name](value)
        try:
            want = PARSERS[name](value)
        except InputError:
            assert got is REFUSED or (SPEC[name].board and got is UNREAD), (name, value, got)
        else:
            assert got == want and type(got) is type(want), (name, value, got)
        in_cell = CELL_READERS[name](value)
        if SPEC[name].number and SPEC[name].board and isinstance(value, str) and value:
            assert in_cell is UNREAD, (name, value)
        elif not isinstance(value, str) or not SPEC[name].board:
            assert in_cell == got and type(in_cell) is type(got), (name, value, in_cell)


def test_a_value_that_cannot_be_a_key_is_refused_as_itself() -> None:
    columns = numbers(7, width=5)
    columns["power"] = [*TITLES[:5], ["x"], ["x"]]
    columns["centres"] = [5, 5, 5, 5, 5, 5, 4]
    err = refused(sheet(columns))
    assert isinstance(err, InputErrors)
    assert [(p.cell, p.value) for p in err.problems] == [("Results!C7", ["x"]),
                                                         ("Results!C8", ["x"])]
