"""C-Diplo (SCORING.md section 2): the worked examples as the rule's arithmetic."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import cdiplo, get_system
from tests.helpers import board, finished_games

# centres (Austria ... Turkey) | scores as 1 for playing + centres + position points
WORKED = [
    ((17, 5, 4, 3, 3, 2, 0),
     (1 + 17 + 38, 1 + 5 + 14, 1 + 4 + 7, 1 + 3 + 0, 1 + 3 + 0, 1 + 2 + 0, 1 + 0 + 0)),
    # four tied on 5 share 2nd-5th: (14 + 7 + 0 + 0) / 4; two tied on 4 share 6th-7th
    ((6, 5, 5, 5, 5, 4, 4),
     (1 + 6 + 38, *[1 + 5 + (14 + 7 + 0 + 0) / 4] * 4, 1 + 4 + 0, 1 + 4 + 0)),
    # two tied for 1st share (38 + 14) / 2; five eliminated share 3rd-7th: 7 / 5
    ((17, 17, 0, 0, 0, 0, 0), (1 + 17 + (38 + 14) / 2,) * 2 + (1 + 0 + 7 / 5,) * 5),
    ((11, 11, 11, 1, 0, 0, 0), (1 + 11 + (38 + 14 + 7) / 3,) * 3 + (1 + 1 + 0, 1, 1, 1)),
    ((9, 8, 8, 8, 1, 0, 0), (1 + 9 + 38, *[1 + 8 + (14 + 7 + 0) / 3] * 3, 1 + 1, 1, 1)),
    ((9, 8, 8, 7, 2, 0, 0),
     (1 + 9 + 38, 1 + 8 + (14 + 7) / 2, 1 + 8 + (14 + 7) / 2, 1 + 7 + 0, 1 + 2, 1, 1)),
    # solo: 100 to the soloist, 0 to everyone else
    ((18, 10, 6, 0, 0, 0, 0), (100, 0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize(("centres", "expected"), WORKED)
def test_worked_examples(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert cdiplo.score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_rounded_option_rounds_half_up() -> None:
    params = dataclasses.replace(cdiplo.DEFAULT, round_to=2)
    scores = cdiplo.score(board((11, 11, 11, 1, 0, 0, 0)), params)
    assert scores[:3] == (31.67, 31.67, 31.67)


# Exact ties at the rounding digit, where half-up differs from Python's
# round() (half to even, on the binary value): centres, digits, scores.
HALF_UP = [
    # two tied on 7 share (14 + 7) / 2: 1 + 7 + 10.5 = 18.5 -> 19 (round() gives 18)
    ((9, 7, 7, 6, 3, 2, 0), 0, (1 + 9 + 38, 19, 19, 1 + 6 + 0, 1 + 3, 1 + 2, 1)),
    # four tied on 5 share (14 + 7 + 0 + 0) / 4: 11.25 -> 11.3 (round() gives 11.2)
    ((6, 5, 5, 5, 5, 4, 4), 1, (1 + 6 + 38, 11.3, 11.3, 11.3, 11.3, 1 + 4, 1 + 4)),
]


@pytest.mark.parametrize(("centres", "digits", "expected"), HALF_UP)
def test_rounding_is_half_up_where_round_would_go_to_even(
    centres: tuple[int, ...], digits: int, expected: tuple[float, ...]
) -> None:
    assert round(18.5) == 18 and round(11.25, 1) == 11.2  # what the test guards against
    params = dataclasses.replace(cdiplo.DEFAULT, round_to=digits)
    assert cdiplo.score(board(centres), params) == expected


def test_parameters_change_the_arithmetic() -> None:
    params = cdiplo.Params(solo=75, played=0, positions=(10, 5))
    assert cdiplo.score(board((18, 10, 6, 0, 0, 0, 0)), params)[0] == 75
    assert cdiplo.score(board((17, 5, 4, 3, 3, 2, 0)), params) == (
        0 + 17 + 10, 0 + 5 + 5, 4, 3, 3, 2, 0)


def test_a_lowered_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError) as err:
        cdiplo.score(board((17, 17, 0, 0, 0, 0, 0)), cdiplo.Params(victory_centres=17))
    assert str(err.value) == ("round 1, board 1: two powers reach the victory criterion of "
                              "17 centres: Austria 17 (P1), England 17 (P2)")


@given(finished_games(total=34, solo=False))
def test_a_draw_with_all_34_centres_owned_totals_100(game: object) -> None:
    assert sum(cdiplo.score(game)) == pytest.approx(100, abs=1e-9)  # type: ignore[arg-type]


@given(finished_games(), st.sampled_from([cdiplo.DEFAULT, cdiplo.Params(round_to=1),
                                          cdiplo.Params(solo=75, positions=(10, 5))]))
def test_scoring_the_counts_alone_is_scoring_the_game(game: Game, params: cdiplo.Params) -> None:
    assert cdiplo.score_counts(game.centres, params) == cdiplo.score(game, params)


def test_counts_alone_with_the_victory_criterion_reached_twice_is_an_error() -> None:
    with pytest.raises(InputError) as err:
        cdiplo.score_counts((0, 17, 0, 17, 0, 0, 0), cdiplo.Params(victory_centres=17))
    assert str(err.value) == ("more than one power reaches the victory criterion "
                              "(17 centres): England 17, Germany 17")


@given(st.lists(finished_games(), min_size=1, max_size=6), st.integers(0, 3))
def test_rounding_a_memoised_table_is_rounding_each_score(games: list[Game], digits: int) -> None:
    params = dataclasses.replace(cdiplo.DEFAULT, round_to=digits)
    exact = cdiplo.score_many(games)
    assert cdiplo.score_many(games, params) == [params.finish(s) for s in exact]


# CATALOGUE.md's reference boards (powers A E F G I R T), scored by dipvis;
# board 3 is a concession to Austria, which C-Diplo ignores (a draw here).
REFERENCE = {
    "board 1": (12, 7, 7, 4, 3, 1, 0),
    "board 2": (18, 4, 4, 4, 4, 0, 0),
    "board 3": (15, 10, 9, 0, 0, 0, 0),
}
DIPVIS = {
    # CDiplo 100: 1 for playing + centres + 38/14/7, the tie for 2nd shares (14 + 7) / 2.
    "cdiplo": {
        "board 1": (1 + 12 + 38, *[1 + 7 + (14 + 7) / 2] * 2, 1 + 4, 1 + 3, 1 + 1, 1 + 0),
        "board 2": (100, 0, 0, 0, 0, 0, 0),
        "board 3": (1 + 15 + 38, 1 + 10 + 14, 1 + 9 + 7, 1, 1, 1, 1),
    },
    # CDiplo 80: no point for playing, 25/14/7, a solo 80.
    "cdiplo-80": {
        "board 1": (12 + 25, *[7 + (14 + 7) / 2] * 2, 4, 3, 1, 0),
        "board 2": (80, 0, 0, 0, 0, 0, 0),
        "board 3": (15 + 25, 10 + 14, 9 + 7, 0, 0, 0, 0),
    },
    # C-Diplo Namur: solo 85; centre points by the table 0, 5, 9, 12, 14, 16, 18 for 0-6
    # centres, then 1 more a centre (7 -> 18 + 1, 12 -> 18 + 6); 1 for playing; 38/14/7.
    "cdiplo-namur": {
        "board 1": (1 + (18 + 6) + 38, *[1 + (18 + 1) + (14 + 7) / 2] * 2, 1 + 14, 1 + 12,
                    1 + 5, 1 + 0),
        "board 2": (85, 0, 0, 0, 0, 0, 0),
        "board 3": (1 + (18 + 9) + 38, 1 + (18 + 4) + 14, 1 + (18 + 3) + 7, 1, 1, 1, 1),
    },
}


@pytest.mark.parametrize("system", sorted(DIPVIS))
@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_the_catalogue_s_reference_boards_score_as_dipvis(system: str, name: str) -> None:
    spec = get_system(system)
    scores = spec.score_game(board(REFERENCE[name]), spec.params)
    assert scores == pytest.approx(DIPVIS[system][name], rel=1e-12)


NAMUR = cdiplo.Params(solo=85, centre_points=(0, 5, 9, 12, 14, 16, 18))


def test_the_namur_preset_is_c_diplo_with_a_centre_table() -> None:
    assert get_system("cdiplo-namur").params == NAMUR


# dipvis's table of C-Diplo Namur centre points, 0 to 17 centres.
NAMUR_TABLE = (0, 5, 9, 12, 14, 16, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29)


@pytest.mark.parametrize("centres", range(18))
def test_namur_centre_points_from_7_entries_and_one_a_centre_after(centres: int) -> None:
    assert cdiplo.centre_points(centres, NAMUR.centre_points) == NAMUR_TABLE[centres]


@pytest.mark.parametrize("table", [(), (0,)])
def test_no_table_or_a_table_of_0_is_one_point_a_centre(table: tuple[float, ...]) -> None:
    assert [cdiplo.centre_points(c, table) for c in range(18)] == list(range(18))


def test_a_concession_is_ignored_by_namur_as_by_c_diplo() -> None:
    conceded = board(REFERENCE["board 3"], draw=(True,) + (None,) * 6)
    assert conceded.conceded_to == 0
    assert cdiplo.score(conceded, NAMUR) == cdiplo.score(board(REFERENCE["board 3"]), NAMUR)


def test_a_namur_draw_ranks_by_centres_not_by_centre_points() -> None:
    # four tied on 5 share 2nd-5th: (14 + 7) / 4, each on 16 centre points
    assert cdiplo.score(board((6, 5, 5, 5, 5, 4, 4)), NAMUR) == pytest.approx(
        (1 + 18 + 38, *[1 + 16 + (14 + 7) / 4] * 4, 1 + 14, 1 + 14), rel=1e-12)


@pytest.mark.parametrize("table", [tuple(range(8)), [0, 1], (0, "5")])
def test_the_centre_table_lists_at_most_7_numbers(table: object) -> None:
    with pytest.raises(ParameterError, match="centre_points"):
        cdiplo.Params(centre_points=table)  # type: ignore[arg-type]
