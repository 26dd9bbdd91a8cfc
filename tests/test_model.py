"""Validation (SCORING.md section 1): each error names where it is; warnings
let scoring go on."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dipxl.errors import InputError, InputErrors
from dipxl.model import Game, Power, Record, Seat, Tournament, tournament_from_records
from dipxl.standings import score_tournament
from tests.helpers import PLAYERS, board


def records(centres: list[object], *, rnd: object = 1, number: object = 1,
            powers: list[object] | None = None, players: list[object] | None = None,
            years: list[object] | None = None, draw: list[object] | None = None,
            first_row: int = 2) -> list[Record]:
    powers = powers or [p.title for p in Power][: len(centres)]
    players = players or list(PLAYERS)[: len(centres)]
    years = years or [None] * len(centres)
    draw = draw or [None] * len(centres)
    out = []
    for i, c in enumerate(centres):
        row = first_row + i
        cells = {f: f"Results!{col}{row}" for f, col in zip(
            ("round", "board", "power", "player", "centres", "eliminated", "draw"), "ABCDEFG",
            strict=True)}
        out.append(Record(rnd, number, powers[i], players[i], c, years[i], draw[i], cells,
                          f"Results!A{row}"))
    return out


# France's centres (cell E4, P3's row) as typed, and the value as the message shows it.
@pytest.mark.parametrize(("value", "seen"), [
    ("12a", '"12a"'),
    (-1, "-1"),
    (3.5, "3.5"),
    (35, "35"),
    (True, "True"),
])
def test_bad_centres_name_the_cell_and_value(value: object, seen: str) -> None:
    centres: list[object] = [5, 5, value, 5, 5, 5, 4]
    with pytest.raises(InputError) as err:
        tournament_from_records(records(centres))
    assert err.value.where == "Results!E4 (round 1, board 1, France, P3)"
    assert "centres must be a whole number 0-34" in str(err.value) and seen in str(err.value)


def test_centres_as_text_and_as_float_are_read() -> None:
    event = tournament_from_records(records(["17", 5.0, " 4 ", 3, 3, 2, 0]))
    assert event.games[0].centres == (17, 5, 4, 3, 3, 2, 0)


def test_two_powers_on_18_or_more() -> None:
    with pytest.raises(InputError) as err:
        tournament_from_records(records([18, 19, 0, 0, 0, 0, 0]))
    assert err.value.message == \
        "more than one power on 18 or more centres: Austria 18 (P1), England 19 (P2)"
    assert err.value.where == "Results!A2 (round 1, board 1)"  # Austria's row


def test_every_bad_cell_is_reported_at_once_in_the_input_s_order() -> None:
    rows = records(["12a", 5, 5, 5, 5, 5, 4]) + records(
        [5, 5, 5, 5, 5, 5, 4], number=2, first_row=9,
        powers=["A", "E", "F", "Prussia", "I", "R", "T"], years=[None] * 6 + ["x"])
    with pytest.raises(InputErrors) as err:
        tournament_from_records(rows)
    assert str(err.value).splitlines() == [
        'Results!E2 (round 1, board 1, Austria, P1): '
        'centres must be a whole number 0-34, got "12a"',
        "Results!C12 (round 1, board 2, P4): power must be one of Austria, England, France, "
        "Germany, Italy, Russia, Turkey (or A/E/F/G/I/R/T), got 'Prussia'",
        'Results!F15 (round 1, board 2, Turkey, P7): '
        'elimination year must be a whole number 1901-2100, got "x"',
    ]
    # The first problem is the error's own message and place.
    assert err.value.where == "Results!E2 (round 1, board 1, Austria, P1)"
    assert err.value.located("f.xlsx").problems[2].where.startswith("f.xlsx: Results!F15 ")


def test_every_bad_cell_of_one_row_is_reported() -> None:
    rows = records([5, 5, 5, 5, 5, 5, 4])
    rows[1] = Record(None, 1, "Prussia", "P2", "lots", "x", "maybe", rows[1].cells, rows[1].where)
    with pytest.raises(InputErrors) as err:
        tournament_from_records(rows)
    assert [p.where.split(" ")[0] for p in err.value.problems] == [
        "Results!A3", "Results!C3", "Results!E3", "Results!F3", "Results!G3"]
    assert [p.message.split(" ")[0] for p in err.value.problems] == [
        "round", "power", "centres", "elimination", "draw"]


def test_a_blank_round_is_reported_with_a_bad_board_of_its_row() -> None:
    rows = records([5, 5, 5, 5, 5, 5, 4])
    rows[2] = Record(None, "x", "F", "P3", 5, cells=rows[2].cells, where=rows[2].where)
    with pytest.raises(InputErrors) as err:
        tournament_from_records(rows)
    assert [(p.where.split(" ")[0], p.message.split(" ")[:2]) for p in err.value.problems] == [
        ("Results!A4", ["round", "is"]), ("Results!B4", ["board", "must"])]


def test_one_bad_cell_is_one_error_and_many_are_counted_past_fifty() -> None:
    with pytest.raises(InputError) as one:
        tournament_from_records(records(["x", 5, 5, 5, 5, 5, 4]))
    assert type(one.value) is InputError
    rows = [r for b in range(1, 11) for r in records(
        ["x"] * 7, number=b, first_row=2 + 7 * (b - 1))]
    with pytest.raises(InputErrors) as many:
        tournament_from_records(rows)
    lines = str(many.value).splitlines()
    assert len(lines) == 50 + 1 and lines[-1] == "and 20 more problems"
    assert len(many.value.problems) == 70  # all kept, for DIPXL_CHECK


def test_every_broken_game_is_reported_once_the_cells_are_right() -> None:
    rows = records([18, 19, 0, 0, 0, 0, 0]) + records([5] * 7, number=2, first_row=9) \
        + records([20, 18, 0, 0, 0, 0, 0], number=3, first_row=16)
    with pytest.raises(InputErrors) as err:
        tournament_from_records(rows)
    assert [(p.where, p.message.split(":")[0]) for p in err.value.problems] == [
        ("Results!A2 (round 1, board 1)", "more than one power on 18 or more centres"),
        ("Results!A16 (round 1, board 3)", "more than one power on 18 or more centres"),
    ]


def test_a_power_twice_in_one_game_names_the_row_and_players() -> None:
    powers: list[object] = ["A", "E", "F", "G", "I", "R", "Eng"]
    with pytest.raises(InputError, match="England appears twice") as err:
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 4], powers=powers))
    assert "Results!A" in err.value.where and "P2" in str(err.value)


@pytest.mark.parametrize("seats", [6, 8])
def test_a_game_of_other_than_seven_seats(seats: int) -> None:
    recs = records([4] * 7)
    if seats == 8:
        recs.append(records([4], first_row=9)[0])
    else:
        recs = recs[:6]
    with pytest.raises(InputError, match=f"seven seats, this one has {seats}"):
        tournament_from_records(recs)


def test_unknown_power_names_the_cell() -> None:
    powers: list[object] = ["A", "E", "F", "G", "I", "R", "Prussia"]
    with pytest.raises(InputError, match="power must be one of") as err:
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 4], powers=powers))
    assert err.value.where == "Results!C8 (round 1, board 1, P7)"  # no power to name


@pytest.mark.parametrize(("alias", "power"), [
    ("A", Power.AUSTRIA), ("aus", Power.AUSTRIA), ("Austria-Hungary", Power.AUSTRIA),
    ("E", Power.ENGLAND), ("Eng", Power.ENGLAND), ("fra", Power.FRANCE), ("G", Power.GERMANY),
    ("ITA", Power.ITALY), ("r", Power.RUSSIA), ("Turkey", Power.TURKEY),
])
def test_power_abbreviations(alias: str, power: Power) -> None:
    assert Power.parse(alias) is power


def test_bad_year_and_year_for_a_survivor() -> None:
    with pytest.raises(InputError, match="elimination year") as err:
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 0], years=[None] * 6 + ["soon"]))
    assert err.value.where == "Results!F8 (round 1, board 1, Turkey, P7)"
    with pytest.raises(InputError, match="has 5 centres but an elimination year") as err:
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 0], years=[1904] + [None] * 6))
    assert err.value.where == "Results!F2 (round 1, board 1, Austria, P1)"


def test_a_bad_value_names_what_of_its_row_is_readable() -> None:
    # Board 1's Turkey (P7) with a blank round: the round cell, then the rest.
    recs = records([5, 5, 5, 5, 5, 5, 4])
    recs[6] = Record(None, 1, "T", "P7", 4, cells=recs[6].cells, where=recs[6].where)
    with pytest.raises(InputError, match="round is blank") as err:
        tournament_from_records(recs)
    assert err.value.where == "Results!A8 (board 1, Turkey, P7)"
    # No cell known at all (records built by a program): the row alone.
    bare = [Record(1, 1, p.title, f"P{i + 1}", 5, 1904 if i == 0 else None)
            for i, p in enumerate(Power)]
    with pytest.raises(InputError, match="has 5 centres but an elimination year") as err:
        tournament_from_records(bare)
    assert err.value.where == "round 1, board 1, Austria, P1"


def test_draw_flags() -> None:
    with pytest.raises(InputError, match="draw must be Y, N or blank") as err:
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 4], draw=["maybe"] + [None] * 6))
    assert err.value.where == "Results!G2 (round 1, board 1, Austria, P1)"
    with pytest.raises(InputError, match=r"eliminated .* but marked in the draw"):
        tournament_from_records(records([5, 5, 5, 5, 5, 9, 0], draw=[None] * 6 + ["Y"]))
    with pytest.raises(InputError) as err:
        tournament_from_records(records([5, 5, 0, 5, 5, 0, 4], draw=["N"] * 7))
    assert err.value.message == (
        "the draw has no member: every survivor is marked N: "
        "Austria (P1), England (P2), Germany (P4), Italy (P5), Turkey (P7)"
    )


def test_explicit_draw_membership() -> None:
    game = board((12, 11, 8, 2, 1, 0, 0), draw=(True, True, True, None, None, None, None))
    assert game.draw_members == (True, True, True, False, False, False, False)
    default = board((12, 11, 8, 2, 1, 0, 0))
    assert default.draw_members == (True,) * 5 + (False, False)
    left_out = board((12, 11, 8, 2, 1, 0, 0), draw=(None, None, None, None, False, None, None))
    assert left_out.draw_members == (True,) * 4 + (False,) * 3


def test_unfinished_games_are_ignored_not_errors() -> None:
    partial = records([5, None, 5, "", 5, 5, 4], number=2, first_row=9)
    blank = records([None] * 7, number=3, first_row=16, players=[None] * 7)
    event = tournament_from_records(records([5, 5, 5, 5, 5, 5, 4]) + partial + blank)
    assert [g.finished for g in event.games] == [True, False, False]
    standings = score_tournament(event, "cdiplo")
    assert len(standings.games) == 1 and len(standings.rows) == 7


def test_a_finished_seat_needs_a_player() -> None:
    with pytest.raises(InputError, match="has a result but no player"):
        tournament_from_records(records([5, 5, 5, 5, 5, 5, 4], players=[None, *PLAYERS[1:]]))


def test_a_board_entered_twice() -> None:
    with pytest.raises(InputError, match="entered twice"):
        Tournament((board((5,) * 6 + (4,)), board((5,) * 6 + (4,))))


def test_warnings_over_34_repeated_power_and_two_games_in_a_round() -> None:
    over = board((10, 10, 10, 5, 0, 0, 0))
    other = ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "P1")  # P1 also on board 2 of round 1
    second = board((5,) * 6 + (4,), number=2, players=other)
    again = board((5,) * 6 + (4,), rnd=2, players=PLAYERS)  # everyone repeats a power
    standings = score_tournament(Tournament((over, second, again)), "cdiplo")
    codes = [n.code for n in standings.notices]
    assert codes.count("centres_over_34") == 1
    assert codes.count("two_games_in_round") == 1
    assert codes.count("repeated_power") == 7  # all seven repeat their round-1 power
    assert standings.row("P1").games == 3  # both games of round 1 count


def test_seat_validates_direct_construction() -> None:
    with pytest.raises(InputError, match="centres must be a whole number"):
        Seat("X", Power.ITALY, 40)
    with pytest.raises(InputError, match="a game has seven seats"):
        Game(1, 1, (Seat("X", Power.ITALY, 4),))


def test_names_differing_only_in_case_are_two_players_with_a_warning() -> None:
    first = board((5,) * 6 + (4,), players=("Ann", "B", "C", "D", "E", "F", "G"))
    second = board((5,) * 6 + (4,), rnd=2, players=("B", "ann", "C", "D", "E", "F", "G"))
    standings = score_tournament(Tournament((first, second)), "cdiplo")
    similar = [n for n in standings.notices if n.code == "similar_names"]
    assert len(similar) == 1 and "'Ann' and 'ann'" in similar[0].message
    assert standings.row("Ann").games == standings.row("ann").games == 1


def test_board_from_values_reads_one_board_and_names_its_cells() -> None:
    from dipxl.model import board_from_values

    game = board_from_values([17.0, "5", 4, 3, 3, 2, 0], [None] * 6 + [1907.0])
    assert game.centres == (17, 5, 4, 3, 3, 2, 0) and game.years[6] == 1907
    assert game.players[0] == "Austria"
    cells = [{"centres": f"B{i + 2}", "eliminated": f"C{i + 2}"} for i in range(7)]
    with pytest.raises(InputError, match="centres must be a whole number") as err:
        board_from_values([17, 5, "x", 3, 3, 2, 0], cells=cells)
    assert err.value.where == "B4"
    with pytest.raises(InputError, match="centres but an elimination year") as err:
        board_from_values([17, 5, 4, 3, 3, 2, 0], [1904] + [None] * 6, cells=cells)
    assert err.value.where == "C2"
    with pytest.raises(InputError, match="seven seats"):
        board_from_values([1, 2, 3])


# A cell of a one-board range as a spreadsheet may send it.
_CELLS = st.one_of(
    st.integers(-2, 36),
    st.integers(-2, 36).map(float),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([None, "", "5", True, False, "x"]),
)


@settings(max_examples=400, deadline=None)
@example([0, 0, 0, 0, 0, 0, 1.0])  # ints and floats mixed (found by a run)
@given(st.lists(_CELLS, min_size=6, max_size=8) | st.lists(st.integers(0, 20), min_size=7,
                                                             max_size=7))
def test_finished_counts_is_exactly_the_plain_finished_games_that_game_accepts(
    values: list[object],
) -> None:
    """The worksheet functions' no-Game path takes a board only when the
    general path would build the same finished game from it."""
    from dipxl.model import board_from_values, finished_counts

    counts = finished_counts(values)
    try:
        game = board_from_values(values)
    except InputError:
        assert counts is None
        return
    plain = all(type(v) in (int, float) for v in values)
    if game.finished and plain:
        assert counts == game.centres
    else:
        assert counts is None


def test_true_is_not_read_as_the_number_1() -> None:
    """True and 1 are one dict key: a name column holding both must still
    refuse True (where the column-at-a-time path parses each value once)."""
    rows = [Record(1, 1, p.title, name, 5, where=f"A{i + 2}", cells={"player": f"D{i + 2}"})
            for i, (p, name) in enumerate(zip(Power, [1, True, "C", "D", "E", "F", "G"],
                                              strict=True))]
    with pytest.raises(InputError, match="player must be a name") as err:
        tournament_from_records(rows)
    assert err.value.where == "D3 (round 1, board 1, England)"  # the player is the bad value


# ---------------------------------------------------------------- columns

_FIELDS = ("round", "board", "power", "player", "centres", "eliminated", "draw")
# Per field: values a workbook may hold that are read, and values refused or
# of kinds the column path leaves to the records (bools beside numbers).
_ODD_VALUES: dict[str, list[object]] = {
    "round": [1, 1.0, 2.0, "2", " 1 ", True, None, "", 0, 1.5, 10_001, float("nan")],
    "board": [1, 2, 1.0, "1", False, True, None, "", -1, 2.5],
    "power": ["Austria", "eng", "F", "Ger", "I", "R", "T", "Prussia", "", None, 1, True],
    "player": ["P1", "P2", "  P3  ", "", None, 12, 12.0, True, "P\u202e1", 1.5],
    "centres": [0, 1, 1.0, "4", " 5 ", 34, 35, -1, None, "", True, 1.5, "x"],
    "eliminated": [None, "", 1904, 1904.0, "1905", 1800, True, "soon"],
    "draw": [None, "", "Y", "n", True, False, 1, 0, 1.0, "maybe"],
}


@st.composite
def _columns(draw: st.DrawFn) -> dict[str, list[object]]:
    """Columns of one to three good games (rows maybe shuffled), some cells
    then replaced by odd values."""
    games = draw(st.integers(1, 3))
    rows: list[list[object]] = []
    for g in range(games):
        centres = draw(st.permutations([9, 8, 7, 5, 3, 2, 0]))
        for i, power in enumerate(Power):
            rows.append([1 + g % 2, 1 + g // 2, power.title, f"P{7 * g + i}", centres[i],
                         1905 if centres[i] == 0 else None, None])
    if draw(st.booleans()):
        rows = draw(st.permutations(rows))
    for _ in range(draw(st.integers(0, 3))):
        row = draw(st.integers(0, len(rows) - 1))
        col = draw(st.integers(0, 6))
        rows[row][col] = draw(st.sampled_from(_ODD_VALUES[_FIELDS[col]]))
    return {name: [row[i] for row in rows] for i, name in enumerate(_FIELDS)}


def _records_of(columns: dict[str, list[object]]) -> list[Record]:
    size = len(columns["round"])
    return [
        Record(*(columns[f][i] for f in _FIELDS),
               {f: f"Results!{col}{i + 2}" for f, col in zip(_FIELDS, "ABCDEFG", strict=True)},
               f"Results!A{i + 2}")
        for i in range(size)
    ]


@settings(max_examples=600, deadline=None)
@given(_columns())
def test_the_column_path_builds_what_the_records_build_or_leaves_it_to_them(
    columns: dict[str, list[object]],
) -> None:
    """tournament_from_columns gives exactly tournament_from_records' event,
    or None (and then the records say what is wrong, or read odd values)."""
    from dipxl.model import tournament_from_columns

    wheres = [f"Results!A{i + 2}" for i in range(len(columns["round"]))]
    fast = tournament_from_columns(columns, wheres, "Cup")
    try:
        slow = tournament_from_records(_records_of(columns), "Cup")
    except InputError:
        assert fast is None
        return
    assert fast is None or fast == slow
    assert fast is None or [g.origin for g in fast.games] == [g.origin for g in slow.games]


def test_the_column_path_takes_usual_columns_in_any_row_order() -> None:
    from dipxl.model import tournament_from_columns

    rows = [[1 + g // 2, 1 + g % 2, p.title, f"P{7 * g + p}", c, None, None]
            for g in range(4) for p, c in zip(Power, [9, 8, 7, 4, 3, 2, 1], strict=True)]
    for order in (rows, rows[::-1], rows[::2] + rows[1::2]):
        columns = {name: [row[i] for row in order] for i, name in enumerate(_FIELDS)}
        wheres = [f"Results!A{i + 2}" for i in range(len(order))]
        fast = tournament_from_columns(columns, wheres)
        assert fast is not None
        assert fast == tournament_from_records(_records_of(columns))


@pytest.mark.parametrize(("field", "values"), [
    ("round", [1.0, True, 1, 1, 1, 1, 1]),  # True == 1.0: one dict key
    ("draw", [True, 1.0, None, None, None, None, None]),
    ("centres", [None, None, 5, 5, 5, 5, 4]),  # fine: an unfinished game
])
def test_the_column_path_never_reads_a_bool_as_a_number(field: str, values: list[object]) -> None:
    from dipxl.model import tournament_from_columns

    columns: dict[str, list[object]] = {
        "round": [1] * 7, "board": [1] * 7, "power": [p.title for p in Power],
        "player": list(PLAYERS), "centres": [5, 5, 5, 5, 5, 5, 4],
    }
    columns[field] = values
    fast = tournament_from_columns(columns, [f"A{i}" for i in range(2, 9)])
    if field == "centres":
        assert fast is not None and not fast.games[0].finished
    else:
        assert fast is None
