"""Validation (SCORING.md section 1): each error names where it is; warnings
let scoring go on."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dipxl.errors import InputError, InputErrors
from dipxl.fields import FIELDS, PARSERS, SPEC, UNREAD
from dipxl.model import Game, Power, Seat, Tournament
from dipxl.rows import Rows, board_from_values, finished_counts, tournament_from_rows
from dipxl.standings import score_tournament
from tests.helpers import PLAYERS, board


@dataclass(frozen=True)
class Row:
    """One seat's raw values as typed in a row, the cell of each, the row."""

    round: object
    board: object
    power: object
    player: object
    centres: object
    eliminated: object = None
    draw: object = None
    cells: dict[str, str] = field(default_factory=dict)
    where: str = ""
    year: object = None


def from_rows(rows: list[Row], title: str = "") -> Tournament:
    """The one constructor on these rows."""
    return tournament_from_rows(
        Rows.of([{f: getattr(r, f) for f in FIELDS} for r in rows], [r.where for r in rows],
                [r.cells for r in rows]),
        title,
    )


def records(centres: list[object], *, rnd: object = 1, number: object = 1,
            powers: list[object] | None = None, players: list[object] | None = None,
            years: list[object] | None = None, draw: list[object] | None = None,
            first_row: int = 2) -> list[Row]:
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
        out.append(Row(rnd, number, powers[i], players[i], c, years[i], draw[i], cells,
                          f"Results!A{row}"))
    return out


# France's centres (cell E4, P3's row) as typed, and the value as the message shows it.
@pytest.mark.parametrize(("value", "seen"), [
    (-1, "-1"),
    (3.5, "3.5"),
    (35, "35"),
])
def test_bad_centres_name_the_cell_and_value(value: object, seen: str) -> None:
    centres: list[object] = [5, 5, value, 5, 5, 5, 4]
    with pytest.raises(InputError) as err:
        from_rows(records(centres))
    assert err.value.where == "Results!E4 (round 1, board 1, France, P3)"
    assert "centres must be a whole number 0-34" in str(err.value) and seen in str(err.value)


def test_centres_as_text_and_as_float_are_read() -> None:
    event = from_rows(records(["17", 5.0, " 4 ", "\u00a03", "\uff13", 2, 0]))
    assert event.games[0].centres == (17, 5, 4, 3, 3, 2, 0)


# A count, year or flag no formula reads (France's centres, E4): the board
# is not counted, with a warning naming the cell and what to type; in a
# text file (CSV) and in a spreadsheet's cells, where text is not a number.
@pytest.mark.parametrize(("value", "sheet", "says"), [
    ("12a", False, 'centres "12a" is not a number'),
    ("17,0", False, 'centres "17,0" has a decimal comma'),
    (True, False, "centres True (a checkbox?)"),
    ("8 ", True, 'centres "8 " is a number typed as text'),
    ("8", True, 'centres "8" is a number typed as text'),
    (" ", True, "centres holds only spaces"),
])
def test_a_count_no_formula_reads_leaves_its_board_not_counted(
    value: object, sheet: bool, says: str
) -> None:
    recs = records([5, 5, value, 5, 5, 5, 4]) + records(
        [9, 5, 5, 5, 5, 5, 0], number=2, first_row=9, players=[f"Q{i}" for i in range(7)])
    rows = Rows.of([{f: getattr(r, f) for f in FIELDS} for r in recs],
                   [r.where for r in recs], [r.cells for r in recs], sheet=sheet)
    event = tournament_from_rows(rows)
    assert [g.finished for g in event.games] == [False, True]
    assert event.games[0].players == tuple(PLAYERS[:7])  # the seating is kept
    [notice] = [n for n in event.notices() if n.code == "not_counted"]
    assert notice.where == "Results!E4" and notice.board == (1, 1)
    assert notice.message.startswith("round 1, board 1 is not counted: " + says)
    assert notice.brief.startswith("Results!E4 ")
    assert not [n for n in event.notices() if n.code == "board_half_entered"]


def test_text_in_a_spreadsheet_count_is_text_in_a_file_a_number() -> None:
    recs = records(["17", 5, 4, 3, 3, 2, 0])
    for sheet, finished in ((False, True), (True, False)):
        rows = Rows.of([{f: getattr(r, f) for f in FIELDS} for r in recs],
                       [r.where for r in recs], [r.cells for r in recs], sheet=sheet)
        assert tournament_from_rows(rows).games[0].finished is finished


def test_two_powers_on_18_or_more() -> None:
    with pytest.raises(InputError) as err:
        from_rows(records([18, 19, 0, 0, 0, 0, 0]))
    assert err.value.message == \
        "more than one power on 18 or more centres: Austria 18 (P1), England 19 (P2)"
    assert err.value.where == "Results!A2 (round 1, board 1)"  # Austria's row


def test_every_bad_cell_is_reported_at_once_in_the_input_s_order() -> None:
    rows = records([35, 5, 5, 5, 5, 5, 4]) + records(
        [5, 5, 5, 5, 5, 5, 4], number=2, first_row=9,
        powers=["A", "E", "F", "Prussia", "I", "R", "T"], years=[None] * 6 + [1850])
    with pytest.raises(InputErrors) as err:
        from_rows(rows)
    assert str(err.value).splitlines() == [
        "Results!E2 (round 1, board 1, Austria, P1): "
        "centres must be a whole number 0-34, got 35",
        "Results!C12 (round 1, board 2, P4): power must be one of Austria, England, France, "
        "Germany, Italy, Russia, Turkey (or A/E/F/G/I/R/T), got 'Prussia'",
        "Results!F15 (round 1, board 2, Turkey, P7): "
        "elimination year must be a whole number 1901-2100, got 1850",
    ]
    # The first problem is the error's own message and place.
    assert err.value.where == "Results!E2 (round 1, board 1, Austria, P1)"
    assert err.value.located("f.xlsx").problems[2].where.startswith("f.xlsx: Results!F15 ")


def test_every_bad_cell_of_one_row_is_reported() -> None:
    rows = records([5, 5, 5, 5, 5, 5, 4])
    rows[1] = Row(None, 1, "Prussia", "P2", 99, 1800, "maybe", rows[1].cells, rows[1].where)
    with pytest.raises(InputErrors) as err:
        from_rows(rows)
    # (A draw flag is never refused: "maybe" leaves its board not counted.)
    assert [p.where.split(" ")[0] for p in err.value.problems] == [
        "Results!A3", "Results!C3", "Results!E3", "Results!F3"]
    assert [p.message.split(" ")[0] for p in err.value.problems] == [
        "round", "power", "centres", "elimination"]


def test_a_blank_round_is_reported_with_a_bad_board_of_its_row() -> None:
    rows = records([5, 5, 5, 5, 5, 5, 4])
    rows[2] = Row(None, "x", "F", "P3", 5, cells=rows[2].cells, where=rows[2].where)
    with pytest.raises(InputErrors) as err:
        from_rows(rows)
    assert [(p.where.split(" ")[0], p.message.split(" ")[:2]) for p in err.value.problems] == [
        ("Results!A4", ["round", "is"]), ("Results!B4", ["board", "must"])]


def test_one_bad_cell_is_one_error_and_many_are_counted_past_fifty() -> None:
    with pytest.raises(InputError) as one:
        from_rows(records([-1, 5, 5, 5, 5, 5, 4]))
    assert type(one.value) is InputError
    rows = [r for b in range(1, 11) for r in records(
        [-1] * 7, number=b, first_row=2 + 7 * (b - 1))]
    with pytest.raises(InputErrors) as many:
        from_rows(rows)
    lines = str(many.value).splitlines()
    assert len(lines) == 50 + 1 and lines[-1] == "and 20 more problems"
    assert len(many.value.problems) == 70  # all kept, for DIPXL_CHECK


def test_every_broken_game_is_reported_once_the_cells_are_right() -> None:
    rows = records([18, 19, 0, 0, 0, 0, 0]) + records([5] * 7, number=2, first_row=9) \
        + records([20, 18, 0, 0, 0, 0, 0], number=3, first_row=16)
    with pytest.raises(InputErrors) as err:
        from_rows(rows)
    assert [(p.where, p.message.split(":")[0]) for p in err.value.problems] == [
        ("Results!A2 (round 1, board 1)", "more than one power on 18 or more centres"),
        ("Results!A16 (round 1, board 3)", "more than one power on 18 or more centres"),
    ]


def test_a_power_twice_in_one_game_names_the_row_and_players() -> None:
    powers: list[object] = ["A", "E", "F", "G", "I", "R", "Eng"]
    with pytest.raises(InputError, match="England appears twice") as err:
        from_rows(records([5, 5, 5, 5, 5, 5, 4], powers=powers))
    assert "Results!A" in err.value.where and "P2" in str(err.value)


@pytest.mark.parametrize("seats", [6, 8])
def test_a_game_of_other_than_seven_seats(seats: int) -> None:
    recs = records([4] * 7)
    if seats == 8:
        recs.append(records([4], first_row=9)[0])
    else:
        recs = recs[:6]
    with pytest.raises(InputError, match=f"seven seats, this one has {seats}"):
        from_rows(recs)


def test_unknown_power_names_the_cell() -> None:
    powers: list[object] = ["A", "E", "F", "G", "I", "R", "Prussia"]
    with pytest.raises(InputError, match="power must be one of") as err:
        from_rows(records([5, 5, 5, 5, 5, 5, 4], powers=powers))
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
        from_rows(records([5, 5, 5, 5, 5, 5, 0], years=[None] * 6 + [1900]))
    assert err.value.where == "Results!F8 (round 1, board 1, Turkey, P7)"
    soon = from_rows(records([5, 5, 5, 5, 5, 5, 0], years=[None] * 6 + ["soon"]))
    [notice] = [n for n in soon.notices() if n.code == "not_counted"]
    assert notice.where == "Results!F8" and 'elimination year "soon" is not a number' in (
        notice.message)
    with pytest.raises(InputError, match="has 5 centres but an elimination year") as err:
        from_rows(records([5, 5, 5, 5, 5, 5, 0], years=[1904] + [None] * 6))
    assert err.value.where == "Results!F2 (round 1, board 1, Austria, P1)"


def _with_final_year(rows: list[Row], years: list[object]) -> list[Row]:
    """``rows`` with their Year cells (column H) typed as ``years``."""
    return [replace(r, year=y, cells={**r.cells, "year": f"Results!H{2 + i}"})
            for i, (r, y) in enumerate(zip(rows, years, strict=True))]


@pytest.mark.parametrize("on", ["Austria's row", "Turkey's row", "every row"])
def test_an_elimination_after_the_final_year_is_refused_whichever_row_gives_the_year(
    on: str
) -> None:
    """The Year may be given on one row of a board or on all alike: the
    board reads the same either way.  Turkey eliminated in 1904 in a game
    whose final year is 1903 is refused, naming Turkey's Eliminated cell,
    wherever the 1903 is typed (given on Austria's row only, it was read
    as a game ending in 1903 with Turkey eliminated after it)."""
    years = {"Austria's row": [1903] + [None] * 6, "Turkey's row": [None] * 6 + [1903],
             "every row": [1903] * 7}[on]
    rows = _with_final_year(records([10, 8, 6, 5, 3, 2, 0], years=[None] * 6 + [1904]), years)
    with pytest.raises(InputError, match="after the game's final year 1903") as err:
        from_rows(rows)
    assert err.value.where.startswith("Results!F8 (round 1, board 1")
    assert err.value.field == "eliminated"
    ok = _with_final_year(records([10, 8, 6, 5, 3, 2, 0], years=[None] * 6 + [1904]),
                          [1904] + [None] * 6)
    assert from_rows(ok).games[0].year == 1904


def test_a_bad_value_names_what_of_its_row_is_readable() -> None:
    # Board 1's Turkey (P7) with a blank round: the round cell, then the rest.
    recs = records([5, 5, 5, 5, 5, 5, 4])
    recs[6] = Row(None, 1, "T", "P7", 4, cells=recs[6].cells, where=recs[6].where)
    with pytest.raises(InputError, match="round is blank") as err:
        from_rows(recs)
    assert err.value.where == "Results!A8 (board 1, Turkey, P7)"
    # No cell known at all (records built by a program): the row alone.
    bare = [Row(1, 1, p.title, f"P{i + 1}", 5, 1904 if i == 0 else None)
            for i, p in enumerate(Power)]
    with pytest.raises(InputError, match="has 5 centres but an elimination year") as err:
        from_rows(bare)
    assert err.value.where == "round 1, board 1, Austria, P1"


def test_draw_flags() -> None:
    maybe = from_rows(records([5, 5, 5, 5, 5, 5, 4], draw=["maybe"] + [None] * 6))
    [notice] = [n for n in maybe.notices() if n.code == "not_counted"]
    assert notice.where == "Results!G2" and not maybe.games[0].finished
    assert 'draw "maybe" is not a draw flag: type Y for a draw member' in notice.message
    with pytest.raises(InputError, match=r"eliminated .* but marked in the draw"):
        from_rows(records([5, 5, 5, 5, 5, 9, 0], draw=[None] * 6 + ["Y"]))
    with pytest.raises(InputError) as err:
        from_rows(records([5, 5, 0, 5, 5, 0, 4], draw=["N"] * 7))
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
    event = from_rows(records([5, 5, 5, 5, 5, 5, 4]) + partial + blank)
    assert [g.finished for g in event.games] == [True, False, False]
    standings = score_tournament(event, "cdiplo")
    assert len(standings.games) == 1 and len(standings.rows) == 7


def test_a_finished_seat_needs_a_player() -> None:
    with pytest.raises(InputError, match="has a result but no player"):
        from_rows(records([5, 5, 5, 5, 5, 5, 4], players=[None, *PLAYERS[1:]]))


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


# Each check of a seat built directly, and the message it gives (the
# player and power name the seat): seat fields, then the message.
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ((7, Power.ITALY, 4), "Italy (7): player must be text, got 7"),
        (("X", Power.ITALY, 4.0), "Italy (X): centres must be a whole number 0-34, got 4.0"),
        (("X", Power.ITALY, 35), "Italy (X): centres must be a whole number 0-34, got 35"),
        (("X", Power.ITALY, 0, 1900),
         "Italy (X): elimination year must be a year 1901-2100, got 1900"),
        (("X", Power.ITALY, 3, 1905), "Italy (X): has 3 centres but an elimination year (1905)"),
        (("X", Power.ITALY, 3, None, 1),
         "Italy (X): draw flag must be True, False or None, got 1"),
        (("", Power.ITALY, 0, None, True),
         "Italy (no player): is eliminated (0 centres) but marked in the draw"),
    ],
)
def test_each_seat_check_names_the_seat_and_the_value(
    fields: tuple[object, ...], message: str
) -> None:
    with pytest.raises(InputError) as err:
        Seat(*fields)  # type: ignore[arg-type]  # wrong on purpose
    assert str(err.value) == message


def test_seats_and_games_are_frozen_values_built_by_position_or_keyword() -> None:
    seat = Seat("X", Power.ITALY, 4, None, True)
    assert seat == Seat(player="X", power=Power.ITALY, centres=4, in_draw=True)
    assert Seat("X", "Italy", 4) == Seat("X", Power.ITALY, 4)  # type: ignore[arg-type]
    with pytest.raises(FrozenInstanceError):
        seat.centres = 5  # type: ignore[misc]  # frozen on purpose
    game = board([4] * 7)
    assert game == Game(round=game.round, board=game.board, seats=game.seats)
    with pytest.raises(FrozenInstanceError):
        game.round = 2  # type: ignore[misc]  # frozen on purpose


def test_a_changed_copy_is_validated_again() -> None:
    with pytest.raises(InputError, match="centres must be a whole number 0-34, got 35"):
        replace(Seat("X", Power.ITALY, 4), centres=35)
    with pytest.raises(InputError, match="round must be a whole number from 1, got 0"):
        replace(board([4] * 7), round=0)


def test_a_game_stores_its_seats_in_power_order_whatever_order_they_come_in() -> None:
    game = board([10, 8, 6, 4, 3, 2, 1])
    shuffled = Game(1, 1, tuple(reversed(game.seats)))
    assert shuffled.seats == game.seats
    assert shuffled.centres == (10, 8, 6, 4, 3, 2, 1)
    assert shuffled.centres_desc == (10, 8, 6, 4, 3, 2, 1)
    assert shuffled.players == tuple(s.player for s in game.seats)
    assert shuffled.draw_members == (True,) * 7


def test_names_differing_only_in_case_are_two_players_with_a_warning() -> None:
    first = board((5,) * 6 + (4,), players=("Ann", "B", "C", "D", "E", "F", "G"))
    second = board((5,) * 6 + (4,), rnd=2, players=("B", "ann", "C", "D", "E", "F", "G"))
    standings = score_tournament(Tournament((first, second)), "cdiplo")
    similar = [n for n in standings.notices if n.code == "similar_names"]
    assert len(similar) == 1 and "'Ann' and 'ann'" in similar[0].message
    assert standings.row("Ann").games == standings.row("ann").games == 1


def test_board_from_values_reads_one_board_and_names_its_cells() -> None:
    game = board_from_values([17.0, 5, 4, 3, 3, 2, 0], [None] * 6 + [1907.0])
    assert game.centres == (17, 5, 4, 3, 3, 2, 0) and game.years[6] == 1907
    assert game.players[0] == "Austria"
    cells = [{"centres": f"B{i + 2}", "eliminated": f"C{i + 2}"} for i in range(7)]
    with pytest.raises(InputError, match="centres must be a whole number") as err:
        board_from_values([17, 5, 35, 3, 3, 2, 0], cells=cells)
    assert err.value.where == "B4"
    # Cells of a spreadsheet: text is not a number (the formulas skip it).
    for typed, says in (("x", 'centres "x" is not a number'),
                        ("5", 'centres "5" is a number typed as text')):
        with pytest.raises(InputError, match=says) as err:
            board_from_values([17, 5, typed, 3, 3, 2, 0], cells=cells)
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
    rows = [Row(1, 1, p.title, name, 5, where=f"A{i + 2}", cells={"player": f"D{i + 2}"})
            for i, (p, name) in enumerate(zip(Power, [1, True, "C", "D", "E", "F", "G"],
                                              strict=True))]
    with pytest.raises(InputError, match="player must be a name") as err:
        from_rows(rows)
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


def _rows_of(columns: dict[str, list[object]]) -> Rows:
    letters = dict(zip(_FIELDS, "ABCDEFG", strict=True))
    wheres = [f"Results!A{i + 2}" for i in range(len(columns["round"]))]
    return Rows(columns, wheres, lambda name, i: f"Results!{letters[name]}{i + 2}")


def _by_hand(columns: dict[str, list[object]]) -> dict[tuple[int, int], Game]:
    """The rule of the one constructor, row by row: each value read by its
    field's parser (a blank round or board refused), seats grouped by
    (round, board) into games; any refusal is an InputError."""
    for name in _FIELDS:  # a column of checkboxes: TRUE/FALSE, a FALSE among two or more
        truth = [v for v in columns[name] if type(v) is bool or (
            isinstance(v, str) and v.strip().casefold() in ("true", "false"))]
        if len(truth) >= 2 and any(v is False or (isinstance(v, str) and v.strip().casefold()
                                                   == "false") for v in truth):
            raise InputError("a column of checkboxes")
    seats: dict[tuple[int, int], list[Seat]] = {}
    unread: set[tuple[object, object]] = set()  # boards with a value no formula reads
    for i in range(len(columns["round"])):
        value = {name: None if SPEC[name].read(columns[name][i]) is UNREAD
                 else PARSERS[name](columns[name][i]) for name in _FIELDS}
        if any(SPEC[name].read(columns[name][i]) is UNREAD for name in _FIELDS):
            unread.add((value["round"], value["board"]))
        if value["round"] is None or value["board"] is None:
            raise InputError("round or board is blank")
        seat = Seat(value["player"], value["power"], value["centres"],  # type: ignore[arg-type]  # parsed
                    value["eliminated"], value["draw"])  # type: ignore[arg-type]  # parsed
        seats.setdefault((value["round"], value["board"]), []).append(seat)  # type: ignore[arg-type]  # parsed
    return {key: Game(*key, tuple(Seat(s.player, s.power, None) for s in group)
                      if key in unread else tuple(group)) for key, group in seats.items()}


@settings(max_examples=600, deadline=None)
@given(_columns())
def test_the_one_constructor_reads_each_value_as_its_field_parser_does(
    columns: dict[str, list[object]],
) -> None:
    """Whole columns (each distinct value parsed once) give exactly the
    games built row by row by hand, or an error where that refuses; the
    errors name a refused row's cell."""
    try:
        expected = _by_hand(columns)
    except InputError:
        with pytest.raises(InputError) as err:
            tournament_from_rows(_rows_of(columns), "Cup")
        assert err.value.where.startswith("Results!")
        return
    event = tournament_from_rows(_rows_of(columns), "Cup")
    assert event.title == "Cup"
    assert [(g.round, g.board, g.seats) for g in event.games] == [
        (g.round, g.board, g.seats) for g in sorted(expected.values(),
                                                    key=lambda g: (g.round, g.board))]


def test_the_one_constructor_takes_usual_columns_in_any_row_order() -> None:
    rows = [[1 + g // 2, 1 + g % 2, p.title, f"P{7 * g + p}", c, None, None]
            for g in range(4) for p, c in zip(Power, [9, 8, 7, 4, 3, 2, 1], strict=True)]
    first = None
    for order in (rows, rows[::-1], rows[::2] + rows[1::2]):
        columns = {name: [row[i] for row in order] for i, name in enumerate(_FIELDS)}
        event = tournament_from_rows(_rows_of(columns))
        games = [(g.round, g.board, g.seats) for g in event.games]
        assert len(games) == 4
        first = first or games
        assert games == first


def test_a_game_s_origin_spans_its_rows() -> None:
    rows = [[1, 1 + k % 2, Power(k // 2).title, f"P{k}", 4, None, None] for k in range(14)]
    columns = {name: [row[i] for row in rows] for i, name in enumerate(_FIELDS)}
    event = tournament_from_rows(_rows_of(columns))
    assert [g.origin for g in event.games] == ["Results!A2-A14", "Results!A3-A15"]


@pytest.mark.parametrize(("field", "values"), [
    ("round", [1.0, True, 1, 1, 1, 1, 1]),  # True == 1.0: one dict key
    ("draw", [True, 1.0, None, None, None, None, None]),
    ("centres", [None, None, 5, 5, 5, 5, 4]),  # fine: an unfinished game
])
def test_a_bool_is_never_read_as_a_number(field: str, values: list[object]) -> None:
    columns: dict[str, list[object]] = {
        "round": [1] * 7, "board": [1] * 7, "power": [p.title for p in Power],
        "player": list(PLAYERS), "centres": [5, 5, 5, 5, 5, 5, 4],
    }
    columns[field] = values
    rows = Rows(columns, [f"A{i}" for i in range(2, 9)], lambda name, i: f"{name}{i + 2}")
    if field == "round":
        with pytest.raises(InputError, match="round must be a whole number") as err:
            tournament_from_rows(rows)
        assert (err.value.cell, err.value.field, err.value.value) == ("round3", "round", True)
        return
    if field == "draw":  # TRUE and 1 are no draw flags (Y/N): not counted, each named
        event = tournament_from_rows(rows)
        assert not event.games[0].finished
        [notice] = [n for n in event.notices() if n.code == "not_counted"]
        assert notice.where == "draw2; draw3" and "draw True (a checkbox?)" in notice.message
        return
    assert not tournament_from_rows(rows).games[0].finished


def test_errors_carry_their_field_value_and_cell() -> None:
    rows = records([5, 5, 40, 5, 5, 5, 4], years=[1904] + [None] * 6)
    with pytest.raises(InputErrors) as err:
        from_rows(rows)
    assert [(p.field, p.value, p.cell) for p in err.value.problems] == [
        ("eliminated", 1904, "Results!F2"),  # Austria has 5 centres and a year
        ("centres", 40, "Results!E4"),
    ]
    with pytest.raises(InputError) as one:
        from_rows(records([18, 19, 0, 0, 0, 0, 0]))
    assert (one.value.field, one.value.value, one.value.cell) == (
        "power", (Power.AUSTRIA, Power.ENGLAND), "Results!A2")
