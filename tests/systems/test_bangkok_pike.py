"""Bangkok Pike (dipvis GScoringBangkokPike, CATALOGUE.md): the three
reference boards as the rule's arithmetic, the top bonuses, concessions
(the survivors score by the vote year), the years the rule needs."""

from __future__ import annotations

import pytest
from hypothesis import given

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import bangkok_pike
from tests.helpers import board, finished_games

Y = True
score = bangkok_pike.score

BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                [Y] + [None] * 6, year=1909)


def test_board_1_a_lone_topper_with_nobody_one_or_two_behind_gets_6_4_and_2() -> None:
    assert score(BOARD_1) == pytest.approx(
        (12 + 6 + 4 + 2 + 3, 7 + 3, 7 + 3, 4 + 3, 3 + 3, 1 + 3, 0.1 * (1906 - 1900)), rel=1e-12)


def test_board_2_the_losers_of_a_solo_score_the_years_they_played() -> None:
    assert score(BOARD_2) == pytest.approx(
        (60, *[0.1 * (1907 - 1900)] * 4, 0.1 * (1905 - 1900), 0.1 * (1906 - 1900)), rel=1e-12)


def test_board_3_after_a_concession_survivors_count_the_vote_year() -> None:
    assert BOARD_3.vote_year == 1910
    assert score(BOARD_3) == pytest.approx(
        (60, 0.1 * (1910 - 1900), 0.1 * (1910 - 1900), 0.1 * (1904 - 1900),
         0.1 * (1905 - 1900), 0.1 * (1907 - 1900), 0.1 * (1908 - 1900)), rel=1e-12)


# centres | scores (every power alive: + 3 each): the top bonuses
DRAWS = [
    # someone one behind: the lone topper gets 6 only; 4 to the one behind, 2 two behind
    ((10, 9, 8, 4, 1, 1, 1), (10 + 6 + 3, 9 + 4 + 3, 8 + 2 + 3, 4 + 3, 1 + 3, 1 + 3, 1 + 3)),
    # nobody one behind but someone two behind: 6 + 4
    ((10, 8, 8, 4, 2, 1, 1), (10 + 6 + 4 + 3, 8 + 2 + 3, 8 + 2 + 3, 4 + 3, 2 + 3, 1 + 3, 1 + 3)),
    # a shared top: 4 each, and 4 to those one behind
    ((9, 9, 8, 4, 2, 1, 1), (9 + 4 + 3, 9 + 4 + 3, 8 + 4 + 3, 4 + 3, 2 + 3, 1 + 3, 1 + 3)),
]


@pytest.mark.parametrize(("centres", "expected"), DRAWS)
def test_top_bonuses(centres: tuple[int, ...], expected: tuple[float, ...]) -> None:
    assert score(board(centres)) == pytest.approx(expected, rel=1e-12)


def test_a_drawn_board_needs_elimination_years_but_no_final_year() -> None:
    assert score(board(BOARD_1.centres, list(BOARD_1.years))) == score(BOARD_1)
    with pytest.raises(InputError) as err:
        score(board(BOARD_1.centres))
    assert err.value.field == "eliminated"


def test_a_won_board_with_surviving_losers_needs_the_final_year() -> None:
    with pytest.raises(InputError) as err:
        score(board(BOARD_2.centres, list(BOARD_2.years)))
    assert err.value.field == "year"
    assert "type it in the Year column" in str(err.value)


def test_a_solo_with_every_loser_eliminated_needs_no_final_year() -> None:
    years = [None, 1905, 1906, 1907, 1908, 1909, 1910]
    assert score(board((34, 0, 0, 0, 0, 0, 0), years)) == pytest.approx(
        (60, *[0.1 * (y - 1900) for y in years[1:]]), rel=1e-12)  # type: ignore[operator]


@given(finished_games(complete=True))
def test_a_loser_of_a_won_game_scores_at_most_a_tenth_a_year(game: Game) -> None:
    winner = game.soloer()
    scores = score(game)
    if winner is None:
        return
    assert scores[winner] == 60
    assert all(0 < s <= 0.1 * (1916 - 1900) + 1e-9 for i, s in enumerate(scores) if i != winner)
