"""World Classic and Summer Classic (dipvis GScoringWorldClassic,
CATALOGUE.md): the catalogue's boards as the rule's arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dipxl.errors import InputError, ParameterError
from dipxl.model import Game
from dipxl.systems import get_system, world_classic
from tests.helpers import board, centre_counts

SUMMER = get_system("summer-classic").params

# CATALOGUE.md's reference boards (powers A E F G I R T).
# Board 1: 12-7-7-4-3-1-0, Turkey out in 1906, final year 1907, no vote.
BOARD_1 = board((12, 7, 7, 4, 3, 1, 0), [None] * 6 + [1906], year=1907)
# Board 2: 18-4-4-4-4-0-0, Russia out 1905, Turkey out 1906, final year 1907.
BOARD_2 = board((18, 4, 4, 4, 4, 0, 0), [None] * 5 + [1905, 1906], year=1907)
# Board 3: 15-10-9-0-0-0-0, G/I/R/T out 1904/1905/1907/1908, final year 1909,
# conceded to Austria (alone in the passed vote) in 1910.
BOARD_3 = board((15, 10, 9, 0, 0, 0, 0), [None] * 3 + [1904, 1905, 1907, 1908],
                [True] + [None] * 6, year=1909)

# board | scores as dipvis gives them, World and Summer Classic alike
REFERENCE = [
    # 10 a centre + 30, the sole topper the whole pool of 48; Turkey 1906 - 1901
    (BOARD_1, (10 * 12 + 30 + 48, 10 * 7 + 30, 10 * 7 + 30, 10 * 4 + 30, 10 * 3 + 30,
               10 * 1 + 30, 1906 - 1901)),
    # a solo: 420, the surviving losers 1907 - 1901, the dead their year - 1901
    (BOARD_2, (420, *[1907 - 1901] * 4, 1905 - 1901, 1906 - 1901)),
    # a concession is a solo, the survivors counting to the vote's year 1910
    (BOARD_3, (420, 1910 - 1901, 1910 - 1901, 1904 - 1901, 1905 - 1901, 1907 - 1901,
               1908 - 1901)),
]


@pytest.mark.parametrize("params", [world_classic.DEFAULT, SUMMER], ids=["world", "summer"])
@pytest.mark.parametrize(("game", "expected"), REFERENCE)
def test_the_catalogue_s_reference_boards_score_as_dipvis(
    params: world_classic.Params, game: Game, expected: tuple[float, ...]
) -> None:
    assert world_classic.score(game, params) == pytest.approx(expected, rel=1e-12)


# centres (all seven survive) | World Classic's topping bonus | Summer Classic's
TOPS = [
    ((13, 13, 4, 1, 1, 1, 1), 48 / 2, 48 / 2),
    ((8, 8, 8, 4, 3, 2, 1), 48 / 3, 0),
    ((6, 6, 6, 6, 5, 4, 1), 48 / 4, 0),
]


@pytest.mark.parametrize(("counts", "world", "summer"), TOPS)
def test_toppers_share_the_pool_summer_classic_only_one_or_two(
    counts: tuple[int, ...], world: float, summer: float
) -> None:
    game = board(counts)
    top = max(counts)
    for params, bonus in ((world_classic.DEFAULT, world), (SUMMER, summer)):
        assert world_classic.score(game, params) == pytest.approx(
            [10 * c + 30 + (bonus if c == top else 0) for c in counts], rel=1e-12)


def test_the_dead_score_their_years_in_a_solo_as_in_a_draw() -> None:
    years = [None, None, 1903, 1905, 1907, 1909, 1910]
    drawn = world_classic.score(board((17, 10, 0, 0, 0, 0, 0), years))
    soloed = world_classic.score(board((27, 1, 0, 0, 0, 0, 0), years, year=1911))
    assert drawn[2:] == soloed[2:] == (1903 - 1901, 1905 - 1901, 1907 - 1901, 1909 - 1901,
                                       1910 - 1901)
    assert soloed[:2] == (420, 1911 - 1901)


def test_a_lone_survivor_below_18_is_a_draw_of_one() -> None:
    game = board((17, 0, 0, 0, 0, 0, 0), [None, 1903, 1904, 1905, 1906, 1907, 1908])
    assert world_classic.score(game) == (10 * 17 + 30 + 48, *[y - 1901 for y in range(1903, 1909)])


def test_a_won_game_with_surviving_losers_needs_the_final_year() -> None:
    for counts, flags in (((18, 4, 4, 4, 4, 0, 0), [None] * 7),
                          ((15, 10, 9, 0, 0, 0, 0), [True] + [None] * 6)):
        game = board(counts, [None if c else 1905 for c in counts], flags)
        with pytest.raises(InputError) as err:
            world_classic.score(game)
        assert err.value.field == "year"


@pytest.mark.parametrize("counts", [(12, 7, 7, 4, 3, 1, 0), (18, 4, 4, 4, 4, 0, 0)])
def test_an_eliminated_power_without_its_year_is_an_error(counts: tuple[int, ...]) -> None:
    with pytest.raises(InputError) as err:
        world_classic.score(board(counts, year=1907))
    assert err.value.field == "eliminated"


def test_top_sharers_is_at_least_one() -> None:
    with pytest.raises(ParameterError):
        world_classic.Params(top_sharers=0)


@st.composite
def drawn_games(draw: st.DrawFn) -> Game:
    """A drawn game, every eliminated power with its year."""
    counts = draw(centre_counts(solo=False))
    years = [draw(st.integers(1901, 1910)) if c == 0 else None for c in counts]
    return board(counts, years, year=1910)


@given(drawn_games())
def test_survivors_of_a_draw_total_centres_30_each_and_the_pool(game: Game) -> None:
    counts = game.centres
    survivors = [s for s, c in zip(world_classic.score(game), counts, strict=True) if c]
    alive = 7 - counts.count(0)
    assert sum(survivors) == pytest.approx(10 * sum(counts) + 30 * alive + 48, rel=1e-12)
