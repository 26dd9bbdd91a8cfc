"""ManorCon, Original ManorCon and ManorCon v2 (dipvis GScoringManorCon,
CATALOGUE.md): the catalogue's boards as the rule's arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError
from dipxl.model import Game
from dipxl.systems import get_system, manorcon
from tests.helpers import board, centre_counts

ORIGINAL = get_system("manorcon-original").params
V2 = get_system("manorcon-v2").params

# CATALOGUE.md's reference boards (powers A E F G I R T).
# Board 1: 12-7-7-4-3-1-0, Turkey out in 1906, final year 1907, no vote.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
# Board 2: 18-4-4-4-4-0-0, Russia out 1905, Turkey out 1906, final year 1907.
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
# Board 3: 15-10-9-0-0-0-0, G/I/R/T out 1904/1905/1907/1908, final year 1909,
# conceded to Austria (alone in the passed vote) in 1910.
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                [True] + [None] * 6, year=1909)

# N = c*c + 4c + 16 of board 1's survivors: 12, 7, 7, 4, 3, 1.
N_12, N_7, N_4, N_3, N_1 = 144 + 48 + 16, 49 + 28 + 16, 16 + 16 + 16, 9 + 12 + 16, 1 + 4 + 16
SURVIVORS_1 = N_12 + 2 * N_7 + N_4 + N_3 + N_1


def draw_1(total: float) -> tuple[float, ...]:
    """Board 1's survivors 100 x N / total; Turkey 0.1 x (1906 - 1901)."""
    return (*(100 * n / total for n in (N_12, N_7, N_7, N_4, N_3, N_1)), 0.1 * (1906 - 1901))


# params | board | scores as dipvis gives them (CATALOGUE.md's table)
REFERENCE = [
    # ManorCon and Original: the eliminated Turkey counts N = 16 in the sum.
    (manorcon.DEFAULT, BOARD_1, draw_1(SURVIVORS_1 + 16)),
    (ORIGINAL, BOARD_1, draw_1(SURVIVORS_1 + 16)),
    # v2: only the survivors count (41.6, 18.6, ...).
    (V2, BOARD_1, draw_1(SURVIVORS_1)),
    # a solo: 75 (100), the losers 0.1 a year survived, to 1907 or their elimination.
    (manorcon.DEFAULT, BOARD_2,
     (75, *[0.1 * (1907 - 1901)] * 4, 0.1 * (1905 - 1901), 0.1 * (1906 - 1901))),
    (ORIGINAL, BOARD_2,
     (100, *[0.1 * (1907 - 1901)] * 4, 0.1 * (1905 - 1901), 0.1 * (1906 - 1901))),
    (V2, BOARD_2,
     (100, *[0.1 * (1907 - 1901)] * 4, 0.1 * (1905 - 1901), 0.1 * (1906 - 1901))),
    # a concession is a solo, the survivors counting to the vote's year 1910.
    *[(params, BOARD_3,
       (solo, 0.1 * (1910 - 1901), 0.1 * (1910 - 1901), 0.1 * (1904 - 1901),
        0.1 * (1905 - 1901), 0.1 * (1907 - 1901), 0.1 * (1908 - 1901)))
      for params, solo in ((manorcon.DEFAULT, 75), (ORIGINAL, 100), (V2, 100))],
]


@pytest.mark.parametrize(("params", "game", "expected"), REFERENCE)
def test_the_catalogue_s_reference_boards_score_as_dipvis(
    params: manorcon.Params, game: Game, expected: tuple[float, ...]
) -> None:
    assert manorcon.score(game, params) == pytest.approx(expected, rel=1e-12)


def test_the_catalogue_s_rounded_figures() -> None:
    assert [round(s, 3) for s in manorcon.score(BOARD_1)] == [
        40.310, 18.023, 18.023, 9.302, 7.171, 4.070, 0.5]
    assert [round(s, 1) for s in manorcon.score(BOARD_1, V2)] == [
        41.6, 18.6, 18.6, 9.6, 7.4, 4.2, 0.5]


def test_a_lone_survivor_below_18_is_a_draw_of_one() -> None:
    game = board((17, 0, 0, 0, 0, 0, 0), [None, 1903, 1904, 1905, 1906, 1907, 1908])
    dead = tuple(0.1 * (y - 1901) for y in range(1903, 1909))
    assert manorcon.score(game) == pytest.approx(
        (100 * (289 + 68 + 16) / (289 + 68 + 16 + 6 * 16), *dead), rel=1e-12)
    assert manorcon.score(game, V2) == pytest.approx((100, *dead), rel=1e-12)


def test_a_solo_with_no_surviving_loser_needs_no_final_year() -> None:
    game = board((18, 0, 0, 0, 0, 0, 0), [None, 1903, 1904, 1905, 1906, 1907, 1908])
    assert manorcon.score(game) == pytest.approx(
        (75, *[0.1 * (y - 1901) for y in range(1903, 1909)]), rel=1e-12)


def test_a_draw_needs_no_final_year() -> None:
    game = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906])
    assert manorcon.score(game) == manorcon.score(BOARD_1)


def test_a_won_game_with_surviving_losers_needs_the_final_year() -> None:
    for counts, flags in (((18, 4, 4, 4, 4, 0, 0), [None] * 7),
                          ((15, 10, 9, 0, 0, 0, 0), [True] + [None] * 6)):
        game = board(counts, [None if c else 1905 for c in counts], flags)
        with pytest.raises(InputError) as err:
            manorcon.score(game)
        assert err.value.field == "year"


@pytest.mark.parametrize("counts", [(12, 7, 7, 4, 3, 1, 0), (18, 4, 4, 4, 4, 0, 0)])
def test_an_eliminated_power_without_its_year_is_an_error(counts: tuple[int, ...]) -> None:
    with pytest.raises(InputError) as err:
        manorcon.score(board(counts, year=1907))
    assert err.value.field == "eliminated"
    assert "Turkey" in str(err.value)


def test_a_draw_vote_of_several_is_not_read() -> None:
    flags = [True, True, None, None, None, None, None]
    assert manorcon.score(board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], flags)) == (
        manorcon.score(BOARD_1))


def test_parameters_change_the_arithmetic() -> None:
    params = manorcon.Params(solo=50, year_points=1, dead_n=4, round_to=2)
    assert manorcon.score(BOARD_2, params) == (50, 6, 6, 6, 6, 4, 5)
    assert manorcon.score(BOARD_1, params)[0] == round(100 * N_12 / (SURVIVORS_1 + 4), 2)


@st.composite
def drawn_games(draw: st.DrawFn) -> Game:
    """A drawn game, every eliminated power with its year."""
    counts = draw(centre_counts(solo=False))
    years = [draw(st.integers(1901, 1910)) if c == 0 else None for c in counts]
    return board(counts, years, year=1910)


@given(drawn_games())
def test_v2_survivors_of_a_draw_total_100(game: Game) -> None:
    survivors = [s for s, c in zip(manorcon.score(game, V2), game.centres, strict=True) if c]
    assert sum(survivors) == pytest.approx(100, rel=1e-12)


@given(drawn_games())
def test_each_eliminated_power_takes_16_from_the_survivors(game: Game) -> None:
    n = [c * c + 4 * c + 16 for c in game.centres if c]
    survivors = [s for s, c in zip(manorcon.score(game), game.centres, strict=True) if c]
    assert sum(survivors) == pytest.approx(100 * sum(n) / (sum(n) + 16 * game.centres.count(0)),
                                           rel=1e-12)


@given(drawn_games())
def test_more_centres_score_more_in_a_draw(game: Game) -> None:
    by_centres = sorted((c, s) for c, s in zip(game.centres, manorcon.score(game), strict=True)
                        if c)
    assert [s for _, s in by_centres] == sorted(s for _, s in by_centres)
