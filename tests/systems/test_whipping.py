"""Whipping (dipvis GScoringWhipping, CATALOGUE.md): the catalogue's boards
as the rule's arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import whipping
from tests.helpers import board, centre_counts

# CATALOGUE.md's reference boards (powers A E F G I R T).
# Board 1: 12-7-7-4-3-1-0, Turkey out in 1906, final year 1907, no vote.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
# Board 2: 18-4-4-4-4-0-0, Russia out 1905, Turkey out 1906, final year 1907.
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
# Board 3: 15-10-9-0-0-0-0, G/I/R/T out 1904/1905/1907/1908, final year 1909,
# conceded to Austria: Whipping ignores concessions (a draw of three).
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                [True] + [None] * 6, year=1909)

# board | scores as dipvis gives them
REFERENCE = [
    # 10 a centre + 60 / 6 survivors, the sole topper + 2 x 12; Turkey 1906 - 1900
    (BOARD_1, (10 * 12 + 60 / 6 + 2 * 12, 10 * 7 + 60 / 6, 10 * 7 + 60 / 6, 10 * 4 + 60 / 6,
               10 * 3 + 60 / 6, 10 * 1 + 60 / 6, 1906 - 1900)),
    # a solo: 468, the surviving losers the final year 1907 - 1900
    (BOARD_2, (468, *[1907 - 1900] * 4, 1905 - 1900, 1906 - 1900)),
    # the concession ignored: 60 / 3 survivors, Austria tops alone
    (BOARD_3, (10 * 15 + 60 / 3 + 2 * 15, 10 * 10 + 60 / 3, 10 * 9 + 60 / 3, 1904 - 1900,
               1905 - 1900, 1907 - 1900, 1908 - 1900)),
]


@pytest.mark.parametrize(("game", "expected"), REFERENCE)
def test_the_catalogue_s_reference_boards_score_as_dipvis(
    game: Game, expected: tuple[float, ...]
) -> None:
    assert whipping.score(game) == pytest.approx(expected, rel=1e-12)


def test_a_shared_top_earns_no_bonus() -> None:
    game = board((13, 13, 4, 1, 1, 1, 1))
    assert whipping.score(game) == pytest.approx(
        [10 * c + 60 / 7 for c in (13, 13, 4, 1, 1, 1, 1)], rel=1e-12)


def test_the_survivors_share_60_whatever_the_draw_vote() -> None:
    flags = [True, True, None, None, None, None, None]
    voted = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], flags, year=1907)
    assert whipping.score(voted) == whipping.score(BOARD_1)


def test_a_lone_survivor_below_18_is_a_draw_of_one() -> None:
    game = board((17, 0, 0, 0, 0, 0, 0), [None, 1903, 1904, 1905, 1906, 1907, 1908])
    assert whipping.score(game) == (10 * 17 + 60 / 1 + 2 * 17,
                                    *[y - 1900 for y in range(1903, 1909)])


def test_a_solo_with_no_surviving_loser_needs_no_final_year() -> None:
    game = board((18, 0, 0, 0, 0, 0, 0), [None, 1903, 1904, 1905, 1906, 1907, 1908])
    assert whipping.score(game) == (468, *[y - 1900 for y in range(1903, 1909)])


def test_a_solo_with_surviving_losers_needs_the_final_year() -> None:
    with pytest.raises(InputError) as err:
        whipping.score(board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906]))
    assert err.value.field == "year"


def test_a_concession_needs_no_final_year() -> None:
    game = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                 [True] + [None] * 6)
    assert whipping.score(game) == whipping.score(BOARD_3)


@pytest.mark.parametrize("counts", [(12, 7, 7, 4, 3, 1, 0), (18, 4, 4, 4, 4, 0, 0)])
def test_an_eliminated_power_without_its_year_is_an_error(counts: tuple[int, ...]) -> None:
    with pytest.raises(InputError) as err:
        whipping.score(board(counts, year=1907))
    assert err.value.field == "eliminated"


@st.composite
def drawn_games(draw: st.DrawFn) -> Game:
    """A drawn game, every eliminated power with its year."""
    counts = draw(centre_counts(solo=False))
    years = [draw(st.integers(1901, 1910)) if c == 0 else None for c in counts]
    return board(counts, years, year=1910)


@given(drawn_games())
def test_survivors_of_a_draw_total_centres_60_and_a_sole_top(game: Game) -> None:
    counts = game.centres
    top = max(counts)
    bonus = 2 * top if counts.count(top) == 1 else 0
    survivors = [s for s, c in zip(whipping.score(game), counts, strict=True) if c]
    assert sum(survivors) == pytest.approx(10 * sum(counts) + 60 + bonus, rel=1e-12)
